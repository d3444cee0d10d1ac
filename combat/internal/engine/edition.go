package engine

import (
	"fmt"
	"strings"

	"github.com/ti4sim/ti4sim/internal/echo"
)

// Edition is the rules edition a Scenario is played under.
type Edition uint8

const (
	// EditionTI4 is Twilight Imperium 4 with Prophecy of Kings, Codex and
	// Thunder's Edge (the default).
	EditionTI4 Edition = iota
	// EditionTI3SA is Twilight Imperium 3 with Shattered Empire and the
	// Shattered Ascension v4.0 patch (John E. Skogtvedt's rules document;
	// see the effects' ti3.go for what differs).
	EditionTI3SA
	NumEditions
)

var editionNames = [NumEditions]string{EditionTI4: "ti4", EditionTI3SA: "ti3-sa"}

// String returns the command-line name: "ti4" or "ti3-sa".
func (g Edition) String() string {
	if g < NumEditions {
		return editionNames[g]
	}
	return fmt.Sprintf("Edition(%d)", uint8(g))
}

// ParseEdition parses a --ruleset value: "ti4" or "ti3-sa" (also "ti3",
// "ti3sa", "sa").
func ParseEdition(s string) (Edition, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "ti4", "4":
		return EditionTI4, nil
	case "ti3-sa", "ti3", "ti3sa", "sa", "shattered-ascension":
		return EditionTI3SA, nil
	}
	return 0, Inputf("", "Edition", "unknown ruleset %s; allowed: ti4, ti3-sa", echo.Quote(s))
}
