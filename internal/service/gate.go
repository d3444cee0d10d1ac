package service

import (
	"context"
	"errors"
	"sync/atomic"
)

// errQueueFull is gate.acquire's answer when every slot is taken and the
// queue is full.
var errQueueFull = errors.New("queue full")

// gate admits at most len(slots) runs at once and keeps at most maxQueue
// more waiting; beyond that it refuses at once.
type gate struct {
	slots    chan struct{}
	maxQueue int64
	queued   atomic.Int64
	running  atomic.Int64
}

func newGate(concurrent, queue int) *gate {
	return &gate{slots: make(chan struct{}, concurrent), maxQueue: int64(queue)}
}

// acquire takes a slot, waiting in the queue if there is room; it returns
// errQueueFull when there is none, or ctx's error when ctx ends first. The
// caller calls release once when its run is done.
func (g *gate) acquire(ctx context.Context) (release func(), err error) {
	release = func() { g.running.Add(-1); <-g.slots }
	select {
	case g.slots <- struct{}{}:
		g.running.Add(1)
		return release, nil
	default:
	}
	if g.queued.Add(1) > g.maxQueue {
		g.queued.Add(-1)
		return nil, errQueueFull
	}
	defer g.queued.Add(-1)
	select {
	case g.slots <- struct{}{}:
		g.running.Add(1)
		return release, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}
