package xcover

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
)

// Hash returns a digest of the problem — its items with their kinds and bounds, and its
// options with their colours, in order — as 64 hexadecimal digits. Two problems with the
// same hash have the same search tree, so shard results and checkpoints carry it.
func (p *Problem) Hash() string {
	h := sha256.New()
	var buf [8]byte
	num := func(x int) {
		binary.LittleEndian.PutUint64(buf[:], uint64(x))
		h.Write(buf[:])
	}
	str := func(s string) {
		num(len(s))
		h.Write([]byte(s))
	}
	num(p.NumItems())
	for i := range p.NumItems() {
		it := p.Item(i)
		str(it.Name)
		if it.Secondary {
			num(-1)
		} else {
			num(it.Min)
			num(it.Max)
		}
	}
	num(p.NumOptions())
	for k := range p.NumOptions() {
		num(int(p.start[k+1] - p.start[k]))
		for e := p.start[k]; e < p.start[k+1]; e++ {
			num(int(p.entItem[e]))
			str(p.colors[p.color(e)])
		}
	}
	if p.costs != nil { // problems without costs keep the hashes they always had
		str("costs")
		for _, c := range p.costs {
			num(int(c))
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}
