#include "textflag.h"

// func hasAVX2() bool
TEXT ·hasAVX2(SB), NOSPLIT, $0-1
	MOVL $1, AX
	XORL CX, CX
	CPUID
	ANDL $0x18800000, CX // OSXSAVE, AVX, POPCNT
	CMPL CX, $0x18800000
	JNE  no
	XORL CX, CX
	XGETBV
	ANDL $6, AX // the OS saves the XMM and YMM registers
	CMPL AX, $6
	JNE  no
	MOVL $7, AX
	XORL CX, CX
	CPUID
	BTL  $5, BX // AVX2
	JCC  no
	MOVB $1, ret+0(FP)
	RET

no:
	MOVB $0, ret+0(FP)
	RET

// func hasAVX512() bool: AVX-512 F and VPOPCNTDQ, with the ZMM state saved by the OS.
TEXT ·hasAVX512(SB), NOSPLIT, $0-1
	MOVL $1, AX
	XORL CX, CX
	CPUID
	BTL  $27, CX // OSXSAVE
	JCC  zno
	XORL CX, CX
	XGETBV
	ANDL $0xe6, AX // XMM, YMM, opmask, ZMM halves
	CMPL AX, $0xe6
	JNE  zno
	MOVL $7, AX
	XORL CX, CX
	CPUID
	BTL  $16, BX // AVX512F
	JCC  zno
	BTL  $14, CX // AVX512_VPOPCNTDQ
	JCC  zno
	MOVB $1, ret+0(FP)
	RET

zno:
	MOVB $0, ret+0(FP)
	RET

// func joinAVX512(tab *uint64, probes *uint64, nprobes, pieces, pieceBytes, nc, c int) int
//
// The sum over the pieces (pieceBytes apart from tab, each nc chunks of 2^c groups of 8
// words) and the probes of the bits left in the AND of the groups that the probe's chunks
// pick: the number of stored keys disjoint from each probe, added up. Piece by piece, so
// that one piece stays in the L1 cache while every probe goes through it.
TEXT ·joinAVX512(SB), NOSPLIT, $0-64
	MOVQ       tab+0(FP), SI
	MOVQ       pieces+24(FP), DX
	MOVQ       c+48(FP), CX
	MOVQ       $1, R11
	SHLQ       CX, R11
	MOVQ       R11, R12
	SHLQ       $6, R12 // bytes per chunk: 2^c groups of 64 bytes
	DECQ       R11 // the chunk mask
	VPXORQ     Z2, Z2, Z2 // the counts, word by word
	VPTERNLOGQ $0xff, Z3, Z3, Z3 // all ones
	CMPQ       nprobes+16(FP), $0
	JEQ        jdone
	TESTQ      DX, DX
	JZ         jdone

jpiece:
	MOVQ probes+8(FP), BX
	MOVQ nprobes+16(FP), R14
	CMPQ R14, $2
	JLT  jone

	// Two probes at a time (AX and R13), sharing the chunk loop's counting.
jpair:
	MOVQ      (BX), AX
	MOVQ      8(BX), R13
	MOVQ      SI, R10
	MOVQ      nc+40(FP), R15
	VMOVDQA64 Z3, Z0
	VMOVDQA64 Z3, Z4

jchunk2:
	MOVQ   AX, R8
	ANDQ   R11, R8
	SHLQ   $6, R8
	VPANDQ (R10)(R8*1), Z0, Z0
	MOVQ   R13, DI
	ANDQ   R11, DI
	SHLQ   $6, DI
	VPANDQ (R10)(DI*1), Z4, Z4
	SHRQ   CX, AX
	SHRQ   CX, R13
	ADDQ   R12, R10
	DECQ   R15
	JNZ    jchunk2
	VPOPCNTQ Z0, Z1
	VPADDQ   Z1, Z2, Z2
	VPOPCNTQ Z4, Z5
	VPADDQ   Z5, Z2, Z2
	ADDQ     $16, BX
	SUBQ     $2, R14
	CMPQ     R14, $2
	JGE      jpair

jone:
	TESTQ     R14, R14
	JZ        jnext
	MOVQ      (BX), AX
	MOVQ      SI, R10
	MOVQ      nc+40(FP), R15
	VMOVDQA64 Z3, Z0

jchunk:
	MOVQ   AX, R8
	ANDQ   R11, R8
	SHLQ   $6, R8
	VPANDQ (R10)(R8*1), Z0, Z0
	SHRQ   CX, AX
	ADDQ   R12, R10
	DECQ   R15
	JNZ    jchunk
	VPOPCNTQ Z0, Z1
	VPADDQ   Z1, Z2, Z2

jnext:
	ADDQ pieceBytes+32(FP), SI
	DECQ DX
	JNZ  jpiece

jdone:
	VEXTRACTI64X4 $1, Z2, Y1
	VPADDQ        Y1, Y2, Y2
	VEXTRACTI128  $1, Y2, X1
	VPADDQ        X1, X2, X2
	VMOVQ         X2, AX
	VPEXTRQ       $1, X2, BX
	ADDQ          BX, AX
	VZEROUPPER
	MOVQ          AX, ret+56(FP)
	RET

// func joinAVX2(tab *uint64, probes *uint64, nprobes, pieces, pieceBytes, nc, c int) int
//
// joinAVX512 with two YMM ANDs a chunk and scalar popcounts.
TEXT ·joinAVX2(SB), NOSPLIT, $0-64
	MOVQ     tab+0(FP), SI
	MOVQ     pieces+24(FP), DX
	MOVQ     c+48(FP), CX
	MOVQ     $1, R11
	SHLQ     CX, R11
	MOVQ     R11, R12
	SHLQ     $6, R12 // bytes per chunk
	DECQ     R11 // the chunk mask
	XORQ     DI, DI // the total
	VPCMPEQQ Y15, Y15, Y15 // all ones
	CMPQ     nprobes+16(FP), $0
	JEQ      ydone
	TESTQ    DX, DX
	JZ       ydone

ypiece:
	MOVQ probes+8(FP), BX
	MOVQ nprobes+16(FP), R14

yprobe:
	MOVQ    (BX), AX
	MOVQ    SI, R10
	MOVQ    nc+40(FP), R15
	VMOVDQU Y15, Y0
	VMOVDQU Y15, Y1

ychunk:
	MOVQ  AX, R8
	ANDQ  R11, R8
	SHLQ  $6, R8
	ADDQ  R10, R8
	VPAND (R8), Y0, Y0
	VPAND 32(R8), Y1, Y1
	SHRQ  CX, AX
	ADDQ  R12, R10
	DECQ  R15
	JNZ   ychunk
	VMOVQ        X0, R8
	POPCNTQ      R8, R8
	ADDQ         R8, DI
	VPEXTRQ      $1, X0, R8
	POPCNTQ      R8, R8
	ADDQ         R8, DI
	VEXTRACTI128 $1, Y0, X2
	VMOVQ        X2, R8
	POPCNTQ      R8, R8
	ADDQ         R8, DI
	VPEXTRQ      $1, X2, R8
	POPCNTQ      R8, R8
	ADDQ         R8, DI
	VMOVQ        X1, R8
	POPCNTQ      R8, R8
	ADDQ         R8, DI
	VPEXTRQ      $1, X1, R8
	POPCNTQ      R8, R8
	ADDQ         R8, DI
	VEXTRACTI128 $1, Y1, X3
	VMOVQ        X3, R8
	POPCNTQ      R8, R8
	ADDQ         R8, DI
	VPEXTRQ      $1, X3, R8
	POPCNTQ      R8, R8
	ADDQ         R8, DI
	ADDQ         $8, BX
	DECQ         R14
	JNZ          yprobe
	ADDQ         pieceBytes+32(FP), SI
	DECQ         DX
	JNZ          ypiece

ydone:
	VZEROUPPER
	MOVQ DI, ret+56(FP)
	RET

// func buildRowsAVX512(row *uint64, cols *uint64, c int)
//
// Fills the groups 1..2^c-1 of one chunk of a piece from its group 0 (row[0..8)), each
// 8 words: group s|2^t, s < 2^t, is group s less the keys holding bit t, whose 8-word mask
// is cols[8t..8t+8).
TEXT ·buildRowsAVX512(SB), NOSPLIT, $0-24
	MOVQ row+0(FP), DI
	MOVQ cols+8(FP), SI
	MOVQ c+16(FP), CX
	MOVQ $64, DX // bytes of the 2^t groups made so far

bbit:
	TESTQ     CX, CX
	JZ        bdone
	VMOVDQU64 (SI), Z1
	XORQ      R8, R8
	LEAQ      (DI)(DX*1), R9 // where group 2^t goes

bsub:
	VMOVDQU64 (DI)(R8*1), Z0
	VPANDNQ   Z0, Z1, Z0
	VMOVDQU64 Z0, (R9)(R8*1)
	ADDQ      $64, R8
	CMPQ      R8, DX
	JLT       bsub
	SHLQ      $1, DX
	ADDQ      $64, SI
	DECQ      CX
	JMP       bbit

bdone:
	VZEROUPPER
	RET

// func buildRowsAVX2(row *uint64, cols *uint64, c int)
//
// buildRowsAVX512 with AVX2: each 8-word group in two 4-word halves.
TEXT ·buildRowsAVX2(SB), NOSPLIT, $0-24
	MOVQ row+0(FP), DI
	MOVQ cols+8(FP), SI
	MOVQ c+16(FP), CX
	MOVQ $64, DX // bytes of the 2^t groups made so far

abit:
	TESTQ   CX, CX
	JZ      adone
	VMOVDQU (SI), Y2
	VMOVDQU 32(SI), Y3
	XORQ    R8, R8
	LEAQ    (DI)(DX*1), R9 // where group 2^t goes

asub:
	VMOVDQU (DI)(R8*1), Y0
	VMOVDQU 32(DI)(R8*1), Y1
	VPANDN  Y0, Y2, Y0
	VPANDN  Y1, Y3, Y1
	VMOVDQU Y0, (R9)(R8*1)
	VMOVDQU Y1, 32(R9)(R8*1)
	ADDQ    $64, R8
	CMPQ    R8, DX
	JLT     asub
	SHLQ    $1, DX
	ADDQ    $64, SI
	DECQ    CX
	JMP     abit

adone:
	VZEROUPPER
	RET
