package reference

import "testing"

// One unit against one, one die each: a round ends the combat unless both
// miss (divided out), so win = pa(1−pd)/(1 − (1−pa)(1−pd)), draw =
// pa·pd/(same), loss = (1−pa)pd/(same). At 0.5 and 0.5: 1/3 each; at 0.6
// and 0.3: 0.42/0.72 = 7/12, 0.18/0.72 = 1/4, 0.12/0.72 = 1/6.
func TestPointDuelOneOnOne(t *testing.T) {
	win, draw := PointDuel(1, 1, OneDie, OneDie, 0.5, 0.5)
	approx(t, "win 1v1 at 0.5", win, 1.0/3)
	approx(t, "draw 1v1 at 0.5", draw, 1.0/3)
	ends := PointDuelEnds(1, 1, DiePerPoint, DiePerPoint, 0.6, 0.3)
	approx(t, "end {1,0}", ends[[2]int{1, 0}], 7.0/12)
	approx(t, "end {0,0}", ends[[2]int{0, 0}], 0.25)
	approx(t, "end {0,1}", ends[[2]int{0, 1}], 1.0/6)
	if len(ends) != 3 {
		t.Errorf("ends = %v, want 3 end states", ends)
	}
}

// Two points (one die) against one point, 0.5 each: from (2, 1) the round
// gives (2, 0) or (1, 0) — a win — with 1/4 each, (1, 1) with 1/4 (then
// 1/3 win, 1/3 draw, above), nothing with 1/4 (divided out):
// win = (1/2 + 1/12)/(3/4) = 7/9, draw = (1/12)/(3/4) = 1/9.
func TestPointDuelTwoPoints(t *testing.T) {
	win, draw := PointDuel(2, 1, FixedDice(1), OneDie, 0.5, 0.5)
	approx(t, "win", win, 7.0/9)
	approx(t, "draw", draw, 1.0/9)
	w2, d2 := EndsWinDraw(map[[2]int]float64{{2, 0}: 0.5, {0, 0}: 0.2, {0, 3}: 0.3})
	approx(t, "EndsWinDraw win", w2, 0.5)
	approx(t, "EndsWinDraw draw", d2, 0.2)
}

// The dice functions: FixedDice(n) rolls n whatever the points, DiePerPoint
// one per point, OneDie one.
func TestDiceFunctions(t *testing.T) {
	if FixedDice(2)(7) != 2 || DiePerPoint(3) != 3 || OneDie(5) != 1 {
		t.Errorf("FixedDice(2)(7) = %d, DiePerPoint(3) = %d, OneDie(5) = %d; want 2, 3, 1",
			FixedDice(2)(7), DiePerPoint(3), OneDie(5))
	}
}

// Dice hitting with 0.5 and 0.2: no hit 0.5·0.8 = 0.4, two 0.5·0.2 = 0.1,
// one the rest, 0.5.
func TestHitsDist(t *testing.T) {
	d := HitsDist([]float64{0.5, 0.2})
	if len(d) != 3 {
		t.Fatalf("HitsDist = %v, want 3 values", d)
	}
	for k, want := range []float64{0.4, 0.5, 0.1} {
		approx(t, "HitsDist([0.5 0.2])", d[k], want)
	}
}

// A track of one step a side, one die at 0.5 each, is the 1-against-1
// duel: 1/3 win, 1/3 draw, 1/3 loss.
func TestTrackChainOneStep(t *testing.T) {
	end := TrackChain([][]float64{{0.5}}, [][]float64{{0.5}})
	approx(t, "end[0][1]", end[0][1], 1.0/3)
	win, draw, lose := Outcomes(end)
	approx(t, "win", win, 1.0/3)
	approx(t, "draw", draw, 1.0/3)
	approx(t, "lose", lose, 1.0/3)
}

// Harrow's die at 0.5 after each round of a 1-against-1 at 0.5: the round's
// four results have 1/4 each. Attacker hits, defender misses: win. Both
// hit: draw. Only the defender hits: the defender's unit is left, the die
// kills it (draw, 1/8) or not (loss). Both miss: the die kills (win, 1/8)
// or not (nothing changed, 1/8, divided out). win = (1/4 + 1/8)/(7/8) =
// 3/7, draw the same. With no dice but a sure bombardment die: win 1.
func TestHarrowDuel(t *testing.T) {
	win, draw := HarrowDuel(1, 1, 0.5, 0.5, 0.5)
	approx(t, "win", win, 3.0/7)
	approx(t, "draw", draw, 3.0/7)
	win, draw = HarrowDuel(1, 1, 0, 0, 1)
	approx(t, "win (sure die)", win, 1)
	approx(t, "draw (sure die)", draw, 0)
	win, draw = HarrowDuel(1, 1, 0.5, 0.5, 0)
	approx(t, "win (no die)", win, 1.0/3)
	approx(t, "draw (no die)", draw, 1.0/3)
}
