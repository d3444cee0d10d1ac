package combat

import "math"

// hitPMF returns the exact distribution of the hits side produces with a
// roll of kind r when its slots hold alive units, damaged of them damaged
// (nil: none; a damaged unit may roll fewer dice, roller.loss), and a
// modifier mod applies on top of the static thresholds: the convolution of
// one binomial per threshold group. pmf[h] is P(h hits); len(pmf)-1 is the
// most hits possible.
func (p *plan) hitPMF(side int, r rollKind, alive, damaged *[maxSlots]uint16, mod int) []float64 {
	dice := func(ro roller) int {
		n := int(alive[ro.slot]) * int(ro.dice)
		if damaged != nil {
			n -= int(damaged[ro.slot]) * int(ro.loss)
		}
		return n
	}
	pmf := []float64{1}
	if sp := &p.side[side]; len(sp.auras[r]) > 0 || sp.special[r] {
		// Auras change single slots, bonus dice are not Bernoulli: roller
		// by roller. (Opponent-dependent dice never reach here: such plans
		// have no tables and exact mode refuses them.)
		for _, ro := range sp.rollers[r] {
			n := dice(ro)
			if n == 0 {
				continue
			}
			thr := int(ro.thr) - mod + sp.auraShift(r, ro.slot, alive)
			if ro.bonusFrom > 0 {
				die := bonusDiePMF(thr, int(ro.bonusFrom), int(ro.bonus))
				for range n {
					pmf = convolve(pmf, die)
				}
				continue
			}
			pmf = convolve(pmf, binomialPMF(n, hitProbability(thr)))
		}
		return p.afterPMF(side, r, alive, mod, pmf)
	}
	for _, g := range p.side[side].groups[r] {
		n := 0
		for _, ro := range g.members {
			n += dice(ro)
		}
		if n == 0 {
			continue
		}
		q := hitProbability(int(g.thr) - mod)
		pmf = convolve(pmf, binomialPMF(n, q))
	}
	return p.afterPMF(side, r, alive, mod, pmf)
}

// rollersPMF is the distribution of the hits of the given rollers alone
// (TI3's war suns bombarding through a shield), damaged units rolling
// fewer dice, each hit counting factor times.
func rollersPMF(rs []roller, alive, damaged *[maxSlots]uint16, factor int) []float64 {
	pmf := []float64{1}
	for _, ro := range rs {
		if n := int(alive[ro.slot])*int(ro.dice) - int(damaged[ro.slot])*int(ro.loss); n > 0 {
			pmf = convolve(pmf, binomialPMF(n, hitProbability(int(ro.thr))))
		}
	}
	if factor > 1 {
		spread := make([]float64, (len(pmf)-1)*factor+1)
		for h, q := range pmf {
			spread[h*factor] = q
		}
		pmf = spread
	}
	return pmf
}

// afterPMF adds the extra die and the hit factor to a roll's distribution.
func (p *plan) afterPMF(side int, r rollKind, alive *[maxSlots]uint16, mod int, pmf []float64) []float64 {
	if n := p.side[side].extraDice[r]; n > 0 {
		if thr, ok := p.bestRoller(side, r, alive); ok {
			pmf = convolve(pmf, binomialPMF(int(n), hitProbability(thr-mod)))
		}
	}
	if f := p.hitFactor[side][r]; f > 1 {
		// Each hit counts f times: hits 0, f, 2f, ...
		spread := make([]float64, (len(pmf)-1)*f+1)
		for h, q := range pmf {
			spread[h*f] = q
		}
		pmf = spread
	}
	return pmf
}

// bonusDiePMF is the distribution of the hits of one die that hits on thr
// or more and adds bonus hits on a natural from or more.
func bonusDiePMF(thr, from, bonus int) []float64 {
	pmf := make([]float64, 2+bonus)
	for face := 1; face <= 10; face++ {
		h := 0
		if face >= thr {
			h++
		}
		if face >= from {
			h += bonus
		}
		pmf[h] += 0.1
	}
	return pmf
}

// binomialPMF returns P(X = k), k = 0..n, for X ~ Binomial(n, q).
func binomialPMF(n int, q float64) []float64 {
	out := make([]float64, n+1)
	switch q {
	case 0:
		out[0] = 1
		return out
	case 1:
		out[n] = 1
		return out
	}
	// In log space, so that large n does not underflow.
	lq, lp := math.Log(q), math.Log(1-q)
	lc := 0.0 // log C(n, k)
	for k := 0; k <= n; k++ {
		if k > 0 {
			lc += math.Log(float64(n-k+1)) - math.Log(float64(k))
		}
		out[k] = math.Exp(lc + float64(k)*lq + float64(n-k)*lp)
	}
	return out
}

// convolve returns the distribution of the sum of two independent counts.
func convolve(a, b []float64) []float64 {
	out := make([]float64, len(a)+len(b)-1)
	for i, x := range a {
		if x == 0 {
			continue
		}
		for j, y := range b {
			out[i+j] += x * y
		}
	}
	return out
}
