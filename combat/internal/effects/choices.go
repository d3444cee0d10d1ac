package effects

import (
	"slices"
	"strings"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/internal/lazy"
)

// A side's choices (Force.Choices) state what a player decides where a
// text says "you may" or leaves the timing to the player, instead of the
// policy the engine follows by default. Items read "TEXT=CHOICE"; each
// text's first choice is the default (the policy its function documents).
//
//   - devotion=policy|always|never: Devotion (Yin) at the end of each
//     space combat round; always: whenever the Yin have a cruiser or
//     destroyer and the opponent a ship, their last ship included.
//   - impulse-core=policy|last-ship|never: Impulse Core (Yin) at the start
//     of a space combat; last-ship: also when the cruiser or destroyer
//     given up is the Yin's only ship.
//   - exotrireme-ii=policy|never: Exotrireme II (N'orr) after a round of
//     space combat.
//   - emergency-repairs=end|start: the combat round's end or start the
//     action card is played at (the same threshold: at least 2 damaged
//     units, 1 with only 1 unit with Sustain Damage left); start repairs
//     damage from before the combat before round 1's dice.
//   - saimoc-infused-hulls=every-round|five: Saimoc-Infused Hulls (Letnev,
//     SA 4.2) repairs after every space battle round as its wording says,
//     or at most 5 times a combat as the SA combat calculator's code.
//   - advanced-fleet-tactics=round-up|round-down: Advanced Fleet Tactics
//     (Sol, SA 4.2) caps the barrage's hits on the Sol fighters at half
//     of them rounded up as its wording says, or down as the SA combat
//     calculator's code.
//   - adaptable-ordnance-rigs=sustain|roll: Adaptable Ordnance Rigs
//     (Mentak, SA 4.2): a cruiser hit before the combat rounds sustains
//     and the others roll 1 more die in round 1 (the SA combat
//     calculator's code too), or no cruiser sustains and all roll.
var choiceNames = lazy.Value[map[string][]string]{Build: func() map[string][]string {
	return map[string][]string{
		"devotion":                {"policy", "always", "never"},
		"impulse-core":            {"policy", "last-ship", "never"},
		"exotrireme-ii":           {"policy", "never"},
		"emergency-repairs":       {"end", "start"},
		"saimoc-infused-hulls":    {"every-round", "five"},
		"advanced-fleet-tactics":  {"round-up", "round-down"},
		"adaptable-ordnance-rigs": {"sustain", "roll"},
	}
}}

// ChoiceNames returns each text that takes a stated choice with its
// choices, the default first.
func ChoiceNames() map[string][]string {
	out := make(map[string][]string, len(choiceNames.Get()))
	for k, v := range choiceNames.Get() {
		out[k] = slices.Clone(v)
	}
	return out
}

// parseChoice splits one item of Force.Choices into its text and choice,
// both known.
func parseChoice(item string) (text, choice string, err error) {
	k, v, ok := strings.Cut(item, "=")
	text, choice = strings.ToLower(strings.TrimSpace(k)), strings.ToLower(strings.TrimSpace(v))
	names, known := choiceNames.Get()[text]
	switch {
	case !ok || !known:
		keys := make([]string, 0, len(choiceNames.Get()))
		for k := range choiceNames.Get() {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		return "", "", engine.Inputf("", "", "item %s: want TEXT=CHOICE with TEXT one of %s", echo.Quote(item), strings.Join(keys, ", "))
	case !slices.Contains(names, choice):
		return "", "", engine.Inputf("", "", "unknown %s choice %s; allowed: %s", text, echo.Quote(choice), strings.Join(names, ", "))
	}
	return text, choice, nil
}

// validateChoices checks a side's choices: known texts and choices, each
// text once.
func validateChoices(s *engine.Force) error {
	seen := map[string]bool{}
	for _, item := range s.Choices {
		if strings.TrimSpace(item) == "" {
			continue
		}
		text, _, err := parseChoice(item)
		if err != nil {
			return err
		}
		if seen[text] {
			return engine.Inputf("", "", "%s given twice", text)
		}
		seen[text] = true
	}
	return nil
}

// choiceOf returns the side's choice for text: the one it states, else the
// default (the text's first choice). Validation has checked the items.
func choiceOf(s *engine.Force, text string) string {
	for _, item := range s.Choices {
		if t, c, err := parseChoice(item); err == nil && t == text {
			return c
		}
	}
	return choiceNames.Get()[text][0]
}

// statesNever reports whether side s states TEXT=never for the faction
// text slug: the text is then not attached (applyFaction), with a warning.
func statesNever(s *engine.Force, slug string) bool {
	names, ok := choiceNames.Get()[slug]
	return ok && slices.Contains(names, "never") && choiceOf(s, slug) == "never"
}
