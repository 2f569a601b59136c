package present

// The web server's JSON API (docs/serve.md): what a page sends (Request) and what the
// server answers (Status, Page). The server and the static site's WebAssembly engine speak
// it; tests of both front ends read it.

// A Request asks for a search: either Problem, an exact cover problem in DLX format, or
// Puzzle, the name of a puzzle, with the fields of that puzzle.
type Request struct {
	// Mode is count, solve (the default), random, distinct or puzzle. Distinct lists one
	// solution of every class of solutions that the symmetries of the puzzle map onto
	// each other; only queens (one per line) and tilings have it. Puzzle keeps two: the
	// options to pre-place so that one random solution remains (ModePuzzle), then it.
	Mode string `json:"mode,omitempty"`
	// Limit stops the search after this many solutions (classes in distinct mode);
	// 0 means no limit, except in random mode where it means 1.
	Limit uint64 `json:"limit,omitempty"`
	// Seed seeds random and puzzle modes; by default it comes from the clock (and is in the Status).
	Seed *uint64 `json:"seed,omitempty"`
	// Memo, in count mode, counts by memoisation: "on", "auto" (only where it pays) or ""
	// (off). See docs/memo.md.
	Memo string `json:"memo,omitempty"`

	// Problem is an exact cover problem in DLX format, and Name the file name that error
	// messages give it ("problem" by default).
	Problem string `json:"problem,omitempty"`
	Name    string `json:"name,omitempty"`

	// Puzzle is "queens", "tiling" or "sudoku".
	Puzzle string `json:"puzzle,omitempty"`

	// Queens: PerLine queens (default 1) on every rank and file of an N×N board, at most
	// PerLine on every diagonal.
	N       int `json:"n,omitempty"`
	PerLine int `json:"perLine,omitempty"`

	// Tiling: the pieces, built-in sets as the command's --pieces takes them
	// ("pentominoes", "tetrominoes:2", "pentominoes,tetrominoes.O") or PiecesPicture, a
	// picture in which each character other than blank or '.' is a piece; Region, a size
	// ("6x10", "3x3x3") or a picture in which each character other than blank or '.' is a
	// cell (layers separated by blank lines). NoFlip forbids turning pieces over in the
	// plane, Mirror allows mirroring them in space, MirrorImages identifies mirror-image
	// tilings in distinct mode, AtMost uses each piece at most once, Partial lets cells
	// stay empty: as the command's flags of the same names.
	Pieces        string `json:"pieces,omitempty"`
	PiecesPicture string `json:"piecesPicture,omitempty"`
	Region        string `json:"region,omitempty"`
	NoFlip        bool   `json:"noFlip,omitempty"`
	Mirror        bool   `json:"mirror,omitempty"`
	MirrorImages  bool   `json:"mirrorImages,omitempty"`
	AtMost        bool   `json:"atMost,omitempty"`
	Partial       bool   `json:"partial,omitempty"`

	// Sudoku: Grid, the puzzle on one line ("53..7....6..195...") or over N lines; the box
	// shape (default: square boxes, or the most nearly square ones); the X (diagonals)
	// and windoku variants.
	Grid    string `json:"grid,omitempty"`
	BoxRows int    `json:"boxRows,omitempty"`
	BoxCols int    `json:"boxCols,omitempty"`
	X       bool   `json:"x,omitempty"`
	Windoku bool   `json:"windoku,omitempty"`
}

// The states of a search.
const (
	StateRunning   = "running"
	StateDone      = "done"      // the search ended: every solution found, or the limit reached
	StateFailed    = "failed"    // an error stopped it
	StateCancelled = "cancelled" // stopped by DELETE, the time limit, abandonment or shutdown
)

// The modes of a search.
const (
	ModeCount    = "count"    // count the solutions
	ModeSolve    = "solve"    // list the solutions (the first Limit, or all)
	ModeRandom   = "random"   // list Limit random solutions (default 1)
	ModeDistinct = "distinct" // list one solution of every class of symmetric ones
	// ModePuzzle makes a puzzle: a random solution's minimal defining set (options that,
	// forced, leave that solution alone: the pieces to pre-place), kept first, then the
	// solution.
	ModePuzzle = "puzzle"
)

// A Status describes a search.
type Status struct {
	ID    string `json:"id"`
	Kind  string `json:"kind"`  // dlx, queens, tiling or sudoku
	Title string `json:"title"` // what is searched, in words
	Mode  string `json:"mode"`
	State string `json:"state"` // running, done, failed or cancelled
	// Solutions is the number of solutions found so far (of classes, in distinct mode);
	// Total, in distinct mode, the number of solutions in those classes; Kept the
	// number of solutions kept for listing.
	Solutions uint64 `json:"solutions"`
	// Count, in count mode once done, is the exact number of solutions in decimal: a
	// string, because JavaScript's numbers lose digits past 2^53 (and Solutions stops at
	// 2^64-1).
	Count string `json:"count,omitempty"`
	Total uint64 `json:"total,omitempty"`
	Kept  int    `json:"kept"`
	// LimitReached says the search stopped at the limit asked for.
	LimitReached bool `json:"limitReached,omitempty"`
	// The progress of the search: nodes of the search tree entered, Knuth's estimate of
	// the fraction of the tree done, seconds elapsed, the speed, and the estimated seconds
	// left (-1 when unknown).
	Nodes          uint64  `json:"nodes"`
	Fraction       float64 `json:"fraction"`
	Elapsed        float64 `json:"elapsed"`
	NodesPerSecond float64 `json:"nodesPerSecond"`
	ETA            float64 `json:"eta"`
	// Seed is the seed of a random search.
	Seed *uint64 `json:"seed,omitempty"`
	// Error says why a search failed or was cancelled.
	Error    string   `json:"error,omitempty"`
	Note     string   `json:"note,omitempty"`
	Warnings []string `json:"warnings,omitempty"`
	// Drawable says whether the solutions have drawings.
	Drawable bool `json:"drawable"`
	// The size of the exact cover problem.
	Items   int `json:"items"`
	Options int `json:"options"`
}

// A Page is a list of solutions.
type Page struct {
	Offset    int        `json:"offset"`
	Kept      int        `json:"kept"` // solutions kept in all
	State     string     `json:"state"`
	Solutions []Solution `json:"solutions"`
}

// A Solution is one solution of a search.
type Solution struct {
	Index   int    `json:"index"`           // its position among the kept solutions
	Options []int  `json:"options"`         // the chosen options, 0-based indices, ascending
	Text    string `json:"text"`            // the solution as text (the options' lines for a DLX problem)
	SVG     string `json:"svg,omitempty"`   // its drawing, if the puzzle has one
	Class   int    `json:"class,omitempty"` // distinct mode: the size of its class
}

// A SudokuSet is the answer to POST /api/sudoku, which solves a set of Sudoku puzzles (a
// Request's Grid: one puzzle a line, all of one side) in one request, as the command's
// sudoku does a file: the sudoku package's batch solver (Board.SolveAll), every solution
// checked by the rules (Board.Check). Limit is 2 in solve mode (a solution, and whether it
// is unique), the Request's Limit in count mode (0: all).
type SudokuSet struct {
	SudokuTally         // the puzzles, as the command counts them (not unique: solve mode)
	Elapsed     float64 `json:"elapsed"` // seconds from the first puzzle read to the last solved
	// Summary says the above in one line, as the command's summary does (the tally's).
	Summary string         `json:"summary"`
	Results []SudokuResult `json:"results"` // one a puzzle, in input order
}

// A SudokuResult is what was found for one puzzle of a SudokuSet.
type SudokuResult struct {
	Line      int    `json:"line"`               // its line in the Grid, from 1
	Solutions uint64 `json:"solutions"`          // solutions found, at most the limit
	Solution  string `json:"solution,omitempty"` // the first, on one line in the puzzle's alphabet
	Error     string `json:"error,omitempty"`    // why the line is no puzzle
}
