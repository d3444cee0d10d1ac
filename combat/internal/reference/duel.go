package reference

// Small exact models of combats, independent of the engine, that the
// faction and card tests compare the engine's answers with: Markov chains
// over the hit points (or units) each side has left.

// HarrowDuel is an independent solution of a ground combat between a of the
// attacker's infantry hitting with pa and d of the defender's infantry
// hitting with pd, where after each round's hits, if the defender still has
// ground forces, one more die hitting with ph (Harrow's bombardment) may
// destroy one of them. It returns the attacker's chances to win and to
// draw (both sides eliminated).
// The rules: LRR 42 Ground Combat and 49 Invasion, with the L1Z1X faction ability
// Harrow (its ships' bombardment at the end of each ground combat round).
// a, d ≥ 0; pa, pd, ph in [0, 1], with a round able to change something
// (not pa = pd = ph = 0 when a, d > 0).
func HarrowDuel(a, d int, pa, pd, ph float64) (win, draw float64) {
	type key struct{ a, d int }
	type val struct{ win, draw float64 }
	memo := map[key]val{}
	var solve func(a, d int) val
	solve = func(a, d int) val {
		if v, ok := memo[key{a, d}]; ok {
			return v
		}
		var acc val
		self := 0.0
		for ha := 0; ha <= a; ha++ {
			for hd := 0; hd <= d; hd++ {
				q := BinomP(a, ha, pa) * BinomP(d, hd, pd)
				a1, d1 := max(a-hd, 0), max(d-ha, 0)
				for _, hr := range []struct {
					kill int
					p    float64
				}{{0, 1 - ph}, {1, ph}} {
					d2 := d1
					if d1 > 0 {
						d2 = d1 - hr.kill
					} else if hr.kill == 1 {
						continue // nothing to bombard: the round ends as it is
					}
					w := q * hr.p
					if d1 == 0 {
						w = q
					}
					switch {
					case a1 == a && d2 == d:
						self += w
					case d2 == 0 && a1 > 0:
						acc.win += w
					case d2 == 0:
						acc.draw += w
					case a1 == 0:
					default:
						v := solve(a1, d2)
						acc.win += w * v.win
						acc.draw += w * v.draw
					}
				}
			}
		}
		acc.win /= 1 - self
		acc.draw /= 1 - self
		memo[key{a, d}] = acc
		return acc
	}
	v := solve(a, d)
	return v.win, v.draw
}

// PointDuel solves a combat between two sides described by hit points: the
// attacker has a points and rolls attackerDice(a) dice hitting with pa, the
// defender d points and defenderDice(d) dice hitting with pd; each hit takes one
// point (a unit with Sustain Damage has 2). Both roll at once; the combat
// ends when a side has no points. It returns the attacker's chances to
// win (points left, the defender none) and to draw (neither has any): the
// chain PointDuelEnds, summed.
// The rules: LRR 78 Space Combat and 42 Ground Combat (simultaneous
// rolls, one hit destroys one point) and 87 Sustain Damage. a, d ≥ 0; the
// dice functions return ≥ 0 for points ≥ 1; pa, pd in [0, 1], not both 0.
func PointDuel(a, d int, attackerDice, defenderDice func(int) int, pa, pd float64) (win, draw float64) {
	return EndsWinDraw(PointDuelEnds(a, d, attackerDice, defenderDice, pa, pd))
}

// FixedDice returns a dice function that always rolls n dice.
// n ≥ 0.
func FixedDice(n int) func(int) int { return func(int) int { return n } }

// DiePerPoint returns a dice function for units of 1 point that roll 1 die
// each.
// p ≥ 0 is the side's points.
func DiePerPoint(p int) int { return p }

// PointDuelEnds solves a combat between two sides described by hit points: the
// attacker has a points and rolls attackerDice(a) dice hitting with pa, the
// defender d points and defenderDice(d) dice hitting with pd; each hit takes one
// point (a unit with Sustain Damage has 2, and takes hits on its Sustain
// Damage first). Both roll at once; the combat ends when a side has no
// points. It returns the distribution of the end states {a, d}. A round
// where nothing changes is divided out: from (a, d), the chain moves to
// (a', d') with P(a', d')/(1 − P(no change)).
// Parameters as for PointDuel.
func PointDuelEnds(a, d int, attackerDice, defenderDice func(int) int, pa, pd float64) map[[2]int]float64 {
	memo := map[[2]int]map[[2]int]float64{}
	var solve func(a, d int) map[[2]int]float64
	solve = func(a, d int) map[[2]int]float64 {
		if a == 0 || d == 0 {
			return map[[2]int]float64{{a, d}: 1}
		}
		if v, ok := memo[[2]int{a, d}]; ok {
			return v
		}
		out := map[[2]int]float64{}
		na, nd := attackerDice(a), defenderDice(d)
		self := BinomP(na, 0, pa) * BinomP(nd, 0, pd)
		for ha := 0; ha <= na; ha++ {
			for hd := 0; hd <= nd; hd++ {
				if ha == 0 && hd == 0 {
					continue
				}
				q := BinomP(na, ha, pa) * BinomP(nd, hd, pd) / (1 - self)
				for end, r := range solve(max(a-hd, 0), max(d-ha, 0)) {
					out[end] += q * r
				}
			}
		}
		memo[[2]int{a, d}] = out
		return out
	}
	return solve(a, d)
}

// EndsWinDraw sums an end distribution of PointDuelEnds into the attacker's win
// (points left, the defender none) and the draw (neither has any).
// ends is a distribution over end states {a, d} with a or d 0.
func EndsWinDraw(ends map[[2]int]float64) (win, draw float64) {
	for e, q := range ends {
		switch {
		case e[0] > 0 && e[1] == 0:
			win += q
		case e[0] == 0 && e[1] == 0:
			draw += q
		}
	}
	return win, draw
}

// OneDie is a dice function for a side that rolls 1 die whatever its
// points.
// Any points.
func OneDie(int) int { return 1 }

// HitsDist is the distribution of the number of hits of dice that hit
// with the given probabilities: the convolution of their Bernoullis.
// Each probability in [0, 1] (a die hits on its combat value
// or more); the result has len(ps) + 1 values, P(h hits), h = 0..len(ps).
func HitsDist(ps []float64) []float64 {
	out := []float64{1}
	for _, q := range ps {
		next := make([]float64, len(out)+1)
		for h, w := range out {
			next[h] += w * (1 - q)
			next[h+1] += w * q
		}
		out = next
	}
	return out
}

// TrackChain solves a ground combat in which each side's units form a
// damage track: a[k] lists the hit probabilities of the attacker's dice
// once it has absorbed k hits (len(a) hits leave it with nothing), d the
// defender's. Each round both sides roll and each side's hits move the
// other along its track. It returns end[ka][kd], the probability that the
// combat ends with the attacker having absorbed ka hits and the defender
// kd (one of them at the end of its track). A round with no hit returns to
// the same state: V(s) = Σ_{o ≠ no hit} P(o)·V(next) / (1 − P(no hit)).
// The rules: LRR 42 Ground Combat. len(a), len(d) ≥ 1; every
// probability in [0, 1], and from every state some die has a chance to
// hit. end has len(a) + 1 rows of len(d) + 1 values.
func TrackChain(a, d [][]float64) [][]float64 {
	type key struct{ ka, kd int }
	memo := map[key][][]float64{}
	newEnd := func() [][]float64 {
		end := make([][]float64, len(a)+1)
		for i := range end {
			end[i] = make([]float64, len(d)+1)
		}
		return end
	}
	var v func(ka, kd int) [][]float64
	v = func(ka, kd int) [][]float64 {
		if e, ok := memo[key{ka, kd}]; ok {
			return e
		}
		end := newEnd()
		if ka == len(a) || kd == len(d) {
			end[ka][kd] = 1
			memo[key{ka, kd}] = end
			return end
		}
		pa, pd := HitsDist(a[ka]), HitsDist(d[kd])
		stay := pa[0] * pd[0]
		for ha, wa := range pa {
			for hd, wd := range pd {
				if ha == 0 && hd == 0 {
					continue
				}
				next := v(min(ka+hd, len(a)), min(kd+ha, len(d)))
				for i := range end {
					for j := range end[i] {
						end[i][j] += wa * wd * next[i][j] / (1 - stay)
					}
				}
			}
		}
		memo[key{ka, kd}] = end
		return end
	}
	return v(0, 0)
}

// Outcomes sums TrackChain's end states: the attacker wins when the
// defender is at the end of its track and the attacker is not, and so on.
// end is a TrackChain result (at least 2×2).
func Outcomes(end [][]float64) (win, draw, lose float64) {
	la, ld := len(end)-1, len(end[0])-1
	for ka := range end {
		for kd := range end[ka] {
			switch {
			case ka < la && kd == ld:
				win += end[ka][kd]
			case ka == la && kd == ld:
				draw += end[ka][kd]
			case ka == la:
				lose += end[ka][kd]
			}
		}
	}
	return win, draw, lose
}
