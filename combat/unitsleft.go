package combat

// UnitsLeft is the distribution of the number of units a side has left
// when the action ends, split by how it ends: AttackerWin[k] is the
// probability that the action ends with the attacker winning and the side
// having exactly k units left, and so on for each outcome of Outcomes.
//
// Units are counted as Survivors counts them: every unit of the side's
// survivor kinds still there at the end, so for an invasion the ships left
// in the space area plus the ground forces on the planet (and, for the
// defender, its structures unless the attacker took the planet). A unit in
// another form at the end (a Twilight Imperium 3 war sun that used Sustain
// Damage twice) counts once, as its unit; rolls that no unit makes (a
// relic's Anti-Fighter Barrage), adjacent PDS and units that joined during
// the action (they are not among the survivors) do not count.
//
// Each slice adds up to its outcome's probability; it is empty when that
// probability is 0, and its trailing zero bins are left out, so k runs
// from 0 to at most the side's units at the start (no effect adds units of
// the survivor kinds; they only move between them). A Monte Carlo result's
// bins are trial shares, an exact result's exact probabilities.
type UnitsLeft struct {
	AttackerWin, Draw, DefenderWin                 []float64
	AttackerRetreats, DefenderRetreats, Unfinished []float64
}

// of returns the slice of outcome o.
func (u *UnitsLeft) of(o outcome) *[]float64 {
	switch o {
	case attackerWins:
		return &u.AttackerWin
	case draw:
		return &u.Draw
	case defenderWins:
		return &u.DefenderWin
	case attackerRetreats:
		return &u.AttackerRetreats
	case defenderRetreats:
		return &u.DefenderRetreats
	}
	return &u.Unfinished
}

// prepareLeft lists each side's slots whose units count as units left
// (UnitsLeft) and the number of bins their count needs.
func (p *plan) prepareLeft() {
	for s := range numSides {
		sp := &p.side[s]
		sp.counted = sp.counted[:0]
		most := 0
		for i := range sp.slots {
			if sp.isCounted(uint8(i)) {
				sp.counted = append(sp.counted, uint8(i))
				most += int(sp.start[i])
			}
		}
		sp.leftBins = most + 1
	}
}

// unitsLeft is the number of side's units alive in alive, counted as
// UnitsLeft counts them, at most the last bin.
func (p *plan) unitsLeft(side sideID, alive *[maxSlots]uint16) int {
	n := 0
	for _, i := range p.side[side].counted {
		n += int(alive[i])
	}
	return min(n, p.side[side].leftBins-1)
}

// prepareLeft sizes a's units-left counts for plan p: per side, one row
// of p's bins for each outcome.
func (a *tally) prepareLeft(p *plan) {
	for s := range a.left {
		a.left[s] = make([]int64, int(numOutcomes)*p.side[s].leftBins)
	}
}

// unitsLeftOf turns a's units-left counts into a side's distribution.
func (p *plan) unitsLeftOf(a *tally, side sideID) UnitsLeft {
	var u UnitsLeft
	w := p.side[side].leftBins
	if a.n == 0 || len(a.left[side]) != int(numOutcomes)*w {
		return u
	}
	for o := range outcome(numOutcomes) {
		row := a.left[side][int(o)*w : int(o+1)*w]
		last := len(row)
		for last > 0 && row[last-1] == 0 {
			last--
		}
		if last == 0 {
			continue
		}
		d := make([]float64, last)
		for k := range d {
			d[k] = float64(row[k]) / float64(a.n)
		}
		*u.of(o) = d
	}
	return u
}

// exactLeft is the exact solver's mass per outcome and number of units
// left, per side.
type exactLeft [2][numOutcomes][]float64

func newExactLeft(p *plan) exactLeft {
	var e exactLeft
	for s := range e {
		for o := range e[s] {
			e[s][o] = make([]float64, p.side[s].leftBins)
		}
	}
	return e
}

// add adds mass m of outcome o with a and d units left.
func (e *exactLeft) add(o outcome, a, d int, m float64) {
	ra, rd := e[attacker][o], e[defender][o]
	ra[min(a, len(ra)-1)] += m
	rd[min(d, len(rd)-1)] += m
}

// side returns a side's distribution.
func (e *exactLeft) side(s int) UnitsLeft {
	var u UnitsLeft
	for o := range outcome(numOutcomes) {
		row := e[s][o]
		last := len(row)
		for last > 0 && row[last-1] == 0 {
			last--
		}
		if last > 0 {
			*u.of(o) = append([]float64(nil), row[:last]...)
		}
	}
	return u
}

// unitsIn is the number of side's units that chain c's state st holds,
// counted as UnitsLeft counts them; 0 for a nil chain.
func unitsIn(c *chain, side sideID, st uint32) int {
	if c == nil {
		return 0
	}
	ss := &c.ss[side]
	sp := &c.plan.side[side]
	n := 0
	for j, slot := range ss.slots {
		if sp.isCounted(slot) {
			n += int(ss.units[int(st)*len(ss.slots)+j][0])
		}
	}
	return n
}

// isCounted reports whether slot i's units count as units left.
func (sp *sidePlan) isCounted(i uint8) bool {
	sl := &sp.slots[i]
	return sl.report || (sl.form == formWorn && sp.slots[sl.of].report)
}

// structuresLeft is the number of the defender's structures outside the
// chains (never destroyed before control; addStructures).
func (s *solver) structuresLeft() int {
	n := 0
	sp := &s.p.side[defender]
	for i, sl := range sp.slots {
		if sl.zone == zonePlanet && sl.stats.Kind.Structure() && sp.in[i]&(1<<tGround) == 0 && sp.isCounted(uint8(i)) {
			n += int(sp.start[i])
		}
	}
	return n
}
