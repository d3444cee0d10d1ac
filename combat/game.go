package combat

import (
	"fmt"
	"strings"

	"github.com/ti4sim/ti4sim/internal/echo"
)

// Game is the rules edition a Scenario is played under.
type Game uint8

const (
	// GameTI4 is Twilight Imperium 4 with Prophecy of Kings, Codex and
	// Thunder's Edge (the default).
	GameTI4 Game = iota
	// GameTI3SA is Twilight Imperium 3 with Shattered Empire and the
	// Shattered Ascension v4.0 patch (John E. Skogtvedt's rules document;
	// see ti3.go for what differs).
	GameTI3SA
	numGames
)

var gameNames = [numGames]string{GameTI4: "ti4", GameTI3SA: "ti3-sa"}

// String returns the command-line name: "ti4" or "ti3-sa".
func (g Game) String() string {
	if g < numGames {
		return gameNames[g]
	}
	return fmt.Sprintf("Game(%d)", uint8(g))
}

// ParseGame parses a --ruleset value: "ti4" or "ti3-sa" (also "ti3",
// "ti3sa", "sa").
func ParseGame(s string) (Game, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "ti4", "4":
		return GameTI4, nil
	case "ti3-sa", "ti3", "ti3sa", "sa", "shattered-ascension":
		return GameTI3SA, nil
	}
	return 0, fmt.Errorf("unknown ruleset %s; allowed: ti4, ti3-sa", echo.Quote(s))
}
