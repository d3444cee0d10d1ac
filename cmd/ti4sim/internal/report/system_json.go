package report

import (
	"io"
	"strings"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/combat"
)

// jsonSystem is the JSON output of invade for a system with planets.
// Field names are stable; new fields may be added, none renamed or
// removed. Unit maps are keyed by units.Kind.Key ("war_sun").
type jsonSystem struct {
	Command string `json:"command"`
	Ruleset string `json:"ruleset,omitempty"` // "ti3-sa"; absent for ti4
	Exact   bool   `json:"exact,omitempty"`
	Trials  int64  `json:"trials"`
	Seed    uint64 `json:"seed"`
	// Commit names the commit policy ("secure:0.9", "fixed", "best:all",
	// "best:count").
	Commit string `json:"commit"`
	// TakeAll is the chance the attacker takes every planet; Taken[n]
	// that it takes exactly n, n = 0..the number of planets; TakenMean
	// the expected number taken.
	TakeAll     float64             `json:"take_all"`
	Taken       []float64           `json:"taken"`
	TakenMean   float64             `json:"taken_mean"`
	TakenMeanSE float64             `json:"taken_mean_se"`
	CI95        jsonSystemIntervals `json:"ci95"`
	Space       jsonSystemSpace     `json:"space"`
	Planets     []jsonPlanet        `json:"planets"`
	Attacker    jsonSystemAttacker  `json:"attacker"`
	Defender    jsonSystemSide      `json:"defender"`
	Warnings    []string            `json:"warnings"`
	// Scenario is the question, as its normalised scenario document
	// (ti4sim scenario; --scenario reads it back).
	Scenario *scenario.Combat `json:"scenario,omitempty"`
}

// jsonSystemIntervals are the 95% intervals of take_all and of each
// taken[n].
type jsonSystemIntervals struct {
	TakeAll [2]float64   `json:"take_all"`
	Taken   [][2]float64 `json:"taken"`
}

// jsonSystemSpace is who holds the space area after the space combat (a
// draw: neither side has ships), with its 95% intervals and the mean
// number of space combat rounds. The retreats and unfinished combats are
// present only when they happen.
type jsonSystemSpace struct {
	AttackerWin      float64       `json:"attacker_win"`
	Draw             float64       `json:"draw"`
	DefenderWin      float64       `json:"defender_win"`
	AttackerRetreats *float64      `json:"attacker_retreats,omitempty"`
	DefenderRetreats *float64      `json:"defender_retreats,omitempty"`
	Unfinished       *float64      `json:"unfinished,omitempty"`
	CI95             jsonIntervals `json:"ci95"`
	RoundsMean       float64       `json:"rounds_mean"`
	RoundsMeanSE     float64       `json:"rounds_mean_se"`
}

// jsonPlanet is one planet: the chance the attacker takes it (with its
// 95% interval), invades it, and its ground combat wipes out both sides;
// the expected ground forces committed to it, the expected units of each
// side left on it, and its mean ground combat rounds (0 where none were
// fought).
type jsonPlanet struct {
	Name               string             `json:"name"`
	Cultural           bool               `json:"cultural,omitempty"`
	Units              string             `json:"units"`
	Taken              float64            `json:"taken"`
	TakenCI95          [2]float64         `json:"taken_ci95"`
	Invaded            float64            `json:"invaded"`
	WipedOut           float64            `json:"wiped_out"`
	Committed          map[string]float64 `json:"committed"`
	AttackerLeft       map[string]float64 `json:"attacker_left"`
	DefenderLeft       map[string]float64 `json:"defender_left"`
	GroundRoundsMean   float64            `json:"ground_rounds_mean"`
	GroundRoundsMeanSE float64            `json:"ground_rounds_mean_se"`
}

// jsonSystemSide is a side's fleet, its expected ships left in the space
// area (with their SE) and its expected resources lost.
type jsonSystemSide struct {
	Fleet           string             `json:"fleet"`
	ShipsLeft       map[string]float64 `json:"ships_left"`
	ShipsLeftSE     map[string]float64 `json:"ships_left_se"`
	ResourcesLost   float64            `json:"resources_lost"`
	ResourcesLostSE float64            `json:"resources_lost_se"`
}

// jsonSystemAttacker is the attacker's side with its expected ground
// forces kept in the space area (not committed, or no invasion).
type jsonSystemAttacker struct {
	jsonSystemSide
	KeptInSpace map[string]float64 `json:"kept_in_space"`
}

// expectedJSON maps the unit keys of s to their expected counts, and to
// their SEs; units of the same kind add up (their SEs too, a bound).
func expectedJSON(s []combat.Survivor) (mean, se map[string]float64) {
	mean, se = map[string]float64{}, map[string]float64{}
	for _, u := range s {
		mean[u.Kind.Key()] += u.Expected.Value
		se[u.Kind.Key()] += u.Expected.SE
	}
	return mean, se
}

// systemSideJSON is side i's part of r (its fleet as given).
func systemSideJSON(g combat.Edition, s combat.Side, r combat.SystemResult, i int) jsonSystemSide {
	js := jsonSystemSide{Fleet: fleetText(g, s.Fleet), ResourcesLost: r.ResourcesLost[i].Value, ResourcesLostSE: r.ResourcesLost[i].SE}
	js.ShipsLeft, js.ShipsLeftSE = expectedJSON(r.Ships[i])
	return js
}

// systemJSON writes the JSON of a system invasion (one line); doc, if not
// nil, is echoed as its "scenario" field.
func systemJSON(w io.Writer, sc combat.Scenario, doc *scenario.Combat, r combat.SystemResult) error {
	o := r.Space
	j := jsonSystem{
		Scenario: doc,
		Command:  combat.Invasion.String(), Exact: r.Exact, Trials: r.Trials, Seed: r.Seed,
		Ruleset: rulesetJSON(sc.Edition),
		Commit:  r.Commit,
		TakeAll: r.TakeAll.P, Taken: []float64{}, TakenMean: r.TakenMean.Value, TakenMeanSE: r.TakenMean.SE,
		CI95: jsonSystemIntervals{TakeAll: [2]float64{r.TakeAll.Lo, r.TakeAll.Hi}, Taken: [][2]float64{}},
		Space: jsonSystemSpace{
			AttackerWin: o.AttackerWin.P, Draw: o.Draw.P, DefenderWin: o.DefenderWin.P,
			AttackerRetreats: optP(o.AttackerRetreats), DefenderRetreats: optP(o.DefenderRetreats),
			Unfinished: optP(o.Unfinished), CI95: intervals(o),
			RoundsMean: r.SpaceRounds.Value, RoundsMeanSE: r.SpaceRounds.SE,
		},
		Planets:  []jsonPlanet{},
		Attacker: jsonSystemAttacker{jsonSystemSide: systemSideJSON(sc.Edition, sc.Attacker, r, 0)},
		Defender: systemSideJSON(sc.Edition, sc.Defender, r, 1),
		Warnings: append([]string{}, r.Warnings...),
	}
	for _, p := range r.Taken {
		j.Taken = append(j.Taken, p.P)
		j.CI95.Taken = append(j.CI95.Taken, [2]float64{p.Lo, p.Hi})
	}
	j.Attacker.KeptInSpace, _ = expectedJSON(r.Kept)
	for k, p := range r.Planets {
		jp := jsonPlanet{
			Name: p.Name, Taken: p.Taken.P, TakenCI95: [2]float64{p.Taken.Lo, p.Taken.Hi},
			Invaded: p.Invaded.P, WipedOut: p.WipedOut.P,
			GroundRoundsMean: p.GroundRounds.Value, GroundRoundsMeanSE: p.GroundRounds.SE,
		}
		if k < len(sc.Planets) {
			jp.Cultural, jp.Units = sc.Planets[k].Cultural, fleetText(sc.Edition, sc.Planets[k].Units)
			if jp.Name == "" {
				jp.Name = strings.TrimSpace(sc.Planets[k].Name)
			}
		}
		jp.Committed, _ = expectedJSON(p.Committed)
		jp.AttackerLeft, _ = expectedJSON(p.Attacker)
		jp.DefenderLeft, _ = expectedJSON(p.Defender)
		j.Planets = append(j.Planets, jp)
	}
	return writeJSONDocument(w, true, &j)
}
