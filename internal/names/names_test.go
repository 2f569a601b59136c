package names

import (
	"slices"
	"strconv"
	"testing"
	"unsafe"
)

// TestTable adds names, some twice, and finds each at its index, and no other name.
func TestTable(t *testing.T) {
	var tb Table
	if _, ok := tb.Index("a"); ok {
		t.Fatal("the empty table finds a name")
	}
	tb.Grow(10)
	for i := range 5000 {
		if j, ok := tb.Add("n" + strconv.Itoa(i)); !ok || j != i {
			t.Fatalf("Add(n%d) = %d, %v", i, j, ok)
		}
		if j, ok := tb.Add("n" + strconv.Itoa(i/2)); ok || j != i/2 {
			t.Fatalf("Add of n%d again = %d, %v", i/2, j, ok)
		}
	}
	if tb.Len() != 5000 {
		t.Fatalf("%d names, want 5000", tb.Len())
	}
	for i := range 5000 {
		if j, ok := tb.Index("n" + strconv.Itoa(i)); !ok || j != i || tb.Name(j) != "n"+strconv.Itoa(i) {
			t.Fatalf("Index(n%d) = %d, %v", i, j, ok)
		}
		if _, ok := tb.Index("m" + strconv.Itoa(i)); ok {
			t.Fatalf("found m%d", i)
		}
	}
	if _, ok := tb.Index(""); ok {
		t.Fatal("found the empty name")
	}
}

// TestTableLong mixes names of 1 to 20 bytes, with zero bytes and common prefixes: names
// of 8 bytes or fewer are kept whole in their slots, longer ones by their hash.
func TestTableLong(t *testing.T) {
	var tb Table
	var all []string
	for i := range 3000 {
		s := strconv.Itoa(i)
		for _, name := range []string{s, "abcdefgh" + s, "\x00" + s, s + "\x00", "x" + s + "yyyyyyyyyyyy"} {
			if j, ok := tb.Add(name); !ok || j != len(all) {
				t.Fatalf("Add(%q) = %d, %v; want %d", name, j, ok, len(all))
			}
			all = append(all, name)
		}
	}
	for i, name := range all {
		if j, ok := tb.Index(name); !ok || j != i {
			t.Fatalf("Index(%q) = %d, %v; want %d", name, j, ok, i)
		}
		if _, ok := tb.Index(name + "z"); ok && !contains(all, name+"z") {
			t.Fatalf("found %q", name+"z")
		}
	}
}

func contains(s []string, x string) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// TestIndexAll looks names up in batches of every length against Index.
func TestIndexAll(t *testing.T) {
	var tb Table
	var probe []string
	idx := make([]int32, 40)
	tb.IndexAll([]string{"a"}, idx)
	if idx[0] != -1 {
		t.Fatal("the empty table finds a name")
	}
	for i := range 1000 {
		tb.Add("n" + strconv.Itoa(i) + "long name")
		tb.Add(strconv.Itoa(i))
	}
	for i := range 40 {
		probe = append(probe, strconv.Itoa(i*37), "n"+strconv.Itoa(i*31)+"long name", "x"+strconv.Itoa(i))
	}
	for n := range len(probe) {
		idx := make([]int32, n)
		tb.IndexAll(probe[:n], idx)
		for j, name := range probe[:n] {
			want, ok := tb.Index(name)
			if !ok {
				want = -1
			}
			if int(idx[j]) != want {
				t.Fatalf("IndexAll of %d names: %q at %d, want %d", n, name, idx[j], want)
			}
		}
	}
}

// TestAddHashed adds names by their keys and hashes (Hash, then AddHashed), some twice,
// across the table's growths, with WarmHashes before: the same indices as Add gives.
func TestAddHashed(t *testing.T) {
	var tb, ref Table
	for i := range 3000 {
		name := strconv.Itoa(i / 2 * 7 % 1001)
		if i%3 == 0 {
			name += "-a longer name"
		}
		key, h := tb.Hash(name)
		tb.WarmHashes([]uint64{h})
		j, added := tb.AddHashed(name, key, h)
		wantJ, wantAdded := ref.Add(name)
		if j != wantJ || added != wantAdded {
			t.Fatalf("AddHashed(%q) = %d, %v; Add gives %d, %v", name, j, added, wantJ, wantAdded)
		}
	}
	for i := range ref.Len() {
		if j, ok := tb.Index(ref.Name(i)); !ok || j != i || tb.Name(i) != ref.Name(i) {
			t.Fatalf("Index(%q) = %d, %v; want %d", ref.Name(i), j, ok, i)
		}
	}
}

// TestNamesKept adds names across many growths of the table's bytes, built in a buffer
// that is overwritten after each: the names given out before and after stay the names
// added (the table copies them, and never changes its bytes once written).
func TestNamesKept(t *testing.T) {
	var tb Table
	var early []string
	buf := make([]byte, 0, 32)
	for i := range 20000 {
		buf = strconv.AppendInt(append(buf[:0], 'n'), int64(i), 10)
		if i%3 == 0 {
			buf = append(buf, "-a long name"...)
		}
		// A string over buf's bytes, which the next name overwrites: kept only if copied.
		if _, ok := tb.Add(unsafe.String(&buf[0], len(buf))); !ok {
			t.Fatalf("%s: added before", buf)
		}
		tb.GrowText(0)
		if i < 100 {
			early = append(early, tb.Name(i))
		}
	}
	for i := range 20000 {
		want := "n" + strconv.Itoa(i)
		if i%3 == 0 {
			want += "-a long name"
		}
		if got := tb.Name(i); got != want {
			t.Fatalf("Name(%d) = %q, want %q", i, got, want)
		}
		if i < 100 && early[i] != want {
			t.Fatalf("Name(%d) given out early is now %q, want %q", i, early[i], want)
		}
		if j, ok := tb.Index(want); !ok || j != i {
			t.Fatalf("Index(%q) = %d, %v", want, j, ok)
		}
	}
}

// TestIndexShort looks names of up to 8 bytes up by their keys and lengths, in batches of
// every length, against Index; names that differ only by trailing zero bytes differ.
func TestIndexShort(t *testing.T) {
	var tb Table
	idx := make([]int32, 1)
	tb.IndexShort([]uint64{'a'}, []uint8{1}, idx)
	if idx[0] != -1 {
		t.Fatal("the empty table finds a name")
	}
	for i := range 1000 {
		tb.Add(strconv.Itoa(i))
		tb.Add("n" + strconv.Itoa(i) + "long name")
	}
	tb.Add("z\x00")
	var probe []string
	for i := range 40 {
		probe = append(probe, strconv.Itoa(i*37), "x"+strconv.Itoa(i), "12345678", strconv.Itoa(i)+"\x00", "z", "z\x00")
	}
	for n := range len(probe) {
		keys, lens := make([]uint64, n), make([]uint8, n)
		for j, name := range probe[:n] {
			keys[j], lens[j] = pack(name), uint8(len(name))
		}
		idx := make([]int32, n)
		tb.IndexShort(keys, lens, idx)
		for j, name := range probe[:n] {
			want, ok := tb.Index(name)
			if !ok {
				want = -1
			}
			if int(idx[j]) != want {
				t.Fatalf("IndexShort of %d names: %q at %d, want %d", n, name, idx[j], want)
			}
		}
	}
}

func TestValid(t *testing.T) {
	tests := []struct{ name, why string }{
		{"r1", ""},
		{"é", ""},
		{"", "empty name"},
		{"a:b", `':' not allowed in name`},
		{"a|b", `'|' not allowed in name`},
		{"a b", "blank in name"},
		{"a\u00a0b", "blank in name"},
		{"a\rb", "control character in name"},
		{"a\x00b", "control character in name"},
		{"a\xffb", "invalid UTF-8 in name"},
	}
	for _, tt := range tests {
		got := ""
		if err := Valid(tt.name); err != nil {
			got = err.Error()
		}
		if got != tt.why {
			t.Errorf("Valid(%q) = %q, want %q", tt.name, got, tt.why)
		}
	}
}

// TestSeal seals tables below and at the size from which the slots are dropped and finds
// every name (long ones too) with each way of looking up, from goroutines at once on a
// copy of the table (run with -race), then adds a name after the seal.
func TestSeal(t *testing.T) {
	for _, tc := range []struct {
		n       int
		dropped bool
	}{{10, false}, {sealMin - 1, false}, {sealMin, true}} {
		var tb Table
		names := make([]string, tc.n)
		for i := range names {
			names[i] = "n" + strconv.Itoa(i)
			if i%7 == 0 {
				names[i] += "-a-longer-name"
			}
			tb.Add(names[i])
		}
		tb.Seal()
		if dropped := tb.slots == nil; dropped != tc.dropped {
			t.Fatalf("%d names: slots dropped %v, want %v", tc.n, dropped, tc.dropped)
		}
		cp := tb // a copy, as a Problem holds the Builder's table
		done := make(chan string)
		for w := range 4 {
			go func() {
				for i := w; i < len(names); i += 4 {
					var idx [2]int32
					cp.IndexAll([]string{names[i], names[i] + "x"}, idx[:])
					if j, ok := cp.Index(names[i]); !ok || j != i || idx != [2]int32{int32(i), -1} {
						done <- names[i]
						return
					}
				}
				done <- ""
			}()
		}
		for range 4 {
			if name := <-done; name != "" {
				t.Fatalf("%d names: %q not found after Seal", tc.n, name)
			}
		}
		if j, ok := tb.Index(names[len(names)-1]); !ok || j != len(names)-1 {
			t.Fatalf("%d names: the original table does not find the last name: %d, %v", tc.n, j, ok)
		}
		if j, ok := tb.Add("new"); !ok || j != tc.n {
			t.Fatalf("%d names: Add after Seal = %d, %v", tc.n, j, ok)
		}
		if j, ok := tb.Index(names[0]); !ok || j != 0 {
			t.Fatalf("%d names: after Add, Index(%q) = %d, %v", tc.n, names[0], j, ok)
		}
	}
}

// TestTouchSlots gives an empty table slots left dirty, small (cleared on the calling
// goroutine) and large (in parts on several): TouchSlots must leave every slot empty, and
// change nothing in a table that has names.
func TestTouchSlots(t *testing.T) {
	tests := []struct {
		name  string
		grow  int  // names grown for
		names bool // a name added first
	}{
		{"small", 100, false},
		{"large", 600_000, false}, // 2^21 slots: 32 MB, in up to eight parts
		{"with a name", 100, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var tb Table
			tb.Grow(tt.grow)
			if tt.names {
				tb.Add("a")
			}
			before := slices.Clone(tb.slots)
			if !tt.names {
				for s := range tb.slots {
					tb.slots[s] = slot{uint64(s), uint32(s), 1}
				}
			}
			tb.TouchSlots()
			for s, x := range tb.slots {
				if tt.names && x != before[s] || !tt.names && x != (slot{}) {
					t.Fatalf("slot %d of %d is %v after TouchSlots", s, len(tb.slots), x)
				}
			}
		})
	}
}
