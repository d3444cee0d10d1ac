package engine

import (
	"math"
	"testing"
)

// AtLeast adds the bins from n up of every outcome: here 0.1 + 0.2 (the
// attacker's win with 2 and 3 left) + 0.05 (a retreat with 2 left) for
// n = 2, everything for n = 0, nothing beyond the last bin.
func TestUnitsLeftAtLeast(t *testing.T) {
	u := UnitsLeft{AttackerWin: []float64{0, 0.3, 0.1, 0.2}, DefenderWin: []float64{0.35}, AttackerRetreats: []float64{0, 0, 0.05}}
	for n, want := range map[int]float64{0: 1, 1: 0.65, 2: 0.35, 3: 0.2, 4: 0, -1: 1} {
		if got := u.AtLeast(n); math.Abs(got-want) > 1e-12 {
			t.Errorf("AtLeast(%d) = %v, want %v", n, got, want)
		}
	}
}
