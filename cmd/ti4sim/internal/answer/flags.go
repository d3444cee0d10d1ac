package answer

import (
	"errors"
	"fmt"
	"strings"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
)

// The command line's flags of a combat document, one per input of
// scenario.Inputs, as far as an answer needs them: an error at an input
// names its flag (a comparison's --vary sets a varied input as its flag
// would: setVaried). The flag set itself, which the WebAssembly engine
// does not link, is in flagset.go.

// sidesOf are the sides an input is given for, "" for a scenario's.
func sidesOf(in *scenario.Input) []string {
	if len(in.Sides) == 0 {
		return []string{""}
	}
	return in.Sides
}

// FlagOf names the flag of a document's JSON path ("attacker.cards[2]" →
// "--attacker-card"; a planet's → "--planet N"), or "" when it has none.
func FlagOf(path string) string {
	in, side := scenario.InputAt(path)
	if in == nil || in.Flag == "" {
		return ""
	}
	name := "--" + in.FlagName(side)
	if in.Path == "high_alert" {
		name = "--" + in.Flag
	}
	if in.Path == "system.planets" {
		var i int
		if _, err := fmt.Sscanf(strings.TrimPrefix(path, "system.planets"), "[%d]", &i); err == nil {
			name += fmt.Sprintf(" %d", i+1)
		}
	}
	return name
}

// flagError is a document's error at the flag of its input when a combat
// command has that flag (a varied input is set as its flag would be),
// else at its JSON path.
func flagError(err error) error {
	var e *scenario.Error
	if !errors.As(err, &e) {
		return err
	}
	if e.Path == "vary" || strings.HasPrefix(e.Path, "vary[") {
		return fmt.Errorf("--vary %s", e.Msg)
	}
	flag := FlagOf(strings.TrimPrefix(e.Path, "scenario."))
	name, _, _ := strings.Cut(strings.TrimPrefix(flag, "--"), " ") // "--planet 2"
	switch {
	case flag != "" && isCombatFlag(name):
		return fmt.Errorf("%s: %s", flag, e.Msg)
	case e.Path != "":
		return fmt.Errorf("%s: %s", e.Path, e.Msg)
	}
	return errors.New(e.Msg)
}

// isCombatFlag reports whether a combat command (space, ground) has the
// document flag name: every input's but the run's and the invasion's.
func isCombatFlag(name string) bool {
	in, _ := scenario.InputOfFlag(name)
	return in != nil && !in.Run && !in.Invade
}
