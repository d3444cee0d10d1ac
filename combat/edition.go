package combat

import "github.com/ti4sim/ti4sim/combat/internal/engine"

// EditionTI3SA is Twilight Imperium 3 with Shattered Empire and the
// Shattered Ascension v4.0 patch (John E. Skogtvedt's rules document;
// see ti3.go for what differs).
const EditionTI3SA = engine.EditionTI3SA

// EditionTI4 is Twilight Imperium 4 with Prophecy of Kings, Codex and
// Thunder's Edge (the default).
const EditionTI4 = engine.EditionTI4

// ParseEdition parses a --ruleset value: "ti4" or "ti3-sa" (also "ti3",
// "ti3sa", "sa").
func ParseEdition(s string) (Edition, error) {
	g, err := engine.ParseEdition(s)
	return g, inputError(err)
}

// Edition is the rules edition a Scenario is played under.
type Edition = engine.Edition
