package engine

import (
	"math/rand/v2"
)

// PairedWorker runs every variant on each trial's own stream.
type PairedWorker struct {
	trials []Trial
	Acc    []Tally
	// Sum[v][o] and sumSq[v][o] add up d = [variant v ended in o] −
	// [variant 0 ended in o] and d² over trials.
	Sum, SumSq [][numOutcomes]int64
	rng        rand.PCG
}

func NewPairedWorker(plans []*Plan) *PairedWorker {
	w := &PairedWorker{
		trials: make([]Trial, len(plans)),
		Acc:    make([]Tally, len(plans)),
		Sum:    make([][numOutcomes]int64, len(plans)),
		SumSq:  make([][numOutcomes]int64, len(plans)),
	}
	for i, p := range plans {
		w.trials[i] = Trial{P: p, Rng: &w.rng}
		w.Acc[i].prepareLeft(p)
	}
	return w
}

// Trials implements montecarlo.Worker: the chunk's stream gives each trial
// a seed, from which every variant's trial draws.
func (w *PairedWorker) Trials(rng *rand.PCG, n int) {
	for range n {
		s1, s2 := rng.Uint64(), rng.Uint64()
		var first outcome
		for v := range w.trials {
			w.rng.Seed(s1, s2)
			t := &w.trials[v]
			o := t.Play()
			w.Acc[v].add(t, o)
			if v == 0 {
				first = o
				continue
			}
			if o != first {
				w.Sum[v][o]++
				w.Sum[v][first]--
				w.SumSq[v][o]++
				w.SumSq[v][first]++
			}
		}
	}
}

func (w *PairedWorker) Merge(o *PairedWorker) {
	for v := range w.Acc {
		w.Acc[v].Merge(&o.Acc[v])
		for k := range w.Sum[v] {
			w.Sum[v][k] += o.Sum[v][k]
			w.SumSq[v][k] += o.SumSq[v][k]
		}
	}
}
