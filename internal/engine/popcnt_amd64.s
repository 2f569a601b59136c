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

// func minCount(a *uint64, w int, nact int, mask *uint64) (best, score, first int32)
//
// Registers: SI the next word of act (after a's w words), DX 256 times its index, BX the
// items left in the word; DI mask; R8-R11 the first four words of a (past w, act's or
// the counts', never counted); R12 the least key so far, a count in the high half and 4
// times its item in the low, so that the least key is the first item of fewest options
// and a conditional move keeps it, without a branch that the counts would mispredict
// (Langford pairs 12: 2.6 mispredicted branches a call before, as cachegrind simulates
// them); R13 the count of the item at hand, then its key; AX 4 times its number, CX
// scratch. Each POPCNTQ writes the register it reads: on many Intel processors POPCNTQ
// waits for its destination's old value, which in R13 would chain every item to the
// one before. The end of act is kept in the frame. The same loop three times, with four,
// three and two popcounts (a's last words zero), as in choosePlain4. At the end, the
// item's first option: the words of A and of its row from the last to the first, each
// that holds one replacing the option found so far (CMOV, no branch on the words).
TEXT ·minCount(SB), NOSPLIT, $8-44
	MOVQ a+0(FP), AX
	MOVQ w+8(FP), CX
	LEAQ (AX)(CX*8), SI
	MOVQ nact+16(FP), DX
	LEAQ (SI)(DX*8), DX
	MOVQ DX, end-8(SP)
	MOVQ mask+24(FP), DI
	MOVQ 0(AX), R8
	MOVQ 8(AX), R9
	MOVQ 16(AX), R10
	MOVQ 24(AX), R11
	MOVQ $0x7fffffffffffffff, R12
	MOVQ $-256, DX
	// The words to count: w, less a's last zero words, at least 2.
	CMPQ CX, $4
	JNE three
	TESTQ R11, R11
	JNE word4
	MOVQ $3, CX

three:
	CMPQ CX, $3
	JNE word2
	TESTQ R10, R10
	JNE word3
	JMP word2

word4:
	CMPQ SI, end-8(SP)
	JEQ done
	MOVQ (SI), BX
	ADDQ $8, SI
	ADDQ $256, DX
	TESTQ BX, BX
	JEQ word4

item4:
	MOVQ BX, AX
	BSFQ AX, AX // not BSFQ BX, AX: BSFQ waits for its destination's old value
	LEAQ (DX)(AX*4), AX
	MOVQ 0(DI)(AX*8), R13
	ANDQ R8, R13
	POPCNTQ R13, R13
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
	JEQ zero // no options (the flags of the last ADDQ)
	SHLQ $32, R13
	ORQ AX, R13
	CMPQ R13, R12
	CMOVQLT R13, R12
	LEAQ -1(BX), CX
	ANDQ CX, BX
	JNE item4
	JMP word4

word3:
	CMPQ SI, end-8(SP)
	JEQ done
	MOVQ (SI), BX
	ADDQ $8, SI
	ADDQ $256, DX
	TESTQ BX, BX
	JEQ word3

item3:
	MOVQ BX, AX
	BSFQ AX, AX // not BSFQ BX, AX: BSFQ waits for its destination's old value
	LEAQ (DX)(AX*4), AX
	MOVQ 0(DI)(AX*8), R13
	ANDQ R8, R13
	POPCNTQ R13, R13
	MOVQ 8(DI)(AX*8), CX
	ANDQ R9, CX
	POPCNTQ CX, CX
	ADDQ CX, R13
	MOVQ 16(DI)(AX*8), CX
	ANDQ R10, CX
	POPCNTQ CX, CX
	ADDQ CX, R13
	JEQ zero // no options (the flags of the last ADDQ)
	SHLQ $32, R13
	ORQ AX, R13
	CMPQ R13, R12
	CMOVQLT R13, R12
	LEAQ -1(BX), CX
	ANDQ CX, BX
	JNE item3
	JMP word3

word2:
	CMPQ SI, end-8(SP)
	JEQ done
	MOVQ (SI), BX
	ADDQ $8, SI
	ADDQ $256, DX
	TESTQ BX, BX
	JEQ word2

item2:
	MOVQ BX, AX
	BSFQ AX, AX // not BSFQ BX, AX: BSFQ waits for its destination's old value
	LEAQ (DX)(AX*4), AX
	MOVQ 0(DI)(AX*8), R13
	ANDQ R8, R13
	POPCNTQ R13, R13
	MOVQ 8(DI)(AX*8), CX
	ANDQ R9, CX
	POPCNTQ CX, CX
	ADDQ CX, R13
	JEQ zero // no options (the flags of the last ADDQ)
	SHLQ $32, R13
	ORQ AX, R13
	CMPQ R13, R12
	CMOVQLT R13, R12
	LEAQ -1(BX), CX
	ANDQ CX, BX
	JNE item2
	JMP word2

zero: // an item without options: none can do better
	SHRQ $2, AX
	MOVL AX, best+32(FP)
	MOVL $0, score+36(FP)
	MOVL $-1, first+40(FP)
	RET

done:
	MOVQ $0x7fffffffffffffff, CX
	CMPQ R12, CX
	JEQ none
	MOVQ R12, AX
	SHRQ $32, AX
	MOVL AX, score+36(FP)
	MOVL R12, AX // 4 times the item, zero-extended
	MOVL $-1, DX
	MOVQ 24(DI)(AX*8), CX
	ANDQ R11, CX
	BSFQ CX, CX // ZF where the word holds none
	LEAQ 192(CX), CX
	CMOVQNE CX, DX
	MOVQ 16(DI)(AX*8), CX
	ANDQ R10, CX
	BSFQ CX, CX
	LEAQ 128(CX), CX
	CMOVQNE CX, DX
	MOVQ 8(DI)(AX*8), CX
	ANDQ R9, CX
	BSFQ CX, CX
	LEAQ 64(CX), CX
	CMOVQNE CX, DX
	MOVQ 0(DI)(AX*8), CX
	ANDQ R8, CX
	BSFQ CX, CX
	CMOVQNE CX, DX
	MOVL DX, first+40(FP)
	SHRL $2, AX
	MOVL AX, best+32(FP)
	RET

none:
	MOVL $-1, best+32(FP)
	MOVL $0x7fffffff, score+36(FP)
	MOVL $-1, first+40(FP)
	RET

// func takeLazy(dst, src, conf, own *uint64, w, wp, o int) int
//
// Registers: SI src, DI dst, DX conf, R8 own, CX w, R9 wp, R10 o, R12 the word at hand,
// AX the options that left.
TEXT ·takeLazy(SB), NOSPLIT, $0-64
	MOVQ dst+0(FP), DI
	MOVQ src+8(FP), SI
	MOVQ conf+16(FP), DX
	MOVQ own+24(FP), R8
	MOVQ w+32(FP), CX
	MOVQ wp+40(FP), R9
	MOVQ o+48(FP), R10
	XORQ AX, AX
	XORQ R12, R12

conflicts:
	MOVQ (SI)(R12*8), BX
	MOVQ (DX)(R12*8), R11
	ANDQ BX, R11  // the options that leave
	XORQ R11, BX  // A without them
	MOVQ BX, (DI)(R12*8)
	POPCNTQ R11, R11
	ADDQ R11, AX
	INCQ R12
	CMPQ R12, CX
	JNE conflicts
	// o itself, where none of its items took it out (an option without primary items).
	MOVQ R10, R11
	SHRQ $6, R11
	MOVQ (DI)(R11*8), BX
	BTRQ R10, BX  // the bit o mod 64; CF its value before
	ADCQ $0, AX
	MOVQ BX, (DI)(R11*8)
	// o's items leave the unsettled ones.
	LEAQ (SI)(CX*8), SI
	LEAQ (DI)(CX*8), DI

items:
	MOVQ (R8), BX
	NOTQ BX
	ANDQ (SI), BX
	MOVQ BX, (DI)
	ADDQ $8, SI
	ADDQ $8, DI
	ADDQ $8, R8
	DECQ R9
	JNE items
	MOVQ AX, ret+56(FP)
	RET

// func minByte(c *uint8, n int) (best, score int32)
//
// Two running minima (X0, X1) over n blocks of 32 bytes, folded into one and spread to
// every lane (X0), at once where a lane is 0 or else 1; then the first block with a lane
// equal to it (DI the block, BX its first index, AX the lanes' mask).
TEXT ·minByte(SB), NOSPLIT, $0-24
	MOVQ c+0(FP), SI
	MOVQ n+8(FP), CX
	MOVQ SI, DI
	CMPB ·hasAVX2(SB), $0
	JNE avx2
	MOVOU (SI), X0
	MOVOU 16(SI), X1
	ADDQ $32, SI
	DECQ CX
	JEQ reduce

blocks:
	MOVOU (SI), X2
	MOVOU 16(SI), X3
	PMINUB X2, X0
	PMINUB X3, X1
	ADDQ $32, SI
	DECQ CX
	JNE blocks

reduce:
	PMINUB X1, X0
	// A lane of 0, or else of 1: the least byte without the fold (see the AVX2 steps).
	PXOR X2, X2
	MOVO X0, X3
	PCMPEQB X2, X3
	PMOVMSKB X3, AX
	TESTL AX, AX
	JNE zero1
	PCMPEQB X4, X4
	PSUBB X4, X2
	MOVO X0, X3
	PCMPEQB X2, X3
	PMOVMSKB X3, AX
	TESTL AX, AX
	JEQ fold1
	MOVL $1, score+20(FP)
	MOVO X2, X0
	XORQ BX, BX
	JMP find

zero1:
	MOVL $0, score+20(FP)
	PXOR X0, X0
	XORQ BX, BX
	JMP find

fold1:
	PSHUFD $0x4e, X0, X1
	PMINUB X1, X0
	PSHUFD $0xb1, X0, X1
	PMINUB X1, X0
	PSHUFLW $0xb1, X0, X1
	PMINUB X1, X0
	MOVO X0, X1
	PSRLW $8, X1
	PMINUB X1, X0
	PUNPCKLBW X0, X0
	PSHUFLW $0, X0, X0
	PSHUFD $0, X0, X0
	MOVQ X0, AX
	MOVBQZX AX, AX
	MOVL AX, score+20(FP)
	XORQ BX, BX

find:
	MOVOU (DI), X1
	MOVOU 16(DI), X2
	PCMPEQB X0, X1
	PCMPEQB X0, X2
	PMOVMSKB X1, AX
	PMOVMSKB X2, DX
	SHLL $16, DX
	ORL DX, AX
	JNE found
	ADDQ $32, DI
	ADDQ $32, BX
	JMP find

found:
	BSFL AX, AX
	ADDL BX, AX
	MOVL AX, best+16(FP)
	RET

// minByte with AVX2: two running minima (Y0, Y1) over the blocks, a 32-byte block a
// step; where a lane of their minimum is 0, or else 1, that is the least byte, spread to
// every lane (Y0) at once; else the minimum is folded to one byte (X0's first) and
// spread. Then the first block with a lane equal to it, one compare a block. The fold is
// a chain of ten steps, each waiting on the last, between the blocks' loads and the
// search that follows: in a Sudoku, whose moves are nearly all forced (a least count of
// 1), skipping it took Escargot less 5 givens from 0.35 to 0.30 s.
avx2:
	VMOVDQU (SI), Y0
	VMOVDQU Y0, Y1
	ADDQ $32, SI
	DECQ CX

pairs:
	CMPQ CX, $2
	JB last
	VPMINUB (SI), Y0, Y0
	VPMINUB 32(SI), Y1, Y1
	ADDQ $64, SI
	SUBQ $2, CX
	JMP pairs

last:
	TESTQ CX, CX
	JEQ fold
	VPMINUB (SI), Y0, Y0

fold:
	VPMINUB Y1, Y0, Y0
	// A lane of 0 or else of 1 gives the least byte without folding: a dead end or a
	// forced move, nearly every call in a Sudoku's search.
	VPXOR Y2, Y2, Y2
	VPCMPEQB Y2, Y0, Y3
	VPMOVMSKB Y3, AX
	TESTL AX, AX
	JNE zero2
	VPCMPEQB Y4, Y4, Y4
	VPSUBB Y4, Y2, Y4
	VPCMPEQB Y4, Y0, Y3
	VPMOVMSKB Y3, AX
	TESTL AX, AX
	JEQ spread
	MOVL $1, score+20(FP)
	VMOVDQU Y4, Y0
	XORQ BX, BX
	JMP find2

zero2:
	MOVL $0, score+20(FP)
	VMOVDQU Y2, Y0
	XORQ BX, BX
	JMP find2

spread:
	VEXTRACTI128 $1, Y0, X1
	VPMINUB X1, X0, X0
	VPSRLDQ $8, X0, X1
	VPMINUB X1, X0, X0
	VPSRLDQ $4, X0, X1
	VPMINUB X1, X0, X0
	VPSRLDQ $2, X0, X1
	VPMINUB X1, X0, X0
	VPSRLDQ $1, X0, X1
	VPMINUB X1, X0, X0
	VPBROADCASTB X0, Y0
	VMOVD X0, AX
	MOVBQZX AX, AX
	MOVL AX, score+20(FP)
	XORQ BX, BX

find2:
	VPCMPEQB (DI), Y0, Y1
	VPMOVMSKB Y1, AX
	TESTL AX, AX
	JNE found2
	ADDQ $32, DI
	ADDQ $32, BX
	JMP find2

found2:
	VZEROUPPER
	BSFL AX, AX
	ADDL BX, AX
	MOVL AX, best+16(FP)
	RET

// func andCount(a, m *uint64, w int) int
//
// The population of a & m over w words, four words a step into four sums (AX, BX, DX,
// R8), so that the popcounts do not wait on one another; each POPCNTQ writes the
// register it reads (see minCount).
TEXT ·andCount(SB), NOSPLIT, $0-32
	MOVQ a+0(FP), SI
	MOVQ m+8(FP), DI
	MOVQ w+16(FP), CX
	XORQ AX, AX
	XORQ BX, BX
	XORQ DX, DX
	XORQ R8, R8
	CMPQ CX, $4
	JB rest

quad:
	MOVQ (SI), R9
	ANDQ (DI), R9
	POPCNTQ R9, R9
	ADDQ R9, AX
	MOVQ 8(SI), R10
	ANDQ 8(DI), R10
	POPCNTQ R10, R10
	ADDQ R10, BX
	MOVQ 16(SI), R11
	ANDQ 16(DI), R11
	POPCNTQ R11, R11
	ADDQ R11, DX
	MOVQ 24(SI), R12
	ANDQ 24(DI), R12
	POPCNTQ R12, R12
	ADDQ R12, R8
	ADDQ $32, SI
	ADDQ $32, DI
	SUBQ $4, CX
	CMPQ CX, $4
	JAE quad

rest:
	TESTQ CX, CX
	JEQ sum

one:
	MOVQ (SI), R9
	ANDQ (DI), R9
	POPCNTQ R9, R9
	ADDQ R9, AX
	ADDQ $8, SI
	ADDQ $8, DI
	DECQ CX
	JNE one

sum:
	ADDQ BX, AX
	ADDQ R8, DX
	ADDQ DX, AX
	MOVQ AX, ret+24(FP)
	RET

// func prefetch(p *byte)
TEXT ·prefetch(SB), NOSPLIT, $0-8
	MOVQ p+0(FP), AX
	PREFETCHT0 (AX)
	RET
