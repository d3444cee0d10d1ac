package engine

import (
	"math"
	"testing"
)

// TestBudgetPMFMatchesBruteForce checks budgetPMF (a leader's two rerolls
// a round) against a brute force over every die face: each initial die
// and each of the budget's rerolls takes the ten faces with chance 1/10,
// and the rerolls follow the stated play — the misses of the best
// threshold first, a die that misses its reroll rerolled again.
func TestBudgetPMFMatchesBruteForce(t *testing.T) {
	for _, c := range []struct {
		thr    []int // best first
		n      []int
		budget int
	}{
		{[]int{7}, []int{3}, 2},
		{[]int{8}, []int{1}, 2},
		{[]int{5, 8}, []int{1, 2}, 2},
		{[]int{4, 9}, []int{2, 1}, 1},
		{[]int{6, 7}, []int{1, 1}, 3},
	} {
		var qs []float64
		total := 0
		for i, thr := range c.thr {
			qs = append(qs, HitProbability(thr))
			total += c.n[i]
		}
		got := budgetPMF(qs, c.n, c.budget)
		want := make([]float64, total+1)
		var dieThr []int
		for i, thr := range c.thr {
			for range c.n[i] {
				dieThr = append(dieThr, thr)
			}
		}
		faces := make([]int, total+c.budget)
		var walk func(i int)
		walk = func(i int) {
			if i < len(faces) {
				for f := 1; f <= 10; f++ {
					faces[i] = f
					walk(i + 1)
				}
				return
			}
			hits := 0
			missed := make([]bool, total)
			for d, thr := range dieThr {
				if faces[d] >= thr {
					hits++
				} else {
					missed[d] = true
				}
			}
			next := total           // the next reroll's face
			for d := range dieThr { // dice are in best-threshold order
				for missed[d] && next < len(faces) {
					if faces[next] >= dieThr[d] {
						hits++
						missed[d] = false
					}
					next++
				}
			}
			want[hits] += math.Pow(0.1, float64(len(faces)))
		}
		walk(0)
		for h := range want {
			g := 0.0
			if h < len(got) {
				g = got[h]
			}
			if math.Abs(g-want[h]) > 1e-12 {
				t.Errorf("thresholds %v dice %v budget %d: P(%d hits) = %.15f, brute force %.15f", c.thr, c.n, c.budget, h, g, want[h])
			}
		}
	}
}
