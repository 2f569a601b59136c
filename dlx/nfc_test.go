package dlx

import (
	"strings"
	"testing"
)

// TestUnknownItemNormalisation names an item in NFD and uses it in NFC, and the other way
// (issue 41, fault 14: `unknown item "é"` for two names that look the same): the message
// says why.
func TestUnknownItemNormalisation(t *testing.T) {
	nfc, nfd := "\u00e9", "e\u0301"
	for _, text := range []string{nfd + " B\n" + nfc + " B\n", nfc + " B\n" + nfd + " B\n"} {
		_, err := Parse(strings.NewReader(text), "names.dlx")
		if err == nil || !strings.Contains(err.Error(), "names.dlx:2") || !strings.Contains(err.Error(), "NFD") {
			t.Errorf("%q: %v; want an error at line 2 that names NFC and NFD", text, err)
		}
	}
}
