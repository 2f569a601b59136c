package present

import (
	"io"
	"strings"

	"github.com/xcover/xcover/puzzle"
)

// WritePuzzle writes a made puzzle in format: the pre-placed part (given, as puzzle.Make
// returns it), then the solution sol. As text see WritePuzzleText; in svg both pictures are
// drawn with the pre-placed part marked (pz's DrawGiven); as JSON the two are written as a
// listing writes them (see WriteAll).
func WritePuzzle(w io.Writer, pz puzzle.Puzzle, format string, given, sol []int) error {
	switch format {
	case FormatSVG:
		return pz.DrawGiven(w, given, [][]int{given, sol})
	case FormatText:
		return WritePuzzleText(w, pz, given, sol)
	}
	return WriteAll(w, pz, format, given, sol)
}

// WritePuzzleText writes a made puzzle as text: the pre-placed part (given, as puzzle.Make
// returns it) as its own picture, then the solution with the pre-placed part marked and a
// legend line saying how: on a queens board each pre-placed queen is a G; beside a tiling's
// picture a second one, with a # on each cell of a pre-placed piece and a . on the others.
// Other puzzles' solutions are written as they are, without a legend. The two pictures are
// separated as a listing separates solutions.
func WritePuzzleText(w io.Writer, pz puzzle.Puzzle, given, sol []int) error {
	about := pz.About()
	var sb strings.Builder
	pre, full := pz.Text(given), pz.Text(sol)
	sb.WriteString(pre)
	if about.Solid {
		sb.WriteString("-\n")
	} else {
		sb.WriteByte('\n')
	}
	switch about.Kind {
	case "queens":
		sb.WriteString(markQueens(pre, full))
		sb.WriteString("G: a pre-placed queen\n")
	case "tiling":
		sb.WriteString(markCells(pre, full))
		sb.WriteString("#: a cell of a pre-placed piece (right: the picture on the left, marked)\n")
	default:
		sb.WriteString(full)
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// markQueens returns the board full with a G for each queen that the board pre also holds.
func markQueens(pre, full string) string {
	p, f := []rune(pre), []rune(full)
	for i, r := range f {
		if r == 'Q' && i < len(p) && p[i] == 'Q' {
			f[i] = 'G'
		}
	}
	return string(f)
}

// markCells returns the picture full with, beside each row, the same row with a # for each
// cell that the picture pre covers (its character neither '.' nor a blank) and a . for the
// other cells; rows with no cell stay as they are.
func markCells(pre, full string) string {
	fl := strings.Split(strings.TrimSuffix(full, "\n"), "\n")
	pl := strings.Split(strings.TrimSuffix(pre, "\n"), "\n")
	width := 0
	for _, l := range fl {
		width = max(width, len([]rune(l)))
	}
	var sb strings.Builder
	for i, l := range fl {
		row := []rune(l)
		var prow []rune
		if i < len(pl) {
			prow = []rune(pl[i])
		}
		sb.WriteString(l)
		if strings.Trim(l, ". ") != "" {
			sb.WriteString(strings.Repeat(" ", width-len(row)+3))
			for j, r := range row {
				switch {
				case r == ' ':
					sb.WriteByte(' ')
				case j < len(prow) && prow[j] != '.' && prow[j] != ' ':
					sb.WriteByte('#')
				default:
					sb.WriteByte('.')
				}
			}
		}
		sb.WriteByte('\n')
	}
	return sb.String()
}
