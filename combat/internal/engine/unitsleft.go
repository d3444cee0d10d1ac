package engine

// UnitsLeft is combat.UnitsLeft as the engine fills it; its meaning, fields and
// ranges are documented there (combat converts it once, at its seam).
type UnitsLeft struct {
	AttackerWin, Draw, DefenderWin                 []float64
	AttackerRetreats, DefenderRetreats, Unfinished []float64
}

// of returns the slice of outcome o.
func (u *UnitsLeft) of(o outcome) *[]float64 {
	switch o {
	case AttackerWins:
		return &u.AttackerWin
	case draw:
		return &u.Draw
	case DefenderWins:
		return &u.DefenderWin
	case attackerRetreats:
		return &u.AttackerRetreats
	case defenderRetreats:
		return &u.DefenderRetreats
	}
	return &u.Unfinished
}

// AtLeast is the probability that the side has at least n units left,
// whatever the outcome: the bins from n up of every outcome's slice.
func (u *UnitsLeft) AtLeast(n int) float64 {
	var p float64
	for o := range numOutcomes {
		bins := *u.of(o)
		for k := max(n, 0); k < len(bins); k++ {
			p += bins[k]
		}
	}
	return min(max(p, 0), 1)
}

// prepareLeft lists each side's slots whose units count as units left
// (UnitsLeft) and the number of bins their count needs.
func (p *Plan) prepareLeft() {
	for s := range NumSides {
		sp := &p.Side[s]
		sp.counted = sp.counted[:0]
		most := 0
		for i := range sp.Slots {
			if sp.isCounted(uint8(i)) {
				sp.counted = append(sp.counted, uint8(i))
				most += int(sp.Start[i])
			}
		}
		sp.leftBins = most + 1
	}
}

// unitsLeft is the number of side's units alive in alive, counted as
// UnitsLeft counts them, at most the last bin.
func (p *Plan) unitsLeft(side Side, alive *[MaxSlots]uint16) int {
	n := 0
	for _, i := range p.Side[side].counted {
		n += int(alive[i])
	}
	return min(n, p.Side[side].leftBins-1)
}

// prepareLeft sizes a's units-left counts for plan p: per side, one row
// of p's bins for each outcome.
func (a *Tally) prepareLeft(p *Plan) {
	for s := range a.left {
		a.left[s] = make([]int64, int(numOutcomes)*p.Side[s].leftBins)
	}
}

// unitsLeftOf turns a's units-left counts into a side's distribution.
func (p *Plan) unitsLeftOf(a *Tally, side Side) UnitsLeft {
	var u UnitsLeft
	w := p.Side[side].leftBins
	if a.N == 0 || len(a.left[side]) != int(numOutcomes)*w {
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
			d[k] = float64(row[k]) / float64(a.N)
		}
		*u.of(o) = d
	}
	return u
}

// exactLeft is the exact solver's mass per outcome and number of units
// left, per side.
type exactLeft [2][numOutcomes][]float64

func NewExactLeft(p *Plan) exactLeft {
	var e exactLeft
	for s := range e {
		for o := range e[s] {
			e[s][o] = make([]float64, p.Side[s].leftBins)
		}
	}
	return e
}

// add adds mass m of outcome o with a and d units left.
func (e *exactLeft) add(o outcome, a, d int, m float64) {
	ra, rd := e[Attacker][o], e[Defender][o]
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
func unitsIn(c *chain, side Side, st uint32) int {
	if c == nil {
		return 0
	}
	ss := &c.ss[side]
	sp := &c.plan.Side[side]
	n := 0
	for j, slot := range ss.slots {
		if sp.isCounted(slot) {
			n += int(ss.unit(st, j)[0])
		}
	}
	return n
}

// isCounted reports whether slot i's units count as units left.
func (sp *SidePlan) isCounted(i uint8) bool {
	sl := &sp.Slots[i]
	return sl.Report || (sl.Form == FormWorn && sp.Slots[sl.Of].Report)
}

// StructuresLeft is the number of the defender's structures outside the
// chains (never destroyed before control; addStructures).
func (s *Solver) StructuresLeft() int {
	n := 0
	sp := &s.P.Side[Defender]
	for i, sl := range sp.Slots {
		if sl.Zone == ZonePlanet && sl.Stats.Kind.Structure() && sp.In[i]&(1<<TGround) == 0 && sp.isCounted(uint8(i)) {
			n += int(sp.Start[i])
		}
	}
	return n
}
