package main

import "testing"

// TestSpin checks that the steps are split without loss: one worker's run from seed 1
// equals a spin on one worker, and a spin's result changes with the number of steps.
func TestSpin(t *testing.T) {
	if got, want := spin(1, 1000), run(1, 1000); got != want {
		t.Errorf("spin(1, 1000) = %d, want %d", got, want)
	}
	if got, want := spin(2, 1001), run(1, 501)^run(2, 500); got != want {
		t.Errorf("spin(2, 1001) = %d, want %d (501 steps and 500)", got, want)
	}
	if spin(2, 1000) == spin(2, 1002) {
		t.Error("spin(2, 1000) = spin(2, 1002): the steps are not all run")
	}
}
