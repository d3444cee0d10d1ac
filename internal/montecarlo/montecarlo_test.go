package montecarlo

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/ti4sim/ti4sim/internal/fault"
)

// TestStreamFrozen pins the first outputs of a few chunk streams. Every
// seeded answer of ti4sim depends on them: if this test fails, every golden
// file and published figure changes too.
func TestStreamFrozen(t *testing.T) {
	cases := []struct {
		seed, chunk uint64
		want        [3]uint64
	}{
		{1, 0, [3]uint64{0x4312425ce6e7a528, 0xbd2e4514a982c32e, 0xcc28a464c26b394e}},
		{1, 1, [3]uint64{0x37e51fc8e05870b8, 0x5d5056a54081e786, 0x773c90d1cbc3b319}},
		{7, 12345, [3]uint64{0x58a2a71c1211ea5c, 0xd7a00c55bda70d50, 0x9ecf033a52fe522d}},
	}
	for _, c := range cases {
		s := Stream(c.seed, c.chunk)
		got := [3]uint64{s.Uint64(), s.Uint64(), s.Uint64()}
		if got != c.want {
			t.Errorf("Stream(%d, %d) starts %#x, want %#x", c.seed, c.chunk, got, c.want)
		}
		var p rand.PCG
		Reseed(&p, c.seed, c.chunk)
		if again := [3]uint64{p.Uint64(), p.Uint64(), p.Uint64()}; again != got {
			t.Errorf("Reseed(%d, %d) starts %#x, Stream starts %#x", c.seed, c.chunk, again, got)
		}
	}
}

// sumWorker adds up the first draw of every trial and counts trials.
type sumWorker struct{ n, sum uint64 }

func (w *sumWorker) Trials(rng *rand.PCG, n int) {
	for range n {
		w.sum += rng.Uint64() >> 20
		w.n++
	}
}

func total(t *testing.T, o Options) (n, sum uint64) {
	t.Helper()
	ws, err := Run(context.Background(), o, func() *sumWorker { return &sumWorker{} })
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range ws {
		n += w.n
		sum += w.sum
	}
	return n, sum
}

func TestRunSameForAnyWorkerCount(t *testing.T) {
	const trials = 3*ChunkSize + 17 // a partial last chunk
	n1, s1 := total(t, Options{Trials: trials, Seed: 5, Workers: 1})
	if n1 != trials {
		t.Fatalf("ran %d trials, want %d", n1, trials)
	}
	for _, w := range []int{2, 3, 8} {
		n, s := total(t, Options{Trials: trials, Seed: 5, Workers: w})
		if n != n1 || s != s1 {
			t.Errorf("workers %d: (%d, %d), workers 1: (%d, %d)", w, n, s, n1, s1)
		}
	}
	if _, s := total(t, Options{Trials: trials, Seed: 6, Workers: 2}); s == s1 {
		t.Error("seed 6 gave the same sum as seed 5")
	}
	// Batches continue the streams: two runs of 2 chunks from chunk 0 and 2
	// equal one run of 4 chunks.
	_, a := total(t, Options{Trials: 2 * ChunkSize, Seed: 9})
	_, b := total(t, Options{Trials: 2 * ChunkSize, Seed: 9, FirstChunk: 2})
	_, c := total(t, Options{Trials: 4 * ChunkSize, Seed: 9})
	if a+b != c {
		t.Errorf("batches %d + %d != whole run %d", a, b, c)
	}
}

func TestRunCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Run(ctx, Options{Trials: 100 * ChunkSize}, func() *sumWorker { return &sumWorker{} })
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}

func TestRunNilContext(t *testing.T) {
	var nilCtx context.Context
	_, err := Run(nilCtx, Options{Trials: 100 * ChunkSize}, func() *sumWorker { return &sumWorker{} })
	if err == nil || err.Error() != "montecarlo: nil context" {
		t.Fatalf("err = %v, want montecarlo: nil context", err)
	}
}

func TestRunProgress(t *testing.T) {
	var last, calls atomic.Int64
	o := Options{Trials: 5 * ChunkSize, Progress: func(done, total int64) {
		if total != 5*ChunkSize || done < last.Load() || done > total {
			t.Errorf("progress(%d, %d) after %d", done, total, last.Load())
		}
		last.Store(done)
		calls.Add(1)
	}}
	if _, err := Run(context.Background(), o, func() *sumWorker { return &sumWorker{} }); err != nil {
		t.Fatal(err)
	}
	if calls.Load() == 0 || last.Load() != 5*ChunkSize {
		t.Errorf("progress called %d times, last %d; want a final call with the total", calls.Load(), last.Load())
	}
}

func TestValidate(t *testing.T) {
	for _, o := range []Options{{Trials: 0}, {Trials: MaxTrials + 1}, {Trials: 1, Workers: -1}} {
		if o.Validate() == nil {
			t.Errorf("%+v accepted", o)
		}
	}
	if err := (Options{Trials: 1}).Validate(); err != nil {
		t.Error(err)
	}
}

// panicWorker panics in its third chunk of trials and counts the chunks
// all workers start.
type panicWorker struct {
	started *atomic.Int64
	chunks  int
}

func (w *panicWorker) Trials(rng *rand.PCG, n int) {
	w.started.Add(1)
	w.chunks++
	if w.chunks == 3 {
		panic("worker fault")
	}
}

// TestRunWorkerPanic checks that a worker's panic ends the run with a
// *fault.Error at the panicking line, instead of ending the program, and
// that the other workers stop soon after (far fewer chunks than the run's
// 1000 are started).
func TestRunWorkerPanic(t *testing.T) {
	var started atomic.Int64
	for _, workers := range []int{1, 4} {
		started.Store(0)
		_, err := Run(context.Background(), Options{Trials: 1000 * ChunkSize, Seed: 1, Workers: workers}, func() *panicWorker { return &panicWorker{started: &started} })
		var fe *fault.Error
		if !errors.As(err, &fe) || fe.Value != "worker fault" || !strings.HasPrefix(fe.At, "montecarlo_test.go:") {
			t.Fatalf("%d workers: %v, want the worker's panic as a *fault.Error", workers, err)
		}
		if n := started.Load(); n > int64(3*workers+workers) {
			t.Errorf("%d workers: %d chunks started after the first panic at a worker's third", workers, n)
		}
	}
}
