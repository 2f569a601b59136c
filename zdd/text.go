package zdd

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/textio"
)

// Write writes d to w in the text form of the package comment. Write buffers its output:
// w need not.
func Write(w io.Writer, d *Diagram) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	var b []byte
	b = append(b, "zdd "...)
	b = strconv.AppendInt(b, int64(len(d.Nodes)-2), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(d.Root), 10)
	b = append(b, '\n')
	bw.Write(b)
	for i := 2; i < len(d.Nodes); i++ {
		n := d.Nodes[i]
		b = strconv.AppendInt(b[:0], int64(i), 10)
		for _, x := range [3]int{n.Option, n.Lo, n.Hi} {
			b = append(b, ' ')
			b = strconv.AppendInt(b, int64(x), 10)
		}
		b = append(b, '\n')
		bw.Write(b)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("zdd: write: %w", err)
	}
	return nil
}

// maxNodes bounds the nodes a header may announce, so that a corrupt header cannot ask
// for more memory than any diagram Build makes.
const maxNodes = 1<<31 - 3

// Read reads a diagram of p's solutions in the text form of the package comment from r;
// name names the input in messages. Every error names the input, the line and the
// offending text: a missing or malformed header, a node line out of order, an option that
// is not one of p's, a child that is not an earlier node, a HI child of 0, a root that is
// no node, fewer or more node lines than announced.
func Read(r io.Reader, name string, p *xcover.Problem) (*Diagram, error) {
	lr := textio.NewLineReader(r, name)
	var d *Diagram
	want := 0
	for {
		line, err := lr.ReadLine()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		f := bytes.Fields(line)
		if len(f) == 0 || f[0][0] == '|' || bytes.HasPrefix(f[0], []byte("//")) {
			continue
		}
		if d == nil {
			if len(f) != 3 || string(f[0]) != "zdd" {
				return nil, lr.Errorf(string(line), `want the header "zdd NODES ROOT"`)
			}
			nodes, ok1 := number(f[1], maxNodes)
			root, ok2 := number(f[2], nodes+1)
			if !ok1 || !ok2 {
				return nil, lr.Errorf(string(line), "bad header: NODES a whole number, ROOT one of 0 to NODES+1")
			}
			want = nodes
			d = &Diagram{Nodes: make([]Node, 2, 2+min(nodes, 1<<20)), Root: root}
			continue
		}
		id := len(d.Nodes)
		if id-2 == want {
			return nil, lr.Errorf(string(line), fmt.Sprintf("more node lines than the %d of the header", want))
		}
		if len(f) != 4 {
			return nil, lr.Errorf(string(line), `want a node "ID OPTION LO HI"`)
		}
		if got, ok := number(f[0], maxNodes+1); !ok || got != id {
			return nil, lr.Errorf(string(f[0]), fmt.Sprintf("want node %d here (nodes are numbered from 2 in order)", id))
		}
		opt, ok := number(f[1], 1<<31-1)
		if !ok {
			return nil, lr.Errorf(string(f[1]), "bad option number")
		}
		if opt >= p.NumOptions() {
			return nil, lr.Errorf(string(f[1]), fmt.Sprintf("no option %d in the problem (options are numbered 0 to %d)", opt, p.NumOptions()-1))
		}
		lo, ok := number(f[2], id-1)
		if !ok {
			return nil, lr.Errorf(string(f[2]), "LO must be an earlier node")
		}
		hi, ok := number(f[3], id-1)
		if !ok || hi == 0 {
			return nil, lr.Errorf(string(f[3]), "HI must be an earlier node other than 0")
		}
		d.Nodes = append(d.Nodes, Node{Option: opt, Lo: lo, Hi: hi})
	}
	switch {
	case d == nil:
		return nil, &textio.Error{File: name, Msg: `no header "zdd NODES ROOT"`}
	case len(d.Nodes)-2 < want:
		return nil, &textio.Error{File: name, Line: lr.Line(), Msg: fmt.Sprintf("%d node lines, fewer than the %d of the header", len(d.Nodes)-2, want)}
	}
	return d, nil
}

// number parses a decimal number from 0 to max, digits only.
func number(b []byte, max int) (int, bool) {
	if len(b) == 0 || len(b) > 10 {
		return 0, false
	}
	n := 0
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = 10*n + int(c-'0')
	}
	return n, n <= max
}
