package formats

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/internal/textio"
)

// readMatrix reads a 0/1 matrix: a row an option, a column a primary item.
func readMatrix(r io.Reader, name string) (*dlx.File, error) {
	lr := textio.NewLineReader(r, name)
	var b *xcover.Builder
	cols := 0
	var lines []int
	var entries []xcover.Entry
	for {
		line, err := lr.ReadLine()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, lineError(err)
		}
		t := bytes.TrimSpace(line)
		if len(t) == 0 || t[0] == '#' || t[0] == '|' || bytes.HasPrefix(t, []byte("//")) {
			continue
		}
		fields := bytes.FieldsFunc(t, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' || r == ';' })
		if len(fields) == 1 && len(fields[0]) > 1 { // a row written together: "0110"
			fields = fields[:0]
			for i := range t {
				fields = append(fields, t[i:i+1])
			}
		}
		if b == nil {
			cols = len(fields)
			b = new(xcover.Builder)
			for c := range cols {
				b.AddPrimary(strconv.Itoa(c + 1))
			}
		}
		if len(fields) != cols {
			return nil, lineError(lr.Errorf(string(t), fmt.Sprintf("a row of %d entries; the first row has %d", len(fields), cols)))
		}
		entries = entries[:0]
		for c, f := range fields {
			switch string(f) {
			case "0":
			case "1":
				entries = append(entries, xcover.Entry{Item: c})
			default:
				return nil, lineError(lr.Errorf(string(f), fmt.Sprintf("column %d: want 0 or 1", c+1)))
			}
		}
		if err := b.AddOptionEntries(entries...); err != nil {
			return nil, builderError(name, lr.Line(), "", err)
		}
		lines = append(lines, lr.Line())
	}
	if b == nil {
		return nil, &dlx.Error{File: name, Msg: "no row"}
	}
	p, err := b.Build()
	if err != nil {
		return nil, builderError(name, lr.Line(), "", err)
	}
	return file(p, name, lines), nil
}

// checkMatrix refuses what a 0/1 matrix cannot hold: secondary items, bounds and costs.
func checkMatrix(p *xcover.Problem) error {
	switch {
	case p.NumPrimary() < p.NumItems():
		return fmt.Errorf("a 0/1 matrix has no secondary items")
	case p.HasBounds():
		return fmt.Errorf("a 0/1 matrix has no multiplicities: every item is covered exactly once")
	case p.HasCosts():
		return fmt.Errorf("a 0/1 matrix has no costs")
	case p.NumItems() == 0 || p.NumOptions() == 0:
		return fmt.Errorf("a 0/1 matrix needs a column and a row")
	}
	return nil
}

// writeMatrix writes a row an option, entries separated by blanks or commas.
func writeMatrix(w *bufio.Writer, p *xcover.Problem, csv bool) {
	sep := byte(' ')
	if csv {
		sep = ','
	}
	row := make([]byte, 2*p.NumItems())
	for k := range p.NumOptions() {
		for c := range p.NumItems() {
			row[2*c], row[2*c+1] = '0', sep
		}
		for _, e := range p.Option(k) {
			row[2*e.Item] = '1'
		}
		row[len(row)-1] = '\n'
		w.Write(row)
	}
}
