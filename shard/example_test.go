package shard_test

import (
	"context"
	"fmt"
	"math/big"

	"github.com/xcover/xcover"
	"github.com/xcover/xcover/internal/problems"
	"github.com/xcover/xcover/shard"
)

// Count the 10-queens problem in three shards, as three machines would, and merge them.
func ExampleCount() {
	p := problems.Queens(10)
	var results []*shard.Result
	for k := 1; k <= 3; k++ {
		res, err := shard.Count(context.Background(), p, k, 3, xcover.Config{}, shard.DriveOptions{})
		if err != nil {
			panic(err)
		}
		results = append(results, res)
	}
	total, _, err := shard.Merge(results)
	if err != nil {
		panic(err)
	}
	fmt.Println(total.Solutions, "solutions in", total.Shards, "shards")
	// Output: 724 solutions in 3 shards
}

// Merge adds exactly, beyond 2^64, and names the shards missing.
func ExampleMerge() {
	half, _ := new(big.Int).SetString("3335451876010536468480", 10)
	shardOf := func(k, n int) *shard.Result {
		return &shard.Result{Solutions: half, Format: 2, Problem: "p", Shard: k, Shards: n, Cut: "c"}
	}
	total, _, _ := shard.Merge([]*shard.Result{shardOf(1, 2), shardOf(2, 2)})
	fmt.Println(total.Solutions)
	_, _, err := shard.Merge([]*shard.Result{shardOf(1, 4), shardOf(4, 4)})
	fmt.Println(err)
	// Output:
	// 6670903752021072936960
	// missing shards 2, 3 of 4
}
