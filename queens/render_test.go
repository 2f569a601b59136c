package queens

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"testing"
)

// svgQueens parses an SVG document and returns the number of boards (<g> elements) and
// queens (elements whose classes include "queen").
func svgQueens(t *testing.T, doc []byte) (boards, queens int) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	root := true
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG does not parse: %v", err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if root {
			if se.Name.Local != "svg" || se.Name.Space != "http://www.w3.org/2000/svg" {
				t.Fatalf("root element %v", se.Name)
			}
			root = false
		}
		if se.Name.Local == "g" {
			boards++
		}
		for _, a := range se.Attr {
			if a.Name.Local == "class" && slices.Contains(strings.Fields(a.Value), "queen") {
				queens++
			}
		}
	}
	return boards, queens
}

func TestWriteSVG(t *testing.T) {
	var boards []Board
	for cols := range allSolutions(8) {
		boards = append(boards, BoardOf(cols))
	}
	var buf bytes.Buffer
	if err := WriteSVG(&buf, boards, 0); err != nil {
		t.Fatal(err)
	}
	nb, nq := svgQueens(t, buf.Bytes())
	if nb != 92 || nq != 92*8 {
		t.Errorf("%d boards, %d queens; want 92, 736", nb, nq)
	}
	buf.Reset()
	WriteSVG(&buf, nil, 0)
	if nb, nq := svgQueens(t, buf.Bytes()); nb != 0 || nq != 0 {
		t.Errorf("empty: %d boards, %d queens", nb, nq)
	}
}

// TestWriteSVGGiven draws a solution with three of its queens given: those three, and
// only those, are marked "given", at their squares, and all eight queens are drawn.
func TestWriteSVGGiven(t *testing.T) {
	b := BoardOf([]int{0, 4, 7, 5, 2, 6, 1, 3})
	b.Given = []Square{b.Queens[1], b.Queens[4], b.Queens[7]}
	var buf bytes.Buffer
	if err := WriteSVG(&buf, []Board{b}, 0); err != nil {
		t.Fatal(err)
	}
	if nb, nq := svgQueens(t, buf.Bytes()); nb != 1 || nq != 8 {
		t.Errorf("%d boards, %d queens; want 1, 8", nb, nq)
	}
	var given []string
	d := xml.NewDecoder(&buf)
	for {
		tok, err := d.Token()
		if err != nil {
			break
		}
		if se, ok := tok.(xml.StartElement); ok && se.Name.Local == "text" {
			var class, x, y string
			for _, a := range se.Attr {
				switch a.Name.Local {
				case "class":
					class = a.Value
				case "x":
					x = a.Value
				case "y":
					y = a.Value
				}
			}
			if class == "queen given" {
				given = append(given, x+","+y)
			}
		}
	}
	want := []string{"90,30", "50,90", "70,150"} // file*20+10, rank*20+10
	if !slices.Equal(given, want) {
		t.Errorf("given queens at %v, want %v", given, want)
	}
}

func TestWriteText(t *testing.T) {
	want := ". Q . .\n. . . Q\nQ . . .\n. . Q .\n"
	if got := BoardOf([]int{1, 3, 0, 2}).String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestWriteHTML(t *testing.T) {
	for _, c := range []struct {
		b        Board
		k        int
		conflict int
	}{
		{BoardOf([]int{1, 3, 0, 2}), 1, 0},
		{BoardOf([]int{0, 1, 2, 3}), 1, 1},            // 4 on the main diagonal
		{Board{N: 2, Queens: []Square{{0, 0}}}, 1, 2}, // rank 1 and file 1 empty
	} {
		var buf bytes.Buffer
		if err := WriteHTML(&buf, c.b, c.k, "test <&>"); err != nil {
			t.Fatal(err)
		}
		s := buf.String()
		if got := strings.Count(s, `class="conflict"`); got != c.conflict {
			t.Errorf("%v: %d conflicts marked, want %d", c.b.Queens, got, c.conflict)
		}
		if !strings.Contains(s, "test &lt;&amp;&gt;") || !strings.HasPrefix(s, "<!DOCTYPE html>") {
			t.Errorf("title not escaped or no doctype")
		}
		i, j := strings.Index(s, "<svg"), strings.Index(s, "</svg>")
		_, nq := svgQueens(t, []byte(s[i:j+len("</svg>")]))
		if nq != len(c.b.Queens) {
			t.Errorf("%d queens drawn, want %d", nq, len(c.b.Queens))
		}
	}
}

func ExampleWriteText() {
	cols, _ := construction(5)
	WriteText(os.Stdout, BoardOf(cols))
	fmt.Println(checkFiles(cols))
	// Output:
	// . Q . . .
	// . . . Q .
	// Q . . . .
	// . . Q . .
	// . . . . Q
	// <nil>
}
