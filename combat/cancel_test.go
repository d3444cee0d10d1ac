package combat_test

import (
	"context"
	"errors"
	"runtime"
	"testing"
	"time"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/advise"
)

// TestCancellationLatency runs each long computation, cancels its context
// after 100 ms (the advisor after a second), and measures how long it takes to return: the issue's
// target is 100 ms; the test fails only past a generous second (the
// machine is shared), or when the computation does not stop at all. Each
// scenario takes seconds uncancelled (noted beside it, measured on a
// loaded 2-core machine). It also checks the memory is released: the
// heap after a collection is back near where it started.
func TestCancellationLatency(t *testing.T) {
	if testing.Short() {
		t.Skip("starts several long computations")
	}
	space := func(a, d string) combat.Scenario {
		return combat.Scenario{Action: combat.SpaceCombat, Attacker: combat.Side{Fleet: mustFleet(t, a)}, Defender: combat.Side{Fleet: mustFleet(t, d)}}
	}
	bigSystem := func() combat.Scenario {
		return system(t, "2 war sun, 4 dreadnought, 6 carrier, 26 infantry, 8 mech", "4 dreadnought, 4 cruiser, 4 destroyer, 6 fighter",
			"A: 10 infantry, 3 mech, 2 pds", "B: 10 infantry, 2 pds, 2 mech", "C: 9 infantry, 3 mech, 1 pds")
	}
	cases := []struct {
		name string
		// delay, when set, replaces the 100 ms before the cancellation.
		delay time.Duration
		run   func(ctx context.Context) error
	}{
		{"best response (one side optimal)", 0, func(ctx context.Context) error { // 10 s
			sc := space("6 dreadnought, 4 carrier, 12 fighter, 3 cruiser", "6 dreadnought, 4 carrier, 12 fighter, 3 cruiser")
			sc.Attacker.Order.Optimal = true
			_, err := combat.Optimize(ctx, sc)
			return err
		}},
		{"both sides optimal", 0, func(ctx context.Context) error { // over 15 s
			sc := space("2 dreadnought, 2 carrier, 6 fighter, 1 cruiser", "2 dreadnought, 2 carrier, 6 fighter, 1 cruiser")
			sc.Attacker.Order.Optimal, sc.Defender.Order.Optimal = true, true
			_, err := combat.Solve(ctx, sc)
			return err
		}},
		{"best retreat (an invasion)", 0, func(ctx context.Context) error { // over 15 s
			sc := combat.Scenario{Action: combat.Invasion,
				Attacker: combat.Side{Fleet: mustFleet(t, "5 dreadnought, 3 carrier, 8 fighter, 2 cruiser, 10 infantry, 3 mech"), Retreat: combat.Retreat{Best: true}},
				Defender: combat.Side{Fleet: mustFleet(t, "4 dreadnought, 3 cruiser, 6 fighter, 2 destroyer, 8 infantry, 2 mech, 1 pds")}}
			_, err := combat.Solve(ctx, sc)
			return err
		}},
		{"fleet advisor (exact, attacker optimal)", time.Second, func(ctx context.Context) error { // 1 s: past the cheap fleets' quick solves // over 15 s; 2.3 s with the order
			// Limits lifted: under the rules' defaults the search ends within the second.
			q := advise.Question{Scenario: space("1 carrier", "4 dreadnought, 2 carrier, 6 fighter, 2 cruiser"), Limits: advise.Limits{Resources: 14, Production: advise.MaxCount, FleetPool: advise.MaxCount}, Method: advise.MethodExact}
			q.Scenario.Attacker.Order.Optimal = true // each solve is long: the advisor must stop inside one
			_, err := advise.Fleet(ctx, q, combat.Options{})
			return err
		}},
		{"commit policy best:all (Monte Carlo)", 0, func(ctx context.Context) error { // 3 s
			sc := bigSystem()
			sc.Commit = combat.Commit{Kind: combat.CommitBestAll}
			_, err := combat.RunSystem(ctx, sc, combat.Options{Trials: 100000, Seed: 1})
			return err
		}},
		{"system solve (exact, best:all)", 0, func(ctx context.Context) error { // 3.5 s
			sc := bigSystem()
			sc.Commit = combat.Commit{Kind: combat.CommitBestAll}
			_, err := combat.SolveSystem(ctx, sc)
			return err
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			base := heapAfterGC()
			delay := c.delay
			if delay == 0 {
				delay = 100 * time.Millisecond
			}
			lat, err := cancelAfter(t, delay, c.run)
			t.Logf("%s: returned %v after cancellation", c.name, lat)
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("returned %v, want context.Canceled (did it finish before the cancellation?)", err)
			}
			if lat > time.Second {
				t.Errorf("took %v to return after cancellation, want well under 1 s (target 100 ms)", lat)
			}
			if after := heapAfterGC(); after > base+32<<20 {
				t.Errorf("heap after the cancelled run and a collection: %d MB, %d MB before: its memos are still held", after>>20, base>>20)
			}
		})
	}
}

// cancelAfter runs f in a goroutine, cancels its context after delay and
// returns how long f took to return after the cancellation, with its
// error; it fails the test when f has not returned 20 s later.
func cancelAfter(t *testing.T, delay time.Duration, f func(ctx context.Context) error) (time.Duration, error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- f(ctx) }()
	time.Sleep(delay)
	start := time.Now()
	cancel()
	select {
	case err := <-done:
		return time.Since(start), err
	case <-time.After(20 * time.Second):
		t.Fatal("did not return within 20 s of cancellation")
		return 0, nil
	}
}

// heapAfterGC returns the live heap after a full collection.
func heapAfterGC() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
