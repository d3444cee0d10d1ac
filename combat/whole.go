package combat

import (
	"cmp"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
)

// wholeRounds is how many rounds a precomputed combat covers; the mass
// still fighting after them goes on round by round from its state then, so
// nothing is cut off.
const wholeRounds = 24

// maxWholeWork bounds the work of precomputing whole combats: outcomes
// visited, summed over every start state and round.
const maxWholeWork = 1 << 24

// wholeCombat samples the rounds of a combat with one random number: for
// each joint state the rounds can start from, the exact distribution of
// (the joint state where the combat ends, the rounds it took), plus the
// states still fighting after wholeRounds rounds. Looked up through a guide
// table, a draw costs about two comparisons.
type wholeCombat struct {
	// block[j] is the index in blocks of start state j, or -1 when j is not
	// a precomputed start (the rounds then run one by one).
	block  []int32
	blocks []wholeBlock
}

type wholeBlock struct {
	cdf    []uint64 // scaled to 2^64; the last entry is MaxUint64
	to     []uint32 // the joint state reached
	rounds []uint8  // the rounds rolled to reach it
	// guide[b] is the first entry whose CDF exceeds b<<56, where a search
	// for u with u>>56 == b starts.
	guide [256]uint32
}

// sample draws how the combat from joint state j goes on, returning the
// joint state reached and the round count advanced; j unchanged when it is
// not a precomputed start.
func (w *wholeCombat) sample(j uint32, rng *rand.PCG, round int) (uint32, int) {
	b := w.block[j]
	if b < 0 {
		return j, round
	}
	blk := &w.blocks[b]
	u := rng.Uint64()
	i, last := blk.guide[u>>56], uint32(len(blk.cdf)-1)
	for i < last && u >= blk.cdf[i] {
		i++
	}
	return blk.to[i], round + int(blk.rounds[i])
}

// preRoll is a roll before the rounds: the side that rolls, and the kind.
type preRoll struct {
	shooter sideID
	r       rollKind
}

// preCombat lists the rolls that can change the two sides' units between
// the start of the action and the first round of combat type ct: which side
// rolls which kind (its hits land on the other side).
func (p *plan) preCombat(ct combatType) []preRoll {
	if ct == inSpace {
		return []preRoll{{attacker, rollSCO}, {defender, rollSCO}, {attacker, rollAFB}, {defender, rollAFB}}
	}
	if p.action == Invasion {
		return []preRoll{{attacker, rollBombard}, {defender, rollSCD}}
	}
	return nil
}

// buildWhole precomputes whole combats for every start state reachable from
// the scenario's start through the pre-combat rolls (the hit policy is
// fixed, so k hits always lead to the same state), or returns nil when that
// would be too much work.
func (p *plan) buildWhole(f *fastCombat, ct combatType) *wholeCombat {
	jt := f.joint
	nj := f.ss[attacker].n * f.ss[defender].n
	starts := p.wholeStarts(f, ct)
	w := &wholeCombat{block: make([]int32, nj)}
	for j := range w.block {
		w.block[j] = -1
	}
	sw := &wholeSweep{jt: jt, mass: make([]float64, nj), next: make([]float64, nj)}
	for _, j := range slices.Sorted(maps.Keys(starts)) {
		if jt.off[j] == jt.off[j+1] {
			continue // one side has no units: no rounds
		}
		ends, ok := sw.ends(j)
		if !ok {
			return nil
		}
		w.block[j] = int32(len(w.blocks))
		w.blocks = append(w.blocks, newWholeBlock(ends, uint32(f.ss[defender].n)))
	}
	return w
}

// wholeStarts lists the joint states a combat of type ct can start from:
// the scenario's start, moved by every number of hits of each pre-combat
// roll (anti-fighter barrage, ...), then by the deterministic start-of-
// combat effects (Magen Defense Grid's hit) replayed on each.
func (p *plan) wholeStarts(f *fastCombat, ct combatType) map[uint32]bool {
	nd := f.ss[defender].n
	starts := map[uint32]bool{}
	var full [2]uint32
	for side := range numSides {
		alive, damaged := p.side[side].start, p.side[side].startDamaged
		full[side] = f.ss[side].encode(&alive, &damaged)
	}
	starts[full[attacker]*uint32(nd)+full[defender]] = true
	for _, pc := range p.preCombat(ct) {
		shooter, r := pc.shooter, pc.r
		target := shooter.opp()
		alive, damaged := p.side[shooter].start, p.side[shooter].startDamaged
		most := len(p.hitPMF(shooter, r, &alive, &damaged, 0)) - 1
		if most == 0 {
			continue
		}
		one := p.oneHit(target, r, &f.ss[target])
		next := map[uint32]bool{}
		for j := range starts {
			st := [2]uint32{j / uint32(nd), j % uint32(nd)}
			for h := 0; h <= most; h++ {
				next[st[0]*uint32(nd)+st[1]] = true
				st[target] = one[st[target]]
			}
		}
		starts = next
	}
	hs := p.hooks.startOfCombat[ct]
	if len(hs) == 0 || len(p.inexact()) > 0 {
		return starts
	}
	next := map[uint32]bool{}
	for j := range starts {
		t := &trial{p: p}
		t.reset()
		f.ss[attacker].decode(j/uint32(nd), &t.alive[attacker], &t.damaged[attacker])
		f.ss[defender].decode(j%uint32(nd), &t.alive[defender], &t.damaged[defender])
		t.recount(attacker)
		t.recount(defender)
		if t.has(attacker, rollTargets[combatRollOf(ct)]) && t.has(defender, rollTargets[combatRollOf(ct)]) {
			for _, h := range hs {
				h(t)
			}
		}
		next[f.ss[attacker].encode(&t.alive[attacker], &t.damaged[attacker])*uint32(nd)+f.ss[defender].encode(&t.alive[defender], &t.damaged[defender])] = true
	}
	return next
}

// wholeEnd is where a whole combat ends: its final joint state and its
// rounds (wholeRounds: still fighting then).
type wholeEnd struct {
	to     uint32
	rounds uint8
}

// wholeSweep carries the mass of one start state round by round through
// the joint table; mass and next are zero between starts, and work counts
// the transitions followed over all starts (at most maxWholeWork).
type wholeSweep struct {
	jt         *jointTable
	mass, next []float64
	work       int
}

// ends returns the distribution of where a combat from joint state j ends
// within wholeRounds rounds, or false when the work is over the limit.
func (sw *wholeSweep) ends(j uint32) (map[wholeEnd]float64, bool) {
	jt := sw.jt
	ends := map[wholeEnd]float64{}
	active := []uint32{j}
	sw.mass[j] = 1
	for r := 1; r <= wholeRounds && len(active) > 0; r++ {
		var nextActive []uint32
		for _, a := range active {
			m := sw.mass[a]
			sw.mass[a] = 0
			for i := jt.off[a]; i < jt.off[a+1]; i++ {
				sw.work++
				n := jt.next[i]
				if jt.off[n] == jt.off[n+1] { // the combat ends (or is stuck) in n
					ends[wholeEnd{n, uint8(r)}] += m * jt.prob[i]
					continue
				}
				if sw.next[n] == 0 {
					nextActive = append(nextActive, n)
				}
				sw.next[n] += m * jt.prob[i]
			}
		}
		slices.Sort(nextActive)
		active = nextActive
		sw.mass, sw.next = sw.next, sw.mass
		if sw.work > maxWholeWork {
			return nil, false
		}
	}
	for _, a := range active { // still fighting after wholeRounds rounds
		ends[wholeEnd{a, wholeRounds}] += sw.mass[a]
		sw.mass[a] = 0
	}
	return ends, true
}

// newWholeBlock is the sampling table of one start state's ends (nd: the
// defender's number of states). Entries are in the order attacker wins,
// draw, defender wins, still fighting, then by rounds: inverse-CDF
// sampling is then monotone in the random number, so variants compared on
// common random numbers (Compare) are coupled through who wins.
func newWholeBlock(ends map[wholeEnd]float64, nd uint32) wholeBlock {
	rank := func(k wholeEnd) int {
		sa, sd := k.to/nd, k.to%nd
		switch {
		case sd == 0 && sa != 0:
			return 0
		case sa == 0 && sd == 0:
			return 1
		case sa == 0:
			return 2
		}
		return 3
	}
	keys := slices.SortedFunc(maps.Keys(ends), func(x, y wholeEnd) int {
		return cmp.Or(cmp.Compare(rank(x), rank(y)), cmp.Compare(x.rounds, y.rounds), cmp.Compare(x.to, y.to))
	})
	blk := wholeBlock{}
	pmf := make([]float64, len(keys))
	for i, k := range keys {
		pmf[i] = ends[k]
		blk.to = append(blk.to, k.to)
		blk.rounds = append(blk.rounds, k.rounds)
	}
	blk.cdf = scaledCDF(pmf)
	if blk.cdf == nil {
		blk.cdf = []uint64{math.MaxUint64}
	}
	for b := range blk.guide {
		i := 0
		for i < len(blk.cdf)-1 && uint64(b)<<56 >= blk.cdf[i] {
			i++
		}
		blk.guide[b] = uint32(i)
	}
	return blk
}
