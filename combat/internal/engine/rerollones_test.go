package engine

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestRerollOnesMatchesBruteForce checks dieChance (a die that misses
// showing a natural 1 rerolled once, after any reroll of the misses)
// against a brute force over every face of the first roll, the reroll of
// a miss and the reroll of a 1, each 1/10, and diceOnes (Monte Carlo)
// against it within 5 standard errors.
func TestRerollOnesMatchesBruteForce(t *testing.T) {
	tr := &Trial{P: &Plan{binom: Binomial()}, Rng: rand.NewPCG(9, 4)}
	for _, thr := range []int{2, 5, 8, 10, 11} {
		for _, reroll := range []bool{false, true} {
			want := 0.0
			for f1 := 1; f1 <= 10; f1++ {
				for f2 := 1; f2 <= 10; f2++ {
					for f3 := 1; f3 <= 10; f3++ {
						face := f1
						if reroll && face < thr {
							face = f2
						}
						if face < thr && face == 1 {
							face = f3
						}
						if face >= thr {
							want += 1e-3
						}
					}
				}
			}
			sp := &SidePlan{}
			sp.SetRerollOnes(RollGround)
			if got := sp.dieChance(RollGround, thr, reroll); math.Abs(got-want) > 1e-12 {
				t.Errorf("thr %d reroll %v: dieChance %.6f, want %.6f", thr, reroll, got, want)
			}
			if got := (&SidePlan{}).dieChance(RollGround, thr, reroll); math.Abs(got-rerolled(HitProbability(thr), reroll)) > 1e-15 {
				t.Errorf("thr %d reroll %v: without RerollOnes %.6f", thr, reroll, got)
			}
			const n, dice = 40000, 5
			hits := 0
			for range n {
				hits += tr.diceOnes(thr, dice, reroll, true)
			}
			mean := float64(hits) / (n * dice)
			if se := math.Sqrt(want * (1 - want) / (n * dice)); math.Abs(mean-want) > 5*se+1e-12 {
				t.Errorf("thr %d reroll %v: diceOnes %.5f, want %.5f ± %.5f", thr, reroll, mean, want, 5*se)
			}
		}
	}
}
