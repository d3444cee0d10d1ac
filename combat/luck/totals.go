package luck

import (
	"fmt"
	"math"
)

// MaxExpected10 is the largest expected-hits total (×10) Totals takes: a
// million dice hitting on 10.
const MaxExpected10 = 1_000_000

// TotalsLuck bounds how unusual a player's dice were from the AsyncTI4
// bot's two running totals alone: the expected hits ×10 (each die adds
// 11 - H, its chance of a hit ×10, for H its effective "hits on" in 1..10)
// and the actual hits. The totals do not say which dice were rolled, so
// no exact chance exists: these are bounds over every mix of dice whose
// expectations add up to the total.
type TotalsLuck struct {
	// Expected is the expected hits, Expected10/10; Actual the hits.
	Expected float64
	Actual   int
	// Tail is "at most" when Actual < Expected (the unlucky tail,
	// P(hits ≤ Actual)), "at least" otherwise (the lucky tail, P(hits ≥
	// Actual)).
	Tail string
	// Chernoff bounds the tail for every mix of independent dice of that
	// expectation, whatever their number: for the lower tail
	// e^{-μ}(eμ/a)^a (a < μ; e^{-μ} at a = 0), for the upper tail the same
	// expression for a > μ; 1 when Actual equals the expectation. It
	// follows from E[e^{tX}] = Π(1 - p + p·e^t) ≤ exp(μ(e^t - 1)).
	Chernoff float64
	// Worst is the largest the tail can be over every mix of dice the
	// totals allow, when WorstExact: every die hitting on 10 (the most
	// dice, Expected10 of them, each with p = 0.1; the binomial
	// B(Expected10, 0.1)), WorstDice. By Hoeffding (1956, Theorem 4) a
	// binomial of n dice has the largest tail among all n-dice mixes of the
	// same mean when Actual ≤ μ - 1 (lower tail) or Actual ≥ μ + 1 (upper
	// tail); a mix of fewer dice is an n-dice mix with some dice that never
	// hit, so no mix the totals allow has a larger tail. Within one hit of
	// μ the theorem says nothing: WorstExact is false and Worst is
	// min(1, Chernoff), the only bound proven.
	//
	// No lower bound is given: the totals alone cannot show that a result
	// was rare, only how common it can at most be (ZeroPossible).
	Worst      float64
	WorstDice  Dice
	WorstExact bool
	// ZeroPossible is true when some mix of dice with these totals makes
	// the tail impossible: floor(μ) dice that always hit and one die for
	// the rest (p = frac(μ)) score floor(μ) or floor(μ)+1 hits, so
	// P(hits ≤ Actual) is 0 for Actual < floor(μ) and P(hits ≥ Actual) is
	// 0 for Actual > ceil(μ).
	ZeroPossible bool
	// OneIn is 1/Worst: the result is at most this rare ("1 in OneIn" or
	// more often), whatever the dice were.
	OneIn float64
}

// Totals bounds the tail of actual hits given the bot's expected hits ×10
// (expected10, 0..MaxExpected10) and actual hits (0..expected10: no die
// hits more than once, and every die the bot counts adds at least 1 to
// expected10).
func Totals(expected10, actual int) (TotalsLuck, error) {
	switch {
	case expected10 < 0 || expected10 > MaxExpected10:
		return TotalsLuck{}, fmt.Errorf("expected hits ×10 %d out of range: allowed 0..%d", expected10, MaxExpected10)
	case actual < 0 || actual > expected10:
		return TotalsLuck{}, fmt.Errorf("actual hits %d out of range: allowed 0..%d (every die adds at least 1 to the expected hits ×10)", actual, expected10)
	}
	mu := float64(expected10) / 10
	a := float64(actual)
	t := TotalsLuck{Expected: mu, Actual: actual, Tail: "at least", WorstDice: Dice{N: expected10, HitsOn: 10}}
	if a < mu {
		t.Tail = "at most"
	}
	t.Chernoff = chernoff(mu, a)
	t.WorstExact = math.Abs(a-mu) >= 1
	if t.Tail == "at most" {
		t.ZeroPossible = actual < expected10/10
	} else {
		t.ZeroPossible = actual > (expected10+9)/10
	}
	t.Worst = t.Chernoff
	if t.WorstExact {
		t.Worst = math.Min(1, binomialTail(expected10, 0.1, actual, t.Tail == "at most"))
	}
	t.OneIn = 1 / t.Worst
	return t, nil
}

// chernoff is the Poisson-type Chernoff bound on P(X ≤ a) (a < μ) or
// P(X ≥ a) (a > μ) for a sum X of independent indicators of mean μ.
func chernoff(mu, a float64) float64 {
	switch {
	case a == mu:
		return 1
	case a == 0:
		return math.Exp(-mu)
	}
	return math.Min(1, math.Exp(-mu+a+a*math.Log(mu/a)))
}

// binomialTail is P(X ≤ k) (lower) or P(X ≥ k) for X ~ B(n, p), summed in
// log space term by term.
func binomialTail(n int, p float64, k int, lower bool) float64 {
	lo, hi := k, n
	if lower {
		lo, hi = 0, k
	}
	s := 0.0
	for i := lo; i <= hi; i++ {
		s += math.Exp(logChoose(n, i) + float64(i)*math.Log(p) + float64(n-i)*math.Log1p(-p))
	}
	return s
}

// logChoose is ln C(n, k).
func logChoose(n, k int) float64 {
	a, _ := math.Lgamma(float64(n + 1))
	b, _ := math.Lgamma(float64(k + 1))
	c, _ := math.Lgamma(float64(n - k + 1))
	return a - b - c
}
