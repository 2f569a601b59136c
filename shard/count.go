package shard

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/big"
	"time"

	"github.com/xcover/xcover"
)

// countOptions controls plan.Count.
type countOptions struct {
	// Config sets the Workers, and the Progress callback and its interval; its other fields
	// are ignored (the plan gives the initial options). Progress sees the counts and nodes
	// of earlier sessions too, and Fraction is the fraction of the shard's own tree done.
	Config xcover.Config
	// Checkpoint, if not nil, holds the parts finished earlier: they are skipped, and the
	// parts this count finishes are added to it. Its Check against the plan must pass.
	Checkpoint *Checkpoint
	// DriveOptions save the checkpoint as the count runs (Save, SaveEvery) and keep it in a
	// file (File, Resumed: the count resumes from the checkpoint saved there, in place of
	// Checkpoint, and saves to it), as they do for [Drive].
	DriveOptions
}

// Count counts share k of n of p's solutions: the one door to a count split over machines
// or kept in a checkpoint. Every share of one count must be made with the same p, cfg.Initial
// and n; [Merge] adds their results. cfg.Memo chooses the split: MemoOff (and MemoAuto: a
// split count is memoised only when asked, as every share must choose alike) cuts the
// search tree into parts, the same on every machine, and counts this share's (opt.File
// keeps the finished parts in a checkpoint, from which an interrupted count resumes); MemoOn
// splits a memoised count's sub-problems into shares (cfg.MemoBytes bounds the cache;
// a memoised count keeps no partial result, so it takes no checkpoint). cfg.Workers and
// cfg.Progress are honoured; a split count counts every solution in a fixed order, so a
// Limit, Random or a memoised count with a checkpoint is refused. If ctx is
// cancelled a plain count returns its Partial result — the counts of the parts finished,
// exact as far as they go — with ctx's error.
func Count(ctx context.Context, p *xcover.Problem, k, n int, cfg xcover.Config, opt DriveOptions) (*Result, error) {
	switch {
	case cfg.Limit > 0:
		return nil, errors.New("shard: a split or checkpointed count counts every solution: it takes no limit")
	case cfg.Random:
		return nil, errors.New("shard: a split or checkpointed count searches in a fixed order: it cannot be random")
	case cfg.Memo == xcover.MemoOn && (opt.File != "" || opt.Save != nil):
		return nil, errors.New("shard: a memoised count keeps no partial result: it cannot be checkpointed (split it into shares instead)")
	case cfg.Memo == xcover.MemoOn:
		res, _, err := countMemoShare(ctx, p, k, n, cfg)
		return res, err
	}
	pl, err := newPlan(p, cfg.Initial, k, n)
	if err != nil {
		return nil, err
	}
	return pl.Count(ctx, countOptions{Config: cfg, DriveOptions: opt})
}

// Count counts the solutions in the plan's parts (Mine) that the checkpoint does not hold
// yet. If ctx is cancelled it returns a Partial result — the counts of the parts finished,
// exact as far as it goes — and ctx's error. It is [Drive] over the plan's parts.
func (pl *plan) Count(ctx context.Context, opt countOptions) (*Result, error) {
	cp := opt.Checkpoint
	if cp == nil {
		cp = pl.newCheckpoint()
	} else if err := cp.check(pl); err != nil {
		return nil, err
	}
	cp, dopt, unlock, err := opt.DriveOptions.open(cp)
	if err != nil {
		return nil, err
	}
	defer unlock()
	err = cp.checkRanges()
	if err == nil {
		err = cp.checkNodes()
	}
	switch {
	case err != nil && opt.File != "":
		return nil, &CheckpointError{opt.File, fmt.Errorf("checkpoint %s: %w; delete it to count from the start", opt.File, err)}
	case err != nil:
		return nil, fmt.Errorf("shard: checkpoint: %w", err)
	}
	job, err := pl.job(cp, opt.Config) // its progress counts what cp holds
	if err != nil {
		return nil, err
	}
	final, cerr := Drive(ctx, job, cp, dopt)
	if final == nil {
		return nil, cerr
	}
	return final.Result(), cerr
}

// planJob is a plan's parts as a [Job]: each part is a task, counted by a solver on the
// configured workers.
type planJob struct {
	pl *plan
	s  *xcover.Solver
}

// job returns the plan's parts as a Job whose progress reports, through cfg.Progress, add
// the work of the parts the checkpoint holds.
func (pl *plan) job(cp *Checkpoint, user xcover.Config) (*planJob, error) {
	var totalW, doneW float64
	for _, i := range pl.Mine {
		w := pl.Parts[i].Weight
		totalW += w
		if _, ok := cp.Done[i]; ok {
			doneW += w
		}
	}
	cfg := xcover.Config{Workers: user.Workers, ProgressInterval: user.ProgressInterval, Initial: pl.Initial}
	if progress := user.Progress; progress != nil {
		baseSolutions, baseNodes, baseUpdates := cp.Totals()
		baseSeconds := cp.Seconds
		cfg.Progress = func(pr xcover.Progress) {
			pr.Nodes += saturate(baseNodes)
			pr.Updates += saturate(baseUpdates)
			pr.Elapsed += time.Duration(baseSeconds * float64(time.Second))
			pr.Solutions += saturate(baseSolutions)
			if totalW > 0 {
				pr.Fraction = min(1, (doneW+pr.Fraction)/totalW)
			}
			progress(pr)
		}
	}
	s, err := xcover.NewSolver(pl.Problem, cfg)
	if err != nil {
		return nil, err
	}
	return &planJob{pl: pl, s: s}, nil
}

func (j *planJob) NumTasks() int { return len(j.pl.Parts) }

func (j *planJob) Count(ctx context.Context, tasks []int, done func(int, PartCount)) error {
	parts := make([]xcover.Part, len(tasks))
	for k, i := range tasks {
		parts[k] = j.pl.Parts[i]
	}
	_, err := j.s.CountParts(ctx, parts, func(k int, st xcover.Stats) {
		done(tasks[k], PartCount{Solutions: new(big.Int).SetUint64(st.Solutions), Nodes: st.Nodes, Updates: st.Updates})
	})
	return err
}

// saturate returns x, or the largest uint64 if x is larger: for progress displays.
func saturate(x *big.Int) uint64 {
	if x.IsUint64() {
		return x.Uint64()
	}
	return math.MaxUint64
}
