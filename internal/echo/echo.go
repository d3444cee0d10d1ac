// Package echo quotes user input back in error messages, cut short so that
// a mistake in a long argument gives a readable one-line message instead of
// repeating the whole argument.
package echo

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// MaxRunes is how many characters of an input Quote shows.
const MaxRunes = 60

// Quote returns s quoted as by %q when it has at most MaxRunes characters;
// otherwise its first MaxRunes characters, quoted, then "…" and the total
// length, e.g. "xxxx…"… (100000 characters).
func Quote(s string) string {
	n := utf8.RuneCountInString(s)
	if n <= MaxRunes {
		return strconv.Quote(s)
	}
	cut := 0
	for range MaxRunes {
		_, size := utf8.DecodeRuneInString(s[cut:])
		cut += size
	}
	return fmt.Sprintf("%s… (%d characters)", strconv.Quote(s[:cut]), n)
}

// Cut returns s unquoted when it has at most MaxRunes characters;
// otherwise its first MaxRunes characters, "…" and the total length. It is
// for input shown bare, as in "against=1.5".
func Cut(s string) string {
	n := utf8.RuneCountInString(s)
	if n <= MaxRunes {
		return s
	}
	return fmt.Sprintf("%s… (%d characters)", string([]rune(s)[:MaxRunes]), n)
}
