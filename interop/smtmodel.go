package interop

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
)

// readSMT reads the answer of an SMT solver: a status symbol, then s-expressions. Every
// (define-fun NAME () Bool true) anywhere in them sets a variable; other forms are ignored,
// except (error ...) after sat.
func readSMT(br *bufio.Reader) (*model, error) {
	sc := &sexpScanner{r: br, line: 1}
	m := &model{}
	seenStatus := false
	truth := map[int]bool{}
	var errMsg string
	for {
		tok, err := sc.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		switch {
		case tok == "(":
			n, err := sc.list(truth)
			if err != nil {
				return nil, err
			}
			if n.head == "error" && errMsg == "" {
				errMsg = n.arg
				if errMsg == "" {
					errMsg = "(error)"
				}
			}
		case tok == ")":
			return nil, fmt.Errorf("line %d: unbalanced )", sc.line)
		default:
			s, ok := parseStatus(tok)
			if !ok {
				return nil, fmt.Errorf("line %d: unexpected %q", sc.line, clip(tok))
			}
			if seenStatus {
				return nil, fmt.Errorf("line %d: a second answer %q", sc.line, tok)
			}
			m.Status, seenStatus = s, true
		}
	}
	if !seenStatus {
		if errMsg != "" {
			return nil, fmt.Errorf("solver error: %s", errMsg)
		}
		return nil, errors.New("no answer (sat, unsat or unknown) in the solver's output")
	}
	if m.Status == satisfiable && errMsg != "" {
		return nil, fmt.Errorf("solver error: %s", errMsg)
	}
	if m.Status == satisfiable {
		for v, val := range truth {
			if val {
				m.True = append(m.True, v)
			}
			m.Max = max(m.Max, v)
		}
		slices.Sort(m.True)
	}
	return m, nil
}

// A sexpScanner splits SMT-LIB text into tokens: "(", ")", symbols (|quoted| ones without
// their bars), numerals and "strings" (without quotes). Comments run from ';' to the end
// of the line.
type sexpScanner struct {
	r     *bufio.Reader
	line  int
	buf   []byte
	depth int // lists open
}

// maxToken bounds the length of a token (a symbol, numeral or string): a model's names are
// short; a longer token (or binary input) is refused before it takes memory.
const maxToken = 1 << 20

// maxNesting bounds how deep the lists of a model may nest: solvers' models nest a few
// levels; a deeper input is refused before it takes memory.
const maxNesting = 1000

// A summary is what the scanner keeps of a list: its head symbol and, for (error "msg"),
// the message.
type summary struct {
	head, arg string
}

func (s *sexpScanner) next() (string, error) {
	for {
		c, err := s.r.ReadByte()
		if err != nil {
			return "", err
		}
		if c == 0 {
			return "", fmt.Errorf("line %d: NUL byte: not a text file", s.line)
		}
		switch c {
		case '\n':
			s.line++
		case ' ', '\t', '\r':
		case ';':
			for c != '\n' {
				if c, err = s.r.ReadByte(); err != nil {
					return "", err
				}
				if c == 0 {
					return "", fmt.Errorf("line %d: NUL byte: not a text file", s.line)
				}
			}
			s.line++
		case '(':
			return "(", nil
		case ')':
			return ")", nil
		case '|', '"':
			s.buf = s.buf[:0]
			for {
				d, err := s.r.ReadByte()
				if err != nil {
					return "", fmt.Errorf("line %d: unterminated %c", s.line, c)
				}
				if d == c {
					if c == '"' {
						// "" inside a string is a quote
						if e, err := s.r.ReadByte(); err == nil {
							if e == '"' {
								s.buf = append(s.buf, '"')
								continue
							}
							s.r.UnreadByte()
						}
					}
					return "\x00" + string(s.buf), nil // marks a quoted token
				}
				if d == '\n' {
					s.line++
				}
				if err := s.grow(d); err != nil {
					return "", err
				}
			}
		default:
			s.buf = append(s.buf[:0], c)
			for {
				d, err := s.r.ReadByte()
				if err != nil {
					break
				}
				if d == '(' || d == ')' || d == ' ' || d == '\t' || d == '\r' || d == '\n' || d == ';' || d == '"' || d == '|' {
					s.r.UnreadByte()
					break
				}
				if err := s.grow(d); err != nil {
					return "", err
				}
			}
			return string(s.buf), nil
		}
	}
}

// grow appends d to the token being read, refusing a NUL byte and a token longer than
// maxToken.
func (s *sexpScanner) grow(d byte) error {
	if d == 0 {
		return fmt.Errorf("line %d: NUL byte: not a text file", s.line)
	}
	if len(s.buf) >= maxToken {
		return fmt.Errorf("line %d: a token longer than %d KiB", s.line, maxToken>>10)
	}
	s.buf = append(s.buf, d)
	return nil
}

// list reads the rest of a list whose "(" has been read, recording the value of every
// Boolean define-fun inside it in truth, and returns its summary. Nothing else is kept, so
// a model of millions of variables takes memory only for its true/false map.
func (s *sexpScanner) list(truth map[int]bool) (summary, error) {
	var sum summary
	s.depth++
	defer func() { s.depth-- }()
	if s.depth > maxNesting {
		return sum, fmt.Errorf("line %d: lists nested more than %d deep: not a solver's model", s.line, maxNesting)
	}
	var elems []string // the atoms of a possible (define-fun NAME () Bool VALUE)
	shape := true      // still possibly that shape
	n := 0
	for {
		tok, err := s.next()
		if err == io.EOF {
			return sum, fmt.Errorf("line %d: unbalanced ( at the end of the output", s.line)
		}
		if err != nil {
			return sum, err
		}
		switch tok {
		case ")":
			if shape && n == 5 && elems[0] == "define-fun" && elems[2] == "()" && elems[3] == "Bool" {
				if v, ok := varNumber(elems[1]); ok {
					switch elems[4] {
					case "true":
						truth[v] = true
					case "false":
						truth[v] = false
					}
				}
			}
			return sum, nil
		case "(":
			// "()" is an atom of the define-fun shape; any other list is nested.
			if nt, err := s.r.Peek(1); err == nil && nt[0] == ')' {
				s.r.ReadByte()
				elems = append(elems, "()")
				n++
				continue
			}
			if _, err := s.list(truth); err != nil {
				return sum, err
			}
			shape = false
			n++
		default:
			atom := strings.TrimPrefix(tok, "\x00")
			if n == 0 {
				sum.head = atom
			} else if n == 1 && sum.head == "error" {
				sum.arg = atom
			}
			elems = append(elems, atom)
			n++
		}
		if n > 5 {
			shape = false
			elems = elems[:0:0]
		}
	}
}

// varNumber returns the variable number in a name x17, y17 (colour variables) or k!17 (z3's
// names for OPB variables).
func varNumber(name string) (int, bool) {
	var digits string
	switch {
	case strings.HasPrefix(name, "x"), strings.HasPrefix(name, "y"):
		digits = name[1:]
	case strings.HasPrefix(name, "k!"):
		digits = name[2:]
	default:
		return 0, false
	}
	if digits == "" || digits[0] < '1' || digits[0] > '9' {
		return 0, false
	}
	v, err := strconv.Atoi(digits)
	return v, err == nil
}
