package engine

import (
	"hash/maphash"
	"slices"
)

// Choosing the order of a memoised count (OrderAuto). The two orders make different
// sub-problems: OrderFirst's are bounded by the frontier when the items are listed in a
// sweep (a board's cells row by row: a transfer matrix), OrderMRV's are fewer where no
// such sweep exists (pieces as items, queens' diagonals, Langford pairs) but each costs a
// scan of the free items. Neither wins everywhere, and the file's order is all OrderFirst
// has to go on, so both are tried.
//
// Each order's trial is the forward count itself (as frontierCount does it, on one
// worker), one level at a time. The two are raced: the one that has spent less work goes
// on by a level, until one finishes (its count is the answer) or both have spent
// orderTrialWork; then the one that needed less work to finish the levels both finished
// goes on from where its trial stopped (its unexpanded levels are the start of the
// count), and the other's work is lost. An order 1.5 times as cheap as the other on the
// same levels is taken before the budget is spent. Work is counted, not timed — option checks plus a
// weight per node and per child — and only whole levels are compared (a level's work does
// not depend on the order in which its entries are met), so the choice depends on the
// problem alone: the same on every machine and for any number of workers, as the shares of
// one count need.

const (
	// orderTrialWork is the work each order's trial may spend before the two are compared
	// (a few tenths of a second at most).
	orderTrialWork = 1 << 25
	// A trial stops within a level whose own work would pass twice the trial's work:
	// that level is not finished, and the trial cannot be taken up. So does the budget
	// (MaxBytes).
	// orderNodeWork and orderChildWork weigh a node (its key read back, its item chosen)
	// and a child (its key made, hashed and added up) against one option check: measured
	// on queens and dominoes, a node and its children cost 100-400 checks when the tables
	// outgrow the processor's caches.
	orderNodeWork  = 64
	orderChildWork = 64
	// Once both trials have spent 1/orderEarly of the budget, an order that has needed
	// 2/3 of the other's work or less to finish the same levels is taken at once (the
	// ratio only grows with depth on queens; on pentominoes 6x10 it stays near 1.2, where
	// both orders take about as long).
	orderEarly = 32
)

// An orderTrial is one order's forward count, stopped at the end of a level.
type orderTrial struct {
	m       *memo
	seed    maphash.Seed
	levels  []*frontierTable // the levels not yet expanded; nil where none
	next    int              // the next level to expand
	cum     []uint64         // cum[c]: the work spent up to the end of level c
	work    uint64
	budget  uint64 // the work it may spend
	bytes   int64  // held by the levels
	total   count  // solutions reached
	st      MemoStats
	done    bool // every level expanded: total is the count
	capped  bool // stopped within a level: not to be taken up
	stopped bool // Poll said stop
}

func newOrderTrial(sp *Spec, p *MemoParams, order Order) *orderTrial {
	q := *p
	q.Order = order
	m := newMemo(sp, &q)
	for _, o := range p.Initial {
		m.take(o)
	}
	t := &orderTrial{m: m, seed: maphash.MakeSeed(), levels: make([]*frontierTable, sp.NumPrimary+1),
		budget: orderTrialWork}
	if p.TrialWork > 0 {
		t.budget = p.TrialWork
	}
	m.makeKey(m.firstFree())
	t.add(count{u: u128{lo: 1}})
	return t
}

// add adds v paths to the state whose key is in m.key.
func (t *orderTrial) add(v count) {
	c := t.m.np - t.m.nfree
	if t.levels[c] == nil {
		t.levels[c] = newFrontierTable(t.seed)
	}
	isNew, grew := t.levels[c].add(t.m.key, maphash.Bytes(t.seed, t.m.key), v)
	if grew < 0 { // not kept: the trial cannot be taken up
		t.capped = true
		return
	}
	t.bytes += grew
	t.st.Bytes = max(t.st.Bytes, t.bytes)
	if isNew {
		t.st.Misses++
		t.st.Entries++
	} else {
		t.st.Hits++
	}
}

// level expands the next level, or gives up within it (past twice the budget).
func (t *orderTrial) level() {
	m := t.m
	c := t.next
	tab := t.levels[c]
	var work uint64
	var prev [16]int32
	if tab != nil {
		for key, val := range tab.inOrder() {
			v := tab.value(key, val)
			m.setKey(key)
			if t.st.Nodes++; t.st.Nodes%pollEvery == 0 && m.pollStop() {
				t.stopped = true
				return
			}
			m.checks = 0
			i := m.choose(m.firstFree())
			if i < 0 {
				t.total = t.total.plus(v)
				continue
			}
			work += orderNodeWork + m.checks + uint64(len(m.lists[i]))
			for _, o := range m.lists[i] {
				if !m.fits(o) {
					continue
				}
				work += orderChildWork
				saved := m.saveSec(o, prev[:0])
				m.take(o)
				m.makeKey(m.firstFree())
				t.add(v)
				m.untake(o, saved)
			}
			if t.capped || work > 2*t.budget || t.m.p.MaxBytes > 0 && t.bytes > t.m.p.MaxBytes {
				t.capped = true
				return
			}
		}
	}
	if tab != nil {
		t.bytes -= tab.held()
	}
	t.levels[c] = nil
	t.work += work
	t.cum = append(t.cum, t.work)
	t.next++
	t.done = t.next == len(t.levels)
}

// active reports whether the trial may go on.
func (t *orderTrial) active() bool {
	return !t.done && !t.capped && !t.stopped && t.work < t.budget
}

// pending returns the trial's unexpanded sub-problems with their numbers of paths.
func (t *orderTrial) pending() []memoPart {
	var parts []memoPart
	for _, tab := range t.levels[t.next:] {
		if tab == nil {
			continue
		}
		for key, val := range tab.inOrder() {
			parts = append(parts, memoPart{slices.Clone(key), tab.value(key, val).big()})
		}
	}
	return parts
}

// chooseOrder races the two orders' trials (see above) and returns the winner: OrderFirst
// or OrderMRV, with its trial; nil if Poll stopped it.
func chooseOrder(sp *Spec, p *MemoParams) (Order, *orderTrial) {
	first := newOrderTrial(sp, p, OrderFirst)
	mrv := newOrderTrial(sp, p, OrderMRV)
	for first.active() || mrv.active() {
		t := first
		if !first.active() || mrv.active() && mrv.work < first.work {
			t = mrv
		}
		t.level()
		switch {
		case t.stopped:
			return t.m.p.Order, nil
		case t.done:
			return t.m.p.Order, t
		}
		if l := min(len(first.cum), len(mrv.cum)) - 1; l >= 0 && min(first.cum[l], mrv.cum[l]) >= first.budget/orderEarly {
			switch {
			case 2*first.cum[l] >= 3*mrv.cum[l] && !mrv.capped:
				return OrderMRV, mrv
			case 2*mrv.cum[l] >= 3*first.cum[l] && !first.capped:
				return OrderFirst, first
			}
		}
	}
	if pickOrder(first.cum, mrv.cum) == OrderMRV {
		return OrderMRV, mrv
	}
	return OrderFirst, first
}

// pickOrder compares two trials' work at the deepest level both finished: OrderMRV if it
// took less, else OrderFirst.
func pickOrder(first, mrv []uint64) Order {
	l := min(len(first), len(mrv)) - 1
	if l >= 0 && mrv[l] < first[l] {
		return OrderMRV
	}
	return OrderFirst
}
