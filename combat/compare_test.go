package combat_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// magenVariants is one invasion under the three Magen printings.
func magenVariants(t *testing.T) []combat.Scenario {
	var scs []combat.Scenario
	for _, m := range []combat.MagenPrinting{combat.MagenOriginal, combat.MagenOmega, combat.MagenOmega2} {
		scs = append(scs, combat.Scenario{Action: combat.Invasion, Printings: combat.Printings{Magen: m},
			Attacker: combat.Side{Fleet: mustFleet(t, "2 dreadnought, 1 carrier, 5 infantry")},
			Defender: combat.Side{Fleet: mustFleet(t, "1 destroyer, 3 infantry, 1 pds"), Techs: []string{combat.TechMagen}}})
	}
	return scs
}

// TestCompareCoversExact: each paired 95% interval covers the exact
// difference computed by Solve for the printings it can solve (Ω and ΩΩ),
// each variant's own estimate is within 4 SE of its exact value, and the
// result does not depend on the number of workers.
func TestCompareCoversExact(t *testing.T) {
	scs := magenVariants(t)
	const n = 200000 / raceTrialDivisor
	c, err := combat.Compare(context.Background(), scs, combat.Options{Trials: n, Seed: 11})
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Variants) != 3 || len(c.Differences) != 2 {
		t.Fatalf("%d variants, %d differences", len(c.Variants), len(c.Differences))
	}
	e1, _ := combat.Solve(context.Background(), scs[1])
	e2, _ := combat.Solve(context.Background(), scs[2])
	exactDiff := e2.Outcome.AttackerWin.P - e1.Outcome.AttackerWin.P
	// Variant 2 minus variant 1 = (2 − 0) − (1 − 0); check each variant
	// against its exact value and the difference Ω→ΩΩ from a second run
	// that puts Ω first.
	for i, e := range []combat.Result{e1, e2} {
		got := c.Variants[i+1].Outcome.AttackerWin.P
		se := math.Sqrt(e.Outcome.AttackerWin.P * (1 - e.Outcome.AttackerWin.P) / n)
		if math.Abs(got-e.Outcome.AttackerWin.P) > 4*se {
			t.Errorf("variant %d: %.5f, exact %.5f", i+1, got, e.Outcome.AttackerWin.P)
		}
	}
	c2, err := combat.Compare(context.Background(), scs[1:], combat.Options{Trials: n, Seed: 11, Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	d := c2.Differences[0].AttackerWin
	if !(d.Lo <= exactDiff && exactDiff <= d.Hi) {
		t.Errorf("paired interval [%.5f, %.5f] misses the exact difference %.5f", d.Lo, d.Hi, exactDiff)
	}
	if !d.Significant || !c2.Differences[0].Significant() {
		t.Errorf("Ω vs ΩΩ (exact difference %.4f) not found significant: %+v", exactDiff, d)
	}
	c3, _ := combat.Compare(context.Background(), scs[1:], combat.Options{Trials: n, Seed: 11, Workers: 2})
	if c3.Differences[0] != c2.Differences[0] || c3.Variants[0].Counts != c2.Variants[0].Counts {
		t.Error("Compare depends on the number of workers")
	}
}

// TestCommonRandomNumbersReduceVariance measures what common random numbers
// buy: the variance of the paired difference Ω vs ΩΩ against the variance
// the difference of two independent runs would have, p1(1−p1) + p2(1−p2)
// per trial. The variants differ only from the ground combat on, so the
// paired variance must be clearly smaller — here less than half.
func TestCommonRandomNumbersReduceVariance(t *testing.T) {
	scs := magenVariants(t)[1:]
	const n = 100000
	c, err := combat.Compare(context.Background(), scs, combat.Options{Trials: n, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	p1, p2 := c.Variants[0].Outcome.AttackerWin.P, c.Variants[1].Outcome.AttackerWin.P
	paired := c.Differences[0].AttackerWin.SE * c.Differences[0].AttackerWin.SE * n
	independent := p1*(1-p1) + p2*(1-p2)
	t.Logf("per-trial variance of the difference: paired %.4f, independent %.4f (ratio %.2f)", paired, independent, paired/independent)
	if paired > 0.5*independent {
		t.Errorf("paired variance %.4f is not clearly below the independent %.4f", paired, independent)
	}
	// Identical variants: every trial pairs with itself, the difference is
	// exactly 0 and not significant.
	same, _ := combat.Compare(context.Background(), []combat.Scenario{scs[0], scs[0]}, combat.Options{Trials: 10000, Seed: 3})
	if d := same.Differences[0].AttackerWin; d.Value != 0 || d.SE != 0 || d.Significant {
		t.Errorf("identical variants differ: %+v", d)
	}
}

func TestCompareRejects(t *testing.T) {
	scs := magenVariants(t)
	bad := append([]combat.Scenario{}, scs...)
	bad[1].Action = combat.GroundCombat
	if _, err := combat.Compare(context.Background(), bad, combat.Options{Trials: 10}); err == nil {
		t.Error("mixed actions accepted")
	}
	if _, err := combat.Compare(context.Background(), nil, combat.Options{Trials: 10}); err == nil {
		t.Error("no scenarios accepted")
	}
	if _, err := combat.Compare(context.Background(), scs, combat.Options{Trials: 10, Precision: 0.01}); err == nil {
		t.Error("precision accepted")
	}
}

// TestCompareVariantErrorsUnwrap: a variant's error keeps what it is — an
// input error names the side and field of the variant's own input (the
// defender's technology, not a field of no side), and any other error
// stays reachable by errors.Is.
func TestCompareVariantErrorsUnwrap(t *testing.T) {
	base := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "2 cruiser")},
		Defender: combat.Side{Fleet: mustFleet(t, "2 destroyer")}}
	bad := base
	bad.Defender.Techs = []string{"nonsense"}
	o := combat.Options{Trials: 100, Seed: 1}
	_, err := combat.Compare(context.Background(), []combat.Scenario{base, bad}, o)
	var in *combat.InputError
	if !errors.As(err, &in) || in.Side != "defender" || in.Field != "Techs" || in.Index != 0 {
		t.Fatalf("bad variant: %v (%#v), want the defender's Techs[0]", err, in)
	}
	if !strings.HasPrefix(in.Msg, "variant 2: ") {
		t.Errorf("message %q does not say which variant", in.Msg)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := combat.Compare(ctx, []combat.Scenario{base, base}, o); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v, want context.Canceled reachable", err)
	}
}
