package interop

import (
	"bufio"
	"io"
	"strconv"
)

// An out writes text to a buffered writer, or, with a nil writer, only counts records: the
// formats whose header gives the number of clauses or constraints make a counting pass first
// and a writing pass second, so that nothing is held in memory. A bufio.Writer keeps the
// first write error, which Flush returns.
type out struct {
	w *bufio.Writer // nil: count only
	n int           // records (clauses, constraints) so far
}

func newOut(w io.Writer) *out {
	if bw, ok := w.(*bufio.Writer); ok && bw.Size() >= 64<<10 {
		return &out{w: bw}
	}
	return &out{w: bufio.NewWriterSize(w, 256<<10)}
}

func (o *out) str(s string) {
	if o.w != nil {
		o.w.WriteString(s)
	}
}

func (o *out) byte(c byte) {
	if o.w != nil {
		o.w.WriteByte(c)
	}
}

func (o *out) int(v int) {
	if o.w != nil {
		o.w.Write(strconv.AppendInt(o.w.AvailableBuffer(), int64(v), 10))
	}
}

// optionComment writes "PREFIX<var> = option k: TEXT\n", where TEXT is the option's items.
func (o *out) optionComment(prefix string, pl *plan, k int) {
	if o.w == nil {
		return
	}
	o.str(prefix)
	o.int(k + 1)
	o.str(" = option ")
	o.int(k)
	o.str(": ")
	o.str(pl.p.OptionString(k))
	if !pl.alive[k] {
		o.str(" (no primary item: always false)")
	}
	o.byte('\n')
}

// colorComment writes "PREFIX<var> = item NAME has colour C\n".
func (o *out) colorComment(prefix string, pl *plan, c colVar) {
	if o.w == nil {
		return
	}
	o.str(prefix)
	o.int(int(c.v))
	o.str(" = item ")
	o.str(pl.p.Item(c.item).Name)
	o.str(" has colour ")
	o.str(c.color)
	o.byte('\n')
}
