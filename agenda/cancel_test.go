package agenda

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"testing"
	"time"
)

// slowAgenda is an exact vote that runs for far more than 20 seconds on
// a shared 2-core machine with the size limits lifted: 6 voters of 1..12
// votes who hold 4 back and choose afresh among 4 outcomes in the final
// vote.
func slowAgenda() Agenda {
	a := Agenda{Outcomes: []string{"a", "b", "c", "d"}}
	even := []float64{0.25, 0.25, 0.25, 0.25}
	for i := range 6 {
		a.Voters = append(a.Voters, Voter{Name: fmt.Sprint("v", i), Votes: Range{1, 12}, Final: 4, Choice: even, Then: even})
	}
	return a
}

// TestExactCancelLatency cancels an exact vote once its enumeration holds
// 64 MB and measures how long Exact takes to return (the issue's
// target is 100 ms; the test fails only past a generous second, as the
// machine is shared), and that the partial tallies are released: the heap
// after a collection is back near where it started.
func TestExactCancelLatency(t *testing.T) {
	defer func(s, w int) { exactStateLimit, exactWorkLimit = s, w }(exactStateLimit, exactWorkLimit)
	exactStateLimit, exactWorkLimit = 1<<62, 1<<62 // only the cancellation stops it
	base := heapAfterGC()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := Exact(ctx, slowAgenda())
		done <- err
	}()
	// Cancel once the enumeration holds 64 MB (or after 5 s), so that
	// its release can be seen.
	var peak runtime.MemStats
	for wait := time.Now(); time.Since(wait) < 5*time.Second; {
		time.Sleep(20 * time.Millisecond)
		if runtime.ReadMemStats(&peak); peak.HeapAlloc > base+64<<20 {
			break
		}
	}
	start := time.Now()
	cancel()
	select {
	case err := <-done:
		lat := time.Since(start)
		t.Logf("exact vote: returned %v after cancellation (heap %d MB when cancelled)", lat, peak.HeapAlloc>>20)
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("Exact returned %v, want context.Canceled (did it finish before the cancellation?)", err)
		}
		if lat > time.Second {
			t.Errorf("Exact took %v to return after cancellation, want well under 1 s (target 100 ms)", lat)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Exact did not return within 20 s of cancellation")
	}
	if after := heapAfterGC(); after > base+16<<20 {
		t.Errorf("heap after the cancelled vote and a collection: %d MB, %d MB before: its tallies are still held", after>>20, base>>20)
	}
}

// heapAfterGC returns the live heap after a full collection.
func heapAfterGC() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}
