package combat

import (
	"context"
	"fmt"
	"math"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/internal/fault"
	"github.com/ti4sim/ti4sim/internal/montecarlo"
	"github.com/ti4sim/ti4sim/internal/stats"
)

// MaxVariants bounds the number of scenarios one Compare call runs.
const MaxVariants = 64

// Comparison is what Compare found.
type Comparison struct {
	// Trials per variant and the seed used.
	Trials int64
	Seed   uint64
	// Variants are the Results of each scenario, in the order given.
	Variants []Result
	// Differences compare each variant after the first with the first,
	// trial by trial on the same random numbers: Differences[i] is variant
	// i+1 minus variant 0.
	Differences []Difference
}

// Difference is the paired difference of a variant's outcome
// probabilities to the first variant's.
type Difference struct {
	// Variant is the index of the variant compared with variant 0.
	Variant int
	// The differences of the three outcome probabilities.
	AttackerWin, Draw, DefenderWin PairedDifference
}

// PairedDifference is an estimated difference of two probabilities from
// paired trials, with its standard error and 95% interval.
type PairedDifference struct {
	// Value is P(variant) − P(first), in −1..1.
	Value float64
	// SE is the standard error of Value, from the paired trials.
	SE float64
	// Lo and Hi bound the 95% interval Value ± 1.96·SE.
	Lo, Hi float64
	// Significant is true when the interval excludes 0: the variants
	// really differ. False means they cannot be told apart at this number
	// of trials (not that they are equal).
	Significant bool
}

// Significant reports whether any outcome differs significantly.
func (d Difference) Significant() bool {
	return d.AttackerWin.Significant || d.Draw.Significant || d.DefenderWin.Significant
}

// Compare runs every scenario on common random numbers: trial i of every
// variant starts from the same random stream, derived from (o.Seed, i), so
// variants that differ in one rule see the same dice wherever the rule does
// not matter, and their differences are estimated from the paired trials
// with far less noise than from independent runs. All scenarios must be of
// the same Action. o.Precision is not supported. Like Run, the answer does
// not depend on o.Workers, and a nil ctx is an error.
func Compare(ctx context.Context, scs []Scenario, o Options) (_ Comparison, err error) {
	defer fault.Catch(&err, engine.StepOf)
	defer seamError(&err)
	if ctx == nil {
		return Comparison{}, errNilContext
	}
	if len(scs) < 1 || len(scs) > MaxVariants {
		return Comparison{}, fmt.Errorf("compare: %d scenarios; allowed 1..%d", len(scs), MaxVariants)
	}
	if err := o.Validate(); err != nil {
		return Comparison{}, inputError(err)
	}
	if o.Precision != 0 {
		return Comparison{}, inputf("Precision", "compare: precision runs are not supported; give the number of trials")
	}
	plans := make([]*engine.Plan, len(scs))
	for i := range scs {
		if scs[i].Action != scs[0].Action {
			return Comparison{}, inputf("Action", "compare: variant %d is a %s, variant 1 a %s; all must be the same action", i+1, scs[i].Action, scs[0].Action)
		}
		p, err := compileForTrials(ctx, &scs[i])
		if err != nil {
			return Comparison{}, inputWithin(err, fmt.Sprintf("variant %d: ", i+1))
		}
		plans[i] = p
	}
	if err := admit(&o, func() Cost { return costOf(o.Trials, plans...) }); err != nil {
		return Comparison{}, err
	}
	eo := engineOptions(o)
	ws, err := montecarlo.Run(ctx, eo.Runner(), func() *engine.PairedWorker { return engine.NewPairedWorker(plans) })
	if err != nil {
		return Comparison{}, err
	}
	acc := engine.NewPairedWorker(plans)
	for _, w := range ws {
		acc.Merge(w)
	}
	c := Comparison{Trials: o.Trials, Seed: o.Seed}
	for i, p := range plans {
		c.Variants = append(c.Variants, publicResult(p.Result(&acc.Acc[i], eo)))
	}
	n := float64(acc.Acc[0].N)
	for v := 1; v < len(plans); v++ {
		d := Difference{Variant: v}
		for k, pd := range []*PairedDifference{&d.AttackerWin, &d.Draw, &d.DefenderWin} {
			*pd = pairedDifference(acc.Sum[v][k], acc.SumSq[v][k], n)
		}
		c.Differences = append(c.Differences, d)
	}
	return c, nil
}

// pairedDifference estimates the mean of per-trial differences d in
// {−1, 0, 1} from their sum and sum of squares over n trials.
func pairedDifference(sum, sumSq int64, n float64) PairedDifference {
	mean := float64(sum) / n
	v := 0.0
	if n > 1 {
		v = (float64(sumSq) - n*mean*mean) / (n - 1)
	}
	se := math.Sqrt(max(v, 0) / n)
	lo, hi := mean-stats.Z95*se, mean+stats.Z95*se
	return PairedDifference{Value: mean, SE: se, Lo: lo, Hi: hi, Significant: lo > 0 || hi < 0}
}
