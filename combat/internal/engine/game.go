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
	rowMin, colMax, lo := gameBounds(m)
	x, y = make([]float64, len(m)), make([]float64, len(m[0]))
	var tie func(side Side, i, k int) float64
	if keep != nil {
		tie = func(side Side, i, k int) float64 { return keep[side][i][k] }
	}
	if i, k, pure := saddlePoint(rowMin, colMax, tie); pure {
		x[i], y[k] = 1, 1
		return x, y, nil
	}
	return x, y, mixedStrategies(m, lo, x, y)
}

// gameBounds returns each row's worst payoff in the game m (rowMin), each
// column's best (colMax) and the lowest payoff lo.
func gameBounds(m [][]float64) (rowMin, colMax []float64, lo float64) {
	rowMin, colMax = make([]float64, len(m)), make([]float64, len(m[0]))
	copy(colMax, m[0])
	lo = m[0][0]
	for i, row := range m {
		rowMin[i] = row[0]
		for k, v := range row {
			rowMin[i] = min(rowMin[i], v)
			colMax[k] = max(colMax[k], v)
		}
		lo = min(lo, rowMin[i])
	}
	return rowMin, colMax, lo
}

// saddlePoint returns the row i and column k of a pure saddle point of
// the game whose rows' worst payoffs are rowMin and columns' best colMax
// (solveGame), and pure true, when the game has one: the saddle rows are
// those whose worst is the best of the worsts (maxmin), the saddle columns
// those whose best is the worst of the bests (minmax), and it has one when
// the two are equal (differences under 1e-12 are ties). keep, when not
// nil, breaks ties among saddle points: keep(side, i, k) is what side
// keeps in row i and column k (solveGame).
func saddlePoint(rowMin, colMax []float64, keep func(side Side, i, k int) float64) (bestRow, bestCol int, pure bool) {
	const eps = 1e-12
	for i := range rowMin {
		if rowMin[i] > rowMin[bestRow]+eps {
			bestRow = i
		}
	}
	for k := range colMax {
		if colMax[k] < colMax[bestCol]-eps {
			bestCol = k
		}
	}
	maxmin, minmax := rowMin[bestRow], colMax[bestCol]
	if maxmin < minmax-eps {
		return 0, 0, false
	}
	if keep != nil {
		// The column: the saddle column that leaves the column player
		// the most against the first saddle row; then the saddle row
		// that leaves the row player the most against it.
		for k := range colMax {
			if colMax[k] <= minmax+eps && keep(Defender, bestRow, k) > keep(Defender, bestRow, bestCol)+eps {
				bestCol = k
			}
		}
		for i := range rowMin {
			if rowMin[i] >= maxmin-eps && keep(Attacker, i, bestCol) > keep(Attacker, bestRow, bestCol)+eps {
				bestRow = i
			}
		}
	}
	return bestRow, bestCol, true
}

// mixedStrategies writes into x (rows) and y (columns) the strategies of
// the game m without a saddle point, lo its lowest payoff, from the game's
// linear programmes (lpStrategies). gonum's simplex can fail on a
// degenerate game (a singular basis: many rows or columns alike); then it
// solves the game left once the dominated rows and columns are removed
// (undominated) — an equilibrium of that game is one of m, with the same
// value — and the rows and columns removed are played with probability 0.
func mixedStrategies(m [][]float64, lo float64, x, y []float64) error {
	err := lpStrategies(m, lo, x, y)
	if err == nil {
		return nil
	}
	rs, cs := undominated(m)
	if len(rs) == len(m) && len(cs) == len(m[0]) {
		return err
	}
	sub := make([][]float64, len(rs))
	for u, i := range rs {
		sub[u] = make([]float64, len(cs))
		for v, k := range cs {
			sub[u][v] = m[i][k]
		}
	}
	xs, ys := make([]float64, len(rs)), make([]float64, len(cs))
	if lpStrategies(sub, lo, xs, ys) != nil {
		return err
	}
	clear(x)
	clear(y)
	for u, i := range rs {
		x[i] = xs[u]
	}
	for v, k := range cs {
		y[k] = ys[v]
	}
	return nil
}

// undominated returns the rows and columns of the game m left when the
// dominated ones are removed in turn until none is: a row no better than
// another against every column, a column no better for the column player
// than another against every row (of equal ones, the first kept). The
// game left has the value of m, and its equilibria are equilibria of m.
func undominated(m [][]float64) (rs, cs []int) {
	for i := range m {
		rs = append(rs, i)
	}
	for k := range m[0] {
		cs = append(cs, k)
	}
	for {
		r := dropDominated(rs, cs, func(i, k int) float64 { return m[i][k] })
		c := dropDominated(cs, r, func(k, i int) float64 { return -m[i][k] })
		if len(r) == len(rs) && len(c) == len(cs) {
			return rs, cs
		}
		rs, cs = r, c
	}
}

// dropDominated returns the lines of ls (rows, or columns) not dominated by
// another of ls for the player that chooses them, across against: pay(l,
// a) is the player's payoff of line l against a; of equal lines the first
// is kept.
func dropDominated(ls, against []int, pay func(l, a int) float64) []int {
	var out []int
	for u, l := range ls {
		dominated := false
		for v, o := range ls {
			if v == u {
				continue
			}
			ge, gt := true, false
			for _, a := range against {
				p, q := pay(o, a), pay(l, a)
				ge = ge && p >= q
				gt = gt || p > q
			}
			if ge && (gt || v < u) {
				dominated = true
				break
			}
		}
		if !dominated {
			out = append(out, l)
		}
	}
	return out
}

// lpStrategies writes into x (rows) and y (columns) the strategies of
// the game m, lo its lowest payoff, from the game's linear programmes.
// Shifted to be at least 1 (the strategies do not change), the row
// player's strategy is u/Σu for the u ≥ 0 that minimises Σu subject to
// Σ_i u_i m[i][k] ≥ 1 for every column k; the column player's is w/Σw for
// the w ≥ 0 that maximises Σw subject to Σ_k m[i][k] w_k ≤ 1 for every row
// i. Slack variables make both equalities (the simplex's standard form).
func lpStrategies(m [][]float64, lo float64, x, y []float64) error {
	shift := 1 - lo
	if err := rowStrategy(m, shift, x); err != nil {
		return err
	}
	return columnStrategy(m, shift, y)
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
