package engine

import "fmt"

// The exact solver's tallies and its Result: the mass of each end state
// added to the expected units and structures left (addSurvivors,
// addState, addStructures), and the sums turned into a Result.

// addSurvivors adds mass m of side's chain state st to the expected
// survivors.
func (s *Solver) addSurvivors(c *chain, side Side, st uint32, m float64) {
	s.alive[side] = addUnits(s.alive[side], c, side, st, m)
}

// addState adds mass m of chain c's joint end state (sa, sd) — each side's
// units, the others at their start — to the end states a round limit
// reports (Result.States); nothing without a round limit.
func (s *Solver) addState(c *chain, sa, sd uint32, m float64) {
	if s.states == nil || m == 0 {
		return
	}
	var k unitState
	for side, st := range [2]uint32{sa, sd} {
		k[side][0], k[side][1] = s.overlay(c, Side(side), st)
	}
	s.states[k] += m
}

func addUnits(acc [MaxSlots]float64, c *chain, side Side, st uint32, m float64) [MaxSlots]float64 {
	ss := &c.ss[side]
	for j, slot := range ss.slots {
		if sl := &c.plan.Side[side].Slots[slot]; sl.Form == FormWorn {
			slot = sl.Of // reported with its unit
		}
		acc[slot] += m * float64(ss.unit(st, j)[0])
	}
	return acc
}

// addStructures adds mass m of the defender's structures, destroyed when
// the attacker took the planet; structures that are also ground forces
// are in the states already.
func (s *Solver) addStructures(m float64, captured bool) {
	if captured {
		return
	}
	sp := &s.P.Side[Defender]
	for i, sl := range sp.Slots {
		if sl.Zone == ZonePlanet && sl.Stats.Kind.Structure() && sp.In[i]&(1<<TGround) == 0 {
			s.alive[Defender][i] += m * float64(sp.Start[i])
		}
	}
}

func holderOf(sa, sd uint32) outcome {
	switch {
	case sa != 0 && sd == 0:
		return AttackerWins
	case sd != 0 && sa == 0:
		return DefenderWins
	}
	return draw
}

// Result turns the solver's sums into a Result.
func (s *Solver) Result() Result {
	p := s.P
	exactP := exactProbability
	outs := func(o [numOutcomes]float64) Outcomes {
		return Outcomes{AttackerWin: exactP(o[AttackerWins]), Draw: exactP(o[draw]), DefenderWin: exactP(o[DefenderWins]), Unfinished: exactP(o[unfinished]),
			AttackerRetreats: exactP(o[attackerRetreats]), DefenderRetreats: exactP(o[defenderRetreats])}
	}
	rounds := func(h *roundsHist, mean float64) Rounds {
		last := histBins
		for last > 0 && h[last-1] < 1e-15 {
			last--
		}
		return Rounds{Mean: Mean{Value: mean}, Histogram: append([]float64(nil), h[:last]...)}
	}
	r := Result{Action: p.action, Exact: true, Outcome: outs(s.outcome)}
	for side, sr := range []*SideResult{&r.Attacker, &r.Defender} {
		lost := 0.0
		for i, sl := range p.Side[side].Slots {
			if !sl.Report {
				continue
			}
			sr.Survivors = append(sr.Survivors, Survivor{
				Kind: sl.Stats.Kind, Name: sl.Stats.Name, Start: p.Side[side].reportedStart(i),
				Expected: Mean{Value: s.alive[side][i]},
			})
			lost += float64(sl.CostHalves) / 2 * (float64(p.Side[side].reportedStart(i)) - s.alive[side][i])
		}
		sr.ResourcesLost = Mean{Value: lost}
		sr.CapacityLost = Mean{Value: s.capacityLost[side]}
		sr.Left = s.Left.side(side)
		for _, i := range p.Side[side].Revivers {
			killed := float64(p.Side[side].Start[i]) - s.alive[side][i] - s.removed[side][i]
			sr.Revived.Value += HitProbability(p.Side[side].Slots[i].Stats.Revive.Value) * killed
		}
	}
	switch p.action {
	case SpaceCombat:
		r.Rounds = rounds(&s.hist[InSpace], s.meanRounds[InSpace])
	case GroundCombat:
		r.Rounds = rounds(&s.hist[OnGround], s.meanRounds[OnGround])
	case Invasion:
		r.Rounds = rounds(&s.total, s.meanRounds[InSpace]+s.meanRounds[OnGround])
		r.Space = &Phase{Outcome: outs(s.space), Rounds: rounds(&s.hist[InSpace], s.meanRounds[InSpace])}
		gr := rounds(&s.hist[OnGround], s.meanRounds[OnGround])
		r.GroundRounds = &gr
		r.Invaded = exactP(s.invaded)
		r.Outcome.BothWipedOut = exactP(s.wipedOut)
	}
	if s.states != nil {
		r.States = statesOf(p, s.states, exactP)
	}
	if rr := s.retreatRule; rr != nil {
		r.RetreatWhen = statesOf(p, rr.states(s), exactP)
	}
	r.Warnings = append(r.Warnings, p.Warnings...)
	if s.unresolved > 0 && !p.neverEnds {
		r.Warnings = append(r.Warnings, fmt.Sprintf("with probability %.3g a combat reaches a state where no unit can score a hit: it never ends; reported as unfinished, stopped at the round cap of %d rounds", s.unresolved, MaxRounds))
	}
	return r
}
