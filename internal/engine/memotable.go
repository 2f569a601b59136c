package engine

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
	"iter"
	"math/bits"
	"sync/atomic"
)

// memoTable maps keys to 128-bit counts by open addressing with linear probing. Each entry
// lives in an arena — its key's length (a uvarint), its key, then its count in 16 bytes —
// made of chunks of 4 MiB that are never moved (a growing arena copied would leave its
// old copy as garbage), and a slot holds the entry's chunk and offset and 26 bits of its
// key's hash. Nothing in it is a pointer to scan for the garbage collector, and its size
// is known exactly:
//
//	chunks (key + 17-19 bytes an entry, and in an ordered table 8 bytes a block of 64
//	entries for its mark) + 8 bytes a slot, at most 3/4 of the slots used
//
// about the key plus 17 + 8/0.56 ≈ 31 bytes an entry on average over the doublings. Keys
// longer than 256 KiB (states of problems with millions of primary items) are not kept, nor
// entries past 2^16 chunks (256 GiB).
type memoTable struct {
	seed   maphash.Seed
	chunks [][]byte // the first is small, each next twice the last, up to memoChunk
	cur    int      // the chunk being filled; those after it are empty (after reset)
	held   int64    // bytes of the chunks
	// slots: chunk<<48 | offset<<26 | the low 26 bits of the key's hash (slotTag), plus
	// one; 0 is an empty slot. With the hash's bits most slots of other keys are passed
	// over without reading their keys, and a growth puts each entry in its new place
	// without reading it (rehash).
	slots []uint64
	n     int // entries
	// ordered tables can be walked in the order their entries were made (inOrder, with
	// marks): the forward count reads its levels that way, where the slots' order sent
	// each read to a random place (24% of 18x18's time was the first read of an entry).
	ordered bool
	// marked tables (the forward count's) keep no count whose high word is bigMark: that
	// word marks an entry whose count is elsewhere (frontierTable). upsert reports an
	// overflow for a sum with it and for an add to a marked entry; a new count with it is
	// never given.
	marked bool
	// marks, in an ordered table, say where every orderedBlock-th entry starts (chunk<<32 |
	// offset): the forward count's workers read a level in blocks, several at once.
	marks []uint64
	// touched is a sum of what grow read ahead (rehash), kept so that the reads are made.
	touched uint64
}

const (
	memoFirstChunk = 1 << 10
	memoChunk      = 4 << 20
	memoMaxKeyLen  = 1<<18 - 1
	memoMaxChunks  = 1 << 16 // 256 GiB of entries in one table
)

// slotHashBits is the number of a key's hash bits that its slot keeps: the low ones, which
// choose its place among up to 2^26 slots (the top bits choose a cache's shard or a
// frontier's partition, the same for all the keys of a table). Growing slots up to 2^26
// (512 MiB) reads no entry; the bits beyond the place tell most other keys from the key.
const slotHashBits = 26

// slotTag returns the bits of hash h that a slot keeps, in their place.
func slotTag(h uint64) uint64 { return h & (1<<slotHashBits - 1) }

// tagOf returns the hash bits of slot s, in their place.
func tagOf(s uint64) uint64 { return (s - 1) & (1<<slotHashBits - 1) }

// slotOf returns the slot of the entry at offset off of chunk c, whose key has hash h.
func slotOf(h uint64, c, off int) uint64 {
	return uint64(c)<<48 | uint64(off)<<slotHashBits | slotTag(h) + 1
}

const memoTableMinSlots = 64

// orderedBlock is the number of entries in a block of an ordered table (see block).
const orderedBlock = 64

// bytes returns the memory the table holds.
func (t *memoTable) bytes() int64 {
	return t.held + 8*int64(len(t.slots)) + 8*int64(cap(t.marks))
}

// growBytes returns at most the memory an unordered table (the depth-first cache's) holds
// after adding a key of length n:
// its arena, doubled if it must grow, and its slots, doubled if they must (while both the
// old and new slots are held).
func (t *memoTable) growBytes(n int) int64 {
	b := t.held
	if t.needChunk(n) {
		b += int64(t.nextChunk(n))
	}
	slots := int64(len(t.slots))
	switch {
	case slots == 0:
		slots = memoTableMinSlots
	case 4*(t.n+1) > 3*len(t.slots):
		slots *= 3 // old and new, for a moment
	}
	return b + 8*slots
}

// entry returns the key and the count's bytes of slot s.
func (t *memoTable) entry(s uint64) (key, val []byte) { return entryIn(t.chunks, s) }

// entryIn returns the key and the count's bytes of slot s in chunks.
func entryIn(chunks [][]byte, s uint64) (key, val []byte) {
	r := s - 1
	return splitEntry(chunks[r>>48][r>>slotHashBits&(memoChunk-1):])
}

// splitEntry returns the key and the count's bytes of the entry at the start of e.
func splitEntry(e []byte) (key, val []byte) {
	n := 1 + uint(e[0])
	if n > 0x80 {
		return longEntry(e)
	}
	return e[1:n], e[n : n+16]
}

// longEntry is splitEntry for a key whose length takes more than a byte.
func longEntry(e []byte) (key, val []byte) {
	n, k := binary.Uvarint(e)
	e = e[k : uint64(k)+n+16]
	return e[:n], e[n:]
}

// get returns the count of key, with h its hash.
func (t *memoTable) get(key []byte, h uint64) (u128, bool) {
	v, ok, _ := find(t.slots, t.chunks, key, h)
	return v, ok
}

// find looks key, with hash h, up in slots whose entries lie in chunks; stale reports a
// slot that points past chunks (a newer chunk of a shared cache: memoCache.getShared), and
// a frozen slot (memoFrozen) ends the search, a miss.
// Slots are loaded atomically for a shared cache's readers: on amd64 that is a plain load.
func find(slots []uint64, chunks [][]byte, key []byte, h uint64) (v u128, found, stale bool) {
	if len(slots) == 0 {
		return u128{}, false, false
	}
	mask := uint64(len(slots) - 1)
	tag := slotTag(h)
	for i := h & mask; ; i = (i + 1) & mask {
		s := atomic.LoadUint64(&slots[i])
		if s == 0 || s == memoFrozen { // frozen: a shared cache's slots being doubled
			return u128{}, false, false
		}
		if tagOf(s) != tag {
			continue
		}
		r := s - 1
		if r>>48 >= uint64(len(chunks)) {
			return u128{}, false, true
		}
		// entryIn, by hand for the common key shorter than 128 bytes: the compiler
		// inlines neither it nor splitEntry (the call cost 1% more instructions on
		// A001499(11), one worker, cachegrind).
		e := chunks[r>>48][r>>slotHashBits&(memoChunk-1):]
		var k, val []byte
		if n := 1 + uint(e[0]); n <= 0x80 {
			k, val = e[1:n], e[n:n+16]
		} else {
			k, val = longEntry(e)
		}
		if bytes.Equal(k, key) {
			return u128{binary.LittleEndian.Uint64(val), binary.LittleEndian.Uint64(val[8:])}, true, false
		}
	}
}

// put sets the count of key, with h its hash; a key longer than memoMaxKeyLen is not kept.
func (t *memoTable) put(key []byte, h uint64, v u128) {
	t.upsert(key, h, v, false)
}

// canKeep reports whether the table can keep a new key of length n: not longer than
// memoMaxKeyLen, and with room in its chunks.
func (t *memoTable) canKeep(n int) bool {
	return n <= memoMaxKeyLen && (len(t.chunks) < memoMaxChunks || !t.needChunk(n))
}

// upsert sets the count of key to v (see put), or with add adds v to it (0 if absent),
// finding its slot once. It returns the bytes of the entry's count (nil for a new key it
// cannot keep (canKeep), which is dropped), whether the key is new, and whether the sum
// overflowed 128 bits or, in a marked table, met the mark: then the count is left as it
// was. In a marked table v's high word is never the mark (frontierTable.add sees to it).
func (t *memoTable) upsert(key []byte, h uint64, v u128, add bool) (val []byte, isNew, overflow bool) {
	if 4*(t.n+1) > 3*len(t.slots) {
		t.grow()
	}
	mask := uint64(len(t.slots) - 1)
	tag := slotTag(h)
	for i := h & mask; ; i = (i + 1) & mask {
		s := t.slots[i]
		if s == 0 {
			if !t.canKeep(len(key)) {
				return nil, true, false
			}
			c := t.room(len(key))
			b := t.chunks[c]
			if t.ordered && t.n%orderedBlock == 0 {
				t.marks = append(t.marks, uint64(c)<<32|uint64(len(b)))
			}
			t.slots[i] = slotOf(h, c, len(b))
			b = binary.AppendUvarint(b, uint64(len(key)))
			b = append(b, key...)
			at := len(b)
			b = binary.LittleEndian.AppendUint64(b, v.lo)
			t.chunks[c] = binary.LittleEndian.AppendUint64(b, v.hi)
			t.n++
			return t.chunks[c][at:], true, false
		}
		if tagOf(s) != tag {
			continue
		}
		if k, val := t.entry(s); bytes.Equal(k, key) {
			if add {
				old := u128{binary.LittleEndian.Uint64(val), binary.LittleEndian.Uint64(val[8:])}
				var c bool
				if v, c = old.add(v); c || t.marked && (old.hi == bigMark || v.hi == bigMark) {
					return val, false, true
				}
			}
			binary.LittleEndian.PutUint64(val, v.lo)
			binary.LittleEndian.PutUint64(val[8:], v.hi)
			return val, false, false
		}
	}
}

// touch reads, for each hash in hs, the slot where its key's probe starts, then the entry
// of each such slot whose tag matches, and returns a sum of what it read (for the caller
// to keep, so that the reads are made). The reads of each pass do not wait for one
// another: their cache misses overlap, and the upserts of the keys that follow find the
// slots and entries in the cache.
func (t *memoTable) touch(hs []uint64) uint64 {
	if len(t.slots) == 0 {
		return 0
	}
	mask := uint64(len(t.slots) - 1)
	var sum uint64
	for _, h := range hs {
		sum += t.slots[h&mask]
	}
	for _, h := range hs {
		if s := t.slots[h&mask]; s != 0 && tagOf(s) == slotTag(h) {
			_, val := t.entry(s)
			sum += uint64(val[0])
		}
	}
	return sum
}

// grow doubles the slots (or makes the first ones) and puts every entry in its new place,
// hashing its key again (rehash).
func (t *memoTable) grow() {
	n := max(memoTableMinSlots, 2*len(t.slots))
	old := t.slots
	t.slots = newSlots(n)
	var batch [rehashBatch]uint64
	k := 0
	for _, s := range old {
		if s == 0 {
			continue
		}
		batch[k] = s
		if k++; k == len(batch) {
			t.touched += rehash(t.slots, t.chunks, t.seed, batch[:k])
			k = 0
		}
	}
	t.touched += rehash(t.slots, t.chunks, t.seed, batch[:k])
}

// newSlots returns n empty slots, their pages written: rehash reads a slot before it
// writes it, and a fresh page first read is mapped to the system's page of zeros, then
// copied at the write, which on a process running on several cores flushes every core's
// TLB (tile16 on two workers, the other worker busy: 0.3-0.5 s of system time more,
// nearly all in such flushes under rehash).
func newSlots(n int) []uint64 {
	s := make([]uint64, n)
	for i := 0; i < n; i += 4096 / 8 {
		s[i] = 0
	}
	return s
}

// rehashBatch is the number of entries rehash reads before it hashes the first of them.
const rehashBatch = 16

// rehash puts the slots ss, whose entries lie in chunks, into the free places of slots
// that their keys' hashes give: from the bits the slots keep, up to 2^slotHashBits slots
// (one worker on tile16: the growths took 16% of the CPU reading every key, 5% now);
// beyond, by hashing every key again (rehashKeys). It returns a sum of what it read, for
// the caller to keep so that the reads are made.
func rehash(slots []uint64, chunks [][]byte, seed maphash.Seed, ss []uint64) uint64 {
	mask := uint64(len(slots) - 1)
	if mask >= 1<<slotHashBits {
		return rehashKeys(slots, chunks, seed, ss)
	}
	for _, s := range ss {
		for i := tagOf(s) & mask; ; i = (i + 1) & mask {
			if slots[i] == 0 {
				slots[i] = s
				break
			}
		}
	}
	return 0
}

// rehashKeys is rehash hashing every key again. It reads the first byte of every entry
// before it hashes any, so that their cache misses overlap (a growth reads the entries in
// the order of the old slots, a random place each), and returns a sum of those bytes.
func rehashKeys(slots []uint64, chunks [][]byte, seed maphash.Seed, ss []uint64) uint64 {
	var sum uint64
	for _, s := range ss {
		r := s - 1
		sum += uint64(chunks[r>>48][r>>slotHashBits&(memoChunk-1)])
	}
	mask := uint64(len(slots) - 1)
	for _, s := range ss {
		k, _ := entryIn(chunks, s)
		for i := maphash.Bytes(seed, k) & mask; ; i = (i + 1) & mask {
			if slots[i] == 0 {
				slots[i] = s
				break
			}
		}
	}
	return sum
}

// entrySize returns the arena bytes of an entry with a key of length n.
func (t *memoTable) entrySize(n int) int {
	return uvarintLen(n) + n + 16
}

// uvarintLen returns the bytes of n as a uvarint.
func uvarintLen(n int) int {
	return (bits.Len64(uint64(n)|1) + 6) / 7
}

// mayGrow reports whether adding a key of length n may grow the table, its slots or its
// chunks: cheaply, for the forward count's check before each add (needChunk looks further).
func (t *memoTable) mayGrow(n int) bool {
	return 4*(t.n+1) > 3*len(t.slots) || t.cur >= len(t.chunks) ||
		len(t.chunks[t.cur])+t.entrySize(n) > cap(t.chunks[t.cur])
}

// needChunk reports whether an entry with a key of length n needs a new chunk.
func (t *memoTable) needChunk(n int) bool {
	for c := t.cur; c < len(t.chunks); c++ {
		if len(t.chunks[c])+t.entrySize(n) <= cap(t.chunks[c]) {
			return false
		}
	}
	return true
}

// room returns the chunk in which to put an entry with a key of length n: the current
// one, a later one left empty by reset, or a new one.
func (t *memoTable) room(n int) int {
	for ; t.cur < len(t.chunks); t.cur++ {
		if len(t.chunks[t.cur])+t.entrySize(n) <= cap(t.chunks[t.cur]) {
			return t.cur
		}
	}
	size := t.nextChunk(n)
	t.chunks = append(t.chunks, make([]byte, 0, size))
	t.held += int64(size)
	t.cur = len(t.chunks) - 1
	return t.cur
}

// nextChunk returns the size of the next chunk: twice the last, from memoFirstChunk up to
// memoChunk, and at least room for an entry with a key of length n.
func (t *memoTable) nextChunk(n int) int {
	size := memoFirstChunk
	if len(t.chunks) > 0 {
		size = min(2*cap(t.chunks[len(t.chunks)-1]), memoChunk)
	}
	return max(size, t.entrySize(n))
}

// inOrder yields the key and the count's bytes of every entry of an ordered table, in
// the order they were made.
func (t *memoTable) inOrder() iter.Seq2[[]byte, []byte] {
	return t.entries(0, 0, len(t.chunks), 0)
}

// blocks returns the number of blocks of an ordered table: its entries in the order they
// were made, orderedBlock a block, the last block shorter.
func (t *memoTable) blocks() int { return len(t.marks) }

// block yields the key and the count's bytes of every entry of block k of an ordered table,
// in the order they were made.
func (t *memoTable) block(k int) iter.Seq2[[]byte, []byte] {
	endC, endOff := len(t.chunks), 0 // where the next block starts
	if k+1 < len(t.marks) {
		endC, endOff = int(t.marks[k+1]>>32), int(uint32(t.marks[k+1]))
	}
	return t.entries(int(t.marks[k]>>32), int(uint32(t.marks[k])), endC, endOff)
}

// entries yields the entries of an ordered table from offset off of chunk c up to offset
// endOff of chunk endC (endC = len(chunks): to the end).
func (t *memoTable) entries(c, off, endC, endOff int) iter.Seq2[[]byte, []byte] {
	return func(yield func(key, val []byte) bool) {
		for ; c < len(t.chunks); c, off = c+1, 0 {
			b := t.chunks[c]
			if c == endC {
				b = b[:endOff]
			}
			for b = b[off:]; len(b) > 0; {
				n, k := binary.Uvarint(b)
				e := b[k : k+int(n)+16]
				if !yield(e[:n], e[n:]) {
					return
				}
				b = b[k+int(n)+16:]
			}
			if c == endC {
				return
			}
		}
	}
}

// reset empties the table, keeping its slots and chunks for the entries to come: a table
// used again costs no allocation and no doubling. Slots far more than its entries needed
// are made fewer (slots are scanned when a table is read through).
func (t *memoTable) reset() {
	if n := len(t.slots); n > memoTableMinSlots && 8*t.n < n {
		t.slots = make([]uint64, max(memoTableMinSlots, n/4))
	}
	clear(t.slots)
	for c := range t.chunks {
		t.chunks[c] = t.chunks[c][:0]
	}
	t.cur, t.n = 0, 0
	t.marks = t.marks[:0]
}
