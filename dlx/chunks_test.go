package dlx

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/xcover/xcover"
)

// TestChunksAsOneReader parses files of a few thousand lines, with and without a fault
// at some line, by one goroutine and in chunks of a few hundred bytes on four: the Files
// (options, their texts, lines, warnings, costs, colours) and the errors (file, line,
// token) must be the same, the first error in the file winning whichever chunk meets it.
func TestChunksAsOneReader(t *testing.T) {
	faults := []string{
		"",                      // none
		"p1 nosuch",             // unknown item
		"p1 p1",                 // item twice (found by the Builder)
		"p2 s1:",                // empty colour
		"p3 |x",                 // malformed cost
		"p4 a|b",                // "|" inside an entry
		"| \x07 comment",        // control character in a comment
		"p5:red",                // colour on a primary item (the Builder)
		"p6 s2:\x01",            // a bad colour (the Builder)
		"p7 \xff",               // invalid UTF-8
		"p1 p2 |99999999999999", // cost too large, after good entries
	}
	rng := rand.New(rand.NewPCG(4, 2))
	for trial := range 40 {
		var sb strings.Builder
		sb.WriteString("| chunks\n")
		for i := range 50 {
			fmt.Fprintf(&sb, "p%d ", i)
		}
		sb.WriteString("| s0 s1 s2 s3\n")
		lines := 2000
		at := []int{rng.IntN(lines), rng.IntN(lines)} // two faults: the first must win
		if trial%4 == 0 {
			at = []int{-1, -1} // none
		}
		line, faultLine := 2, 0 // the line last written; the first fault's
		for l := range lines {
			line++
			switch {
			case l == at[0] || l == at[1]:
				fault := faults[rng.IntN(len(faults))]
				if fault != "" && faultLine == 0 {
					faultLine = line
				}
				sb.WriteString(fault + "\n")
			case l%97 == 0:
				sb.WriteString("  | a comment\n\n")
				line++
			case l%89 == 0:
				sb.WriteString("s3 s0:blue\r\n") // no primary item: a warning
			default:
				a, b := rng.IntN(50), rng.IntN(50)
				if a == b {
					b = (b + 1) % 50
				}
				fmt.Fprintf(&sb, "p%d\tp%d s%d:c%d |%d\n", a, b, rng.IntN(4), rng.IntN(5), rng.IntN(3))
			}
		}
		if trial%2 == 1 {
			sb.WriteString("p1 p2") // no line ending
		}
		text := sb.String()
		want, wantErr := parse(strings.NewReader(text), "c.dlx", 1, minChunk, false)
		if e, ok := wantErr.(*Error); faultLine != 0 && (!ok || e.Line != faultLine) || faultLine == 0 && wantErr != nil {
			t.Fatalf("trial %d: error %v, want one at line %d", trial, wantErr, faultLine)
		}
		if wantErr == nil {
			if ref := referenceHash(t, text); want.Problem.Hash() != ref {
				t.Fatalf("trial %d: the problem differs from the one xcover.Builder builds line by line", trial)
			}
		}
		for _, procs := range []int{2, 4} {
			got, gotErr := parse(strings.NewReader(text), "c.dlx", procs, 256, true)
			if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
				t.Fatalf("trial %d, %d goroutines: error %v, want %v", trial, procs, gotErr, wantErr)
			}
			if wantErr != nil {
				continue
			}
			if !reflect.DeepEqual(got.OptionText, want.OptionText) || !reflect.DeepEqual(got.OptionLine, want.OptionLine) ||
				fmt.Sprint(got.Warnings) != fmt.Sprint(want.Warnings) || got.Problem.Hash() != want.Problem.Hash() {
				t.Fatalf("trial %d, %d goroutines: the files differ", trial, procs)
			}
		}
	}
}

// referenceHash returns the hash of the problem of a fault-free text as xcover.Builder
// builds it from the text's lines, one AddOption a line, with plain items and costs only.
func referenceHash(t *testing.T, text string) string {
	var b xcover.Builder
	items, k := false, 0
	for _, line := range strings.Split(text, "\n") {
		toks := strings.Fields(line)
		if len(toks) == 0 || strings.HasPrefix(toks[0], "|") && !items || toks[0] == "|" || strings.HasPrefix(toks[0], "//") {
			continue // blank, a comment
		}
		if !items {
			sec := false
			for _, tok := range toks {
				switch {
				case tok == "|":
					sec = true
				case sec:
					b.AddSecondary(tok)
				default:
					b.AddPrimary(tok)
				}
			}
			items = true
			continue
		}
		var names []string
		var cost int64
		for _, tok := range toks {
			if n, ok := strings.CutPrefix(tok, "|"); ok {
				c, err := strconv.ParseInt(n, 10, 64)
				if err != nil {
					t.Fatalf("cost %q: %v", tok, err)
				}
				cost += c
				continue
			}
			names = append(names, tok)
		}
		b.AddOption(names...)
		if cost > 0 {
			b.SetCost(k, cost)
		}
		k++
	}
	p, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	return p.Hash()
}

// FuzzChunks parses any input by one goroutine, every line cut into tokens, and again
// with lines of short names read a word at a time (shortNames), by one goroutine and in
// chunks of 16 bytes or more on three: the same File or the same error.
func FuzzChunks(f *testing.F) {
	for _, s := range []string{
		"A B | X\nA X:r\nB X:r\n| c\nA\nB X:s\n",
		"A B\nA B\nA\nA A\nB\n",
		"A | X\n\nX:1 |3\nA |2 |4\nA X:\n",
		"\uFEFFA B\r\nA\r\nB\r\nA B",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		want, wantErr := parse(bytes.NewReader(data), "f.dlx", 1, minChunk, false)
		for _, way := range []struct {
			procs, minSize int
		}{{3, 16}, {1, minChunk}} {
			got, gotErr := parse(bytes.NewReader(data), "f.dlx", way.procs, way.minSize, true)
			if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
				t.Fatalf("%d goroutines, short names by words: error %v, want %v", way.procs, gotErr, wantErr)
			}
			if wantErr != nil {
				continue
			}
			if !reflect.DeepEqual(got.OptionText, want.OptionText) || !reflect.DeepEqual(got.OptionLine, want.OptionLine) ||
				fmt.Sprint(got.Warnings) != fmt.Sprint(want.Warnings) || got.Problem.Hash() != want.Problem.Hash() {
				t.Fatalf("%d goroutines, short names by words: the files differ", way.procs)
			}
		}
	})
}

// TestEntriesAsBuilder checks option lines with entries the Builder refuses (an item
// twice, in short options and in options too long to compare pairwise; a colour on a
// primary item; a colour that is no name), which the reader checks itself before adding
// whole arrays to the Builder: the reader's error, in one goroutine and in chunks, must
// be the one that xcover.Builder.AddOption gives the line's tokens, with its token and
// reason, and a line it accepts must be accepted.
func TestEntriesAsBuilder(t *testing.T) {
	const items = 40
	var head strings.Builder
	for i := range items {
		fmt.Fprintf(&head, "p%d ", i)
	}
	head.WriteString("| s0 s1 s2 s3\n")
	rng := rand.New(rand.NewPCG(42, 7))
	for trial := range 400 {
		n := 1 + rng.IntN(30)
		toks := make([]string, n)
		for j := range toks {
			switch r := rng.IntN(10); {
			case r < 6:
				toks[j] = fmt.Sprintf("p%d", rng.IntN(items))
			case r < 8:
				toks[j] = fmt.Sprintf("s%d:c%d", rng.IntN(4), rng.IntN(3))
			case r < 9:
				toks[j] = fmt.Sprintf("s%d", rng.IntN(4))
			default:
				toks[j] = []string{"p1:red", "s1:\x01", "s2:a\x7f"}[rng.IntN(3)]
			}
		}
		if trial%3 == 0 { // a distinct option: accepted by both
			toks = toks[:0]
			for _, i := range rng.Perm(items)[:n] {
				toks = append(toks, fmt.Sprintf("p%d", i))
			}
		}
		var b xcover.Builder
		for i := range items {
			b.AddPrimary(fmt.Sprintf("p%d", i))
		}
		for i := range 4 {
			b.AddSecondary(fmt.Sprintf("s%d", i))
		}
		want := b.AddOption(toks...)
		line := strings.Join(toks, " ")
		// The line after many good ones, so that in chunks it is not in the first.
		text := head.String() + strings.Repeat("p0 p1\n", 200) + line + "\n"
		for _, procs := range []int{1, 3} {
			_, err := parse(strings.NewReader(text), "e.dlx", procs, 64, true)
			if want == nil {
				if err != nil {
					t.Fatalf("trial %d, %d goroutines, %q: error %v, the Builder accepts it", trial, procs, line, err)
				}
				continue
			}
			ne := want.(interface {
				Token() string
				Reason() string
			})
			e, ok := err.(*Error)
			if !ok || e.Line != 202 || e.Token != ne.Token() || e.Msg != ne.Reason() {
				t.Fatalf("trial %d, %d goroutines, %q: error %v, want at line 202 %q %q (the Builder's %v)", trial, procs, line, err, ne.Reason(), ne.Token(), want)
			}
		}
	}
}

// TestShortLines parses files of options of one item of one byte, more of them than a
// chunk makes room for in place (an eighth of its size), with runs of long options, blank
// lines and comments between, so that some chunks overflow their room and others do not:
// in one goroutine and in chunks, every option must be read, with its line, its text and
// its entries.
func TestShortLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 1))
	for trial := range 20 {
		var sb strings.Builder
		sb.WriteString("a b c d e f g h i j k l m n o p q r s t u v w x y z\n")
		var wantText []string
		var wantLine []int
		long := false
		for l := range 200 + rng.IntN(3000) {
			if rng.IntN(50) == 0 {
				long = !long
			}
			var opt string
			switch {
			case l%7 == 3:
				sb.WriteString("\n")
				continue
			case l%7 == 5:
				sb.WriteString("|\n")
				continue
			case long:
				for _, i := range rng.Perm(26)[:1+rng.IntN(20)] {
					opt += " " + string(rune('a'+i))
				}
				opt = opt[1:]
			default:
				opt = string(rune('a' + rng.IntN(26)))
			}
			sb.WriteString(opt + "\n")
			wantText, wantLine = append(wantText, opt), append(wantLine, l+2)
		}
		for _, procs := range []int{1, 3} {
			f, err := parse(strings.NewReader(sb.String()), "s.dlx", procs, 64, true)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(f.OptionText, wantText) || !reflect.DeepEqual(f.OptionLine, wantLine) {
				t.Fatalf("trial %d, %d goroutines: texts or lines differ", trial, procs)
			}
			for k, text := range wantText {
				if got := f.Problem.OptionString(k); got != text {
					t.Fatalf("trial %d, %d goroutines: option %d is %q, want %q", trial, procs, k, got, text)
				}
			}
		}
	}
}

// TestShortNames parses files of names of 1 to 12 bytes (8 and 9 among them, some of
// several bytes a character, some prefixes of others), entries apart by spaces and tabs,
// with faults (unknown names, prefixes and extensions of known ones, an item twice, a
// control character) and lines that end the text, every line cut into tokens and again
// with the lines of short names read a word at a time (shortNames), by one goroutine and
// in chunks: the same Files, the same errors.
func TestShortNames(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 42))
	// Names of 8 bytes whose 9-byte extensions are names too, and the extensions' last
	// bytes: a word read as a whole name when a ninth byte follows would be found.
	names := []string{"aaaaaaaa", "aaaaaaaab", "b", "7777777", "77777777", "777777777", "7"}
	for len(names) < 60 {
		n := 1 + rng.IntN(12)
		if len(names)%5 == 0 {
			n = 8 + rng.IntN(2)
		}
		var sb strings.Builder
		for sb.Len() < n {
			sb.WriteString([]string{"a", "b", "z", "7", "é", "~"}[rng.IntN(6)])
		}
		if name := sb.String(); !slices.Contains(names, name) {
			names = append(names, name)
		}
	}
	blank := func() string { return []string{" ", " ", " ", "\t", "  ", " \t "}[rng.IntN(6)] }
	faults := 0
	for trial := range 300 {
		var sb strings.Builder
		sb.WriteString(strings.Join(names[:50], " ") + " | " + strings.Join(names[50:], " ") + "\n")
		for range 1 + rng.IntN(40) {
			if rng.IntN(8) == 0 {
				sb.WriteString(blank())
			}
			used := map[int]bool{}
			for j := range 1 + rng.IntN(12) {
				if j > 0 {
					sb.WriteString(blank())
				}
				i := rng.IntN(len(names))
				for used[i] && len(used) < len(names) {
					i = rng.IntN(len(names))
				}
				used[i] = true
				name := names[i]
				switch rng.IntN(150) {
				case 0:
					name += "a" // unknown, or another name
				case 1:
					name = name[:len(name)-1] // a prefix: unknown, another name, bad UTF-8
				case 2:
					name = names[rng.IntN(len(names))] // perhaps twice
				case 3:
					name = "\x01" + name
				}
				sb.WriteString(name)
			}
			if rng.IntN(8) == 0 {
				sb.WriteString(blank())
			}
			sb.WriteString([]string{"\n", "\n", "\n", "\r\n", "\n\n", "\n| c\n"}[rng.IntN(6)])
		}
		text := sb.String()
		if trial%2 == 1 {
			text = strings.TrimRight(text, "\r\n") // the last line ends the text
		}
		want, wantErr := parse(strings.NewReader(text), "w.dlx", 1, minChunk, false)
		if wantErr != nil {
			faults++
		}
		for _, procs := range []int{1, 3} {
			got, gotErr := parse(strings.NewReader(text), "w.dlx", procs, 32, true)
			if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
				t.Fatalf("trial %d, %d goroutines: error %v, want %v\n%q", trial, procs, gotErr, wantErr, text)
			}
			if wantErr != nil {
				continue
			}
			if !reflect.DeepEqual(got.OptionText, want.OptionText) || !reflect.DeepEqual(got.OptionLine, want.OptionLine) ||
				fmt.Sprint(got.Warnings) != fmt.Sprint(want.Warnings) || got.Problem.Hash() != want.Problem.Hash() {
				t.Fatalf("trial %d, %d goroutines: the files differ\n%q", trial, procs, text)
			}
		}
	}
	if faults < 30 || faults > 270 {
		t.Fatalf("%d of 300 files in error: the test does not try both", faults)
	}
}

// TestShortNamesWords reads option lines a word at a time (words, then flush): lines of
// known names of at most 8 bytes must be read so (else every line would be cut into
// tokens, which gives the same problem more slowly), lines with longer names, colours or
// costs left to optionLine (c unchanged), and an unknown name found by optionLine when the
// waiting lines are flushed.
func TestShortNamesWords(t *testing.T) {
	tests := []struct {
		line  string
		words bool    // read by words
		want  []int32 // the entries; nil: an error
	}{
		{"a b", true, []int32{0, 1}},
		{"b\ta", true, []int32{1, 0}},
		{"a  \t b", true, []int32{0, 1}},
		{"abcdefgh a", true, []int32{2, 0}},
		{"a abcdefgh", true, []int32{0, 2}},
		{"x7654321 é", true, []int32{3, 4}},
		{"abcdefghi a", false, nil}, // 9 bytes
		{"a abcdefghi", false, nil},
		{"a b:red", false, nil},  // a colour
		{"a |2", false, nil},     // a cost
		{"a c", true, nil},       // unknown
		{"abcdefg a", true, nil}, // a prefix of a name
		{"abcdefgh\x01", false, nil},
	}
	for _, tt := range tests {
		p := &parser{f: &File{Name: "w.dlx"}}
		for _, name := range []string{"a", "b", "abcdefgh", "x7654321", "é"} {
			if _, err := p.b.AddItem(name, false, 1, 1); err != nil {
				t.Fatal(err)
			}
		}
		// Words are read only where 8 bytes can be: near the text's end the line may be
		// left to optionLine.
		for _, pad := range []string{"", "\n", "\n\n\n\n\n\n\n\n", "\nsome more text"} {
			text := tt.line + pad
			c := &chunk{text: text}
			ok := p.words(c, tt.line, len(text))
			if !ok && len(c.wkeys) != 0 || ok && !tt.words || !ok && tt.words && len(pad) >= 8 {
				t.Errorf("words(%q) in %q: %v, %d names; want %v", tt.line, text, ok, len(c.wkeys), tt.words)
				continue
			}
			if !ok {
				continue
			}
			c.pend = append(c.pend, pendLine{tt.line, 1, len(c.wkeys)})
			err := p.flush(c, nil, new(seen))
			if (err == nil) != (tt.want != nil) || err == nil && !slices.Equal(c.item, tt.want) {
				t.Errorf("flush of %q: %v, %v; want %v", tt.line, c.item, err, tt.want)
			}
		}
	}
}

// TestPlainWord checks plainWord against isPlain on tokens of 1 to 9 bytes with every byte
// value at every place, followed by a blank, a line ending or nothing: it must return the
// token's length and its bytes as a little-endian word exactly where isPlain accepts the
// token and 8 bytes can be read.
func TestPlainWord(t *testing.T) {
	plain := 0
	for size := 1; size <= 9; size++ {
		for at := range size {
			for c := range 256 {
				tok := []byte("abcdefghi"[:size])
				tok[at] = byte(c)
				for _, after := range []string{" z", "\tz", "\n", "", "        "} {
					text := string(tok) + after
					end := strings.IndexAny(text, " \t")
					if end < 0 {
						end = len(text)
					}
					if end == 0 {
						continue // plainWord is given a text without leading blanks
					}
					name := text[:end]
					key, n := plainWord(text)
					var want uint64
					wantN := 0
					if isPlain(name) && len(text) >= 8 {
						wantN = len(name)
						for i := len(name) - 1; i >= 0; i-- {
							want = want<<8 | uint64(name[i])
						}
					}
					if n != wantN || n > 0 && key != want {
						t.Fatalf("plainWord(%q) = %#x, %d; want %#x, %d", text, key, n, want, wantN)
					}
					if n > 0 {
						plain++
					}
				}
			}
		}
	}
	if plain == 0 {
		t.Fatal("no plain token: the test tries nothing")
	}
}

// TestItemLineAsBuilder reads random item lines of plain names (added with their hashes,
// Builder.AddItemHashed) mixed with names with bounds, long names, names of several bytes
// a character and names met before, primary and secondary: the items must be those that
// xcover.Builder's methods give the tokens one by one, and a line they refuse must be
// refused at the same token with the Builder's reason.
func TestItemLineAsBuilder(t *testing.T) {
	rng := rand.New(rand.NewPCG(42, 15))
	errs := 0
	for trial := range 400 {
		var toks []string
		var b xcover.Builder
		var want error
		wantTok := ""
		secondary := false
		for j := range 1 + rng.IntN(60) {
			name := fmt.Sprintf("n%d", rng.IntN(5000))
			switch rng.IntN(12) {
			case 0:
				name += "-long-name"
			case 1:
				name = "é" + name
			}
			if j > 0 && rng.IntN(40) == 0 {
				if again := toks[rng.IntN(j)]; again != "|" {
					name = strings.TrimPrefix(again, "2:3|") // an item again
				}
			}
			tok := name
			var err error
			switch {
			case !secondary && j > 0 && rng.IntN(20) == 0:
				tok, secondary = "|", true
			case secondary:
				_, err = b.AddSecondary(name)
			case rng.IntN(10) == 0:
				tok = "2:3|" + name
				_, err = b.AddPrimaryBounds(name, 2, 3)
			default:
				_, err = b.AddPrimary(name)
			}
			toks = append(toks, tok)
			if err != nil {
				want, wantTok = err, tok
				break
			}
		}
		text := strings.Join(toks, " ") + "\n"
		f, err := parse(strings.NewReader(text), "i.dlx", 1, minChunk, true)
		if want != nil {
			errs++
			var e *Error
			if !errors.As(err, &e) || e.Token != wantTok || !strings.Contains(want.Error(), e.Msg) {
				t.Fatalf("trial %d: %q: error %v, want %v at %q", trial, text, err, want, wantTok)
			}
			continue
		}
		if err != nil {
			t.Fatalf("trial %d: %q: %v", trial, text, err)
		}
		p, err := b.Build()
		if err != nil {
			t.Fatal(err)
		}
		if f.Problem.NumItems() != p.NumItems() || f.Problem.NumPrimary() != p.NumPrimary() {
			t.Fatalf("trial %d: %d items, %d primary; want %d, %d", trial, f.Problem.NumItems(), f.Problem.NumPrimary(), p.NumItems(), p.NumPrimary())
		}
		for i := range p.NumItems() {
			if got, want := f.Problem.Item(i), p.Item(i); got != want {
				t.Fatalf("trial %d: item %d is %+v, want %+v", trial, i, got, want)
			}
			if j, ok := f.Problem.ItemIndex(p.Item(i).Name); !ok || j != i {
				t.Fatalf("trial %d: item %q at %d, %v; want %d", trial, p.Item(i).Name, j, ok, i)
			}
		}
	}
	if errs < 40 || errs > 360 {
		t.Fatalf("%d of 400 lines refused: the test does not try both", errs)
	}
}

// A pieceReader gives its text a few bytes a read, each after a pause, then the error fail
// (io.EOF if nil).
type pieceReader struct {
	text  string
	n     int // bytes a read
	fail  error
	pause time.Duration
}

func (r *pieceReader) Read(b []byte) (int, error) {
	time.Sleep(r.pause)
	if r.text == "" {
		if r.fail != nil {
			return 0, r.fail
		}
		return 0, io.EOF
	}
	n := copy(b[:min(len(b), r.n)], r.text)
	r.text = r.text[n:]
	return n, nil
}

// TestReadInBackground parses inputs given a few bytes a read, so that the lines up to the
// item line are parsed while the rest is being read, with faults before, in and after the
// item line and reads that fail at every place: the File or the error must be the one of
// the input read whole first, on one goroutine. (Pauses between the reads make the parse
// wait for lines not yet read: without them the reading could end first.)
func TestReadInBackground(t *testing.T) {
	items := "| a comment\n\n\uFEFFnot a mark here\n"
	var big strings.Builder
	for i := range 300 {
		fmt.Fprintf(&big, "i%d ", i)
	}
	big.WriteString("\n")
	for i := range 300 {
		fmt.Fprintf(&big, "i%d i%d\n", i, (i+1)%300)
	}
	for _, text := range []string{
		"", "\n\n", "| only comments\n", "A B\n", "A B", "A B\nA\nB", "\uFEFFA B\nA\nB\n",
		items + "A B C\nA B\nC\n",
		"| bad \x01 comment\nA B\nA\n",
		"A A\nA\n", "A B | C\nA C:x\nB\n", "A B\nA Z\n", "A B\r\nA\r\nB\r\n",
		big.String(), "| c\n\n" + big.String() + "i1 i1\n", "| c\n" + strings.Replace(big.String(), "i7 ", "i7 i7 ", 1),
		"| c\n" + big.String(), "\n\n" + big.String()[:3000],
	} {
		for _, fail := range []error{nil, errors.New("disk on fire")} {
			for _, way := range []struct {
				n     int
				pause time.Duration
			}{{1, 0}, {3, 0}, {7, 0}, {500, 200 * time.Microsecond}} {
				n := way.n
				read := func(procs, minSize int, short bool) (*File, error) {
					return parse(&pieceReader{text, n, fail, way.pause}, "b.dlx", procs, minSize, short)
				}
				want, wantErr := read(1, minChunk, false)
				for _, procs := range []int{2, 3} {
					got, gotErr := read(procs, 64, true)
					if fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
						t.Fatalf("%q, %d bytes a read, fail %v, %d goroutines: error %v, want %v", text, n, fail, procs, gotErr, wantErr)
					}
					if wantErr != nil {
						continue
					}
					if !reflect.DeepEqual(got.OptionText, want.OptionText) || !reflect.DeepEqual(got.OptionLine, want.OptionLine) ||
						fmt.Sprint(got.Warnings) != fmt.Sprint(want.Warnings) || got.Problem.Hash() != want.Problem.Hash() {
						t.Fatalf("%q, %d bytes a read, %d goroutines: the files differ", text, n, procs)
					}
				}
			}
		}
	}
}
