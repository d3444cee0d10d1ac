package luck

import (
	"math"
	"testing"
)

func near(t *testing.T, what string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 1e-12 {
		t.Errorf("%s = %.15g, want %.15g", what, got, want)
	}
}

// TestRollByHand: "3 at 6, 2 at 9" is three dice of p = 1/2 and two of
// p = 1/5. By hand: P(0) = (1/2)³(4/5)² = 0.08; P(1) = 3·(1/2)³·(4/5)²
// + (1/2)³·2·(1/5)(4/5) = 0.24 + 0.04 = 0.28; E = 3/2 + 2/5 = 1.9.
func TestRollByHand(t *testing.T) {
	d, err := ParseDice("3 at 6, 2 AT 9")
	if err != nil {
		t.Fatal(err)
	}
	r, err := Roll(d, 1)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "P(0)", r.PMF[0], 0.08)
	near(t, "P(1)", r.PMF[1], 0.28)
	near(t, "P(≤1)", r.AtMost, 0.36)
	near(t, "P(≥1)", r.AtLeast, 0.92)
	near(t, "percentile", r.Percentile, 0.08+0.14)
	near(t, "expected", r.Expected, 1.9)
	if r.Dice != 5 || len(r.PMF) != 6 {
		t.Errorf("dice %d, pmf %d bins; want 5, 6", r.Dice, len(r.PMF))
	}
	// P(5) = (1/2)³(1/5)² = 0.005
	near(t, "P(5)", r.PMF[5], 0.005)
}

// TestRollBinomial: ten dice at 7 (p = 0.4), P(X ≤ 2) = Σ C(10,k) 0.4^k
// 0.6^(10-k), k = 0..2 = 0.0060466176 + 0.040310784 + 0.120932352 =
// 0.1672897536.
func TestRollBinomial(t *testing.T) {
	r, err := Roll([]Dice{{N: 10, HitsOn: 7}}, 2)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "P(≤2)", r.AtMost, 0.1672897536)
	near(t, "P(≥2)", r.AtLeast, 1-0.0060466176-0.040310784)
}

// TestReroll: a die at 9 rerolled hits with 1 - 0.8² = 0.36.
func TestReroll(t *testing.T) {
	d, err := ParseDice("at 9 reroll")
	if err != nil {
		t.Fatal(err)
	}
	r, err := Roll(d, 0)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "P(0)", r.AtMost, 0.64)
	near(t, "expected", r.Expected, 0.36)
}

func TestRollRefuses(t *testing.T) {
	for _, c := range []struct {
		dice []Dice
		hits int
	}{{nil, 0}, {[]Dice{{N: 2, HitsOn: 5}}, 3}, {[]Dice{{N: 2, HitsOn: 5}}, -1}, {[]Dice{{N: 0, HitsOn: 5}}, 0}, {[]Dice{{N: 600, HitsOn: 5}, {N: 600, HitsOn: 5}}, 0}} {
		if _, err := Roll(c.dice, c.hits); err == nil {
			t.Errorf("Roll(%v, %d): no error", c.dice, c.hits)
		}
	}
	for _, s := range []string{"", "3", "3 at", "x at 5", "3 at 12", "0 at 5", "3 on 5", "at 5 reroll reroll"} {
		if _, err := ParseDice(s); err == nil {
			t.Errorf("ParseDice(%q): no error", s)
		}
	}
}

// TestTotalsByHand: 20 tenths (μ = 2) and no hit: the Chernoff bound is
// e^-2; the most dice (20 at 10) give 0.9^20, the largest P(0 hits) of any
// mix (Hoeffding).
func TestTotalsByHand(t *testing.T) {
	r, err := Totals(20, 0)
	if err != nil {
		t.Fatal(err)
	}
	near(t, "chernoff", r.Chernoff, math.Exp(-2))
	near(t, "worst", r.Worst, math.Pow(0.9, 20))
	if !r.WorstExact || !r.ZeroPossible || r.Tail != "at most" || r.WorstDice != (Dice{N: 20, HitsOn: 10}) {
		t.Errorf("got %+v", r)
	}
	up, err := Totals(20, 5)
	if err != nil {
		t.Fatal(err)
	}
	// Chernoff upper: e^{-2}(2e/5)^5
	near(t, "chernoff up", up.Chernoff, math.Exp(-2)*math.Pow(2*math.E/5, 5))
	if up.Tail != "at least" || up.Worst > up.Chernoff {
		t.Errorf("got %+v", up)
	}
	mid, _ := Totals(25, 2) // within one hit of 2.5: no theorem
	if mid.WorstExact || mid.Worst != mid.Chernoff || mid.ZeroPossible {
		t.Errorf("within one hit: %+v", mid)
	}
	for _, c := range [][2]int{{-1, 0}, {10, 11}, {10, -1}, {MaxExpected10 + 1, 0}} {
		if _, err := Totals(c[0], c[1]); err == nil {
			t.Errorf("Totals(%d, %d): no error", c[0], c[1])
		}
	}
}

// TestTotalsWorstIsMaximum checks the Hoeffding claim by enumeration: every
// mix of dice the bot can count (each die adds 1..10 tenths) with 17 tenths
// in all, i.e. every partition of 17 into parts 1..10; no mix has a larger
// tail than Worst where WorstExact, and the Chernoff bound holds for all.
func TestTotalsWorstIsMaximum(t *testing.T) {
	const e10 = 17
	var mixes [][]Dice
	var part func(left, maxPart int, cur []Dice)
	part = func(left, maxPart int, cur []Dice) {
		if left == 0 {
			mixes = append(mixes, append([]Dice(nil), cur...))
			return
		}
		for p := min(left, maxPart); p >= 1; p-- {
			part(left-p, p, append(cur, Dice{N: 1, HitsOn: 11 - p}))
		}
	}
	part(e10, 10, nil)
	if len(mixes) < 200 {
		t.Fatalf("only %d mixes", len(mixes))
	}
	for a := 0; a <= 5; a++ {
		b, _ := Totals(e10, a)
		for _, m := range mixes {
			r, err := Roll(m, min(a, len(m)))
			if err != nil {
				t.Fatal(err)
			}
			tail := r.AtLeast
			if b.Tail == "at most" {
				tail = r.AtMost
			}
			if a > len(m) {
				tail = 0 // more hits than dice: the upper tail is empty
				if b.Tail == "at most" {
					tail = 1
				}
			}
			if tail > b.Chernoff+1e-12 {
				t.Errorf("a=%d mix %v: tail %g over Chernoff %g", a, m, tail, b.Chernoff)
			}
			if b.WorstExact && tail > b.Worst+1e-12 {
				t.Errorf("a=%d mix %v: tail %g over Worst %g", a, m, tail, b.Worst)
			}
		}
	}
}

// TestZeroPossible: floor(μ) sure hits and one die for the rest. 25
// tenths: 2 sure hits and a die at p = 0.5 score 2 or 3, so ≤ 1 hit and ≥ 4
// hits can be impossible; ≤ 2 and ≥ 3 cannot: a mix of mean 2.5 has at
// most 2 sure dice, the others can all miss (P(≤2) > 0), and at least 3
// dice that can hit, which can all hit (P(≥3) > 0).
func TestZeroPossible(t *testing.T) {
	for _, c := range []struct {
		a    int
		want bool
	}{{0, true}, {1, true}, {2, false}, {3, false}, {4, true}, {25, true}} {
		r, err := Totals(25, c.a)
		if err != nil {
			t.Fatal(err)
		}
		if r.ZeroPossible != c.want {
			t.Errorf("Totals(25, %d).ZeroPossible = %v, want %v", c.a, r.ZeroPossible, c.want)
		}
	}
	if r, _ := Totals(30, 2); !r.ZeroPossible { // 3 sure hits: ≤ 2 impossible
		t.Error("Totals(30, 2): want ZeroPossible")
	}
}

// TestRank: ends by hand. For the attacker: lost (0.2), won keeping 3
// (0.5), won keeping 5 (0.3). Observed: won keeping 3. Worse = 0.2, equal
// = 0.5, this or worse 0.7, percentile 0.45.
func TestRank(t *testing.T) {
	ends := []End{{0.2, Key{Lost, 0, 4, 0}}, {0.5, Key{Won, 3, 0, 0}}, {0.3, Key{Won, 5, 0, 0}}}
	tl, err := Rank(ends, Key{Won, 3, 0, 0})
	if err != nil {
		t.Fatal(err)
	}
	near(t, "worse", tl.Worse, 0.2)
	near(t, "at most", tl.AtMost, 0.7)
	near(t, "at least", tl.AtLeast, 0.8)
	near(t, "percentile", tl.Percentile, 0.45)
	near(t, "one in", tl.OneIn, 1/0.7)
	// Same outcome and kept: the opponent keeping less is better.
	if (Key{Drew, 1, 2, 0}).Compare(Key{Drew, 1, 3, 0}) != 1 || (Key{Won, 0.5, 0, 0}).Compare(Key{Drew, 9, 0, 0}) != 1 {
		t.Error("Compare order")
	}
	if _, err := Rank(nil, Key{}); err == nil {
		t.Error("Rank(nil): no error")
	}
	if _, err := Rank([]End{{math.NaN(), Key{}}}, Key{}); err == nil {
		t.Error("Rank(NaN): no error")
	}
}

func FuzzParseDice(f *testing.F) {
	for _, s := range []string{"3 at 6, 2 at 9", "at 9 reroll", "", ",", "1000 at 1", "999 at 5, 2 at 5", "3 at -1", "x"} {
		f.Add(s, 1)
	}
	f.Fuzz(func(t *testing.T, s string, hits int) {
		d, err := ParseDice(s)
		if err != nil {
			return
		}
		r, err := Roll(d, hits)
		if err != nil {
			return
		}
		sum := 0.0
		for _, q := range r.PMF {
			sum += q
		}
		if math.Abs(sum-1) > 1e-9 || r.AtMost < 0 || r.AtMost > 1 || r.AtLeast < 0 || r.AtLeast > 1 || math.Abs(r.AtMost+r.AtLeast-1-r.PMF[hits]) > 1e-9 {
			t.Errorf("%q, %d: %+v", s, hits, r)
		}
	})
}

// TestTotalsFromTheBotsSave: the six players' totals in the AsyncTI4 bot's
// save pbd10972 (src/test/resources/maps/pbd10972.txt, a finished game;
// expected_hits_times_10 and actual_hits of each player, named here by
// faction). The largest tails were computed apart, exactly in rational
// arithmetic (Python fractions: Σ C(n,i) (1/10)^i (9/10)^(n-i)), and the
// Chernoff bounds from the formula in floating point.
func TestTotalsFromTheBotsSave(t *testing.T) {
	for _, c := range []struct {
		faction          string
		e10, actual      int
		tail             string
		worst, chernoff  float64
		attained, zeroOK bool
	}{
		{"arborec", 8, 1, "at least", 0.9771222065281359, 0.9771222065281359, false, false},
		{"yssaril", 302, 29, "at most", 0.45663269039721904, 0.9761263318604612, true, true},
		{"saar", 96, 6, "at most", 0.14371020223530276, 0.45841599342227585, true, true},
		{"l1z1x", 269, 30, "at least", 0.2919036334752326, 0.8418673222921456, true, true},
		{"letnev", 275, 32, "at least", 0.20786695047318643, 0.70497231949353, true, true},
		{"mahact", 164, 14, "at most", 0.32004264867914173, 0.8312173824070769, true, true},
	} {
		r, err := Totals(c.e10, c.actual)
		if err != nil {
			t.Fatal(err)
		}
		if r.Tail != c.tail || r.WorstExact != c.attained || r.ZeroPossible != c.zeroOK {
			t.Errorf("%s: %+v", c.faction, r)
		}
		if math.Abs(r.Worst-c.worst) > 1e-12 || math.Abs(r.Chernoff-c.chernoff) > 1e-12 {
			t.Errorf("%s: worst %.17g chernoff %.17g, want %.17g, %.17g", c.faction, r.Worst, r.Chernoff, c.worst, c.chernoff)
		}
	}
}

// TestRankPlanetsFirst checks an invasion's order: more planets held is
// better whatever the resources, then resources as for a combat.
func TestRankPlanetsFirst(t *testing.T) {
	took1 := Key{Outcome: Drew, Kept: 1, OpponentKept: 9, Planets: 1}
	took0 := Key{Outcome: Drew, Kept: 20, OpponentKept: 0, Planets: 0}
	if took1.Compare(took0) != 1 || took0.Compare(took1) != -1 {
		t.Errorf("taking a planet with little left must rank above taking none with much left")
	}
	richer := took1
	richer.Kept = 2
	if richer.Compare(took1) != 1 {
		t.Errorf("same planets: more kept must rank higher")
	}
	ends := []End{{0.25, took0}, {0.5, took1}, {0.25, richer}}
	tl, err := Rank(ends, took1)
	if err != nil {
		t.Fatal(err)
	}
	if tl.Worse != 0.25 || tl.Equal != 0.5 || tl.Better != 0.25 || tl.AtMost != 0.75 || tl.Percentile != 0.5 {
		t.Errorf("tail %+v: want worse 0.25, equal 0.5, better 0.25, this or worse 0.75, percentile 0.5", tl)
	}
}
