package engine

import "context"

// pollEvery is how many units of work (memoized states, matrix games,
// splits) a dynamic programme does between two looks at its context: a
// unit costs microseconds, so a cancelled computation stops within a
// millisecond or so, and the look (a mutex) stays out of the profile.
const pollEvery = 64

// poll looks at a context every pollEvery calls of stopped, for the
// dynamic programmes that fill their memos by recursion (the optimal hit
// assignment, the best retreat) and so never return to the solver's loop
// over buckets while they run. The zero poll never stops.
type poll struct {
	ctx context.Context
	n   int
}

// stopped returns the context's error on every pollEvery-th call (nil in
// between, and always nil without a context).
func (p *poll) stopped() error {
	if p.ctx == nil {
		return nil
	}
	if p.n++; p.n < pollEvery {
		return nil
	}
	p.n = 0
	return p.ctx.Err()
}
