package dlx

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/xcover/xcover/internal/build"
	"github.com/xcover/xcover/internal/engine"
	"github.com/xcover/xcover/internal/names"
)

// The option lines are parsed in chunks of whole lines, each by one goroutine into flat
// arrays (no allocation per option or per entry), their names looked up in the Builder's
// index of the items and each option checked as the Builder checks one; the chunks' arrays
// are then added to the Builder whole, in file order, as they are done. A chunk stops at
// its first error; when the adding reaches that chunk, every option before the error has
// been added, so the error reported is the first in the file, as when the lines were read
// one by one.

// minChunk is the least size of a chunk: a small file is parsed by the calling goroutine.
const minChunk = 1 << 20

// A chunk is a run of whole option lines and what parsing them gave.
type chunk struct {
	text     string
	lines    int // lines of text parsed so far (blank and comment lines included)
	allLines int // lines in text
	first    int // the number of the line before text's first
	roomEnd  int // the end of the chunk's room in the File's arrays (the next chunk's starts there)
	itemEnd  int // the same in the Builder's entries
	// The room for the chunk's options and entries (see prepare).
	roomOpts, roomEntries int

	// Per option: its first entry in item, its line and its text. The line and the
	// text are written in place into the File's arrays, past the options of the chunks
	// before, and the entries into the Builder's, past their entries (with room for as
	// many options and entries as the chunk's lines and tokens, most often), so that adding
	// the chunk moves them at most, in the same arrays, to just after those before.
	start []int32
	line  []int
	opt   []string
	item  []int32   // entries' item indices
	color []int32   // entries' colours, 1 + an index in colors, 0 for none; nil if none
	costs []cost    // options with a cost above 0
	bare  []bareOpt // options without a primary item
	names []string  // colour names met in the chunk, in order
	bad   []string  // by colour of names: why the name cannot be a colour, or ""
	err   *Error    // the chunk's first error (Line counted from text's first line, 1-based)
	done  chan struct{}

	toks, keys []string   // the line being parsed: its tokens, and their names
	idx        []int32    // the names' item indices (-1: unknown)
	wkeys      []uint64   // the names of the lines waiting in pend, as words (words)
	wlens      []uint8    // and their lengths
	pend       []pendLine // lines of short names waiting for their look-ups (flush)
}

// seen is a goroutine's record of the items of the option being checked, for options too
// long to compare their entries pairwise: seen[i] == stamp for the items met so far.
type seen struct {
	at    []uint32 // by item; allocated for the first long option
	stamp uint32
}

// A cost is the cost of one option of a chunk, and the option's line.
type cost struct {
	opt  int32
	cost int64
	line int
}

// A bareOpt is an option of a chunk without a primary item: its line and its text.
type bareOpt struct {
	line int
	text string
}

// prepare cuts text, the lines after the item line, into chunks, and counts the room for
// each chunk's options and entries. It reads p's procs and minSize only, so that it may run
// while the item line is read: on big87, 0.05 s less of wall.
//
// The room is counted fast. An entry is a token, ended by a blank or a line ending, so
// that the chunk's entries always fit. Its options, by lines, are bounded so that a chunk
// of blank lines takes no more than a few times the text's size: a chunk with options of
// under 8 bytes a line may have more, which overflow into arrays of their own (addChunk).
// Room beyond what is used costs address space, and memory only where the heap hands out
// pages it had freed (cleared, so touched): fresh pages never written are never resident.
func (p *parser) prepare(text string) []*chunk {
	chunks := splitChunks(text, p.procs, p.minSize)
	for _, c := range chunks {
		c.allLines = strings.Count(c.text, "\n")
		if c.text[len(c.text)-1] != '\n' {
			c.allLines++
		}
		c.roomOpts = min(c.allLines, len(c.text)/8+16)
		c.roomEntries = min(c.allLines+strings.Count(c.text, " ")+strings.Count(c.text, "\t"), len(c.text)/2+1)
	}
	return chunks
}

// makeRoom returns the room of the chunks' entries (len: their roomEntries), or nil if
// they are under p.minSize (entries: the room of a big file only). It runs while the item
// line is read, which leaves the other cores free, and reads p's minSize only: it writes
// the room's pages in order, so that the system maps them then, and stops at the first
// page after stop is set. Where the pages are left to the chunks that write them, the
// cores that parse meet a page fault every 1024 entries: on big87 (10^7 entries, 40 MB of
// room), about 2% of the reading's CPU (perf: memmove in page faults).
func (p *parser) makeRoom(chunks []*chunk, stop *atomic.Bool) []int32 {
	toks := 0
	for _, c := range chunks {
		toks += c.roomEntries
	}
	if toks < p.minSize {
		return nil
	}
	room := make([]int32, toks)
	const page = 4096 / 4 // entries a page (of at least 4 KiB)
	for i := 0; i < len(room); i += page {
		if i%(64*page) == 0 && stop.Load() {
			break
		}
		room[i] = 0
	}
	return room
}

// options parses the chunks of the lines after the item line (prepare) and adds their
// options to the Builder, writing their entries in room (makeRoom) if it is not nil.
func (p *parser) options(in *input, chunks []*chunk, room []int32) error {
	var lines, toks int
	first := p.line
	for _, c := range chunks {
		c.first, first = first, first+c.allLines
		lines, toks = lines+c.roomOpts, toks+c.roomEntries
	}
	if p.texts {
		p.f.OptionText = make([]string, 0, lines)
		p.f.OptionLine = make([]int, 0, lines)
	}
	var item []int32
	if len(room) == toks {
		item = p.b.SpareIn(room, lines)
	} else {
		item = p.b.Spare(toks, lines)
	}
	lines, toks = 0, 0
	for _, c := range chunks {
		nl, nt := c.roomOpts, c.roomEntries
		if p.texts {
			c.opt = p.f.OptionText[lines:lines:(lines + nl)]
			c.line = p.f.OptionLine[lines:lines:(lines + nl)]
		}
		c.item = item[toks:toks:(toks + nt)]
		c.start = make([]int32, 0, nl+1) // and the end of the last option (addChunk)
		lines, toks = lines+nl, toks+nt
		c.roomEnd, c.itemEnd = lines, toks
	}
	p.inPlace, p.optInPlace = true, p.texts
	if len(chunks) == 1 {
		p.parseChunk(chunks[0], new(seen))
		return p.addChunk(chunks[0])
	}
	var (
		next    atomic.Int32 // the next chunk to parse
		stopped atomic.Bool  // set when adding has met an error
		wg      sync.WaitGroup
	)
	for range min(p.procs, len(chunks)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			in.watch()
			var s seen
			for {
				c := int(next.Add(1)) - 1
				if c >= len(chunks) {
					return
				}
				if !stopped.Load() {
					p.parseGuarded(in, chunks[c], &s)
				}
				close(chunks[c].done)
			}
		}()
	}
	defer wg.Wait()
	for i, c := range chunks {
		<-c.done
		if err := p.addChunk(c); err != nil {
			stopped.Store(true)
			return err
		}
		chunks[i] = nil // its arrays are no longer needed
	}
	return nil
}

// parseGuarded is parseChunk, a fault in a mapped input recorded (input.guard) and
// stopping the adding at c.
func (p *parser) parseGuarded(in *input, c *chunk, s *seen) {
	defer func() {
		if in.faulted.Load() && c.err == nil {
			c.err = faultError("")
		}
	}()
	defer in.guard()
	p.parseChunk(c, s)
}

// splitChunks cuts text at line endings into chunks of about equal size: sixteen per
// goroutine, so that the goroutines end close together (the last chunk's time is a core
// idle), and none below minSize. With four per goroutine, big87's two goroutines ended
// 19-117 ms apart (10 traced runs at load 5-6; chunks of 100-250 ms), with sixteen 9-22
// (5 runs).
func splitChunks(text string, procs, minSize int) []*chunk {
	n := 1
	if procs > 1 {
		n = min(16*procs, max(1, len(text)/minSize))
	}
	chunks := make([]*chunk, 0, n)
	for pos := 0; pos < len(text); {
		end := len(text)
		if rest := n - len(chunks); rest > 1 {
			end = pos + (len(text)-pos)/rest
			if i := strings.IndexByte(text[end:], '\n'); i >= 0 {
				end += i + 1
			} else {
				end = len(text)
			}
		}
		chunks = append(chunks, &chunk{text: text[pos:end], done: make(chan struct{})})
		pos = end
	}
	return chunks
}

// parseChunk parses c's lines into c. It reads the Builder's items only; s is the
// goroutine's.
func (p *parser) parseChunk(c *chunk, s *seen) {
	colors := map[string]int32{} // colour name to 1 + index in c.names
	for pos := 0; pos < len(c.text); {
		var line string
		line, pos = nextLine(c.text, pos)
		c.lines++
		text, ok := trimBlanks(line)
		if !ok {
			continue // blank
		}
		if isComment(text) {
			if c.err = p.flush(c, colors, s); c.err != nil {
				return
			}
			if err := p.checkComment(line, c.lines); err != nil {
				c.err = err.(*Error)
				return
			}
			continue
		}
		// A line of short names waits in c.pend for its names to be looked up with
		// those of the lines after it (flush), so that the cache misses of the look-ups
		// overlap across lines, not only within one: 10^7 look-ups in lines of ten took
		// 0.46-0.51 s of CPU in batches of 16 across lines, 0.68-0.74 line by line (in
		// a throwaway test, 3 runs each, loaded machine). The bytes of the chunk's text from
		// the line's start on may be read (words).
		avail := len(c.text) - int(uintptr(unsafe.Pointer(unsafe.StringData(text)))-uintptr(unsafe.Pointer(unsafe.StringData(c.text))))
		// One look for ':' and '|' at the line (fast) spares reading most of a line of
		// colours or costs by words before its first colour or cost stops it: without
		// it, BenchmarkParse's file (a colour on every line) took up to 1.9 times the
		// CPU of 646864f (3 pairs of test processes), with it 0.9-1.1 times.
		if p.short && strings.IndexByte(text, ':') < 0 && strings.IndexByte(text, '|') < 0 && p.words(c, text, avail) {
			c.pend = append(c.pend, pendLine{text, c.lines, len(c.wkeys)})
			if len(c.wkeys) >= flushKeys {
				if c.err = p.flush(c, colors, s); c.err != nil {
					return
				}
			}
			continue
		}
		if c.err = p.flush(c, colors, s); c.err != nil {
			return
		}
		if c.err = p.oneLine(c, text, colors, s); c.err != nil {
			return
		}
	}
	c.err = p.flush(c, colors, s)
}

// flushKeys is the number of names of waiting lines from which they are looked up.
const flushKeys = 256

// A pendLine is an option line of short names (words) whose names are yet to be looked
// up: its text, its line number in the chunk and the end of its names in c.wkeys.
type pendLine struct {
	text string
	line int
	end  int
}

// oneLine parses one option line, token by token (optionLine); on an error, its entries are
// not left in c.
func (p *parser) oneLine(c *chunk, text string, colors map[string]int32, s *seen) *Error {
	n := len(c.item)
	err := p.optionLine(c, text, colors, s)
	if err != nil {
		c.item = c.item[:n] // the entries of the line in error are not an option
		if c.color != nil {
			c.color = c.color[:n]
		}
	}
	return err
}

// flush looks up the names of the waiting lines (c.pend) together and adds their
// options to c in order, as optionLine would; a line with a name that is not an item is
// parsed by optionLine, which says why. On an error, c.lines is the line's.
func (p *parser) flush(c *chunk, colors map[string]int32, s *seen) *Error {
	if len(c.pend) == 0 {
		return nil
	}
	lines := c.lines
	c.idx = slices.Grow(c.idx[:0], len(c.wkeys))[:len(c.wkeys)]
	p.b.Names().IndexShort(c.wkeys, c.wlens, c.idx)
	secondary, np, ordered := p.b.Secondary(), p.primaries, p.primaryFirst
	lo := 0
	for _, pl := range c.pend {
		ids := c.idx[lo:pl.end]
		lo = pl.end
		c.lines = pl.line
		known, hasPrimary := true, false
		for _, i := range ids {
			if i < 0 {
				known = false
				break
			}
			if ordered { // no read of secondary at random: 89% of flush's samples on big87
				hasPrimary = hasPrimary || i < np
			} else {
				hasPrimary = hasPrimary || !secondary[i]
			}
		}
		if !known {
			if err := p.oneLine(c, pl.text, colors, s); err != nil {
				return err
			}
			continue
		}
		k, first := int32(len(c.start)), len(c.item)
		c.item = append(c.item, ids...)
		if c.color != nil {
			for range ids {
				c.color = append(c.color, 0)
			}
		}
		if err := p.endOption(c, pl.text, k, first, hasPrimary, 0, s); err != nil {
			c.item = c.item[:first]
			if c.color != nil {
				c.color = c.color[:first]
			}
			return err
		}
	}
	c.lines = lines
	c.pend, c.wkeys, c.wlens = c.pend[:0], c.wkeys[:0], c.wlens[:0]
	return nil
}

// optionLine parses one option line (trimmed, not a comment) into c. It cuts the line into
// tokens, looks their names up together (names.Table.IndexAll), then checks the tokens in
// order, then the entries as the Builder does, so that the first fault on the line is
// reported. Lines of short names, most lines of most files, take a faster way (words,
// then flush).
func (p *parser) optionLine(c *chunk, text string, colors map[string]int32, s *seen) *Error {
	// Most lines have no colour and no cost: one look at the line spares one at each token.
	colon := strings.IndexByte(text, ':') >= 0
	bar := strings.IndexByte(text, '|') >= 0
	k := int32(len(c.start))
	first := len(c.item)
	toks, keys := c.toks[:0], c.keys[:0]
	for rest := text; len(rest) > 0; {
		var tok string
		tok, rest = nextToken(rest)
		name := tok
		if colon {
			if i := strings.IndexByte(tok, ':'); i >= 0 {
				name = tok[:i]
			}
		}
		toks, keys = append(toks, tok), append(keys, name)
	}
	c.toks, c.keys = toks, keys
	c.idx = slices.Grow(c.idx[:0], len(keys))[:len(keys)]
	p.b.Names().IndexAll(keys, c.idx)
	secondary := p.b.Secondary()

	hasPrimary := false
	var total int64
	for t, tok := range toks {
		if bar && tok[0] == '|' { // a cost, as in Knuth's DLX5: |n, several add up
			n, err := strconv.ParseInt(tok[1:], 10, 64)
			switch {
			case err != nil || len(tok) == 1 || tok[1] == '+' || tok[1] == '-':
				return p.errorAt(c.lines, tok, "malformed cost: want |N, a whole number at least 0")
			case n > engine.MaxCost || total+n > engine.MaxCost:
				return p.errorAt(c.lines, tok, "cost too large (limit "+strconv.FormatInt(engine.MaxCost, 10)+" an option)")
			}
			total += n
			continue
		}
		if bar && strings.IndexByte(tok, '|') >= 0 {
			return p.errorAt(c.lines, tok, `"|" inside option entry`)
		}
		name, color := keys[t], int32(0)
		if len(name) < len(tok) { // name:colour
			cb := tok[len(name)+1:]
			if len(name) == 0 {
				return p.errorAt(c.lines, tok, "empty name")
			}
			if len(cb) == 0 {
				return p.errorAt(c.lines, tok, "empty colour")
			}
			var ok bool
			if color, ok = colors[cb]; !ok {
				c.names = append(c.names, cb)
				bad := ""
				if err := names.Valid(cb); err != nil {
					bad = err.Error()
				}
				c.bad = append(c.bad, bad)
				color = int32(len(c.names))
				colors[cb] = color
			}
			if c.color == nil { // the first colour of the chunk
				c.color = make([]int32, len(c.item), cap(c.item))
			}
		}
		i := c.idx[t]
		if i < 0 {
			if err := names.Valid(name); err != nil {
				return p.errorAt(c.lines, tok, err.Error())
			}
			if p.marks || hasMark(name) {
				// "é" precomposed (NFC) and "e" + U+0301 (NFD) look alike and differ.
				return p.errorAt(c.lines, tok, "unknown item (names are compared byte for byte: é precomposed (NFC) and e + U+0301 (NFD) differ; write both alike)")
			}
			return p.errorAt(c.lines, tok, "unknown item")
		}
		hasPrimary = hasPrimary || !secondary[i]
		c.item = append(c.item, i)
		if c.color != nil {
			c.color = append(c.color, color)
		}
	}
	return p.endOption(c, text, k, first, hasPrimary, total, s)
}

// endOption checks the entries of option k, c.item[first:], and adds the option (its
// text, line, cost and whether it has a primary item) to c.
func (p *parser) endOption(c *chunk, text string, k int32, first int, hasPrimary bool, total int64, s *seen) *Error {
	if err := p.checkEntries(c, first, s); err != nil {
		return err
	}
	line := c.first + c.lines
	c.start = append(c.start, int32(first))
	if p.texts {
		c.line = append(c.line, line)
		c.opt = append(c.opt, text)
	}
	if total > 0 {
		c.costs = append(c.costs, cost{k, total, line})
	}
	if !hasPrimary {
		c.bare = append(c.bare, bareOpt{line, text})
	}
	return nil
}

// words reads an option line whose names have at most 8 bytes each, without ':' or '|' (no
// colour, no cost), appending its names' keys in the index of the names and their lengths
// to c.wkeys and c.wlens (names.Table.IndexShort), and reports whether the line was such:
// otherwise c is unchanged, and optionLine parses the line token by token. It reads the
// line 8 bytes at a time (avail bytes may be read from its start), a name's bytes in a
// word being its key, and finds a name's end from the word with a few arithmetic
// operations (blanks), not a byte at a time twice (cutting the tokens, then packing
// their bytes): on issue 42's big87 (10^7 entries) the command's user CPU went from 3.1 s
// to 2.6.
func (p *parser) words(c *chunk, text string, avail int) bool {
	keys, lens := c.wkeys, c.wlens
	for i := 0; i < len(text); {
		if i+8 > avail {
			return false
		}
		w := binary.LittleEndian.Uint64(unsafe.Slice(unsafe.StringData(text[i:]), 8))
		n := min(bits.TrailingZeros64(blanks(w))>>3, len(text)-i)
		if n == 8 {
			if i+8 < len(text) && !isBlank(text[i+8]) {
				return false // a name of over 8 bytes
			}
		} else {
			w &= 1<<(8*n) - 1
		}
		if bits.TrailingZeros64(colonBar(w)) < 8*n {
			return false // a colour or a cost
		}
		keys, lens = append(keys, w), append(lens, uint8(n))
		for i += n; i < len(text) && isBlank(text[i]); i++ {
		}
	}
	c.wkeys, c.wlens = keys, lens
	return true
}

// blanks returns w, 8 bytes of text (the first byte lowest), with the high bit of its
// first space or tab set, and perhaps of bytes after it, and no other bit: zero if it has
// neither. (A byte equal to a blank is a zero byte of w xor the blank repeated; subtracting
// 1 from each byte sets the high bit of a zero byte, and borrows only upwards from it.)
func blanks(w uint64) uint64 { return either(w, ' ', '\t') }

// colonBar is blanks for ':' and '|'.
func colonBar(w uint64) uint64 { return either(w, ':', '|') }

// either is blanks for the bytes a and b.
func either(w uint64, a, b byte) uint64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	x, y := w^(uint64(a)*ones), w^(uint64(b)*ones)
	return ((x-ones)&^x | (y-ones)&^y) & highs
}

// checkEntries checks the entries of the option being parsed, c.item[first:], as the
// Builder checks an option, and reports the first fault in their order: an item met
// before in the option, a colour on a primary item, a colour that is not a name.
func (p *parser) checkEntries(c *chunk, first int, s *seen) *Error {
	ent := c.item[first:]
	long := len(ent) > 16 // compared pairwise below that
	if long {
		if s.at == nil {
			s.at = make([]uint32, p.b.Names().Len())
		}
		if s.stamp++; s.stamp == 0 { // wrapped around: the old stamps would match
			clear(s.at)
			s.stamp = 1
		}
	}
	// Short options are first looked at through a 256-bit set of their items' low bytes:
	// if the set has as many members as the option has entries, the items are distinct
	// and the pairs need not be compared (on big87's options of 10 random items of 10^6,
	// 84% of them; the pairs took about 60 ns an option, 5% of the CPU).
	distinct := false
	if !long {
		var set [4]uint64
		for _, i := range ent {
			set[uint8(i)>>6] |= 1 << (i & 63)
		}
		distinct = bits.OnesCount64(set[0])+bits.OnesCount64(set[1])+bits.OnesCount64(set[2])+bits.OnesCount64(set[3]) == len(ent)
		if distinct && c.color == nil {
			return nil
		}
	}
	secondary := p.b.Secondary()
	for j, i := range ent {
		twice := false
		if long {
			twice = s.at[i] == s.stamp
			s.at[i] = s.stamp
		} else if !distinct {
			for _, h := range ent[:j] {
				twice = twice || h == i
			}
		}
		if twice {
			return p.errorAt(c.lines, p.b.Names().Name(int(i)), build.ReasonTwice)
		}
		if c.color == nil || c.color[first+j] == 0 {
			continue
		}
		color := c.color[first+j] - 1
		if !secondary[i] {
			return p.errorAt(c.lines, p.b.Names().Name(int(i))+":"+c.names[color], build.ReasonPrimaryColour)
		}
		if c.bad[color] != "" {
			return p.errorAt(c.lines, c.names[color], c.bad[color])
		}
	}
	return nil
}

// addChunk adds c's options to the Builder and the File, then reports c's error, if any;
// p.line is the line before c's first.
func (p *parser) addChunk(c *chunk) error {
	f := p.f
	if c.color != nil { // the chunk's colours, numbered in the Builder's order
		index := make([]int32, len(c.names)+1)
		for j, name := range c.names {
			index[j+1] = p.b.ColorIndex(name)
		}
		for e, x := range c.color {
			c.color[e] = index[x]
		}
	}
	k0 := p.b.NumOptions()
	if p.inPlace && p.b.NumEntries()+len(c.item) > c.itemEnd { // not expected: the room is an upper bound
		p.b.Unshare()
		p.inPlace = false
	}
	p.b.AppendOptions(append(c.start, int32(len(c.item))), c.item, c.color)
	for _, cs := range c.costs {
		if err := p.b.SetCost(k0+int(cs.opt), cs.cost); err != nil {
			return p.builderError(err, "", cs.line)
		}
	}
	for _, b := range c.bare {
		// The token copied, so that the warning does not hold the input.
		f.Warnings = append(f.Warnings, &Error{File: f.Name, Line: b.line, Token: strings.Clone(b.text), Msg: "option with no primary item"})
	}
	// In place, these appends move the chunk's options down to just after those before.
	// If they would pass the end of the chunk's room, where the next chunk may be writing
	// its own, the File's arrays move to arrays of their own first.
	if p.optInPlace && len(f.OptionText)+len(c.opt) > c.roomEnd {
		f.OptionText, f.OptionLine = slices.Clip(f.OptionText), slices.Clip(f.OptionLine)
		p.optInPlace = false
	}
	if p.texts {
		f.OptionText = append(f.OptionText, c.opt...)
		f.OptionLine = append(f.OptionLine, c.line...)
	}
	if c.err != nil {
		c.err.File, c.err.Line = f.Name, p.line+c.err.Line
		return c.err
	}
	p.line += c.lines
	return nil
}
