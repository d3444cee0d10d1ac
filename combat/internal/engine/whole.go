package engine

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
	// Block[j] is the index in blocks of start state j, or -1 when j is not
	// a precomputed start (the rounds then run one by one).
	Block  []int32
	Blocks []wholeBlock
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
	b := w.Block[j]
	if b < 0 {
		return j, round
	}
	blk := &w.Blocks[b]
	u := rng.Uint64()
	i, last := blk.guide[u>>56], uint32(len(blk.cdf)-1)
	for i < last && u >= blk.cdf[i] {
		i++
	}
	return blk.to[i], round + int(blk.rounds[i])
}

// preRoll is a roll before the rounds: the side that rolls, and the kind.
type preRoll struct {
	shooter Side
	r       RollKind
}

// preCombat lists the rolls that can change the two sides' units between
// the start of the action and the first round of combat type ct: which side
// rolls which kind (its hits land on the other side).
func (p *Plan) preCombat(ct CombatType) []preRoll {
	if ct == InSpace {
		return []preRoll{{Attacker, RollSCO}, {Defender, RollSCO}, {Attacker, RollAFB}, {Defender, RollAFB}}
	}
	if p.action == Invasion {
		return []preRoll{{Attacker, RollBombard}, {Defender, RollSCD}}
	}
	return nil
}

// buildWhole precomputes whole combats for every start state reachable from
// the scenario's start through the pre-combat rolls (the hit policy is
// fixed, so k hits always lead to the same state), or returns nil when that
// would be too much work.
func (p *Plan) buildWhole(f *fastCombat, ct CombatType) *wholeCombat {
	jt := f.Joint
	nj := f.ss[Attacker].n * f.ss[Defender].n
	starts := p.wholeStarts(f, ct)
	w := &wholeCombat{Block: make([]int32, nj)}
	for j := range w.Block {
		w.Block[j] = -1
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
		w.Block[j] = int32(len(w.Blocks))
		w.Blocks = append(w.Blocks, newWholeBlock(ends, uint32(f.ss[Defender].n)))
	}
	return w
}

// wholeStarts lists the joint states a combat of type ct can start from:
// the scenario's start, moved by every number of hits of each pre-combat
// roll (anti-fighter barrage, ...), then by the deterministic start-of-
// combat effects replayed on each.
func (p *Plan) wholeStarts(f *fastCombat, ct CombatType) map[uint32]bool {
	nd := f.ss[Defender].n
	starts := map[uint32]bool{}
	var full [2]uint32
	for side := range NumSides {
		alive, damaged := p.Side[side].Start, p.Side[side].StartDamaged
		full[side] = f.ss[side].encode(&alive, &damaged)
	}
	starts[full[Attacker]*uint32(nd)+full[Defender]] = true
	for _, pc := range p.preCombat(ct) {
		shooter, r := pc.shooter, pc.r
		target := shooter.Opp()
		alive, damaged := p.Side[shooter].Start, p.Side[shooter].StartDamaged
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
	hs := p.Hooks.startOfCombat[ct]
	if len(hs) == 0 || len(p.Inexact()) > 0 {
		return starts
	}
	next := map[uint32]bool{}
	for j := range starts {
		t := &Trial{P: p}
		t.Reset()
		f.ss[Attacker].decode(j/uint32(nd), &t.Alive[Attacker], &t.Damaged[Attacker])
		f.ss[Defender].decode(j%uint32(nd), &t.Alive[Defender], &t.Damaged[Defender])
		t.recount(Attacker)
		t.recount(Defender)
		if t.Has(Attacker, rollTargets[CombatRollOf(ct)]) && t.Has(Defender, rollTargets[CombatRollOf(ct)]) {
			for _, h := range hs {
				h(t)
			}
		}
		next[f.ss[Attacker].encode(&t.Alive[Attacker], &t.Damaged[Attacker])*uint32(nd)+f.ss[Defender].encode(&t.Alive[Defender], &t.Damaged[Defender])] = true
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
