/* Plain single-threaded bitboard n-queens counter with mirror halving (our own baseline). */
#include <stdio.h>
#include <stdlib.h>

static unsigned long long count;
static unsigned int mask;

static void place(unsigned int l, unsigned int d, unsigned int r) {
	if (d == mask) { count++; return; }
	unsigned int a = mask & ~(l | d | r);
	while (a) {
		unsigned int bit = a & -a;
		a ^= bit;
		place((l | bit) << 1, d | bit, (r | bit) >> 1);
	}
}

int main(int argc, char **argv) {
	int n = atoi(argv[1]);
	mask = (1u << n) - 1;
	unsigned long long total = 0;
	for (int f = 0; f < n / 2; f++) {
		unsigned int bit = 1u << f;
		count = 0;
		place(bit << 1, bit, bit >> 1);
		total += 2 * count;
	}
	if (n % 2) {
		unsigned int bit = 1u << (n / 2);
		count = 0;
		place(bit << 1, bit, bit >> 1);
		total += count;
	}
	printf("%llu\n", total);
	return 0;
}
