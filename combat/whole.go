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

// preCombat lists the rolls that can change the two sides' units between
// the start of the action and the first round of combat type ct: which side
// rolls which kind (its hits land on the other side).
func (p *plan) preCombat(ct combatType) [][2]int {
	if ct == inSpace {
		return [][2]int{{attacker, int(rollSCO)}, {defender, int(rollSCO)}, {attacker, int(rollAFB)}, {defender, int(rollAFB)}}
	}
	if p.action == Invasion {
		return [][2]int{{attacker, int(rollBombard)}, {defender, int(rollSCD)}}
	}
	return nil
}

// buildWhole precomputes whole combats for every start state reachable from
// the scenario's start through the pre-combat rolls (the hit policy is
// fixed, so k hits always lead to the same state), or returns nil when that
// would be too much work.
func (p *plan) buildWhole(f *fastCombat, ct combatType) *wholeCombat {
	jt := f.joint
	nd := f.ss[defender].n
	nj := f.ss[attacker].n * nd
	starts := map[uint32]bool{}
	var full [2]uint32
	for side := range 2 {
		alive, damaged := p.side[side].start, p.side[side].startDamaged
		full[side] = f.ss[side].encode(&alive, &damaged)
	}
	starts[full[attacker]*uint32(nd)+full[defender]] = true
	for _, pc := range p.preCombat(ct) {
		shooter, r := pc[0], rollKind(pc[1])
		target := 1 - shooter
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
	// Deterministic start-of-combat effects (Magen Defense Grid's hit) move
	// the start state once more: replay them on each.
	if hs := p.hooks.startOfCombat[ct]; len(hs) > 0 && len(p.inexact()) == 0 {
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
		starts = next
	}
	w := &wholeCombat{block: make([]int32, nj)}
	for j := range w.block {
		w.block[j] = -1
	}
	work := 0
	mass, nextMass := make([]float64, nj), make([]float64, nj)
	type key struct {
		to     uint32
		rounds uint8
	}
	for _, j := range slices.Sorted(maps.Keys(starts)) {
		if jt.off[j] == jt.off[j+1] {
			continue // one side has no units: no rounds
		}
		ends := map[key]float64{}
		active := []uint32{j}
		mass[j] = 1
		for r := 1; r <= wholeRounds && len(active) > 0; r++ {
			var nextActive []uint32
			for _, a := range active {
				m := mass[a]
				mass[a] = 0
				for i := jt.off[a]; i < jt.off[a+1]; i++ {
					work++
					n := jt.next[i]
					if jt.off[n] == jt.off[n+1] { // the combat ends (or is stuck) in n
						ends[key{n, uint8(r)}] += m * jt.prob[i]
						continue
					}
					if nextMass[n] == 0 {
						nextActive = append(nextActive, n)
					}
					nextMass[n] += m * jt.prob[i]
				}
			}
			slices.Sort(nextActive)
			active = nextActive
			mass, nextMass = nextMass, mass
			if work > maxWholeWork {
				return nil
			}
		}
		for _, a := range active { // still fighting after wholeRounds rounds
			ends[key{a, wholeRounds}] += mass[a]
			mass[a] = 0
		}
		// Entries in the order attacker wins, draw, defender wins, still
		// fighting, then by rounds: inverse-CDF sampling is then monotone in
		// the random number, so variants compared on common random numbers
		// (Compare) are coupled through who wins.
		rank := func(k key) int {
			sa, sd := k.to/uint32(nd), k.to%uint32(nd)
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
		keys := slices.SortedFunc(maps.Keys(ends), func(x, y key) int {
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
		w.block[j] = int32(len(w.blocks))
		w.blocks = append(w.blocks, blk)
	}
	return w
}
