package verify

import "math"

// Valid and Explain expose the two halves of a Checker to the tests, which compare them.
func (c *Checker) Valid(sol []int) bool          { return c.valid(sol) }
func (c *Checker) Explain(sol []int) []Violation { return c.explain(sol, false) }

// NearWrap makes the Checker's scratch space start one check before its generation counter
// wraps around, with every stamp set to the first generation after the wrap.
func (c *Checker) NearWrap() {
	newScratch := c.scratch.New
	c.scratch.New = func() any {
		s := newScratch().(*scratch)
		s.gen = math.MaxUint32 - 1
		for i := range s.optStamp {
			s.optStamp[i] = 1
		}
		for i := range s.itemGen {
			s.itemGen[i] = 1
			s.count[i] = 100
		}
		return s
	}
}
