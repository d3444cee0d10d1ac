package engine

import (
	"context"
	"fmt"

	"github.com/ti4sim/ti4sim/internal/montecarlo"
	"github.com/ti4sim/ti4sim/internal/stats"
)

// Batch runs one batch of trials and adds its tallies to acc.
func (p *Plan) Batch(ctx context.Context, mo montecarlo.Options, acc *Tally) error {
	ws, err := montecarlo.Run(ctx, mo, func() *worker { return NewWorker(p) })
	if err != nil {
		return err
	}
	for _, w := range ws {
		acc.Merge(&w.Acc)
	}
	return nil
}

// precisionBatch is the first batch of a precision run, in chunks.
const precisionBatch = 25

// RunToPrecision runs batches, each continuing the chunk streams of the one
// before, until every outcome's interval half-width is below o.Precision or
// o.Trials trials have run. Each batch is sized from the worst outcome's
// estimate so far, so the sequence depends only on the seed.
func (p *Plan) RunToPrecision(ctx context.Context, o Options) (Result, error) {
	var acc Tally
	var next uint64
	limit := montecarlo.Chunks(o.Trials)
	for {
		want := uint64(precisionBatch)
		if acc.N > 0 {
			// Trials needed for a half-width z·sqrt(q(1−q)/n) below the
			// target, from the outcome with the largest variance so far.
			worst := 0.0
			for _, c := range acc.Outcome {
				q := float64(c) / float64(acc.N)
				worst = max(worst, q*(1-q))
			}
			need := stats.Z95 * stats.Z95 * worst / (o.Precision * o.Precision)
			needChunks := uint64(need*1.05/montecarlo.ChunkSize) + 1
			// What the estimate still asks for, but at least a quarter more
			// than so far, so a noisy estimate cannot make tiny batches.
			want = max(needChunks-min(needChunks, next), next/4+1)
		}
		want = min(want, limit-next)
		mo := o.Runner()
		mo.FirstChunk = next
		mo.Trials = min(int64(want)*montecarlo.ChunkSize, o.Trials-int64(next)*montecarlo.ChunkSize)
		if o.Progress != nil {
			done := acc.N
			mo.Progress = func(d, _ int64) { o.Progress(done+d, o.Trials) }
		}
		if err := p.Batch(ctx, mo, &acc); err != nil {
			return Result{}, err
		}
		next += want
		r := p.Result(&acc, o)
		if r.Outcome.HalfWidth() < o.Precision {
			return r, nil
		}
		if next >= limit {
			r.Warnings = append(r.Warnings, fmt.Sprintf("precision %g not reached within %d trials (widest half-width %.3g)", o.Precision, acc.N, r.Outcome.HalfWidth()))
			return r, nil
		}
	}
}
