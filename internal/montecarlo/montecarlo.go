// Package montecarlo runs independent trials in fixed-size chunks over several
// goroutines so that the answer never depends on the number of workers.
//
// Trials are numbered 0..Trials-1 and split into chunks of ChunkSize. Chunk c
// always draws from the stream Stream(seed, c), whichever worker runs it, so a
// run is a pure function of (seed, trials). Workers keep their own
// accumulators; callers must merge them with exact (integer) arithmetic, which
// is associative and commutative, so the merged result is bit-identical for
// any worker count.
package montecarlo

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ti4sim/ti4sim/internal/fault"
)

// ChunkSize is the number of trials in one chunk. It is part of the frozen
// stream layout: changing it changes every seeded answer.
const ChunkSize = 4096

// MaxTrials is the largest number of trials a run accepts.
const MaxTrials = 1_000_000_000

// Options configures a run.
type Options struct {
	// Trials is the number of trials, 1..MaxTrials.
	Trials int64
	// Seed selects the random streams; any value.
	Seed uint64
	// FirstChunk is the index of the first chunk, so that successive batches
	// of one run (see combat's precision mode) continue the streams instead of
	// repeating them. Zero for an ordinary run.
	FirstChunk uint64
	// Workers is the number of goroutines, 0 for GOMAXPROCS. It never changes
	// the answer.
	Workers int
	// Progress, if not nil, is called from the goroutine that called Run with
	// the number of trials finished so far and the total, about every
	// ProgressEvery and once at the end.
	Progress func(done, total int64)
	// ProgressEvery is the interval between progress calls; 0 means 200ms.
	ProgressEvery time.Duration
}

// Worker runs trials into its own accumulator.
type Worker interface {
	// Trials runs n trials drawing from rng. n is at most ChunkSize.
	Trials(rng *rand.PCG, n int)
}

// Stream returns the random stream of chunk c of a run seeded with seed.
// The derivation is frozen (see the regression test): the same (seed, c)
// gives the same stream in every version.
func Stream(seed, c uint64) *rand.PCG {
	return rand.NewPCG(splitmix(seed), splitmix(seed^splitmix(c+0x632be59bd9b4e019)))
}

// Reseed resets p to the stream of chunk c of a run seeded with seed, without
// allocating.
func Reseed(p *rand.PCG, seed, c uint64) {
	p.Seed(splitmix(seed), splitmix(seed^splitmix(c+0x632be59bd9b4e019)))
}

func splitmix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

// Validate reports whether o is usable.
func (o Options) Validate() error {
	if o.Trials < 1 || o.Trials > MaxTrials {
		return fmt.Errorf("trials %d out of range: allowed 1..%d", o.Trials, MaxTrials)
	}
	if o.Workers < 0 || o.Workers > 4096 {
		return fmt.Errorf("workers %d out of range: allowed 0 (GOMAXPROCS) or 1..4096", o.Workers)
	}
	return nil
}

// Chunks returns the number of chunks a run of the given number of trials uses.
func Chunks(trials int64) uint64 {
	return uint64((trials + ChunkSize - 1) / ChunkSize)
}

// Run runs o.Trials trials on up to o.Workers goroutines, each with its own
// Worker made by newWorker, and returns the workers for the caller to merge.
// It stops early with ctx.Err() when ctx is cancelled; a nil ctx is an error.
// A worker that panics stops the run: Run returns the panic as a
// *fault.Error (the first one, when several workers panic), and the
// program goes on.
func Run[W Worker](ctx context.Context, o Options, newWorker func() W) ([]W, error) {
	if ctx == nil {
		return nil, fmt.Errorf("montecarlo: nil context")
	}
	if err := o.Validate(); err != nil {
		return nil, err
	}
	nw := o.Workers
	if nw == 0 {
		nw = runtime.GOMAXPROCS(0)
	}
	chunks := Chunks(o.Trials)
	if uint64(nw) > chunks {
		nw = int(chunks)
	}
	workers := make([]W, nw)
	for i := range workers {
		workers[i] = newWorker()
	}
	var next, done atomic.Uint64
	var failed atomic.Pointer[fault.Error]
	var wg sync.WaitGroup
	for i := range workers {
		wg.Add(1)
		go func(w W) {
			defer wg.Done()
			defer fault.Recover(func(e *fault.Error) { failed.CompareAndSwap(nil, e) })
			var rng rand.PCG
			for ctx.Err() == nil && failed.Load() == nil {
				c := next.Add(1) - 1
				if c >= chunks {
					return
				}
				n := ChunkSize
				if rest := o.Trials - int64(c)*ChunkSize; rest < ChunkSize {
					n = int(rest)
				}
				Reseed(&rng, o.Seed, o.FirstChunk+c)
				w.Trials(&rng, n)
				done.Add(uint64(n))
				yield()
			}
		}(workers[i])
	}
	finished := make(chan struct{})
	go func() { wg.Wait(); close(finished) }()
	if o.Progress != nil {
		every := o.ProgressEvery
		if every <= 0 {
			every = 200 * time.Millisecond
		}
		tick := time.NewTicker(every)
	loop:
		for {
			select {
			case <-finished:
				break loop
			case <-tick.C:
				o.Progress(int64(done.Load()), o.Trials)
			}
		}
		tick.Stop()
	} else {
		<-finished
	}
	if e := failed.Load(); e != nil {
		return nil, e
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if o.Progress != nil {
		o.Progress(o.Trials, o.Trials)
	}
	return workers, nil
}
