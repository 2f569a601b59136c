package engine

import "fmt"

// A Kernel names a kernel, or how the bitset kernel finds its counts, for tests and
// benchmarks that force one; KernelAuto, the zero Kernel, lets the planner choose.
type Kernel uint8

const (
	KernelAuto           Kernel = iota // the planner chooses by problem
	KernelLinks                        // dancing links: X when the problem allows, else M
	KernelBits                         // bitsets, counts chosen by size
	KernelBitsLazy                     // bitsets, counts by popcount
	KernelBitsCounts                   // bitsets, counts kept up to date
	KernelBitsRowsLazy                 // bitsets taking rows per entry, counts by popcount
	KernelBitsRowsCounts               // bitsets taking rows per entry, counts kept
)

var kernelNames = [...]string{"", "dlx", "bits", "bits-lazy", "bits-counts", "bits-rows-lazy", "bits-rows-counts"}

// String returns the kernel's name, as ParseKernel reads it ("" for KernelAuto).
func (k Kernel) String() string { return kernelNames[k] }

// ParseKernel returns the kernel of the given name: "dlx", "bits", "bits-lazy",
// "bits-counts", "bits-rows-lazy", "bits-rows-counts", or "" for KernelAuto.
func ParseKernel(name string) (Kernel, error) {
	for k, n := range kernelNames {
		if n == name {
			return Kernel(k), nil
		}
	}
	return KernelAuto, fmt.Errorf("engine: unknown kernel %q", name)
}

// rows reports whether k forces the bitset kernel's rows mode.
func (k Kernel) rows() bool { return k == KernelBitsRowsLazy || k == KernelBitsRowsCounts }

// A kernelKind is one of the three kernels.
type kernelKind uint8

const (
	kindBits kernelKind = iota // kernelB
	kindX                      // kernelX
	kindM                      // kernelM
)

// A plan is the kernel chosen for a problem and a search, once, with what the choice
// measured, so that setting the kernel up does not measure it again.
type plan struct {
	kind  kernelKind
	force Kernel // the caller's forced kernel, for the bitset kernel's modes
	// depth and sw are the bitset kernel's levels and words of state per level
	// (bitsLevels), measured for every problem the choice looks at.
	depth, sw int
}

// makePlan chooses the kernel that runs sp with p. The bitset kernel runs problems with
// few options (or whose rows fit, see bitsRowsFit) whose per-level states fit in
// bitsMaxStateBytes, except in random mode (it has none) or when dancing links are forced;
// dancing links run the rest, kernel X when every primary item is covered exactly once
// without colours. A forced kernel that cannot run the problem gives way to the choice.
func makePlan(sp *Spec, p *Params) plan {
	pl := plan{force: p.Kernel}
	pl.depth, pl.sw = bitsLevels(sp)
	bitsOK := !p.Random && sp.NumPrimary > 0 && 8*pl.depth*pl.sw <= bitsMaxStateBytes &&
		(sp.NumOptions() <= bitsMaxOptions || bitsRowsFit(sp))
	switch {
	case bitsOK && p.Kernel != KernelLinks:
		pl.kind = kindBits
	case sp.exact():
		pl.kind = kindX
	default:
		pl.kind = kindM
	}
	return pl
}

// String names the plan's kernel: "bits", "X" or "M".
func (pl plan) String() string { return [...]string{"bits", "X", "M"}[pl.kind] }
