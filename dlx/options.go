package dlx

import (
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/engine"
	"github.com/xcover/xcover/internal/names"
)

// The option lines are parsed in chunks of whole lines, each by one goroutine into flat
// arrays (no allocation per option or per entry), and the chunks are added to the Builder
// in file order as they are done. A chunk stops at its first error; when the adding
// reaches that chunk, every option before the error has been added and checked by the
// Builder, so the error reported is the first in the file, as when the lines were read one
// by one.

// minChunk is the least size of a chunk: a small file is parsed by the calling goroutine.
const minChunk = 1 << 20

// A chunk is a run of whole option lines and what parsing them gave.
type chunk struct {
	text  string
	lines int // lines in text (blank and comment lines included)

	// Per option: its first entry in item, its line (0 is text's first) and its text.
	start []int32
	line  []int32
	opt   []string
	item  []int32  // entries' item indices
	color []int32  // entries' colours, 1 + an index in colors, 0 for none; nil if none
	costs []cost   // options with a cost above 0
	bare  []int32  // options without a primary item
	names []string // colour names met in the chunk, in order
	err   *Error   // the chunk's first error (Line counted from text's first line, 1-based)
	done  chan struct{}

	toks, keys []string // the line being parsed: its tokens, and their names
	idx        []int32  // the names' item indices (-1: unknown)
}

// A cost is the cost of one option of a chunk.
type cost struct {
	opt  int32
	cost int64
}

// options parses text, the lines after the item line, and adds its options to the Builder.
func (p *parser) options(text string) error {
	chunks := splitChunks(text, p.procs, p.minSize)
	lines := min(strings.Count(text, "\n")+1, len(text)/16+16) // most often, the options
	p.f.OptionText = make([]string, 0, lines)
	p.f.OptionLine = make([]int, 0, lines)
	if len(chunks) == 1 {
		p.parseChunk(chunks[0])
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
			for {
				c := int(next.Add(1)) - 1
				if c >= len(chunks) {
					return
				}
				if !stopped.Load() {
					p.parseChunk(chunks[c])
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

// splitChunks cuts text at line endings into chunks of about equal size: a few per
// goroutine, so that a slow chunk does not hold the others up, and none below minSize.
func splitChunks(text string, procs, minSize int) []*chunk {
	n := 1
	if procs > 1 {
		n = min(4*procs, max(1, len(text)/minSize))
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

// parseChunk parses c's lines into c. It reads the Builder's items only.
func (p *parser) parseChunk(c *chunk) {
	colors := map[string]int32{} // colour name to 1 + index in c.names
	// Room for every line and token, counted fast: the arrays are not grown, which
	// made half of what a large file allocated. (Bounded, so that a chunk of blank lines
	// or blanks does not take more than the text's size.)
	lines := min(strings.Count(c.text, "\n")+1, len(c.text)/16+16)
	toks := min(lines+strings.Count(c.text, " ")+strings.Count(c.text, "\t"), len(c.text)/4+16)
	c.item = make([]int32, 0, toks)
	c.start = make([]int32, 0, lines)
	c.line = make([]int32, 0, lines)
	c.opt = make([]string, 0, lines)
	for pos := 0; pos < len(c.text); {
		var line string
		line, pos = nextLine(c.text, pos)
		c.lines++
		text, ok := trimBlanks(line)
		if !ok {
			continue // blank
		}
		if isComment(text) {
			if err := p.checkComment(line, c.lines); err != nil {
				c.err = err.(*Error)
				return
			}
			continue
		}
		n := len(c.item)
		if c.err = p.optionLine(c, text, colors); c.err != nil {
			c.item = c.item[:n] // the entries of the line in error are not an option
			if c.color != nil {
				c.color = c.color[:n]
			}
			return
		}
	}
}

// optionLine parses one option line (trimmed, not a comment) into c. It cuts the line into
// tokens, looks their names up together (names.Table.IndexAll), then checks the tokens in
// order, so that the first fault on the line is reported.
func (p *parser) optionLine(c *chunk, text string, colors map[string]int32) *Error {
	toks, keys := c.toks[:0], c.keys[:0]
	for rest := text; len(rest) > 0; {
		var tok string
		tok, rest = nextToken(rest)
		name := tok
		if i := strings.IndexByte(tok, ':'); i >= 0 {
			name = tok[:i]
		}
		toks, keys = append(toks, tok), append(keys, name)
	}
	c.toks, c.keys = toks, keys
	c.idx = slices.Grow(c.idx[:0], len(keys))[:len(keys)]
	p.names.IndexAll(keys, c.idx)

	k := int32(len(c.start))
	first := len(c.item)
	hasPrimary := false
	var total int64
	hasCost := false
	for t, tok := range toks {
		if tok[0] == '|' { // a cost, as in Knuth's DLX5: |n, several add up
			n, err := strconv.ParseInt(tok[1:], 10, 64)
			switch {
			case err != nil || len(tok) == 1 || tok[1] == '+' || tok[1] == '-':
				return p.errorAt(c.lines, tok, "malformed cost: want |N, a whole number at least 0")
			case n > engine.MaxCost || total+n > engine.MaxCost:
				return p.errorAt(c.lines, tok, "cost too large (limit "+strconv.FormatInt(engine.MaxCost, 10)+" an option)")
			}
			total += n
			hasCost = true
			continue
		}
		if strings.IndexByte(tok, '|') >= 0 {
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
		hasPrimary = hasPrimary || !p.secondary[i]
		c.item = append(c.item, i)
		if c.color != nil {
			c.color = append(c.color, color)
		}
	}
	c.start = append(c.start, int32(first))
	c.line = append(c.line, int32(c.lines))
	c.opt = append(c.opt, text)
	if hasCost && total > 0 {
		c.costs = append(c.costs, cost{k, total})
	}
	if !hasPrimary {
		c.bare = append(c.bare, k)
	}
	return nil
}

// addChunk adds c's options to the Builder and the File, then reports c's error, if any;
// p.line is the line before c's first.
func (p *parser) addChunk(c *chunk) error {
	f := p.f
	var entries []xcover.Entry
	costs, bare := c.costs, c.bare
	for k := range c.start {
		line := p.line + int(c.line[k])
		lo, hi := int(c.start[k]), len(c.item)
		if k+1 < len(c.start) {
			hi = int(c.start[k+1])
		}
		entries = entries[:0]
		for e := lo; e < hi; e++ {
			en := xcover.Entry{Item: int(c.item[e])}
			if c.color != nil && c.color[e] != 0 {
				en.Color = c.names[c.color[e]-1]
			}
			entries = append(entries, en)
		}
		if err := p.b.AddOptionEntries(entries...); err != nil {
			return p.builderError(err, "", line)
		}
		o := len(f.OptionText)
		if len(costs) > 0 && costs[0].opt == int32(k) {
			if err := p.b.SetCost(o, costs[0].cost); err != nil {
				return p.builderError(err, "", line)
			}
			costs = costs[1:]
		}
		if len(bare) > 0 && bare[0] == int32(k) {
			f.Warnings = append(f.Warnings, &Error{File: f.Name, Line: line, Token: c.opt[k], Msg: "option with no primary item"})
			bare = bare[1:]
		}
		f.OptionText = append(f.OptionText, c.opt[k])
		f.OptionLine = append(f.OptionLine, line)
	}
	if c.err != nil {
		c.err.File, c.err.Line = f.Name, p.line+c.err.Line
		return c.err
	}
	p.line += c.lines
	return nil
}
