package engine

// The space area's steps in the exact solver: space cannon offense and the
// anti-fighter barrage as tables over the joint states (fire, volley), the
// space combat (spaceCombat), and each final state of the space area
// settled (spaceEnd): the capacity check (afterCapacity), then the outcome
// or the walk over the planet (exactinvasion.go).

// fire applies a roll of kind r by side shooter (units as in its state of
// chain c, or its start when it has none there) to the target side's state,
// to every joint state of dist.
func (s *Solver) fire(c *chain, dist map[uint32]float64, shooter Side, r RollKind) map[uint32]float64 {
	target := shooter.Opp()
	nd := uint32(c.ss[Defender].n)
	out := make(map[uint32]float64, len(dist))
	for _, j := range sortedKeys(dist) {
		m := dist[j]
		st := [2]uint32{j / nd, j % nd}
		alive, damaged := s.overlay(c, shooter, st[shooter])
		pmf := s.P.hitPMF(shooter, r, &alive, &damaged, 0)
		for h, q := range pmf {
			if q == 0 {
				continue
			}
			ns := st
			ns[target] = s.advance(c, target, r, st[target], st[shooter], h)
			out[ns[0]*nd+ns[1]] += m * q
		}
	}
	return out
}

// spaceCannonOffense is the step's exact form: the attacker fires first,
// then the defender.
func (s *Solver) spaceCannonOffense(c *chain, dist map[uint32]float64) map[uint32]float64 {
	for _, side := range [2]Side{Attacker, Defender} {
		if len(s.P.Side[side].Rollers[RollSCO]) > 0 {
			dist = s.fire(c, dist, side, RollSCO)
		}
	}
	return dist
}

// spaceCombat is the step's exact form: where both sides have ships, the
// start-of-combat effects, anti-fighter barrage (both at
// once), the TI3 pre-combat rolls and the rounds. It returns the final
// states of the space area with their rounds; a state where no space
// combat took place ends with 0 rounds.
func (s *Solver) spaceCombat(c *chain, dist map[uint32]float64) (map[uint32]*absorbed, [2]map[uint32]*roundsHist, error) {
	nd := uint32(c.ss[Defender].n)
	fights, quiet := split(dist, nd)
	final, fled, err := s.startSpaceCombat(c, fights)
	if err != nil {
		return nil, fled, err
	}
	for _, j := range sortedKeys(quiet) {
		a, ok := final[j]
		if !ok {
			a = &absorbed{}
			final[j] = a
		}
		a.hist[0] += quiet[j]
	}
	return final, fled, nil
}

// startSpaceCombat runs the start-of-combat effects on the states fights,
// then the rest of the combat (spaceRounds). Where a side holds Direct
// Hit, an effect's hit that a ship sustains may spend a copy (Dimensional
// Splicer's, Ambush's): the states after the effects are then grouped by
// the copies left, each group's combat starting with them.
func (s *Solver) startSpaceCombat(c *chain, fights map[uint32]float64) (map[uint32]*absorbed, [2]map[uint32]*roundsHist, error) {
	p := s.P
	hs := p.Hooks.startOfCombat[InSpace]
	if len(hs) == 0 {
		return s.spaceRounds(c, fights)
	}
	run := func(t *Trial) {
		for _, h := range hs {
			h(t)
		}
	}
	if p.counted.destroy[Attacker].copies == 0 && p.counted.destroy[Defender].copies == 0 {
		return s.spaceRounds(c, s.replay(c, fights, nil, run))
	}
	return s.byCopies(s.replayCounted(c, fights, run), func(g map[uint32]float64) (map[uint32]*absorbed, [2]map[uint32]*roundsHist, error) {
		return s.spaceRounds(c, g)
	})
}

// replayCounted is replay of f on the states dist of chain c, each trial
// starting with the Direct Hit copies left (s.copies, else the plan's):
// the states after, grouped by the copies left then.
func (s *Solver) replayCounted(c *chain, dist map[uint32]float64, f func(*Trial)) map[uint64]map[uint32]float64 {
	p := s.P
	cnt := p.startCounters()
	if s.copies != nil {
		cnt = *s.copies
	}
	out := map[uint64]map[uint32]float64{}
	for _, j := range sortedKeys(dist) {
		t := s.scratch(c, j, nil)
		for side := range NumSides {
			if d := p.counted.destroy[side]; d.copies > 0 {
				t.Used[d.counter] = uint8(d.copies - int(cnt.hits[side]))
			}
		}
		f(t)
		left := cnt
		for side := range NumSides {
			if d := p.counted.destroy[side]; d.copies > 0 {
				left.hits[side] = uint8(d.copies - int(t.Used[d.counter]))
			}
		}
		groupOf(out, left)[encodeJoint(c, t)] += dist[j]
	}
	return out
}

// spaceRounds is the space combat after its start-of-combat effects:
// anti-fighter barrage, the TI3 pre-combat rolls and the rounds, from the
// states fights.
func (s *Solver) spaceRounds(c *chain, fights map[uint32]float64) (map[uint32]*absorbed, [2]map[uint32]*roundsHist, error) {
	p := s.P
	if len(fights) > 0 {
		fights = s.volley(c, fights, RollAFB)
	}
	if len(fights) > 0 && len(p.Side[Attacker].Rollers[RollPreCombat])+len(p.Side[Defender].Rollers[RollPreCombat]) > 0 {
		fights = s.volley(c, fights, RollPreCombat) // TI3: after the barrage's casualties
	}
	final, fled, occupancy, err := s.fight(c, fights)
	if err != nil {
		return nil, fled, err
	}
	s.meanRounds[InSpace] += occupancy + endedBeforeRolls(final) // once, or once per group of copies (byCopies)
	return final, fled, nil
}

// spaceEnd settles one final state j of the space area, reached with the
// rounds and mass of a: capacity when the space combat ends, then the
// outcome of a space combat (no steps left), or of an invasion — none
// when the space combat never ends, otherwise the steps on the planet
// (walkPlanet).
func (s *Solver) spaceEnd(c, g *chain, j uint32, a *absorbed, rest []step) error {
	nd := uint32(c.ss[Defender].n)
	m := a.hist.sum()
	s.hist[InSpace].add(&a.hist, 1)
	sp := holderOf(j/nd, j%nd) // who won, before capacity
	switch {
	case a.stuck || a.stopped:
		sp = unfinished
	case a.fled && a.by == Attacker:
		sp = attackerRetreats
	case a.fled:
		sp = defenderRetreats
	}
	s.massOf = m
	sa, sd, ga := j/nd, j%nd, uint32(0)
	if !a.stopped { // a combat stopped by the round limit has not ended: no capacity
		sa, sd, ga = s.afterCapacity(c, g, j)
	}
	s.addSurvivors(c, Attacker, sa, m)
	s.addSurvivors(c, Defender, sd, m)
	s.space[sp] += m
	if s.collect != nil {
		return s.collect(spaceEndState{c: c, g: g, sa: sa, sd: sd, ga: ga, m: m, sp: sp, stuck: a.stuck, stopped: a.stopped})
	}
	if len(rest) == 0 {
		s.addState(c, sa, sd, m)
		s.outcome[sp] += m
		s.Left.add(sp, unitsIn(c, Attacker, sa), unitsIn(c, Defender, sd)+s.Structures, m)
		s.addStructures(m, false)
		s.total.add(&a.hist, 1)
		if a.stuck {
			s.unresolved += m
		}
		return nil
	}
	gd := s.startState(g) % uint32(g.ss[Defender].n)
	if a.stuck || sp == attackerRetreats {
		// An unending space combat, or the attacker's ships retreated: no
		// invasion.
		o := attackerRetreats
		if a.stuck {
			s.unresolved += m
			o = unfinished
		}
		s.outcome[o] += m
		s.addSurvivors(g, Attacker, ga, m)
		s.addSurvivors(g, Defender, gd, m)
		s.Left.add(o, unitsIn(c, Attacker, sa)+unitsIn(g, Attacker, ga),
			unitsIn(c, Defender, sd)+unitsIn(g, Defender, gd)+s.Structures, m)
		s.addStructures(m, false)
		s.total.add(&a.hist, 1)
		s.hist[OnGround][0] += m
		return nil
	}
	ships, damaged := s.overlay(c, Attacker, sa)
	st := planetState{
		c: c, g: g, sa: sa, sd: sd, ga: ga, gd: gd, m: m, hist: &a.hist,
		dist:  map[uint32]float64{ga*uint32(g.ss[Defender].n) + gd: 1},
		ships: &ships, damaged: damaged,
	}
	if most := s.P.mostBonusUses(); most > 0 {
		return s.walkPlanetByRounds(rest, st, most)
	}
	return s.walkPlanet(rest, st)
}

// afterCapacity applies the capacity check at the end of the space combat
// to final joint ship state j of chain c, with the attacker's ground forces
// (chain g, at their start) in the space area. It returns the ships' states
// and the attacker's ground state after it (0 when g is nil).
func (s *Solver) afterCapacity(c, g *chain, j uint32) (sa, sd, ga uint32) {
	t := s.scratch(c, j, nil)
	before := t.Alive
	t.capacity()
	m := s.massOf
	for side := range before {
		for i := range before[side] {
			s.removed[side][i] += m * float64(before[side][i]-t.Alive[side][i])
		}
		s.capacityLost[side] += m * float64(t.capacityLost[side])
	}
	sa = c.ss[Attacker].encode(&t.Alive[Attacker], &t.Damaged[Attacker])
	sd = c.ss[Defender].encode(&t.Alive[Defender], &t.Damaged[Defender])
	if g != nil {
		ga = g.ss[Attacker].encode(&t.Alive[Attacker], &t.Damaged[Attacker])
	}
	return sa, sd, ga
}

// volley applies both sides' rolls of kind r at once (anti-fighter
// barrage; TI3's pre-combat shots) to every joint state of dist where both
// sides still have ships. A state where a start-of-combat effect left a
// side none (Dimensional Splicer's hit on a lone ship) has no barrage: the
// combat is over, and a roll that needs no unit of the holder's (Metali
// Void Armaments) is not made either — as the trials do (antiFighterBarrage).
func (s *Solver) volley(c *chain, dist map[uint32]float64, r RollKind) map[uint32]float64 {
	nd := uint32(c.ss[Defender].n)
	out := make(map[uint32]float64, len(dist))
	for _, j := range sortedKeys(dist) {
		m := dist[j]
		st := [2]uint32{j / nd, j % nd}
		if st[Attacker] == 0 || st[Defender] == 0 {
			out[j] += m
			continue
		}
		var pmf [2][]float64
		for side := range NumSides {
			alive, damaged := s.overlay(c, side, st[side])
			pmf[side] = s.P.hitPMF(side, r, &alive, &damaged, 0)
		}
		for ha, qa := range pmf[Attacker] {
			for hd, qd := range pmf[Defender] {
				if qa*qd == 0 {
					continue
				}
				na := s.advance(c, Attacker, r, st[Attacker], st[Defender], hd)
				nd2 := s.advance(c, Defender, r, st[Defender], st[Attacker], ha)
				out[na*nd+nd2] += m * qa * qd
			}
		}
	}
	return out
}
