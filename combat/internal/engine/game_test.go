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

// TestSolveGameDegenerate checks solveGame on a game where gonum's simplex
// meets a singular basis (a round of `3 fighter, 1 carrier, 3 dreadnought,
// 1 war sun` against `3 fighter, 2 dreadnought`, both sides optimal: the
// attacker's scores all within 3·10⁻³ of 1, many rows alike, a saddle
// point only within rounding): it solves the game left without the
// dominated rows and columns, and the strategies it returns are an
// equilibrium — neither side gains more than 1e-12 by any pure answer.
func TestSolveGameDegenerate(t *testing.T) {
	m := [][]float64{
		{0.99999999760801728, 0.99997894280120969, 0.99971442629594309, 0.99825329836827137},
		{0.99999999999867528, 0.99999994342652188, 0.99999531876924252, 0.99994599208664292},
		{0.99999999999999445, 0.99999999914238835, 0.9999997446034079, 0.9999950503383509},
		{0.99999999999933886, 0.99999997070081703, 0.99999706153188594, 0.99996561044663201},
		{1.0000000000000002, 0.99999999999988265, 0.99999999432507858, 0.99999988248906457},
		{1, 0.99999999999999989, 0.99999999998608768, 0.99999999963953956},
		{1, 1, 0.99999999999989275, 0.99999999999316214},
		{1, 1, 0.9999999999911009, 0.99999999976933973},
		{1.0000000000000002, 0.99999999999999989, 0.99999999999997879, 0.99999999999865263},
		{1, 1.0000000000000002, 0.99999999999998657, 0.99999999999914313},
		{1, 1, 0.99999999999999145, 0.99999999999945177},
		{1, 1, 0.9999999999911009, 0.99999999976933973},
		{1, 1.0000000000000002, 0.99999999999998657, 0.99999999999914313},
		{1, 1, 0.99999999999999145, 0.99999999999945177},
	}
	x, y, err := solveGame(m, nil)
	if err != nil {
		t.Fatal(err)
	}
	v := 0.0
	for i := range m {
		for k := range m[i] {
			v += x[i] * y[k] * m[i][k]
		}
	}
	for k := range m[0] { // the column player's pure answers to x
		p := 0.0
		for i := range m {
			p += x[i] * m[i][k]
		}
		if p < v-1e-12 {
			t.Errorf("column %d holds the row player to %.17g, below the value %.17g", k, p, v)
		}
	}
	for i := range m { // the row player's pure answers to y
		p := 0.0
		for k := range m[i] {
			p += y[k] * m[i][k]
		}
		if p > v+1e-12 {
			t.Errorf("row %d scores %.17g, above the value %.17g", i, p, v)
		}
	}
}
