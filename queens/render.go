package queens

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"slices"
	"strings"
)

// A Board is a set of queens on an N×N board: a solution as [Solutions] lists it and
// [Decode] reads it, or any placement to [Check] or draw.
type Board struct {
	N      int
	Queens []Square
	// Given, if any, are the queens pre-placed in a puzzle, drawn marked by WriteSVG: a
	// green square under each, its queen of class "queen given".
	Given []Square
}

// BoardOf returns the board of a solution given as the file of the queen on each rank.
func BoardOf(cols []int) Board {
	b := Board{N: len(cols), Queens: make([]Square, len(cols))}
	for r, f := range cols {
		b.Queens[r] = Square{r, f}
	}
	return b
}

// grid returns the board as rows of booleans.
func (b Board) grid() [][]bool {
	g := make([][]bool, b.N)
	for r := range g {
		g[r] = make([]bool, b.N)
	}
	for _, q := range b.Queens {
		if q.Rank >= 0 && q.Rank < b.N && q.File >= 0 && q.File < b.N {
			g[q.Rank][q.File] = true
		}
	}
	return g
}

// WriteText writes the board as text, one line per rank from rank 0, a Q for a queen and a
// dot for an empty square, separated by spaces.
func WriteText(w io.Writer, b Board) error {
	bw := bufio.NewWriter(w)
	line := make([]byte, 0, 2*b.N)
	for _, row := range b.grid() {
		line = line[:0]
		for f, q := range row {
			if f > 0 {
				line = append(line, ' ')
			}
			if q {
				line = append(line, 'Q')
			} else {
				line = append(line, '.')
			}
		}
		line = append(line, '\n')
		bw.Write(line)
	}
	return bw.Flush()
}

// SVG layout, in user units.
const (
	svgCell = 20 // side of a square
	svgGap  = 16 // space between and around boards
)

// WriteSVG writes an SVG picture of the boards, laid out in a grid with perRow boards on each
// row (a square-ish grid if perRow <= 0). Every board has the same side; each queen is a
// <text class="queen"> element.
func WriteSVG(w io.Writer, boards []Board, perRow int) error {
	bw := bufio.NewWriter(w)
	writeSVG(bw, boards, perRow)
	return bw.Flush()
}

func writeSVG(w *bufio.Writer, boards []Board, perRow int) {
	n := 1
	if len(boards) > 0 {
		n = boards[0].N
	}
	if perRow <= 0 {
		perRow = 1
		for perRow*perRow < len(boards) {
			perRow++
		}
	}
	cols := min(perRow, max(len(boards), 1))
	rows := max((len(boards)+perRow-1)/perRow, 1)
	side := n * svgCell
	width := cols*(side+svgGap) + svgGap
	height := rows*(side+svgGap) + svgGap
	fmt.Fprintf(w, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d">`+"\n",
		width, height, width, height)
	fmt.Fprintf(w, "<title>%d queens: %d board(s)</title>\n", n, len(boards))
	fmt.Fprintf(w, `<defs><pattern id="squares" width="%d" height="%d" patternUnits="userSpaceOnUse">`+
		`<rect width="%d" height="%d" fill="#f0d9b5"/><rect x="%d" width="%d" height="%d" fill="#b58863"/>`+
		`<rect y="%d" width="%d" height="%d" fill="#b58863"/></pattern></defs>`+"\n",
		2*svgCell, 2*svgCell, 2*svgCell, 2*svgCell, svgCell, svgCell, svgCell, svgCell, svgCell, svgCell)
	fmt.Fprintf(w, `<style>.queen{font:%dpx serif;text-anchor:middle;dominant-baseline:central;fill:#000}</style>`+"\n",
		svgCell*4/5)
	for i, b := range boards {
		x := svgGap + (i%perRow)*(side+svgGap)
		y := svgGap + (i/perRow)*(side+svgGap)
		fmt.Fprintf(w, `<g transform="translate(%d,%d)">`, x, y)
		fmt.Fprintf(w, `<rect width="%d" height="%d" fill="url(#squares)" stroke="#333"/>`, side, side)
		for _, q := range b.Given {
			fmt.Fprintf(w, `<rect x="%d" y="%d" width="%d" height="%d" fill="#5cb85c"/>`,
				q.File*svgCell, q.Rank*svgCell, svgCell, svgCell)
		}
		for _, q := range b.Queens {
			class := "queen"
			if slices.Contains(b.Given, q) {
				class = "queen given"
			}
			fmt.Fprintf(w, `<text class="%s" x="%d" y="%d">&#9819;</text>`,
				class, q.File*svgCell+svgCell/2, q.Rank*svgCell+svgCell/2)
		}
		w.WriteString("</g>\n")
	}
	w.WriteString("</svg>\n")
}

// A lineCount is the number of queens on one line of the board.
type lineCount struct {
	name     string
	queens   int
	min, max int
}

func (l lineCount) ok() bool { return l.queens >= l.min && l.queens <= l.max }

// lines counts the queens on every rank, file and diagonal.
func (b Board) lines(perLine int) []lineCount {
	n := b.N
	rank := make([]int, n)
	file := make([]int, n)
	anti := make([]int, 2*n-1)
	diag := make([]int, 2*n-1)
	for _, q := range b.Queens {
		if q.Rank < 0 || q.Rank >= n || q.File < 0 || q.File >= n {
			continue
		}
		rank[q.Rank]++
		file[q.File]++
		anti[q.Rank+q.File]++
		diag[q.Rank-q.File+n-1]++
	}
	var out []lineCount
	for i := range n {
		out = append(out, lineCount{fmt.Sprintf("rank %d", i), rank[i], perLine, perLine})
	}
	for i := range n {
		out = append(out, lineCount{fmt.Sprintf("file %d", i), file[i], perLine, perLine})
	}
	for k := range anti {
		out = append(out, lineCount{fmt.Sprintf("anti-diagonal rank+file=%d", k), anti[k], 0, perLine})
	}
	for k := range diag {
		out = append(out, lineCount{fmt.Sprintf("diagonal rank-file=%d", k-n+1), diag[k], 0, perLine})
	}
	return out
}

// WriteHTML writes a self-contained HTML page with the board and a table of the queens on
// every rank, file and diagonal, lines with too many or too few queens highlighted. perLine
// is the number of queens wanted on every rank and file, and allowed on every diagonal.
func WriteHTML(w io.Writer, b Board, perLine int, title string) error {
	bw := bufio.NewWriter(w)
	lines := b.lines(perLine)
	bad := 0
	for _, l := range lines {
		if !l.ok() {
			bad++
		}
	}
	t := html.EscapeString(title)
	fmt.Fprintf(bw, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>%s</title>\n", t)
	bw.WriteString(`<style>
body{font-family:sans-serif;margin:2em}
table.check{border-collapse:collapse;margin-top:1em}
table.check td,table.check th{border:1px solid #999;padding:2px 8px;text-align:left}
tr.conflict{background:#f99;font-weight:bold}
.verdict{font-size:120%;margin:1em 0}
</style>
</head>
<body>
`)
	fmt.Fprintf(bw, "<h1>%s</h1>\n", t)
	if bad == 0 {
		fmt.Fprintf(bw, "<p class=\"verdict\">Valid: %d queens, %d on every rank and file, at most %d on every diagonal.</p>\n",
			len(b.Queens), perLine, perLine)
	} else {
		fmt.Fprintf(bw, "<p class=\"verdict\">Not valid: %d line(s) in conflict, highlighted below.</p>\n", bad)
	}
	writeSVG(bw, []Board{b}, 1)
	bw.WriteString("<table class=\"check\">\n<tr><th>line</th><th>queens</th><th>allowed</th></tr>\n")
	for _, l := range lines {
		if l.queens == 0 && l.min == 0 {
			continue // empty diagonals are always fine
		}
		class := ""
		if !l.ok() {
			class = ` class="conflict"`
		}
		allowed := fmt.Sprintf("%d", l.max)
		if l.min != l.max {
			allowed = fmt.Sprintf("%d..%d", l.min, l.max)
		}
		fmt.Fprintf(bw, "<tr%s><td>%s</td><td>%d</td><td>%s</td></tr>\n", class, l.name, l.queens, allowed)
	}
	bw.WriteString("</table>\n</body>\n</html>\n")
	return bw.Flush()
}

// String returns the board as text, as [WriteText] writes it.
func (b Board) String() string {
	var sb strings.Builder
	WriteText(&sb, b)
	return sb.String()
}

// Files returns the file of the queen on each rank of a board with one queen per rank, in
// rank order.
func (b Board) Files() []int {
	files := make([]int, b.N)
	for _, q := range b.Queens {
		files[q.Rank] = q.File
	}
	return files
}
