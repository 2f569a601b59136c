package dlx

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/xcover/xcover"
)

// ErrNoPrimary is returned by [Write] for a problem without primary items: its item line
// would begin with '|' and so read as a comment.
var ErrNoPrimary = errors.New("dlx: a problem with no primary items cannot be written in DLX format")

// Write writes p to w in canonical DLX text: the item line (primary items, each with its
// bounds unless they are 1:1, then " | " and the secondary items, if any), then one line
// per option, its entries separated by single spaces, in option order. Primary items come
// first whatever order they were added in; options name items by name, so the problem read
// back is the same apart from item numbering. Write buffers its output: w need not.
func Write(w io.Writer, p *xcover.Problem) error {
	if p.NumPrimary() == 0 {
		return ErrNoPrimary
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	var num []byte
	sep := ""
	for i := range p.NumItems() {
		it := p.Item(i)
		if it.Secondary {
			continue
		}
		bw.WriteString(sep)
		sep = " "
		switch {
		case it.Min == 1 && it.Max == 1:
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
		bw.WriteString(p.OptionString(k))
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
