package zdd

import (
	"context"
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/engine"
)

// Build returns the diagram of all solutions of p: every problem the format holds,
// multiplicities and colours included. It settles the primary items one at a time in
// the problem's order, taking for each a subset of the options not yet decided that
// contain it (each option is decided at its first primary item), and keeps each
// sub-problem met — the item, the option reached and how the items still open are
// covered — so that a sub-problem met again adds no node. Options without a primary
// item are in no solution.
//
// maxBytes bounds the memory of the diagram and of the table of sub-problems (0 means
// 2 GiB, as a memoised count's); past it Build stops with an error that says so. It stops
// with ctx's error when ctx is done. It refuses a problem of more than 2,000,000
// options.
func Build(ctx context.Context, p *xcover.Problem, maxBytes int64) (*Diagram, error) {
	if maxBytes <= 0 {
		maxBytes = engine.DefaultMemoBytes
	}
	if p.NumOptions() > maxOptions {
		return nil, fmt.Errorf("zdd: %d options, more than the %d this builder takes (its recursion goes a level an option)", p.NumOptions(), maxOptions)
	}
	b := newBuilder(p)
	b.ctx, b.max = ctx, maxBytes
	root, err := b.build(0, 0)
	if err != nil {
		return nil, err
	}
	return &Diagram{Nodes: b.nodes, Root: int(root)}, nil
}

// maxOptions bounds the options of a problem Build takes: its recursion goes down one
// level an option, and Go's stack is bounded (1 GB).
const maxOptions = 2_000_000

// An entry of an option, as the builder reads it.
type entry struct {
	item  int32 // index in the problem
	color int32 // 0: none; else a colour number from 1
}

type builder struct {
	ctx context.Context
	max int64 // memory budget, bytes

	// The problem.
	lo, hi    []int32   // bounds of each item (primary items only)
	secondary []bool    // by item
	prim      []int32   // the primary items in order
	rank      []int32   // each item's place in prim, -1 for a secondary item
	cands     []int32   // every candidate option, by position: those of prim[0], then prim[1], …
	start     []int     // cands of prim[r] are cands[start[r]:start[r+1]]
	opts      [][]entry // each option's entries
	lastUse   []int     // the last position of an option holding each secondary item (-1 if none)
	users     [][]int32 // the positions of the candidates holding each primary item, ascending

	// The state: how many times each item is covered (by how many options taken); each
	// secondary item's colour (0 free, 1 taken without colour, c+1 taken with colour c).
	state []int32
	sec   []int32

	nodes  []Node
	unique map[[3]int32]int32
	memo   map[string]int32
	bytes  int64 // memory used, estimated
	polls  int
	key    []byte
}

func newBuilder(p *xcover.Problem) *builder {
	n := p.NumItems()
	b := &builder{
		lo: make([]int32, n), hi: make([]int32, n), secondary: make([]bool, n),
		rank: make([]int32, n), lastUse: make([]int, n), state: make([]int32, n), sec: make([]int32, n),
		nodes:  []Node{{}, {}},
		unique: make(map[[3]int32]int32),
		memo:   make(map[string]int32),
	}
	for i := range n {
		it := p.Item(i)
		b.rank[i], b.lastUse[i] = -1, -1
		if it.Secondary {
			b.secondary[i] = true
			continue
		}
		b.lo[i], b.hi[i] = int32(it.Min), int32(it.Max)
		b.rank[i] = int32(len(b.prim))
		b.prim = append(b.prim, int32(i))
	}
	colors := map[string]int32{}
	byRank := make([][]int32, len(b.prim))
	b.opts = make([][]entry, p.NumOptions())
	for k := range b.opts {
		first := int32(-1)
		for _, e := range p.Option(k) {
			en := entry{item: int32(e.Item)}
			if e.Color != "" {
				c, ok := colors[e.Color]
				if !ok {
					c = int32(len(colors) + 1)
					colors[e.Color] = c
				}
				en.color = c
			}
			if r := b.rank[e.Item]; r >= 0 && (first < 0 || r < first) {
				first = r
			}
			b.opts[k] = append(b.opts[k], en)
		}
		if first >= 0 {
			byRank[first] = append(byRank[first], int32(k))
		}
	}
	b.start = make([]int, len(b.prim)+1)
	for r, ks := range byRank {
		b.start[r] = len(b.cands)
		for _, k := range ks {
			for _, e := range b.opts[k] {
				if b.secondary[e.item] {
					b.lastUse[e.item] = len(b.cands)
				}
			}
			b.cands = append(b.cands, k)
		}
	}
	b.start[len(b.prim)] = len(b.cands)
	b.users = make([][]int32, n)
	for pos, k := range b.cands {
		for _, e := range b.opts[k] {
			if !b.secondary[e.item] {
				b.users[e.item] = append(b.users[e.item], int32(pos))
			}
		}
	}
	return b
}

// Memory estimates, in bytes: a node (its slot in nodes and its unique table entry) and
// a sub-problem's table entry besides its key.
const (
	nodeBytes = 24 + 32
	memoBytes = 48
)

// build returns the node of the sub-problem at position pos of cands in the current
// state, the items before the one of rank r settled.
func (b *builder) build(pos, r int) (int32, error) {
	// Settle the items whose candidates are all decided.
	for r < len(b.prim) && pos == b.start[r+1] {
		i := b.prim[r]
		if c := b.state[i]; c < b.lo[i] || c > b.hi[i] {
			return 0, nil
		}
		r++
	}
	if r == len(b.prim) {
		return 1, nil
	}
	i := b.prim[r]
	// The item is full: its remaining candidates cannot be taken. Or it cannot be
	// filled with all of them.
	if b.state[i] == b.hi[i] && pos < b.start[r+1] {
		return b.build(b.start[r+1], r)
	}
	if int(b.state[i])+b.start[r+1]-pos < int(b.lo[i]) {
		return 0, nil
	}
	key := b.stateKey(pos, r)
	if n, ok := b.memo[string(key)]; ok {
		return n, nil
	}
	if b.polls++; b.polls&1023 == 0 {
		if err := b.ctx.Err(); err != nil {
			return 0, err
		}
	}
	if b.bytes += int64(len(key)) + memoBytes; b.bytes > b.max {
		return 0, b.overBudget()
	}
	skey := string(key)
	if pos == b.start[r] && b.dead(pos, r) {
		b.memo[skey] = 0
		return 0, nil
	}

	k := b.cands[pos]
	lo, err := b.build(pos+1, r)
	if err != nil {
		return 0, err
	}
	hi := int32(0)
	if b.fits(k) {
		b.take(k, +1)
		hi, err = b.build(pos+1, r)
		b.take(k, -1)
		if err != nil {
			return 0, err
		}
	}
	n, err := b.node(Node{Option: int(k), Lo: int(lo), Hi: int(hi)})
	if err != nil {
		return 0, err
	}
	b.memo[skey] = n
	return n, nil
}

// dead reports whether some item after the one of rank r still needs covering and no
// option not yet decided (at pos or later) that holds it can be taken: then the
// sub-problem has no solution. (What does not fit now never will: the state only grows
// as options are taken.)
func (b *builder) dead(pos, r int) bool {
	for _, i := range b.prim[r+1:] {
		if b.state[i] >= b.lo[i] {
			continue
		}
		u := b.users[i]
		j, _ := slices.BinarySearch(u, int32(pos))
		found := false
		for ; j < len(u) && !found; j++ {
			found = b.fits(b.cands[u[j]])
		}
		if !found {
			return true
		}
	}
	return false
}

func (b *builder) overBudget() error {
	return fmt.Errorf("zdd: the diagram passed its memory budget of %s (%d nodes, %d sub-problems so far)", sizeText(b.max), len(b.nodes)-2, len(b.memo))
}

// node returns the node of n, made anew unless an equal one exists, or n.Lo if n.Hi is ⊥.
func (b *builder) node(n Node) (int32, error) {
	if n.Hi == 0 {
		return int32(n.Lo), nil
	}
	uk := [3]int32{int32(n.Option), int32(n.Lo), int32(n.Hi)}
	if id, ok := b.unique[uk]; ok {
		return id, nil
	}
	if b.bytes += nodeBytes; b.bytes > b.max {
		return 0, b.overBudget()
	}
	id := int32(len(b.nodes))
	if int(id) != len(b.nodes) || id < 0 {
		return 0, fmt.Errorf("zdd: more than %d nodes", int32(^uint32(0)>>1))
	}
	b.nodes = append(b.nodes, n)
	b.unique[uk] = id
	return id, nil
}

// fits reports whether option k can be taken in the current state.
func (b *builder) fits(k int32) bool {
	for _, e := range b.opts[k] {
		s := b.state[e.item]
		switch {
		case !b.secondary[e.item]:
			if s >= b.hi[e.item] {
				return false
			}
		case e.color == 0:
			if s != 0 {
				return false
			}
		default:
			if c := b.sec[e.item]; s != 0 && c != e.color+1 {
				return false
			}
		}
	}
	return true
}

// take adds (d = +1) or removes (d = -1) option k to or from the state; a secondary
// item is free again when its last user is removed.
func (b *builder) take(k int32, d int32) {
	for _, e := range b.opts[k] {
		b.state[e.item] += d
		if b.secondary[e.item] {
			switch {
			case b.state[e.item] == 0:
				b.sec[e.item] = 0
			case e.color == 0:
				b.sec[e.item] = 1
			default:
				b.sec[e.item] = e.color + 1
			}
		}
	}
}

// stateKey encodes the sub-problem: the position, then the covered primary items from
// the one being settled on and the secondary items still in some candidate from pos on,
// each as the distance from the last one listed and its state.
func (b *builder) stateKey(pos, r int) []byte {
	key := binary.AppendUvarint(b.key[:0], uint64(pos))
	last := -1
	for j := r; j < len(b.prim); j++ {
		i := b.prim[j]
		if s := b.state[i]; s != 0 {
			key = binary.AppendUvarint(key, uint64(j-last))
			key = binary.AppendUvarint(key, uint64(s))
			last = j
		}
	}
	key = append(key, 0) // the secondary items follow
	last = -1
	for i, sec := range b.secondary {
		if sec && b.state[i] != 0 && b.lastUse[i] >= pos {
			key = binary.AppendUvarint(key, uint64(i-last))
			key = binary.AppendUvarint(key, uint64(b.sec[i]))
			last = i
		}
	}
	b.key = key
	return key
}

// sizeText writes a number of bytes as "2 GiB", "512 MiB" or "1000 bytes".
func sizeText(n int64) string {
	switch {
	case n >= 1<<30 && n%(1<<30) == 0:
		return fmt.Sprintf("%d GiB", n>>30)
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
