package formats

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/internal/build"
	"github.com/xcover/xcover/internal/engine"
	"github.com/xcover/xcover/internal/textio"
)

// A scanner splits a text into tokens across lines: the one-character tokens of delims,
// and words (runs of other non-blank characters). Lines starting with one of comments
// are skipped.
type scanner struct {
	lr       *textio.LineReader
	delims   string
	comments []string
	line     []byte // the rest of the current line
	lineNo   int    // the line of the last token
	err      error
}

func newScanner(r io.Reader, name, delims string, comments ...string) *scanner {
	return &scanner{lr: textio.NewLineReader(r, name), delims: delims, comments: comments}
}

// next returns the next token, or "" at the end or after an error (in s.err).
func (s *scanner) next() string {
	for {
		s.line = bytes.TrimLeft(s.line, " \t\f\v")
		if len(s.line) > 0 {
			break
		}
		line, err := s.lr.ReadLine()
		if err == io.EOF {
			return ""
		}
		if err != nil {
			s.err = lineError(err)
			return ""
		}
		t := bytes.TrimLeft(line, " \t\f\v")
		skip := false
		for _, c := range s.comments {
			skip = skip || bytes.HasPrefix(t, []byte(c))
		}
		if skip {
			continue
		}
		s.line = line
		s.lineNo = s.lr.Line()
	}
	if strings.IndexByte(s.delims, s.line[0]) >= 0 {
		tok := string(s.line[:1])
		s.line = s.line[1:]
		return tok
	}
	i := 0
	for i < len(s.line) && !isSpace(s.line[i]) && strings.IndexByte(s.delims, s.line[i]) < 0 {
		i++
	}
	tok := string(s.line[:i])
	s.line = s.line[i:]
	return tok
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\f' || c == '\v' }

func (s *scanner) errorf(token, format string, args ...any) *dlx.Error {
	return &dlx.Error{File: s.lr.Name(), Line: s.lineNo, Token: token, Msg: fmt.Sprintf(format, args...)}
}

// number parses a decimal number of digits only, at most max.
func number(tok string, max int64) (int64, bool) {
	if tok == "" || len(tok) > 19 || strings.Trim(tok, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.ParseInt(tok, 10, 64)
	return n, err == nil && n <= max
}

// maxBound is the largest multiplicity bound read, as in DLX text.
const maxBound = 1_000_000_000

// readMiniexact reads either of miniexact's forms.
func readMiniexact(r io.Reader, name string) (*dlx.File, error) {
	s := newScanner(r, name, "<>[];:$", "//")
	first := s.next()
	for strings.HasPrefix(first, "c") { // the DIMACS form's comments before its header
		s.line = nil
		first = s.next()
	}
	if s.err != nil {
		return nil, s.err
	}
	switch first {
	case "<":
	case "p":
		return readDIMACS(s)
	case "":
		return nil, &dlx.Error{File: name, Msg: `no problem: want "< primary items >" or "p xc NP NS"`}
	default:
		return nil, s.errorf(first, `want "< primary items >" or "p xc NP NS"`)
	}
	b := new(xcover.Builder)
	index := map[string]int{} // item name → index
	var secondary []bool      // per item
	tok := s.next()
	for tok != ">" {
		if err := s.word(tok, "primary item or '>'"); err != nil {
			return nil, err
		}
		item, line := tok, s.lineNo
		lo, hi := int64(1), int64(1)
		if tok = s.next(); tok == ":" {
			var ok bool
			t := s.next()
			if lo, ok = number(t, maxBound); !ok {
				return nil, s.errorf(t, "want a number of times after %q", item+":")
			}
			hi = lo
			if tok = s.next(); tok == ";" {
				t = s.next()
				if hi, ok = number(t, maxBound); !ok {
					return nil, s.errorf(t, "want the most times after %q", item+":"+strconv.FormatInt(lo, 10)+";")
				}
				tok = s.next()
			}
		}
		i, err := b.AddPrimaryBounds(item, int(lo), int(hi))
		if err != nil {
			return nil, builderError(s.lr.Name(), line, item, err)
		}
		index[item] = i
		secondary = append(secondary, false)
	}
	tok = s.next()
	if tok == "[" {
		for tok = s.next(); tok != "]"; tok = s.next() {
			if err := s.word(tok, "secondary item or ']'"); err != nil {
				return nil, err
			}
			i, err := b.AddSecondary(tok)
			if err != nil {
				return nil, builderError(s.lr.Name(), s.lineNo, tok, err)
			}
			index[tok] = i
			secondary = append(secondary, true)
		}
		tok = s.next()
	}
	var lines []int
	var entries []xcover.Entry
	seen := newSeen()
	for tok != "" {
		start := s.lineNo
		entries = entries[:0]
		seen.reset()
		var cost int64
		for tok != ";" && tok != "" {
			if tok == "$" {
				t := s.next()
				n, ok := number(t, engine.MaxCost)
				if !ok || cost+n > engine.MaxCost {
					return nil, s.errorf(t, "want a cost from 0 to %d after '$'", int64(engine.MaxCost))
				}
				cost += n
				tok = s.next()
				continue
			}
			if err := s.word(tok, "item, '$' or ';'"); err != nil {
				return nil, err
			}
			i, ok := index[tok]
			if !ok {
				return nil, s.errorf(tok, "unknown item")
			}
			if seen.add(i) {
				return nil, s.errorf(tok, "item twice in one option")
			}
			e := xcover.Entry{Item: i}
			item := tok
			if tok = s.next(); tok == ":" {
				c := s.next()
				if err := s.word(c, "colour"); err != nil {
					return nil, err
				}
				if !secondary[i] {
					return nil, s.errorf(item+":"+c, build.ReasonPrimaryColour)
				}
				e.Color = c
				tok = s.next()
			}
			entries = append(entries, e)
		}
		if s.err != nil {
			return nil, s.err
		}
		if len(entries) == 0 {
			return nil, s.errorf(tok, "option with no item")
		}
		if err := b.AddOptionEntries(entries...); err != nil {
			return nil, builderError(s.lr.Name(), s.lineNo, "", err)
		}
		if cost > 0 {
			b.SetCost(len(lines), cost)
		}
		lines = append(lines, start)
		if tok == ";" {
			tok = s.next()
		}
	}
	if s.err != nil {
		return nil, s.err
	}
	p, err := b.Build()
	if err != nil {
		return nil, builderError(s.lr.Name(), s.lineNo, "", err)
	}
	return file(p, s.lr.Name(), lines), nil
}

// word reports an error unless tok is a word (not a delimiter, not the end).
func (s *scanner) word(tok, want string) error {
	if s.err != nil {
		return s.err
	}
	if tok == "" {
		return &dlx.Error{File: s.lr.Name(), Line: s.lr.Line(), Msg: "unexpected end: want " + want}
	}
	if len(tok) == 1 && strings.Contains(s.delims, tok) {
		return s.errorf(tok, "want %s", want)
	}
	return nil
}

// readDIMACS reads the DIMACS-like form after its "p".
func readDIMACS(s *scanner) (*dlx.File, error) {
	name := s.lr.Name()
	kind := s.next()
	if kind != "xc" && kind != "xcc" {
		return nil, s.errorf(kind, `want "p xc NP NS" or "p xcc NP NS"`)
	}
	headerLine := s.lineNo
	np, ok1 := number(s.next(), 1<<24)
	ns, ok2 := number(s.next(), 1<<24)
	if !ok1 || !ok2 || s.lineNo != headerLine {
		return nil, s.errorf("", "want the numbers of primary and secondary items after %q, on its line", "p "+kind)
	}
	b := new(xcover.Builder)
	for i := range np + ns {
		if i < np {
			b.AddPrimary(strconv.FormatInt(i+1, 10))
		} else {
			b.AddSecondary(strconv.FormatInt(i+1, 10))
		}
	}
	s.delims, s.comments = "", []string{"c"}
	var lines []int
	var entries []xcover.Entry
	seen := newSeen()
	start := 0
	for {
		tok := s.next()
		if s.err != nil {
			return nil, s.err
		}
		if tok == "" {
			break
		}
		if len(entries) == 0 {
			start = s.lineNo
		}
		neg := strings.HasPrefix(tok, "-")
		n, ok := number(strings.TrimPrefix(tok, "-"), np+ns)
		switch {
		case !ok:
			return nil, s.errorf(tok, "want an item from 1 to %d, a colour -C or 0", np+ns)
		case neg && n == 0:
			return nil, s.errorf(tok, "want an item from 1 to %d, a colour -C or 0", np+ns)
		case neg && kind == "xc":
			return nil, s.errorf(tok, `a colour in a "p xc" problem (colours need "p xcc")`)
		case neg:
			last := len(entries) - 1
			if last < 0 || entries[last].Item < int(np) || entries[last].Color != "" {
				return nil, s.errorf(tok, "a colour must follow a secondary item without one")
			}
			entries[last].Color = strconv.FormatInt(n, 10)
		case n == 0:
			if err := b.AddOptionEntries(entries...); err != nil {
				return nil, builderError(name, s.lineNo, "", err)
			}
			lines = append(lines, start)
			entries = entries[:0]
		default:
			if len(entries) == 0 {
				seen.reset()
			}
			if seen.add(int(n - 1)) {
				return nil, s.errorf(tok, "item twice in one option")
			}
			entries = append(entries, xcover.Entry{Item: int(n - 1)})
		}
	}
	if len(entries) > 0 {
		return nil, &dlx.Error{File: name, Line: s.lr.Line(), Msg: "the last option does not end with 0"}
	}
	p, err := b.Build()
	if err != nil {
		return nil, builderError(name, s.lr.Line(), "", err)
	}
	return file(p, name, lines), nil
}

// checkMiniexact refuses what miniexact's format cannot hold: names with its
// delimiters, or starting with "//" (a comment), and options with no item.
func checkMiniexact(p *xcover.Problem) error {
	for i := range p.NumItems() {
		if n := p.Item(i).Name; strings.ContainsAny(n, "<>[];:$") || strings.HasPrefix(n, "//") {
			return fmt.Errorf("item %q: a name in miniexact's format may hold none of < > [ ] ; : $ and not begin with //", n)
		}
	}
	for k := range p.NumOptions() {
		if len(p.Option(k)) == 0 {
			return fmt.Errorf("option %d has no item", k)
		}
		for _, e := range p.Option(k) {
			if strings.ContainsAny(e.Color, "<>[];:$") || strings.HasPrefix(e.Color, "//") {
				return fmt.Errorf("option %d: colour %q: a colour in miniexact's format may hold none of < > [ ] ; : $", k, e.Color)
			}
		}
	}
	return nil
}

func writeMiniexact(w *bufio.Writer, p *xcover.Problem) {
	w.WriteString("<")
	for i := range p.NumItems() {
		it := p.Item(i)
		if it.Secondary {
			continue
		}
		w.WriteString(" " + it.Name)
		switch {
		case it.Min == 1 && it.Max == 1:
		case it.Min == it.Max:
			fmt.Fprintf(w, ":%d", it.Max)
		default:
			fmt.Fprintf(w, ":%d;%d", it.Min, it.Max)
		}
	}
	w.WriteString(" >")
	if p.NumPrimary() < p.NumItems() {
		w.WriteString(" [")
		for i := range p.NumItems() {
			if it := p.Item(i); it.Secondary {
				w.WriteString(" " + it.Name)
			}
		}
		w.WriteString(" ]")
	}
	w.WriteByte('\n')
	for k := range p.NumOptions() {
		w.WriteString(p.OptionString(k))
		if c := p.Cost(k); c != 0 {
			fmt.Fprintf(w, " $ %d", c)
		}
		w.WriteString(";\n")
	}
}

// checkDIMACS refuses what the DIMACS-like form cannot hold: bounds and costs.
func checkDIMACS(p *xcover.Problem) error {
	switch {
	case p.HasBounds():
		return fmt.Errorf("it has no multiplicities: item bounds other than exactly once cannot be written")
	case p.HasCosts():
		return fmt.Errorf("it has no costs")
	}
	return nil
}

// writeDIMACS numbers the primary items from 1, then the secondary items, and the
// colours from 1 in order of first use.
func writeDIMACS(w *bufio.Writer, p *xcover.Problem) {
	num := make([]int, p.NumItems())
	n := 0
	for pass := range 2 {
		for i := range p.NumItems() {
			if p.Item(i).Secondary == (pass == 1) {
				n++
				num[i] = n
			}
		}
	}
	kind := "xc"
	if p.HasColors() {
		kind = "xcc"
	}
	fmt.Fprintf(w, "p %s %d %d\n", kind, p.NumPrimary(), p.NumItems()-p.NumPrimary())
	colors := map[string]int{}
	var b []byte
	for k := range p.NumOptions() {
		b = b[:0]
		for _, e := range p.Option(k) {
			b = strconv.AppendInt(b, int64(num[e.Item]), 10)
			b = append(b, ' ')
			if e.Color != "" {
				c, ok := colors[e.Color]
				if !ok {
					c = len(colors) + 1
					colors[e.Color] = c
				}
				b = strconv.AppendInt(b, int64(-c), 10)
				b = append(b, ' ')
			}
		}
		b = append(b, "0\n"...)
		w.Write(b)
	}
}

// A seen set records the items of one option, to report an item met twice where it is.
type seen struct {
	stamp map[int]int
	n     int
}

func newSeen() *seen { return &seen{stamp: map[int]int{}} }

// reset empties the set.
func (s *seen) reset() { s.n++ }

// add adds item i and reports whether it was there already.
func (s *seen) add(i int) bool {
	if s.stamp[i] == s.n+1 {
		return true
	}
	s.stamp[i] = s.n + 1
	return false
}
