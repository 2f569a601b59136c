package engine

import (
	"hash/maphash"
	"math/big"
	"sync"
	"sync/atomic"
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
// same levels is taken before the budget is spent, and one 4 times as cheap as soon as
// the other has spent a little of it (earlyWinner). Work is counted, not timed — option
// checks plus a weight per node and per child — and only whole levels are compared (a
// level's work does not depend on the order in which its entries are met), so the choice
// depends on the problem alone: the same on every machine and for any number of workers,
// as the shares of one count need.

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
	// An order that has needed 1/orderFar of the other's work or less to finish the same
	// levels is taken as soon as the other has spent 1/orderEarly of the budget, however
	// little it has spent itself: on a random band of 600 items MRV's levels cost 58 times
	// First's (First's sweep reached level 240 on its budget, MRV level 21), and First,
	// short of 1/orderEarly at level 21, waited for MRV to spend the whole budget, 0.6 s of
	// the count's 0.85.
	orderFar = 4
)

// An orderTrial is one order's forward count, stopped at the end of a level.
type orderTrial struct {
	trialState
	m      *memo
	seed   maphash.Seed
	levels []*frontierTable // the levels not yet expanded; nil where none
	next   int              // the next level to expand
	bytes  int64            // held by the levels
	total  count            // solutions reached
	wide   big.Int          // the wide count of the entry being expanded (frontierTable.value)
	st     MemoStats
	// halt, on a trial of its own goroutine, stops it at the end of its level; quit stops
	// it at once (it is capped: the race's loser).
	halt, quit atomic.Bool
}

// A trialState is what the race between the trials reads of one: its work, level by
// level, and whether it may go on.
type trialState struct {
	cum     []uint64 // cum[c]: the work spent up to the end of level c
	work    uint64
	budget  uint64 // the work it may spend
	done    bool   // every level expanded: total is the count
	capped  bool   // stopped within a level: not to be taken up
	stopped bool   // Poll said stop
}

// active reports whether the trial may go on.
func (s *trialState) active() bool {
	return !s.done && !s.capped && !s.stopped && s.work < s.budget
}

func newOrderTrial(sp *Spec, p *MemoParams, order Order) *orderTrial {
	q := *p
	q.Order = order
	m := newMemo(sp, &q)
	for _, o := range p.Initial {
		m.take(o)
	}
	t := &orderTrial{m: m, seed: maphash.MakeSeed(), levels: make([]*frontierTable, sp.NumPrimary+1)}
	t.budget = orderTrialWork
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
			v := tab.value(key, val, &t.wide)
			m.setKey(key)
			if t.st.Nodes++; t.st.Nodes%memoPollEvery == 0 && m.pollStop() {
				t.stopped = true
				return
			}
			m.checks = 0
			first := m.firstFree()
			i := m.choose(first)
			if i < 0 {
				t.total = t.total.plus(v)
				continue
			}
			// The work counts every option of i, also those options() passes over: the
			// measure the orders are compared by, as when they were checked one by one.
			work += orderNodeWork + m.checks + uint64(len(m.lists[i]))
			for _, o := range m.options(i, first) {
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
			if t.capped || work > 2*t.budget || t.m.p.MaxBytes > 0 && t.bytes > t.m.p.MaxBytes || t.quit.Load() {
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

// chooseOrder races the two orders' trials (see above) and returns the winner: OrderFirst
// or OrderMRV, with its trial; nil if Poll stopped it. With more than one worker each
// trial runs on its own goroutine, ahead of the race, which takes their levels in the same
// order as on one worker, so the choice is the same; meanwhile the winner has gone on, and
// the loser is stopped at once.
func chooseOrder(sp *Spec, p *MemoParams) (Order, *orderTrial) {
	q := *p
	var mu sync.Mutex // the race's, and Poll's on several goroutines
	if p.Workers > 1 && p.Poll != nil {
		q.Poll = func(st *MemoStats) bool {
			mu.Lock()
			defer mu.Unlock()
			return p.Poll(st)
		}
	}
	trials := [2]*orderTrial{newOrderTrial(sp, &q, OrderFirst), newOrderTrial(sp, &q, OrderMRV)}
	r := &trialRace{s: [2]trialState{trials[0].trialState, trials[1].trialState}, winner: -1}
	if p.Workers <= 1 {
		for !r.advance() {
			k := r.next()
			trials[k].level()
			r.queued[k] = append(r.queued[k], trials[k].trialState)
		}
	} else {
		var wg sync.WaitGroup
		for i, t := range trials {
			wg.Go(func() {
				for t.active() && !t.halt.Load() {
					t.level()
					mu.Lock()
					r.queued[i] = append(r.queued[i], t.trialState) // cum's elements so far stay
					if r.advance() {
						trials[r.winner].halt.Store(true) // at the end of its level
						trials[1-r.winner].quit.Store(true)
						trials[1-r.winner].halt.Store(true)
					}
					mu.Unlock()
				}
			})
		}
		wg.Wait()
	}
	orders := [2]Order{OrderFirst, OrderMRV}
	k := r.winner
	if r.stopped || trials[k].stopped {
		return orders[k], nil
	}
	return orders[k], trials[k] // capped if it ran into a cap after the race: not taken up
}

// A trialRace is the race between the two trials, 0 (OrderFirst) and 1 (OrderMRV): the
// states of each as the race has taken them, level by level, always the next level of the
// one that has spent less work. A trial on its own goroutine may run ahead: its states
// wait in queued until the race takes them, so the outcome is the same as on one.
type trialRace struct {
	s       [2]trialState
	queued  [2][]trialState // states after levels expanded, not yet taken
	winner  int             // -1 until decided
	stopped bool            // Poll stopped the winner's trial
}

// next returns the trial whose next level the race takes.
func (r *trialRace) next() int {
	if !r.s[0].active() || r.s[1].active() && r.s[1].work < r.s[0].work {
		return 1
	}
	return 0
}

// advance takes the queued states in the race's order as far as they go, and reports
// whether the race is decided (winner).
func (r *trialRace) advance() bool {
	s := &r.s
	for r.winner < 0 {
		if !s[0].active() && !s[1].active() {
			r.winner = 0
			if pickOrder(s[0].cum, s[1].cum) == OrderMRV {
				r.winner = 1
			}
			break
		}
		k := r.next()
		if len(r.queued[k]) == 0 {
			return false
		}
		s[k], r.queued[k] = r.queued[k][0], r.queued[k][1:]
		switch {
		case s[k].stopped:
			r.winner, r.stopped = k, true
			return true
		case s[k].done:
			r.winner = k
			return true
		}
		if l := min(len(s[0].cum), len(s[1].cum)) - 1; l >= 0 {
			if k := earlyWinner(s[0].cum[l], s[1].cum[l], s[0].budget); k >= 0 && !s[k].capped {
				r.winner = k
			}
		}
	}
	return true
}

// earlyWinner returns the trial, 0 or 1, to take before the budget is spent, given the
// work a and b that each needed to finish the same levels: the cheaper, once both have
// spent 1/orderEarly of the budget and it needed 2/3 of the other's work or less, or once
// the other alone has spent that much and it needed 1/orderFar of it or less; -1 if
// neither yet.
func earlyWinner(a, b, budget uint64) int {
	least, most := min(a, b), max(a, b)
	if most < budget/orderEarly || 2*most < 3*least || least < budget/orderEarly && most < orderFar*least {
		return -1
	}
	if a < b {
		return 0
	}
	return 1
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
