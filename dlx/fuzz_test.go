package dlx

import (
	"bytes"
	"errors"
	"testing"
)

func FuzzParse(f *testing.F) {
	seeds := []string{
		example,
		"A",
		"A B\nA B",
		"| c\r\nA 2|B | X\r\nA B X:r\r\nB\r\n",
		"0:2|A 1:3|B 4|C | X Y\nA B C X:1\nX Y:2\nA\n",
		"A | X\nX:red\nA X:blue\n",
		"é 日本 | ★\n日本 ★:紅\né\n",
		// Invalid files.
		"",
		"| only a comment\n",
		"A B\nA C\n",
		"A A\n",
		"A | X | Y\n",
		"A B\nA | B\n",
		"A | 2|X\n",
		"A | X\nA:red\n",
		"x|A\n", "1:|A\n", ":2|A\n", "1:2:3|A\n", "|A\n", "0|A\n", "3:2|A\n",
		"99999999999999999999|A\n",
		"A | X\nA X:\n", "A | X\nA :red\n",
		"A\x01\n", "A \xff\n", "| \x07\nA\n",
		"A B\nA B A\n",
		"// c\nA //B\n// d\nA //B\n",
		"1|//A B\nB //A\n",
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		f1, err := Parse(bytes.NewReader(data), "fuzz.dlx")
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v is a %T, not *Error", err, err)
			}
			if e.File != "fuzz.dlx" || e.Msg == "" {
				t.Fatalf("error %+v lacks file or message", e)
			}
			return
		}
		p := f1.Problem
		if len(f1.OptionText) != p.NumOptions() || len(f1.OptionLine) != p.NumOptions() {
			t.Fatalf("%d options but %d texts and %d lines", p.NumOptions(), len(f1.OptionText), len(f1.OptionLine))
		}
		var w1 bytes.Buffer
		if err := Write(&w1, p); err != nil {
			t.Fatalf("Write: %v", err)
		}
		f2, err := Parse(bytes.NewReader(w1.Bytes()), "rewritten.dlx")
		if err != nil {
			t.Fatalf("Parse(Write(p)) failed: %v\nwritten:\n%q", err, w1.String())
		}
		if d1, d2 := describe(p), describe(f2.Problem); d1 != d2 {
			t.Fatalf("round trip changed the problem:\n%s\nto\n%s", d1, d2)
		}
		if len(f2.Warnings) != len(f1.Warnings) {
			t.Fatalf("round trip changed the warnings: %v to %v", f1.Warnings, f2.Warnings)
		}
		var w2 bytes.Buffer
		if err := Write(&w2, f2.Problem); err != nil {
			t.Fatalf("second Write: %v", err)
		}
		if !bytes.Equal(w1.Bytes(), w2.Bytes()) {
			t.Fatalf("Write not stable:\n%q\nthen\n%q", w1.String(), w2.String())
		}
	})
}
