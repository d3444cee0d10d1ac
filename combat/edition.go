package combat

import "github.com/ti4sim/ti4sim/combat/internal/engine"

// Edition is the rules edition a Scenario is played under.
type Edition uint8

const (
	// EditionTI4 is Twilight Imperium 4 with Prophecy of Kings, Codex and
	// Thunder's Edge (the default).
	EditionTI4 Edition = iota
	// EditionTI3SA is Twilight Imperium 3 with Shattered Empire and the
	// Shattered Ascension v4.0 patch (John E. Skogtvedt's rules document;
	// see ti3.go for what differs).
	EditionTI3SA
)

// String returns the command-line name: "ti4" or "ti3-sa".
func (g Edition) String() string { return engine.Edition(g).String() }

// ParseEdition parses a --ruleset value: "ti4" or "ti3-sa" (also "ti3",
// "ti3sa", "sa").
func ParseEdition(s string) (Edition, error) {
	g, err := engine.ParseEdition(s)
	return Edition(g), inputError(err)
}
