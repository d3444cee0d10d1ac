package scenario

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ti4sim/ti4sim/agenda"
	"github.com/ti4sim/ti4sim/internal/echo"
)

// VaryKeys are the settings a comparison may vary (compare --vary): every
// card with several printings (the keys of combat.PrintingChoices, the
// errata an analyst compares side by side), then scenario flags by name.
var VaryKeys = []string{
	"magen", "x89", "direct-hit", "harrow", "matriarch", "iconoclast", "milor", "ti3-flagships", "ruleset",
	"attacker", "defender", "attacker-tech", "defender-tech", "attacker-faction", "defender-faction",
	"attacker-card", "defender-card", "attacker-order", "defender-order",
	"attacker-modifier", "defender-modifier", "defender-adjacent-pds", "attacker-adjacent-pds",
	"attacker-pds", "nebula",
}

// MaxVoters bounds a vote's voters and players.
const MaxVoters = agenda.MaxVoters

// Check reports the first value of a compare document out of range, as an
// *Error naming its path (the scenario's as in Combat.Check). Which keys
// may vary, and their values, are checked as `ti4sim compare --vary` does.
func (d *Compare) Check() error {
	if d.Version != Version {
		return errorf("version", "%d is not a version this build reads; allowed: %d", d.Version, Version)
	}
	if err := d.Scenario.Check(); err != nil {
		e := err.(*Error)
		return &Error{Path: under("scenario", e.Path), Msg: e.Msg}
	}
	if len(d.Scenario.System.Planets) > 0 {
		return errorf("scenario.system.planets", "compare runs a one-planet invasion; compare a system of planets by running invade with each setting")
	}
	if len(d.Vary) == 0 {
		return errorf("vary", "empty: give at least one setting to vary, e.g. [{\"key\": \"magen\", \"values\": [\"omega\", \"omega2\"]}]")
	}
	for i, v := range d.Vary {
		p := fmt.Sprintf("vary[%d]", i)
		if !slices.Contains(VaryKeys, v.Key) {
			return errorf(join(p, "key"), "unknown key %s; allowed: %s", echo.Quote(v.Key), strings.Join(VaryKeys, ", "))
		}
		for _, w := range d.Vary[:i] {
			if w.Key == v.Key {
				return errorf(join(p, "key"), "%s varied twice", v.Key)
			}
		}
		if len(v.Values) < 2 {
			return errorf(join(p, "values"), "give at least two values to compare")
		}
		for j, val := range v.Values {
			vp := fmt.Sprintf("%s.values[%d]", p, j)
			switch {
			case strings.Contains(val, ";"):
				return errorf(vp, "%s: a value may not contain ';'", echo.Quote(val))
			case strings.TrimSpace(val) == "" && (v.Key == "attacker" || v.Key == "defender"):
				return errorf(vp, "an empty fleet; give a fleet for every value")
			}
			for _, prev := range v.Values[:j] {
				if strings.EqualFold(strings.TrimSpace(prev), strings.TrimSpace(val)) {
					return errorf(vp, "%s given twice; each value is one variant", echo.Quote(val))
				}
			}
		}
	}
	return nil
}

// Check reports the first fault of a vote document as a document, as an
// *Error naming its path: its version, outcome names that the outcomes'
// grammar can carry, and the run. The voters, the mode, the players and
// the duel die are the agenda's to check, when the document builds it
// (Agenda).
func (d *Vote) Check() error {
	if d.Version != Version {
		return errorf("version", "%d is not a version this build reads; allowed: %d", d.Version, Version)
	}
	for i, o := range d.Outcomes {
		if strings.TrimSpace(o) == "" || strings.Contains(o, ",") {
			return errorf(fmt.Sprintf("outcomes[%d]", i), "%s is not an outcome name", echo.Quote(o))
		}
	}
	for i, o := range d.SpeakerPrefers {
		if strings.TrimSpace(o) == "" || strings.Contains(o, ",") {
			return errorf(fmt.Sprintf("speaker_prefers[%d]", i), "%s is not an outcome name", echo.Quote(o))
		}
	}
	if d.Run.PreferExact {
		return errorf("run.prefer_exact", "a vote takes exact or trials, not prefer_exact")
	}
	if d.Run.Rounds != 0 {
		return errorf("run.rounds", "a vote has no rounds")
	}
	return d.Run.check("run")
}
