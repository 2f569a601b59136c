package shard

import (
	"context"
	"math"
	"math/big"
	"sync"
	"time"

	"github.com/xcover/xcover"
)

// CountOptions controls [Plan.Count].
type CountOptions struct {
	// Config sets the Workers, and the Progress callback and its interval; its other fields
	// are ignored (the plan gives the initial options). Progress sees the counts and nodes
	// of earlier sessions too, and Fraction is the fraction of the shard's own tree done.
	Config xcover.Config
	// Checkpoint, if not nil, holds the parts finished earlier: they are skipped, and the
	// parts this count finishes are added to it. Its Check against the plan must pass.
	Checkpoint *Checkpoint
	// Save, if not nil, is called with a consistent copy of the checkpoint every SaveEvery
	// (default 5 s) while the count runs, and once when it ends, even if cancelled. Calls
	// never overlap. An error from Save stops the count.
	Save      func(*Checkpoint) error
	SaveEvery time.Duration
	// Version names the program that counts, for the Result.
	Version string
}

// Count counts the solutions in the plan's parts (Mine) that the checkpoint does not hold
// yet. If ctx is cancelled it returns a Partial result — the counts of the parts finished,
// exact as far as it goes — and ctx's error.
func (pl *Plan) Count(ctx context.Context, opt CountOptions) (*Result, error) {
	start := time.Now()
	cp := opt.Checkpoint
	if cp == nil {
		cp = NewCheckpoint(pl)
	} else if err := cp.Check(pl); err != nil {
		return nil, err
	}
	base := cp.clone() // the state before this session

	var todo []int // indices in pl.Parts
	var totalW, doneW float64
	for _, i := range pl.Mine {
		w := pl.Parts[i].Weight
		totalW += w
		if _, ok := cp.Done[i]; ok {
			doneW += w
		} else {
			todo = append(todo, i)
		}
	}
	parts := make([]xcover.Part, len(todo))
	for j, i := range todo {
		parts[j] = pl.Parts[i]
	}

	// mu guards cp.
	var mu sync.Mutex
	snapshot := func() *Checkpoint {
		mu.Lock()
		defer mu.Unlock()
		c := cp.clone()
		c.Seconds = base.Seconds + time.Since(start).Seconds()
		return c
	}

	cfg := xcover.Config{Workers: opt.Config.Workers, ProgressInterval: opt.Config.ProgressInterval}
	user := opt.Config.Progress
	if user == nil { // the callback only notes the work done, for the saves
		cfg.ProgressInterval = min(time.Second, max(opt.SaveEvery, 100*time.Millisecond))
	}
	baseSolutions, baseNodes, baseUpdates := base.Totals()
	cfg.Progress = func(pr xcover.Progress) {
		if user != nil {
			pr.Nodes += saturate(baseNodes)
			pr.Updates += saturate(baseUpdates)
			pr.Elapsed += time.Duration(base.Seconds * float64(time.Second))
			if baseSolutions.IsUint64() {
				pr.Solutions += baseSolutions.Uint64()
			}
			if totalW > 0 {
				pr.Fraction = min(1, (doneW+pr.Fraction)/totalW)
			}
			user(pr)
		}
	}
	cfg.Initial = pl.Initial
	s, err := xcover.NewSolver(pl.Problem, cfg)
	if err != nil {
		return nil, err
	}

	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var saveErr error
	saverDone := make(chan struct{})
	if opt.Save != nil {
		every := opt.SaveEvery
		if every <= 0 {
			every = 5 * time.Second
		}
		go func() {
			defer close(saverDone)
			t := time.NewTicker(every)
			defer t.Stop()
			for {
				select {
				case <-ctx.Done():
					return
				case <-t.C:
					if err := opt.Save(snapshot()); err != nil {
						saveErr = err
						cancel()
						return
					}
				}
			}
		}()
	} else {
		close(saverDone)
	}

	_, cerr := s.CountParts(ctx, parts, func(j int, pst xcover.Stats) {
		mu.Lock()
		cp.Done[todo[j]] = PartCount{Solutions: pst.Solutions, Nodes: pst.Nodes, Updates: pst.Updates}
		mu.Unlock()
	})
	cancel()
	<-saverDone
	final := snapshot()
	if saveErr == nil && opt.Save != nil {
		saveErr = opt.Save(final)
	}
	if saveErr != nil {
		return nil, saveErr
	}
	sols, nodes, updates := final.Totals()
	res := &Result{
		Solutions: sols,
		Nodes:     nodes,
		Updates:   updates,
		Seconds:   final.Seconds,
		Partial:   len(final.Done) < len(pl.Mine),
		Format:    Format,
		Problem:   pl.Hash,
		Initial:   pl.Initial,
		Shard:     pl.Shard,
		Shards:    pl.Shards,
		Parts:     len(pl.Parts),
		Cut:       pl.Cut,
		Version:   opt.Version,
	}
	if cerr != nil {
		return res, cerr
	}
	return res, nil
}

// saturate returns x, or the largest uint64 if x is larger: for progress displays.
func saturate(x *big.Int) uint64 {
	if x.IsUint64() {
		return x.Uint64()
	}
	return math.MaxUint64
}
