package queens

import "fmt"

// Check checks the census: every representative kept is a solution, and Burnside's count
// from the fixed points agrees with the orbits found.
func (c *Census) Check() error {
	for _, o := range c.Reps {
		if err := checkFiles(o.Rep); err != nil {
			return fmt.Errorf("queens: internal error: orbit representative %v: %w", o.Rep, err)
		}
	}
	var sum uint64
	for _, f := range c.Fixed {
		sum += f
	}
	if sum%8 != 0 || c.Burnside() != c.Orbits {
		return fmt.Errorf("queens: internal error: %d orbits found but Burnside's count is %d/8", c.Orbits, sum)
	}
	return nil
}
