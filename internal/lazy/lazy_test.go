package lazy

import (
	"sync"
	"testing"
)

// counted is built by its Build once however many goroutines Get it.
var (
	builds  int
	counted = Value[map[string]int]{Build: func() map[string]int { builds++; return map[string]int{"a": 1} }}
)

// TestValueBuildsOnce: Get returns Build's value, built once for
// concurrent first callers, and not before the first Get.
func TestValueBuildsOnce(t *testing.T) {
	if builds != 0 {
		t.Fatalf("built %d times before the first Get", builds)
	}
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			if counted.Get()["a"] != 1 {
				t.Error("Get: not Build's value")
			}
		})
	}
	wg.Wait()
	if builds != 1 {
		t.Errorf("built %d times, want 1", builds)
	}
}
