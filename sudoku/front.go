package sudoku

import "fmt"

// ParseAlphabet reads an alphabet as front ends name it: "auto", "1" (also "1-9A-Z",
// "1-9A-G"), "0" (also "0-9A-Z", "0-F") or "numbers".
func ParseAlphabet(s string) (Alphabet, error) {
	switch s {
	case "auto":
		return Auto, nil
	case "1", "1-9A-Z", "1-9A-G":
		return OneBased, nil
	case "0", "0-9A-Z", "0-F":
		return ZeroBased, nil
	case "numbers":
		return Numbers, nil
	}
	return Auto, fmt.Errorf("sudoku: unknown alphabet %q: want auto, 1, 0 or numbers", s)
}
