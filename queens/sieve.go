package queens

import "math/bits"

// A sieve splits the stored keys of one E by a few cut bits, the key bits most often set,
// into buckets, each with its own matcher: a probe holding a cut bit skips every bucket
// whose keys hold it too. With many keys a bucket still fills whole pieces, and the pair
// tests drop by a quarter or more for each cut bit; with few keys there is no cut.
type sieve struct {
	cut     []uint // the cut bits
	m       []matcher
	buckets [][]uint64
	groups  [][]uint64 // join's probes, by their cut bits
	freq    [64]int
}

// minBucket is about the number of keys a bucket must hold for a cut to pay.
const minBucket = 512

// build stores keys of nbits bits, to be matched against the probes, cutting them into
// buckets of about minBucket keys or more (at most 16 buckets; no cut under 4·minBucket
// keys) by the bits most often set in both (the product of the frequencies, both sampled).
func (s *sieve) build(keys, probes []uint64, nbits, minBucket int) {
	s.cut = s.cut[:0]
	ncut := 0
	// Below 4 buckets' worth of keys the cut costs more than it saves (N = 18, about
	// 1700 keys: the sieve's build and the probes' grouping outweighed the pair tests
	// it spared).
	for k := len(keys); len(keys) >= 4*minBucket && k >= 2*minBucket && ncut < 4; k /= 2 {
		ncut++
	}
	if ncut > 0 {
		var fk, fp [64]int
		for i := 0; i < len(keys); i += 4 {
			for x := keys[i]; x != 0; x &= x - 1 {
				fk[bits.TrailingZeros64(x)]++
			}
		}
		for i := 0; i < len(probes); i += 16 {
			for x := probes[i]; x != 0; x &= x - 1 {
				fp[bits.TrailingZeros64(x)]++
			}
		}
		for b := range s.freq {
			s.freq[b] = fk[b] * (fp[b] + 1)
		}
		for range ncut {
			best := 0
			for b := range nbits {
				if s.freq[b] > s.freq[best] {
					best = b
				}
			}
			s.cut = append(s.cut, uint(best))
			s.freq[best] = -1
		}
	}
	nb := 1 << len(s.cut)
	for len(s.m) < nb {
		s.m = append(s.m, matcher{})
		s.buckets = append(s.buckets, nil)
	}
	if nb == 1 { // one bucket: the keys as they are
		s.m[0].build(keys, nbits, len(probes))
		return
	}
	for b := range nb {
		s.buckets[b] = s.buckets[b][:0]
	}
	for _, k := range keys {
		p := s.pattern(k)
		s.buckets[p] = append(s.buckets[p], k)
	}
	for b := range nb {
		s.m[b].build(s.buckets[b], nbits, len(probes))
	}
}

// pattern returns the cut bits of k, packed.
func (s *sieve) pattern(k uint64) int {
	p := 0
	for i, b := range s.cut {
		p |= int(k>>b&1) << i
	}
	return p
}

// join returns the sum over the probes w of the number of stored keys disjoint from w: those
// of the buckets whose cut bits w does not hold. The probes are grouped by their cut
// bits, and each group goes through the buckets it may meet at once.
func (s *sieve) join(probes []uint64) uint64 {
	if len(s.cut) == 0 {
		return s.m[0].join(probes)
	}
	nb := 1 << len(s.cut)
	for len(s.groups) < nb {
		s.groups = append(s.groups, nil)
	}
	for g := range nb {
		s.groups[g] = s.groups[g][:0]
	}
	for _, w := range probes {
		g := s.pattern(w)
		s.groups[g] = append(s.groups[g], w)
	}
	var total uint64
	for g := range nb {
		if len(s.groups[g]) == 0 {
			continue
		}
		free := (nb - 1) &^ g
		for b := free; ; b = (b - 1) & free {
			total += s.m[b].join(s.groups[g])
			if b == 0 {
				break
			}
		}
	}
	return total
}
