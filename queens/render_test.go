package queens

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
)

// svgQueens parses an SVG document and returns the number of boards (<g> elements) and
// queens (elements of class "queen").
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
			if a.Name.Local == "class" && a.Value == "queen" {
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
