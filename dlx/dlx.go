// Package dlx reads and writes exact cover problems in Knuth's DLX text format.
//
// A file is a sequence of lines. Lines whose first non-blank characters are '|' or "//" are
// comments and blank lines are ignored. The first other line lists the items: the primary items,
// each optionally preceded by multiplicity bounds ("u:v|name" or "v|name"), then optionally
// a lone '|' and the secondary items. Every further line is an option: item names separated
// by blanks, a secondary item optionally written "name:colour".
//
//	| three items, two of them with bounds; two secondary items
//	A 2|B 0:2|C | X Y
//	A B X:red
//	B C
//
// [Parse] reads such a file into an [xcover.Problem] and reports every problem with the
// input as an [*Error] naming the file, line and offending text. [Write] writes a problem
// back in the same format.
package dlx

import (
	"fmt"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/textio"
)

// A File is a parsed problem file.
type File struct {
	Problem    *xcover.Problem
	Name       string   // name used in messages ("<stdin>" for standard input)
	OptionText []string // each option's line as written, surrounding blanks trimmed, by option index
	OptionLine []int    // 1-based line number of each option
	Warnings   []*Error // e.g. an option with no primary item (kept, so numbering stays the file's)
}

// CheckOptions reports an error naming the first of opts that is no option of the file:
// "no option 9 in f.dlx (options are numbered 0 to 8)".
func (f *File) CheckOptions(opts []int) error {
	for _, k := range opts {
		if k < 0 || k >= f.Problem.NumOptions() {
			return fmt.Errorf("no option %d in %s (options are numbered 0 to %d)", k, f.Name, f.Problem.NumOptions()-1)
		}
	}
	return nil
}

// An Error is a problem with the input, located at a line.
type Error struct {
	File  string
	Line  int    // 1-based; 0 if not tied to a line
	Token string // offending text, may be ""
	Msg   string

	err error // underlying error, if any (a read error)
}

// Error formats the error as "file:line: message "token"", leaving out the parts that are
// empty or zero.
func (e *Error) Error() string {
	return (&textio.Error{File: e.File, Line: e.Line, Token: e.Token, Msg: e.Msg}).Error()
}

// readError returns the line reader's error as an *Error.
func readError(err error) error {
	if te, ok := err.(*textio.Error); ok {
		return &Error{File: te.File, Line: te.Line, Token: te.Token, Msg: te.Msg, err: te.Err}
	}
	return err
}

// Unwrap returns the underlying error, such as a read error, or nil.
func (e *Error) Unwrap() error { return e.err }
