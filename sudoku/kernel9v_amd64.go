//go:build amd64 && !purego

package sudoku

// propagateAVX512 is propagateGo with AVX-512 (kernel9v_amd64.s).
//
//go:noescape
func propagateAVX512(w *[3][16]uint32, out *[6]uint32) bool

// cpuAVX512 reports whether the processor has AVX-512 F and the OS saves its registers.
func cpuAVX512() bool

// vectorPropagate is kernel9v's round loop on this machine, nil if there is no vector code
// for it.
var vectorPropagate = func() func(*[3][16]uint32, *[6]uint32) bool {
	if cpuAVX512() {
		return propagateAVX512
	}
	return nil
}()
