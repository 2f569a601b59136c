//go:build amd64 && !purego

#include "textflag.h"

// The round loop of kernel9v with AVX-512 (see kernel9v.go and propagateGo, which this
// follows step by step). Registers: Z0-Z2 the three bands (lane d: digit d, lanes 9-15
// zero); Z3-Z12 scratch; Z13-Z15 the bands at the start of the round; Z16-Z31 constants;
// K1 the lanes of the nine digits; K7 collects contradictions.

// ROT9: dst = src rotated by 9 bits within 27 (one row, or one band of a column word).
#define ROT9(src, dst, tmp) \
	VPSRLD $9, src, dst \
	VPSLLD $18, src, tmp \
	VPTERNLOGD $0xa8, Z16, tmp, dst

// ROT18: dst = src rotated by 18 bits within 27 (two rows).
#define ROT18(src, dst, tmp) \
	VPSRLD $18, src, dst \
	VPSLLD $9, src, tmp \
	VPTERNLOGD $0xa8, Z16, tmp, dst

// FOLD: dst = the columns of band word src, (src | src>>9 | src>>18) & 511.
#define FOLD(src, dst, tmp) \
	VPSRLD $9, src, dst \
	VPSRLD $18, src, tmp \
	VPTERNLOGD $0xfe, src, tmp, dst \
	VPANDD Z25, dst, dst

// SPREAD: x = x | x<<9 | x<<18 (a column set over the three rows of a band).
#define SPREAD(x, t1, t2) \
	VPSLLD $9, x, t1 \
	VPSLLD $18, x, t2 \
	VPTERNLOGD $0xfe, t2, t1, x

// BANDPASS: bandPass on every lane of W, and W's rows without a place into K7.
#define BANDPASS(W) \
	VPSRLD $1, W, Z3 \
	VPSRLD $2, W, Z4 \
	VPTERNLOGD $0xfe, W, Z4, Z3 \
	VPANDD Z17, Z3, Z3 \
	VPSRLD $3, Z3, Z4 \
	VPANDD Z18, Z4, Z4 \
	VPSLLD $6, Z3, Z5 \
	VPTERNLOGD $0xf8, Z19, Z5, Z4 \
	VPSLLD $3, Z3, Z5 \
	VPANDD Z20, Z5, Z5 \
	VPSRLD $6, Z3, Z6 \
	VPTERNLOGD $0xf8, Z21, Z6, Z5 \
	ROT9(Z4, Z6, Z8) \
	ROT9(Z5, Z7, Z8) \
	ROT18(Z4, Z9, Z8) \
	ROT18(Z5, Z10, Z8) \
	VPANDD Z10, Z6, Z6 \
	VPANDD Z9, Z7, Z7 \
	VPTERNLOGD $0xe0, Z7, Z6, Z3 \
	VPSRLD $3, Z3, Z4 \
	VPSRLD $6, Z3, Z5 \
	VPORD Z4, Z3, Z6 \
	VPORD Z5, Z6, Z6 \
	VPANDD Z21, Z6, Z6 \
	VPCMPUD $4, Z21, Z6, K1, K2 \
	KORW K2, K7, K7 \
	VPSLLD $1, Z3, Z4 \
	VPSLLD $2, Z3, Z5 \
	VPTERNLOGD $0xfe, Z5, Z4, Z3 \
	VPANDD Z3, W, W

// ROWSINGLES: hidden singles in the rows of band W.
#define ROWSINGLES(W) \
	VPXORD Z3, Z3, Z3 \
	VPANDD Z25, W, Z4 \
	VPADDD Z31, Z4, Z5 \
	VPANDD Z4, Z5, Z5 \
	VPTESTNMD Z5, Z5, K2 \
	VPORD Z4, Z3, K2, Z3 \
	VPSRLD $9, W, Z4 \
	VPANDD Z25, Z4, Z4 \
	VPADDD Z31, Z4, Z5 \
	VPANDD Z4, Z5, Z5 \
	VPTESTNMD Z5, Z5, K2 \
	VPSLLD $9, Z4, Z4 \
	VPORD Z4, Z3, K2, Z3 \
	VPSRLD $18, W, Z4 \
	VPADDD Z31, Z4, Z5 \
	VPANDD Z4, Z5, Z5 \
	VPTESTNMD Z5, Z5, K2 \
	VPSLLD $18, Z4, Z4 \
	VPORD Z4, Z3, K2, Z3 \
	VSHUFI64X2 $0x4e, Z3, Z3, Z4 \
	VPORD Z3, Z4, Z4 \
	VSHUFI64X2 $0xb1, Z4, Z4, Z5 \
	VPORD Z5, Z4, Z4 \
	VPSHUFD $0x4e, Z4, Z5 \
	VPORD Z5, Z4, Z4 \
	VPSHUFD $0xb1, Z4, Z5 \
	VPORD Z5, Z4, Z4 \
	VPTERNLOGD $0xba, Z3, Z4, W

// CSTEP: one step of the count across lanes: O (Z3), T (Z4), H (Z5) combined with
// themselves shuffled by SHUF n, which pairs every lane with another, disjointly: the
// four steps pair lanes i and i^8, i^4, i^2, i^1.
#define CSTEP(SHUF, n) \
	SHUF $n, Z3, Z3, Z6 \
	SHUF $n, Z4, Z4, Z7 \
	SHUF $n, Z5, Z5, Z8 \
	CCOMB

// CSTEPD: CSTEP with VPSHUFD (within 128-bit blocks).
#define CSTEPD(n) \
	VPSHUFD $n, Z3, Z6 \
	VPSHUFD $n, Z4, Z7 \
	VPSHUFD $n, Z5, Z8 \
	CCOMB

// CCOMB: combine O, T, H with their shuffled copies in Z6, Z7, Z8.
#define CCOMB \
	VPORD Z8, Z5, Z5 \
	VPTERNLOGD $0xf8, Z6, Z4, Z5 \
	VPTERNLOGD $0xf8, Z7, Z3, Z5 \
	VPORD Z7, Z4, Z4 \
	VPTERNLOGD $0xf8, Z6, Z3, Z4 \
	VPORD Z6, Z3, Z3

// C2STEP, C2STEPD: one step of COUNT2 with VSHUFI64X2 or VPSHUFD n.
#define C2STEP(n) \
	VSHUFI64X2 $n, Z3, Z3, Z6 \
	VSHUFI64X2 $n, Z4, Z4, Z7 \
	C2COMB

#define C2STEPD(n) \
	VPSHUFD $n, Z3, Z6 \
	VPSHUFD $n, Z4, Z7 \
	C2COMB

#define C2COMB \
	VPORD Z7, Z4, Z4 \
	VPTERNLOGD $0xf8, Z6, Z3, Z4 \
	VPORD Z6, Z3, Z3

// COUNT2: the candidates of every cell of band W counted across the lanes, up to two:
// cells without one into K7, cells with one into S (every lane).
#define COUNT2(W, S) \
	VMOVDQA32 W, Z3 \
	VPXORD Z4, Z4, Z4 \
	C2STEP(0x4e) \
	C2STEP(0xb1) \
	C2STEPD(0x4e) \
	C2STEPD(0xb1) \
	VPCMPUD $4, Z16, Z3, K1, K2 \
	KORW K2, K7, K7 \
	VMOVDQA32 Z3, S \
	VPTERNLOGD $0x30, S, Z4, S

// COUNT3: the count up to three: the two-candidate and unsolved cells of band W to
// out[off] and out[off+12].
#define COUNT3(W, off) \
	VMOVDQA32 W, Z3 \
	VPXORD Z4, Z4, Z4 \
	VPXORD Z5, Z5, Z5 \
	CSTEP(VSHUFI64X2, 0x4e) \
	CSTEP(VSHUFI64X2, 0xb1) \
	CSTEPD(0x4e) \
	CSTEPD(0xb1) \
	VPTERNLOGD $0x22, Z4, Z5, Z5 \
	VMOVD X5, off(DI) \
	VMOVD X4, off+12(DI)

// PEERS: band W loses the rows and boxes of its single cells S (and their columns, colm
// in Z12), keeping S itself.
#define PEERS(W, S) \
	VMOVDQA32 Z12, Z4 \
	VPTESTMD Z25, S, K2 \
	VPORD Z25, Z4, K2, Z4 \
	VPTESTMD Z26, S, K2 \
	VPORD Z26, Z4, K2, Z4 \
	VPTESTMD Z27, S, K2 \
	VPORD Z27, Z4, K2, Z4 \
	VPTESTMD Z28, S, K2 \
	VPORD Z28, Z4, K2, Z4 \
	VPTESTMD Z29, S, K2 \
	VPORD Z29, Z4, K2, Z4 \
	VPTESTMD Z30, S, K2 \
	VPORD Z30, Z4, K2, Z4 \
	VPTERNLOGD $0xba, S, Z4, W

#define BCAST(v, Z) \
	MOVL $v, AX \
	VPBROADCASTD AX, Z

// func propagateAVX512(w *[3][16]uint32, out *[6]uint32) bool
TEXT ·propagateAVX512(SB), NOSPLIT, $0-17
	MOVQ w+0(FP), SI
	MOVQ out+8(FP), DI
	BCAST(0x7ffffff, Z16)
	BCAST(0x1249249, Z17)
	BCAST(0x241209, Z18)
	BCAST(0x1008040, Z19)
	BCAST(0x1209048, Z20)
	BCAST(0x40201, Z21)
	BCAST(0x36db6db, Z22)
	BCAST(0x4924924, Z23)
	BCAST(0x6db6db6, Z24)
	BCAST(0x1ff, Z25)
	BCAST(0x3fe00, Z26)
	BCAST(0x7fc0000, Z27)
	BCAST(0x1c0e07, Z28)
	BCAST(0xe07038, Z29)
	BCAST(0x70381c0, Z30)
	VPTERNLOGD $0xff, Z31, Z31, Z31
	MOVL $0x1ff, AX
	KMOVW AX, K1
	KXORW K7, K7, K7
	VMOVDQU32 0(SI), Z0
	VMOVDQU32 64(SI), Z1
	VMOVDQU32 128(SI), Z2

round:
	VMOVDQA32 Z0, Z13
	VMOVDQA32 Z1, Z14
	VMOVDQA32 Z2, Z15
	BANDPASS(Z0)
	BANDPASS(Z1)
	BANDPASS(Z2)

	// The stack pass on the columns c of the three bands.
	FOLD(Z0, Z3, Z8)
	FOLD(Z1, Z4, Z8)
	FOLD(Z2, Z5, Z8)
	VPSLLD $9, Z4, Z4
	VPSLLD $18, Z5, Z5
	VPTERNLOGD $0xfe, Z5, Z4, Z3
	VPSRLD $1, Z3, Z4
	VPANDD Z22, Z4, Z4
	VPSLLD $2, Z3, Z5
	VPTERNLOGD $0xf8, Z23, Z5, Z4
	VPSLLD $1, Z3, Z5
	VPANDD Z24, Z5, Z5
	VPSRLD $2, Z3, Z6
	VPTERNLOGD $0xf8, Z17, Z6, Z5
	ROT9(Z4, Z6, Z8)
	ROT9(Z5, Z7, Z8)
	ROT18(Z4, Z9, Z8)
	ROT18(Z5, Z10, Z8)
	VPANDD Z10, Z6, Z6
	VPANDD Z9, Z7, Z7
	VPTERNLOGD $0xe0, Z7, Z6, Z3
	VPSRLD $1, Z3, Z4
	VPSRLD $2, Z3, Z5
	VPTERNLOGD $0xfe, Z3, Z5, Z4
	VPANDD Z17, Z4, Z4
	VPCMPUD $4, Z17, Z4, K1, K2
	KORW K2, K7, K7
	VPANDD Z25, Z3, Z4
	SPREAD(Z4, Z5, Z6)
	VPANDD Z4, Z0, Z0
	VPSRLD $9, Z3, Z4
	VPANDD Z25, Z4, Z4
	SPREAD(Z4, Z5, Z6)
	VPANDD Z4, Z1, Z1
	VPSRLD $18, Z3, Z4
	SPREAD(Z4, Z5, Z6)
	VPANDD Z4, Z2, Z2

	ROWSINGLES(Z0)
	ROWSINGLES(Z1)
	ROWSINGLES(Z2)

	COUNT2(Z0, Z9)
	COUNT2(Z1, Z10)
	COUNT2(Z2, Z11)
	KORTESTW K7, K7
	JNZ fail

	// Naked singles: S = the cells where the lane's digit is the only candidate.
	VPANDD Z0, Z9, Z9
	VPANDD Z1, Z10, Z10
	VPANDD Z2, Z11, Z11
	FOLD(Z9, Z3, Z8)
	FOLD(Z10, Z4, Z8)
	FOLD(Z11, Z5, Z8)
	VPTERNLOGD $0xfe, Z5, Z4, Z3
	SPREAD(Z3, Z4, Z5)
	VMOVDQA32 Z3, Z12
	PEERS(Z0, Z9)
	PEERS(Z1, Z10)
	PEERS(Z2, Z11)

	VPCMPUD $4, Z13, Z0, K2
	VPCMPUD $4, Z14, Z1, K3
	VPCMPUD $4, Z15, Z2, K4
	KORW K2, K3, K2
	KORW K2, K4, K2
	KORTESTW K2, K2
	JNZ round

	COUNT3(Z0, 0)
	COUNT3(Z1, 4)
	COUNT3(Z2, 8)
	VMOVDQU32 Z0, 0(SI)
	VMOVDQU32 Z1, 64(SI)
	VMOVDQU32 Z2, 128(SI)
	VZEROUPPER
	MOVB $1, ret+16(FP)
	RET

fail:
	VZEROUPPER
	MOVB $0, ret+16(FP)
	RET

// func cpuAVX512() bool: AVX-512 F present and its registers enabled by the OS.
TEXT ·cpuAVX512(SB), NOSPLIT, $0-1
	MOVL $1, AX
	XORL CX, CX
	CPUID
	BTL $27, CX // OSXSAVE
	JCC no
	XORL CX, CX
	XGETBV
	ANDL $0xe6, AX // XMM, YMM, opmask, ZMM 0-15 upper halves, ZMM 16-31
	CMPL AX, $0xe6
	JNE no
	MOVL $7, AX
	XORL CX, CX
	CPUID
	BTL $16, BX // AVX512F
	JCC no
	MOVB $1, ret+0(FP)
	RET
no:
	MOVB $0, ret+0(FP)
	RET
