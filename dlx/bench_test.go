package dlx

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// bigFile returns a generated problem file with about the given number of option entries:
// 1000 primary items (some with bounds), 100 secondary items, options of 10 entries of which
// two are secondary and one of those coloured.
func bigFile(entries int) []byte {
	const nprim, nsec, width = 1000, 100, 10
	rng := rand.New(rand.NewPCG(1, 2))
	var buf bytes.Buffer
	buf.WriteString("| generated\n")
	for i := range nprim {
		if i%10 == 0 {
			fmt.Fprintf(&buf, "0:3|p%d ", i)
		} else {
			fmt.Fprintf(&buf, "p%d ", i)
		}
	}
	buf.WriteString("|")
	for i := range nsec {
		fmt.Fprintf(&buf, " s%d", i)
	}
	buf.WriteByte('\n')
	colors := []string{"red", "green", "blue", "a", "b"}
	for range entries / width {
		base := rng.IntN(nprim - width)
		for j := range width - 2 {
			fmt.Fprintf(&buf, "p%d ", base+j)
		}
		s := rng.IntN(nsec - 1)
		fmt.Fprintf(&buf, "s%d s%d:%s\n", s, s+1, colors[rng.IntN(len(colors))])
	}
	return buf.Bytes()
}

func BenchmarkParse(b *testing.B) {
	for _, n := range []int{100_000, 1_000_000, 10_000_000} {
		if n > 1_000_000 && testing.Short() {
			continue
		}
		b.Run(fmt.Sprintf("entries=%d", n), func(b *testing.B) {
			data := bigFile(n)
			b.SetBytes(int64(len(data)))
			b.ResetTimer()
			for b.Loop() {
				f, err := Parse(bytes.NewReader(data), "big.dlx")
				if err != nil {
					b.Fatal(err)
				}
				if f.Problem.NumEntries() != n {
					b.Fatalf("%d entries, want %d", f.Problem.NumEntries(), n)
				}
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mentries/s")
		})
	}
}

func BenchmarkWrite(b *testing.B) {
	f, err := Parse(bytes.NewReader(bigFile(1_000_000)), "big.dlx")
	if err != nil {
		b.Fatal(err)
	}
	var sb strings.Builder
	for b.Loop() {
		sb.Reset()
		if err := Write(&sb, f.Problem); err != nil {
			b.Fatal(err)
		}
		b.SetBytes(int64(sb.Len()))
	}
}
