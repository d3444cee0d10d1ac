package combat

import (
	"math/rand/v2"
)

// pairedWorker runs every variant on each trial's own stream.
type pairedWorker struct {
	trials []trial
	acc    []tally
	// sum[v][o] and sumSq[v][o] add up d = [variant v ended in o] −
	// [variant 0 ended in o] and d² over trials.
	sum, sumSq [][numOutcomes]int64
	rng        rand.PCG
}

func newPairedWorker(plans []*plan) *pairedWorker {
	w := &pairedWorker{
		trials: make([]trial, len(plans)),
		acc:    make([]tally, len(plans)),
		sum:    make([][numOutcomes]int64, len(plans)),
		sumSq:  make([][numOutcomes]int64, len(plans)),
	}
	for i, p := range plans {
		w.trials[i] = trial{p: p, rng: &w.rng}
		w.acc[i].prepareLeft(p)
	}
	return w
}

// Trials implements montecarlo.Worker: the chunk's stream gives each trial
// a seed, from which every variant's trial draws.
func (w *pairedWorker) Trials(rng *rand.PCG, n int) {
	for range n {
		s1, s2 := rng.Uint64(), rng.Uint64()
		var first outcome
		for v := range w.trials {
			w.rng.Seed(s1, s2)
			t := &w.trials[v]
			o := t.play()
			w.acc[v].add(t, o)
			if v == 0 {
				first = o
				continue
			}
			if o != first {
				w.sum[v][o]++
				w.sum[v][first]--
				w.sumSq[v][o]++
				w.sumSq[v][first]++
			}
		}
	}
}

func (w *pairedWorker) merge(o *pairedWorker) {
	for v := range w.acc {
		w.acc[v].merge(&o.acc[v])
		for k := range w.sum[v] {
			w.sum[v][k] += o.sum[v][k]
			w.sumSq[v][k] += o.sumSq[v][k]
		}
	}
}
