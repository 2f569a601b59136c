// Package textio is the one bounded line reader behind every text input of xcover
// (problems, solutions, solver models, pictures of regions and pieces, Sudoku puzzles), and
// its positioned error. Each input's package turns these errors into its own: the DLX
// reader's are *dlx.Error.
package textio

import (
	"bufio"
	"bytes"
	"io"
	"strconv"
	"strings"
)

// MaxLineBytes bounds the length of a line: an item line of a million items with long
// names fits; a file with no line ending (or /dev/zero) is refused before it fills memory.
const MaxLineBytes = 64 << 20

// An Error is a problem with a text input, located at a line.
type Error struct {
	File  string
	Line  int    // 1-based; 0 if not tied to a line
	Token string // offending text, may be ""
	Msg   string
	Err   error // underlying error, if any (a read error)
}

// Error formats the error as "file:line: message "token"", leaving out the parts that are
// empty or zero.
func (e *Error) Error() string {
	var sb strings.Builder
	switch {
	case e.File != "" && e.Line > 0:
		sb.WriteString(e.File + ":" + strconv.Itoa(e.Line) + ": ")
	case e.File != "":
		sb.WriteString(e.File + ": ")
	case e.Line > 0:
		sb.WriteString("line " + strconv.Itoa(e.Line) + ": ")
	}
	sb.WriteString(e.Msg)
	if e.Token != "" {
		sb.WriteByte(' ')
		sb.WriteString(strconv.Quote(e.Token))
	}
	return sb.String()
}

// Unwrap returns the underlying error, such as a read error, or nil.
func (e *Error) Unwrap() error { return e.Err }

// A LineReader reads a text input line by line, as dlx.Parse reads a problem file: no line may
// be longer than [MaxLineBytes], a long line holding a NUL byte is refused as binary input as
// soon as it is seen, and every error is an [*Error] naming the input and the line. It is the
// one reader behind every text input of xcover (problems, solutions, solver models, pictures
// of regions and pieces, Sudoku puzzles), so that /dev/zero or a runaway line gives a clear
// message quickly and in bounded memory instead of filling it.
type LineReader struct {
	r    *bufio.Reader
	name string
	long []byte // holds a line longer than r's buffer
	line int    // number of the line last returned
}

// NewLineReader returns a LineReader of r; name names the input in messages.
func NewLineReader(r io.Reader, name string) *LineReader {
	return &LineReader{r: bufio.NewReaderSize(r, 64<<10), name: name}
}

// Line returns the number of the line last returned by ReadLine (1-based), or 0.
func (lr *LineReader) Line() int { return lr.line }

// Name returns the name of the input, as given to NewLineReader.
func (lr *LineReader) Name() string { return lr.name }

// Errorf returns an *Error at the line last read.
func (lr *LineReader) Errorf(token, msg string) *Error {
	return &Error{File: lr.name, Line: lr.line, Token: token, Msg: msg}
}

// ReadLine returns the next line without its line ending ("\n" or "\r\n"; the last line may
// have none), or io.EOF after the last. The line is valid until the next call.
func (lr *LineReader) ReadLine() ([]byte, error) {
	line, err := lr.r.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		lr.long = append(lr.long[:0], line...)
		for err == bufio.ErrBufferFull {
			// Refuse binary input and runaway lines as they come, before they take
			// memory. (In a short line, a NUL is left to the caller to report with its token.)
			if bytes.IndexByte(line, 0) >= 0 {
				return nil, lr.next("NUL byte in a line of over 64 KiB: not a text file")
			}
			if len(lr.long) > MaxLineBytes {
				return nil, lr.tooLong()
			}
			line, err = lr.r.ReadSlice('\n')
			lr.long = append(lr.long, line...)
		}
		line = lr.long
	}
	if err != nil && err != io.EOF {
		e := lr.next("read error: " + err.Error())
		e.Err = err
		return nil, e
	}
	if len(line) > MaxLineBytes {
		return nil, lr.tooLong()
	}
	if len(line) == 0 {
		return nil, io.EOF
	}
	lr.line++
	if line[len(line)-1] == '\n' {
		line = line[:len(line)-1]
	}
	if len(line) > 0 && line[len(line)-1] == '\r' {
		line = line[:len(line)-1]
	}
	if lr.line == 1 {
		line = bytes.TrimPrefix(line, byteOrderMark)
	}
	return line, nil
}

// byteOrderMark is UTF-8's byte order mark, which some editors put at the start of a file;
// it is skipped there.
var byteOrderMark = []byte("\uFEFF")

// next returns an *Error at the line about to be read.
func (lr *LineReader) next(msg string) *Error {
	return &Error{File: lr.name, Line: lr.line + 1, Msg: msg}
}

func (lr *LineReader) tooLong() *Error {
	return lr.next("line longer than " + strconv.Itoa(MaxLineBytes>>20) + " MiB")
}

// ReadText reads the whole of r through a LineReader, so that binary input and runaway
// lines are refused as everywhere, and returns its lines, each ended by "\n". Text over
// max bytes is refused with an *Error at the line that passes it ("picture larger than
// 16 MiB", what being "picture"); name names the input in messages.
func ReadText(r io.Reader, name, what string, max int) (string, error) {
	var sb strings.Builder
	lr := NewLineReader(r, name)
	for {
		line, err := lr.ReadLine()
		if err == io.EOF {
			return sb.String(), nil
		}
		if err != nil {
			return "", err
		}
		if sb.Len()+len(line) > max {
			return "", lr.Errorf("", what+" larger than "+sizeText(max))
		}
		sb.Write(line)
		sb.WriteByte('\n')
	}
}

// sizeText writes a number of bytes in the largest unit that divides it: "16 MiB".
func sizeText(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.Itoa(n>>20) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.Itoa(n>>10) + " KiB"
	}
	return strconv.Itoa(n) + " bytes"
}
