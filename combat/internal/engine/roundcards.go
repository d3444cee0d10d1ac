package engine

import (
	"maps"
	"slices"
)

// Cards whose copies are used as the combat goes — Shields Holding, a copy
// a round with hits; Direct Hit, a copy a sustaining ship — declared
// through the toolkit (CancelHitsEachRound, DestroySustainers): Monte Carlo
// plays them as hooks, and the exact solver keeps the copies left in the
// combat's state (fightRounds), with the transitions below.

// cancelCard is a side's Shields Holding: before it assigns the hits of a
// round of a kind in on (1 or more), up to hits of them are cancelled, one
// copy a round, copies copies (0: none). With budget, copies counts hits:
// each round's hits are cancelled while they last (a text that negates n
// hits in a combat, CancelHitsEachCombat).
type cancelCard struct {
	on           [NumRollKinds]bool
	hits, copies int
	budget       bool
}

// destroyCard is a Direct Hit held by a side: after a ship of the opponent
// in target uses Sustain Damage against the side's hits, it is destroyed,
// one copy a ship, copies copies (0: none).
type destroyCard struct {
	copies int
	target [MaxSlots]bool
	// counter is the trial's count of the copies played (Trial.Used).
	counter int
}

// countedCards are a plan's cards of either kind, per side holding them.
type countedCards struct {
	cancel  [2]cancelCard
	destroy [2]destroyCard
}

// CancelHitsEachRound makes side cancel, before it assigns the hits of a
// combat round of kind r with at least 1 hit, up to n of them, one copy a
// round while copies last (Shields Holding).
func (p *Plan) CancelHitsEachRound(side Side, r RollKind, n, copies int) {
	c := p.Counter()
	p.OnBeforeAssign(r, func(t *Trial, s Side, hits int) int {
		if s != side || hits == 0 || int(t.Used[c]) >= copies || t.Mark[c] == int32(t.Round) {
			return hits
		}
		t.Used[c]++
		t.Mark[c] = int32(t.Round)
		return max(hits-n, 0)
	})
	p.native[wBeforeAssign][r]++
	cc := cancelCard{hits: n, copies: copies}
	cc.on[r] = true
	p.counted.cancel[side] = cc
}

// CancelHitsEachCombat makes side cancel, before it assigns the hits of the
// combat rounds of each kind in rs, the first n of them in each combat, as
// they come (a text that negates n hits in a combat). Monte Carlo keeps a
// count per roll kind; the exact solver keeps the hits left in the
// combat's state, as Shields Holding's copies.
func (p *Plan) CancelHitsEachCombat(side Side, n int, rs ...RollKind) {
	cc := cancelCard{hits: n, copies: n, budget: true}
	for _, r := range rs {
		c := p.Counter()
		p.OnBeforeAssign(r, func(t *Trial, s Side, hits int) int {
			if s != side {
				return hits
			}
			u := min(hits, n-int(t.Used[c]))
			t.Used[c] += uint8(u)
			return hits - u
		})
		p.native[wBeforeAssign][r]++
		cc.on[r] = true
	}
	p.counted.cancel[side] = cc
}

// DestroySustainers makes side destroy, after a ship of its opponent in
// target uses Sustain Damage to cancel a hit of side's, that ship, one copy
// a ship while copies last; hits of effects (RollEffect) count only with
// abilities (Direct Hit). The destroyed ship is not a hit: no effects of
// destruction fire. A ship already destroyed when its turn comes (a "when"
// text of the same use, Reflective Shielding, whose hits set off the
// opponent's Courageous to the End) is not there to destroy: no copy is
// played.
func (p *Plan) DestroySustainers(side Side, copies int, target [MaxSlots]bool, abilities bool) {
	opp := side.Opp()
	c := p.Counter()
	p.OnSustained(func(t *Trial, s Side, slot uint8, r RollKind) {
		if s != opp || !target[slot] || int(t.Used[c]) >= copies || (r == RollEffect && !abilities) {
			return
		}
		if t.SustainedRound[s][slot] < t.sustaining {
			return // that ship is gone
		}
		t.Used[c]++
		t.Destroy(s, slot) // a damaged one: the ship that just sustained
	})
	p.native[wOnSustain][0]++
	p.counted.destroy[side] = destroyCard{copies: copies, target: target, counter: c}
}

// roundState reports whether combat type ct's rounds carry state beyond
// the units or return to a state (counted cards, replayed repairs): such a
// combat is settled round by round (fightRounds), which the optimal hit
// assignment and the best retreat do not follow.
func (p *Plan) roundState(ct CombatType) bool {
	r := CombatRollOf(ct)
	if len(p.unitHooks[r]) > 0 || p.blocksSustain() {
		return true
	}
	for side := range NumSides {
		if p.counted.cancel[side].copies > 0 && p.counted.cancel[side].on[r] {
			return true
		}
		if p.counted.destroy[side].copies > 0 && ct == InSpace {
			return true
		}
	}
	return false
}

// countedRefusal names what the exact solver cannot follow of the counted
// cards, or returns "": Direct Hit on sustains against effects' hits.
func (p *Plan) countedRefusal() string {
	for side := range NumSides {
		if p.counted.destroy[side].copies > 0 && len(p.Side[side].Rollers[RollEffect]) > 0 {
			return "Direct Hit with the holder's effect hits"
		}
	}
	return ""
}

// directHitsBeforeCombat reports whether a Direct Hit holder fires space
// cannon offense: its copies may be spent before the space combat
// (spaceCannonOffenseCounted).
func (p *Plan) directHitsBeforeCombat() bool {
	for side := range NumSides {
		if p.counted.destroy[side].copies > 0 && len(p.Side[side].Rollers[RollSCO]) > 0 {
			return true
		}
	}
	return false
}

// counters are the copies left of the counted cards in a combat state:
// shields[side] of side's cancelCard, hits[side] of side's destroyCard.
type counters struct {
	shields, hits [2]uint8
}

// pack and unpackCounters put counters in the high bits of a fightRounds
// key above a joint state (4 bits each: at most 15 copies).
func (k counters) pack() uint64 {
	return uint64(k.shields[0]) | uint64(k.shields[1])<<4 | uint64(k.hits[0])<<8 | uint64(k.hits[1])<<12
}

func unpackCounters(v uint64) counters {
	return counters{shields: [2]uint8{uint8(v & 15), uint8(v >> 4 & 15)}, hits: [2]uint8{uint8(v >> 8 & 15), uint8(v >> 12 & 15)}}
}

// startCounters are the copies at the start of a combat.
func (p *Plan) startCounters() counters {
	var k counters
	for side := range NumSides {
		k.shields[side] = uint8(p.counted.cancel[side].copies)
		k.hits[side] = uint8(p.counted.destroy[side].copies)
	}
	return k
}

// takeCounted returns side's state after it takes h hits of the chain's
// rolls in state st, its shields copies left and the opponent's Direct
// Hits left, and those copies after: Shields Holding first (before the
// assignment), then the assignment as a round does (chain.assignRound)
// with each sustaining target ship destroyed while Direct Hits last.
func (c *chain) takeCounted(side Side, st uint32, h int, shields, hits uint8, blk targetSet) (uint32, uint8, uint8) {
	p := c.plan
	if cc := p.counted.cancel[side]; shields > 0 && h > 0 && cc.on[c.r] {
		if cc.budget { // the hits left, as they come
			u := min(h, int(shields))
			h -= u
			shields -= uint8(u)
		} else {
			h = max(h-cc.hits, 0)
			shields--
		}
	}
	if hits == 0 || c.ct != InSpace {
		return c.nextOfIn(side, st, h, blk), shields, hits
	}
	ss := &c.ss[side]
	t := c.frozenScratch(side, st, blk)
	if !p.possible(side, &t.Alive[side]) {
		return st, shields, hits
	}
	target := &p.counted.destroy[side.Opp()].target
	c.assignRound(t, side, c.r, h, func(s uint8) {
		if hits > 0 && target[s] {
			hits--
			t.Destroy(side, s)
		}
	})
	return c.reverted(side, ss.encode(&t.Alive[side], &t.Damaged[side])), shields, hits
}

// hitsCounted returns side's state after it takes h hits of roll kind r
// outside the combat rounds (space cannon offense) in state st, the
// opponent's Direct Hits left hits, and those left after: each sustaining
// target ship destroyed while they last.
func (c *chain) hitsCounted(side Side, r RollKind, st, oppSt uint32, h int, hits uint8) (uint32, uint8) {
	p := c.plan
	ss := &c.ss[side]
	t := c.frozenScratch(side, st, c.blockedAt(side, oppSt))
	if !p.possible(side, &t.Alive[side]) {
		return st, hits
	}
	target := &p.counted.destroy[side.Opp()].target
	c.assignRound(t, side, r, h, func(s uint8) {
		if hits > 0 && target[s] {
			hits--
			t.Destroy(side, s)
		}
	})
	return ss.encode(&t.Alive[side], &t.Damaged[side]), hits
}

// spaceCannonOffenseCounted is spaceCannonOffense when a Direct Hit holder
// fires it: the joint distribution after it, grouped by the copies of the
// counted cards left (their packed counters).
func (s *Solver) spaceCannonOffenseCounted(c *chain, dist map[uint32]float64) map[uint64]map[uint32]float64 {
	nd := uint32(c.ss[Defender].n)
	groups := map[uint64]map[uint32]float64{s.P.startCounters().pack(): dist}
	for _, shooter := range [2]Side{Attacker, Defender} {
		if len(s.P.Side[shooter].Rollers[RollSCO]) == 0 {
			continue
		}
		target := shooter.Opp()
		next := map[uint64]map[uint32]float64{}
		for _, key := range slices.Sorted(maps.Keys(groups)) {
			cnt := unpackCounters(key)
			g := groups[key]
			for _, j := range sortedKeys(g) {
				st := [2]uint32{j / nd, j % nd}
				alive, damaged := s.overlay(c, shooter, st[shooter])
				for h, q := range s.P.hitPMF(shooter, RollSCO, &alive, &damaged, 0) {
					if q == 0 {
						continue
					}
					ns, k := st, cnt
					ns[target], k.hits[shooter] = c.hitsCounted(target, RollSCO, st[target], st[shooter], h, cnt.hits[shooter])
					groupOf(next, k)[ns[0]*nd+ns[1]] += g[j] * q
				}
			}
		}
		groups = next
	}
	return groups
}

// groupOf returns the group of the copies left k in groups (states by
// the copies left), made empty on first use.
func groupOf(groups map[uint64]map[uint32]float64, k counters) map[uint32]float64 {
	g := groups[k.pack()]
	if g == nil {
		g = map[uint32]float64{}
		groups[k.pack()] = g
	}
	return g
}

// spaceCombatByCopies is spaceCombat for each group of the copies left
// (spaceCannonOffenseCounted), the combat starting with those copies, the
// final states of all groups together.
func (s *Solver) spaceCombatByCopies(c *chain, groups map[uint64]map[uint32]float64) (map[uint32]*absorbed, [2]map[uint32]*roundsHist, error) {
	return s.byCopies(groups, func(g map[uint32]float64) (map[uint32]*absorbed, [2]map[uint32]*roundsHist, error) {
		return s.spaceCombat(c, g)
	})
}

// byCopies solves each group of the copies left with solve, the copies
// set for it (s.copies), and returns the final states of all groups
// together.
func (s *Solver) byCopies(groups map[uint64]map[uint32]float64, solve func(map[uint32]float64) (map[uint32]*absorbed, [2]map[uint32]*roundsHist, error)) (map[uint32]*absorbed, [2]map[uint32]*roundsHist, error) {
	defer func(was *counters) { s.copies = was }(s.copies)
	final := map[uint32]*absorbed{}
	var fled [2]map[uint32]*roundsHist
	for _, key := range slices.Sorted(maps.Keys(groups)) {
		cnt := unpackCounters(key)
		s.copies = &cnt
		f, fl, err := solve(groups[key])
		if err != nil {
			return nil, fled, err
		}
		for _, j := range sortedKeys(f) {
			if a, ok := final[j]; ok {
				a.hist.add(&f[j].hist, 1)
				continue
			}
			final[j] = f[j]
		}
		for side := range fl {
			for _, j := range sortedKeys(fl[side]) {
				if fled[side] == nil {
					fled[side] = map[uint32]*roundsHist{}
				}
				if h, ok := fled[side][j]; ok {
					h.add(fl[side][j], 1)
					continue
				}
				fled[side][j] = fl[side][j]
			}
		}
	}
	return final, fled, nil
}
