package shard

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
)

// A Result is the count of one shard, or of all of them merged, as printed by
// "xcover count --shard K/N --json" and "xcover merge": the fields of a plain count
// (solutions, nodes, updates, seconds) and those that say what was counted.
type Result struct {
	Solutions *big.Int `json:"solutions"`
	// Distinct, for counters that also count essentially different solutions (queens
	// --distinct), is their number; merge adds it up when every shard has it.
	Distinct *big.Int `json:"distinct,omitempty"`
	Nodes    *big.Int `json:"nodes"`   // search tree nodes entered, exact at any size (nil: 0)
	Updates  *big.Int `json:"updates"` // link updates (nil: 0)
	Seconds  float64  `json:"seconds"` // wall time
	// Partial marks a count that was interrupted before all its parts were done. Partial
	// results are never merged.
	Partial bool   `json:"partial,omitempty"`
	Format  int    `json:"format"`            // the package's Format
	Problem string `json:"problem"`           // the problem's hash
	Initial []int  `json:"initial,omitempty"` // options forced, sorted
	Shard   int    `json:"shard,omitempty"`   // 1..Shards; 0 for a merged result
	Shards  int    `json:"shards"`
	Parts   int    `json:"parts"` // the number of parts in the whole cut
	Cut     string `json:"cut"`   // the plan's Cut
	// Version is the xcover build that counted, for the record; it is not checked.
	Version string `json:"version,omitempty"`

	// Source says where the result was read from, for messages.
	Source string `json:"-"`
}

// Decode reads a stream of results in JSON, one object after another (typically one a line),
// naming them after source for later messages: "source" for a lone object, "source:2" for
// the second of several.
func Decode(r io.Reader, source string) ([]*Result, error) {
	br := &boundedReader{r: r, limit: maxResultBytes}
	dec := json.NewDecoder(br)
	var rs []*Result
	for {
		var raw json.RawMessage
		err := dec.Decode(&raw)
		if err == io.EOF {
			break
		}
		// The next object may take maxResultBytes more than this one's end.
		br.limit = dec.InputOffset() + maxResultBytes
		if err == nil {
			err = checkDigits(raw)
		}
		res := new(Result)
		if err == nil {
			err = json.Unmarshal(raw, res)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: result %d: %w", source, len(rs)+1, err)
		}
		if err := res.check(); err != nil {
			return nil, fmt.Errorf("%s: result %d: %w", source, len(rs)+1, err)
		}
		rs = append(rs, res)
	}
	if len(rs) == 0 {
		return nil, fmt.Errorf("%s: no result", source)
	}
	for i, res := range rs {
		res.Source = source
		if len(rs) > 1 {
			res.Source += ":" + strconv.Itoa(i+1)
		}
	}
	return rs, nil
}

// maxResultBytes bounds the size of one result in the text Decode reads: a result is a few
// hundred bytes (a count of 1000 digits at most); a larger one, or /dev/zero, is refused
// before it fills memory.
const maxResultBytes = 16 << 20

// errResultTooLarge is what a boundedReader returns past its limit.
var errResultTooLarge = fmt.Errorf("more than %d MiB in one result", maxResultBytes>>20)

// A boundedReader reads r until limit bytes have been read in all, then fails.
type boundedReader struct {
	r     io.Reader
	n     int64 // bytes read so far
	limit int64
}

func (b *boundedReader) Read(p []byte) (int, error) {
	if b.n >= b.limit {
		return 0, errResultTooLarge
	}
	if rest := b.limit - b.n; int64(len(p)) > rest {
		p = p[:rest]
	}
	n, err := b.r.Read(p)
	b.n += int64(n)
	return n, err
}

// maxDigits bounds the length of a number in a result: no count of a search that could
// ever run has more digits, and parsing a number of millions of digits takes seconds.
const maxDigits = 1000

// checkDigits reports a number in the JSON text longer than maxDigits.
func checkDigits(raw []byte) error {
	run := 0
	for _, c := range raw {
		if c >= '0' && c <= '9' {
			run++
			if run > maxDigits {
				return fmt.Errorf("a number of more than %d digits", maxDigits)
			}
		} else {
			run = 0
		}
	}
	return nil
}

// check reports a result that is not a shard's count.
func (r *Result) check() error {
	switch {
	case r.Solutions == nil:
		return errors.New(`no "solutions"`)
	case r.Solutions.Sign() < 0:
		return fmt.Errorf("negative solutions %v", r.Solutions)
	case r.Distinct != nil && r.Distinct.Sign() < 0:
		return fmt.Errorf("negative distinct %v", r.Distinct)
	case r.Nodes != nil && r.Nodes.Sign() < 0 || r.Updates != nil && r.Updates.Sign() < 0:
		return errors.New(`negative "nodes" or "updates"`)
	case r.Problem == "":
		return errors.New(`no "problem": not the output of count --shard`)
	case r.Format != formatVersion:
		return fmt.Errorf("format %d, want %d (written by another version of xcover?)", r.Format, formatVersion)
	case r.Shards < 1 || r.Shards > maxShards:
		return fmt.Errorf(`"shards" %d, want 1 to %d`, r.Shards, maxShards)
	case r.Shard < 1 || r.Shard > r.Shards:
		return fmt.Errorf(`"shard" %d, want 1 to %d`, r.Shard, r.Shards)
	}
	return nil
}

// Merge adds up the results of the shards of one count. It fails unless the results are of
// the same problem, cut and number of shards N, none is partial, and every shard 1..N is
// there (naming the missing ones: "missing shards 3, 7 of 8"). A shard given twice with the
// same count is counted once and reported in warnings; with different counts it is an
// error. Solutions are added exactly; nodes, updates and seconds are summed. Results of
// different versions of xcover (the same cut, so the same parts) are merged with a warning,
// and the merged result records every version: "v1 + v2".
func Merge(results []*Result) (merged *Result, warnings []string, err error) {
	if len(results) == 0 {
		return nil, nil, errors.New("no results to merge")
	}
	first := results[0]
	for _, r := range results {
		if err := r.check(); err != nil {
			return nil, nil, fmt.Errorf("%s: %w", r.Source, err)
		}
		if r.Partial {
			return nil, nil, fmt.Errorf("%s: shard %d/%d is partial (the count was interrupted); run it again", r.Source, r.Shard, r.Shards)
		}
		switch {
		case r.Problem != first.Problem:
			return nil, nil, fmt.Errorf("%s and %s are counts of different problems (hashes %.12s… and %.12s…)", first.Source, r.Source, first.Problem, r.Problem)
		case r.Shards != first.Shards:
			return nil, nil, fmt.Errorf("%s and %s split the count differently (%d and %d shards)", first.Source, r.Source, first.Shards, r.Shards)
		case !slices.Equal(r.Initial, first.Initial):
			return nil, nil, fmt.Errorf("%s and %s force different options (%v and %v)", first.Source, r.Source, first.Initial, r.Initial)
		case r.Cut != first.Cut || r.Parts != first.Parts:
			return nil, nil, fmt.Errorf("%s and %s cut the search tree differently (different versions of xcover?)", first.Source, r.Source)
		}
	}
	n := first.Shards // at most maxShards (check)
	byShard := make([]*Result, n+1)
	var versions []string
	merged = &Result{
		Solutions: new(big.Int),
		Distinct:  new(big.Int),
		Nodes:     new(big.Int),
		Updates:   new(big.Int),
		Format:    formatVersion,
		Problem:   first.Problem,
		Initial:   first.Initial,
		Shards:    n,
		Parts:     first.Parts,
		Cut:       first.Cut,
		Version:   first.Version,
	}
	for _, r := range results {
		if prev := byShard[r.Shard]; prev != nil {
			if prev.Solutions.Cmp(r.Solutions) != 0 {
				return nil, nil, fmt.Errorf("shard %d/%d given twice with different counts: %v in %s, %v in %s", r.Shard, n, prev.Solutions, prev.Source, r.Solutions, r.Source)
			}
			warnings = append(warnings, fmt.Sprintf("shard %d/%d given twice (%s and %s, same count): counted once", r.Shard, n, prev.Source, r.Source))
			continue
		}
		byShard[r.Shard] = r
		merged.Solutions.Add(merged.Solutions, r.Solutions)
		if r.Distinct != nil && merged.Distinct != nil {
			merged.Distinct.Add(merged.Distinct, r.Distinct)
		} else {
			merged.Distinct = nil // some shard did not count them
		}
		if r.Nodes != nil {
			merged.Nodes.Add(merged.Nodes, r.Nodes)
		}
		if r.Updates != nil {
			merged.Updates.Add(merged.Updates, r.Updates)
		}
		merged.Seconds += r.Seconds
		if !slices.Contains(versions, r.Version) {
			versions = append(versions, r.Version)
		}
	}
	if len(versions) > 1 {
		slices.Sort(versions)
		for i, v := range versions {
			if v == "" {
				versions[i] = "unknown"
			}
		}
		merged.Version = strings.Join(versions, " + ")
		warnings = append(warnings, fmt.Sprintf("the shards were counted by different versions of xcover (%s); they cut the tree alike, so the count holds", strings.Join(versions, ", ")))
	}
	// A sum of float64 seconds prints as 0.014766647999999999: keep microseconds.
	merged.Seconds = math.Round(merged.Seconds*1e6) / 1e6
	var missing []string
	for k := 1; k <= n; k++ {
		if byShard[k] == nil {
			missing = append(missing, strconv.Itoa(k))
		}
	}
	if len(missing) > 0 {
		s := "s"
		if len(missing) == 1 {
			s = ""
		}
		list := strings.Join(missing, ", ")
		if len(missing) > 20 {
			list = strings.Join(missing[:20], ", ") + fmt.Sprintf(", … (%d in all)", len(missing))
		}
		return nil, warnings, fmt.Errorf("missing shard%s %s of %d", s, list, n)
	}
	return merged, warnings, nil
}
