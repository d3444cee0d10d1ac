package echo

import (
	"strings"
	"testing"
)

func TestQuote(t *testing.T) {
	if got := Quote("2 dreadnot"); got != `"2 dreadnot"` {
		t.Errorf("short input: %s", got)
	}
	exact := strings.Repeat("a", MaxRunes)
	if got := Quote(exact); got != `"`+exact+`"` {
		t.Errorf("input of exactly %d characters was cut: %s", MaxRunes, got)
	}
	long := strings.Repeat("x", 100000)
	want := `"` + strings.Repeat("x", MaxRunes) + `"… (100000 characters)`
	if got := Quote(long); got != want {
		t.Errorf("long input: %s", got)
	}
	// Cut on a character boundary: 61 two-byte characters.
	accents := strings.Repeat("é", MaxRunes+1)
	want = `"` + strings.Repeat("é", MaxRunes) + `"… (61 characters)`
	if got := Quote(accents); got != want {
		t.Errorf("multi-byte input: %s", got)
	}
}

func TestCut(t *testing.T) {
	if got := Cut("against=1.5"); got != "against=1.5" {
		t.Errorf("short input: %s", got)
	}
	if got, want := Cut(strings.Repeat("z", 70)), strings.Repeat("z", MaxRunes)+"… (70 characters)"; got != want {
		t.Errorf("long input: %s", got)
	}
}
