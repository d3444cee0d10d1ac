package engine

import "maps"

// The invasion's walk over the planet in the exact solver: walkPlanet
// carries the joint ground states through the steps on the planet
// (bombardment, commitment, space cannon defense, the ground combat),
// replaying the engine's own code on scratch trials for the steps it has no
// tables for (replay, roll), and fights the ground combat (groundPhase).

// walkPlanetByRounds is walkPlanet for an invasion where a first-rounds
// bonus (FirstRoundsBonus: Morale Boost's copies, played at the start of
// each round of either combat while they last) reaches the ground combat
// with the copies the space combat left: its mass is split by the space
// combat's rounds r (a round's start spends a copy), 0 to most (most: r of
// most or more), and each part walks the planet with its ground combat's
// bonus rounds shifted by r.
func (s *Solver) walkPlanetByRounds(steps []step, st planetState, most int) error {
	defer func() { s.roundOffset = 0 }()
	for r := 0; r <= most; r++ {
		var h roundsHist
		if r < most {
			h[r] = st.hist[r]
		} else {
			copy(h[most:], st.hist[most:])
		}
		part := st
		if part.m = h.sum(); part.m == 0 {
			continue
		}
		part.hist = &h
		part.dist = maps.Clone(st.dist)
		s.roundOffset = r
		if err := s.walkPlanet(steps, part); err != nil {
			return err
		}
	}
	return nil
}

// planetState is what walkPlanet carries: the distribution dist of joint
// ground states (chain g) for mass m of the action, and, in an invasion,
// the final states sa, sd of the space chain c with their rounds hist, the
// attacker's ground state ga and the defender's gd that dist starts from,
// and the attacker's ships left in space with their damage.
type planetState struct {
	c, g           *chain
	sa, sd, ga, gd uint32
	m              float64
	hist           *roundsHist
	dist           map[uint32]float64
	ships          *[MaxSlots]uint16
	damaged        [MaxSlots]uint16
}

// walkPlanet carries st through the steps on the planet, in the order of
// actionSteps: the invasion's gate, bombardment, commitment, space cannon
// defense, and the ground combat with control.
func (s *Solver) walkPlanet(steps []step, st planetState) error {
	p := s.P
	g, m := st.g, st.m
	nd := uint32(g.ss[Defender].n)
	dist := st.dist
	for _, step := range steps {
		switch step {
		case stepInvasionGate:
			// No ship left to carry the ground forces: they are removed,
			// not destroyed, and there is no invasion (capacity, LRR 16).
			if p.Side[Attacker].hadShips && st.sa == 0 {
				s.noCarrier(st)
				return nil
			}
			s.shipsLeft = [2]int{unitsIn(st.c, Attacker, st.sa), unitsIn(st.c, Defender, st.sd)}
			s.shipsDamaged = st.damaged
			// Effects at the start of the invasion.
			if len(p.Hooks.startOfInvasion) > 0 {
				dist = s.replay(g, dist, st.ships, func(t *Trial) {
					for _, h := range p.Hooks.startOfInvasion {
						h(t)
					}
				})
			}
		case stepBombardment:
			// Bombardment by the attacker's ships left in space, unless
			// shielded, and the effects after it.
			switch {
			case !s.shieldedBy(st.ships):
				dist = s.roll(g, dist, st.ships, Attacker, RollBombard, nil)
			case len(p.Side[Attacker].ThroughShield) > 0: // TI3 war suns
				dist = s.roll(g, dist, st.ships, Attacker, RollBombard, p.Side[Attacker].ThroughShield)
			}
			// A hit that found no ground force turned the planet neutral
			// (SetNeutralOnBombard): neither player controls it.
			for _, j := range sortedKeys(s.neutral) {
				s.settleUninvaded(st, j, s.neutral[j], draw)
			}
			clear(s.neutral)
		case stepCommit:
			if !p.noCommit {
				s.invaded += m
			}
			// After the commitment: effects may send the ground forces
			// back to space: no invasion for that mass.
			if hs := p.Hooks.afterCommit; len(hs) > 0 && !p.noCommit {
				dist = s.sentBack(st, dist, nd, hs)
			}
		case stepSpaceCannonDefense:
			// Space cannon defense at the committed ground forces.
			if len(p.Side[Defender].Rollers[RollSCD]) > 0 {
				dist = s.roll(g, dist, st.ships, Defender, RollSCD, nil)
			}
		case stepGroundCombat:
			return s.groundPhase(g, dist, m, st.hist, st.ships)
		}
	}
	return nil
}

// noCarrier settles st when the attacker has no ship left to carry its
// ground forces: they are removed, not destroyed, and the defender keeps
// the planet.
func (s *Solver) noCarrier(st planetState) {
	g, m := st.g, st.m
	var ag, dg [MaxSlots]uint16
	g.ss[Attacker].decode(st.ga, &ag, &dg)
	for _, sl := range g.ss[Attacker].slots {
		s.removed[Attacker][sl] += m * float64(ag[sl])
	}
	s.outcome[DefenderWins] += m
	s.addSurvivors(g, Defender, st.gd, m)
	s.Left.add(DefenderWins, unitsIn(st.c, Attacker, st.sa), unitsIn(st.c, Defender, st.sd)+unitsIn(g, Defender, st.gd)+s.Structures, m)
	s.addStructures(m, false)
	s.addUnfought(st, 1)
	s.hist[OnGround][0] += m
}

// sentBack runs the hooks after the commitment (hs) on each state of dist:
// the mass they send back to space is settled (no invasion: the defender
// keeps the planet) and the rest returned.
func (s *Solver) sentBack(st planetState, dist map[uint32]float64, nd uint32, hs []func(t *Trial) bool) map[uint32]float64 {
	g, m := st.g, st.m
	kept := map[uint32]float64{}
	for _, j := range sortedKeys(dist) {
		t := s.scratch(g, j, st.ships)
		t.Invaded = true
		back := false
		for _, h := range hs {
			if !h(t) {
				back = true
				break
			}
		}
		if !back {
			kept[j] += dist[j]
			continue
		}
		s.invaded -= m * dist[j]
		s.recordLanding(g, j/nd, j%nd, false, true, m*dist[j])
		s.settleUninvaded(st, j, dist[j], DefenderWins)
	}
	return kept
}

// settleUninvaded settles the fraction q of st's mass in joint ground
// state j where no ground combat follows (the planet is not invaded) with
// outcome o: survivors, units left, the defender's structures, and no
// ground round.
func (s *Solver) settleUninvaded(st planetState, j uint32, q float64, o outcome) {
	g, m := st.g, st.m
	nd := uint32(g.ss[Defender].n)
	s.addSurvivors(g, Attacker, j/nd, m*q)
	s.addSurvivors(g, Defender, j%nd, m*q)
	s.outcome[o] += m * q
	s.Left.add(o, s.shipsLeft[Attacker]+unitsIn(g, Attacker, j/nd),
		s.shipsLeft[Defender]+unitsIn(g, Defender, j%nd)+s.Structures, m*q)
	s.addStructures(m*q, false)
	s.hist[OnGround][0] += m * q
	s.addUnfought(st, q)
}

// addUnfought adds the fraction q of st's mass, ended with no ground
// round, to the action's rounds: the rounds of the space combat it came
// from, or none where there was no space combat (st.hist nil: a ground
// combat, or a landing solved on its own for a system's commitment).
func (s *Solver) addUnfought(st planetState, q float64) {
	if st.hist == nil {
		s.total[0] += st.m * q
		return
	}
	s.total.add(st.hist, q)
}

// scratch returns a trial holding the attacker's units as in ships (or at
// their start when ships is nil) with chain g's units replaced by its
// joint state j, and the defender's units at their start with g's units
// from j: the state on which the exact solver replays the engine's own
// steps and effects.
func (s *Solver) scratch(g *chain, j uint32, ships *[MaxSlots]uint16) *Trial {
	return g.trialAt(j, ships, &s.shipsDamaged)
}

// replay applies a deterministic step f to every joint state of dist (of
// chain g: the space combat's ships, or the invasion's ground forces with
// the attacker's ships as in ships).
func (s *Solver) replay(g *chain, dist map[uint32]float64, ships *[MaxSlots]uint16, f func(*Trial)) map[uint32]float64 {
	out := make(map[uint32]float64, len(dist))
	for _, j := range sortedKeys(dist) {
		t := s.scratch(g, j, ships)
		f(t)
		out[encodeJoint(g, t)] += dist[j]
	}
	return out
}

// roll applies a roll of kind r by shooter (bombardment or space cannon
// defense) to every joint ground state of dist: each number of hits with
// its exact probability, assigned by the engine's own assign and followed
// by the effects after a bombardment. only, when not nil, are the rollers
// that fire instead of all of kind r (TI3's war suns through a shield).
func (s *Solver) roll(g *chain, dist map[uint32]float64, ships *[MaxSlots]uint16, shooter Side, r RollKind, only []Roller) map[uint32]float64 {
	target := shooter.Opp()
	out := make(map[uint32]float64, len(dist))
	for _, j := range sortedKeys(dist) {
		t := s.scratch(g, j, ships)
		neutral := r == RollBombard && s.P.neutralOnBombard
		if !t.Has(target, TGround) && !neutral {
			out[j] += dist[j]
			continue
		}
		var pmf []float64
		if only != nil {
			pmf = rollersPMF(only, &t.Alive[shooter], &t.Damaged[shooter], s.P.HitFactor[shooter][r])
		} else {
			pmf = s.P.hitPMF(shooter, r, &t.Alive[shooter], &t.Damaged[shooter], 0)
		}
		for h, q := range pmf {
			if q == 0 {
				continue
			}
			u := s.scratch(g, j, ships)
			before := u.Alive[target]
			u.Assign(target, r, h)
			if r == RollBombard {
				for _, f := range s.P.Hooks.afterBombard {
					f(u, &before)
				}
			}
			if neutral && h > t.absorbs(target, r) {
				if s.neutral == nil {
					s.neutral = map[uint32]float64{}
				}
				s.neutral[encodeJoint(g, u)] += dist[j] * q
				continue
			}
			out[encodeJoint(g, u)] += dist[j] * q
		}
	}
	return out
}

// shieldedBy reports whether the planet is shielded against an attacker
// whose units are alive.
func (s *Solver) shieldedBy(alive *[MaxSlots]uint16) bool {
	// Structures are never destroyed before control: the defender's at
	// their start.
	return s.P.shieldedAgainst(alive, &s.P.Side[Defender].Start)
}

// groundPhase fights the ground combat from dist (joint ground states) for
// mass m and records outcomes, ground survivors and rounds; spaceHist, for
// an invasion, is the space combat's rounds of this mass.
func (s *Solver) groundPhase(g *chain, dist map[uint32]float64, m float64, spaceHist *roundsHist, ships *[MaxSlots]uint16) error {
	nd := uint32(g.ss[Defender].n)
	fights, quiet := split(dist, nd)
	// Effects at the start of ground combat act
	// wherever a combat takes place; a combat they end lasted one round.
	if len(s.P.Hooks.startOfCombat[OnGround]) > 0 {
		fights = s.replay(g, fights, ships, func(t *Trial) {
			for _, h := range s.P.Hooks.startOfCombat[OnGround] {
				h(t)
			}
		})
	}
	g.outside = ships                              // a ship of the attacker's may stop Sustain Damage (blockedAt)
	final, _, occupancy, err := s.fight(g, fights) // no retreat from a ground combat
	g.outside = nil
	if err != nil {
		return err
	}
	s.meanRounds[OnGround] += m * (occupancy + endedBeforeRolls(final))
	var groundHist roundsHist
	record := func(j uint32, q float64, fought bool, a *absorbed) {
		ga, gd := j/nd, j%nd
		s.addSurvivors(g, Attacker, ga, m*q)
		s.addSurvivors(g, Defender, gd, m*q)
		s.addState(g, ga, gd, m*q)
		o := s.P.planetHolder(ga != 0, gd != 0, fought)
		s.recordLanding(g, ga, gd, o == AttackerWins && !a.stuck && !a.stopped, false, m*q)
		switch {
		case a.stuck:
			o = unfinished
			s.unresolved += m * q
		case a.stopped:
			o = unfinished
		case ga == 0 && fought && gd == 0 && s.P.action == Invasion:
			s.wipedOut += m * q
		}
		s.outcome[o] += m * q
		captured := o == AttackerWins && s.P.action == Invasion
		d := s.shipsLeft[Defender] + unitsIn(g, Defender, gd)
		if !captured {
			d += s.Structures
		}
		s.Left.add(o, s.shipsLeft[Attacker]+unitsIn(g, Attacker, ga), d, m*q)
		s.addStructures(m*q, captured)
	}
	for _, j := range sortedKeys(final) {
		a := final[j]
		q := a.hist.sum()
		groundHist.add(&a.hist, 1)
		record(j, q, true, a)
	}
	for _, j := range sortedKeys(quiet) {
		groundHist[0] += quiet[j]
		record(j, quiet[j], false, &absorbed{})
	}
	s.hist[OnGround].add(&groundHist, m)
	if spaceHist == nil {
		s.total.add(&groundHist, m)
	} else {
		// spaceHist carries mass m; groundHist is a distribution.
		t := spaceHist.convolve(&groundHist)
		s.total.add(&t, 1)
	}
	return nil
}
