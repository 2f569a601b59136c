package dlx

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/xcover/xcover"
)

// example is the example of dlx-format.md.
const example = `| three items, two of them with bounds; two secondary items, one coloured
A 2|B 0:2|C | X Y
A B X:red
A C X:red Y
B C
B
C X:blue
`

func mustParse(t testing.TB, src string) *File {
	t.Helper()
	f, err := Parse(strings.NewReader(src), "test.dlx")
	if err != nil {
		t.Fatalf("Parse(%q): %v", trunc(src), err)
	}
	return f
}

func trunc(s string) string {
	if len(s) > 200 {
		return s[:200] + "..."
	}
	return s
}

func writeString(t testing.TB, p *xcover.Problem) string {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, p); err != nil {
		t.Fatalf("Write: %v", err)
	}
	return buf.String()
}

// describe spells out a problem independently of item numbering: its items with kinds and
// bounds, in file order (primary first), and its options as name[:colour] lists.
func describe(p *xcover.Problem) string {
	var sb strings.Builder
	for _, secondary := range []bool{false, true} {
		for i := range p.NumItems() {
			it := p.Item(i)
			if it.Secondary != secondary {
				continue
			}
			if secondary {
				fmt.Fprintf(&sb, "S %s\n", it.Name)
			} else {
				fmt.Fprintf(&sb, "P %s %d %d\n", it.Name, it.Min, it.Max)
			}
		}
	}
	for k := range p.NumOptions() {
		sb.WriteString("O")
		for _, e := range p.Option(k) {
			sb.WriteString(" " + p.Item(e.Item).Name)
			if e.Color != "" {
				sb.WriteString(":" + e.Color)
			}
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

func TestExample(t *testing.T) {
	f := mustParse(t, example)
	p := f.Problem
	if f.Name != "test.dlx" {
		t.Errorf("Name = %q", f.Name)
	}
	wantItems := []xcover.Item{
		{Name: "A", Min: 1, Max: 1},
		{Name: "B", Min: 2, Max: 2},
		{Name: "C", Min: 0, Max: 2},
		{Name: "X", Secondary: true},
		{Name: "Y", Secondary: true},
	}
	if p.NumItems() != len(wantItems) || p.NumPrimary() != 3 {
		t.Fatalf("NumItems, NumPrimary = %d, %d; want 5, 3", p.NumItems(), p.NumPrimary())
	}
	for i, want := range wantItems {
		if got := p.Item(i); got != want {
			t.Errorf("Item(%d) = %+v, want %+v", i, got, want)
		}
	}
	wantOpts := [][]xcover.Entry{
		{{Item: 0}, {Item: 1}, {Item: 3, Color: "red"}},
		{{Item: 0}, {Item: 2}, {Item: 3, Color: "red"}, {Item: 4}},
		{{Item: 1}, {Item: 2}},
		{{Item: 1}},
		{{Item: 2}, {Item: 3, Color: "blue"}},
	}
	if p.NumOptions() != len(wantOpts) {
		t.Fatalf("NumOptions = %d, want %d", p.NumOptions(), len(wantOpts))
	}
	for k, want := range wantOpts {
		if got := p.Option(k); !reflect.DeepEqual(got, want) {
			t.Errorf("Option(%d) = %v, want %v", k, got, want)
		}
	}
	if p.NumEntries() != 12 || !p.HasColors() || !p.HasBounds() {
		t.Errorf("NumEntries, HasColors, HasBounds = %d, %v, %v; want 12, true, true",
			p.NumEntries(), p.HasColors(), p.HasBounds())
	}
	wantText := []string{"A B X:red", "A C X:red Y", "B C", "B", "C X:blue"}
	if !reflect.DeepEqual(f.OptionText, wantText) {
		t.Errorf("OptionText = %q, want %q", f.OptionText, wantText)
	}
	if want := []int{3, 4, 5, 6, 7}; !reflect.DeepEqual(f.OptionLine, want) {
		t.Errorf("OptionLine = %v, want %v", f.OptionLine, want)
	}
	if len(f.Warnings) != 0 {
		t.Errorf("Warnings = %v, want none", f.Warnings)
	}
	want := "A 2|B 0:2|C | X Y\nA B X:red\nA C X:red Y\nB C\nB\nC X:blue\n"
	if got := writeString(t, p); got != want {
		t.Errorf("Write =\n%s\nwant\n%s", got, want)
	}
}

// TestErrors checks every kind of error of dlx-format.md: the message names the file, the
// line and the offending text.
func TestErrors(t *testing.T) {
	tests := []struct {
		name, src string
		line      int
		token     string
		msg       string // a part of the message
	}{
		{"no item line", "", 0, "", "no item line"},
		{"only comments", "| a\n\n  | b\n", 0, "", "no item line"},
		{"unknown item", "A B\nA\nB C\n", 3, "C", "unknown item"},
		{"unknown coloured item", "A | X\nA Z:red\n", 2, "Z:red", "unknown item"},
		{"duplicate primary", "A B A\n", 1, "A", "duplicate item"},
		{"duplicate secondary", "A | X X\n", 1, "X", "duplicate item"},
		{"duplicate across kinds", "A | A\n", 1, "A", "duplicate item"},
		{"duplicate with bounds", "A 2|A\n", 1, "2|A", "duplicate item"},
		{"item twice", "A B\nA B A\n", 2, "A", "twice"},
		{"secondary twice", "A | X\nA X X:red\n", 2, "X", "twice"},
		{"item twice in a long option", "a b c d e f g h i j k l m n o p q r s t\nt s r q p o n m l k j i h g f e d c b a q\n", 2, "q", "twice"},
		{"twice before a bad colour", "A B | X Y\nA Y A X:\x01\n", 2, "A", "twice"},
		{"bad colour before twice", "A B | X Y\nA X:\x01 A\n", 2, "\x01", "control character"},
		{"second bar", "A | X | Y\n", 1, "|", "second separator"},
		{"bar in option", "A B\nA | B\n", 2, "|", "malformed cost"},
		{"cost not a number", "A B\nA B |x\n", 2, "|x", "malformed cost"},
		{"negative cost", "A B\nA B |-3\n", 2, "|-3", "malformed cost"},
		{"cost too large", "A B\nA B |1099511627777\n", 2, "|1099511627777", "cost too large"},
		{"costs too large", "A B\nA |1099511627776 B |1\n", 2, "|1", "cost too large"},
		{"bar in option token", "A B\nA B|\n", 2, "B|", `"|" inside option`},
		{"bounds in option", "A B\n2|A\n", 2, "2|A", `"|" inside option`},
		{"bounds on secondary", "A | 2|X\n", 1, "2|X", "bounds on secondary"},
		{"bounds u:v on secondary", "A | 1:2|X\n", 1, "1:2|X", "bounds on secondary"},
		{"bar in secondary name", "A | X|\n", 1, "X|", "not allowed"},
		{"colour on primary", "A | X\nA:red X\n", 2, "A:red", "colour on primary"},
		{"bounds x|A", "x|A\n", 1, "x|A", "malformed bounds"},
		{"bounds 1:|A", "1:|A\n", 1, "1:|A", "malformed bounds"},
		{"bounds :2|A", ":2|A\n", 1, ":2|A", "malformed bounds"},
		{"bounds 1:2:3|A", "1:2:3|A\n", 1, "1:2:3|A", "malformed bounds"},
		{"bounds |A", "B |A\n", 1, "|A", "malformed bounds"},
		{"bounds -1|A", "-1|A\n", 1, "-1|A", "malformed bounds"},
		{"bounds +1|A", "+1|A\n", 1, "+1|A", "malformed bounds"},
		{"bounds 1 :2", "1 :2|A\n", 1, ":2|A", "malformed bounds"},
		{"bounds long malformed", "99999999999999999999999x|A\n", 1, "99999999999999999999999x|A", "malformed bounds"},
		{"bounds with space after", "2| A\n", 1, "2|", "empty name"},
		{"bounds name with bar", "1|2|A\n", 1, "1|2|A", "not allowed"},
		{"zero upper bound", "0|A\n", 1, "0|A", "upper bound 0"},
		{"zero upper bound u:v", "B 0:0|A\n", 1, "0:0|A", "upper bound 0"},
		{"lower above upper", "3:2|A\n", 1, "3:2|A", "malformed"},
		{"bound too large", "1000000001|A\n", 1, "1000000001|A", "bound too large"},
		{"lower bound too large", "1000000001:1000000002|A\n", 1, "1000000001:1000000002|A", "bound too large"},
		{"bound overflow", "99999999999999999999999999999|A\n", 1, "99999999999999999999999999999|A", "bound too large"},
		{"empty colour", "A | X\nA X:\n", 2, "X:", "empty colour"},
		{"empty name in option", "A | X\nA :red\n", 2, ":red", "empty name"},
		{"colon in item name", "A:B\n", 1, "A:B", `':' not allowed`},
		{"colon in colour", "A | X\nA X:a:b\n", 2, "a:b", `':' not allowed`},
		{"control in item line", "A \x01B\n", 1, "\x01B", "control character"},
		{"control in option", "A B\nA\x7fB\n", 2, "A\x7fB", "control character"},
		{"DEL in item line", "A\x7f\n", 1, "A\x7f", "control character"},
		{"C1 control", "A \u0085B\n", 1, "\u0085B", "in name"},
		{"form feed", "A\fB\n", 1, "A\fB", "name"},
		{"vertical tab in option", "A B\nA \v B\n", 2, "\v", "name"},
		{"control in colour", "A | X\nA X:r\x02d\n", 2, "r\x02d", "control character"},
		{"NUL", "A\x00\n", 1, "A\x00", "control character"},
		{"bare CR inside line", "A\rB\n", 1, "A\rB", "in name"},
		{"two CRs", "A B\r\r\n", 1, "B\r", "in name"},
		{"CR alone in option", "A B\nA \r B\n", 2, "\r", "name"},
		{"invalid UTF-8 item", "A \xffB\n", 1, "\xffB", "invalid UTF-8"},
		{"invalid UTF-8 option", "A B\nA \xc3\n", 2, "\xc3", "invalid UTF-8"},
		{"invalid UTF-8 colour", "A | X\nA X:\xff\n", 2, "\xff", "invalid UTF-8"},
		{"control in comment", "| bad \x07 bell\nA\n", 1, "\x07", "control character in comment"},
		{"C1 in comment", "A\n| \u009b\n", 2, "\u009b", "control character in comment"},
		{"invalid UTF-8 in comment", "A\n\n  | caf\xe9\n", 3, "\xe9", "invalid UTF-8 in comment"},
		{"no-break space", "A\u00a0B\n", 1, "A\u00a0B", "blank"},
		{"slash comment is no item line", "// c\n", 0, "", "no item line"},
		{"control in slash comment", "A\n// \x07\n", 2, "\x07", "control character in comment"},
		{"error line after slash comments", "// c\nA B\n//A C\nA C\n", 4, "C", "unknown item"},
		{"error line after comments", "| c\n\nA B\n| c\nA\nB\n\nA C\n", 8, "C", "unknown item"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Parse(strings.NewReader(tt.src), "t.dlx")
			if err == nil {
				t.Fatalf("Parse(%q) succeeded: %q; want error", tt.src, describe(f.Problem))
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v is a %T, not *Error", err, err)
			}
			if e.File != "t.dlx" || e.Line != tt.line || e.Token != tt.token {
				t.Errorf("error %v: File, Line, Token = %q, %d, %q; want %q, %d, %q",
					err, e.File, e.Line, e.Token, "t.dlx", tt.line, tt.token)
			}
			msg := err.Error()
			prefix := "t.dlx: "
			if tt.line > 0 {
				prefix = fmt.Sprintf("t.dlx:%d: ", tt.line)
			}
			if !strings.HasPrefix(msg, prefix) {
				t.Errorf("message %q does not start with %q", msg, prefix)
			}
			if tt.token != "" && !strings.Contains(msg, fmt.Sprintf("%q", tt.token)) {
				t.Errorf("message %q does not show the token %q", msg, tt.token)
			}
			if !strings.Contains(msg, tt.msg) {
				t.Errorf("message %q does not contain %q", msg, tt.msg)
			}
		})
	}
}

func TestErrorString(t *testing.T) {
	tests := []struct {
		e    Error
		want string
	}{
		{Error{File: "queens.dlx", Line: 7, Token: "r9", Msg: "unknown item"}, `queens.dlx:7: unknown item "r9"`},
		{Error{File: "q.dlx", Msg: "no item line"}, "q.dlx: no item line"},
		{Error{Line: 3, Msg: "oops"}, "line 3: oops"},
		{Error{Msg: "oops", Token: "a\x01"}, `oops "a\x01"`},
	}
	for _, tt := range tests {
		if got := tt.e.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
	}
}

func TestReadError(t *testing.T) {
	boom := errors.New("boom")
	r := io.MultiReader(strings.NewReader("A B\nA\n"), iotest.ErrReader(boom))
	_, err := Parse(r, "r.dlx")
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, boom) {
		t.Fatalf("err = %v (%T); want an *Error wrapping boom", err, err)
	}
	if e.File != "r.dlx" || !strings.Contains(err.Error(), "boom") {
		t.Errorf("err = %v", err)
	}
}

// TestAccept checks inputs that must parse, by their canonical rewriting.
func TestAccept(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"minimal", "A", "A\n"},
		{"no final newline", "A B\nA B", "A B\nA B\n"},
		{"no final newline after comment", "A B\nA\n| end", "A B\nA\n"},
		{"CRLF", "| c\r\nA 2|B | X\r\n\r\nA B X:r\r\nB\r\n", "A 2|B | X\nA B X:r\nB\n"},
		{"CR at end without newline", "A\r\nA\r", "A\nA\n"},
		{"blanks and tabs", " \t A\t\t2|B   |  X \t\n\t B  A \t\n   \n\t\n", "A 2|B | X\nB A\n"},
		{"indented comment", "   | comment\nA\n \t| another\nA\n", "A\nA\n"},
		{"comment with any text", "| ünïcödé, tabs\t and |bars| and 2:3|A\nA\n", "A\n"},
		{"slash comments", "// from johnrudge/xcover\nA B\n  // an option's comment\nA\n\t//B\nB\n//", "A B\nA\nB\n"},
		{"slash comment glued", "//A B\nA\nA\n", "A\nA\n"},
		{"both kinds of comment", "| one\n// two\nA | X\n| three\n// four\nA X\n", "A | X\nA X\n"},
		{"slashes inside a name", "a//b | x//\na//b x//:c\n", "a//b | x//\na//b x//:c\n"},
		{"single slash is a name", "/ A\n/ A\n", "/ A\n/ A\n"},
		{"item named with slashes: a line starting with it is a comment", "A //B\nA //B\n//B A\n", "A //B\nA //B\n"},
		{"first item named with slashes", "1|//A B\nB //A\n", "1|//A B\nB //A\n"},
		{"separator with no secondary", "A |\nA\n", "A\nA\n"},
		{"separator glued", "A B |\nA\nB\n", "A B\nA\nB\n"},
		{"no options", "A B | X\n", "A B | X\n"},
		{"bounds 1:1 dropped", "1|A 1:1|B\nA B\n", "A B\n" + "A B\n"},
		{"bounds v|name", "3:3|A\nA\n", "3|A\nA\n"},
		{"leading zeros", "007|A 00:01|B\nA B\n", "7|A 0:1|B\nA B\n"},
		{"max bound", "1000000000|A 0:1000000000|B\nA B\n", "1000000000|A 0:1000000000|B\nA B\n"},
		{"digit names", "1 2 | 3\n1 3\n2 3:4\n", "1 2 | 3\n1 3\n2 3:4\n"},
		{"unicode names", "é 日本 | ★\n日本 ★:紅\né\n", "é 日本 | ★\n日本 ★:紅\né\n"},
		{"long names and colours", "abcdefghijklmnop | qrstuvwxyz\nabcdefghijklmnop qrstuvwxyz:colourful\n",
			"abcdefghijklmnop | qrstuvwxyz\nabcdefghijklmnop qrstuvwxyz:colourful\n"},
		{"same options", "A B\nA\nA\nB\n", "A B\nA\nA\nB\n"},
		{"secondary only option", "A | X Y\nX Y:c\nA\n", "A | X Y\nX Y:c\nA\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := mustParse(t, tt.src)
			if got := writeString(t, f.Problem); got != tt.want {
				t.Errorf("Parse then Write =\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

func TestOptionTextAndLines(t *testing.T) {
	src := "| c\r\n  A B | X  \r\n\r\n\t A  B\t\r\n| c\r\n X:r A \r\nB"
	f := mustParse(t, src)
	if want := []string{"A  B", "X:r A", "B"}; !reflect.DeepEqual(f.OptionText, want) {
		t.Errorf("OptionText = %q, want %q", f.OptionText, want)
	}
	if want := []int{4, 6, 7}; !reflect.DeepEqual(f.OptionLine, want) {
		t.Errorf("OptionLine = %v, want %v", f.OptionLine, want)
	}
}

func TestWarnings(t *testing.T) {
	src := "A | X Y\nA X\nX:red Y\nA\n\nY\n"
	f := mustParse(t, src)
	if f.Problem.NumOptions() != 4 {
		t.Fatalf("NumOptions = %d, want 4 (options without primary items are kept)", f.Problem.NumOptions())
	}
	if len(f.Warnings) != 2 {
		t.Fatalf("Warnings = %v, want 2", f.Warnings)
	}
	for i, want := range []struct {
		line  int
		token string
	}{{3, "X:red Y"}, {6, "Y"}} {
		w := f.Warnings[i]
		if w.File != "test.dlx" || w.Line != want.line || w.Token != want.token {
			t.Errorf("warning %d = %+v, want line %d token %q", i, w, want.line, want.token)
		}
		if msg := w.Error(); !strings.Contains(msg, fmt.Sprintf("test.dlx:%d: ", want.line)) ||
			!strings.Contains(msg, "no primary item") {
			t.Errorf("warning %d message %q", i, msg)
		}
	}
}

func TestHugeItemLine(t *testing.T) {
	const n = 200_000
	var sb strings.Builder
	for i := range n {
		if i > 0 {
			sb.WriteByte(' ')
		}
		fmt.Fprintf(&sb, "item%d", i)
	}
	sb.WriteString(" | s\n")
	// A long option line too: every other item.
	for i := 0; i < n; i += 2 {
		fmt.Fprintf(&sb, "item%d ", i)
	}
	sb.WriteString("s:c\nitem1\n")
	f := mustParse(t, sb.String())
	p := f.Problem
	if p.NumItems() != n+1 || p.NumPrimary() != n || p.NumOptions() != 2 || p.NumEntries() != n/2+2 {
		t.Fatalf("NumItems, NumPrimary, NumOptions, NumEntries = %d, %d, %d, %d",
			p.NumItems(), p.NumPrimary(), p.NumOptions(), p.NumEntries())
	}
	if i, ok := p.ItemIndex("item199999"); !ok || i != n-1 {
		t.Errorf("ItemIndex(item199999) = %d, %v", i, ok)
	}
	if f.OptionLine[1] != 3 {
		t.Errorf("OptionLine = %v", f.OptionLine)
	}
	// And it must survive a round trip.
	f2 := mustParse(t, writeString(t, p))
	if describe(f2.Problem) != describe(p) {
		t.Error("round trip of the huge problem changed it")
	}
}

func TestRoundTrip(t *testing.T) {
	srcs := []string{
		example,
		"A\n",
		"A B C | X Y Z\nA X:1 Y:2\nB Y:2 Z\nC\nX Y Z\n",
		"0:5|A 1:3|B 4|C\nA B C\nA\nB C\n",
		"| knuth style\np1 p2 p3 | s1 s2\np1 s1:A\np2 s1:B s2:A\np3 s2\n",
	}
	for _, src := range srcs {
		f1 := mustParse(t, src)
		w1 := writeString(t, f1.Problem)
		f2 := mustParse(t, w1)
		w2 := writeString(t, f2.Problem)
		if w1 != w2 {
			t.Errorf("Write is not stable:\n%s\nthen\n%s", w1, w2)
		}
		if d1, d2 := describe(f1.Problem), describe(f2.Problem); d1 != d2 {
			t.Errorf("round trip changed the problem:\n%s\nto\n%s", d1, d2)
		}
	}
}

// TestWriteBuilderOrder writes a problem whose items were added interleaved: primaries come
// first in the file, and reading it back gives the same problem up to item numbering.
func TestWriteBuilderOrder(t *testing.T) {
	b := new(xcover.Builder)
	b.AddSecondary("x")
	b.AddPrimaryBounds("a", 0, 2)
	b.AddSecondary("y")
	b.AddPrimary("b")
	b.AddPrimaryBounds("c", 3, 3)
	b.AddOption("x:red", "a", "b")
	b.AddOption("y", "c")
	b.AddOption("x:blue")
	p, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	got := writeString(t, p)
	want := "0:2|a b 3|c | x y\nx:red a b\ny c\nx:blue\n"
	if got != want {
		t.Fatalf("Write =\n%s\nwant\n%s", got, want)
	}
	f := mustParse(t, got)
	if d1, d2 := describe(p), describe(f.Problem); d1 != d2 {
		t.Errorf("read back\n%s\nwant\n%s", d2, d1)
	}
}

func TestWriteNoPrimary(t *testing.T) {
	b := new(xcover.Builder)
	b.AddSecondary("x")
	b.AddOption("x")
	p, err := b.Build()
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Write(&buf, p); !errors.Is(err, ErrNoPrimary) {
		t.Errorf("Write = %v, want ErrNoPrimary", err)
	}
	if buf.Len() != 0 {
		t.Errorf("Write wrote %q", buf.String())
	}
}

func TestWriteError(t *testing.T) {
	f := mustParse(t, example)
	boom := errors.New("boom")
	if err := Write(errWriter{boom}, f.Problem); !errors.Is(err, boom) {
		t.Errorf("Write = %v, want an error wrapping boom", err)
	}
}

type errWriter struct{ err error }

func (w errWriter) Write([]byte) (int, error) { return 0, w.err }

func TestParseFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "ex.dlx")
	if err := os.WriteFile(path, []byte("A B\nA\nC\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	_, err := ParseFile(path)
	var e *Error
	if !errors.As(err, &e) || e.File != path || e.Line != 3 {
		t.Errorf("ParseFile = %v; want an error at %s:3", err, path)
	}
	if err := os.WriteFile(path, []byte(example), 0o666); err != nil {
		t.Fatal(err)
	}
	f, err := ParseFile(path)
	if err != nil || f.Name != path || f.Problem.NumOptions() != 5 {
		t.Errorf("ParseFile = %v, %v", f, err)
	}
	if _, err := ParseFile(filepath.Join(dir, "missing.dlx")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("ParseFile(missing) = %v, want ErrNotExist", err)
	}
}

func TestParseFileStdin(t *testing.T) {
	path := filepath.Join(t.TempDir(), "in.dlx")
	if err := os.WriteFile(path, []byte("A B\nA B\nC\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	in, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	saved := os.Stdin
	os.Stdin = in
	defer func() { os.Stdin = saved }()
	_, err = ParseFile("-")
	if err == nil || !strings.HasPrefix(err.Error(), `<stdin>:3: unknown item "C"`) {
		t.Errorf("ParseFile(-) = %v, want <stdin>:3: unknown item", err)
	}
}

// TestCosts reads Knuth's DLX5 costs — |n entries on an option line, adding up — and writes
// them back.
func TestCosts(t *testing.T) {
	f := mustParse(t, "A B C\nA B |3\nC |1 |1\nA\nB |0 C |4\n")
	p := f.Problem
	if !p.HasCosts() || p.Cost(0) != 3 || p.Cost(1) != 2 || p.Cost(2) != 0 || p.Cost(3) != 4 {
		t.Fatalf("costs %d %d %d %d", p.Cost(0), p.Cost(1), p.Cost(2), p.Cost(3))
	}
	out := writeString(t, p)
	if !strings.Contains(out, "\nA B |3\nC |2\nA\nB C |4\n") {
		t.Errorf("written:\n%s", out)
	}
	if q := mustParse(t, out).Problem; q.Hash() != p.Hash() {
		t.Errorf("costs do not round-trip")
	}
	if plain := mustParse(t, "A B C\nA B\nC\nA\nB C\n").Problem; plain.Hash() == p.Hash() || plain.HasCosts() {
		t.Errorf("costs do not change the hash")
	}
}

// TestCheckOptions: options in range pass; the first out of range is named with the file.
func TestCheckOptions(t *testing.T) {
	f, err := Parse(strings.NewReader("a b\na\nb\na b\n"), "ab.dlx")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		opts []int
		want string
	}{
		{nil, ""},
		{[]int{0, 2}, ""},
		{[]int{1, 3, -1}, "no option 3 in ab.dlx (options are numbered 0 to 2)"},
		{[]int{-1}, "no option -1 in ab.dlx (options are numbered 0 to 2)"},
	} {
		err := f.CheckOptions(tc.opts)
		if got := fmt.Sprint(err); tc.want == "" && err != nil || tc.want != "" && got != tc.want {
			t.Errorf("CheckOptions(%v) = %v, want %q", tc.opts, err, tc.want)
		}
	}
}

// TestWriteRefuses checks that Write refuses, writing nothing, the problems DLX text cannot
// hold: an option with no item (a blank line) and one whose items all begin with "//" (a
// comment line).
func TestWriteRefuses(t *testing.T) {
	tests := []struct {
		name string
		opts [][]string
		msg  string
	}{
		{"empty option", [][]string{{"A"}, {}}, "option 1 has no item"},
		{"slashes only", [][]string{{"A"}, {"//B"}}, `option 1: every item's name begins with "//"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := new(xcover.Builder)
			b.AddPrimary("A")
			b.AddPrimary("//B")
			for _, o := range tt.opts {
				b.AddOption(o...)
			}
			p, err := b.Build()
			if err != nil {
				t.Fatal(err)
			}
			var buf bytes.Buffer
			err = Write(&buf, p)
			if err == nil || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("Write = %v, want an error containing %q", err, tt.msg)
			}
			if buf.Len() != 0 {
				t.Errorf("Write wrote %q", buf.String())
			}
		})
	}
}
