// Package stats holds the interval and standard-error formulas shared by the
// combat and agenda simulators.
package stats

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Z95 is the two-sided 95% quantile of the standard normal distribution.
var Z95 = distuv.UnitNormal.Quantile(0.975)

// Wilson returns the 95% Wilson score interval for k successes in n trials.
// n must be positive; 0 <= k <= n.
func Wilson(k, n int64) (lo, hi float64) {
	if n <= 0 {
		return 0, 1
	}
	z := Z95
	p := float64(k) / float64(n)
	nf := float64(n)
	den := 1 + z*z/nf
	centre := (p + z*z/(2*nf)) / den
	half := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / den
	lo, hi = centre-half, centre+half
	// Clamp rounding noise and pin the exact ends (k = 0 or k = n).
	if k == 0 || lo < 0 {
		lo = 0
	}
	if k == n || hi > 1 {
		hi = 1
	}
	return lo, hi
}

// MeanSE returns the mean and its standard error from the sum and the sum of
// squares of n observations (n > 0). The sums are exact integers so that the
// result never depends on the order in which trials were added.
func MeanSE(sum, sumSq int64, n int64) (mean, se float64) {
	if n <= 0 {
		return 0, 0
	}
	nf := float64(n)
	mean = float64(sum) / nf
	if n < 2 {
		return mean, 0
	}
	v := (float64(sumSq) - float64(sum)*mean) / (nf - 1)
	if v < 0 {
		v = 0
	}
	return mean, math.Sqrt(v / nf)
}
