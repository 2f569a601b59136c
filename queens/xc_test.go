package queens

import (
	"context"
	"testing"

	"github.com/xcover/xcover/verify"
)

func TestRandomXC(t *testing.T) {
	ctx := context.Background()
	sizes := []int{1, 4, 8, 30, 60}
	if testing.Short() {
		sizes = sizes[:3]
	}
	for _, n := range sizes {
		p, err := Problem(n, 1)
		if err != nil {
			t.Fatal(err)
		}
		sol, tries, err := randomXC(ctx, p, 1)
		if err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		if v := verify.Check(p, sol); len(v) > 0 {
			t.Fatalf("n=%d: %v", n, v)
		}
		cols, err := columns(n, sol)
		if err != nil {
			t.Fatal(err)
		}
		if err := checkFiles(cols); err != nil {
			t.Fatalf("n=%d: %v", n, err)
		}
		if len(tries) == 0 {
			t.Errorf("n=%d: no attempts recorded", n)
		}
	}
	p, _ := Problem(3, 1)
	if _, _, err := randomXC(ctx, p, 1); err == nil {
		t.Error("n=3: no error")
	}
	p, _ = Problem(6, 2)
	sol, _, err := randomXC(ctx, p, 5)
	if err != nil {
		t.Fatal(err)
	}
	if err := Check(Decode(6, sol), 2); err != nil {
		t.Error(err)
	}
}

func TestRandomXCLarge(t *testing.T) {
	long(t)
	p, err := Problem(500, 1)
	if err != nil {
		t.Fatal(err)
	}
	sol, tries, err := randomXC(context.Background(), p, 1)
	if err != nil {
		t.Fatal(err)
	}
	cols, _ := columns(500, sol)
	if err := checkFiles(cols); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d attempts: %+v", len(tries), tries)
}
