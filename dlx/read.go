package dlx

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"math/bits"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/build"
	"github.com/xcover/xcover/internal/textio"
)

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
//
// The input is read whole (refused as xcover's line reader refuses every text input: lines
// of at most 64 MiB, no NUL byte in a line of over 64 KiB), by a goroutine of its own while
// the lines up to the item line are parsed, then the option lines are parsed in chunks on
// up to GOMAXPROCS goroutines and added to the problem in file order, so that the first
// error in the file is the one reported. The option texts of the File are
// pieces of the input: the File holds the input once, not a copy a line.
func Parse(r io.Reader, name string) (*File, error) {
	return parse(r, name, runtime.GOMAXPROCS(0), minChunk, true)
}

// parse is Parse on at most procs goroutines, with chunks of at least minSize bytes; with
// short false, every option line is cut into tokens (the tests compare the two ways).
func parse(r io.Reader, name string, procs, minSize int, short bool) (f *File, err error) {
	in := readAll(r, name, procs > 1)
	defer in.close()
	if in.mapped != nil {
		defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
		defer func() {
			if in.faulted.Load() {
				f, err = nil, faultError(name)
			}
		}()
		defer in.guard()
	}
	p := &parser{
		f:       &File{Name: name},
		texts:   in.mapped == nil,
		procs:   procs,
		minSize: minSize,
		short:   short,
	}
	if err := p.parse(in); err != nil {
		return nil, err
	}
	if _, rerr := in.all(); rerr != nil { // after the lines before it, which hold no error
		return nil, rerr
	}
	if !p.sawItems {
		return nil, &Error{File: p.f.Name, Msg: "no item line"}
	}
	prob, err := (*xcover.Builder)(&p.b).Build()
	if err != nil { // not expected: every Builder error has been reported already
		return nil, p.builderError(err, "", p.line)
	}
	p.f.Problem = prob
	return p.f, nil
}

// segment is the size of the line reader's buffer (internal/textio): a line longer than that is checked for NUL
// bytes and for its length a segment at a time, as that reader does, so that the same
// inputs are refused at the same lines.
const segment = 64 << 10

// An input is the text of one Parse call, read whole by readInput, perhaps by a goroutine
// of its own while the first lines are parsed: on issue 42's big87, reading its 87 MB took
// about half as long as adding the item line's 10^6 names, with which it now overlaps.
type input struct {
	mu   sync.Mutex
	more sync.Cond // broadcast as lines are complete, and at the end
	text string    // the complete lines read so far; once done, the whole input
	done bool
	err  *Error // once done, why reading stopped early, or nil

	stop     atomic.Bool   // set when the lines read so far are all that is wanted
	finished chan struct{} // closed when the reading goroutine ends; nil if none

	// mapped is the input mapped into memory (textio.Mappable), unmapped by close, or nil.
	// Each goroutine that reads it turns a fault there (the file cut short meanwhile: a
	// SIGBUS) into a panic (watch) that it recovers (guard), setting faulted.
	mapped  []byte
	faulted atomic.Bool
}

// readAll starts reading r: by a goroutine of its own if background is set, or else at once.
// A textio.Mappable is mapped into memory where it can be (mapFile), its lines then checked
// the same way, and its File keeps no option texts (parser.texts).
func readAll(r io.Reader, name string, background bool) *input {
	in := &input{}
	in.more.L = &in.mu
	if m, ok := r.(textio.Mappable); ok {
		r = m.File
		if data, ok := mapFile(m.File); ok {
			in.mapped = data
		}
	}
	if !background {
		func() {
			if in.mapped != nil {
				defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
				defer in.guard()
			}
			data, err := readInput(r, in.mapped, name, nil)
			in.text, in.err = unsafe.String(unsafe.SliceData(data), len(data)), err
		}()
		in.done = true
		return in
	}
	in.finished = make(chan struct{})
	go func() {
		defer close(in.finished)
		in.watch()
		defer in.guard()
		data, err := readInput(r, in.mapped, name, func(buf []byte, complete int) bool {
			in.mu.Lock()
			in.text = unsafe.String(unsafe.SliceData(buf), complete)
			in.mu.Unlock()
			in.more.Broadcast()
			return !in.stop.Load()
		})
		in.mu.Lock()
		in.text, in.err, in.done = unsafe.String(unsafe.SliceData(data), len(data)), err, true
		in.mu.Unlock()
		in.more.Broadcast()
	}()
	return in
}

// lines returns the complete lines read so far, once they are more than n bytes or the
// reading is over. (Lines once read stay as they are: only bytes past them are written.)
func (in *input) lines(n int) string {
	in.mu.Lock()
	defer in.mu.Unlock()
	for len(in.text) <= n && !in.done {
		in.more.Wait()
	}
	return in.text
}

// all returns the whole input, once read, and why reading stopped early, or nil.
func (in *input) all() (string, *Error) {
	in.mu.Lock()
	defer in.mu.Unlock()
	for !in.done {
		in.more.Wait()
	}
	return in.text, in.err
}

// close stops the reading after its current read and waits for its goroutine to end;
// then it unmaps a mapped input, which no goroutine reads any more.
func (in *input) close() {
	if in.finished != nil {
		in.stop.Store(true)
		<-in.finished
	}
	if in.mapped != nil {
		unmapFile(in.mapped)
	}
}

// watch makes a fault at an address of a mapped input a panic in the calling goroutine,
// which guard, deferred, recovers.
func (in *input) watch() {
	if in.mapped != nil {
		debug.SetPanicOnFault(true)
	}
}

// guard, deferred by a goroutine that called watch, recovers from a fault in the mapped
// input and records it (faulted); any other panic goes on.
func (in *input) guard() {
	if in.mapped == nil {
		return
	}
	if e := recover(); e != nil {
		f, ok := e.(interface{ Addr() uintptr })
		lo := uintptr(unsafe.Pointer(unsafe.SliceData(in.mapped)))
		if !ok || f.Addr() < lo || f.Addr() >= lo+uintptr(len(in.mapped)) {
			panic(e)
		}
		in.faulted.Store(true)
	}
}

// faultError is the error of a mapped input that could not be read to its end.
func faultError(name string) *Error {
	return &Error{File: name, Msg: "read error: the file was cut short while it was read"}
}

// readInput reads r whole. It returns the complete lines read and, if reading stopped
// early, an *Error at the line after them: a read error, a line longer than textio.MaxLineBytes or
// a NUL byte in a full segment of a line (refused as soon as read, so /dev/zero costs one
// segment). The slice is not changed afterwards. If progress is not nil, it is called after
// each read with the buffer and the length of its complete lines, which are not changed
// afterwards; when it returns false, reading stops (what was read is returned).
//
// If mapped is not nil, it is the whole input, mapped into memory (mapFile), and r is not
// read: its lines are checked as they would be read, a few at a time, without a copy.
func readInput(r io.Reader, mapped []byte, name string, progress func(buf []byte, complete int) bool) ([]byte, *Error) {
	size := segment
	if st, ok := r.(interface{ Stat() (os.FileInfo, error) }); ok && mapped == nil {
		if fi, err := st.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() < 1<<40 {
			size = max(size, int(fi.Size())+1) // one allocation, and one read at EOF
		}
	}
	var buf []byte
	if mapped != nil {
		buf = mapped[:0]
	} else {
		buf = make([]byte, 0, size)
	}
	var (
		lineStart int // offset of the line being read
		lines     int // lines complete before it
		checked   int // bytes of the line from lineStart whose full segments were checked
		scanned   int // offset up to which line endings were looked for
	)
	fail := func(msg string) ([]byte, *Error) {
		return buf[:lineStart], &Error{File: name, Line: lines + 1, Msg: msg}
	}
	// checkSegments checks the full segments of the current line that end at or before
	// end; it returns a message, or "".
	checkSegments := func(end int) string {
		for lineStart+checked+segment <= end {
			if bytes.IndexByte(buf[lineStart+checked:lineStart+checked+segment], 0) >= 0 {
				return "NUL byte in a line of over 64 KiB: not a text file"
			}
			if checked += segment; checked > textio.MaxLineBytes {
				return tooLongMsg()
			}
		}
		return ""
	}
	for {
		if len(buf) == cap(buf) {
			buf = slices.Grow(buf, cap(buf)) // doubles
		}
		// At most 1 MiB a read, so that an endless line is refused soon after its limit.
		var (
			n   int
			err error
		)
		if mapped != nil {
			if n = min(len(mapped)-len(buf), 1<<20); len(buf)+n == len(mapped) {
				err = io.EOF
			}
		} else {
			n, err = r.Read(buf[len(buf):min(cap(buf), len(buf)+1<<20)])
		}
		buf = buf[:len(buf)+n]
		for {
			i := bytes.IndexByte(buf[scanned:], '\n')
			if i < 0 {
				scanned = len(buf)
				break
			}
			end := scanned + i // the line ending
			if msg := checkSegments(end); msg != "" {
				return fail(msg)
			}
			if end+1-lineStart > textio.MaxLineBytes {
				return fail(tooLongMsg())
			}
			lines++
			lineStart, checked, scanned = end+1, 0, end+1
		}
		if msg := checkSegments(len(buf)); msg != "" {
			return fail(msg)
		}
		if progress != nil && err == nil && !progress(buf, lineStart) {
			return buf, nil
		}
		if err == io.EOF {
			if len(buf)-lineStart > textio.MaxLineBytes {
				return fail(tooLongMsg())
			}
			return buf, nil
		}
		if err != nil {
			data, e := fail("read error: " + err.Error())
			e.err = err
			return data, e
		}
	}
}

// tooLongMsg is the line reader's message for a line too long.
func tooLongMsg() string { return "line longer than " + strconv.Itoa(textio.MaxLineBytes>>20) + " MiB" }

// nextLine returns the line of text starting at pos, without its line ending ("\n" or
// "\r\n"), and the offset of the next line.
func nextLine(text string, pos int) (line string, next int) {
	i := strings.IndexByte(text[pos:], '\n')
	if i < 0 {
		line, next = text[pos:], len(text)
	} else {
		line, next = text[pos:pos+i], pos+i+1
	}
	if len(line) > 0 && line[len(line)-1] == '\r' {
		line = line[:len(line)-1]
	}
	return line, next
}

// A parser holds the state of one Parse call.
type parser struct {
	line     int // number of the line last read
	sawItems bool
	// b is an xcover.Builder as the type its methods are implemented on, whose index of the
	// item names the option lines are looked up in and to which the parsed options are
	// added as whole arrays.
	b     build.Builder
	marks bool // an item's name holds a combining mark (see hasMark); set before the options are read
	// The Builder's entries, the File's option arrays are those the chunks write into
	// (options.go).
	inPlace, optInPlace bool
	f                   *File
	texts               bool // the File keeps its options' texts and lines (not from a mapped input)
	procs               int  // goroutines for the option lines
	minSize             int  // least size of a chunk of option lines
	short               bool // lines of short names read a word at a time (shortNames)
	// primaries is the number of primary items, and primaryFirst whether they are items
	// 0 to primaries-1 and the others secondary (as the item line makes them); set before
	// the options are read.
	primaries    int32
	primaryFirst bool
}

// leadingPrimaries returns the number of primary items, and whether they come before every
// secondary one (secondary by item).
func leadingPrimaries(secondary []bool) (int32, bool) {
	np := 0
	for np < len(secondary) && !secondary[np] {
		np++
	}
	for _, sec := range secondary[np:] {
		if !sec {
			return 0, false
		}
	}
	return int32(np), true
}

// errorAt returns an *Error at the given line. The token is copied, so that the error does
// not hold the input.
func (p *parser) errorAt(line int, token, msg string) *Error {
	return &Error{File: p.f.Name, Line: line, Token: strings.Clone(token), Msg: msg}
}

// builderError turns an error from the Builder into an *Error at the given line. If token
// is not "", it replaces the Builder's token (so the message shows the text as written).
func (p *parser) builderError(err error, token string, line int) *Error {
	var ne interface {
		Token() string
		Reason() string
	} // the Builder's error about a name
	if errors.As(err, &ne) {
		if token == "" {
			token = ne.Token()
		}
		return p.errorAt(line, token, ne.Reason())
	}
	e := p.errorAt(line, token, err.Error())
	e.err = err
	return e
}

// parse parses the lines of the input: those up to the item line here, as they are read,
// the option lines in chunks once all are (options.go).
func (p *parser) parse(in *input) error {
	pos := 0
	text := in.lines(0)
	for !p.sawItems {
		if pos == len(text) {
			if text = in.lines(pos); pos == len(text) {
				return nil // the end
			}
		}
		var line string
		line, pos = nextLine(text, pos)
		p.line++
		if p.line == 1 {
			line = strings.TrimPrefix(line, "\uFEFF") // a byte order mark is skipped
		}
		t, ok := trimBlanks(line)
		if !ok {
			continue // blank
		}
		if isComment(t) {
			if err := p.checkComment(line, p.line); err != nil {
				return err
			}
			continue
		}
		// The option lines, once read, are cut into chunks and counted while the item
		// line's names are added, and the room of their entries is made (makeRoom).
		type prepared struct {
			chunks []*chunk
			room   []int32
		}
		prep := make(chan prepared, 1)
		ended := make(chan struct{}) // before the input is unmapped (close)
		defer func() { <-ended }()
		var itemsDone atomic.Bool
		go func() {
			defer close(ended)
			var pr prepared
			defer func() { prep <- pr }()
			in.watch()
			defer in.guard()
			text, _ := in.all()
			pr.chunks = p.prepare(text[pos:])
			pr.room = p.makeRoom(pr.chunks, &itemsDone)
		}()
		err := p.itemLine(t)
		itemsDone.Store(true)
		if err != nil {
			in.stop.Store(true)
			<-prep
			return err
		}
		p.sawItems = true
		p.primaries, p.primaryFirst = leadingPrimaries(p.b.Secondary())
		pr := <-prep
		if len(pr.chunks) == 0 {
			return nil
		}
		return p.options(in, pr.chunks, pr.room)
	}
	return nil
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' }

// isComment reports whether a line, its leading blanks removed, is a comment: it starts
// with '|' (Knuth's) or with "//" (as other exact cover tools write them).
func isComment(text string) bool {
	return text[0] == '|' || len(text) >= 2 && text[0] == '/' && text[1] == '/'
}

// trimBlanks removes leading and trailing blanks; ok is false if nothing is left.
func trimBlanks(b string) (text string, ok bool) {
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
func nextToken(b string) (tok, rest string) {
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
func (p *parser) checkComment(line string, at int) error {
	for i := 0; i < len(line); {
		c := line[i]
		if c < utf8.RuneSelf {
			if c < ' ' && c != '\t' || c == 0x7f {
				return p.errorAt(at, line[i:i+1], "control character in comment")
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(line[i:])
		if r == utf8.RuneError && size == 1 {
			return p.errorAt(at, line[i:i+1], "invalid UTF-8 in comment")
		}
		if unicode.IsControl(r) {
			return p.errorAt(at, line[i:i+size], "control character in comment")
		}
		i += size
	}
	return nil
}

// itemLine reads the item line (trimmed, not a comment). The index of the names copies
// them (names.Table), so that they hold no piece of the input.
func (p *parser) itemLine(text string) error {
	n := strings.Count(text, " ") + 1 // about the number of items
	p.b.GrowItems(n)
	p.b.Names().GrowText(len(text) - n + 1) // the names' bytes, about
	if !strings.Contains(text, "  ") && strings.IndexByte(text, '\t') < 0 {
		// Single spaces: n is the number of tokens, the items and perhaps a separator,
		// all of whose slots are written soon.
		p.b.Names().TouchSlots()
	}
	secondary := false
	// The tokens are taken itemBatch at a time, their names' keys and hashes in the index
	// computed and their slots read together first (names.Table.WarmHashes), so that adding
	// them meets no cache miss. A plain name (short, printable ASCII, no bounds: most
	// names) is added with its hash (Builder.AddItemHashed); others, and a plain name met
	// before, as the Builder's AddItem says.
	var (
		toks   [itemBatch]string
		keys   [itemBatch]uint64
		hashes [itemBatch]uint64
		plain  [itemBatch]bool
	)
	nt, next := 0, 0 // tokens in toks, the next to add
	for len(text) > 0 || next < nt {
		if next == nt {
			nt, next = 0, 0
			for nt < len(toks) && len(text) > 0 {
				if key, n := plainWord(text); n > 0 {
					toks[nt], keys[nt], hashes[nt], plain[nt] = text[:n], key, p.b.Names().HashShort(key), true
					_, text = nextToken(text[n:])
					nt++
					continue
				}
				toks[nt], text = nextToken(text)
				name := toks[nt]
				if plain[nt] = isPlain(name); !plain[nt] {
					if _, n, _ := strings.Cut(name, "|"); n != "" {
						name = n
					}
				}
				keys[nt], hashes[nt] = p.b.Names().Hash(name)
				nt++
			}
			p.b.Names().WarmHashes(hashes[:nt])
		}
		tok := toks[next]
		if plain[next] {
			if _, ok := p.b.AddItemHashed(tok, keys[next], hashes[next], secondary); ok {
				next++
				continue
			}
		}
		next++
		if tok == "|" {
			if secondary {
				return p.errorAt(p.line, tok, `item line has a second separator`)
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
			return p.errorAt(p.line, tok, "bounds on secondary item")
		case secondary:
			name = tok
			_, err = p.b.AddItem(name, true, 0, 0)
		case hasBounds:
			lo, hi, msg := parseBounds(bounds)
			if msg != "" {
				return p.errorAt(p.line, tok, msg)
			}
			_, err = p.b.AddItem(name, false, lo, hi)
		default:
			_, err = p.b.AddItem(name, false, 1, 1)
		}
		if err != nil {
			return p.builderError(err, tok, p.line)
		}
		p.marks = p.marks || hasMark(name)
	}
	return nil
}

// itemBatch is how many names of the item line itemLine hashes and reads the slots of
// together: the more, the more of their cache misses overlap, as in the look-ups of the
// option lines (names.Table.IndexShort).
const itemBatch = 64

// plainWord returns the key (names.Table.IndexShort) and the length of the first token of
// text (which starts with no blank) if it is a plain name (isPlain), and n = 0 otherwise or
// if text has under 8 bytes. It reads the text 8 bytes at a time, as words does: on the
// item line of issue 42's big87 (10^6 names), cutting, checking and packing the names a
// byte at a time each, three times, took a quarter of the line's time (perf).
func plainWord(text string) (key uint64, n int) {
	if len(text) < 8 {
		return 0, 0
	}
	w := binary.LittleEndian.Uint64(unsafe.Slice(unsafe.StringData(text), 8))
	n = bits.TrailingZeros64(blanks(w)) >> 3
	if n == 8 {
		if len(text) > 8 && !isBlank(text[8]) {
			return 0, 0 // over 8 bytes
		}
	} else {
		w &= 1<<(8*n) - 1
	}
	// A byte of the name that is not printable ASCII (at most ' ', or 0x7f and above),
	// ':' or '|' sets its high bit in bad. (Zero bytes above the name do too: they are
	// masked off.)
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	low := ^((w | highs) - 0x21*ones) // high bit set where the byte's low 7 bits are under 0x21
	bad := (w | low | either(w, 0x7f, ':') | either(w, '|', '|')) & highs
	if bad&(1<<(8*n)-1) != 0 {
		return 0, 0
	}
	return w, n
}

// isPlain reports whether tok is a plain item name: at most 8 bytes of printable ASCII
// but ':' and '|' (so valid, without bounds or combining marks, and no separator).
func isPlain(tok string) bool {
	if len(tok) == 0 || len(tok) > 8 {
		return false
	}
	for i := 0; i < len(tok); i++ {
		if c := tok[i]; c <= ' ' || c >= 0x7f || c == ':' || c == '|' {
			return false
		}
	}
	return true
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
