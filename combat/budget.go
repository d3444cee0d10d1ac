package combat

import (
	"context"
	"fmt"
	"math"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/internal/fault"
)

// Cost is the work a Monte Carlo question would do, estimated before it
// runs (Estimate; Run, RunSystem, Compare and the fleet advisor estimate
// theirs the same way when Options.MaxDice or Options.Admit asks).
type Cost struct {
	// Trials are the trials it runs: every variant's or fleet's together.
	Trials int64
	// DicePerTrial is the dice one trial rolls, at most: the dice the
	// units start with in each roll, times the rounds a pilot of a few
	// trials lasts (for a comparison or fleets, the largest). 1 or more.
	DicePerTrial float64
	// Dice is the work: Trials × DicePerTrial. The engine draws about as
	// many random numbers as dice are rolled, or fewer, at about 2×10⁸
	// dice a second on one core of a current computer.
	Dice float64
}

// BudgetError is a question refused before it runs because its Cost is
// over Options.MaxDice. Its message says what to reduce.
type BudgetError struct {
	Cost Cost
	// MaxDice is the limit it passed.
	MaxDice float64
}

// Error says the estimate, the limit, and the most trials within it.
func (e *BudgetError) Error() string {
	c := e.Cost
	fit := math.Floor(e.MaxDice / c.DicePerTrial)
	reduce := "fewer units"
	if fit >= 1 {
		reduce = fmt.Sprintf("at most %s trials, or fewer units", roundDown(fit))
	}
	return fmt.Sprintf("this question rolls about %s dice (%s trials × about %s dice each), over this run's limit of %s dice: ask for %s",
		sci(c.Dice), thousands(c.Trials), roundDown(c.DicePerTrial), sci(e.MaxDice), reduce)
}

// Check returns a *BudgetError when c is over maxDice, and nil when it
// is not or maxDice is 0 (no bound).
func (c Cost) Check(maxDice float64) error {
	if maxDice > 0 && c.Dice > maxDice {
		return &BudgetError{Cost: c, MaxDice: maxDice}
	}
	return nil
}

// Admit admits a question that runs several scenarios as one (the fleet
// advisor's fleets): it checks their Cost, together, against o.MaxDice and
// passes it to o.Admit, which may set o.Workers. cost is called only when
// one of them is set. The caller then clears o.MaxDice and o.Admit for the
// runs it makes, which would otherwise check each share again.
func Admit(o *Options, cost func() Cost) error { return admit(o, cost) }

// admit checks cost c against o.MaxDice and passes it to o.Admit, which
// may change o.Workers; with neither set c is not called (no pilot).
func admit(o *Options, c func() Cost) error {
	if o.MaxDice <= 0 && o.Admit == nil {
		return nil
	}
	cost := c()
	if err := cost.Check(o.MaxDice); err != nil {
		return err
	}
	if o.Admit == nil {
		return nil
	}
	w, err := o.Admit(cost.Dice)
	if w > 0 {
		o.Workers = w
	}
	return err
}

// costOf is the Cost of trials trials of each plan (the variants of a
// comparison run every trial once each).
func costOf(trials int64, plans ...*engine.Plan) Cost {
	dice := 0.0
	for _, p := range plans {
		dice += p.DicePerTrial()
	}
	n := trials * int64(len(plans))
	return Cost{Trials: n, DicePerTrial: dice / float64(len(plans)), Dice: float64(trials) * dice}
}

// systemCost is the Cost of trials trials of sys: a trial plays the space
// area and then each planet, counted as much as its own invasion would
// roll (an upper estimate).
func systemCost(trials int64, sys *engine.SystemPlan) Cost {
	dice := sys.Space.DicePerTrial()
	for _, p := range sys.Planets {
		if p != sys.Space {
			dice += p.DicePerTrial()
		}
	}
	return Cost{Trials: trials, DicePerTrial: dice, Dice: float64(trials) * dice}
}

// Estimate returns the Cost of Run(ctx, sc, o), or of RunSystem(ctx, sc,
// o) for a scenario with planets or a commit policy: o.Trials trials (the
// most, with a precision target). It refuses what they refuse before
// running. Run and RunSystem themselves check the Cost against o.MaxDice
// (and Compare and Advise theirs, every variant or fleet together).
func Estimate(ctx context.Context, sc Scenario, o Options) (_ Cost, err error) {
	defer fault.Catch(&err, engine.StepOf)
	defer seamError(&err)
	if err := o.Validate(); err != nil {
		return Cost{}, inputError(err)
	}
	if sc.system() {
		sys, err := compileSystem(ctx, &sc)
		if err != nil {
			return Cost{}, err
		}
		return systemCost(o.Trials, sys), nil
	}
	p, err := compileForTrials(ctx, &sc)
	if err != nil {
		return Cost{}, err
	}
	return costOf(o.Trials, p), nil
}

// roundDown writes x rounded down to 2 significant digits, with thousands
// separated: 243,000.
func roundDown(x float64) string {
	if x < 100 {
		return fmt.Sprintf("%d", int64(math.Max(math.Floor(x), 0)))
	}
	unit := math.Pow(10, math.Floor(math.Log10(x))-1)
	return thousands(int64(math.Floor(x/unit) * unit))
}

// thousands writes n with its thousands separated: 10,000,000.
func thousands(n int64) string {
	s := fmt.Sprintf("%d", n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// sci writes x (≥ 1) as 8.2×10¹⁰, or plainly below 10⁶.
func sci(x float64) string {
	if x < 1e6 {
		return roundDown(x)
	}
	e := math.Floor(math.Log10(x))
	m := x / math.Pow(10, e)
	if m >= 9.95 {
		m, e = 1, e+1
	}
	sup := map[rune]rune{'0': '⁰', '1': '¹', '2': '²', '3': '³', '4': '⁴', '5': '⁵', '6': '⁶', '7': '⁷', '8': '⁸', '9': '⁹'}
	var exp []rune
	for _, d := range fmt.Sprintf("%d", int(e)) {
		exp = append(exp, sup[d])
	}
	if m == math.Trunc(m) {
		return fmt.Sprintf("%d×10%s", int(m), string(exp))
	}
	return fmt.Sprintf("%.1f×10%s", m, string(exp))
}
