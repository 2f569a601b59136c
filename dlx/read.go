package dlx

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/xcover/xcover"
)

// MaxLineBytes bounds the length of a line: an item line of a million items with long
// names fits; a file with no line ending (or /dev/zero) is refused before it fills memory.
const MaxLineBytes = 64 << 20

// maxBound is the largest multiplicity bound accepted on the item line. It keeps every
// count the engine derives from the bounds well inside int32.
const maxBound = 1_000_000_000

// ParseFile reads and parses the named file; the path "-" reads standard input and names it
// "<stdin>" in messages. A file that cannot be opened is reported by the error from
// [os.Open]; every other error is an [*Error].
func ParseFile(path string) (*File, error) {
	if path == "-" {
		return Parse(os.Stdin, "<stdin>")
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Parse(f, path)
}

// Parse reads a problem in DLX format from r. The name is used in messages and in the
// returned File. Every error, including a read error from r, is an [*Error].
func Parse(r io.Reader, name string) (*File, error) {
	p := &parser{
		r:      NewLineReader(r, name),
		b:      xcover.NewBuilder(),
		colors: make(map[string]string),
		f:      &File{Name: name},
	}
	if err := p.parse(); err != nil {
		return nil, err
	}
	return p.f, nil
}

// A parser holds the state of one Parse call.
type parser struct {
	r    *LineReader
	line int // number of the line last read

	b       *xcover.Builder
	colors  map[string]string // interned colour names
	marks   bool              // an item's name holds a combining mark (see hasMark)
	entries []xcover.Entry    // the option being read; reused
	f       *File
}

func (p *parser) errorf(token, msg string) *Error {
	return &Error{File: p.f.Name, Line: p.line, Token: token, Msg: msg}
}

// builderError turns an error from the Builder into an *Error at the current line. If token
// is not "", it replaces the Builder's token (so the message shows the text as written).
func (p *parser) builderError(err error, token string) *Error {
	var ne *xcover.NameError
	if errors.As(err, &ne) {
		if token == "" {
			token = ne.Token
		}
		return p.errorf(token, ne.Reason)
	}
	e := p.errorf(token, err.Error())
	e.err = err
	return e
}

func (p *parser) parse() error {
	sawItems := false
	for {
		line, err := p.r.ReadLine()
		p.line = p.r.Line()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		text, ok := trimBlanks(line)
		if !ok {
			continue // blank
		}
		if text[0] == '|' {
			if err := p.checkComment(line); err != nil {
				return err
			}
			continue
		}
		if !sawItems {
			if err := p.itemLine(text); err != nil {
				return err
			}
			sawItems = true
			continue
		}
		if err := p.optionLine(text); err != nil {
			return err
		}
	}
	if !sawItems {
		return &Error{File: p.f.Name, Msg: "no item line"}
	}
	prob, err := p.b.Build()
	if err != nil { // not expected: every Builder error has been reported already
		return p.builderError(err, "")
	}
	p.f.Problem = prob
	return nil
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' }

// trimBlanks removes leading and trailing blanks; ok is false if nothing is left.
func trimBlanks(b []byte) (text []byte, ok bool) {
	i, j := 0, len(b)
	for i < j && isBlank(b[i]) {
		i++
	}
	for j > i && isBlank(b[j-1]) {
		j--
	}
	return b[i:j], i < j
}

// nextToken returns the first blank-separated token of b and the rest of b after it.
// b must not start with a blank; the rest has its leading blanks removed.
func nextToken(b []byte) (tok, rest []byte) {
	i := 0
	for i < len(b) && !isBlank(b[i]) {
		i++
	}
	tok = b[:i]
	for i < len(b) && isBlank(b[i]) {
		i++
	}
	return tok, b[i:]
}

// checkComment reports invalid UTF-8 or a control character (other than a tab) in a
// comment line.
func (p *parser) checkComment(line []byte) error {
	for i := 0; i < len(line); {
		c := line[i]
		if c < utf8.RuneSelf {
			if c < ' ' && c != '\t' || c == 0x7f {
				return p.errorf(string(line[i:i+1]), "control character in comment")
			}
			i++
			continue
		}
		r, size := utf8.DecodeRune(line[i:])
		if r == utf8.RuneError && size == 1 {
			return p.errorf(string(line[i:i+1]), "invalid UTF-8 in comment")
		}
		if unicode.IsControl(r) {
			return p.errorf(string(line[i:i+size]), "control character in comment")
		}
		i += size
	}
	return nil
}

// itemLine reads the item line (trimmed, not a comment).
func (p *parser) itemLine(text []byte) error {
	p.b.GrowItems(bytes.Count(text, []byte{' '}) + 1) // about the number of items
	secondary := false
	for len(text) > 0 {
		var tb []byte
		tb, text = nextToken(text)
		tok := string(tb)
		if tok == "|" {
			if secondary {
				return p.errorf(tok, `item line has a second separator`)
			}
			secondary = true
			continue
		}
		bounds, name, hasBounds := strings.Cut(tok, "|")
		if !hasBounds {
			name = tok
		}
		var err error
		switch {
		case secondary && hasBounds && bounds != "" && strings.Trim(bounds, "0123456789:") == "":
			return p.errorf(tok, "bounds on secondary item")
		case secondary:
			name = tok
			_, err = p.b.AddSecondary(name)
		case hasBounds:
			lo, hi, msg := parseBounds(bounds)
			if msg != "" {
				return p.errorf(tok, msg)
			}
			_, err = p.b.AddPrimaryBounds(name, lo, hi)
		default:
			_, err = p.b.AddPrimary(name)
		}
		if err != nil {
			return p.builderError(err, tok)
		}
		p.marks = p.marks || hasMark(name)
	}
	return nil
}

// parseBounds parses "v" or "u:v" (decimal digits only). The Builder checks the values.
func parseBounds(s string) (lo, hi int, msg string) {
	u, v, ok := strings.Cut(s, ":")
	if !ok {
		v = u
	}
	if lo, msg = parseBound(u); msg != "" {
		return 0, 0, msg
	}
	if hi, msg = parseBound(v); msg != "" {
		return 0, 0, msg
	}
	return lo, hi, ""
}

func parseBound(s string) (int, string) {
	if s == "" {
		return 0, "malformed bounds"
	}
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, "malformed bounds"
		}
		if n = 10*n + int(c-'0'); n > maxBound {
			// Keep scanning for a non-digit, so that "99999999999x|A" is malformed.
			if strings.Trim(s[i+1:], "0123456789") != "" {
				return 0, "malformed bounds"
			}
			return 0, "bound too large (limit " + strconv.Itoa(maxBound) + ")"
		}
	}
	return n, ""
}

// optionLine reads one option line (trimmed, not a comment). It does not allocate per
// entry: names are looked up straight from the line's bytes and colours are interned.
func (p *parser) optionLine(text []byte) error {
	p.entries = p.entries[:0]
	hasPrimary := false
	var cost int64
	hasCost := false
	for rest := text; len(rest) > 0; {
		var tok []byte
		tok, rest = nextToken(rest)
		if len(tok) > 0 && tok[0] == '|' { // a cost, as in Knuth's DLX5: |n, several add up
			n, err := strconv.ParseInt(string(tok[1:]), 10, 64)
			switch {
			case err != nil || len(tok) == 1 || tok[1] == '+' || tok[1] == '-':
				return p.errorf(string(tok), "malformed cost: want |N, a whole number at least 0")
			case n > xcover.MaxCost || cost+n > xcover.MaxCost:
				return p.errorf(string(tok), "cost too large (limit "+strconv.FormatInt(xcover.MaxCost, 10)+" an option)")
			}
			cost += n
			hasCost = true
			continue
		}
		colon := -1
		for j, c := range tok {
			if c == '|' {
				return p.errorf(string(tok), `"|" inside option entry`)
			}
			if c == ':' && colon < 0 {
				colon = j
			}
		}
		name, color := tok, ""
		if colon >= 0 {
			name = tok[:colon]
			cb := tok[colon+1:]
			if len(name) == 0 {
				return p.errorf(string(tok), "empty name")
			}
			if len(cb) == 0 {
				return p.errorf(string(tok), "empty colour")
			}
			var ok bool
			if color, ok = p.colors[string(cb)]; !ok {
				color = string(cb)
				p.colors[color] = color
			}
		}
		i, ok := p.b.ItemIndex(string(name))
		if !ok {
			if err := xcover.ValidName(string(name)); err != nil {
				return p.errorf(string(tok), err.Error())
			}
			if p.marks || hasMark(string(name)) {
				// "é" precomposed (NFC) and "e" + U+0301 (NFD) look alike and differ.
				return p.errorf(string(tok), "unknown item (names are compared byte for byte: é precomposed (NFC) and e + U+0301 (NFD) differ; write both alike)")
			}
			return p.errorf(string(tok), "unknown item")
		}
		hasPrimary = hasPrimary || !p.b.Item(i).Secondary
		p.entries = append(p.entries, xcover.Entry{Item: i, Color: color})
	}
	if err := p.b.AddOptionEntries(p.entries...); err != nil {
		return p.builderError(err, "")
	}
	if hasCost && cost > 0 {
		if err := p.b.SetCost(len(p.f.OptionText), cost); err != nil {
			return p.builderError(err, "")
		}
	}
	s := string(text)
	if !hasPrimary {
		p.f.Warnings = append(p.f.Warnings, p.errorf(s, "option with no primary item"))
	}
	p.f.OptionText = append(p.f.OptionText, s)
	p.f.OptionLine = append(p.f.OptionLine, p.line)
	return nil
}

// hasMark reports whether name holds a combining mark (Unicode category M), as names in
// decomposed form (NFD) do.
func hasMark(name string) bool {
	for _, r := range name {
		if r >= 0x300 && unicode.Is(unicode.M, r) {
			return true
		}
	}
	return false
}
