package dlx

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/xcover/xcover"
)

// ErrNoPrimary is returned by [Write] for a problem without primary items: its item line
// would begin with '|' and so read as a comment.
var ErrNoPrimary = errors.New("dlx: a problem with no primary items cannot be written in DLX format")

// Write writes p to w in canonical DLX text: the item line (primary items, each with its
// bounds unless they are 1:1, then " | " and the secondary items, if any), then one line
// per option, its entries separated by single spaces, in option order. Primary items come
// first whatever order they were added in; options name items by name, so the problem read
// back is the same apart from item numbering. No line is written to begin with "//", which
// would read as a comment: a first item so named is written with its bounds ("1|//a"), and
// an option whose first entry is so named is written with another entry first. Write
// buffers its output: w need not. A problem the format cannot hold (no primary item, an
// option with no item, or one whose items are all named "//...") is refused before
// anything is written.
func Write(w io.Writer, p *xcover.Problem) error {
	if p.NumPrimary() == 0 {
		return ErrNoPrimary
	}
	for k := range p.NumOptions() {
		if len(p.Option(k)) == 0 {
			return fmt.Errorf("dlx: option %d has no item: a DLX line cannot hold it", k)
		}
		if commentFirst(p, k) < 0 {
			return fmt.Errorf("dlx: option %d: every item's name begins with \"//\", so its line would read as a comment", k)
		}
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	var num []byte
	sep := ""
	for i := range p.NumItems() {
		it := p.Item(i)
		if it.Secondary {
			continue
		}
		first := sep == ""
		bw.WriteString(sep)
		sep = " "
		switch {
		case it.Min == 1 && it.Max == 1 && !(first && strings.HasPrefix(it.Name, "//")):
		case it.Min == it.Max:
			num = strconv.AppendInt(num[:0], int64(it.Max), 10)
			bw.Write(num)
			bw.WriteByte('|')
		default:
			num = strconv.AppendInt(num[:0], int64(it.Min), 10)
			num = append(num, ':')
			num = strconv.AppendInt(num, int64(it.Max), 10)
			bw.Write(num)
			bw.WriteByte('|')
		}
		bw.WriteString(it.Name)
	}
	if p.NumPrimary() < p.NumItems() {
		bw.WriteString(" |")
		for i := range p.NumItems() {
			if it := p.Item(i); it.Secondary {
				bw.WriteByte(' ')
				bw.WriteString(it.Name)
			}
		}
	}
	bw.WriteByte('\n')
	for k := range p.NumOptions() {
		if f := commentFirst(p, k); f == 0 {
			bw.WriteString(p.OptionString(k))
		} else {
			opt := p.Option(k)
			writeEntry(bw, p, opt[f])
			for e, en := range opt {
				if e != f {
					bw.WriteByte(' ')
					writeEntry(bw, p, en)
				}
			}
		}
		if c := p.Cost(k); c != 0 {
			bw.WriteString(" |")
			bw.WriteString(strconv.FormatInt(c, 10))
		}
		bw.WriteByte('\n')
	}
	if err := bw.Flush(); err != nil {
		return fmt.Errorf("dlx: write: %w", err)
	}
	return nil
}

// commentFirst returns the position in option k of the first entry whose item's name does
// not begin with "//" (the entry to write first), or -1 if there is none.
func commentFirst(p *xcover.Problem, k int) int {
	for e, en := range p.Option(k) {
		if !strings.HasPrefix(p.Item(en.Item).Name, "//") {
			return e
		}
	}
	return -1
}

func writeEntry(bw *bufio.Writer, p *xcover.Problem, en xcover.Entry) {
	bw.WriteString(p.Item(en.Item).Name)
	if en.Color != "" {
		bw.WriteByte(':')
		bw.WriteString(en.Color)
	}
}
