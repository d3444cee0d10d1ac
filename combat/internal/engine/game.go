package engine

import (
	"fmt"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/optimize/convex/lp"
)

// solveGame solves the zero-sum matrix game m, m[i][k] the row player's
// payoff when it plays row i and the column player column k, the row
// player maximising: it returns an equilibrium's mixed strategies x (rows)
// and y (columns), each summing to 1. A pure saddle point — a row whose
// worst payoff equals the column player's best guarantee — is taken when
// one exists; otherwise each player's strategy is the solution of the
// game's linear programme (von Neumann's minimax theorem: both give the
// game's value), by gonum's simplex.
//
// Among pure saddle points (every pair of a saddle row and a saddle column
// is one, with the same payoff) keep breaks ties, when not nil: the column
// is the saddle column that leaves the column player the most of
// keep[1][i][k] against the first saddle row, then the row the saddle row
// that leaves the row player the most of keep[0][i][k] against that column
// (the first of equals).
func solveGame(m [][]float64, keep *[2][][]float64) (x, y []float64, err error) {
	x, y, lo, pure := saddlePoint(m, keep)
	if pure {
		return x, y, nil
	}
	// Shift the payoffs to be at least 1 (the strategies do not change):
	// the row player's strategy is u/Σu for the u ≥ 0 that minimises Σu
	// subject to Σ_i u_i m[i][k] ≥ 1 for every column k; the column
	// player's is w/Σw for the w ≥ 0 that maximises Σw subject to
	// Σ_k m[i][k] w_k ≤ 1 for every row i. Slack variables make both
	// equalities (the simplex's standard form).
	shift := 1 - lo
	if err := rowStrategy(m, shift, x); err != nil {
		return nil, nil, err
	}
	if err := columnStrategy(m, shift, y); err != nil {
		return nil, nil, err
	}
	return x, y, nil
}

// saddlePoint returns zeroed strategies x (rows) and y (columns) for the
// game m and its lowest payoff lo; when the game has a pure saddle point
// (solveGame, keep breaking ties among them), pure is true and x and y
// play it.
func saddlePoint(m [][]float64, keep *[2][][]float64) (x, y []float64, lo float64, pure bool) {
	const eps = 1e-12
	rows, cols := len(m), len(m[0])
	// Each row's worst payoff and each column's best; the saddle rows are
	// those whose worst is the best of the worsts (maxmin), the saddle
	// columns those whose best is the worst of the bests (minmax).
	rowMin, colMax := make([]float64, rows), make([]float64, cols)
	copy(colMax, m[0])
	lo = m[0][0]
	for i := range rows {
		rowMin[i] = m[i][0]
		for k, v := range m[i] {
			rowMin[i] = min(rowMin[i], v)
			colMax[k] = max(colMax[k], v)
		}
		lo = min(lo, rowMin[i])
	}
	bestRow, bestCol := 0, 0
	for i := range rows {
		if rowMin[i] > rowMin[bestRow]+eps {
			bestRow = i
		}
	}
	for k := range cols {
		if colMax[k] < colMax[bestCol]-eps {
			bestCol = k
		}
	}
	maxmin, minmax := rowMin[bestRow], colMax[bestCol]
	x, y = make([]float64, rows), make([]float64, cols)
	if maxmin < minmax-eps {
		return x, y, lo, false
	}
	if keep != nil {
		// The column: the saddle column that leaves the column player
		// the most against the first saddle row; then the saddle row
		// that leaves the row player the most against it.
		for k := range cols {
			if colMax[k] <= minmax+eps && keep[1][bestRow][k] > keep[1][bestRow][bestCol]+eps {
				bestCol = k
			}
		}
		for i := range rows {
			if rowMin[i] >= maxmin-eps && keep[0][i][bestCol] > keep[0][bestRow][bestCol]+eps {
				bestRow = i
			}
		}
	}
	x[bestRow], y[bestCol] = 1, 1
	return x, y, lo, true
}

// rowStrategy writes into x the row player's strategy of the game m
// shifted by shift (solveGame): u/Σu for the u ≥ 0 that minimises Σu
// subject to Σ_i u_i (m[i][k]+shift) ≥ 1 for every column k.
func rowStrategy(m [][]float64, shift float64, x []float64) error {
	rows, cols := len(m), len(m[0])
	a := mat.NewDense(cols, rows+cols, nil)
	c := make([]float64, rows+cols)
	b := make([]float64, cols)
	for k := range cols {
		for i := range rows {
			a.Set(k, i, m[i][k]+shift)
		}
		a.Set(k, rows+k, -1)
		b[k] = 1
	}
	for i := range rows {
		c[i] = 1
	}
	_, u, err := lp.Simplex(c, a, b, 0, nil)
	if err != nil {
		return fmt.Errorf("solving a %d×%d assignment game: %w", rows, cols, err)
	}
	normalise(x, u[:rows])
	return nil
}

// columnStrategy writes into y the column player's strategy of the game m
// shifted by shift (solveGame): w/Σw for the w ≥ 0 that maximises Σw
// subject to Σ_k (m[i][k]+shift) w_k ≤ 1 for every row i, from the basis
// of the slack variables.
func columnStrategy(m [][]float64, shift float64, y []float64) error {
	rows, cols := len(m), len(m[0])
	a := mat.NewDense(rows, cols+rows, nil)
	c := make([]float64, cols+rows)
	b := make([]float64, rows)
	for i := range rows {
		for k := range cols {
			a.Set(i, k, m[i][k]+shift)
		}
		a.Set(i, cols+i, 1)
		b[i] = 1
	}
	for k := range cols {
		c[k] = -1
	}
	basic := make([]int, rows)
	for i := range basic {
		basic[i] = cols + i
	}
	_, w, err := lp.Simplex(c, a, b, 0, basic)
	if err != nil {
		return fmt.Errorf("solving a %d×%d assignment game: %w", rows, cols, err)
	}
	normalise(y, w[:cols])
	return nil
}

// normalise writes v scaled to sum 1 into dst, dropping negative rounding
// noise.
func normalise(dst, v []float64) {
	t := 0.0
	for _, e := range v {
		t += max(e, 0)
	}
	for i, e := range v {
		dst[i] = max(e, 0) / t
	}
}
