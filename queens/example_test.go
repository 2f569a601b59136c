package queens_test

import (
	"context"
	"fmt"

	"github.com/xcover/xcover/queens"
	"github.com/xcover/xcover/shard"
)

// The first solution of 8 queens, drawn as text and given as the file of the queen on each
// rank.
func ExampleSolutions() {
	for b, err := range queens.Solutions(context.Background(), 8, queens.Options{Limit: 1}) {
		if err != nil {
			panic(err)
		}
		fmt.Print(b)
		fmt.Println(b.Files())
	}
	// Output:
	// Q . . . . . . .
	// . . . . Q . . .
	// . . . . . . . Q
	// . . . . . Q . .
	// . . Q . . . . .
	// . . . . . . Q .
	// . Q . . . . . .
	// . . . Q . . . .
	// [0 4 7 5 2 6 1 3]
}

// One solution of a board far too large to list them all: the package chooses the
// construction, in linear time.
func ExampleSolutions_large() {
	const n = 100_000
	for b, err := range queens.Solutions(context.Background(), n, queens.Options{Limit: 1}) {
		if err != nil {
			panic(err)
		}
		fmt.Println(len(b.Queens), queens.Check(b, 1))
	}
	// Output: 100000 <nil>
}

// A request that cannot be served is refused before anything starts.
func ExampleChoose() {
	engine, err := queens.Choose(16, true, queens.Options{})
	fmt.Println(engine, err)
	_, err = queens.Choose(30, true, queens.Options{})
	fmt.Println(err)
	// Output:
	// bitboard <nil>
	// counting N = 30 is out of reach: the largest count known, N = 27, took a year on FPGAs
}

// The count of 12 queens split into three shards, as three machines would count it, and
// merged.
func ExampleJob() {
	job := queens.Job{N: 12, Distinct: true}
	var results []*shard.Result
	for k := 1; k <= 3; k++ {
		cp, err := shard.Drive(context.Background(), job, shard.NewCheckpoint(job.Identity(), k, 3), shard.DriveOptions{})
		if err != nil {
			panic(err)
		}
		res := cp.Result()
		res.Distinct = cp.Distinct()
		results = append(results, res)
	}
	total, _, err := shard.Merge(results)
	if err != nil {
		panic(err)
	}
	fmt.Println(total.Solutions, total.Distinct)
	// Output: 14200 1787
}
