package xcover

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
)

// A Cover poses an exact cover problem the way the articles this project grew from do: each
// choice (any comparable value: a string, a struct, an array such as [3]int{queen, row,
// col}) satisfies some constraints (any comparable values too), and a solution is a set of
// choices satisfying each constraint exactly once. Constraints can be made optional (see
// Satisfy) and given multiplicities (see Multiplicity). Solutions come back as the caller's own
// choice values. Choices and constraints keep the order in which they were first added, so
// results are reproducible.
//
// A Cover keeps its first error (a choice added twice, a bad count), as a Builder does;
// Problem and the methods that search return it. The zero Cover is ready to use:
//
//	var c xcover.Cover[string, int]
//	c.Add("A", 1, 4, 7)
type Cover[C, K comparable] struct {
	choices  []C
	choiceAt map[C]int
	keys     []K
	keyAt    map[K]int
	sets     [][]int // per choice, its constraints' indices
	lo, hi   map[int]int
	satisfy  map[int]bool // nil: every constraint must be satisfied
	initial  []C
	err      error
	p        *Problem // built, nil until Problem is called (and after a change)
}

// init makes the maps of a zero Cover.
func (c *Cover[C, K]) init() {
	if c.choiceAt == nil {
		c.choiceAt, c.keyAt, c.lo, c.hi = map[C]int{}, map[K]int{}, map[int]int{}, map[int]int{}
	}
}

func (c *Cover[C, K]) fail(err error) {
	if c.err == nil {
		c.err = err
	}
}

func (c *Cover[C, K]) key(k K) int {
	c.init()
	i, ok := c.keyAt[k]
	if !ok {
		i = len(c.keys)
		c.keyAt[k] = i
		c.keys = append(c.keys, k)
	}
	return i
}

// Add adds a choice and the constraints it satisfies (a constraint named twice counts
// twice). Adding the same choice twice is an error.
func (c *Cover[C, K]) Add(choice C, constraints ...K) {
	c.init()
	c.p = nil
	if _, dup := c.choiceAt[choice]; dup {
		c.fail(fmt.Errorf("xcover: choice %v added twice", choice))
		return
	}
	if len(constraints) == 0 {
		c.fail(fmt.Errorf("xcover: choice %v satisfies no constraint", choice))
		return
	}
	set := make([]int, len(constraints))
	for i, k := range constraints {
		set[i] = c.key(k)
	}
	c.choiceAt[choice] = len(c.choices)
	c.choices = append(c.choices, choice)
	c.sets = append(c.sets, set)
}

// Multiplicity makes the constraint k satisfied between lo and hi times instead of exactly
// once (0 <= lo <= hi, hi >= 1): Knuth's multiplicities (the articles' "counts"). For a
// constraint that must be satisfied (see Satisfy) n times it is Multiplicity(k, n, n); an
// optional one is satisfied at most hi times whatever lo says.
func (c *Cover[C, K]) Multiplicity(k K, lo, hi int) {
	c.p = nil
	if lo < 0 || hi < 1 || lo > hi {
		c.fail(fmt.Errorf("xcover: multiplicity %d..%d for constraint %v: want 0 <= lo <= hi, hi >= 1", lo, hi, k))
		return
	}
	i := c.key(k)
	c.lo[i], c.hi[i] = lo, hi
}

// Satisfy says which constraints must be satisfied; every other constraint becomes
// optional: satisfied at most once (or at most its Multiplicity), or not at all. Without a call
// to Satisfy every constraint must be. Calls add up.
func (c *Cover[C, K]) Satisfy(constraints ...K) {
	c.p = nil
	if c.satisfy == nil {
		c.satisfy = map[int]bool{}
	}
	for _, k := range constraints {
		c.satisfy[c.key(k)] = true
	}
}

// Initial forces choices into every solution.
func (c *Cover[C, K]) Initial(choices ...C) {
	c.initial = append(c.initial, choices...)
}

// Problem returns the exact cover problem the cover poses: options in the order the
// choices were added, items in the order the constraints first appeared (named k0, k1, ...
// after their positions). Constraints that must be satisfied are primary items, with their
// counts as bounds; optional ones are secondary items, or primary items with bounds 0..hi
// when their count allows more than one.
func (c *Cover[C, K]) Problem() (*Problem, error) {
	if c.err != nil {
		return nil, c.err
	}
	if c.p != nil {
		return c.p, nil
	}
	if len(c.choices) == 0 {
		return nil, errors.New("xcover: a cover without choices")
	}
	b := new(Builder)
	name := func(i int) string { return "k" + strconv.Itoa(i) }
	// Primary items first (those to satisfy, and optional ones with counts over 1), then
	// the secondary ones, each group in order.
	for i := range c.keys {
		must := c.satisfy == nil || c.satisfy[i]
		lo, hi, counted := c.lo[i], c.hi[i], c.hi[i] > 0
		switch {
		case must && counted:
			b.AddPrimaryBounds(name(i), lo, hi)
		case must:
			b.AddPrimary(name(i))
		case counted && hi > 1:
			b.AddPrimaryBounds(name(i), 0, hi)
		}
	}
	for i := range c.keys {
		must := c.satisfy == nil || c.satisfy[i]
		if !must && c.hi[i] <= 1 {
			b.AddSecondary(name(i))
		}
	}
	for _, set := range c.sets {
		names := make([]string, len(set))
		for j, i := range set {
			names[j] = name(i)
		}
		b.AddOption(names...)
	}
	p, err := b.Build()
	if err != nil {
		return nil, fmt.Errorf("xcover: cover: %w", err)
	}
	for _, ch := range c.initial {
		if _, ok := c.choiceAt[ch]; !ok {
			return nil, fmt.Errorf("xcover: initial choice %v is not a choice", ch)
		}
	}
	c.p = p
	return p, nil
}

// Solver returns a Solver of the cover's problem with cfg, its Initial options set from the
// cover's initial choices (added to any cfg has), or the cover's first error. Turn its
// solutions into choices with Choices:
//
//	s, err := c.Solver(xcover.Config{})
//	...
//	for sol := range s.Solutions(ctx) {
//		use(c.Choices(sol))
//	}
//	if err := s.Err(); err != nil { ... }
func (c *Cover[C, K]) Solver(cfg Config) (*Solver, error) {
	p, err := c.Problem()
	if err != nil {
		return nil, err
	}
	cfg.Initial = slices.Clone(cfg.Initial)
	for _, ch := range c.initial {
		cfg.Initial = append(cfg.Initial, c.choiceAt[ch])
	}
	return NewSolver(p, cfg)
}

// Choices returns the choices of a solution given as option indices, in the order the
// choices were added.
func (c *Cover[C, K]) Choices(sol []int) []C {
	out := make([]C, len(sol))
	sorted := slices.Sorted(slices.Values(sol))
	for i, k := range sorted {
		out[i] = c.choices[k]
	}
	return out
}
