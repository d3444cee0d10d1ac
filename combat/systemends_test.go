package combat_test

import (
	"context"
	"math"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// infantryEnds is an independent solution of a ground combat of a attacker
// infantry against d defender infantry, every unit hitting on 8 (0.3),
// both sides rolling at once each round until one side or both are gone:
// the chance of each end (attacker left, defender left), by first-step
// analysis with the round where nobody hits divided out.
func infantryEnds(a, d int) map[[2]int]float64 {
	const p = 0.3
	binom := func(n, k int) float64 { // P(exactly k hits of n dice)
		c := 1.0
		for i := range k {
			c = c * float64(n-i) / float64(i+1)
		}
		return c * math.Pow(p, float64(k)) * math.Pow(1-p, float64(n-k))
	}
	if a == 0 || d == 0 {
		return map[[2]int]float64{{a, d}: 1}
	}
	out := map[[2]int]float64{}
	stay := binom(a, 0) * binom(d, 0)
	for ha := 0; ha <= a; ha++ {
		for hd := 0; hd <= d; hd++ {
			if ha == 0 && hd == 0 {
				continue
			}
			q := binom(a, ha) * binom(d, hd) / (1 - stay)
			for e, r := range infantryEnds(max(a-hd, 0), max(d-ha, 0)) {
				out[e] += q * r
			}
		}
	}
	return out
}

// planetEndKey names an end of a one-planet invasion: taken, the attacker's
// infantry on the planet and the defender's.
type planetEndKey struct {
	taken    bool
	att, def int
}

func count(us []combat.UnitCount, k units.Kind) int {
	n := 0
	for _, u := range us {
		if u.Kind == k {
			n += u.Alive
		}
	}
	return n
}

// TestSystemEndsByHand checks the exact end states of 1 dreadnought,
// 1 carrier and 2 infantry invading a planet held by 1 infantry, every
// force landing, against the invasion worked out by hand: no space combat
// (the defender has no ships), the dreadnought's bombardment (1 die on 5:
// 0.6) kills the infantry or not, then the ground combat (infantryEnds).
// The ships are never touched; the Monte Carlo ends agree within 4
// standard errors.
func TestSystemEndsByHand(t *testing.T) {
	sc := system(t, "1 dreadnought, 1 carrier, 2 infantry", "", "P: 1 infantry")
	sc.Commit = combat.Commit{Kind: combat.CommitBestAll}
	want := map[planetEndKey]float64{{true, 2, 0}: 0.6}
	for e, q := range infantryEnds(2, 1) {
		want[planetEndKey{e[0] > 0 && e[1] == 0, e[0], e[1]}] += 0.4 * q
	}
	ctx := context.Background()
	exact, err := combat.SolveSystemEnds(ctx, sc, combat.MaxExactStates)
	if err != nil {
		t.Fatal(err)
	}
	mc, err := combat.RunSystemEnds(ctx, sc, combat.Options{Trials: 200000, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []combat.SystemResult{exact, mc} {
		got := map[planetEndKey]float64{}
		for _, e := range r.Ends {
			if count(e.Ships[0], units.Dreadnought) != 1 || count(e.Ships[0], units.Carrier) != 1 || len(e.Ships[1]) != 0 || len(e.Kept) != 0 {
				t.Errorf("exact %v: end %+v: the ships are never touched and every infantry lands", r.Exact, e)
			}
			p := e.Planets[0]
			got[planetEndKey{p.Taken, count(p.Attacker, units.Infantry), count(p.Defender, units.Infantry)}] += e.P.P
		}
		if len(got) != len(want) {
			t.Errorf("exact %v: ends %v, want %v", r.Exact, got, want)
		}
		for k, w := range want {
			tol := 1e-12
			if !r.Exact {
				tol = 4 * math.Sqrt(w*(1-w)/float64(r.Trials))
			}
			if math.Abs(got[k]-w) > tol {
				t.Errorf("exact %v: P(%+v) = %.6f, by hand %.6f (±%.2g)", r.Exact, k, got[k], w, tol)
			}
		}
	}
}

// TestSystemEndsAgreeWithSums checks a two-planet invasion with a space
// combat: the exact ends' marginals are the exact answer's own figures,
// computed apart (the chance of taking n planets, each planet's, the
// ships and kept ground forces expected), and the Monte Carlo ends give
// the same chances within 4 standard errors.
func TestSystemEndsAgreeWithSums(t *testing.T) {
	sc := system(t, "1 dreadnought, 2 carrier, 1 destroyer, 5 infantry", "1 destroyer, 1 cruiser", "A: 2 infantry, 1 pds", "B: 1 infantry")
	ctx := context.Background()
	r, err := combat.SolveSystemEnds(ctx, sc, combat.MaxExactStates)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := combat.SolveSystem(ctx, sc)
	if err != nil {
		t.Fatal(err)
	}
	if plain.Ends != nil {
		t.Error("SolveSystem lists ends; only SolveSystemEnds does")
	}
	taken := make([]float64, 3)
	var planet [2]float64
	ships, kept, total := 0.0, 0.0, 0.0
	for _, e := range r.Ends {
		n := 0
		for k, p := range e.Planets {
			if p.Taken {
				n++
				planet[k] += e.P.P
			}
			if p.Taken != (count(p.Attacker, units.Infantry) > 0) {
				t.Errorf("end %+v: planet %d taken %v with %d infantry on it", e, k, p.Taken, count(p.Attacker, units.Infantry))
			}
		}
		taken[n] += e.P.P
		ships += e.P.P * float64(count(e.Ships[0], units.Dreadnought))
		kept += e.P.P * float64(count(e.Kept, units.Infantry))
		total += e.P.P
	}
	near := func(what string, got, want float64) {
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("%s: ends give %.12f, the answer %.12f", what, got, want)
		}
	}
	near("total", total, 1)
	for n := range taken {
		near("taken", taken[n], r.Taken[n].P)
	}
	for k := range planet {
		near("planet taken", planet[k], r.Planets[k].Taken.P)
	}
	for _, sv := range r.Ships[0] {
		if sv.Kind == units.Dreadnought {
			near("dreadnoughts left", ships, sv.Expected.Value)
		}
	}
	near("infantry kept", kept, r.Kept[0].Expected.Value)
	mc, err := combat.RunSystemEnds(ctx, sc, combat.Options{Trials: 100000, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	mcTaken := make([]float64, 3)
	for _, e := range mc.Ends {
		n := 0
		for _, p := range e.Planets {
			if p.Taken {
				n++
			}
		}
		mcTaken[n] += e.P.P
	}
	for n := range mcTaken {
		if se := math.Sqrt(taken[n] * (1 - taken[n]) / 100000); math.Abs(mcTaken[n]-taken[n]) > 4*se+1e-12 {
			t.Errorf("taken %d: Monte Carlo %.4f, exact %.4f (4 SE %.4f)", n, mcTaken[n], taken[n], 4*se)
		}
	}
}
