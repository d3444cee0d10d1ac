package engine

import (
	"fmt"
	"math"
)

// gameTables are the memos of the simultaneous game (both sides optimal),
// dense by joint state: the game reaches nearly every pair of the two
// sides' states below the start (each side can be left in any state its
// hits reach), so slices indexed by the joint code hold them in a fraction
// of a map's memory and time.
type gameTables struct {
	// val is the worth of every joint state at the start of a round
	// (optValue), score its score (optValue.score); NaN in score: not
	// computed yet.
	val   []optValue
	score []float64
	// dec is the decision of every joint state j = sa·nd + sd and pair of
	// hit counts (ha, hd), at decIndex: 0 not decided yet, next+1 for a
	// pure decision that leads to joint state next, mixedDecision|i for
	// mixed[i] (states with their probabilities).
	dec   []uint32
	mixed [][]weightedState
	// preA[sa] is the sum of the lengths of the attacker's hit
	// distributions (pmfOf) in the states below sa, preD[sd] likewise for
	// the defender, and rowLen the defender's sum over all its states: an
	// attacker state's block in dec holds one row of rowLen entries per
	// number of hits it can score.
	preA, preD []int
	rowLen     int
	// one holds the pure decision decide returns; rowMin and colMax are
	// the scratch of a game's bounds (filled once the game's values are
	// all computed, so the recursion does not overwrite them in use).
	one            [1]weightedState
	rowMin, colMax []float64
}

// mixedDecision marks an entry of gameTables.dec that indexes
// gameTables.mixed.
const mixedDecision = 1 << 31

// newGameTables returns the game's memos for chain c, whose joint states
// number na·nd, or an error when there are more than maxCells of them.
// Every state's hit distribution is computed here, to size the decisions.
func newGameTables(c *chain, maxCells int) (*gameTables, error) {
	na, nd := c.ss[Attacker].n, c.ss[Defender].n
	if na*nd > maxCells || na*nd >= mixedDecision {
		return nil, fmt.Errorf("the optimal hit assignment: both sides optimal have %d × %d joint states, more than the %d it can hold", na, nd, maxCells)
	}
	g := &gameTables{val: make([]optValue, na*nd), score: make([]float64, na*nd)}
	for j := range g.score {
		g.score[j] = math.NaN()
	}
	prefix := func(side Side, n int) ([]int, int) {
		pre, t := make([]int, n), 0
		for st := range n {
			pre[st] = t
			t += len(c.pmfOf(side, uint32(st)))
		}
		return pre, t
	}
	var colsA int
	g.preA, colsA = prefix(Attacker, na)
	g.preD, g.rowLen = prefix(Defender, nd)
	g.dec = make([]uint32, colsA*g.rowLen)
	return g, nil
}

// decIndex is the place in dec of the decision in joint state (sa, sd)
// when the attacker scored ha hits and the defender hd.
func (g *gameTables) decIndex(sa, sd uint32, ha, hd int) int {
	return (g.preA[sa]+ha)*g.rowLen + g.preD[sd] + hd
}

// decision returns the states decision entry e (dec) leads to, with their
// probabilities; a pure one in g.one, overwritten by the next call.
func (g *gameTables) decision(e uint32) []weightedState {
	if e&mixedDecision != 0 {
		return g.mixed[e&^mixedDecision]
	}
	g.one[0] = weightedState{e - 1, 1}
	return g.one[:]
}

// bounds fills rowMin and colMax with each row's worst score and each
// column's best in the game whose rows are the attacker's options rows
// and columns the defender's cols, their values computed, and returns the
// lowest score.
func (g *gameTables) bounds(rows, cols []uint32, nd uint32) (lo float64) {
	g.rowMin, g.colMax = resize(g.rowMin, len(rows)), resize(g.colMax, len(cols))
	rowMin, colMax := g.rowMin, g.colMax
	for k := range colMax {
		colMax[k] = math.Inf(-1)
	}
	lo = math.Inf(1)
	for i, a := range rows {
		row := g.score[a*nd:]
		m := math.Inf(1)
		for k, d := range cols {
			v := row[d]
			m = min(m, v)
			colMax[k] = max(colMax[k], v)
		}
		rowMin[i] = m
		lo = min(lo, m)
	}
	return lo
}

// resize returns s with length n, reallocated when too short.
func resize(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}
