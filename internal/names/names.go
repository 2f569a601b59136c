// Package names keeps the index of a problem's item names: an open-addressing hash table
// over the names themselves, kept in one array of bytes. It is what xcover.Builder and the DLX
// reader look names up in: a file of 10^7 entries looks up 10^7 names, and Go's map of
// strings took 30–50% of such a load. A name of at most 8 bytes (every name in Knuth's
// programs) is kept whole in its slot, so that looking it up reads one slot, one cache
// miss, and not the name's string header and bytes elsewhere (three).
package names

import (
	"errors"
	"fmt"
	"hash/maphash"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// A Table maps names to their indices 0, 1, 2, … in the order they were added. Look-ups
// may run concurrently with each other, not with Add. The zero Table is empty and ready.
//
// Memory: a name's bytes and 4 bytes for its end, and 16 bytes a slot, two to four slots
// a name (36 to 68 bytes a name and its bytes). The names are copied into one array of
// bytes, not kept as strings: on 10^6 names, 12 MB less than their 16-byte headers and
// the text they pointed into, and no pointer for the collector to follow. A large table
// that Seal has sealed keeps no slot until its first look-up.
type Table struct {
	text  []byte   // the names' bytes, one after another; never changed once written
	ends  []uint32 // by index: the end of the name's bytes in text (the end before: its start)
	slots []slot   // a power of two long, at least twice the number of names; nil once sealed (lazy)
	shift uint     // 64 - log2(len(slots)): a hash's top bits are its first slot
	seed  maphash.Seed
	mix   uint64 // seeds the hash of short names
	// lazy, set by Seal in place of slots, builds them again for the first look-up after
	// it, once for the table and every copy of it.
	lazy *lazySlots
}

// lazySlots are the slots of a sealed table, built when first needed.
type lazySlots struct {
	once  sync.Once
	slots []slot
}

// sealMin is the number of names from which Seal drops the slots: below it they take
// under 4 MB, not worth building again.
const sealMin = 1 << 16

// Seal ends the adding of names: the table is only read afterwards, and copies of it may
// be read concurrently. A table of at least 2^16 names drops its slots, which only the
// look-ups by name read, and builds them again at the first look-up, if any comes: a
// problem read from a file has looked its names up already, and its search never does (on
// issue 42's 10^6 names, 32 MB less at the search's peak; building them again took about
// 0.1 s).
func (t *Table) Seal() {
	if len(t.ends) < sealMin || t.slots == nil {
		return
	}
	t.slots, t.lazy = nil, new(lazySlots)
}

// look returns the slots to look names up in, building those of a sealed table.
func (t *Table) look() []slot {
	if t.slots != nil || t.lazy == nil {
		return t.slots
	}
	t.lazy.once.Do(func() {
		t.lazy.slots = make([]slot, 1<<(64-t.shift))
		t.fill(t.lazy.slots)
	})
	return t.lazy.slots
}

// A slot holds one name, or none when idx is 0.
type slot struct {
	key uint64 // a name of up to 8 bytes itself (little-endian, padded with 0); else its hash
	idx uint32 // 1 + the name's index
	n   uint32 // the name's length
}

// Len returns the number of names.
func (t *Table) Len() int { return len(t.ends) }

// Name returns the name of index i. The string shares the table's bytes, which are never
// changed.
func (t *Table) Name(i int) string {
	lo := uint32(0)
	if i > 0 {
		lo = t.ends[i-1]
	}
	if t.ends[i] == lo {
		return ""
	}
	return unsafe.String(&t.text[lo], t.ends[i]-lo)
}

// Grow makes room for n more names without rehashing.
func (t *Table) Grow(n int) {
	if need := 2 * (len(t.ends) + n); need > len(t.slots) {
		t.rehash(need)
	}
	t.ends = slices.Grow(t.ends, n)
}

// TouchSlots writes the slots of an empty table, as they are (empty), so that the system
// maps each page of them once, in order, at that write. Names added at random to fresh
// slots read a page before they write it, which maps the system's page of zeros, then
// copies it at the write, telling the other cores to drop the mapping they may hold (perf
// on issue 42's big87, 10^6 names: smp_call_function_many_cond and native_write_msr under
// the adding). A caller that has grown the table for the names it is about to add calls
// it: the slots' pages are then all written anyway. Slots of over 4 MB are written in
// parts on up to GOMAXPROCS goroutines: on issue 42's big87 (32 MB of slots), writing them
// took 30-60 ms of the item line's 120-200, on one core while the other read the file.
func (t *Table) TouchSlots() {
	if len(t.ends) != 0 {
		return
	}
	const part = 4 << 20 / int(unsafe.Sizeof(slot{})) // slots in 4 MB
	parts := min(runtime.GOMAXPROCS(0), len(t.slots)/part)
	if parts <= 1 {
		clear(t.slots)
		return
	}
	var wg sync.WaitGroup
	for r := 1; r < parts; r++ {
		wg.Go(func() { clear(t.slots[len(t.slots)*r/parts : len(t.slots)*(r+1)/parts]) })
	}
	clear(t.slots[:len(t.slots)/parts])
	wg.Wait()
}

// GrowText makes room for n more bytes of names.
func (t *Table) GrowText(n int) { t.text = slices.Grow(t.text, n) }

// push appends name to the names.
func (t *Table) push(name string) {
	t.text = append(t.text, name...)
	if uint64(len(t.text)) > math.MaxUint32 {
		panic("names: more than 4 GiB of names")
	}
	t.ends = append(t.ends, uint32(len(t.text)))
}

// pack returns a name of at most 8 bytes as a word.
func pack(s string) uint64 {
	var w uint64
	for i := len(s) - 1; i >= 0; i-- {
		w = w<<8 | uint64(s[i])
	}
	return w
}

// keyOf returns the key of name and its hash.
func (t *Table) keyOf(name string) (key, h uint64) {
	if len(name) <= 8 {
		key = pack(name)
		return key, t.shortHash(key)
	}
	h = maphash.String(t.seed, name)
	return h, h
}

// rehash makes the slot array at least min long (a power of two) and reinserts every name.
func (t *Table) rehash(min int) {
	if t.seed == (maphash.Seed{}) {
		t.seed = maphash.MakeSeed()
		t.mix = maphash.Comparable(t.seed, 0)
	}
	size := 8
	for size < min {
		size *= 2
	}
	t.slots, t.lazy = make([]slot, size), nil
	t.shift = uint(64 - bits.TrailingZeros(uint(size)))
	t.fill(t.slots)
}

// fill puts every name into slots, empty, 2^(64-t.shift) long.
func (t *Table) fill(slots []slot) {
	mask := uint64(len(slots) - 1)
	for i := range t.ends {
		name := t.Name(i)
		key, h := t.keyOf(name)
		s := h >> t.shift
		for slots[s].idx != 0 {
			s = (s + 1) & mask
		}
		slots[s] = slot{key, uint32(i + 1), uint32(len(name))}
	}
}

// shortHash returns the hash of a name of at most 8 bytes whose key (pack) is key.
func (t *Table) shortHash(key uint64) uint64 {
	hi, lo := bits.Mul64(key^t.mix, 0x9e3779b97f4a7c15)
	return hi ^ lo
}

// find returns the slot of name in slots (t's), or the empty slot where it would go.
func (t *Table) find(slots []slot, name string) *slot {
	key, h := t.keyOf(name)
	mask := uint64(len(slots) - 1)
	// Invariant: the names of hash h lie in the run of used slots from h's first slot on.
	for s := h >> t.shift; ; s = (s + 1) & mask {
		x := &slots[s]
		if x.idx == 0 || x.key == key && x.n == uint32(len(name)) && (len(name) <= 8 || t.Name(int(x.idx)-1) == name) {
			return x
		}
	}
}

// Add adds name with the next index and returns that index, or returns the index it
// already has and false.
func (t *Table) Add(name string) (int, bool) {
	if 2*(len(t.ends)+1) > len(t.slots) {
		t.rehash(4 * (len(t.ends) + 1))
	}
	x := t.find(t.slots, name)
	if x.idx != 0 {
		return int(x.idx) - 1, false
	}
	t.push(name)
	key, _ := t.keyOf(name)
	*x = slot{key, uint32(len(t.ends)), uint32(len(name))}
	return len(t.ends) - 1, true
}

// Hash returns the key and the hash of name in t, as Add and Index compute them: a caller
// that adds many names may compute them first, read the names' slots together
// (WarmHashes), then add the names (AddHashed), computing them once.
func (t *Table) Hash(name string) (key, h uint64) {
	if t.seed == (maphash.Seed{}) {
		t.rehash(8) // the seed
	}
	return t.keyOf(name)
}

// HashShort returns the hash of a name of 1 to 8 bytes given as its key (IndexShort), as
// Hash does, once the table has grown (Grow) or a name has been added.
func (t *Table) HashShort(key uint64) uint64 { return t.shortHash(key) }

// AddHashed is Add of a name whose key and hash Hash returned.
func (t *Table) AddHashed(name string, key, h uint64) (int, bool) {
	if 2*(len(t.ends)+1) > len(t.slots) {
		t.rehash(4 * (len(t.ends) + 1))
	}
	mask := uint64(len(t.slots) - 1)
	s := h >> t.shift
	for x := &t.slots[s]; x.idx != 0; x = &t.slots[s] {
		if x.key == key && x.n == uint32(len(name)) && (len(name) <= 8 || t.Name(int(x.idx)-1) == name) {
			return int(x.idx) - 1, false
		}
		s = (s + 1) & mask
	}
	t.push(name)
	t.slots[s] = slot{key, uint32(len(t.ends)), uint32(len(name))}
	return len(t.ends) - 1, true
}

// WarmHashes reads the first slot of each name whose hash Hash returned and changes
// nothing: adding the names right after finds their slots in the cache, the misses of the
// batch having overlapped instead of following one another, as in IndexAll. It returns a
// sum of what it read, so that the reads are not left out.
//
//go:noinline
func (t *Table) WarmHashes(hs []uint64) uint32 {
	slots := t.look()
	if len(slots) == 0 {
		return 0
	}
	var sum uint32
	for _, h := range hs {
		sum += slots[h>>t.shift].idx
	}
	return sum
}

// Index returns the index of name.
func (t *Table) Index(name string) (int, bool) {
	slots := t.look()
	if len(slots) == 0 {
		return 0, false
	}
	x := t.find(slots, name)
	return int(x.idx) - 1, x.idx != 0
}

// batch is how many names IndexAll looks up together: most calls look up one option
// line's names, and the arrays of a batch are cleared at each call (those of 64 made
// BenchmarkParse, a colour on every line, about 6% slower).
const batch = 16

// shortBatch is how many names IndexShort looks up together, a call looking up those of
// many lines. The more loads in flight, the more of their misses overlap: 10^7 look-ups of
// short names in a table of 10^6 (big87's) took 8% less time in batches of 64 than of 16
// (medians of 40 interleaved rounds of 2·10^6 look-ups, 68-69 ns against 73-77, at load 5
// on 2 cores; in a quieter round 30 against 36); batches of 128 gained no more.
const shortBatch = 64

// IndexAll sets idx[j] to the index of names[j], or to -1 where there is no such name
// (idx is at least as long as names). It is Index on each name, with the first slot of
// every name of a batch read before any is compared, so that the cache misses of a batch
// (one a name, the table being larger than the caches) overlap instead of following one
// another: on 10^7 look-ups in a table of 10^6 names, about twice as fast.
func (t *Table) IndexAll(names []string, idx []int32) {
	slots := t.look()
	if len(slots) == 0 {
		for j := range names {
			idx[j] = -1
		}
		return
	}
	var (
		keys  [batch]uint64
		pos   [batch]uint64
		first [batch]slot
	)
	mask := uint64(len(slots) - 1)
	for lo := 0; lo < len(names); lo += batch {
		b := names[lo:min(lo+batch, len(names))]
		for j, name := range b {
			key, h := t.keyOf(name)
			keys[j], pos[j] = key, h>>t.shift
		}
		for j := range b {
			first[j] = slots[pos[j]] // independent loads: the misses overlap
		}
		for j, name := range b {
			x, s := first[j], pos[j]
			for x.idx != 0 && !(x.key == keys[j] && x.n == uint32(len(name)) && (len(name) <= 8 || t.Name(int(x.idx)-1) == name)) {
				s = (s + 1) & mask
				x = slots[s]
			}
			idx[lo+j] = int32(x.idx) - 1
		}
	}
}

// Valid returns nil if s can be an item name or colour, or an error saying why not: a
// name is one or more printable, non-blank UTF-8 characters other than ':' and '|'.
func Valid(s string) error {
	if s == "" {
		return errors.New("empty name")
	}
	// Most names are printable ASCII: checked a byte at a time.
	ascii := true
	for i := 0; i < len(s) && ascii; i++ {
		c := s[i]
		ascii = c > ' ' && c < 0x7f && c != ':' && c != '|'
	}
	if ascii {
		return nil
	}
	if !utf8.ValidString(s) {
		return errors.New("invalid UTF-8 in name")
	}
	for _, r := range s {
		switch {
		case r == ':' || r == '|':
			return fmt.Errorf("%q not allowed in name", r)
		case unicode.IsControl(r):
			return errors.New("control character in name")
		case unicode.IsSpace(r):
			return errors.New("blank in name")
		case !unicode.IsPrint(r):
			return errors.New("unprintable character in name")
		}
	}
	return nil
}

// IndexShort is IndexAll for names of 1 to 8 bytes given as their keys (the name's bytes
// in a word, little-endian, the first byte lowest, zero above the last) and their
// lengths: a reader that cuts its names out of a text a word at a time has them so,
// without the strings (the DLX reader's option lines).
func (t *Table) IndexShort(keys []uint64, lens []uint8, idx []int32) {
	slots := t.look()
	if len(slots) == 0 {
		for j := range keys {
			idx[j] = -1
		}
		return
	}
	var (
		pos   [shortBatch]uint64
		first [shortBatch]slot
	)
	mask := uint64(len(slots) - 1)
	for lo := 0; lo < len(keys); lo += shortBatch {
		b := keys[lo:min(lo+shortBatch, len(keys))]
		for j, key := range b {
			pos[j] = t.shortHash(key) >> t.shift
		}
		for j := range b {
			first[j] = slots[pos[j]] // independent loads: the misses overlap
		}
		for j, key := range b {
			x, s, n := first[j], pos[j], uint32(lens[lo+j])
			for x.idx != 0 && !(x.key == key && x.n == n) {
				s = (s + 1) & mask
				x = slots[s]
			}
			idx[lo+j] = int32(x.idx) - 1
		}
	}
}
