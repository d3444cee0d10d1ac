package combat_test

import (
	"context"
	"fmt"
	"math"
	"reflect"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
)

// leftRows is a side's units-left distribution with each outcome's
// probability and count, in Outcomes order.
type leftRow struct {
	name  string
	bins  []float64
	p     float64
	count int64
}

func leftRows(r combat.Result, sr combat.SideResult) []leftRow {
	l, o, c := sr.Left, r.Outcome, r.Counts
	return []leftRow{
		{"attacker wins", l.AttackerWin, o.AttackerWin.P, c.AttackerWin},
		{"draw", l.Draw, o.Draw.P, c.Draw},
		{"defender wins", l.DefenderWin, o.DefenderWin.P, c.DefenderWin},
		{"attacker retreats", l.AttackerRetreats, o.AttackerRetreats.P, c.AttackerRetreats},
		{"defender retreats", l.DefenderRetreats, o.DefenderRetreats.P, c.DefenderRetreats},
		{"unfinished", l.Unfinished, o.Unfinished.P, c.Unfinished},
	}
}

// leftScenarios cover every action, both games, sustain, structures, a
// TI3 war sun's worn form, retreats and a round limit (so that every
// outcome occurs in some scenario).
func leftScenarios(t *testing.T) []combat.Scenario {
	retreat := exactSide(t, "2 cruiser, 1 carrier, 2 fighter")
	retreat.Retreat = combat.Retreat{AfterRound: 2}
	losing := exactSide(t, "1 destroyer, 2 fighter")
	losing.Retreat = combat.Retreat{WhenLosing: true}
	return []combat.Scenario{
		{Action: combat.SpaceCombat, Attacker: exactSide(t, "2 dreadnought, 1 carrier, 3 fighter"), Defender: exactSide(t, "3 cruiser, 2 destroyer, 1 pds")},
		{Action: combat.GroundCombat, Attacker: exactSide(t, "3 infantry, 1 mech"), Defender: exactSide(t, "2 infantry, 1 mech, 1 pds")},
		{Action: combat.Invasion, Attacker: exactSide(t, "1 war sun, 1 dreadnought, 3 infantry, 1 mech"), Defender: exactSide(t, "2 pds, 3 infantry, 1 space dock")},
		{Action: combat.Invasion, Attacker: exactSide(t, "1 cruiser, 1 carrier, 2 infantry"), Defender: exactSide(t, "2 destroyer, 2 infantry, 1 pds")},
		{Action: combat.SpaceCombat, Edition: ti3Edition(), Attacker: ti3Side(t, "1 war sun, 2 fighter"), Defender: ti3Side(t, "2 dreadnought, 1 cruiser")},
		{Action: combat.Invasion, Edition: ti3Edition(), Attacker: ti3Side(t, "1 war sun, 1 carrier, 2 gf, 1 st"), Defender: ti3Side(t, "1 cruiser, 2 gf, 1 st, 1 pds")},
		{Action: combat.SpaceCombat, Attacker: retreat, Defender: exactSide(t, "3 cruiser")},
		{Action: combat.SpaceCombat, Attacker: exactSide(t, "2 cruiser, 1 carrier, 2 fighter"), Defender: losing},
		{Action: combat.SpaceCombat, MaxRounds: 1, Attacker: exactSide(t, "2 cruiser"), Defender: exactSide(t, "2 destroyer")},
	}
}

// TestUnitsLeftSumsToOutcomes: each outcome's units-left bins add up to
// the outcome (Monte Carlo: as counts of trials, exactly; exact mode: to
// 1e-12); the mean number of units left they give is the sum of the
// expected survivors (both count units the same way); the last bin shown
// is not empty and within the side's units at the start.
func TestUnitsLeftSumsToOutcomes(t *testing.T) {
	const n = 4000
	for i, sc := range leftScenarios(t) {
		results := []combat.Result{mustRun(t, sc, n, uint64(600+i))}
		if ex, err := combat.Solve(context.Background(), sc); err == nil {
			results = append(results, ex)
		}
		for _, r := range results {
			name := fmt.Sprintf("scenario %d (exact %v)", i, r.Exact)
			for s, sr := range []combat.SideResult{r.Attacker, r.Defender} {
				start, mean := 0, 0.0
				for _, sv := range sr.Survivors {
					start += sv.Start
					mean += sv.Expected.Value
				}
				fromLeft := 0.0
				for _, row := range leftRows(r, sr) {
					sum, counts := 0.0, int64(0)
					for k, q := range row.bins {
						sum += q
						counts += int64(math.Round(q * n))
						fromLeft += float64(k) * q
					}
					switch {
					case r.Exact && math.Abs(sum-row.p) > 1e-12:
						t.Errorf("%s side %d %s: bins add up to %.15f, outcome %.15f", name, s, row.name, sum, row.p)
					case !r.Exact && counts != row.count:
						t.Errorf("%s side %d %s: bins add up to %d trials, outcome %d", name, s, row.name, counts, row.count)
					}
					if len(row.bins) > 0 && (row.bins[len(row.bins)-1] == 0 || len(row.bins)-1 > start) {
						t.Errorf("%s side %d %s: %d bins ending in %v; the side starts with %d units", name, s, row.name, len(row.bins), row.bins[len(row.bins)-1], start)
					}
					if row.p == 0 && row.bins != nil {
						t.Errorf("%s side %d %s: bins %v for an outcome that never happens", name, s, row.name, row.bins)
					}
				}
				if math.Abs(fromLeft-mean) > 1e-9 {
					t.Errorf("%s side %d: mean units left %.12f from the bins, %.12f from the survivors", name, s, fromLeft, mean)
				}
			}
		}
	}
	// The scenarios reach every outcome, so every row was checked with data.
	seen := map[string]bool{}
	for i, sc := range leftScenarios(t) {
		for _, row := range leftRows(mustRun(t, sc, n, uint64(600+i)), combat.SideResult{}) {
			seen[row.name] = seen[row.name] || row.p > 0
		}
	}
	for name, ok := range seen {
		if !ok {
			t.Errorf("no scenario ends with %s", name)
		}
	}
}

// handLeft is the units-left distribution of a space or ground combat of
// two homogeneous sides, from a Markov chain over hit points written here,
// independent of the engine: side i has n[i] units, each rolling one die
// that hits with q[i] and, when sus[i], taking its first hit on Sustain
// Damage. Hits are assigned to Sustain Damage first, so a side with h hit
// points left has min(n, h) units (h counts units plus unused Sustain
// Damage). A round with no hit repeats; dividing by 1 − P(no hit) removes
// it. left[i][o][k]: o 0 attacker wins, 1 draw, 2 defender wins.
func handLeft(n [2]int, q [2]float64, sus [2]bool) (left [2][3][]float64) {
	hp := n
	for i := range 2 {
		if sus[i] {
			hp[i] = 2 * n[i]
		}
		for o := range 3 {
			left[i][o] = make([]float64, n[i]+1)
		}
	}
	units := func(i, h int) int { return min(n[i], h) }
	// mass[a][d] is the probability of reaching hit points (a, d); states
	// are visited in decreasing a+d, as every transition lowers it.
	mass := make([][]float64, hp[0]+1)
	for a := range mass {
		mass[a] = make([]float64, hp[1]+1)
	}
	mass[hp[0]][hp[1]] = 1
	for total := hp[0] + hp[1]; total >= 0; total-- {
		for a := min(total, hp[0]); a >= 0 && total-a <= hp[1]; a-- {
			d := total - a
			m := mass[a][d]
			if m == 0 {
				continue
			}
			ua, ud := units(0, a), units(1, d)
			if ua == 0 || ud == 0 {
				o := 1
				switch {
				case ua > 0:
					o = 0
				case ud > 0:
					o = 2
				}
				left[0][o][ua] += m
				left[1][o][ud] += m
				continue
			}
			pa, pd := reference.BinomDist(ua, q[0]), reference.BinomDist(ud, q[1])
			p00 := pa[0] * pd[0]
			for ha, x := range pa {
				for hd, y := range pd {
					if ha == 0 && hd == 0 {
						continue
					}
					mass[max(a-hd, 0)][max(d-ha, 0)] += m * x * y / (1 - p00)
				}
			}
		}
	}
	return left
}

// TestUnitsLeftByHand compares both modes with handLeft: exact to 1e-12,
// Monte Carlo each bin within 4 standard errors of a share.
func TestUnitsLeftByHand(t *testing.T) {
	for i, c := range []struct {
		act      combat.Action
		att, def string
		n        [2]int
		q        [2]float64
		sus      [2]bool
	}{
		// Dreadnoughts (combat 5: 0.6, Sustain Damage) against destroyers
		// (combat 9: 0.2; their barrage finds no fighter).
		{combat.SpaceCombat, "1 dreadnought", "2 destroyer", [2]int{1, 2}, [2]float64{0.6, 0.2}, [2]bool{true, false}},
		{combat.SpaceCombat, "2 dreadnought", "4 destroyer", [2]int{2, 4}, [2]float64{0.6, 0.2}, [2]bool{true, false}},
		// Infantry (combat 8: 0.3) against infantry.
		{combat.GroundCombat, "3 infantry", "2 infantry", [2]int{3, 2}, [2]float64{0.3, 0.3}, [2]bool{}},
	} {
		want := handLeft(c.n, c.q, c.sus)
		sc := combat.Scenario{Action: c.act, Attacker: exactSide(t, c.att), Defender: exactSide(t, c.def)}
		ex := mustSolve(t, sc)
		mc := mustRun(t, sc, factionTrials, uint64(620+i))
		for s, sides := range [][2]combat.SideResult{{ex.Attacker, mc.Attacker}, {ex.Defender, mc.Defender}} {
			for o, rows := range [][2][]float64{
				{sides[0].Left.AttackerWin, sides[1].Left.AttackerWin},
				{sides[0].Left.Draw, sides[1].Left.Draw},
				{sides[0].Left.DefenderWin, sides[1].Left.DefenderWin},
			} {
				for k, w := range want[s][o] {
					what := fmt.Sprintf("%s v %s: side %d outcome %d, %d left", c.att, c.def, s, o, k)
					if got := bin(rows[0], k); math.Abs(got-w) > 1e-12 {
						t.Errorf("exact %s = %.15f, by hand %.15f", what, got, w)
					}
					nearShare(t, "Monte Carlo "+what, bin(rows[1], k), w)
				}
				if len(rows[0]) > len(want[s][o]) || len(rows[1]) > len(want[s][o]) {
					t.Errorf("%s v %s side %d outcome %d: %d and %d bins, at most %d possible", c.att, c.def, s, o, len(rows[0]), len(rows[1]), len(want[s][o]))
				}
			}
		}
	}
}

// nearShare checks a Monte Carlo share of factionTrials trials against
// the probability want: within 4 standard errors, plus exactRareTrials
// trials' worth for events expected only a few times, whose counts are
// nearly Poisson (see exactRareTrials).
func nearShare(t *testing.T, what string, got, want float64) {
	t.Helper()
	n := float64(factionTrials)
	se := math.Sqrt(max(0, want*(1-want)) / n)
	if math.Abs(got-want) > exactMaxZ*se+exactRareTrials/n {
		t.Errorf("%s = %.6f, want %.6f (z = %.1f)", what, got, want, (got-want)/math.Max(se, 1e-12))
	}
}

// bin is row[k], 0 past the trimmed end.
func bin(row []float64, k int) float64 {
	if k < len(row) {
		return row[k]
	}
	return 0
}

// TestUnitsLeftExactAgainstMonteCarlo: on an invasion (ships, ground
// forces and structures add up; a captured PDS does not count) and on
// Twilight Imperium 3 battles (a war sun that sustained twice counts once;
// shock troops), every bin of both modes agrees within 4 standard errors.
func TestUnitsLeftExactAgainstMonteCarlo(t *testing.T) {
	for i, sc := range []combat.Scenario{
		{Action: combat.Invasion, Attacker: exactSide(t, "2 dreadnought, 1 carrier, 4 infantry, 1 mech"), Defender: exactSide(t, "1 destroyer, 3 infantry, 1 mech, 1 pds")},
		{Action: combat.SpaceCombat, Edition: ti3Edition(), Attacker: ti3Side(t, "1 war sun, 2 fighter"), Defender: ti3Side(t, "2 dreadnought, 1 cruiser")},
		{Action: combat.Invasion, Edition: ti3Edition(), Attacker: ti3Side(t, "1 war sun, 1 carrier, 2 gf, 1 st, 1 mu"), Defender: ti3Side(t, "1 cruiser, 2 gf, 1 st, 1 pds")},
	} {
		ex := mustSolve(t, sc)
		mc := mustRun(t, sc, factionTrials, uint64(640+i))
		for s, sides := range [][2]combat.SideResult{{ex.Attacker, mc.Attacker}, {ex.Defender, mc.Defender}} {
			exRows, mcRows := leftRows(ex, sides[0]), leftRows(mc, sides[1])
			for o := range exRows {
				for k := range max(len(exRows[o].bins), len(mcRows[o].bins)) {
					w := bin(exRows[o].bins, k)
					got := bin(mcRows[o].bins, k)
					if w == 0 && got != 0 {
						t.Errorf("scenario %d side %d %s, %d left: Monte Carlo %v where exact mode has 0", i, s, exRows[o].name, k, got)
						continue
					}
					nearShare(t, fmt.Sprintf("scenario %d side %d %s, %d left", i, s, exRows[o].name, k), got, w)
				}
			}
		}
	}
}

// TestUnitsLeftWorkerIndependence: the same seed gives the same units-left
// counts on 1 and 3 workers (integer tallies merged in any order), and in
// precision runs.
func TestUnitsLeftWorkerIndependence(t *testing.T) {
	for i, sc := range leftScenarios(t) {
		var got [2]combat.Result
		for j, w := range []int{1, 3} {
			r, err := combat.Run(context.Background(), sc, combat.Options{Trials: 3000, Seed: uint64(660 + i), Workers: w})
			if err != nil {
				t.Fatal(err)
			}
			got[j] = r
		}
		if !reflect.DeepEqual(got[0].Attacker.Left, got[1].Attacker.Left) || !reflect.DeepEqual(got[0].Defender.Left, got[1].Defender.Left) {
			t.Errorf("scenario %d: units left differ between 1 and 3 workers:\n%+v\n%+v", i, got[0].Attacker.Left, got[1].Attacker.Left)
		}
		if got[0].Attacker.Left.AttackerWin == nil && got[0].Attacker.Left.DefenderWin == nil && got[0].Attacker.Left.Draw == nil {
			t.Errorf("scenario %d: no units-left distribution", i)
		}
	}
}
