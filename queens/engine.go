package queens

// An Engine is a way to count and list solutions. The zero Engine leaves the choice to the
// package, which takes the fastest engine that can do the job: most users never name one.
type Engine uint8

// The engines, for Options.Engine.
const (
	EngineXC        Engine = iota + 1 // the general exact cover engine on Problem's encoding
	EngineBitboard                    // the dedicated counter and lister, one queen per line up to N = 32
	EngineConstruct                   // an explicit construction of one solution (min-conflicts search when random)
)

// String returns the engine's name: auto (the zero Engine), xc, bitboard or construct.
func (e Engine) String() string {
	switch e {
	case 0:
		return "auto"
	case EngineXC:
		return "xc"
	case EngineBitboard:
		return "bitboard"
	case EngineConstruct:
		return "construct"
	}
	return "unknown"
}

// maxXCRandom is the largest board for which a random listing uses the general engine
// (randomXC); beyond it min-conflicts search is faster.
const maxXCRandom = 12

// countEngine returns the engine that counts the boards with perLine queens on every line
// fastest: the bitboard counter for one queen per line, the general engine otherwise.
func countEngine(perLine int) Engine {
	if perLine > 1 {
		return EngineXC
	}
	return EngineBitboard
}

// listEngine returns the engine that lists solutions of the n×n board with perLine queens
// on every line fastest, in random order if random is set: the general engine for several
// queens per line and for small random boards, the bitboard lister for the rest up to
// maxCountN, the construction (or min-conflicts search) beyond.
func listEngine(n, perLine int, random bool) Engine {
	switch {
	case perLine > 1:
		return EngineXC
	case random && n <= maxXCRandom:
		return EngineXC
	case random:
		return EngineConstruct
	case n <= maxCountN:
		return EngineBitboard
	}
	return EngineConstruct
}
