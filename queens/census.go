package queens

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Check checks the census: every representative kept is a solution, and Burnside's count
// from the fixed points agrees with the orbits found.
func (c *Census) Check() error {
	for _, o := range c.Reps {
		if err := Check(o.Rep); err != nil {
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

// WriteText writes the census: a line for each representative kept (its files, the size of
// its orbit and the symmetries that fix it), then the number of orbits beside Burnside's
// count, "MISMATCH" if they differ.
func (c *Census) WriteText(w io.Writer) error {
	var b strings.Builder
	for _, o := range c.Reps {
		b.WriteString(FormatFiles(o.Rep))
		fmt.Fprintf(&b, "  orbit size %d, fixed by", o.Size)
		for _, g := range o.Fixers {
			fmt.Fprintf(&b, " %v", g)
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "%d solutions in %d orbits; Burnside: (", c.Solutions, c.Orbits)
	for i, g := range Symmetries {
		if i > 0 {
			b.WriteString(" + ")
		}
		fmt.Fprintf(&b, "%d", c.Fixed[g])
	}
	fmt.Fprintf(&b, ")/8 = %d", c.Burnside())
	if c.Check() != nil {
		b.WriteString("  MISMATCH")
	}
	b.WriteByte('\n')
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteJSON writes the census as JSON lines: one {"queens":[...],"size":S,"fixedBy":[...]}
// for each representative kept, then {"solutions":N,"orbits":O,"burnside":B,"fixed":{...}}.
func (c *Census) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	for _, o := range c.Reps {
		fixers := make([]string, len(o.Fixers))
		for i, g := range o.Fixers {
			fixers[i] = g.String()
		}
		if err := enc.Encode(struct {
			Queens []int    `json:"queens"`
			Size   int      `json:"size"`
			Fixers []string `json:"fixedBy"`
		}{o.Rep, o.Size, fixers}); err != nil {
			return err
		}
	}
	fixed := make(map[string]uint64)
	for _, g := range Symmetries {
		fixed[g.String()] = c.Fixed[g]
	}
	return enc.Encode(struct {
		Solutions uint64            `json:"solutions"`
		Orbits    uint64            `json:"orbits"`
		Burnside  uint64            `json:"burnside"`
		Fixed     map[string]uint64 `json:"fixed"`
	}{c.Solutions, c.Orbits, c.Burnside(), fixed})
}

// FormatFiles returns the files of a solution separated by spaces: the one-line form of a
// board too large to draw.
func FormatFiles(files []int) string {
	b := make([]byte, 0, 4*len(files))
	for i, f := range files {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(f), 10)
	}
	return string(b)
}
