package engine

// Hits that must go to non-fighter ships ([0.0.1], the L1Z1X flagship, in
// Twilight Imperium 3 and 4): while a gate unit of the holder is alive,
// the hits of some of its dice in a space combat round (a pool) are
// assigned by the opponent to non-fighter ships, when it has both fighters
// and non-fighter ships, before the holder's other hits, which it assigns
// as usual. Monte Carlo plays it as an after-rolls hook that draws the
// pool's share of the round's hits (the effect's); the exact solver plays
// it from the pool given here: in a joint state where the pool acts, the
// holder's roll is two independent distributions (the pool's dice and the
// others'), and the opponent's state after a pair of counts is the one
// the hook's assignment leaves (AssignTo to non-fighters, then the round's
// assignment of the rest).

// nonFighterPool is a side's pool: the slots whose dice it holds, while a
// unit of slot gate is alive.
type nonFighterPool struct {
	gate  uint8
	slots [MaxSlots]bool
}

// poolMemo is a chain's memo of the pools (the chain's, not the plan's:
// solvers may share a plan): split the pool's and the other dice's hit
// distributions by the holder and its state, next the opponent's state
// after a pair of counts by the holder, the opponent's state and the
// counts, active the side whose pool acts by joint state.
type poolMemo struct {
	split  [NumSides]map[uint32][2][]float64
	next   [NumSides]map[[3]uint32]uint32
	active map[uint32]Side
}

// ForceToNonFighters registers f, an after-rolls hook of space combat
// rounds that makes the opponent assign the hits of holder's dice of the
// slots in pool to non-fighter ships while a unit of slot gate is alive
// (see nonFighterPool), and declares the pool, so that the exact solver
// plays it itself instead of refusing the hook.
func (p *Plan) ForceToNonFighters(holder Side, gate uint8, pool [MaxSlots]bool, f func(t *Trial, hits *[2]int)) {
	p.OnAfterRolls(InSpace, f)
	p.native[wAfterRolls][InSpace]++
	p.Hooks.pools[holder] = &nonFighterPool{gate: gate, slots: pool}
}

// poolRefusal returns why the exact solver cannot play a side's pool with
// the rest of the plan (it splits plain dice only, and plays the pool
// where a state's mass leaves by its hits: leave, not the rounds a retreat
// ends, the rounds whose rolls change or the round-by-round chain), or "".
func (s *Solver) poolRefusal() string {
	p := s.P
	h := &p.Hooks
	for side := range NumSides {
		if h.pools[side] == nil {
			continue
		}
		sp := &p.Side[side]
		switch {
		case sp.Special[RollSpace] || len(sp.Auras[RollSpace]) > 0 || sp.ExtraDice[RollSpace] > 0 || p.HitFactor[side][RollSpace] > 1 ||
			sp.HitOnScore[RollSpace] || sp.RerollBudget[RollSpace] > 0 || sp.PooledRerolls[RollSpace] || sp.RerollOnes[RollSpace]:
			return "with dice of the holder's that are not plain (auras, bonus hits, extra dice, rerolls of ones or from a budget, hits multiplied)"
		case len(h.beforeAssign[RollSpace])+len(h.afterAssign[RollSpace])+len(h.OnSustain)+len(h.onDestroyed) > 0:
			return "with effects on the assignment of hits"
		case p.retreats || p.roundBound(InSpace) || p.roundState(InSpace):
			return "with retreats, rolls that change with the round, repairs or cards counted round by round"
		case s.Optimal[Attacker] || s.Optimal[Defender]:
			return "with the optimal hit assignment"
		}
	}
	return ""
}

// activePool returns the side whose pool acts in joint state j of chain c
// (its gate unit alive, the opponent with fighters and non-fighter
// ships), or NoSide.
func (c *chain) activePool(j uint32) Side {
	if c.ct != InSpace {
		return NoSide
	}
	pools := &c.plan.Hooks.pools
	if pools[Attacker] == nil && pools[Defender] == nil {
		return NoSide
	}
	m := c.poolMemo()
	if side, ok := m.active[j]; ok {
		return side
	}
	t := c.trialAt(j, nil, nil)
	active := NoSide
	for side := range NumSides {
		if pl := pools[side]; pl != nil && t.Alive[side][pl.gate] > 0 &&
			t.Has(side.Opp(), TFighters) && t.NonFighterShips(side.Opp()) > 0 {
			active = side
			break
		}
	}
	m.active[j] = active
	return active
}

// poolMemo returns the chain's memo of the pools, made on first use.
func (c *chain) poolMemo() *poolMemo {
	if c.pools == nil {
		c.pools = &poolMemo{active: map[uint32]Side{}}
		for side := range NumSides {
			c.pools.split[side] = map[uint32][2][]float64{}
			c.pools.next[side] = map[[3]uint32]uint32{}
		}
	}
	return c.pools
}

// splitPMF returns the distributions of the hits of side's pool dice and
// of its other dice in state st of chain c (the plain dice poolRefusal
// allows: each die hits with its chance, a damaged unit rolling fewer).
func (c *chain) splitPMF(side Side, st uint32) [2][]float64 {
	pl := c.plan.Hooks.pools[side]
	memo := c.poolMemo().split[side]
	if out, ok := memo[st]; ok {
		return out
	}
	p := c.plan
	sp := &p.Side[side]
	alive, damaged := sp.Start, sp.StartDamaged
	c.ss[side].decode(st, &alive, &damaged)
	out := [2][]float64{{1}, {1}}
	for _, ro := range sp.Rollers[RollSpace] {
		n := ro.DiceOf(alive[ro.Slot], damaged[ro.Slot], int(ro.Dice))
		if n <= 0 {
			continue
		}
		i := 1
		if pl.slots[ro.Slot] {
			i = 0
		}
		q := sp.dieChance(RollSpace, int(ro.thr), p.rerollAlways[side][RollSpace])
		out[i] = convolve(out[i], binomialPMF(n, q))
	}
	memo[st] = out
	return out
}

// pooledNext returns the state of the opponent of side (the pool's
// holder) after kp hits of the pool, assigned to non-fighter ships, and
// ko other hits, assigned as a round does, from joint state j of chain c.
func (c *chain) pooledNext(side Side, j uint32, kp, ko int) uint32 {
	opp := side.Opp()
	nd := uint32(c.ss[Defender].n)
	st := [2]uint32{j / nd, j % nd}
	memo := c.poolMemo().next[side]
	key := [3]uint32{st[opp], uint32(kp), uint32(ko)}
	if n, ok := memo[key]; ok {
		return n
	}
	t := c.trialAt(j, nil, nil)
	AssignTo(t, opp, TNonFighters, RollSpace, kp)
	t.recount(opp)
	c.assignRound(t, opp, c.r, ko, nil)
	n := c.reverted(opp, c.ss[opp].encode(&t.Alive[opp], &t.Damaged[opp]))
	memo[key] = n
	return n
}

// poolOutcome is one way a side's state goes in a round: to state j with
// chance w; zero when the other side scored no hit.
type poolOutcome struct {
	j    uint32
	w    float64
	zero bool
}

// outcomesOf lists side's states after the other side's roll in joint
// state j: by the pool when pooled is the other side, else by the other
// side's hit distribution pmf.
func (c *chain) outcomesOf(side Side, j uint32, pooled Side, pmf []float64) []poolOutcome {
	nd := uint32(c.ss[Defender].n)
	st := [2]uint32{j / nd, j % nd}[side]
	var out []poolOutcome
	if pooled != side.Opp() {
		for h, q := range pmf {
			if q != 0 {
				out = append(out, poolOutcome{c.nextOf(side, st, h), q, h == 0})
			}
		}
		return out
	}
	split := c.splitPMF(pooled, [2]uint32{j / nd, j % nd}[pooled])
	for kp, qp := range split[0] {
		for ko, qo := range split[1] {
			if q := qp * qo; q != 0 {
				n := st
				if kp+ko > 0 {
					n = c.pooledNext(pooled, j, kp, ko)
				}
				out = append(out, poolOutcome{n, q, kp+ko == 0})
			}
		}
	}
	return out
}

// leavePooled is leave for a joint state where a pool acts: every pair of
// the two sides' outcomes but the one where neither scored.
func (w *sweep) leavePooled(j uint32, pooled Side, pa, pd []float64, y *roundsHist, lo, hi int, div, mul float64) {
	c, nd := w.c, w.nd
	oa := c.outcomesOf(Attacker, j, pooled, pd)
	od := c.outcomesOf(Defender, j, pooled, pa)
	for _, a := range oa {
		for _, d := range od {
			if a.zero && d.zero {
				continue
			}
			q := a.w * d.w
			w.putFrom(a.j*nd+d.j, y, q, lo, hi).moment += q / div * mul
		}
	}
}
