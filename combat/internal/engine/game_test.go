package engine

import (
	"math"
	"testing"
)

// TestSolveGame checks solveGame on games whose equilibria are known in
// closed form: matching pennies (½, ½; value ½ with payoffs 0/1), a 2×2
// game without a saddle point (x = (d−c)/(a−b−c+d) for [[a b][c d]]), a
// game with a saddle point, and a 3×3 game (rock–paper–scissors: ⅓ each).
func TestSolveGame(t *testing.T) {
	value := func(m [][]float64, x, y []float64) float64 {
		v := 0.0
		for i := range m {
			for k := range m[i] {
				v += x[i] * y[k] * m[i][k]
			}
		}
		return v
	}
	for _, tc := range []struct {
		name string
		m    [][]float64
		x, y []float64
		v    float64
	}{
		{"pennies", [][]float64{{1, 0}, {0, 1}}, []float64{0.5, 0.5}, []float64{0.5, 0.5}, 0.5},
		// [[3 1][0 2]]: x1 = (2−0)/(3−1−0+2) = ½, y1 = (2−1)/4 = ¼, v = 6/4.
		{"2x2", [][]float64{{3, 1}, {0, 2}}, []float64{0.5, 0.5}, []float64{0.25, 0.75}, 1.5},
		{"saddle", [][]float64{{0.4, 0.6}, {0.3, 0.2}}, []float64{1, 0}, []float64{1, 0}, 0.4},
		{"rps", [][]float64{{0.5, 0, 1}, {1, 0.5, 0}, {0, 1, 0.5}}, []float64{1. / 3, 1. / 3, 1. / 3}, []float64{1. / 3, 1. / 3, 1. / 3}, 0.5},
	} {
		x, y, err := solveGame(tc.m, nil)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		for i := range x {
			if math.Abs(x[i]-tc.x[i]) > 1e-9 {
				t.Errorf("%s: x = %v, want %v", tc.name, x, tc.x)
			}
		}
		for k := range y {
			if math.Abs(y[k]-tc.y[k]) > 1e-9 {
				t.Errorf("%s: y = %v, want %v", tc.name, y, tc.y)
			}
		}
		if v := value(tc.m, x, y); math.Abs(v-tc.v) > 1e-9 {
			t.Errorf("%s: value %v, want %v", tc.name, v, tc.v)
		}
	}
}
