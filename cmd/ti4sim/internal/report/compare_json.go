package report

import (
	"io"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/combat"
)

type jsonVariant struct {
	Name        string  `json:"name"`
	AttackerWin float64 `json:"attacker_win"`
	Draw        float64 `json:"draw"`
	DefenderWin float64 `json:"defender_win"`
	// BothWipedOut: as in the invade output, for ti3-sa invasions only (a
	// part of defender_win).
	BothWipedOut *float64      `json:"both_wiped_out,omitempty"`
	Unfinished   *float64      `json:"unfinished,omitempty"` // present when not zero
	CI95         jsonIntervals `json:"ci95"`
	Attacker     jsonSide      `json:"attacker"`
	Defender     jsonSide      `json:"defender"`
	Warnings     []string      `json:"warnings"`
}

type jsonPaired struct {
	Diff        float64    `json:"diff"`
	SE          float64    `json:"se"`
	CI95        [2]float64 `json:"ci95"`
	Significant bool       `json:"significant"`
}

type jsonDifference struct {
	Variant     string     `json:"variant"`
	Versus      string     `json:"versus"`
	AttackerWin jsonPaired `json:"attacker_win"`
	Draw        jsonPaired `json:"draw"`
	DefenderWin jsonPaired `json:"defender_win"`
	Verdict     string     `json:"verdict"`
}

// jsonComparison is the JSON output of compare.
type jsonComparison struct {
	Command     string            `json:"command"`
	Action      string            `json:"action"`
	Trials      int64             `json:"trials"`
	Seed        uint64            `json:"seed"`
	Variants    []jsonVariant     `json:"variants"`
	Differences []jsonDifference  `json:"differences"`
	Scenario    *scenario.Compare `json:"scenario"`
}

// compareJSON writes the JSON of a comparison (one line); doc is echoed
// as its "scenario" field.
func compareJSON(w io.Writer, act combat.Action, names []string, scs []combat.Scenario, doc *scenario.Compare, c combat.Comparison) error {
	out := jsonComparison{Command: "compare", Action: act.String(), Trials: c.Trials, Seed: c.Seed, Differences: []jsonDifference{}, Scenario: doc}
	for i, r := range c.Variants {
		v := jsonVariant{
			Name: names[i], AttackerWin: r.Outcome.AttackerWin.P, Draw: r.Outcome.Draw.P, DefenderWin: r.Outcome.DefenderWin.P,
			Unfinished: optP(r.Outcome.Unfinished),
			CI95:       intervals(r.Outcome), Attacker: sideJSON(scs[i].Edition, scs[i].Attacker, r.Attacker), Defender: sideJSON(scs[i].Edition, scs[i].Defender, r.Defender),
			Warnings: append([]string{}, r.Warnings...),
		}
		if wipedOutShown(scs[i]) {
			p, iv := r.Outcome.BothWipedOut.P, [2]float64{r.Outcome.BothWipedOut.Lo, r.Outcome.BothWipedOut.Hi}
			v.BothWipedOut, v.CI95.BothWipedOut = &p, &iv
		}
		out.Variants = append(out.Variants, v)
	}
	paired := func(d combat.PairedDifference) jsonPaired {
		return jsonPaired{Diff: d.Value, SE: d.SE, CI95: [2]float64{d.Lo, d.Hi}, Significant: d.Significant}
	}
	for _, d := range c.Differences {
		out.Differences = append(out.Differences, jsonDifference{
			Variant: names[d.Variant], Versus: names[0],
			AttackerWin: paired(d.AttackerWin), Draw: paired(d.Draw), DefenderWin: paired(d.DefenderWin),
			Verdict: verdict(d),
		})
	}
	return writeJSONDocument(w, true, &out)
}
