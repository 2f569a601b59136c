#include "textflag.h"

// func countPiecesAVX2(tab *uint64, offs *int, nc, pieces, pieceWords int) int
//
// For each of pieces pieces of 8-word groups, pieceWords words apart from tab: AND the
// groups at word offsets offs[0..nc) and add up the bits left.
TEXT ·countPiecesAVX2(SB), NOSPLIT, $0-48
	MOVQ tab+0(FP), SI
	MOVQ offs+8(FP), DI
	MOVQ nc+16(FP), CX
	MOVQ pieces+24(FP), DX
	MOVQ pieceWords+32(FP), R8
	SHLQ $3, R8 // bytes per piece
	XORQ AX, AX // the total
	VPCMPEQQ Y15, Y15, Y15 // all ones

piece:
	TESTQ DX, DX
	JZ    done
	VMOVDQU Y15, Y0
	VMOVDQU Y15, Y1
	XORQ  R9, R9

chunk:
	CMPQ  R9, CX
	JGE   count
	MOVQ  (DI)(R9*8), R10
	VPAND (SI)(R10*8), Y0, Y0
	VPAND 32(SI)(R10*8), Y1, Y1
	INCQ  R9
	JMP   chunk

count:
	VMOVQ        X0, R11
	POPCNTQ      R11, R11
	ADDQ         R11, AX
	VPEXTRQ      $1, X0, R11
	POPCNTQ      R11, R11
	ADDQ         R11, AX
	VEXTRACTI128 $1, Y0, X2
	VMOVQ        X2, R11
	POPCNTQ      R11, R11
	ADDQ         R11, AX
	VPEXTRQ      $1, X2, R11
	POPCNTQ      R11, R11
	ADDQ         R11, AX
	VMOVQ        X1, R11
	POPCNTQ      R11, R11
	ADDQ         R11, AX
	VPEXTRQ      $1, X1, R11
	POPCNTQ      R11, R11
	ADDQ         R11, AX
	VEXTRACTI128 $1, Y1, X3
	VMOVQ        X3, R11
	POPCNTQ      R11, R11
	ADDQ         R11, AX
	VPEXTRQ      $1, X3, R11
	POPCNTQ      R11, R11
	ADDQ         R11, AX
	ADDQ         R8, SI
	DECQ         DX
	JMP          piece

done:
	VZEROUPPER
	MOVQ AX, ret+40(FP)
	RET

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

// func countPiecesAVX512(tab *uint64, offs *int, nc, pieces, pieceWords int) int
//
// countPiecesAVX2 with one ZMM AND a chunk and VPOPCNTQ.
TEXT ·countPiecesAVX512(SB), NOSPLIT, $0-48
	MOVQ       tab+0(FP), SI
	MOVQ       offs+8(FP), DI
	MOVQ       nc+16(FP), CX
	MOVQ       pieces+24(FP), DX
	MOVQ       pieceWords+32(FP), R8
	SHLQ       $3, R8 // bytes per piece
	VPXORQ     Z2, Z2, Z2 // the counts, word by word
	VPTERNLOGQ $0xff, Z3, Z3, Z3 // all ones

zpiece:
	TESTQ     DX, DX
	JZ        zdone
	VMOVDQU64 Z3, Z0
	XORQ      R9, R9

zchunk:
	CMPQ   R9, CX
	JGE    zcount
	MOVQ   (DI)(R9*8), R10
	VPANDQ (SI)(R10*8), Z0, Z0
	INCQ   R9
	JMP    zchunk

zcount:
	VPOPCNTQ Z0, Z1
	VPADDQ   Z1, Z2, Z2
	ADDQ     R8, SI
	DECQ     DX
	JMP      zpiece

zdone:
	VEXTRACTI64X4 $1, Z2, Y1
	VPADDQ        Y1, Y2, Y2
	VEXTRACTI128  $1, Y2, X1
	VPADDQ        X1, X2, X2
	VMOVQ         X2, AX
	VPEXTRQ       $1, X2, BX
	ADDQ          BX, AX
	VZEROUPPER
	MOVQ          AX, ret+40(FP)
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

// func countManyAVX512(tab *uint64, offs *int, counts *int, nprobes, nc, pieces, pieceWords int)
//
// countPiecesAVX512 for nprobes probes at once, whose offsets follow each other in offs (nc
// each): counts[i] receives the count of probe i.
TEXT ·countManyAVX512(SB), NOSPLIT, $0-56
	MOVQ       tab+0(FP), SI
	MOVQ       offs+8(FP), DI
	MOVQ       counts+16(FP), R12
	MOVQ       nprobes+24(FP), R13
	MOVQ       nc+32(FP), CX
	MOVQ       pieces+40(FP), R14
	MOVQ       pieceWords+48(FP), R15
	SHLQ       $3, R15 // bytes per piece
	VPTERNLOGQ $0xff, Z3, Z3, Z3 // all ones

mprobe:
	TESTQ  R13, R13
	JZ     mdone
	MOVQ   SI, R8
	MOVQ   R14, DX
	VPXORQ Z2, Z2, Z2

mpiece:
	TESTQ     DX, DX
	JZ        mreduce
	VMOVDQU64 Z3, Z0
	XORQ      R9, R9

mchunk:
	CMPQ   R9, CX
	JGE    mcount
	MOVQ   (DI)(R9*8), R10
	VPANDQ (R8)(R10*8), Z0, Z0
	INCQ   R9
	JMP    mchunk

mcount:
	VPOPCNTQ Z0, Z1
	VPADDQ   Z1, Z2, Z2
	ADDQ     R15, R8
	DECQ     DX
	JMP      mpiece

mreduce:
	VEXTRACTI64X4 $1, Z2, Y1
	VPADDQ        Y1, Y2, Y2
	VEXTRACTI128  $1, Y2, X1
	VPADDQ        X1, X2, X2
	VMOVQ         X2, AX
	VPEXTRQ       $1, X2, R10
	ADDQ          R10, AX
	MOVQ          AX, (R12)
	ADDQ          $8, R12
	LEAQ          (DI)(CX*8), DI
	DECQ          R13
	JMP           mprobe

mdone:
	VZEROUPPER
	RET
