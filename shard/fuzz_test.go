package shard_test

import (
	"strings"
	"testing"

	"github.com/xcover/xcover/shard"
)

// FuzzDecode checks that no result file makes the decoder panic.
func FuzzDecode(f *testing.F) {
	f.Add(`{"solutions":24516,"nodes":349177,"updates":0,"seconds":0.143,"format":2,"problem":"bb4e","shard":2,"shards":3,"parts":4664,"cut":"cc22"}`)
	f.Add(`{"solutions":6670903752021072936960,"shard":1,"shards":1}` + "\n" + `{"solutions":1}`)
	f.Add(`{"partial":true}`)
	f.Fuzz(func(t *testing.T, data string) {
		shard.Decode(strings.NewReader(data), "fuzz.json")
	})
}
