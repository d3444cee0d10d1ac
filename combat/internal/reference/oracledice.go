package reference

import (
	"math"

	"github.com/ti4sim/ti4sim/units"
)

// The dice of the oracle: exact distributions of the number of hits a
// side's rolls score (a die hits on its combat value or more, on a d10).

// hitP is the chance that one d10 hits on threshold thr or more.
func ohitP(thr int) float64 { return min(1, max(0, float64(11-thr)/10)) }

// binom is the distribution of the number of hits of n dice hitting with p.
func obinom(n int, p float64) []float64 {
	out := make([]float64, n+1)
	for k := 0; k <= n; k++ {
		c := 1.0
		for i := 1; i <= k; i++ {
			c = c * float64(n-k+i) / float64(i)
		}
		out[k] = c * math.Pow(p, float64(k)) * math.Pow(1-p, float64(n-k))
	}
	return out
}

// convolve is the distribution of the sum of two independent hit counts.
func oconvolve(a, b []float64) []float64 {
	out := make([]float64, len(a)+len(b)-1)
	for i, x := range a {
		for j, y := range b {
			out[i+j] += x * y
		}
	}
	return out
}

// odouble is the distribution of twice the hits of d (X-89 ΩΩ: 2 hits per
// hit).
func odouble(d []float64) []float64 {
	out := make([]float64, 2*len(d)-1)
	for i, p := range d {
		out[2*i] = p
	}
	return out
}

// rollDist is the number of hits of c's units that dom accepts, each
// rolling dice(stats) dice hitting on thr(stats).
func (o *oside) rollDist(c *ocount, dom func(ostats) bool, roll func(ostats) (thr, dice int)) []float64 {
	d := []float64{1}
	for k := range onk {
		n := c.alive(units.Kind(k))
		if n == 0 || !dom(o.stats[k]) {
			continue
		}
		thr, dice := roll(o.stats[k])
		if dice == 0 {
			continue
		}
		d = oconvolve(d, obinom(n*dice, ohitP(thr)))
	}
	return d
}
