package engine

import (
	"context"
	"math"
	"testing"

	"github.com/ti4sim/ti4sim/units"
)

// TestFoldTailsKeepsTheMass checks foldTails on hand-made histograms: the
// sum is kept, every bin outside [lo, hi) is empty, the bins it returns
// are the first and last above eps, and only bins at or below eps moved.
func TestFoldTailsKeepsTheMass(t *testing.T) {
	geometric := roundsHist{}
	for r := 1; r < histBins; r++ {
		geometric[r] = 0.5 * math.Pow(1e-4, float64(r-1)) // 0.5, 0.5e-4, …: below 1e-18 from round 6
	}
	long := roundsHist{1: 1e-3}
	for r := 2; r < histBins; r++ {
		long[r] = 1e-18 // 30 bins at eps: 3e-17 to fold into round 1
	}
	for _, c := range []struct {
		name   string
		h      roundsHist
		lo, hi int
	}{
		{"long tail at eps", long, 1, 2},
		{"geometric tail", geometric, 1, 6},
		{"nothing to fold", roundsHist{0, 0.25, 0.5, 0.25}, 1, 4},
		{"tiny both ends", roundsHist{1e-19, 1e-20, 0.3, 0, 0.7, 1e-19}, 2, 5},
		{"all tiny", roundsHist{0, 0, 3e-19, 1e-19}, 2, 3},
	} {
		h := c.h
		lo, hi := h.foldTails(foldEps)
		if lo != c.lo || hi != c.hi {
			t.Errorf("%s: bins [%d, %d), want [%d, %d)", c.name, lo, hi, c.lo, c.hi)
		}
		if got, want := h.sum(), c.h.sum(); math.Abs(got-want) > 1e-16*want {
			t.Errorf("%s: sum %g, want %g", c.name, got, want)
		}
		for i := range h {
			switch {
			case (i < lo || i >= hi) && h[i] != 0:
				t.Errorf("%s: bin %d holds %g outside [%d, %d)", c.name, i, h[i], lo, hi)
			case math.Abs(h[i]-c.h[i]) > float64(histBins)*foldEps+1e-15*c.h[i]:
				t.Errorf("%s: bin %d moved from %g to %g", c.name, i, c.h[i], h[i])
			}
		}
	}
}

// TestFoldedRoundsWithinBound solves battles with and without folding the
// rounds' tails: the outcomes and the mean rounds must
// agree to rounding, and each bin of the rounds histogram within
// 31·foldEps per settled state (under 1e-12 here: these combats settle
// fewer than 30,000 states). The mirrored battle must actually fold.
func TestFoldedRoundsWithinBound(t *testing.T) {
	for _, c := range []struct {
		att, def string
		folds    bool
	}{
		{"2 fighter", "2 fighter", false}, // long tails, few states
		{"3 cruiser, 2 destroyer, 4 fighter", "2 dreadnought, 3 fighter", false},
		{"8 dreadnought, 6 cruiser, 6 destroyer, 10 fighter", "8 dreadnought, 6 cruiser, 6 destroyer, 10 fighter", true},
	} {
		var res [2]Result
		for k, keep := range []bool{false, true} {
			a, err := units.ParseFleet(c.att)
			if err != nil {
				t.Fatal(err)
			}
			d, err := units.ParseFleet(c.def)
			if err != nil {
				t.Fatal(err)
			}
			p, err := NewPlan(&Input{Action: SpaceCombat, Attacker: Force{Fleet: a}, Defender: Force{Fleet: d}}, nil, noEffects{})
			if err != nil {
				t.Fatal(err)
			}
			s := &Solver{Ctx: context.Background(), P: p, MaxStates: 1 << 22, Left: NewExactLeft(p), keepTails: keep}
			if err := s.Solve(); err != nil {
				t.Fatal(err)
			}
			res[k] = s.Result()
		}
		folded, kept := res[0], res[1]
		near := func(what string, x, y, tol float64) {
			t.Helper()
			if math.Abs(x-y) > tol {
				t.Errorf("%s vs %s: %s %.17g folded, %.17g kept", c.att, c.def, what, x, y)
			}
		}
		near("attacker wins", folded.Outcome.AttackerWin.P, kept.Outcome.AttackerWin.P, 1e-14)
		near("draw", folded.Outcome.Draw.P, kept.Outcome.Draw.P, 1e-14)
		near("defender wins", folded.Outcome.DefenderWin.P, kept.Outcome.DefenderWin.P, 1e-14)
		near("mean rounds", folded.Rounds.Mean.Value, kept.Rounds.Mean.Value, 1e-12)
		differs := len(folded.Rounds.Histogram) != len(kept.Rounds.Histogram)
		for i := range max(len(folded.Rounds.Histogram), len(kept.Rounds.Histogram)) {
			var x, y float64
			if i < len(folded.Rounds.Histogram) {
				x = folded.Rounds.Histogram[i]
			}
			if i < len(kept.Rounds.Histogram) {
				y = kept.Rounds.Histogram[i]
			}
			near("rounds histogram bin", x, y, 1e-12)
			differs = differs || x != y
		}
		if c.folds && !differs {
			t.Errorf("%s vs %s: the folded histogram equals the kept one bit for bit: nothing folded", c.att, c.def)
		}
	}
}
