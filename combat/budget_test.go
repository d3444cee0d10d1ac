package combat_test

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/advise"
)

// TestEstimateCountsDice checks the estimate against dice counted by hand.
// A one-round space combat of 1 dreadnought against 1 dreadnought rolls 2
// dice, every trial. A ground combat of 1 infantry against 1 infantry (8:
// 0.3 each) lasts a geometric number of rounds, ending when either hits:
// mean 1/(1 − 0.7²) = 1.9608 rounds, 2 dice a round, 3.9216 dice; the
// pilot's 64 trials leave a standard error of 2·0.7/0.51/8 = 0.343 dice.
func TestEstimateCountsDice(t *testing.T) {
	one := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 dreadnought")}, Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought")}}
	c, err := combat.Estimate(context.Background(), one, combat.Options{Trials: 1000})
	if err != nil || c.DicePerTrial != 2 || c.Dice != 2000 || c.Trials != 1000 {
		t.Errorf("one round of two dreadnoughts: %+v, %v; want 2 dice a trial, 2000 in all", c, err)
	}
	ground := combat.Scenario{Action: combat.GroundCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 infantry")}, Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}
	c, err = combat.Estimate(context.Background(), ground, combat.Options{Trials: 1000})
	want, se := 2/(1-0.49), 2*0.7/0.51/8
	if err != nil || math.Abs(c.DicePerTrial-want) > 4*se {
		t.Errorf("infantry against infantry: %v dice a trial (%v), want %.4f ± %.3f", c.DicePerTrial, err, want, 4*se)
	}
	// The estimate is the scenario's, whatever the run's seed.
	c2, _ := combat.Estimate(context.Background(), ground, combat.Options{Trials: 1000, Seed: 99})
	if c2 != c {
		t.Errorf("seed 99: %+v, seed 0: %+v", c2, c)
	}
}

// TestMaxDiceRefusesBeforeRunning checks that a question over Options.MaxDice
// is refused with a *BudgetError that says how many trials fit, by every
// entry point that simulates (Run, RunSystem, Compare, Advise), and that
// one within the limit runs. The example: 99 units of six kinds a
// side, 10⁷ trials (about 10 minutes of a core), refused at once.
func TestMaxDiceRefusesBeforeRunning(t *testing.T) {
	const big = "99 dreadnought, 99 carrier, 99 cruiser, 99 destroyer, 99 fighter, 99 war sun"
	heavy := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, big)}, Defender: combat.Side{Fleet: mustFleet(t, big)}}
	ctx := context.Background()
	start := time.Now()
	_, err := combat.Run(ctx, heavy, combat.Options{Trials: 10_000_000, Seed: 1, MaxDice: 2e9})
	t.Logf("refused in %v: %v", time.Since(start), err)
	var be *combat.BudgetError
	if !errors.As(err, &be) || be.Cost.Trials != 10_000_000 || be.Cost.Dice <= 2e9 {
		t.Fatalf("heavy run: %v, want a *BudgetError", err)
	}
	fit := 2e9 / be.Cost.DicePerTrial
	for _, want := range []string{"10,000,000 trials", "over this run's limit of 2×10⁹ dice", "ask for at most", "or fewer units"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q does not say %q", err, want)
		}
	}
	// The trials it names do fit.
	if _, err := combat.Estimate(ctx, heavy, combat.Options{Trials: int64(fit)}); err != nil || float64(int64(fit))*be.Cost.DicePerTrial > 2e9 {
		t.Errorf("%v trials do not fit: %v", fit, err)
	}

	small := combat.Scenario{Action: combat.Invasion,
		Attacker: combat.Side{Fleet: mustFleet(t, "2 carrier, 4 infantry")}, Defender: combat.Side{Fleet: mustFleet(t, "1 destroyer, 2 infantry")}}
	c, err := combat.Estimate(ctx, small, combat.Options{Trials: 20000})
	if err != nil {
		t.Fatal(err)
	}
	limit := c.Dice * 0.9 // just below: every entry point refuses
	o := combat.Options{Trials: 20000, Seed: 1, MaxDice: limit}
	system := small
	system.Planets = []combat.Planet{{Name: "A", Units: mustFleet(t, "1 infantry")}, {Name: "B", Units: mustFleet(t, "1 infantry")}}
	system.Defender.Fleet = mustFleet(t, "1 destroyer")
	_, errRun := combat.Run(ctx, small, o)
	_, errSystem := combat.RunSystem(ctx, system, o)
	_, errCompare := combat.Compare(ctx, []combat.Scenario{small, small}, combat.Options{Trials: 10000, Seed: 1, MaxDice: limit})
	_, errAdvise := advise.Fleet(ctx, advise.Question{Scenario: combat.Scenario{Action: combat.SpaceCombat,
		Defender: combat.Side{Fleet: mustFleet(t, "2 cruiser")}}, Method: advise.MethodTrials, Limits: advise.Limits{Resources: 4}}, o)
	for name, err := range map[string]error{"Run": errRun, "RunSystem": errSystem, "Compare": errCompare, "Advise": errAdvise} {
		if !errors.As(err, &be) {
			t.Errorf("%s over the limit: %v, want a *BudgetError", name, err)
		}
	}
	o.MaxDice = c.Dice * 1.01
	if _, err := combat.Run(ctx, small, o); err != nil {
		t.Errorf("within the limit: %v", err)
	}
}

// TestAdmitBeforeTheRun checks Options.Admit: called once, with the run's
// estimated dice, before any trial (no progress reported yet); its error
// ends the run with no trial run, and the workers it returns do not change
// the answer.
func TestAdmitBeforeTheRun(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "3 carrier, 6 fighter")}, Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought, 2 destroyer, 3 fighter")}}
	ctx := context.Background()
	want, err := combat.Estimate(ctx, sc, combat.Options{Trials: 20000})
	if err != nil {
		t.Fatal(err)
	}
	var calls int
	var trials int64
	busy := errors.New("busy")
	o := combat.Options{Trials: 20000, Seed: 3, Workers: 2,
		Progress: func(done, _ int64) { trials = done },
		Admit: func(dice float64) (int, error) {
			calls++
			if dice != want.Dice || trials != 0 {
				t.Errorf("admitted at %v dice after %d trials; want %v dice before any", dice, trials, want.Dice)
			}
			return 0, busy
		}}
	if _, err := combat.Run(ctx, sc, o); !errors.Is(err, busy) || calls != 1 || trials != 0 {
		t.Errorf("Admit refusing: %v after %d calls and %d trials", err, calls, trials)
	}
	o.Admit = func(float64) (int, error) { return 1, nil }
	one, err := combat.Run(ctx, sc, o)
	o.Admit = nil
	two, err2 := combat.Run(ctx, sc, o)
	if err != nil || err2 != nil || one.Outcome != two.Outcome {
		t.Errorf("admitted on 1 worker: %v %v; %+v, on 2: %+v", err, err2, one.Outcome, two.Outcome)
	}
}
