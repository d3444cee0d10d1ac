package engine

import "math/rand/v2"

// histBins is the number of bins of a rounds histogram; the last bin holds
// every count at or above histBins-1.
const histBins = 32

// histogram accumulates a small non-negative count per trial.
type histogram struct {
	sum, sumSq int64
	bins       [histBins]int64
}

func (h *histogram) add(v int) { h.addN(v, 1) }

// addN adds c counts of v.
func (h *histogram) addN(v int, c int64) {
	h.sum += int64(v) * c
	h.sumSq += int64(v) * int64(v) * c
	h.bins[min(v, histBins-1)] += c
}

func (h *histogram) merge(o *histogram) {
	h.sum += o.sum
	h.sumSq += o.sumSq
	for i := range h.bins {
		h.bins[i] += o.bins[i]
	}
}

// Tally is one worker's integer accumulators. Integer sums merge exactly in
// any order, which is what makes a Result independent of the worker count.
type Tally struct {
	N           int64
	Outcome     [numOutcomes]int64
	space       [numOutcomes]int64
	survivors   [2][MaxSlots]int64
	survivorsSq [2][MaxSlots]int64
	lost        [2]int64
	lostSq      [2]int64
	rounds      [NumCombatTypes]histogram
	allRounds   histogram
	unresolved  int64
	invaded     int64
	// wipedOut counts the invasions whose ground combat left neither side
	// with ground forces (Outcomes.BothWipedOut).
	wipedOut int64
	// capacityLost and capacityLostSq add up units removed for capacity.
	capacityLost, capacityLostSq [2]int64
	// captured and capturedSq add up units captured (Devour).
	captured, capturedSq [2]int64
	// killed and killedSq add up, for slots whose units revive, the units
	// destroyed (not removed for capacity).
	killed, killedSq [2][MaxSlots]int64
	// left[s][o*bins+k] counts the trials that ended with outcome o and
	// side s having k units left (UnitsLeft), bins the side's leftBins;
	// sized by prepareLeft.
	left [2][]int64
	// states counts the units left at the end, by state, when the plan has
	// a round limit (nil otherwise): it grows with the number of distinct
	// states, not of trials.
	states map[unitState]int64
}

// unitState is both sides' alive and damaged counts per slot.
type unitState [2][2][MaxSlots]uint16

func (a *Tally) add(t *Trial, o outcome) {
	a.addEnd(t, o, 1)
	for ct := range t.rounds {
		a.rounds[ct].add(t.rounds[ct])
	}
	a.allRounds.add(t.rounds[InSpace] + t.rounds[OnGround])
}

// addEnd adds c trials that ended as t did, with outcome o, but for their
// rounds (the rounds histograms): the quick path counts those apart.
func (a *Tally) addEnd(t *Trial, o outcome, c int64) {
	a.N += c
	a.Outcome[o] += c
	a.space[t.space] += c
	for s := range NumSides {
		alive := t.Alive[s][:len(t.P.Side[s].Slots)]
		if t.P.HasWorn {
			// A worn slot's units are reported with their unit.
			t.report = t.Alive[s]
			for i, sl := range t.P.Side[s].Slots {
				if sl.Form == FormWorn {
					t.report[sl.Of] += t.report[i]
					t.report[i] = 0
				}
			}
			alive = t.report[:len(alive)]
		}
		sum, sq := a.survivors[s][:len(alive)], a.survivorsSq[s][:len(alive)]
		for i, v := range alive {
			sum[i] += int64(v) * c
			sq[i] += int64(v) * int64(v) * c
		}
		l := int64(t.lost[s])
		a.lost[s] += l * c
		a.lostSq[s] += l * l * c
		k := int64(t.capacityLost[s])
		a.capacityLost[s] += k * c
		a.capacityLostSq[s] += k * k * c
		k = int64(t.Captured[s])
		a.captured[s] += k * c
		a.capturedSq[s] += k * k * c
		for _, i := range t.P.Side[s].Revivers {
			k := int64(t.Killed[s][i])
			a.killed[s][i] += k * c
			a.killedSq[s][i] += k * k * c
		}
		a.left[s][int(o)*t.P.Side[s].leftBins+t.P.unitsLeft(s, &t.Alive[s])] += c
	}
	if t.unresolved {
		a.unresolved += c
	}
	if t.Invaded {
		a.invaded += c
		// Effects after the result only take units away, and only from an
		// attacker whose ground forces won: the outcome says which trials
		// can have been wiped out.
		if (o == draw || o == DefenderWins) && t.wipedOut() {
			a.wipedOut += c
		}
	}
	if a.states != nil {
		a.states[unitState{{t.Alive[Attacker], t.Damaged[Attacker]}, {t.Alive[Defender], t.Damaged[Defender]}}] += c
	}
}

func (a *Tally) Merge(b *Tally) {
	a.N += b.N
	for i := range a.Outcome {
		a.Outcome[i] += b.Outcome[i]
		a.space[i] += b.space[i]
	}
	for s := range a.survivors {
		for i := range a.survivors[s] {
			a.survivors[s][i] += b.survivors[s][i]
			a.survivorsSq[s][i] += b.survivorsSq[s][i]
		}
		a.lost[s] += b.lost[s]
		a.lostSq[s] += b.lostSq[s]
		a.capacityLost[s] += b.capacityLost[s]
		a.capacityLostSq[s] += b.capacityLostSq[s]
		a.captured[s] += b.captured[s]
		a.capturedSq[s] += b.capturedSq[s]
		for i := range a.killed[s] {
			a.killed[s][i] += b.killed[s][i]
			a.killedSq[s][i] += b.killedSq[s][i]
		}
		if a.left[s] == nil && b.left[s] != nil {
			a.left[s] = make([]int64, len(b.left[s]))
		}
		for i, v := range b.left[s] {
			a.left[s][i] += v
		}
	}
	for ct := range a.rounds {
		a.rounds[ct].merge(&b.rounds[ct])
	}
	a.allRounds.merge(&b.allRounds)
	a.unresolved += b.unresolved
	a.invaded += b.invaded
	a.wipedOut += b.wipedOut
	if b.states != nil && a.states == nil {
		a.states = map[unitState]int64{}
	}
	for k, v := range b.states {
		a.states[k] += v
	}
}

// worker runs trials of one plan into its own tally.
type worker struct {
	t   Trial
	Acc Tally
	// quick holds the counts of the quick path (quick.go) when the plan
	// takes it.
	quick *quickCounts
}

func NewWorker(p *Plan) *worker {
	w := &worker{t: Trial{P: p}}
	w.Acc.prepareLeft(p)
	if p.roundLimit > 0 {
		w.Acc.states = map[unitState]int64{}
	}
	if p.Quick != nil {
		w.quick = newQuickCounts(p.Quick)
	}
	return w
}

// Trials implements montecarlo.Worker.
func (w *worker) Trials(rng *rand.PCG, n int) {
	if q := w.t.P.Quick; q != nil && w.quick != nil {
		w.quickTrials(q, rng, n)
		return
	}
	w.t.Rng = rng
	for range n {
		o := w.t.Play()
		w.Acc.add(&w.t, o)
	}
}
