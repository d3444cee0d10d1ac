package reference

import "math"

// BinomP is P(X = k) for X ~ Binomial(n, p): the chance that exactly k of n
// dice hit, each independently with probability p (a die "hits on X or
// more" on a ten-sided die: p = (11 − X)/10, the unit card's combat
// value). n ≥ 0, p in [0, 1]; it is 0 for k outside 0..n.
func BinomP(n, k int, p float64) float64 {
	if k < 0 || k > n {
		return 0
	}
	c := 1.0
	for i := range k {
		c = c * float64(n-i) / float64(i+1)
	}
	return c * math.Pow(p, float64(k)) * math.Pow(1-p, float64(n-k))
}

// BinomDist returns the Binomial(n, p) distribution, P(X = k) for
// k = 0..n (n + 1 values): the number of hits of n dice that each hit with
// probability p. n ≥ 0, p in [0, 1].
func BinomDist(n int, p float64) []float64 {
	out := make([]float64, n+1)
	for k := range out {
		out[k] = BinomP(n, k, p)
	}
	return out
}

// AtLeast2 is the chance of at least 2 hits from a dice hitting with pa
// and b dice hitting with pb, all rolled at once (two independent
// binomials). a, b ≥ 0; pa, pb in [0, 1].
func AtLeast2(a int, pa float64, b int, pb float64) float64 {
	p := 0.0
	for i, qa := range BinomDist(a, pa) {
		for j, qb := range BinomDist(b, pb) {
			if i+j >= 2 {
				p += qa * qb
			}
		}
	}
	return p
}
