package engine

import (
	"context"
	"encoding/binary"
	"fmt"
)

// spaceEnd is a final state of a system's space area, handed by the
// exact solver to the system's composition (Solver.collect): the space
// chain c's attacker state sa after the capacity check, the attacker's
// ground state ga in chain g, its mass m and how the space area ended.
type spaceEndState struct {
	c, g    *chain
	sa, sd  uint32
	ga      uint32
	m       float64
	sp      outcome
	stuck   bool
	stopped bool
}

// SystemRefusal returns why the system cannot be solved exactly by
// composing the space area's exact solution with each planet's (nil when
// it can): the planets' combats are solved apart, so nothing they share
// may carry over from one to the next.
func (sys *SystemPlan) SystemRefusal() error {
	for _, p := range append([]*Plan{sys.Space}, sys.Planets...) {
		if err := planRefusal(p); err != nil {
			return err
		}
		switch {
		case p.counters > 0:
			return NotExact("exact mode for a system solves each planet apart and cannot carry cards' copies or once-per-action marks between the space combat and the planets' combats; run it without exact mode")
		case p.Side[Attacker].tradeGoods > 0 || p.Side[Defender].tradeGoods > 0 || p.Side[Attacker].influence > 0 || p.Side[Defender].influence > 0:
			return NotExact("exact mode for a system solves each planet apart and cannot share trade goods or influence between the combats; run it without exact mode")
		case p.mostBonusUses() > 0:
			return NotExact("exact mode for a system cannot carry a first-rounds bonus from the space combat to the planets' ground combats; run it without exact mode")
		case len(p.Steps) != len(actionSteps[p.action]):
			return NotExact("exact mode cannot express a step before the action (the TI3 space mine)")
		}
	}
	return nil
}

// Solve answers the system exactly: the space area by the exact solver,
// then, from each of its final states, every planet's bombardment, the
// commit policy's split of the ground forces for each combination of the
// planets' defenders after bombardment, and each planet's landing (space
// cannon defense, ground combat, control) solved exactly with the ships
// left. Planets are independent given the ships, the split and their
// defenders after bombardment, so the chance of taking n planets is the
// sum over those of a Poisson-binomial law.
func (sys *SystemPlan) Solve(ctx context.Context, maxStates int) (SystemResult, error) {
	if err := sys.SystemRefusal(); err != nil {
		return SystemResult{}, err
	}
	kp := len(sys.Planets)
	odds := make([]*planetOdds, kp)
	for k, p := range sys.Planets {
		if k < len(sys.Commit.odds) {
			odds[k] = sys.Commit.odds[k]
			continue
		}
		o, err := newPlanetOdds(ctx, p, maxStates)
		if err != nil {
			return SystemResult{}, err
		}
		odds[k] = o
	}
	comp := &composition{sys: sys, odds: odds, ctx: ctx, memo: map[string]landingValue{}}
	comp.taken = make([]float64, kp+1)
	if sys.Ends {
		comp.ends = map[systemEnd]float64{}
	}
	s0 := &Solver{Ctx: ctx, P: sys.Space, MaxStates: maxStates, Left: NewExactLeft(sys.Space)}
	s0.collect = comp.end
	if err := s0.Solve(); err != nil {
		return SystemResult{}, err
	}
	if comp.err != nil {
		return SystemResult{}, comp.err
	}
	if err := sys.Commit.Err(); err != nil {
		return SystemResult{}, err
	}
	return comp.result(s0), nil
}

// composition accumulates the system's exact answer.
type composition struct {
	sys  *SystemPlan
	odds []*planetOdds
	ctx  context.Context
	memo map[string]landingValue
	err  error

	takeAll   float64
	taken     []float64
	kept      [MaxSlots]float64
	planet    [MaxPlanets]planetSums
	unresolve float64
	// ends, when asked (SystemPlan.Ends), is the mass of each end state;
	// base the end state of the space area being settled.
	ends map[systemEnd]float64
	base systemEnd
}

// planetSums are one planet's expected values, summed with their masses.
type planetSums struct {
	taken, invaded, wiped, rounds float64
	committed, attacker, defender [MaxSlots]float64
}

// end settles one final state of the space area (Solver.collect).
func (c *composition) end(e spaceEndState) error {
	if err := c.ctx.Err(); err != nil {
		return err
	}
	sys := c.sys
	var pool Pool
	e.g.ss[Attacker].decode(e.ga, &pool.Alive, &pool.Damaged)
	noInvasion := e.stuck || e.stopped || e.sp == attackerRetreats
	if !noInvasion && sys.Space.Side[Attacker].hadShips && e.sa == 0 {
		// No ship left to carry the ground forces: removed, no invasion.
		pool = Pool{}
		noInvasion = true
	}
	if e.stuck {
		c.unresolve += e.m
	}
	if c.ends != nil {
		c.base = c.spaceBase(e)
	}
	if noInvasion {
		c.uninvaded(e.m, &pool)
		return nil
	}
	s0 := &Solver{P: sys.Space}
	ships, damaged := s0.overlay(e.c, Attacker, e.sa)
	kp := len(sys.Planets)
	dists, err := c.bombarded(&ships, &damaged, &pool)
	if err != nil {
		return err
	}
	var idx [MaxPlanets]int
	for {
		w := e.m
		var after, afterDamaged [MaxPlanets][MaxSlots]uint16
		var ptrs, dptrs [MaxPlanets]*[MaxSlots]uint16
		var d [MaxPlanets]uint32
		for k := range kp {
			ws := dists[k][idx[k]]
			w *= ws.w
			d[k] = ws.j
			after[k], afterDamaged[k] = sys.Planets[k].Side[Defender].Start, sys.Planets[k].Side[Defender].StartDamaged
			c.odds[k].g.ss[Defender].decode(ws.j, &after[k], &afterDamaged[k])
			ptrs[k], dptrs[k] = &after[k], &afterDamaged[k]
		}
		split := sys.Commit.decide(&pool, ptrs[:kp], dptrs[:kp])
		if err := c.ctx.Err(); err != nil {
			return err // the split may have been cut short
		}
		if err := c.settle(w, &pool, split, d[:kp], &ships, &damaged, after[:kp]); err != nil {
			return err
		}
		// The next combination.
		k := 0
		for ; k < kp; k++ {
			idx[k]++
			if idx[k] < len(dists[k]) {
				break
			}
			idx[k] = 0
		}
		if k == kp {
			return nil
		}
	}
}

// uninvaded adds mass m of a space area after which nobody lands: the
// attacker keeps the ground forces of pool, the planets keep their
// defenders.
func (c *composition) uninvaded(m float64, pool *Pool) {
	sys := c.sys
	for _, g := range sys.ground {
		c.kept[g] += m * float64(pool.Alive[g])
	}
	c.taken[0] += m
	if c.ends != nil {
		e := c.base
		for _, g := range sys.ground {
			e.kept[g] = pool.Alive[g]
		}
		for k, p := range sys.Planets {
			e.planet[k].defender = planetDefenders(p, &p.Side[Defender].Start)
		}
		c.ends[e] += m
	}
	for k, p := range sys.Planets {
		for i, sl := range p.Side[Defender].Slots {
			if sl.Zone == ZonePlanet {
				c.planet[k].defender[i] += m * float64(p.Side[Defender].Start[i])
			}
		}
	}
}

// bombarded returns each planet's defenders after its bombardment by
// ships (the planet every unit bombards, with several), as weighted states.
func (c *composition) bombarded(ships, damaged *[MaxSlots]uint16, pool *Pool) ([][]weightedState, error) {
	sys := c.sys
	dists := make([][]weightedState, len(sys.Planets))
	focus := 0 // one planet: the invasion's own steps
	if len(sys.Planets) > 1 {
		focus = sys.bombardFocus(ships)
	}
	for k, o := range c.odds {
		if k != focus {
			nd := uint32(o.g.ss[Defender].n)
			s := &Solver{P: o.p}
			dists[k] = []weightedState{{s.startState(o.g) % nd, 1}}
			continue
		}
		d, err := o.bombarded(ships, damaged, pool)
		if err != nil {
			return nil, err
		}
		dists[k] = d
	}
	return dists, nil
}

// settle adds mass w of a split given the planets' defenders d (their
// units after bombardment in after).
func (c *composition) settle(w float64, pool *Pool, split [MaxPlanets][MaxSlots]uint16, d []uint32, ships, damaged *[MaxSlots]uint16, after [][MaxSlots]uint16) error {
	sys := c.sys
	kept := pool.Alive
	// The damaged ground forces land first, planet by planet, as a trial
	// lands them (systemTrial.play).
	damagedLeft := pool.Damaged
	// dp[n] is the chance of taking n of the planets so far.
	var dp [MaxPlanets + 1]float64
	dp[0] = 1
	all := 1.0
	var lands [MaxPlanets][]weightedLanding // each planet's ends, when asked
	for k, p := range sys.Planets {
		f := split[k]
		var fd [MaxSlots]uint16
		empty := true
		for _, g := range sys.ground {
			kept[g] -= f[g]
			fd[g] = min(f[g], damagedLeft[g])
			damagedLeft[g] -= fd[g]
			empty = empty && f[g] == 0
		}
		ps := &c.planet[k]
		var v landingValue
		if empty {
			// Nothing lands: the defender keeps the planet as bombarded.
			for i, sl := range p.Side[Defender].Slots {
				if sl.Zone == ZonePlanet {
					v.alive[Defender][i] = float64(after[k][i])
				}
			}
			v.ends = []weightedLanding{{e: landingEnd{end: planetEnd{defender: planetDefenders(p, &after[k])}}, w: 1}}
		} else {
			var err error
			if v, err = c.landing(k, &f, &fd, d[k], ships, damaged); err != nil {
				return err
			}
		}
		for _, g := range sys.ground {
			ps.committed[g] += w * float64(f[g])
			ps.attacker[g] += w * v.alive[Attacker][g]
		}
		for i, sl := range p.Side[Defender].Slots {
			if sl.Zone == ZonePlanet {
				ps.defender[i] += w * v.alive[Defender][i]
			}
		}
		ps.taken += w * v.take
		ps.invaded += w * v.invaded
		ps.wiped += w * v.wiped
		ps.rounds += w * v.rounds
		all *= v.take
		lands[k] = v.ends
		for n := k + 1; n >= 0; n-- {
			dp[n] *= 1 - v.take
			if n > 0 {
				dp[n] += dp[n-1] * v.take
			}
		}
	}
	for n := range c.taken {
		c.taken[n] += w * dp[n]
	}
	c.takeAll += w * all
	for _, g := range sys.ground {
		c.kept[g] += w * float64(kept[g])
	}
	if c.ends != nil {
		return c.composeEnds(w, &kept, lands[:len(sys.Planets)])
	}
	return nil
}

// spaceBase is the end state of the space area e: each side's ships left,
// nothing yet on the planets.
func (c *composition) spaceBase(e spaceEndState) systemEnd {
	var b systemEnd
	s0 := &Solver{P: c.sys.Space}
	for side, st := range [2]uint32{e.sa, e.sd} {
		alive, _ := s0.overlay(e.c, Side(side), st)
		b.ships[side] = spaceShips(c.sys.Space, Side(side), &alive)
	}
	return b
}

// composeEnds adds mass w of the space area's end (c.base) with the
// ground forces kept in space and each planet's landing ends: the planets
// are independent given the split and their defenders after bombardment,
// so each combination of their ends has the product of their chances.
func (c *composition) composeEnds(w float64, kept *[MaxSlots]uint16, lands [][]weightedLanding) error {
	var idx [MaxPlanets]int
	for {
		e := c.base
		e.kept = *kept
		q := w
		for k, ls := range lands {
			l := ls[idx[k]]
			q *= l.w
			e.planet[k] = l.e.end
			for _, g := range c.sys.ground {
				e.kept[g] += l.e.back[g]
			}
		}
		c.ends[e] += q
		if len(c.ends) > MaxSystemEnds {
			return NotExact("exact mode: the invasion has more than %d end states, the most its ends are listed for", MaxSystemEnds)
		}
		k := 0
		for ; k < len(lands); k++ {
			idx[k]++
			if idx[k] < len(lands[k]) {
				break
			}
			idx[k] = 0
		}
		if k == len(lands) {
			return nil
		}
	}
}

// landing is planet k's landing value for force f (fd of them damaged)
// against defenders d with the given ships, remembered.
func (c *composition) landing(k int, f, fd *[MaxSlots]uint16, d uint32, ships, damaged *[MaxSlots]uint16) (landingValue, error) {
	o := c.odds[k]
	a := o.g.ss[Attacker].encode(f, fd)
	b := make([]byte, 0, 9+4*MaxSlots)
	b = append(b, byte(k))
	b = binary.LittleEndian.AppendUint32(b, a)
	b = binary.LittleEndian.AppendUint32(b, d)
	for i := range MaxSlots {
		b = binary.LittleEndian.AppendUint16(b, ships[i])
		b = binary.LittleEndian.AppendUint16(b, damaged[i])
	}
	key := string(b)
	if v, ok := c.memo[key]; ok {
		return v, nil
	}
	v, err := o.landing(a, d, ships, damaged, c.ends != nil)
	if err != nil {
		return v, err
	}
	c.memo[key] = v
	return v, nil
}

// bombarded returns the planet's defenders after the start of the
// invasion and its bombardment by the ships given, as a distribution over
// its defender codes (the attacker's ground forces pool in space).
func (o *planetOdds) bombarded(ships, damaged *[MaxSlots]uint16, pool *Pool) ([]weightedState, error) {
	s := &Solver{Ctx: o.ctx, P: o.p, MaxStates: o.maxStates, Left: NewExactLeft(o.p)}
	s.shipsDamaged = *damaged
	g := o.g
	nd := uint32(g.ss[Defender].n)
	a := g.ss[Attacker].encode(&pool.Alive, &pool.Damaged)
	d0 := s.startState(g) % nd
	dist := map[uint32]float64{a*nd + d0: 1}
	if hs := o.p.Hooks.startOfInvasion; len(hs) > 0 {
		dist = s.replay(g, dist, ships, func(t *Trial) {
			for _, h := range hs {
				h(t)
			}
		})
	}
	switch {
	case !s.shieldedBy(ships):
		dist = s.roll(g, dist, ships, Attacker, RollBombard, nil)
	case len(o.p.Side[Attacker].ThroughShield) > 0:
		dist = s.roll(g, dist, ships, Attacker, RollBombard, o.p.Side[Attacker].ThroughShield)
	}
	var out []weightedState
	for _, j := range sortedKeys(dist) {
		if j/nd != a {
			return nil, NotExact("exact mode for a system: an effect at the start of the invasion or of its bombardment changed the attacker's ground forces in space, which the split is made from")
		}
		out = append(out, weightedState{j % nd, dist[j]})
	}
	return out, nil
}

// result assembles the SystemResult from the space area's solver s0 and
// the sums.
func (c *composition) result(s0 *Solver) SystemResult {
	sys := c.sys
	exact := exactProbability
	r := SystemResult{Exact: true, Commit: sys.Commit.String(), TakeAll: exact(c.takeAll)}
	if c.ends != nil {
		r.Ends = endsOf(sys, c.ends, exact)
	}
	mean := 0.0
	for n, v := range c.taken {
		r.Taken = append(r.Taken, exact(v))
		mean += float64(n) * v
	}
	r.TakenMean = Mean{Value: mean}
	r.Space = Outcomes{AttackerWin: exact(s0.space[AttackerWins]), Draw: exact(s0.space[draw]), DefenderWin: exact(s0.space[DefenderWins]),
		AttackerRetreats: exact(s0.space[attackerRetreats]), DefenderRetreats: exact(s0.space[defenderRetreats]), Unfinished: exact(s0.space[unfinished])}
	var left [2][MaxSlots]float64 // each side's expected units at the end, by the space plan's slots
	for side := range NumSides {
		for i, sl := range sys.Space.Side[side].Slots {
			if sl.Stats.Kind.Ship() {
				left[side][i] = s0.alive[side][i]
				if sl.Report {
					r.Ships[side] = append(r.Ships[side], survivor(sys.Space, Side(side), i, Mean{Value: s0.alive[side][i]}))
				}
			}
		}
	}
	for _, g := range sys.ground {
		r.Kept = append(r.Kept, survivor(sys.Space, Attacker, int(g), Mean{Value: c.kept[g]}))
		left[Attacker][g] += c.kept[g]
	}
	r.SpaceRounds = Mean{Value: s0.meanRounds[InSpace]}
	lostHalves := [2]float64{}
	for k, p := range sys.Planets {
		ps := &c.planet[k]
		pr := PlanetResult{Name: sys.Names[k], Taken: exact(ps.taken), Invaded: exact(ps.invaded), WipedOut: exact(ps.wiped), GroundRounds: Mean{Value: ps.rounds}}
		for _, g := range sys.ground {
			pr.Committed = append(pr.Committed, survivor(p, Attacker, int(g), Mean{Value: ps.committed[g]}))
			pr.Attacker = append(pr.Attacker, survivor(p, Attacker, int(g), Mean{Value: ps.attacker[g]}))
			left[Attacker][g] += ps.attacker[g]
		}
		for i, sl := range p.Side[Defender].Slots {
			if sl.Zone != ZonePlanet {
				continue
			}
			if sl.Report {
				pr.Defender = append(pr.Defender, survivor(p, Defender, i, Mean{Value: ps.defender[i]}))
			}
			lostHalves[Defender] += float64(sl.CostHalves) * (float64(p.Side[Defender].Start[i]) - ps.defender[i])
		}
		r.Planets = append(r.Planets, pr)
	}
	for i, sl := range sys.Space.Side[Attacker].Slots {
		if sl.Stats.Kind.Ship() || sl.Zone == ZoneSpace {
			lostHalves[Attacker] += float64(sl.CostHalves) * (float64(sys.Space.Side[Attacker].Start[i]) - left[Attacker][i])
		}
	}
	for i, sl := range sys.Space.Side[Defender].Slots {
		if sl.Stats.Kind.Ship() {
			lostHalves[Defender] += float64(sl.CostHalves) * (float64(sys.Space.Side[Defender].Start[i]) - left[Defender][i])
		}
	}
	r.ResourcesLost = [2]Mean{{Value: lostHalves[Attacker] / 2}, {Value: lostHalves[Defender] / 2}}
	r.Warnings = sys.warnings()
	if c.unresolve > 0 {
		r.Warnings = append(r.Warnings, fmt.Sprintf("with probability %.3g the space combat reaches a state where no unit can score a hit: it never ends, and no invasion follows", c.unresolve))
	}
	return r
}
