//go:build !amd64 || purego

package sudoku

// vectorPropagate is kernel9v's round loop on this machine: none without amd64 assembly.
var vectorPropagate func(*[3][16]uint32, *[6]uint32) bool
