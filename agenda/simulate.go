package agenda

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/ti4sim/ti4sim/internal/fault"
	"github.com/ti4sim/ti4sim/internal/montecarlo"
	"github.com/ti4sim/ti4sim/internal/stats"
)

// Options configures Simulate.
type Options struct {
	// Trials is the number of simulated votes, 1..1e9; with Precision, the
	// most to run.
	Trials int64
	// Seed selects the random streams; any value. The same seed and
	// options give the same Result.
	Seed uint64
	// Workers is the number of goroutines, 0 for GOMAXPROCS, at most 4096.
	// It never changes the answer.
	Workers int
	// Precision, when positive, runs batches until the 95% interval of
	// every reported probability (Prelim, NoMajority, Final, Overall) has
	// a half-width below it, or Trials have run (then Result.Warnings says
	// so). Each batch continues the chunk streams of the one before and is
	// sized from the estimates so far, so the run stays a function of the
	// seed. Range 0 (off) or above 0 and below 0.5.
	Precision float64
	// Progress, if not nil, is called from Simulate's goroutine with the
	// trials finished so far and the total (with Precision, the most).
	Progress func(done, total int64)
}

// Validate returns an error naming the first bad field of o, or nil.
func (o Options) Validate() error {
	if err := (montecarlo.Options{Trials: o.Trials, Workers: o.Workers}).Validate(); err != nil {
		return err
	}
	if math.IsNaN(o.Precision) || o.Precision < 0 || o.Precision >= 0.5 {
		return fmt.Errorf("precision %v out of range: allowed 0 (off) or more than 0 and below 0.5", o.Precision)
	}
	return nil
}

// errNilContext is returned by Simulate and Exact when given a nil
// context, instead of a panic in a worker goroutine that would end the
// caller's program.
var errNilContext = errors.New("agenda: nil context")

// Simulate estimates the odds of agenda a by simulating o.Trials votes
// (see the package documentation for the rules). Each trial draws every
// voter's available votes and preliminary choice, applies TwoThirds, and
// when there is no majority runs the final vote in FinalOrder, with Bribery
// right after the speaker votes, the duel die (Agenda.Duel) once every
// final vote is cast, and Plurality at the end. It returns an
// error naming the bad input when a or o is invalid, ctx.Err() when ctx
// is cancelled, or an error when ctx is nil.
func Simulate(ctx context.Context, a Agenda, o Options) (_ Result, err error) {
	defer fault.Catch(&err, fault.Named("the vote's simulation"))
	if ctx == nil {
		return Result{}, errNilContext
	}
	if err := o.Validate(); err != nil {
		return Result{}, err
	}
	m, err := compile(&a)
	if err != nil {
		return Result{}, err
	}
	total := newCounts(m.k, len(a.Bribery))
	run := func(first uint64, trials int64) error {
		mo := montecarlo.Options{Trials: trials, Seed: o.Seed, FirstChunk: first, Workers: o.Workers}
		if o.Progress != nil {
			done := total.Trials
			mo.Progress = func(d, _ int64) { o.Progress(done+d, o.Trials) }
		}
		ws, err := montecarlo.Run(ctx, mo, func() *worker { return newWorker(m) })
		if err != nil {
			return err
		}
		for _, w := range ws {
			total.add(&w.c)
		}
		return nil
	}
	var warnings []string
	if o.Precision <= 0 {
		if err := run(0, o.Trials); err != nil {
			return Result{}, err
		}
	} else {
		// Batches in whole chunks: the first of precisionBatch chunks,
		// then what the worst estimate so far needs (at least a quarter
		// more than so far, so noise cannot make tiny batches).
		limit := montecarlo.Chunks(o.Trials)
		var next uint64
		for {
			want := uint64(precisionBatch)
			if next > 0 {
				need := stats.Z95 * stats.Z95 * total.maxVariance() / (o.Precision * o.Precision)
				needChunks := uint64(need*1.05/montecarlo.ChunkSize) + 1
				want = max(needChunks-min(needChunks, next), next/4+1)
			}
			want = min(want, limit-next)
			if err := run(next, min(int64(want)*montecarlo.ChunkSize, o.Trials-int64(next)*montecarlo.ChunkSize)); err != nil {
				return Result{}, err
			}
			next += want
			if w := total.maxHalfWidth(); w < o.Precision {
				break
			} else if next >= limit {
				warnings = append(warnings, fmt.Sprintf("precision %g not reached within %d trials (widest half-width %.3g)", o.Precision, total.Trials, w))
				break
			}
		}
	}
	r := total.result(&a)
	r.Seed = o.Seed
	r.Warnings = warnings
	return r, nil
}

// precisionBatch is the first batch of a Precision run, in chunks (the same
// schedule as the combat simulator's).
const precisionBatch = 25

// worker runs trials into its own integer counts; everything the trial
// loop touches is allocated here.
type worker struct {
	_      [64]byte // keeps the hot fields below off other workers' lines
	m      *model
	c      Counts
	prelim []int // preliminary tally
	total  []int // running final tally
	c1     []int // preliminary choice per voter
	cur    []int // most recent choice per voter
	held   []int // planet votes held back for the final vote
	zealed []bool
	rbuf   []int
	// duel and swings describe the duel die (Agenda.Duel).
	duel   bool
	swings [10]int
	_      [64]byte
}

// pad is the number of unused 8-byte words kept on each side of a worker's
// slices: two cache lines, so that workers on different cores never write
// to the same line (false sharing would make extra workers slower).
const pad = 16

func padded[T any](n int) []T { return make([]T, n+2*pad)[pad : pad+n] }

func newWorker(m *model) *worker {
	nb := len(m.a.Bribery)
	return &worker{
		m: m,
		c: Counts{
			Prelim: padded[int64](m.k), Final: padded[int64](m.k),
			BribeUsed: padded[int64](nb), BribeSpent: padded[int64](nb), BribeSpentSq: padded[int64](nb),
		},
		prelim: padded[int](m.k),
		total:  padded[int](m.k),
		c1:     padded[int](m.n),
		cur:    padded[int](m.n),
		held:   padded[int](m.n),
		zealed: padded[bool](m.n),
		rbuf:   padded[int](m.k),
		duel:   m.a.Duel != NoDuel,
		swings: m.a.Duel.Swings(),
	}
}

// Trials runs n simulated votes drawing from rng.
func (w *worker) Trials(rng *rand.PCG, n int) {
	for range n {
		w.trial(rng)
	}
	w.c.Trials += int64(n)
}

func (w *worker) trial(rng *rand.PCG) {
	m := w.m
	p := w.prelim
	clear(p)
	// Preliminary vote: simultaneous, so the order of draws is just the
	// seating order.
	for i := range m.voters {
		cv := &m.voters[i]
		pv, fv := cv.v.split(cv.votes(rng))
		c := cv.choice.draw(rng)
		cast, z := cv.v.prelimCast(c, pv, m.players)
		if c >= 0 {
			p[c] += cast
		}
		w.c1[i], w.cur[i], w.held[i], w.zealed[i] = c, c, fv, z
	}
	if x, ok := TwoThirds(p); ok {
		w.c.Prelim[x]++
		return
	}
	w.c.NoMajority++
	t := w.total
	copy(t, p)
	var rank []int
	for pos, i := range m.order {
		cv := &m.voters[i]
		c := w.c1[i]
		if !cv.keep {
			c = cv.then.draw(rng)
		}
		w.cur[i] = c
		if c >= 0 {
			t[c] += cv.v.finalCast(c, w.held[i], m.players, w.zealed[i])
		}
		if pos == m.spkPos {
			rank = m.rank(w.rbuf, w.c1[m.speaker], w.cur[m.speaker])
			for _, b := range m.bribers {
				x := w.cur[b.voter]
				if x < 0 {
					continue
				}
				if need := bribeNeeded(t, x, rank); need > 0 && need <= b.tg {
					t[x] += need
					w.c.BribeUsed[b.index]++
					w.c.BribeSpent[b.index] += int64(need)
					w.c.BribeSpentSq[b.index] += int64(need) * int64(need)
				}
			}
		}
	}
	if w.duel {
		// The duel die, once every final vote is cast (Agenda.Duel).
		applySwing(t, speakerOutcome(w.c1[m.speaker], w.cur[m.speaker]), w.swings[rollDuel(rng)])
	}
	w.c.Final[plurality(t, rank)]++
}

// Counts are the integer tallies of a simulation; merging them is exact,
// which is what makes results independent of the number of workers.
type Counts struct {
	// Trials is the number of simulated votes.
	Trials int64
	// Prelim counts, per outcome, the trials where it passed the
	// preliminary vote with a two-thirds majority.
	Prelim []int64
	// NoMajority counts the trials with no two-thirds majority.
	NoMajority int64
	// Final counts, per outcome, the trials where there was no two-thirds
	// majority and it won the final vote.
	Final []int64
	// BribeUsed counts, per entry of Agenda.Bribery, the trials where the
	// player spent trade goods.
	BribeUsed []int64
	// BribeSpent and BribeSpentSq are the sums of the trade goods spent and
	// of their squares, per entry of Agenda.Bribery.
	BribeSpent, BribeSpentSq []int64
}

func newCounts(k, nb int) Counts {
	return Counts{
		Prelim: make([]int64, k), Final: make([]int64, k),
		BribeUsed: make([]int64, nb), BribeSpent: make([]int64, nb), BribeSpentSq: make([]int64, nb),
	}
}

func (c *Counts) add(d *Counts) {
	c.Trials += d.Trials
	c.NoMajority += d.NoMajority
	for i := range c.Prelim {
		c.Prelim[i] += d.Prelim[i]
		c.Final[i] += d.Final[i]
	}
	for i := range c.BribeUsed {
		c.BribeUsed[i] += d.BribeUsed[i]
		c.BribeSpent[i] += d.BribeSpent[i]
		c.BribeSpentSq[i] += d.BribeSpentSq[i]
	}
}

// eachReported calls f with the count of every reported probability: no
// majority, and each outcome's preliminary, final and overall counts.
func (c *Counts) eachReported(f func(k int64)) {
	f(c.NoMajority)
	for i := range c.Prelim {
		f(c.Prelim[i])
		f(c.Final[i])
		f(c.Prelim[i] + c.Final[i])
	}
}

// maxVariance is the largest p(1-p) among the reported probabilities.
func (c *Counts) maxVariance() float64 {
	v := 0.0
	c.eachReported(func(k int64) {
		p := float64(k) / float64(c.Trials)
		v = max(v, p*(1-p))
	})
	return v
}

// maxHalfWidth is the widest half-width among the reported intervals.
func (c *Counts) maxHalfWidth() float64 {
	w := 0.0
	c.eachReported(func(k int64) {
		lo, hi := stats.Wilson(k, c.Trials)
		w = max(w, (hi-lo)/2)
	})
	return w
}

// result turns counts into probabilities with intervals.
func (c *Counts) result(a *Agenda) Result {
	k := len(c.Prelim)
	r := Result{
		Outcomes: append([]string(nil), a.Outcomes...),
		Trials:   c.Trials,
		Prelim:   make([]Prob, k), Final: make([]Prob, k), Overall: make([]Prob, k),
		Counts: Counts{
			Trials: c.Trials, NoMajority: c.NoMajority,
			Prelim: append([]int64(nil), c.Prelim...), Final: append([]int64(nil), c.Final...),
			BribeUsed: append([]int64(nil), c.BribeUsed...), BribeSpent: append([]int64(nil), c.BribeSpent...),
			BribeSpentSq: append([]int64(nil), c.BribeSpentSq...),
		},
	}
	r.NoMajority = estimate(c.NoMajority, c.Trials)
	for i := range k {
		r.Prelim[i] = estimate(c.Prelim[i], c.Trials)
		r.Final[i] = estimate(c.Final[i], c.Trials)
		r.Overall[i] = estimate(c.Prelim[i]+c.Final[i], c.Trials)
	}
	if c.NoMajority > 0 {
		r.FinalIfHeld = make([]Prob, k)
		for i := range k {
			r.FinalIfHeld[i] = estimate(c.Final[i], c.NoMajority)
		}
	}
	for i, b := range a.Bribery {
		mean, se := stats.MeanSE(c.BribeSpent[i], c.BribeSpentSq[i], c.Trials)
		r.Bribery = append(r.Bribery, BriberyResult{
			Voter: a.Voters[b.Voter].Name, TradeGoods: b.TradeGoods,
			Used: estimate(c.BribeUsed[i], c.Trials), MeanSpent: mean, MeanSpentSE: se,
		})
	}
	return r
}

// estimate is k successes in n trials as a Prob.
func estimate(k, n int64) Prob {
	p := float64(k) / float64(n)
	lo, hi := stats.Wilson(k, n)
	return Prob{P: p, Lo: lo, Hi: hi, SE: math.Sqrt(p * (1 - p) / float64(n))}
}
