package endpoint

import (
	"context"
	"errors"
	"testing"
	"time"
)

// started reports whether acquire's call in goroutine ch got its slot
// within a short wait (true) or is still waiting (false).
func started(ch <-chan func(), wait time.Duration) (func(), bool) {
	select {
	case rel := <-ch:
		return rel, true
	case <-time.After(wait):
		return nil, false
	}
}

// acquireAsync acquires in a goroutine and sends the release once given.
func acquireAsync(g *gate, ctx context.Context, client string, heavy bool) <-chan func() {
	ch := make(chan func(), 1)
	go func() {
		if rel, err := g.acquire(ctx, client, heavy); err == nil {
			ch <- rel
		}
	}()
	return ch
}

// TestGateNoClientHoldsEverySlot: with 3 slots one client computes at most
// 2 runs; its third waits while another client's run starts at once.
func TestGateNoClientHoldsEverySlot(t *testing.T) {
	g := newGate(3, 8)
	ctx := context.Background()
	a1, _ := g.acquire(ctx, "a", false)
	a2, _ := g.acquire(ctx, "a", false)
	a3 := acquireAsync(g, ctx, "a", false)
	if _, ok := started(a3, 50*time.Millisecond); ok {
		t.Fatal("client a got a third of 3 slots")
	}
	b1, err := g.acquire(ctx, "b", false)
	if err != nil {
		t.Fatalf("client b: %v", err)
	}
	a1()
	rel, ok := started(a3, time.Second)
	if !ok {
		t.Fatal("a's third run did not start when a's first ended")
	}
	for _, r := range []func(){a2, b1, rel} {
		r()
	}
	if g.run != 0 || len(g.byClient) != 0 || g.running.Load() != 0 {
		t.Errorf("after every release: %d running, %v", g.run, g.byClient)
	}
}

// TestGateHeavyLane: with 2 slots heavy runs hold at most 1, so a light run
// starts at once while a second heavy one waits.
func TestGateHeavyLane(t *testing.T) {
	g := newGate(2, 8)
	ctx := context.Background()
	h1, _ := g.acquire(ctx, "a", true)
	h2 := acquireAsync(g, ctx, "b", true)
	if _, ok := started(h2, 50*time.Millisecond); ok {
		t.Fatal("a second heavy run started beside the first on 2 slots")
	}
	l, err := g.acquire(ctx, "c", false)
	if err != nil {
		t.Fatalf("light run: %v", err)
	}
	h1()
	rel, ok := started(h2, time.Second)
	if !ok {
		t.Fatal("the waiting heavy run did not start when the first ended")
	}
	l()
	rel()
}

// TestGateFairOrder: when a slot frees, the waiting run whose client
// computes the fewest runs starts, not the oldest: client a queued two runs
// before client c's one, but a already computes one.
func TestGateFairOrder(t *testing.T) {
	g := newGate(2, 8)
	ctx := context.Background()
	a1, _ := g.acquire(ctx, "a", false)
	b1, _ := g.acquire(ctx, "b", false)
	a2 := acquireAsync(g, ctx, "a", false)
	time.Sleep(20 * time.Millisecond) // a2 queues before c1
	c1 := acquireAsync(g, ctx, "c", false)
	time.Sleep(20 * time.Millisecond)
	b1() // a computes 1, c 0: c1 starts
	relC, ok := started(c1, time.Second)
	if !ok {
		t.Fatal("c's run did not start first")
	}
	if _, ok := started(a2, 50*time.Millisecond); ok {
		t.Fatal("a's second run started before c's first")
	}
	a1()
	relA, ok := started(a2, time.Second)
	if !ok {
		t.Fatal("a's second run never started")
	}
	relC()
	relA()
}

// TestGateQueueShares: one client may hold a quarter of the queue; beyond
// it, and beyond the whole queue, acquire refuses at once; a waiter whose
// context ends leaves the queue.
func TestGateQueueShares(t *testing.T) {
	g := newGate(1, 4) // a client may queue 1
	ctx, cancel := context.WithCancel(context.Background())
	rel, _ := g.acquire(ctx, "a", false)
	acquireAsync(g, ctx, "b", false)
	time.Sleep(20 * time.Millisecond)
	if _, err := g.acquire(context.Background(), "b", false); !errors.Is(err, errQueueFull) {
		t.Errorf("b's second queued run: %v, want errQueueFull", err)
	}
	for _, c := range []string{"c", "d", "e"} {
		acquireAsync(g, ctx, c, false)
	}
	time.Sleep(20 * time.Millisecond)
	if _, err := g.acquire(context.Background(), "f", false); !errors.Is(err, errQueueFull) {
		t.Errorf("a fifth queued run: %v, want errQueueFull", err)
	}
	cancel()
	time.Sleep(20 * time.Millisecond)
	if g.queued.Load() != 0 {
		t.Errorf("%d still queued after their contexts ended", g.queued.Load())
	}
	rel()
	if g.run != 0 {
		t.Errorf("%d running after every release", g.run)
	}
}
