// Package shard records, checks and merges partial counts of a search, for clusters and
// checkpoints.
//
// A count is split by cutting the search tree into many disjoint parts with
// [xcover.Solver.Parts] — the same parts on every machine — and dealing them out to N
// shards. Each shard counts its parts (see [Count]) and reports a [Result] that names
// the problem and the cut; [Merge] adds the results of all N shards exactly, after checking
// that they belong together and that none is missing. A [Checkpoint] records the parts a
// shard has finished, so that an interrupted count resumes where it stopped and never counts
// a part twice.
package shard

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"slices"

	"github.com/xcover/xcover"
)

// formatVersion is the version of the layout of results and checkpoints written by this package.
// Results of different formats are not merged.
const formatVersion = 2

// partsPerShard is how many parts per shard a count asks the cut for, at least
// [minParts]: many more parts than shards, dealt out round-robin, keep the shards balanced.
const (
	partsPerShard = 64
	minParts      = 1024
	// maxShards bounds N: the cut of partsPerShard·N parts is computed and held by every
	// shard (about 100 bytes a part: 65 MB at maxShards).
	maxShards = 10000
)

// requestFor returns the number of parts a count split into n shards asks [xcover.Solver.Parts]
// for: max(partsPerShard·n, minParts). It depends on n alone, so every shard cuts alike.
func requestFor(n int) int {
	return max(partsPerShard*n, minParts)
}

// A plan is a cut of a problem's search tree into parts and the share of them that one shard
// of N counts. Every machine that makes a plan for the same problem, initial options and N
// gets the same parts.
type plan struct {
	Problem *xcover.Problem
	Hash    string // Problem.Hash()
	Initial []int  // options forced into every solution
	Shard   int    // this shard, 1..Shards
	Shards  int
	Request int           // the number of parts asked of the cut: requestFor(Shards)
	Parts   []xcover.Part // the whole cut
	Above   uint64        // the search tree nodes above the parts; shard 1 counts them
	// Cut is a digest of the cut — the problem's hash, the initial options, Request and the
	// path of every part — so that results of different cuts (say, of two versions of the
	// engine that branch differently) are never merged.
	Cut string
	// Mine lists the indices in Parts of the parts this shard counts: those ≡ Shard-1
	// (mod Shards), spread over the tree for balance.
	Mine []int
}

// newPlan cuts p's search tree, with the given options forced, for shard k of n.
func newPlan(p *xcover.Problem, initial []int, k, n int) (*plan, error) {
	if n < 1 || n > maxShards {
		return nil, fmt.Errorf("shard %d/%d: N must be between 1 and %d (each shard takes %d parts of the cut, which is held in memory)", k, n, maxShards, partsPerShard)
	}
	if k < 1 || k > n {
		return nil, fmt.Errorf("shard %d/%d: want 1 <= K <= N", k, n)
	}
	s, err := xcover.NewSolver(p, xcover.Config{Initial: initial})
	if err != nil {
		return nil, err
	}
	pl := &plan{
		Problem: p,
		Hash:    p.Hash(),
		Initial: normal(initial),
		Shard:   k,
		Shards:  n,
		Request: requestFor(n),
	}
	pl.Parts, pl.Above = s.Parts(pl.Request)
	pl.Cut = cutDigest(pl.Hash, pl.Initial, pl.Request, pl.Parts)
	for i := k - 1; i < len(pl.Parts); i += n {
		pl.Mine = append(pl.Mine, i)
	}
	return pl, nil
}

// normal returns the options sorted, without repeats: the order in which options are forced
// does not change the tree.
func normal(initial []int) []int {
	out := slices.Clone(initial)
	slices.Sort(out)
	return slices.Compact(out)
}

// cutDigest returns the hexadecimal SHA-256 of the cut's description.
func cutDigest(hash string, initial []int, request int, parts []xcover.Part) string {
	h := sha256.New()
	var buf [8]byte
	num := func(x int) {
		binary.LittleEndian.PutUint64(buf[:], uint64(x))
		h.Write(buf[:])
	}
	h.Write([]byte(hash))
	num(len(initial))
	for _, k := range initial {
		num(k)
	}
	num(request)
	num(len(parts))
	for _, pt := range parts {
		num(len(pt.Path))
		for _, b := range pt.Path {
			num(b)
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Identity returns what results and checkpoints of the plan's count record to tell it from
// other counts.
func (pl *plan) Identity() Identity {
	return Identity{Problem: pl.Hash, Initial: pl.Initial, Request: pl.Request,
		Parts: len(pl.Parts), Cut: pl.Cut, Above: pl.Above}
}
