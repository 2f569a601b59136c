//go:build amd64 && !purego

#include "textflag.h"

// func cpuPOPCNT() bool
TEXT ·cpuPOPCNT(SB), NOSPLIT, $0-1
	MOVL $1, AX
	XORL CX, CX
	CPUID
	SHRL $23, CX // CPUID.1:ECX bit 23: POPCNT
	ANDL $1, CX
	MOVB CX, ret+0(FP)
	RET

// func minCount(act *uint64, nact int, mask *uint64, a *[4]uint64, n int) (best, score int32)
//
// Registers: SI the next word of act, DX 64 times its index, BX the items left in the
// word; DI mask; R8-R11 the four words of a; R12 the least count so far (score), R13
// the count of the item at hand, AX 4 times its number, CX scratch. best is kept in its
// result slot, the end of act in the frame. The same loop three times, with four, three
// and two popcounts (a's last words zero), as in choosePlain4.
TEXT ·minCount(SB), NOSPLIT, $8-48
	MOVQ act+0(FP), SI
	MOVQ nact+8(FP), CX
	LEAQ (SI)(CX*8), CX
	MOVQ CX, end-8(SP)
	MOVQ mask+16(FP), DI
	MOVQ a+24(FP), AX
	MOVQ 0(AX), R8
	MOVQ 8(AX), R9
	MOVQ 16(AX), R10
	MOVQ 24(AX), R11
	MOVL $-1, best+40(FP)
	MOVQ $0x7fffffff, R12
	MOVQ $-64, DX
	MOVQ n+32(FP), CX
	CMPQ CX, $4
	JEQ word4
	CMPQ CX, $3
	JEQ word3
	JMP word2

word4:
	CMPQ SI, end-8(SP)
	JEQ done
	MOVQ (SI), BX
	ADDQ $8, SI
	ADDQ $64, DX
	TESTQ BX, BX
	JEQ word4

item4:
	BSFQ BX, AX
	LEAQ -1(BX), CX
	ANDQ CX, BX
	ADDQ DX, AX
	SHLQ $2, AX
	MOVQ 0(DI)(AX*8), CX
	ANDQ R8, CX
	POPCNTQ CX, CX
	MOVQ CX, R13
	MOVQ 8(DI)(AX*8), CX
	ANDQ R9, CX
	POPCNTQ CX, CX
	ADDQ CX, R13
	MOVQ 16(DI)(AX*8), CX
	ANDQ R10, CX
	POPCNTQ CX, CX
	ADDQ CX, R13
	MOVQ 24(DI)(AX*8), CX
	ANDQ R11, CX
	POPCNTQ CX, CX
	ADDQ CX, R13
	CMPQ R13, R12
	JGE next4
	MOVQ R13, R12
	SHRQ $2, AX
	MOVL AX, best+40(FP)
	TESTQ R13, R13
	JEQ done

next4:
	TESTQ BX, BX
	JNE item4
	JMP word4

word3:
	CMPQ SI, end-8(SP)
	JEQ done
	MOVQ (SI), BX
	ADDQ $8, SI
	ADDQ $64, DX
	TESTQ BX, BX
	JEQ word3

item3:
	BSFQ BX, AX
	LEAQ -1(BX), CX
	ANDQ CX, BX
	ADDQ DX, AX
	SHLQ $2, AX
	MOVQ 0(DI)(AX*8), CX
	ANDQ R8, CX
	POPCNTQ CX, CX
	MOVQ CX, R13
	MOVQ 8(DI)(AX*8), CX
	ANDQ R9, CX
	POPCNTQ CX, CX
	ADDQ CX, R13
	MOVQ 16(DI)(AX*8), CX
	ANDQ R10, CX
	POPCNTQ CX, CX
	ADDQ CX, R13
	CMPQ R13, R12
	JGE next3
	MOVQ R13, R12
	SHRQ $2, AX
	MOVL AX, best+40(FP)
	TESTQ R13, R13
	JEQ done

next3:
	TESTQ BX, BX
	JNE item3
	JMP word3

word2:
	CMPQ SI, end-8(SP)
	JEQ done
	MOVQ (SI), BX
	ADDQ $8, SI
	ADDQ $64, DX
	TESTQ BX, BX
	JEQ word2

item2:
	BSFQ BX, AX
	LEAQ -1(BX), CX
	ANDQ CX, BX
	ADDQ DX, AX
	SHLQ $2, AX
	MOVQ 0(DI)(AX*8), CX
	ANDQ R8, CX
	POPCNTQ CX, CX
	MOVQ CX, R13
	MOVQ 8(DI)(AX*8), CX
	ANDQ R9, CX
	POPCNTQ CX, CX
	ADDQ CX, R13
	CMPQ R13, R12
	JGE next2
	MOVQ R13, R12
	SHRQ $2, AX
	MOVL AX, best+40(FP)
	TESTQ R13, R13
	JEQ done

next2:
	TESTQ BX, BX
	JNE item2
	JMP word2

done:
	MOVL R12, score+44(FP)
	RET
