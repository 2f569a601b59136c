package engine

// memoFront is a worker's own small cache in front of the memo's cache (memoCache), for
// the depth-first memo with multiplicities (memoBounds): at each of frontLines places,
// chosen by a key's hash, the last key met there and its count, on a cache line of its
// own. A lookup in the memo's cache reads a slot and then the entry it points to, two
// lines apart in tables far larger than the processor's caches; a hit here reads one
// line, in a table of 1 MiB, about a core's L2 cache.
//
// It pays where a worker meets the same sub-problems again soon: A001499(13) (0/1 13x13
// matrices with two 1s in every row and column) looks 27.6 million keys up to count
// 797,161 sub-problems, and 68% of the lookups find their key among the last ones so
// placed (54% with 4,096 places, 80% with 65,536; 16,384 was the fastest). A001499(12)
// takes 0.88 of the time on one worker and 0.93 on two (benchstat, 6 runs); A001499(13)
// 0.87-0.90 on one, 0.92-1.03 on two (interleaved runs on a noisy 2-core host). Tilings
// with a piece item find 10% (tile16: their sub-problems are met
// again later, from other branches), where the table only costs: a worker turns its own
// off after frontTrial lookups that find too few (frontMinHits).
//
// Counts never change once made, so a worker's front needs no word with the others' or
// with the shared cache; a front holds only counts below 2^128 and keys of at most
// frontKeyMax bytes. Its memory is outside the cache's budget, and at most 1/64 of it
// per worker (newMemoFront).
type memoFront struct {
	lines []frontLine // made at the first lookup
	size  int         // the number of lines to make; 0: off
	mask  uint64      // len(lines)-1
	tries uint64      // lookups so far, until the trial is judged
	hits  uint64      // of them, those found
}

// A frontLine is one place of a memoFront: a key of n bytes, its hash h and its count.
// An empty line has n = 0: no key is empty.
type frontLine struct {
	h      uint64
	lo, hi uint64
	n      uint8
	key    [frontKeyMax]byte
}

// frontKeyMax is the longest key a memoFront holds: a frontLine fills 64 bytes.
const frontKeyMax = 64 - 8 - 16 - 1

// frontLines is the number of lines of a worker's front (1 MiB), at most.
const frontLines = 1 << 14

// frontTrial is the number of lookups after which a front judges whether it pays, and
// frontMinHits the share of them (1/frontMinHits) it must have found to stay on.
const (
	frontTrial   = 1 << 20
	frontMinHits = 4
)

// newMemoFront returns the front of a worker of a count with parameters p: frontLines
// lines at most, and at most 1/64 of the budget shared by the workers (none where that
// is less than 64 lines).
func newMemoFront(p *MemoParams) memoFront {
	n := frontLines
	if p.MaxBytes > 0 {
		most := p.MaxBytes / 64 / int64(max(1, p.Workers))
		for n > 64 && int64(n)*64 > most {
			n /= 2
		}
		if int64(n)*64 > most {
			return memoFront{}
		}
	}
	return memoFront{size: n, mask: uint64(n - 1)}
}

// on reports whether the front is on, making its lines if it has none yet.
func (f *memoFront) on() bool {
	if f.lines == nil && f.size > 0 {
		f.lines = make([]frontLine, f.size)
	}
	return f.lines != nil
}

// get returns the count of key, with hash h, if the front holds it.
func (f *memoFront) get(key []byte, h uint64) (u128, bool) {
	if !f.on() {
		return u128{}, false
	}
	l := &f.lines[h&f.mask]
	found := l.h == h && int(l.n) == len(key) && string(l.key[:l.n]) == string(key)
	if f.tries < frontTrial {
		f.tries++
		if found {
			f.hits++
		}
		if f.tries == frontTrial && f.hits < frontTrial/frontMinHits {
			f.lines, f.size = nil, 0 // too few found: off
		}
	}
	if !found {
		return u128{}, false
	}
	return u128{l.lo, l.hi}, true
}

// put keeps the count v of key, with hash h, in place of the key there.
func (f *memoFront) put(key []byte, h uint64, v count) {
	if v.b != nil || len(key) > frontKeyMax || !f.on() {
		return
	}
	l := &f.lines[h&f.mask]
	l.h, l.lo, l.hi, l.n = h, v.u.lo, v.u.hi, uint8(len(key))
	copy(l.key[:], key)
}

// prefetch asks for the line where a key with hash h would be.
func (f *memoFront) prefetch(h uint64) {
	if f.lines != nil {
		prefetch(&f.lines[h&f.mask].n)
	}
}
