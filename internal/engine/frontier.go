package engine

import (
	"encoding/binary"
	"errors"
	"hash/maphash"
	"math/big"
	"math/bits"
	"sync"
	"sync/atomic"
)

// Forward memoised counting: the same sub-problems as the depth-first memo (MemoCount's
// choice of item is a function of the state, so the same states are reached), counted the
// other way round, as a transfer matrix is. Each sub-problem carries the number of paths
// from the root that reach it. Sub-problems are grouped in levels by the number of primary
// items they have covered; every option covers at least one, so a sub-problem's children
// lie in later levels. The levels are expanded in order: each sub-problem of a level hands
// its number of paths to its children (equal children, reached by different paths, become
// one entry that adds them up), a sub-problem with every primary item covered adds its
// number to the total, and a level is dropped once expanded.
//
// Memory: only the levels not yet expanded are held, where the depth-first memo keeps
// every sub-problem it has ever counted (on the domino boards, a few per cent of it).
//
// Workers, without locks: each worker writes the children it makes into tables of its own,
// one per level and per partition of the keys (by hash). When a level comes up, partition j
// is merged from every worker's tables and expanded by one worker; a level receives
// children only from earlier levels, so nobody writes the tables being read.
//
// With a budget: if the levels held pass it, the count gives up (errFrontierFull) and the
// depth-first memo, which can go on without keeping more, counts instead.

var errFrontierFull = errors.New("memo: the frontier outgrew the budget")

// A frontierTable is one worker's entries of one level and partition: a memoTable, and
// the counts that grew past 2^128 (rare) in a map that shadows the table.
type frontierTable struct {
	memoTable
	bigs map[string]*big.Int
}

// add adds v paths to key (hash h); it reports whether the entry is new, and by how many
// bytes the table grew: -1 if the table cannot keep the key (canKeep), when the forward
// count cannot go on (a dropped entry would be a wrong count).
func (t *frontierTable) add(key []byte, h uint64, v count) (isNew bool, grew int64) {
	if !t.canKeep(len(key)) {
		if _, ok := t.get(key, h); !ok {
			return false, -1
		}
	}
	if b, ok := t.bigs[string(key)]; ok { // a nil map reads as empty
		sum := new(big.Int).Add(b, v.big())
		t.bigs[string(key)] = sum
		return false, 8 * int64(len(sum.Bits())-len(b.Bits()))
	}
	before := t.bytes()
	if v.b == nil {
		isNew, overflow := t.addTo(key, h, v.u)
		if !overflow {
			return isNew, t.bytes() - before
		}
	}
	// Past 2^128: the sum moves to bigs, and the table's entry (0 if new) is shadowed.
	old, ok := t.get(key, h)
	sum := count{u: old}.plus(v)
	if sum.b == nil { // a big v that fits after all
		t.put(key, h, sum.u)
		return !ok, t.bytes() - before
	}
	t.put(key, h, u128{}) // shadowed by bigs
	if t.bigs == nil {
		t.bigs = make(map[string]*big.Int)
	}
	t.bigs[string(key)] = sum.b
	return !ok, t.bytes() - before + int64(len(key)+bigEntryOverhead+8*len(sum.b.Bits()))
}

// value returns the count of the entry in slot s.
func (t *frontierTable) value(key, val []byte) count {
	if b, ok := t.bigs[string(key)]; ok {
		return count{b: b}
	}
	return count{u: u128{binary.LittleEndian.Uint64(val), binary.LittleEndian.Uint64(val[8:])}}
}

// held returns the table's bytes, its big numbers included.
func (t *frontierTable) held() int64 {
	b := t.bytes()
	for k, v := range t.bigs {
		b += int64(len(k) + bigEntryOverhead + 8*len(v.Bits()))
	}
	return b
}

// A frontierWorker is one worker of a forward count: its memo (state), its tables by level
// and partition, and its share of the results.
type frontierWorker struct {
	m      *memo
	tables [][]*frontierTable // [level][partition], made when first written
	total  count              // solutions reached
	nodes  uint64             // sub-problems expanded
	news   uint64             // children that were new entries
	merges uint64             // children added to an entry
	// held is the bytes this worker's adds have grown tables by, less the tables it has
	// dropped: the sum over the workers is the bytes held (tables kept for reuse included).
	held atomic.Int64
	free []*frontierTable // tables read through, emptied for reuse
}

// recycle empties t, read through, and keeps it for reuse by w.
func (w *frontierWorker) recycle(t *frontierTable) {
	before := t.held()
	t.reset()
	t.bigs = nil
	w.held.Add(t.held() - before)
	w.free = append(w.free, t)
}

// table returns the worker's table of level c and partition j.
func (w *frontierWorker) table(c, j int, seed maphash.Seed, parts int) *frontierTable {
	if w.tables[c] == nil {
		w.tables[c] = make([]*frontierTable, parts)
	}
	if w.tables[c][j] == nil {
		if n := len(w.free); n > 0 {
			w.tables[c][j], w.free = w.free[n-1], w.free[:n-1]
		} else {
			w.tables[c][j] = &frontierTable{memoTable: memoTable{seed: seed}}
		}
	}
	return w.tables[c][j]
}

// frontierCount counts the solutions below the given sub-problems, each with its number of
// paths, by forward memoised counting on the given workers. Poll is asked every few
// thousand sub-problems.
func frontierCount(sp *Spec, p *MemoParams, parts []memoPart, workers int) (*big.Int, MemoStats, error) {
	np := sp.NumPrimary
	nparts := 1 // partitions of the keys: a power of two, several per worker
	for nparts < 4*workers && workers > 1 {
		nparts *= 2
	}
	shift := uint(64 - bits.TrailingZeros(uint(nparts)))
	partOf := func(h uint64) int {
		if nparts == 1 {
			return 0
		}
		return int(h >> shift)
	}
	seed := maphash.MakeSeed()
	ws := make([]*frontierWorker, workers)
	for i := range ws {
		ws[i] = &frontierWorker{m: newMemo(sp, p), tables: make([][]*frontierTable, np+1)}
	}
	// The starting sub-problems go to worker 0's tables.
	m0 := ws[0].m
	for _, q := range parts {
		m0.setKey(q.key)
		m0.makeKey(m0.firstFree())
		h := maphash.Bytes(seed, m0.key)
		_, grew := ws[0].table(np-m0.nfree, partOf(h), seed, nparts).add(m0.key, h, countOf(q.mult))
		if grew < 0 {
			return nil, MemoStats{}, errFrontierFull
		}
		ws[0].held.Add(grew)
	}

	var (
		lost    atomic.Bool // a key could not be kept: the count gives up (errFrontierFull)
		stop    atomic.Bool
		pollMu  sync.Mutex
		runErr  error
		maxHeld int64
	)
	poll := func(w *frontierWorker) bool {
		pollMu.Lock()
		defer pollMu.Unlock()
		var st MemoStats
		for _, x := range ws {
			st.Bytes += x.held.Load()
			st.Nodes += atomic.LoadUint64(&x.nodes)
		}
		maxHeld = max(maxHeld, st.Bytes)
		switch {
		case p.MaxBytes > 0 && st.Bytes > p.MaxBytes:
			runErr = errFrontierFull
		case p.Poll != nil && !p.Poll(&st):
			runErr = ErrMemoStopped
		default:
			return true
		}
		stop.Store(true)
		return false
	}

	// expand expands every entry of table t (level c) by worker w.
	expand := func(w *frontierWorker, c int, t *frontierTable) bool {
		m := w.m
		var prev [16]int32
		for _, s := range t.slots {
			if s == 0 {
				continue
			}
			key, val := t.entry(s)
			v := t.value(key, val)
			m.setKey(key)
			if atomic.AddUint64(&w.nodes, 1)%pollEvery == 0 && !poll(w) || stop.Load() {
				return false
			}
			i := m.choose(m.firstFree())
			if i < 0 {
				w.total = w.total.plus(v)
				continue
			}
			for _, o := range m.lists[i] {
				if !m.fits(o) {
					continue
				}
				saved := m.saveSec(o, prev[:0])
				m.take(o)
				m.makeKey(m.firstFree())
				h := maphash.Bytes(seed, m.key)
				isNew, grew := w.table(np-m.nfree, partOf(h), seed, nparts).add(m.key, h, v)
				if grew < 0 {
					lost.Store(true)
					stop.Store(true)
					return false
				}
				if isNew {
					w.news++
				} else {
					w.merges++
				}
				if grew != 0 {
					w.held.Add(grew)
				}
				m.untake(o, saved)
			}
		}
		return true
	}

	for c := 0; c <= np && !stop.Load(); c++ {
		var next atomic.Int64
		var wg sync.WaitGroup
		for _, w := range ws {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for !stop.Load() {
					j := int(next.Add(1) - 1)
					if j >= nparts {
						return
					}
					// Merge partition j of level c from every worker into one table.
					// The largest table is the base: the others are added into it.
					var base *frontierTable
					for _, x := range ws {
						if x.tables[c] != nil && x.tables[c][j] != nil && (base == nil || x.tables[c][j].n > base.n) {
							base = x.tables[c][j]
						}
					}
					for _, x := range ws {
						if x.tables[c] == nil || x.tables[c][j] == nil {
							continue
						}
						t := x.tables[c][j]
						x.tables[c][j] = nil
						if t == base {
							continue
						}
						for _, s := range t.slots {
							if s != 0 {
								key, val := t.entry(s)
								_, grew := base.add(key, maphash.Bytes(seed, key), t.value(key, val))
								if grew < 0 {
									lost.Store(true)
									stop.Store(true)
									return
								}
								w.held.Add(grew)
							}
						}
						w.recycle(t) // merged
					}
					if base == nil {
						continue
					}
					ok := expand(w, c, base)
					w.recycle(base) // expanded
					if !ok {
						return
					}
				}
			}()
		}
		wg.Wait()
		var held int64
		for _, w := range ws {
			w.tables[c] = nil // expanded: dropped
			held += w.held.Load()
		}
		// The next levels, made while this one was expanded, are held now.
		maxHeld = max(maxHeld, held)
		if p.MaxBytes > 0 && held > p.MaxBytes && runErr == nil {
			runErr = errFrontierFull
			stop.Store(true)
		}
	}
	if lost.Load() && runErr == nil {
		runErr = errFrontierFull
	}
	total := new(big.Int)
	var st MemoStats
	for _, w := range ws {
		total.Add(total, w.total.big())
		st.Nodes += w.nodes
		st.Misses += w.news
		st.Hits += w.merges
	}
	st.Entries, st.Bytes = st.Misses, maxHeld
	if runErr != nil {
		return nil, st, runErr
	}
	return total, st, nil
}
