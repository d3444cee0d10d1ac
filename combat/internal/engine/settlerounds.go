package engine

// Settling a joint state round by round (settleRounds), where the sweep
// cannot divide out the rounds without hits: a round limit, retreat
// policies that decide by the round, and combat rolls that change with the
// round (a first-rounds bonus, a round's reroll).

// settleRounds is settle round by round, for a round limit R (w.limit)
// or retreat policies, which decide by the round and the state. The mass
// in state j at the start of round r is y[r] = m[r−1] + carry, carry the
// mass that scored no hit in round r−1 (none after a retreat). In rounds
// 1..last (R, or the histogram's 30 rounds of their own) it rolls, each
// unit of it one round of occupancy, and leaves for the states its hits
// lead to; in a round where a side announces a retreat (LRR 78.5: the
// defender first), the mass that still has ships on both sides after the
// hits — the no-hit part included — ends the combat by that side's
// retreat (w.fled). Under a round limit the mass still there after round
// R is stopped there (unfinished, no capacity); without one, the mass past
// round 30 (the open bin) goes on as in settle, with one decision for all
// its rounds (retreat policies after round 30 are refused up front).
func (w *sweep) settleRounds(j uint32, m *roundsHist, mom float64, pa, pd []float64, p00 float64) {
	last := w.limit
	if last == 0 {
		last = histBins - 2
	}
	var dec [histBins]Side
	for r := range dec {
		dec[r] = NoSide
	}
	if w.retreats {
		// A policy decides by the state, except in the round its after=N
		// names: one decision for the other rounds (histBins is no N).
		base := w.leaving(j, histBins)
		if rr := w.c.retreatRule; rr != nil && base == rr.side {
			rr.reached[j] += m.sum()
		}
		for r := 1; r < histBins; r++ {
			dec[r] = base
			if r == w.c.plan.Side[Attacker].Retreat.AfterRound || r == w.c.plan.Side[Defender].Retreat.AfterRound {
				dec[r] = w.leaving(j, r)
			}
		}
	}
	y := &w.y
	*y = roundsHist{}
	var plain roundsHist // the mass that leaves in rounds without a retreat
	carry := 0.0
	for r := 1; r <= last; r++ {
		y[r] = m[r-1] + carry
		w.occupancy += y[r]
		rpa, rpd, rp00, boosted := w.roundPMFs(j, r, pa, pd, p00)
		switch {
		case dec[r] != NoSide:
			carry = 0
			w.retreatRound(j, r, y[r], dec[r], rpa, rpd, rp00)
		case boosted:
			carry = rp00 * y[r]
			w.spreadRound(j, r, y[r], rpa, rpd)
		default:
			plain[r] = y[r]
			carry = p00 * y[r]
		}
	}
	w.spread(j, &plain, pa, pd)
	if w.limit > 0 {
		if stopped := m[last] + carry; stopped > 0 {
			a := &absorbed{stopped: true}
			a.hist[last] = stopped
			w.final[j] = a
		}
		return
	}
	w.tail(j, m[last]+m[last+1]+carry, mom, m, carry, dec[last+1], pa, pd, p00)
}

// roundPMFs returns the hit distributions and the no-hit chance of round r
// in state j: pa, pd and p00, unless a side has a bonus that round
// (Plan.roundBonus), then boosted.
func (w *sweep) roundPMFs(j uint32, r int, pa, pd []float64, p00 float64) (rpa, rpd []float64, rp00 float64, boosted bool) {
	if !w.bonus {
		return pa, pd, p00, false
	}
	c := w.c
	ba, bd := c.plan.roundBonus(Attacker, r+w.offset), c.plan.roundBonus(Defender, r+w.offset)
	if r == 1 { // a first round's modifier: each combat's own round 1
		ba, bd = ba+c.plan.roundOneMod[Attacker][c.ct], bd+c.plan.roundOneMod[Defender][c.ct]
	}
	ra, rd := c.plan.roundReroll(Attacker, c.ct, r), c.plan.roundReroll(Defender, c.ct, r)
	if ba == 0 && bd == 0 && !ra && !rd {
		return pa, pd, p00, false
	}
	rpa, rpd = c.pmfMod(Attacker, j/w.nd, ba, ra), c.pmfMod(Defender, j%w.nd, bd, rd)
	return rpa, rpd, rpa[0] * rpd[0], true
}

// spreadRound puts mass v of state j, leaving in round r with the hit
// distributions pa and pd, on the states the hits lead to.
func (w *sweep) spreadRound(j uint32, r int, v float64, pa, pd []float64) {
	var one roundsHist
	one[r] = v
	w.leave(j, -1, -1, pa, pd, &one, r, histBins, 1, v*float64(r))
}

// leaving returns the side that announces a retreat in round r of joint
// state j (its units, the others at their start), or NoSide.
func (w *sweep) leaving(j uint32, r int) Side {
	if rr := w.c.retreatRule; rr != nil {
		if rr.retreats(j) {
			return rr.side
		}
		return NoSide
	}
	t := w.c.trialAt(j, nil, nil)
	t.Round = r
	return t.announceRetreats()
}

// spread puts the mass y of state j — y[r] leaving in round r — on the
// states the hits lead to, each with its moment (rounds on arrival times
// mass).
func (w *sweep) spread(j uint32, y *roundsHist, pa, pd []float64) {
	mom := 0.0
	for r, v := range y {
		mom += float64(r) * v
	}
	if lo := firstBin(y); y[lo] != 0 {
		w.leave(j, -1, -1, pa, pd, y, lo, histBins, 1, mom)
	}
}

// retreatRound is round r of state j with mass v when side leaving
// announces a retreat: the hits are rolled and assigned, then the mass
// with ships left on both sides ends by that retreat; the rest (a side
// destroyed) goes on as usual.
func (w *sweep) retreatRound(j uint32, r int, v float64, leaving Side, pa, pd []float64, p00 float64) {
	c, nd := w.c, w.nd
	sa, sd := j/nd, j%nd
	w.flee(leaving, j, r, p00*v)
	for ha, qa := range pa {
		for hd, qd := range pd {
			q := qa * qd
			if q == 0 || (ha == 0 && hd == 0) {
				continue
			}
			na, nd2 := c.nextOf(Attacker, sa, hd), c.nextOf(Defender, sd, ha)
			if na != 0 && nd2 != 0 {
				w.flee(leaving, na*nd+nd2, r, v*q)
				continue
			}
			var one roundsHist
			one[r] = v
			w.putFrom(na*nd+nd2, &one, q, r, histBins).moment += q * (v * float64(r))
		}
	}
}

// flee adds mass v, after r rounds, to the combats side ended by its
// retreat in joint state j.
func (w *sweep) flee(side Side, j uint32, r int, v float64) {
	if v == 0 {
		return
	}
	h, ok := w.fled[side][j]
	if !ok {
		h = new(roundsHist)
		w.fled[side][j] = h
	}
	h[min(r, histBins-1)] += v
}

// tail settles the mass z of state j past round 30 (the open bin; its
// moment from mom less the bins' own, m and carry as settleRounds had
// them): with a retreat announced (dec; the same decision for all those
// rounds), it rolls once and ends by it; otherwise it leaves as in settle,
// or never ends when nobody can hit.
func (w *sweep) tail(j uint32, z, mom float64, m *roundsHist, carry float64, dec Side, pa, pd []float64, p00 float64) {
	if z <= 0 {
		return
	}
	last := histBins - 2
	// The moment of z: bin last's mass and the carried mass have rolled
	// last rounds; the open bin's is the state's moment less every other
	// bin's.
	open := mom
	for r := 0; r <= last; r++ {
		open -= float64(r) * m[r]
	}
	zm := float64(last)*(m[last]+carry) + open
	if dec != NoSide {
		w.occupancy += z
		w.retreatRound(j, histBins-1, z, dec, pa, pd, p00)
		return
	}
	if p00 >= 1 {
		a := &absorbed{stuck: true}
		a.hist[histBins-1] = z
		w.occupancy += z*MaxRounds - zm
		w.final[j] = a
		return
	}
	stay := z / (1 - p00)
	w.occupancy += stay
	var y roundsHist
	y[histBins-1] = stay
	w.leave(j, -1, -1, pa, pd, &y, histBins-1, histBins, 1-p00, zm+stay)
}
