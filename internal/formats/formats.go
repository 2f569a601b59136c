// Package formats reads and writes exact cover problems in the formats of other exact
// cover tools, as a [dlx.File] that the rest of xcover takes like one read from DLX text:
//
//   - miniexact's problem format: "< a b:2 c:0;2 > [ x y ]", then options, each a list
//     of items ("x:red" gives a secondary item a colour) ended by ';', over as many lines
//     as it likes; "$ N" in an option adds N to its cost;
//   - miniexact's DIMACS-like form: a header "p xc NP NS" or "p xcc NP NS" (primary items
//     1 to NP, secondary items NP+1 to NP+NS), then options as lists of item numbers
//     ended by 0, a negative number -c after a secondary item giving it colour c; lines
//     starting with 'c' are comments;
//   - 0/1 matrices: one row an option, one column a primary item covered exactly once,
//     entries 0 or 1 separated by commas or blanks (CSV or whitespace text), or written
//     together ("0110"); an all-zero row is an option with no item. The items are named
//     by their column number, from 1.
//
// In the first and the last, lines starting with "//" (and, in matrices, '#') are
// comments. Every error is a *dlx.Error naming the input, the line and the offending text.
// Each option's text in the File is its DLX spelling, so solutions print as for a DLX file.
package formats

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/dlx"
	"github.com/xcover/xcover/internal/textio"
)

// A Format is one of the formats of the package.
type Format int

const (
	DLX Format = iota
	Miniexact
	MiniexactDIMACS
	Matrix
	MatrixCSV
)

var names = []string{"dlx", "miniexact", "miniexact-dimacs", "matrix", "csv"}

// String returns the format's name, as ParseFormat takes it.
func (f Format) String() string { return names[f] }

// ParseFormat reads a format's name: dlx, miniexact (or xcc), miniexact-dimacs, matrix
// or csv.
func ParseFormat(s string) (Format, error) {
	switch s {
	case "xcc", "xc":
		return Miniexact, nil
	}
	for i, n := range names {
		if s == n {
			return Format(i), nil
		}
	}
	return 0, fmt.Errorf("unknown format %q (want %s)", s, strings.Join(names, ", "))
}

// Choose returns the format of the problem file name: the one named (see ParseFormat) if
// named is not "", else the one its extension says (see ByExtension), else DLX.
func Choose(named, name string) (Format, error) {
	if named != "" {
		return ParseFormat(named)
	}
	f, _ := ByExtension(name)
	return f, nil
}

// ByExtension returns the format a file's name says, and whether it says one: .xc, .xcc
// and .ccxc are miniexact's (either form), .csv and .mat matrices, .dlx DLX text.
func ByExtension(path string) (Format, bool) {
	i := strings.LastIndexByte(path, '.')
	if i < 0 || strings.ContainsAny(path[i:], `/\`) {
		return DLX, false
	}
	switch strings.ToLower(path[i+1:]) {
	case "xc", "xcc", "ccxc":
		return Miniexact, true
	case "csv":
		return MatrixCSV, true
	case "mat", "matrix":
		return Matrix, true
	case "dlx":
		return DLX, true
	}
	return DLX, false
}

// Read reads a problem in format f from r; name names the input in messages. Miniexact
// and MiniexactDIMACS both read either of miniexact's forms, Matrix and MatrixCSV either
// separator.
func Read(r io.Reader, name string, f Format) (*dlx.File, error) {
	switch f {
	case Miniexact, MiniexactDIMACS:
		return readMiniexact(r, name)
	case Matrix, MatrixCSV:
		return readMatrix(r, name)
	}
	return dlx.Parse(r, name)
}

// Write writes p to w in format f, or refuses, writing nothing, a problem the format
// cannot hold. Write buffers its output: w need not.
func Write(w io.Writer, p *xcover.Problem, f Format) error {
	var err error
	switch f {
	case Miniexact:
		err = checkMiniexact(p)
	case MiniexactDIMACS:
		err = checkDIMACS(p)
	case Matrix, MatrixCSV:
		err = checkMatrix(p)
	default:
		return dlx.Write(w, p)
	}
	if err != nil {
		return fmt.Errorf("formats: %s: %w", f, err)
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	switch f {
	case Miniexact:
		writeMiniexact(bw, p)
	case MiniexactDIMACS:
		writeDIMACS(bw, p)
	default:
		writeMatrix(bw, p, f == MatrixCSV)
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("formats: write: %w", err)
	}
	return nil
}

// file makes the File of a problem read: each option's text its DLX spelling, with its
// cost, and a warning for each option without a primary item, as dlx.Parse gives.
func file(p *xcover.Problem, name string, lines []int) *dlx.File {
	f := &dlx.File{Problem: p, Name: name, OptionLine: lines, OptionText: make([]string, p.NumOptions())}
	for k := range f.OptionText {
		s := p.OptionString(k)
		if c := p.Cost(k); c != 0 {
			s += " |" + strconv.FormatInt(c, 10)
		}
		f.OptionText[k] = s
		primary := false
		for _, e := range p.Option(k) {
			primary = primary || !p.Item(e.Item).Secondary
		}
		if !primary {
			f.Warnings = append(f.Warnings, &dlx.Error{File: name, Line: lines[k], Token: s, Msg: "option with no primary item"})
		}
	}
	return f
}

// lineError returns an error of the line reader as a *dlx.Error, as every error of a
// problem's reader is.
func lineError(err error) error {
	if te, ok := err.(*textio.Error); ok {
		return &dlx.Error{File: te.File, Line: te.Line, Token: te.Token, Msg: te.Msg}
	}
	return err
}

// builderError turns an error of the Builder into an *dlx.Error at a line.
func builderError(name string, line int, token string, err error) *dlx.Error {
	var ne interface {
		Token() string
		Reason() string
	} // the Builder's error about a name
	if errors.As(err, &ne) {
		if token == "" {
			token = ne.Token()
		}
		return &dlx.Error{File: name, Line: line, Token: token, Msg: ne.Reason()}
	}
	return &dlx.Error{File: name, Line: line, Token: token, Msg: err.Error()}
}
