package combat

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
	"gonum.org/v1/gonum/stat/distuv"
)

// TestBinomialTables checks every table against gonum's binomial CDF: the
// tables are computed with exact integers, so they agree to float64
// rounding.
func TestBinomialTables(t *testing.T) {
	tab := engine.Binomial()
	for thr := 2; thr <= 10; thr++ {
		p := engine.HitProbability(thr)
		for _, n := range []int{1, 2, 5, 17, engine.BinomMaxN} {
			d := distuv.Binomial{N: float64(n), P: p}
			cdf := tab[thr][n]
			if len(cdf) != n+1 || cdf[n] != math.MaxUint64 {
				t.Fatalf("thr %d n %d: bad table shape", thr, n)
			}
			for k := 0; k < n; k++ {
				got := float64(cdf[k]) / math.Exp2(64)
				if want := d.CDF(float64(k)); math.Abs(got-want) > 1e-12 {
					t.Errorf("thr %d n %d: P(X<=%d) = %.15f, gonum %.15f", thr, n, k, got, want)
				}
			}
		}
	}
}

func TestDrawCDF(t *testing.T) {
	cdf := []uint64{10, 20, math.MaxUint64}
	for _, c := range []struct {
		u    uint64
		want int
	}{{0, 0}, {9, 0}, {10, 1}, {19, 1}, {20, 2}, {math.MaxUint64, 2}} {
		if got := engine.DrawCDF(cdf, c.u); got != c.want {
			t.Errorf("drawCDF(%d) = %d, want %d", c.u, got, c.want)
		}
	}
}

// TestRollDistribution checks a roll's hit count against exact binomial
// mathematics: 3 cruisers (hit on 7, p = 0.4) and 2 dreadnoughts (hit on 5,
// p = 0.6) make hits ~ Bin(3, 0.4) + Bin(2, 0.6), whose distribution is
// computed here by convolution. 200000 rolls; each frequency within 4
// standard errors.
func TestRollDistribution(t *testing.T) {
	p := mustPlan(t, Scenario{Action: SpaceCombat,
		Attacker: Side{Fleet: fleet(t, "3 cruiser, 2 dreadnought")},
		Defender: Side{Fleet: fleet(t, "1 carrier")}})
	tr := &engine.Trial{P: p, Rng: rand.NewPCG(1, 2)}
	tr.Reset()
	a := distuv.Binomial{N: 3, P: 0.4}
	b := distuv.Binomial{N: 2, P: 0.6}
	var exact [6]float64
	for i := 0; i <= 3; i++ {
		for j := 0; j <= 2; j++ {
			exact[i+j] += a.Prob(float64(i)) * b.Prob(float64(j))
		}
	}
	const n = 200000
	var count [6]int
	for range n {
		count[tr.Roll(engine.Attacker, engine.RollSpace)]++
	}
	for h, c := range count {
		se := math.Sqrt(exact[h] * (1 - exact[h]) / n)
		if f := float64(c) / n; math.Abs(f-exact[h]) > 4*se {
			t.Errorf("P(%d hits) = %.5f, exact %.5f (4 SE = %.5f)", h, f, exact[h], 4*se)
		}
	}
}

// TestHitAssignment walks the default policy (see Order) hit by hit.
func TestHitAssignment(t *testing.T) {
	cases := []struct {
		name  string
		fleet string
		order string
		roll  engine.RollKind
		hits  int
		// want lists alive/damaged per kind after the hits, as kind:alive:damaged.
		want map[units.Kind][2]uint16
	}{
		{"sustain first, then cheapest", "2 dreadnought, 1 carrier, 2 fighter", "", engine.RollSpace, 4,
			map[units.Kind][2]uint16{units.Dreadnought: {2, 2}, units.Carrier: {1, 0}, units.Fighter: {0, 0}}},
		{"damaged dreadnought dies before undamaged", "2 dreadnought", "", engine.RollSpace, 3,
			map[units.Kind][2]uint16{units.Dreadnought: {1, 1}}},
		{"sustain=last keeps sustain for the last hits", "2 dreadnought, 1 carrier, 2 fighter", "sustain=last", engine.RollSpace, 4,
			map[units.Kind][2]uint16{units.Dreadnought: {2, 1}, units.Carrier: {0, 0}, units.Fighter: {0, 0}}},
		{"custom order", "1 cruiser, 1 destroyer, 2 fighter", "destroyer, cruiser", engine.RollSpace, 2,
			map[units.Kind][2]uint16{units.Cruiser: {0, 0}, units.Destroyer: {0, 0}, units.Fighter: {2, 0}}},
		{"AFB hits only fighters, no sustain, excess lost", "1 dreadnought, 2 fighter", "", engine.RollAFB, 5,
			map[units.Kind][2]uint16{units.Dreadnought: {1, 0}, units.Fighter: {0, 0}}},
		{"space cannon may be sustained", "1 war sun, 1 destroyer", "", engine.RollSCO, 2,
			map[units.Kind][2]uint16{units.WarSun: {1, 1}, units.Destroyer: {0, 0}}},
		{"excess hits are lost", "1 carrier", "", engine.RollSpace, 9,
			map[units.Kind][2]uint16{units.Carrier: {0, 0}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var o Order
			if c.order != "" {
				var err error
				if o, err = ParseOrder(c.order); err != nil {
					t.Fatal(err)
				}
			}
			p := mustPlan(t, Scenario{Action: SpaceCombat,
				Attacker: Side{Fleet: fleet(t, "1 carrier")},
				Defender: Side{Fleet: fleet(t, c.fleet), Order: o}})
			tr := &engine.Trial{P: p}
			tr.Reset()
			tr.Assign(engine.Defender, c.roll, c.hits)
			for i, sl := range p.Side[engine.Defender].Slots {
				want := c.want[sl.Stats.Kind]
				got := [2]uint16{tr.Alive[engine.Defender][i], tr.Damaged[engine.Defender][i]}
				if got != want {
					t.Errorf("%v: alive/damaged %v, want %v", sl.Stats.Kind, got, want)
				}
			}
		})
	}
	// Ground: mechs sustain first, then infantry die, then mechs.
	p := mustPlan(t, Scenario{Action: GroundCombat,
		Attacker: Side{Fleet: fleet(t, "1 infantry")},
		Defender: Side{Fleet: fleet(t, "2 infantry, 1 mech")}})
	tr := &engine.Trial{P: p}
	tr.Reset()
	tr.Assign(engine.Defender, engine.RollGround, 3)
	if tr.Count[engine.Defender][engine.TGround] != 1 || tr.Damaged[engine.Defender][1] != 1 {
		t.Errorf("after 3 hits: %v alive, %v damaged; want the damaged mech alone", tr.Alive[engine.Defender], tr.Damaged[engine.Defender])
	}
}

// TestHooks checks that effects attached to the windows run where the rules
// put them: a beforeAssign effect that cancels every hit against the
// defender makes the attacker unable to win, and startOfRound sees every
// round.
func TestHooks(t *testing.T) {
	p := mustPlan(t, Scenario{Action: SpaceCombat,
		Attacker: Side{Fleet: fleet(t, "2 cruiser")},
		Defender: Side{Fleet: fleet(t, "1 carrier")}})
	rounds := 0
	p.OnBeforeAssign(engine.RollSpace, func(t *engine.Trial, side engine.Side, hits int) int {
		if side == engine.Defender {
			return 0
		}
		return hits
	})
	p.OnStartOfRound(engine.InSpace, func(t *engine.Trial) { rounds++ })
	// Effects in the rounds rule out the tables of the fast path.
	if p.Fast[engine.InSpace] = p.BuildFast(context.Background(), engine.InSpace); p.Fast[engine.InSpace] != nil {
		t.Fatal("fast tables built although effects act in the rounds")
	}
	tr := &engine.Trial{P: p, Rng: rand.NewPCG(3, 4)}
	for range 1000 {
		if o := tr.Play(); o != engine.DefenderWins {
			t.Fatalf("outcome %v with every hit on the defender cancelled", o)
		}
	}
	if rounds < 1000 {
		t.Errorf("startOfRound ran %d times in 1000 combats", rounds)
	}
}

func TestRunCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Run(ctx, Scenario{Action: GroundCombat,
		Attacker: Side{Fleet: fleet(t, "3 infantry")},
		Defender: Side{Fleet: fleet(t, "3 infantry")}}, Options{Trials: 1_000_000})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

// TestNilContext: a nil context is a caller's mistake that must come back
// as an error, not a panic in a worker goroutine that ends the program.
func TestNilContext(t *testing.T) {
	sc := Scenario{Action: GroundCombat,
		Attacker: Side{Fleet: fleet(t, "3 infantry")},
		Defender: Side{Fleet: fleet(t, "3 infantry")}}
	o := Options{Trials: 10_000}
	var nilCtx context.Context
	check := func(what string, err error) {
		t.Helper()
		if err == nil || err.Error() != "combat: nil context" {
			t.Errorf("%s(nil, ...) error = %v, want combat: nil context", what, err)
		}
	}
	_, err := Run(nilCtx, sc, o)
	check("Run", err)
	o.Precision = 0.01
	_, err = Run(nilCtx, sc, o)
	check("Run with a precision", err)
	_, err = Compare(nilCtx, []Scenario{sc, sc}, Options{Trials: 10_000})
	check("Compare", err)
	_, err = Solve(nilCtx, sc)
	check("Solve", err)
}

func TestRunRejectsBadInput(t *testing.T) {
	ok := Scenario{Action: GroundCombat,
		Attacker: Side{Fleet: fleet(t, "3 infantry")},
		Defender: Side{Fleet: fleet(t, "3 infantry")}}
	if _, err := Run(context.Background(), ok, Options{Trials: 0}); err == nil {
		t.Error("0 trials accepted")
	}
	bad := ok
	bad.Attacker.Modifier = 10
	if _, err := Run(context.Background(), bad, Options{Trials: 1}); err == nil {
		t.Error("modifier 10 accepted")
	}
	bad = ok
	bad.Action = Action(9)
	if _, err := Run(context.Background(), bad, Options{Trials: 1}); err == nil {
		t.Error("unknown action accepted")
	}
	bad = ok
	bad.Attacker.Order = Order{Kinds: []units.Kind{units.PDS}}
	if _, err := Run(context.Background(), bad, Options{Trials: 1}); err == nil {
		t.Error("an order listing a structure accepted")
	}
}

// TestStalemate: with -9 on both sides nothing can hit; the combat never
// ends. Simulation and exact mode must both stop it at the round cap,
// report it as unfinished (not as a draw: both fleets are still there)
// with RoundCap rounds, and say why.
func TestStalemate(t *testing.T) {
	sc := Scenario{Action: SpaceCombat,
		Attacker: Side{Fleet: fleet(t, "2 carrier"), Modifier: -9},
		Defender: Side{Fleet: fleet(t, "2 carrier"), Modifier: -9}}
	res, err := Run(context.Background(), sc, Options{Trials: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if res.Counts.Unfinished != 1000 || len(res.Warnings) == 0 || res.Rounds.Mean.Value != RoundCap {
		t.Errorf("counts %+v, rounds %v, warnings %q; want 1000 unfinished, %d rounds and a warning", res.Counts, res.Rounds.Mean, res.Warnings, RoundCap)
	}
	ex, err := Solve(context.Background(), sc)
	if err != nil {
		t.Fatal(err)
	}
	if ex.Outcome.Unfinished.P != 1 || ex.Outcome.Draw.P != 0 || ex.Rounds.Mean.Value != RoundCap || len(ex.Warnings) == 0 {
		t.Errorf("exact: outcome %+v, rounds %v, warnings %q; want all unfinished at %d rounds", ex.Outcome, ex.Rounds.Mean, ex.Warnings, RoundCap)
	}
	if last := len(ex.Rounds.Histogram) - 1; ex.Rounds.Histogram[last] != 1 || last != len(res.Rounds.Histogram)-1 {
		t.Errorf("histograms: exact %v, simulated %v; want all in the last bin", ex.Rounds.Histogram, res.Rounds.Histogram)
	}
}

// TestStalemateMidCombat: a combat that becomes unable to end. Each side
// has a mech (6, −3: hits on 9 and 10, q = 0.2) and an infantry (8, −3:
// never hits), hits taken by the mech first (Sustain Damage, then
// destroyed), then the infantry. With both mechs gone and both infantry
// left, nobody can hit. Expected values from the small Markov chain over
// (hits taken by attacker, by defender), 0..3 each, computed below: P(stuck)
// and E[rounds] with a stuck combat counted at RoundCap rounds. Exact mode
// must match it to rounding; the simulation within 4 standard errors.
func TestStalemateMidCombat(t *testing.T) {
	const q = 0.2
	type val struct{ stuck, rounds, stuckRounds float64 } // P(stuck), E[rounds to absorption], E[rounds·1{stuck}]
	var memo [4][4]*val
	var f func(a, d int) val
	f = func(a, d int) val {
		switch {
		case a == 3 || d == 3:
			return val{}
		case a == 2 && d == 2:
			return val{stuck: 1}
		case memo[a][d] != nil:
			return *memo[a][d]
		}
		qa, qd := 0.0, 0.0 // the attacker's and defender's hit chances
		if a < 2 {
			qa = q
		}
		if d < 2 {
			qd = q
		}
		p00 := (1 - qa) * (1 - qd)
		v := val{rounds: 1 / (1 - p00)} // rounds spent here: geometric
		for _, n := range []struct {
			p    float64
			a, d int
		}{{qa * (1 - qd), a, d + 1}, {(1 - qa) * qd, a + 1, d}, {qa * qd, a + 1, d + 1}} {
			if n.p == 0 {
				continue
			}
			w := n.p / (1 - p00)
			nv := f(n.a, n.d)
			v.stuck += w * nv.stuck
			v.rounds += w * nv.rounds
			v.stuckRounds += w * (nv.stuckRounds + nv.stuck/(1-p00))
		}
		memo[a][d] = &v
		return v
	}
	v := f(0, 0)
	wantStuck := v.stuck
	wantRounds := v.rounds - v.stuckRounds + RoundCap*v.stuck
	order, err := ParseOrder("mech, infantry")
	if err != nil {
		t.Fatal(err)
	}
	side := Side{Fleet: fleet(t, "1 mech, 1 infantry"), Modifier: -3, Order: order}
	sc := Scenario{Action: GroundCombat, Attacker: side, Defender: side}
	ex, err := Solve(context.Background(), sc)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(ex.Outcome.Unfinished.P-wantStuck) > 1e-9 || math.Abs(ex.Rounds.Mean.Value-wantRounds) > 1e-6 {
		t.Errorf("exact: unfinished %v, rounds %v; want %v, %v", ex.Outcome.Unfinished.P, ex.Rounds.Mean.Value, wantStuck, wantRounds)
	}
	res, err := Run(context.Background(), sc, Options{Trials: 20000, Seed: 5})
	if err != nil {
		t.Fatal(err)
	}
	seP := math.Sqrt(wantStuck * (1 - wantStuck) / 20000)
	if d := res.Outcome.Unfinished.P - wantStuck; math.Abs(d) > 4*seP {
		t.Errorf("simulated unfinished %v, want %v ± %v", res.Outcome.Unfinished.P, wantStuck, 4*seP)
	}
	if d := res.Rounds.Mean.Value - wantRounds; math.Abs(d) > 4*res.Rounds.Mean.SE {
		t.Errorf("simulated rounds %v ± %v, want %v", res.Rounds.Mean.Value, res.Rounds.Mean.SE, wantRounds)
	}
	if res.Outcome.Draw.P != 0 || ex.Outcome.Draw.P != 0 || len(res.Warnings) == 0 || len(ex.Warnings) == 0 {
		t.Errorf("draws %v (exact %v), warnings %q / %q; want no draws and a warning", res.Outcome.Draw.P, ex.Outcome.Draw.P, res.Warnings, ex.Warnings)
	}
}

func TestParseOrder(t *testing.T) {
	o, err := ParseOrder(" Destroyer, FF ,sustain = last")
	if err != nil || len(o.Kinds) != 2 || o.Kinds[0] != units.Destroyer || o.Kinds[1] != units.Fighter || !o.SustainLast {
		t.Fatalf("ParseOrder = %+v, %v", o, err)
	}
	if o.String() != "destroyer, fighter, sustain=last" {
		t.Errorf("String = %q", o.String())
	}
	seq := o.Sequence()
	if len(seq) != int(units.NumKinds) || seq[0] != units.Destroyer || seq[1] != units.Fighter || seq[2] != units.Infantry {
		t.Errorf("sequence = %v", seq)
	}
	for _, bad := range []string{"", "fighter,,carrier", "pds", "carrier II", "fighter, fighter", "sustain=maybe", "zeppelin"} {
		if _, err := ParseOrder(bad); err == nil {
			t.Errorf("ParseOrder(%q) accepted", bad)
		}
	}
}

func fleet(t testing.TB, s string) units.Fleet {
	t.Helper()
	f, err := units.ParseFleet(s)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func mustPlan(t testing.TB, sc Scenario) *engine.Plan {
	t.Helper()
	p, err := compileForTrials(context.Background(), &sc)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestPrecision: with a target half-width, Run stops as soon as every
// interval is narrower, the answer is reproducible, and it equals a plain
// run of the same number of trials (the batches continue one stream).
func TestPrecision(t *testing.T) {
	sc := Scenario{Action: GroundCombat,
		Attacker: Side{Fleet: fleet(t, "3 infantry")},
		Defender: Side{Fleet: fleet(t, "2 infantry, 1 mech")}}
	o := Options{Trials: MaxTrials, Seed: 4, Precision: 0.002}
	r1, err := Run(context.Background(), sc, o)
	if err != nil {
		t.Fatal(err)
	}
	if hw := r1.Outcome.HalfWidth(); hw >= 0.002 {
		t.Errorf("half-width %v, want < 0.002", hw)
	}
	// Worst case q = 0.5 needs 1.96²·0.25/0.002² ≈ 240100 trials.
	if r1.Trials < 100000 || r1.Trials > 400000 {
		t.Errorf("ran %d trials for precision 0.002", r1.Trials)
	}
	o.Workers = 1
	r2, _ := Run(context.Background(), sc, o)
	plain, _ := Run(context.Background(), sc, Options{Trials: r1.Trials, Seed: 4})
	if r1.Counts != r2.Counts || r1.Counts != plain.Counts {
		t.Errorf("counts %+v, %+v (1 worker), %+v (plain run of %d)", r1.Counts, r2.Counts, plain.Counts, r1.Trials)
	}
	capped, _ := Run(context.Background(), sc, Options{Trials: 5000, Seed: 4, Precision: 0.001})
	if capped.Trials != 5000 || len(capped.Warnings) == 0 {
		t.Errorf("capped run: %d trials, warnings %q; want 5000 and a warning", capped.Trials, capped.Warnings)
	}
	for _, bad := range []float64{-0.1, 0.5, 2} {
		if _, err := Run(context.Background(), sc, Options{Trials: 10, Precision: bad}); err == nil {
			t.Errorf("precision %v accepted", bad)
		}
	}
}

// TestWholeCombatFallback: the standard battle gets whole-combat tables, and
// when a start state has no precomputed block (as after effects the tables
// did not foresee) the rounds run one by one with the same distribution:
// 200000 trials of each path agree with the exact answer within 4 SE.
func TestWholeCombatFallback(t *testing.T) {
	sc := Scenario{Action: SpaceCombat,
		Attacker: Side{Fleet: fleet(t, "3 carrier, 6 fighter")},
		Defender: Side{Fleet: fleet(t, "1 dreadnought, 2 destroyer, 3 fighter")}}
	exact, err := Solve(context.Background(), sc)
	if err != nil {
		t.Fatal(err)
	}
	for _, whole := range []bool{true, false} {
		p := mustPlan(t, sc)
		f := p.Fast[engine.InSpace]
		if f == nil || f.Joint == nil || f.Whole == nil || len(f.Whole.Blocks) == 0 {
			t.Fatal("the standard battle has no whole-combat tables")
		}
		if !whole {
			for j := range f.Whole.Block {
				f.Whole.Block[j] = -1
			}
		}
		var acc engine.Tally
		w := engine.NewWorker(p)
		const n = 200000
		for c := range uint64(n / 4096) {
			w.Trials(rand.NewPCG(9, c), 4096)
		}
		acc.Merge(&w.Acc)
		got := float64(acc.Outcome[engine.AttackerWins]) / float64(acc.N)
		want := exact.Outcome.AttackerWin.P
		if se := math.Sqrt(want * (1 - want) / float64(acc.N)); math.Abs(got-want) > 4*se {
			t.Errorf("whole=%v: attacker wins %.5f, exact %.5f (4 SE %.5f)", whole, got, want, 4*se)
		}
	}
}

// TestDuraniumKeepsTheRepairableUnit: with one dreadnought damaged in an
// earlier round and one that sustained this round, a hit that destroys a
// damaged dreadnought takes the one that sustained this round (the player's
// choice: the other can still be repaired), so Duranium Armor then repairs
// the survivor. Taking the other would leave a damaged dreadnought that
// cannot be repaired this round.
func TestDuraniumKeepsTheRepairableUnit(t *testing.T) {
	p := mustPlan(t, Scenario{Action: SpaceCombat,
		Attacker: Side{Fleet: fleet(t, "2 dreadnought (1 damaged)"), Techs: []string{"duranium-armor"}},
		Defender: Side{Fleet: fleet(t, "1 cruiser")}})
	tr := &engine.Trial{P: p}
	tr.Reset()
	dn := p.Side[engine.Attacker].Order[engine.TShips][0]
	tr.Assign(engine.Attacker, engine.RollSpace, 2) // sustain with the undamaged one, then destroy a damaged one
	if tr.Alive[engine.Attacker][dn] != 1 || tr.Damaged[engine.Attacker][dn] != 0 {
		t.Errorf("after 2 hits and Duranium: %d alive, %d damaged; want 1 alive, repaired", tr.Alive[engine.Attacker][dn], tr.Damaged[engine.Attacker][dn])
	}
}
