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

// MemoCountBatch is MemoCount (in lockstep if asked) with the children of every state of
// a problem with multiplicities looked up in batches of at most batch: for the tests
// outside the package.
func MemoCountBatch(sp *Spec, p *MemoParams, batch int, lockstep bool) (*big.Int, MemoStats, error) {
	q := *p
	q.batch = batch
	if lockstep {
		q.lockstep = lockstepOf(max(1, p.Workers))
	}
	return MemoCount(sp, &q)
}

// MemoSampleBatch is MemoSample with batches of at most batch, as MemoCountBatch.
func MemoSampleBatch(sp *Spec, p *MemoParams, batch, k int, seed uint64, visit func(sol []int32) bool) (*big.Int, MemoStats, error) {
	q := *p
	q.batch = batch
	return MemoSample(sp, &q, k, seed, visit)
}
