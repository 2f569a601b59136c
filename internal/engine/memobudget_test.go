package engine

import (
	"errors"
	"math/big"
	"testing"
)

// frontierOnly runs the forward count of sp alone on one worker within budget (0: none).
func frontierOnly(t *testing.T, sp *Spec, budget int64) (*big.Int, MemoStats, error) {
	t.Helper()
	p := &MemoParams{Order: OrderFirst, MaxBytes: budget}
	levels, seed, err := rootLevels(sp, p)
	if err != nil {
		t.Fatal(err)
	}
	return frontierCount(sp, p, seed, levels, 1, nil)
}

// TestFrontierGrowthWithinBudget: a forward count checked its budget at its polls and after
// each level, so that a table doubling its slots (holding the old ones beside the new, for
// a moment) took it past the budget unseen: `count --memo-mem 1000MiB` reached 1.36 GB
// (issue 41, fault 10). It now gives up before a growth that would pass the budget: with
// the budget one byte under the most it holds while a table grows (Peak, above what the
// polls see), it gives up; with that much, it counts. (With the check before growth removed,
// the first count goes through: its polls never see more than Bytes.)
func TestFrontierGrowthWithinBudget(t *testing.T) {
	for _, tc := range []struct {
		name string
		sp   *Spec
		want string
	}{
		{"dominoes 10x10", dominoSpec(10, 10), "258584046368"},
		{"dominoes 12x12", dominoSpec(12, 12), "53060477521960000"},
		{"dominoes 12x13", dominoSpec(12, 13), "1412218550274852671"}, // 14x14's peak is now at a poll
	} {
		n, st, err := frontierOnly(t, tc.sp, 1<<40)
		if err != nil || n.String() != tc.want {
			t.Fatalf("%s, no budget to speak of: %v, %v; want %s", tc.name, n, err, tc.want)
		}
		if st.Peak <= st.Bytes {
			t.Fatalf("%s: peak %d, held at most %d at the polls: no growth above what they see", tc.name, st.Peak, st.Bytes)
		}
		if _, _, err := frontierOnly(t, tc.sp, st.Peak-1); !errors.Is(err, errFrontierFull) {
			t.Errorf("%s, budget %d, one under its peak while growing (%d held at the polls): %v; want it to give up", tc.name, st.Peak-1, st.Bytes, err)
		}
		if n, st2, err := frontierOnly(t, tc.sp, st.Peak); err != nil || n.String() != tc.want || st2.Peak > st.Peak {
			t.Errorf("%s, budget %d, its peak: %v, %v, peak %d; want %s within it", tc.name, st.Peak, n, err, st2.Peak, tc.want)
		}
		t.Logf("%s: %d bytes held at most at the polls, %d while a table grew", tc.name, st.Bytes, st.Peak)
	}
}
