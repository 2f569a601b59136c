package queens

// The engines that count, list and construct solutions, as front ends name them.
const (
	EngineXC        = "xc"        // the general exact cover engine on Problem's encoding
	EngineBitboard  = "bitboard"  // the dedicated counter and lister (Count, All)
	EngineConstruct = "construct" // the explicit construction, or MinConflicts when random
)

// maxXCRandom is the largest board for which a random listing uses the general engine
// (RandomXC); beyond it min-conflicts search is faster.
const maxXCRandom = 12

// CountEngine returns the engine that counts the boards with perLine queens on every line
// fastest: the bitboard counter for one queen per line, the general engine otherwise.
func CountEngine(perLine int) string {
	if perLine > 1 {
		return EngineXC
	}
	return EngineBitboard
}

// ListEngine returns the engine that lists solutions of the n×n board with perLine queens
// on every line fastest, in random order if random is set: the general engine for several
// queens per line and for small random boards, the bitboard lister for the rest up to
// MaxCountN, the construction (or min-conflicts search) beyond.
func ListEngine(n, perLine int, random bool) string {
	switch {
	case perLine > 1:
		return EngineXC
	case random && n <= maxXCRandom:
		return EngineXC
	case random:
		return EngineConstruct
	case n <= MaxCountN:
		return EngineBitboard
	}
	return EngineConstruct
}
