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
