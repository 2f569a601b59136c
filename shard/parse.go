package shard

import (
	"fmt"
	"strconv"
	"strings"
)

// Parse reads a shard's name: "K/N", shard K of N (1 <= K <= N <= maxShards), or "auto/N",
// with K taken from the environment through getenv (os.LookupEnv) as a batch system sets
// it: JOB_COMPLETION_INDEX + 1 in a Kubernetes Indexed Job, SLURM_ARRAY_TASK_ID in a Slurm
// job array declared as --array=1-N. Errors begin with "shard" and the value, and say
// what a valid one looks like.
func Parse(v string, getenv func(string) (string, bool)) (k, n int, err error) {
	ks, ns, ok := strings.Cut(v, "/")
	if !ok {
		return 0, 0, fmt.Errorf("shard %q: want K/N or auto/N, such as 3/8", v)
	}
	n, err = strconv.Atoi(ns)
	if err != nil || n < 1 || n > maxShards {
		return 0, 0, fmt.Errorf("shard %q: N must be a whole number from 1 to %d (every shard holds the whole cut, %d parts per shard)", v, maxShards, partsPerShard)
	}
	if ks != "auto" {
		k, err = strconv.Atoi(ks)
		if err != nil || k < 1 || k > n {
			return 0, 0, fmt.Errorf("shard %q: K must be auto or a whole number from 1 to %d", v, n)
		}
		return k, n, nil
	}
	if s, ok := getenv("JOB_COMPLETION_INDEX"); ok {
		i, err := strconv.Atoi(s)
		if err != nil || i < 0 || i >= n {
			return 0, 0, fmt.Errorf("shard %s: JOB_COMPLETION_INDEX=%q is not an index from 0 to %d", v, s, n-1)
		}
		return i + 1, n, nil
	}
	if s, ok := getenv("SLURM_ARRAY_TASK_ID"); ok {
		i, err := strconv.Atoi(s)
		if err != nil || i < 1 || i > n {
			return 0, 0, fmt.Errorf("shard %s: SLURM_ARRAY_TASK_ID=%q is not a task id from 1 to %d (declare the array as --array=1-%d)", v, s, n, n)
		}
		return i, n, nil
	}
	return 0, 0, fmt.Errorf("shard %s: neither JOB_COMPLETION_INDEX (Kubernetes Indexed Job) nor SLURM_ARRAY_TASK_ID (Slurm job array) is set; give K/N instead", v)
}
