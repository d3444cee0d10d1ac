package report

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// systemScenario is a two-planet system: the attacker's fleet, the
// defender's ships, Mecatol with 2 infantry and a PDS, and the cultural
// Lodor with 1 mech.
func systemScenario(t *testing.T) combat.Scenario {
	return combat.Scenario{Action: combat.Invasion,
		Attacker: combat.Side{Fleet: fleet(t, "2 dreadnought, 1 carrier, 4 infantry, 1 mech")},
		Defender: combat.Side{Fleet: fleet(t, "1 destroyer")},
		Planets: []combat.Planet{
			{Name: "Mecatol", Units: fleet(t, "2 infantry, 1 pds")},
			{Name: "Lodor", Units: fleet(t, "1 mech"), Cultural: true},
		},
	}
}

// sysProb is a probability with its interval (all p when exact).
func sysProb(p, lo, hi float64, exact bool) combat.Probability {
	if exact {
		return combat.Probability{P: p, Lo: p, Hi: p}
	}
	return combat.Probability{P: p, Lo: lo, Hi: hi}
}

// sysMean is an expected value with its SE (0 when exact).
func sysMean(v, sd float64, exact bool) combat.Mean {
	if exact {
		sd = 0
	}
	return combat.Mean{Value: v, SE: sd}
}

// systemResult is a hand-made answer for systemScenario, simulated
// (100,000 trials, seed 1) or exact.
func systemResult(exact bool) combat.SystemResult {
	surv := func(k units.Kind, name string, start int, v, sd float64) combat.Survivor {
		return combat.Survivor{Kind: k, Name: name, Start: start, Expected: sysMean(v, sd, exact)}
	}
	r := combat.SystemResult{
		Exact:   exact,
		Commit:  "secure:0.9",
		TakeAll: sysProb(0.61, 0.607, 0.613, exact),
		Taken: []combat.Probability{
			sysProb(0.04, 0.039, 0.041, exact), sysProb(0.35, 0.347, 0.353, exact), sysProb(0.61, 0.607, 0.613, exact),
		},
		TakenMean: sysMean(1.57, 0.002, exact),
		Space: combat.Outcomes{
			AttackerWin: sysProb(0.97, 0.969, 0.971, exact), Draw: sysProb(0.01, 0.009, 0.011, exact),
			DefenderWin: sysProb(0.02, 0.019, 0.021, exact),
		},
		Ships: [2][]combat.Survivor{
			{surv(units.Carrier, "Carrier", 1, 0.98, 0.001), surv(units.Dreadnought, "Dreadnought", 2, 1.9, 0.001)},
			{surv(units.Destroyer, "Destroyer", 1, 0.03, 0.001)},
		},
		Kept: []combat.Survivor{surv(units.Infantry, "Infantry", 4, 0.25, 0.003), surv(units.Mech, "Mech", 1, 0.01, 0.0003)},
		Planets: []combat.PlanetResult{
			{Name: "Mecatol", Taken: sysProb(0.8, 0.797, 0.803, exact), Invaded: sysProb(0.97, 0.969, 0.971, exact),
				WipedOut:     sysProb(0.02, 0.019, 0.021, exact),
				Committed:    []combat.Survivor{surv(units.Infantry, "Infantry", 4, 3.42, 0.003), surv(units.Mech, "Mech", 1, 0.96, 0.001)},
				Attacker:     []combat.Survivor{surv(units.Infantry, "Infantry", 4, 2.1, 0.004), surv(units.Mech, "Mech", 1, 0.9, 0.001)},
				Defender:     []combat.Survivor{surv(units.Infantry, "Infantry", 2, 0.3, 0.002), surv(units.PDS, "PDS", 1, 0.2, 0.001)},
				GroundRounds: sysMean(2.3, 0.004, exact)},
			{Name: "Lodor", Taken: sysProb(0.7, 0.697, 0.703, exact), Invaded: sysProb(0.97, 0.969, 0.971, exact),
				WipedOut:     sysProb(0.05, 0.049, 0.051, exact),
				Committed:    []combat.Survivor{surv(units.Infantry, "Infantry", 4, 0.33, 0.002), surv(units.Mech, "Mech", 1, 0.03, 0.001)},
				Attacker:     []combat.Survivor{surv(units.Infantry, "Infantry", 4, 0.2, 0.002), surv(units.Mech, "Mech", 1, 0.02, 0.001)},
				Defender:     []combat.Survivor{surv(units.Mech, "Mech", 1, 0.3, 0.002)},
				GroundRounds: sysMean(1.4, 0.003, exact)},
		},
		ResourcesLost: [2]combat.Mean{sysMean(1.2, 0.01, exact), sysMean(3.9, 0.02, exact)},
		SpaceRounds:   sysMean(1.8, 0.003, exact),
		Warnings:      []string{"a note on the run"},
	}
	if !exact {
		r.Trials, r.Seed = 100000, 1
	}
	return r
}

// renderSystem renders r as format f and returns the output.
func renderSystem(t *testing.T, sc combat.Scenario, r combat.SystemResult, o CombatOptions) string {
	t.Helper()
	var b bytes.Buffer
	if err := System(&b, sc, r, o); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestSystemJSON(t *testing.T) {
	sc := systemScenario(t)
	doc := &scenario.Combat{Version: scenario.Version, Action: scenario.ActionInvade}
	for _, exact := range []bool{false, true} {
		r := systemResult(exact)
		out := renderSystem(t, sc, r, CombatOptions{Format: JSON, Scenario: doc})
		if strings.Count(out, "\n") != 1 || !strings.HasSuffix(out, "\n") {
			t.Errorf("exact=%v: not one line: %q", exact, out)
		}
		var j map[string]any
		if err := json.Unmarshal([]byte(out), &j); err != nil {
			t.Fatalf("exact=%v: %v\n%s", exact, err, out)
		}
		if j["command"] != "invade" || j["commit"] != "secure:0.9" || j["take_all"] != 0.61 {
			t.Errorf("exact=%v: command %v, commit %v, take_all %v", exact, j["command"], j["commit"], j["take_all"])
		}
		if _, ok := j["exact"]; ok != exact {
			t.Errorf("exact=%v: exact field present: %v", exact, ok)
		}
		if taken, ok := j["taken"].([]any); !ok || len(taken) != 3 || taken[1] != 0.35 {
			t.Errorf("exact=%v: taken %v, want 3 chances with 0.35 second", exact, j["taken"])
		}
		ci, _ := j["ci95"].(map[string]any)
		ta, _ := ci["take_all"].([]any)
		wantLo, wantHi := 0.607, 0.613
		if exact {
			wantLo, wantHi = 0.61, 0.61
		}
		if len(ta) != 2 || ta[0] != wantLo || ta[1] != wantHi {
			t.Errorf("exact=%v: ci95.take_all %v, want [%v %v]", exact, ci["take_all"], wantLo, wantHi)
		}
		if taken, _ := ci["taken"].([]any); len(taken) != 3 {
			t.Errorf("exact=%v: ci95.taken %v, want 3 intervals", exact, ci["taken"])
		}
		planets, _ := j["planets"].([]any)
		if len(planets) != 2 {
			t.Fatalf("exact=%v: planets %v", exact, j["planets"])
		}
		p1, _ := planets[1].(map[string]any)
		if p1["name"] != "Lodor" || p1["cultural"] != true || p1["units"] != "1 mech" || p1["taken"] != 0.7 || p1["wiped_out"] != 0.05 {
			t.Errorf("exact=%v: planets[1] %v", exact, p1)
		}
		if c, _ := p1["committed"].(map[string]any); c["infantry"] != 0.33 || c["mech"] != 0.03 {
			t.Errorf("exact=%v: planets[1].committed %v", exact, p1["committed"])
		}
		p0, _ := planets[0].(map[string]any)
		if _, ok := p0["cultural"]; ok {
			t.Errorf("exact=%v: planets[0] is not cultural: %v", exact, p0)
		}
		if d, _ := p0["defender_left"].(map[string]any); d["infantry"] != 0.3 || d["pds"] != 0.2 {
			t.Errorf("exact=%v: planets[0].defender_left %v", exact, p0["defender_left"])
		}
		att, _ := j["attacker"].(map[string]any)
		if k, _ := att["kept_in_space"].(map[string]any); k["infantry"] != 0.25 {
			t.Errorf("exact=%v: attacker.kept_in_space %v", exact, att["kept_in_space"])
		}
		if s, _ := att["ships_left"].(map[string]any); s["dreadnought"] != 1.9 || att["resources_lost"] != 1.2 {
			t.Errorf("exact=%v: attacker %v", exact, att)
		}
		def, _ := j["defender"].(map[string]any)
		if _, ok := def["kept_in_space"]; ok || def["fleet"] != "1 destroyer" || def["resources_lost"] != 3.9 {
			t.Errorf("exact=%v: defender %v", exact, def)
		}
		space, _ := j["space"].(map[string]any)
		if space["attacker_win"] != 0.97 || space["rounds_mean"] != 1.8 {
			t.Errorf("exact=%v: space %v", exact, space)
		}
		for _, f := range []string{"attacker_retreats", "defender_retreats", "unfinished"} {
			if _, ok := space[f]; ok {
				t.Errorf("exact=%v: space.%s present at 0", exact, f)
			}
		}
		if _, ok := j["scenario"].(map[string]any); !ok {
			t.Errorf("exact=%v: no scenario echoed", exact)
		}
	}

	// No warnings: an empty list, not null; no document: no scenario; a
	// retreat that happens is present.
	r := systemResult(false)
	r.Warnings = nil
	r.Space.AttackerRetreats = combat.Probability{P: 0.1, Lo: 0.09, Hi: 0.11}
	out := renderSystem(t, sc, r, CombatOptions{Format: JSON})
	if !strings.Contains(out, `"warnings":[]`) || strings.Contains(out, `"scenario"`) || !strings.Contains(out, `"attacker_retreats":0.1`) {
		t.Errorf("warnings, scenario or retreat wrong: %s", out)
	}
}

func TestSystemTable(t *testing.T) {
	sc := systemScenario(t)
	for _, exact := range []bool{false, true} {
		out := renderSystem(t, sc, systemResult(exact), CombatOptions{})
		for _, want := range []string{
			"System: 2 planets; commit policy: secure:0.9",
			"Attacker: 2 dreadnought, 1 carrier, 1 mech, 4 infantry",
			"Defender ships: 1 destroyer",
			"Planet Mecatol: 2 infantry, 1 pds",
			"Planet Lodor (cultural): 1 mech",
			"takes every planet", "takes exactly 0 planets", "takes exactly 1 planet ", "takes exactly 2 planets",
			"expected planets taken", "1.570",
			"0.960 mech, 3.420 infantry", // display order: mechs first
			"attacker holds the space area", "Space combat rounds: mean 1.800",
			"Infantry (kept in space)", "Mech (kept in space)", "resources lost",
			"Warnings:", "  - a note on the run",
		} {
			if !strings.Contains(out, want) {
				t.Errorf("exact=%v: no %q in\n%s", exact, want, out)
			}
		}
		if exact {
			if !strings.HasPrefix(out, "ti4sim invade: exact") {
				t.Errorf("exact header: %q", strings.SplitN(out, "\n", 2)[0])
			}
			for _, line := range strings.Split(out, "\n") {
				if strings.Contains(line, "takes every planet") && !strings.Contains(line, "exact") {
					t.Errorf("exact: interval column not \"exact\": %q", line)
				}
			}
			if strings.Contains(out, "[") {
				t.Errorf("exact: an interval is shown:\n%s", out)
			}
		} else {
			if !strings.HasPrefix(out, "ti4sim invade: 100000 trials, seed 1\n") {
				t.Errorf("header: %q", strings.SplitN(out, "\n", 2)[0])
			}
			if !strings.Contains(out, "[60.70%, 61.30%]") || !strings.Contains(out, "± 0.002") {
				t.Errorf("simulated: no interval or SE of the planets taken:\n%s", out)
			}
			// Optional space rows are shown only when they happen.
			if strings.Contains(out, "retreats") || strings.Contains(out, "unfinished") {
				t.Errorf("simulated: a row of probability 0:\n%s", out)
			}
		}
	}

	// No defender ships (no space combat), an empty planet.
	sc.Defender.Fleet = units.Fleet{}
	sc.Planets[1].Units = units.Fleet{}
	r := systemResult(false)
	r.SpaceRounds = combat.Mean{}
	out := renderSystem(t, sc, r, CombatOptions{})
	if !strings.Contains(out, "Defender ships: none") || !strings.Contains(out, "Planet Lodor (cultural): no units") || strings.Contains(out, "Space combat rounds") {
		t.Errorf("empty fleets, no space combat:\n%s", out)
	}
}

func TestSystemWriteErrors(t *testing.T) {
	sc := systemScenario(t)
	doc := &scenario.Combat{Version: scenario.Version, Action: scenario.ActionInvade}
	for _, exact := range []bool{false, true} {
		r := systemResult(exact)
		how := map[bool]string{false: "simulated", true: "exact"}[exact]
		checkWriteErrors(t, "system, "+how+", table", func(w io.Writer) error {
			return System(w, sc, r, CombatOptions{})
		})
		checkWriteErrors(t, "system, "+how+", json", func(w io.Writer) error {
			return System(w, sc, r, CombatOptions{Format: JSON, Scenario: doc})
		})
	}
}

// TestSystemRendersRun renders a real simulated and exact system
// invasion: the JSON's chances agree with the result.
func TestSystemRendersRun(t *testing.T) {
	ctx := context.Background()
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: combat.Side{Fleet: fleet(t, "1 dreadnought, 1 carrier, 4 infantry")},
		Planets: []combat.Planet{
			{Name: "A", Units: fleet(t, "1 infantry")},
			{Name: "B", Units: fleet(t, "1 infantry")},
		},
	}
	sim, err := combat.RunSystem(ctx, sc, combat.Options{Trials: 2000, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	exact, err := combat.SolveSystem(ctx, sc)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []combat.SystemResult{sim, exact} {
		out := renderSystem(t, sc, r, CombatOptions{})
		if !strings.Contains(out, "Planet A: 1 infantry") || !strings.Contains(out, "takes exactly 2 planets") {
			t.Errorf("exact=%v: table\n%s", r.Exact, out)
		}
		var j struct {
			TakeAll float64   `json:"take_all"`
			Taken   []float64 `json:"taken"`
			Planets []struct {
				Name      string             `json:"name"`
				Committed map[string]float64 `json:"committed"`
			} `json:"planets"`
		}
		if err := json.Unmarshal([]byte(renderSystem(t, sc, r, CombatOptions{Format: JSON})), &j); err != nil {
			t.Fatal(err)
		}
		if j.TakeAll != r.TakeAll.P || len(j.Taken) != 3 || len(j.Planets) != 2 || j.Planets[1].Name != "B" {
			t.Errorf("exact=%v: json %+v", r.Exact, j)
		}
		sum := 0.0
		for _, p := range j.Taken {
			sum += p
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Errorf("exact=%v: taken adds up to %v", r.Exact, sum)
		}
		if c := j.Planets[0].Committed["infantry"] + j.Planets[1].Committed["infantry"]; c <= 0 || c > 4+1e-9 {
			t.Errorf("exact=%v: %v infantry committed in all", r.Exact, c)
		}
	}
}
