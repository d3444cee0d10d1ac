package engine

// hitPMF returns the exact distribution of the hits side produces with a
// roll of kind r when its slots hold alive units, damaged of them damaged
// (nil: none; a damaged unit may roll fewer dice, roller.loss), and a
// modifier mod applies on top of the static thresholds: the convolution of
// one binomial per threshold group. pmf[h] is P(h hits); len(pmf)-1 is the
// most hits possible. Dice the side rerolls whenever they miss
// (Plan.RerollMisses, every roll) are rerolled here.
func (p *Plan) hitPMF(side Side, r RollKind, alive, damaged *[MaxSlots]uint16, mod int) []float64 {
	return p.rolledPMF(side, r, alive, damaged, mod, false)
}

// rolledPMF is hitPMF with, when reroll is set, every missed die rerolled
// once (a die that hits with chance q then hits with 1 − (1 − q)²).
func (p *Plan) rolledPMF(side Side, r RollKind, alive, damaged *[MaxSlots]uint16, mod int, reroll bool) []float64 {
	reroll = reroll || p.rerollAlways[side][r]
	dice := func(ro Roller) int {
		n := int(alive[ro.Slot]) * int(ro.Dice)
		if damaged != nil {
			n -= int(damaged[ro.Slot]) * int(ro.loss)
		}
		return n
	}
	pmf := []float64{1}
	if sp := &p.Side[side]; len(sp.Auras[r]) > 0 || sp.Special[r] {
		// Auras change single slots, bonus dice are not Bernoulli: roller
		// by roller. (Opponent-dependent dice never reach here: such plans
		// have no tables and exact mode refuses them.)
		for _, ro := range sp.Rollers[r] {
			n := dice(ro)
			if n == 0 {
				continue
			}
			thr := int(ro.thr) - mod + sp.AuraShift(r, ro.Slot, alive)
			if ro.BonusFrom > 0 {
				die := bonusDiePMF(thr, int(ro.BonusFrom), int(ro.Bonus))
				if reroll {
					die = rerolledDie(die)
				}
				for range n {
					pmf = convolve(pmf, die)
				}
				continue
			}
			pmf = convolve(pmf, binomialPMF(n, p.Side[side].dieChance(r, thr, reroll)))
		}
		return p.afterPMF(side, r, alive, mod, reroll, pmf)
	}
	if b := int(p.Side[side].RerollBudget[r]); b > 0 {
		// Groups are in ascending threshold order: the best chances
		// first, where the rerolls go.
		var qs []float64
		var ns []int
		for _, g := range p.Side[side].Groups[r] {
			n := 0
			for _, ro := range g.members {
				n += dice(ro)
			}
			if n > 0 {
				qs, ns = append(qs, p.Side[side].dieChance(r, int(g.thr)-mod, reroll)), append(ns, n)
			}
		}
		return p.afterPMF(side, r, alive, mod, reroll, budgetPMF(qs, ns, b))
	}
	for _, g := range p.Side[side].Groups[r] {
		n := 0
		for _, ro := range g.members {
			n += dice(ro)
		}
		if n == 0 {
			continue
		}
		q := p.Side[side].dieChance(r, int(g.thr)-mod, reroll)
		pmf = convolve(pmf, binomialPMF(n, q))
	}
	return p.afterPMF(side, r, alive, mod, reroll, pmf)
}

// dieChance is the chance that one of the side's dice of kind r hits on
// thr: rerolled once when it misses if reroll, then, with RerollOnes, a
// die left a miss showing a natural 1 (a miss's result is uniform on
// 1..thr−1) rerolled once.
func (sp *SidePlan) dieChance(r RollKind, thr int, reroll bool) float64 {
	q := HitProbability(thr)
	qr := rerolled(q, reroll)
	if sp.RerollOnes[r] && thr >= 2 && thr <= 10 {
		qr += (1 - qr) * q / float64(thr-1)
	}
	return qr
}

// rerolled is the chance that a die hitting with chance q hits when a miss
// is rerolled once (reroll), or q.
func rerolled(q float64, reroll bool) float64 {
	if !reroll {
		return q
	}
	return 1 - (1-q)*(1-q)
}

// rerolledDie is the distribution of one die's hits (die) when a miss is
// rerolled once.
func rerolledDie(die []float64) []float64 {
	out := make([]float64, len(die))
	out[0] = die[0] * die[0]
	for h := 1; h < len(die); h++ {
		out[h] = die[h] * (1 + die[0])
	}
	return out
}

// rollersPMF is the distribution of the hits of the given rollers alone
// (TI3's war suns bombarding through a shield), damaged units rolling
// fewer dice, each hit counting factor times.
func rollersPMF(rs []Roller, alive, damaged *[MaxSlots]uint16, factor int) []float64 {
	pmf := []float64{1}
	for _, ro := range rs {
		if n := int(alive[ro.Slot])*int(ro.Dice) - int(damaged[ro.Slot])*int(ro.loss); n > 0 {
			pmf = convolve(pmf, binomialPMF(n, HitProbability(int(ro.thr))))
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
func (p *Plan) afterPMF(side Side, r RollKind, alive *[MaxSlots]uint16, mod int, reroll bool, pmf []float64) []float64 {
	if n := p.Side[side].ExtraDice[r]; n > 0 {
		if thr, ok := p.BestRoller(side, r, alive); ok {
			pmf = convolve(pmf, binomialPMF(int(n), p.Side[side].dieChance(r, thr-mod, reroll)))
		}
	}
	if f := p.HitFactor[side][r]; f > 1 {
		// Each hit counts f times: hits 0, f, 2f, ...
		spread := make([]float64, (len(pmf)-1)*f+1)
		for h, q := range pmf {
			spread[h*f] = q
		}
		pmf = spread
	}
	if p.Side[side].HitOnScore[r] && len(pmf) > 1 {
		// Every roll that scores scores one more: h ≥ 1 moves to h + 1.
		shifted := make([]float64, len(pmf)+1)
		shifted[0] = pmf[0]
		copy(shifted[2:], pmf[1:])
		pmf = shifted
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
	BinomialTerms(out, n, q)
	sum := 0.0
	for _, t := range out {
		sum += t
	}
	for k := range out {
		out[k] /= sum
	}
	return out
}

// BinomialTerms sets t[k], k = 0..len(t)-1 (len(t) ≤ n+1), to
// C(n, k) q^k (1-q)^(n-k), 0 < q < 1, scaled so that the largest is
// about 1. The terms of a binomial rise to its mode, floor((n+1)q), and
// fall after it, so the largest of t is at the mode or at t's end: it is
// set to 1 and the others follow by the ratio of successive terms,
// (n-k)/(k+1) · q/(1-q), so none underflows unless it is below 1e-308 of
// the largest.
//
// Only +, × and ÷ are used, each rounded as IEEE 754 prescribes, never
// math.Log or math.Exp, whose last bits differ between platforms (assembly
// on amd64, portable Go on others and in WebAssembly): so an exact answer
// is the same on every platform, the page's in-browser engine included.
func BinomialTerms(t []float64, n int, q float64) {
	last := len(t) - 1
	m := min(int(float64(n+1)*q), n, last)
	r := q / (1 - q)
	t[m] = 1
	for k := m; k < last; k++ {
		t[k+1] = t[k] * (float64(n-k) / float64(k+1)) * r
	}
	for k := m; k > 0; k-- {
		t[k-1] = t[k] * (float64(k) / float64(n-k+1)) / r
	}
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

// budgetPMF is the distribution of the hits of ns[i] dice hitting with
// chance qs[i] each (qs best first), when up to budget missed dice are
// rerolled one at a time, the best chances first, and a die rerolled and
// missed again may be rerolled again while the budget lasts: the law of
// (hits, budget left) is carried group by group.
func budgetPMF(qs []float64, ns []int, budget int) []float64 {
	total := 0
	for _, n := range ns {
		total += n
	}
	// law[h][b]: h hits so far, b rerolls left.
	law := make([][]float64, total+1)
	for h := range law {
		law[h] = make([]float64, budget+1)
	}
	law[0][budget] = 1
	for i, q := range qs {
		next := make([][]float64, total+1)
		for h := range next {
			next[h] = make([]float64, budget+1)
		}
		base := binomialPMF(ns[i], q)
		for h, row := range law {
			for b, w := range row {
				if w == 0 {
					continue
				}
				for k, pk := range base {
					if pk == 0 {
						continue
					}
					// k hits, ns[i]−k misses, then the rerolls.
					var spend func(hits, misses, left int, m float64)
					spend = func(hits, misses, left int, m float64) {
						if left == 0 || misses == 0 {
							next[hits][left] += m
							return
						}
						spend(hits+1, misses-1, left-1, m*q)
						spend(hits, misses, left-1, m*(1-q))
					}
					spend(h+k, ns[i]-k, b, w*pk)
				}
			}
		}
		law = next
	}
	pmf := make([]float64, total+1)
	for h, row := range law {
		for _, w := range row {
			pmf[h] += w
		}
	}
	for len(pmf) > 1 && pmf[len(pmf)-1] == 0 {
		pmf = pmf[:len(pmf)-1]
	}
	return pmf
}
