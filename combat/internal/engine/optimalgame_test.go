package engine

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// bruteGame is an independent solver of a space combat where both sides
// assign their hits optimally at once: each round, for each pair of hit
// counts, the attacker picks any state every() reaches with the hits it
// takes, the defender likewise, and the round's zero-sum game over those
// states (payoff the attacker's score, a win 1, a draw ½) is solved from
// its whole matrix (matrixGameValue), not by the engine's saddle point or
// simplex: the games of plain fleets have pure saddle points (none of
// 400 random battles of up to 3 units of each kind has a mixed
// equilibrium; TestSolveGame checks the mixed ones), and mixed counts the
// games without one, which the brute force does not solve.
type bruteGame struct {
	memo  map[[2]bruteSide]float64
	mixed int
}

// value is the attacker's score from joint state s at the start of a
// round, the rounds where nobody hits divided out.
func (b *bruteGame) value(s [2]bruteSide) float64 {
	if v, ok := b.memo[s]; ok {
		return v
	}
	var v float64
	switch {
	case !alive(s[0]) && !alive(s[1]):
		v = 0.5
	case !alive(s[1]):
		v = 1
	case !alive(s[0]):
		v = 0
	default:
		var br brute
		pa, pd := br.pmf(s[0]), br.pmf(s[1])
		p00 := pa[0] * pd[0]
		for ha, qa := range pa {
			for hd, qd := range pd {
				if ha == 0 && hd == 0 {
					continue
				}
				v += qa * qd / (1 - p00) * b.round(s, ha, hd)
			}
		}
	}
	b.memo[s] = v
	return v
}

// round is the value of the game of the round where the attacker in
// joint state s scored ha hits and the defender hd.
func (b *bruteGame) round(s [2]bruteSide, ha, hd int) float64 {
	rows, cols := sortedStates(every(s[0], hd)), sortedStates(every(s[1], ha))
	m := make([][]float64, len(rows))
	for i, a := range rows {
		m[i] = make([]float64, len(cols))
		for k, d := range cols {
			m[i][k] = b.value([2]bruteSide{a, d})
		}
	}
	v, ok := matrixGameValue(m)
	if !ok {
		b.mixed++
	}
	return v
}

// sortedStates lists the states of set in a fixed order.
func sortedStates(set map[bruteSide]bool) []bruteSide {
	var out []bruteSide
	for s := range set {
		out = append(out, s)
	}
	slices.SortFunc(out, func(a, b bruteSide) int {
		for k := range a {
			for l := range a[k] {
				if a[k][l] != b[k][l] {
					return a[k][l] - b[k][l]
				}
			}
		}
		return 0
	})
	return out
}

// matrixGameValue is the value of the zero-sum game m (the row player
// maximising) when it has a pure saddle point: the best of the rows'
// worst payoffs equals the worst of the columns' best (to 1e-9, the
// rounding of values near 0 or 1), and ok false otherwise.
func matrixGameValue(m [][]float64) (v float64, ok bool) {
	maxmin, minmax := math.Inf(-1), math.Inf(1)
	for i := range m {
		maxmin = max(maxmin, slices.Min(m[i]))
	}
	for k := range m[0] {
		c := math.Inf(-1)
		for i := range m {
			c = max(c, m[i][k])
		}
		minmax = min(minmax, c)
	}
	return maxmin, maxmin >= minmax-1e-9
}

// TestBothOptimalMatchesBruteForce checks the value of the simultaneous
// game (both sides optimal) against bruteGame on tiny battles — fixed ones
// and random ones of up to 2 units of each kind — to 1e-12: the game's
// value at the start and the attacker's score (a win plus half a draw)
// under the equilibrium the solver plays. The fixed battles with war suns
// and dreadnoughts hold games whose saddle points are within rounding
// (scores near 1), which the engine hands to the linear programme.
func TestBothOptimalMatchesBruteForce(t *testing.T) {
	cases := tinyBattles(rand.New(rand.NewPCG(31, 7)), 16,
		[2]bruteSide{{{2, 0}, {1, 0}, {1, 0}, {1, 0}, {}}, {{}, {3, 0}, {}, {1, 0}, {}}},
		[2]bruteSide{{{3, 0}, {}, {}, {}, {1, 0}}, {{2, 0}, {2, 0}, {}, {2, 0}, {}}},
		[2]bruteSide{{{2, 0}, {}, {1, 0}, {1, 0}, {}}, {{}, {2, 0}, {}, {1, 0}, {}}},
		// War suns and dreadnoughts: saddle points within rounding.
		[2]bruteSide{{{3, 0}, {1, 0}, {}, {1, 0}, {1, 0}}, {{}, {}, {}, {1, 0}, {1, 0}}},
		[2]bruteSide{{{}, {}, {1, 0}, {1, 0}, {}}, {{2, 0}, {}, {1, 0}, {3, 0}, {1, 0}}},
	)
	b := &bruteGame{memo: map[[2]bruteSide]float64{}}
	for _, c := range cases {
		att, def := bruteFleet(c[0]), bruteFleet(c[1])
		want := b.value(c)
		s := solveOptimal(t, att, def, [2]bool{true, true})
		game := s.first.policy.valueOf(sortedKeys(s.firstStart)[0]).score()
		played := s.outcome[0] + s.outcome[1]/2
		if math.Abs(game-want) > 1e-12 || math.Abs(played-want) > 1e-12 {
			t.Errorf("%s vs %s: game value %.15f, played %.15f, brute force %.15f", att, def, game, played, want)
		}
	}
	if b.mixed > 0 {
		t.Errorf("%d games without a pure saddle point: the brute force does not solve them", b.mixed)
	}
}
