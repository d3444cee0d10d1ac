package engine

import "slices"

// Sustain Damage stopped while an opponent's unit is there (SidePlan.
// SustainBlockers: The Fourth Moon, Moll Terminus, Quietus) in the exact
// solver: a side's transitions then depend on the other side's state at
// the start of the Assign Hits step (LRR 78.6a), so such a combat is
// carried round by round (roundState), each side's hits taken with the
// block its opponent's state gives (blockedAt, nextOfIn).

// blocksSustain reports whether a unit of either side stops the other's
// Sustain Damage while it is there.
func (p *Plan) blocksSustain() bool {
	return len(p.Side[Attacker].SustainBlockers)+len(p.Side[Defender].SustainBlockers) > 0
}

// blockedAt returns the target sets of side whose units may not use
// Sustain Damage while its opponent is in state oppSt of chain c: a
// blocker's source read from that state, or, when the source is not
// among the chain's units, from the units outside it (the attacker's ships
// above an invasion's ground combat: c.outside) or at its start.
func (c *chain) blockedAt(side Side, oppSt uint32) targetSet {
	var m targetSet
	opp := side.Opp()
	for _, b := range c.plan.Side[side].SustainBlockers {
		var alive uint16
		switch j := slices.Index(c.ss[opp].slots, b.Source); {
		case j >= 0:
			alive = c.ss[opp].unit(oppSt, j)[0]
		case opp == Attacker && c.outside != nil:
			alive = c.outside[b.Source]
		default:
			alive = c.plan.Side[opp].Start[b.Source]
		}
		if alive > 0 {
			m |= b.Sets
		}
	}
	return m
}

// blockKey keys nextOfIn's memo.
type blockKey struct {
	side Side
	st   uint32
	h    int
	blk  targetSet
}

// nextOfIn is nextOf with the block blk on side's Sustain Damage (from
// blockedAt): nextOf itself when blk leaves the combat's targets free,
// otherwise the assignment of a round (assignRound) on a scratch trial
// frozen with the block, then the reversion where due.
func (c *chain) nextOfIn(side Side, st uint32, h int, blk targetSet) uint32 {
	sp := &c.plan.Side[side]
	if !blk.has(sp.TargetOf[c.r]) {
		return c.nextOf(side, st, h)
	}
	k := blockKey{side, st, h, blk}
	if n, ok := c.blocked[k]; ok {
		return n
	}
	t := c.frozenScratch(side, st, blk)
	n := st
	if c.plan.possible(side, &t.Alive[side]) {
		c.assignRound(t, side, c.r, h, nil)
		n = c.reverted(side, c.ss[side].encode(&t.Alive[side], &t.Damaged[side]))
	}
	if c.blocked == nil {
		c.blocked = map[blockKey]uint32{}
	}
	c.blocked[k] = n
	return n
}

// frozenScratch returns a scratch trial holding side's units as in state
// st, frozen with the block blk on its Sustain Damage.
func (c *chain) frozenScratch(side Side, st uint32, blk targetSet) *Trial {
	t := &Trial{P: c.plan, Frozen: true}
	t.noSustain[side] = blk
	c.ss[side].decode(st, &t.Alive[side], &t.Damaged[side])
	return t
}
