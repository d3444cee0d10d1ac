package endpoint

import "context"

// progressKey is the context key of a run's progress receiver.
type progressKey struct{}

// WithProgress returns ctx carrying f, the receiver of a Monte Carlo run's
// progress: f(done, total) with 0 ≤ done ≤ total trials, called from the
// run's goroutine a few times a second and once at the end. A Backend finds
// it with ProgressOf; the service sets it for a streamed answer.
func WithProgress(ctx context.Context, f func(done, total int64)) context.Context {
	return context.WithValue(ctx, progressKey{}, f)
}

// ProgressOf returns the progress receiver ctx carries, or nil.
func ProgressOf(ctx context.Context) func(done, total int64) {
	f, _ := ctx.Value(progressKey{}).(func(done, total int64))
	return f
}
