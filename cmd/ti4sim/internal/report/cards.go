package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/ti4sim/ti4sim/combat"
)

// Cards writes the cards with a modelled combat effect to w, as
// combat.Cards lists them: grouped by kind, each with its command-line
// name, its copies and its effect wrapped to the terminal width. It
// returns the first write error.
func Cards(out io.Writer, cards []combat.CardInfo) error {
	w := NewErrWriter(out)
	fmt.Fprintln(w, "Cards with a modelled combat effect. Also: the technologies magen-defense-grid and")
	fmt.Fprintln(w, "x89-bacterial-weapon (printings with --rules), and the unit upgrades (dreadnought-ii, ...).")
	kind := combat.CardKind("")
	for _, c := range cards {
		if c.Kind != kind {
			kind = c.Kind
			fmt.Fprintf(w, "\n%ss:\n", strings.ToUpper(string(kind[:1]))+string(kind[1:]))
		}
		head := fmt.Sprintf("  %s (%s", c.Slug, c.Name)
		if c.Copies > 1 {
			head += fmt.Sprintf(", up to %d copies", c.Copies)
		}
		fmt.Fprintln(w, head+")")
		for _, line := range wrap(c.Effect, 92) {
			fmt.Fprintf(w, "      %s\n", line)
		}
	}
	return w.Err()
}

// wrap breaks s into lines of at most width characters at spaces.
func wrap(s string, width int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		if line != "" && len(line)+1+len(word) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
