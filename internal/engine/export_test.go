package engine

import "math/big"

// MemoCountLockstep is MemoCount with the workers advancing side by side, no one more
// than a poll ahead of the others (lockstepOf), as on as many idle cores: for the tests
// outside the package.
func MemoCountLockstep(sp *Spec, p *MemoParams) (*big.Int, MemoStats, error) {
	q := *p
	q.lockstep = lockstepOf(max(1, p.Workers))
	return MemoCount(sp, &q)
}
