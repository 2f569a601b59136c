package verify

// Valid and Explain expose the two halves of a Checker to the tests, which compare them.
func (c *Checker) Valid(sol []int) bool          { return c.valid(sol) }
func (c *Checker) Explain(sol []int) []Violation { return c.explain(sol) }
