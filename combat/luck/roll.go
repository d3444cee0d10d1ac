package luck

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// MaxDice is the most dice one roll may have (Roll): far more than any
// combat roll of the game.
const MaxDice = 1000

// Dice are N dice that each hit on HitsOn or more (a ten-sided die,
// faces 1..10, modifiers already applied). A die that hits on 1 or less
// always hits; on 11 or more never.
type Dice struct {
	// N is the number of dice, 1..MaxDice.
	N int `json:"n"`
	// HitsOn is the least face that hits, -10..20 (values outside 1..11
	// behave as 1 or 11).
	HitsOn int `json:"hits_on"`
	// Reroll is true when every missed die is rolled once more (Jol-Nar's
	// flagship, Fighter Prototype...): it hits with 1 - (1-p)².
	Reroll bool `json:"reroll,omitempty"`
}

// P is the chance that one of the dice hits: (11 - HitsOn)/10 clamped to
// 0..1, or 1 - (1-p)² with a reroll.
func (d Dice) P() float64 {
	p := float64(11-min(max(d.HitsOn, 1), 11)) / 10
	if d.Reroll {
		p = 1 - (1-p)*(1-p)
	}
	return p
}

// RollLuck is where a roll's hits fall among the roll's possible hits.
type RollLuck struct {
	// Dice is the total number of dice; Hits the observed hits, 0..Dice.
	Dice, Hits int
	// Expected is the expected number of hits, the sum of the dice's P.
	Expected float64
	// PMF[k] is the probability of exactly k hits, k = 0..Dice
	// (Poisson-binomial).
	PMF []float64
	// AtMost is P(hits ≤ Hits) ("this few or fewer", the unlucky tail);
	// AtLeast is P(hits ≥ Hits) ("this many or more", the lucky tail).
	AtMost, AtLeast float64
	// Percentile is P(hits < Hits) + ½·P(hits = Hits), 0..1.
	Percentile float64
}

// Roll computes the exact distribution of hits of the dice (each die
// independent; the Poisson-binomial distribution, by convolution) and
// where hits falls in it. It refuses no dice, more than MaxDice, a count
// below 1 and hits outside 0..dice.
func Roll(dice []Dice, hits int) (RollLuck, error) {
	n := 0
	for i, d := range dice {
		if d.N < 1 || d.N > MaxDice {
			return RollLuck{}, fmt.Errorf("dice %d: %d dice out of range: allowed 1..%d", i+1, d.N, MaxDice)
		}
		if d.HitsOn < -10 || d.HitsOn > 20 {
			return RollLuck{}, fmt.Errorf("dice %d: hits on %d out of range: allowed -10..20", i+1, d.HitsOn)
		}
		n += d.N
	}
	switch {
	case n == 0:
		return RollLuck{}, errors.New("no dice")
	case n > MaxDice:
		return RollLuck{}, fmt.Errorf("%d dice: at most %d", n, MaxDice)
	case hits < 0 || hits > n:
		return RollLuck{}, fmt.Errorf("%d hits out of range: allowed 0..%d (the dice rolled)", hits, n)
	}
	pmf := []float64{1}
	exp := 0.0
	for _, d := range dice {
		p := d.P()
		for range d.N {
			pmf = convolve(pmf, p)
			exp += p
		}
	}
	r := RollLuck{Dice: n, Hits: hits, Expected: exp, PMF: pmf}
	r.AtMost, r.AtLeast, r.Percentile = tails(pmf, hits)
	return r, nil
}

// convolve adds one die that hits with probability p.
func convolve(pmf []float64, p float64) []float64 {
	out := make([]float64, len(pmf)+1)
	for k, q := range pmf {
		out[k] += q * (1 - p)
		out[k+1] += q * p
	}
	return out
}

// tails are P(X ≤ x), P(X ≥ x) and the mid-rank percentile of x in pmf.
func tails(pmf []float64, x int) (atMost, atLeast, pct float64) {
	below, above := 0.0, 0.0
	for k, q := range pmf {
		switch {
		case k < x:
			below += q
		case k > x:
			above += q
		}
	}
	eq := pmf[x]
	return math.Min(1, below+eq), math.Min(1, above+eq), below + eq/2
}

// ParseDice reads a roll's dice: comma-separated items "N at H" (N dice
// hitting on H or more), "at H" for one die, each optionally followed by
// "reroll" (missed dice rolled again), e.g. "3 at 6, 2 at 9 reroll". N is
// 1..MaxDice, H 1..11 (11: never hits); case and spacing do not matter.
// Errors name the item.
func ParseDice(s string) ([]Dice, error) {
	var out []Dice
	total := 0
	for i, item := range strings.Split(s, ",") {
		d, err := parseDie(strings.Fields(strings.ToLower(item)))
		if err != nil {
			return nil, fmt.Errorf("item %d %q: %v", i+1, strings.TrimSpace(item), err)
		}
		if total += d.N; total > MaxDice {
			return nil, fmt.Errorf("more than %d dice", MaxDice)
		}
		out = append(out, d)
	}
	return out, nil
}

// parseDie reads the words of one item of ParseDice.
func parseDie(w []string) (Dice, error) {
	const want = `want "N at H" (e.g. "3 at 6") or "at H", optionally followed by "reroll"`
	d := Dice{N: 1}
	if len(w) > 0 && w[len(w)-1] == "reroll" {
		d.Reroll, w = true, w[:len(w)-1]
	}
	if len(w) == 3 {
		n, err := strconv.Atoi(w[0])
		if err != nil || n < 1 || n > MaxDice {
			return d, fmt.Errorf("dice count %q: allowed 1..%d", w[0], MaxDice)
		}
		d.N, w = n, w[1:]
	}
	if len(w) != 2 || w[0] != "at" {
		return d, errors.New(want)
	}
	h, err := strconv.Atoi(w[1])
	if err != nil || h < 1 || h > 11 {
		return d, fmt.Errorf("hits on %q: allowed 1..11", w[1])
	}
	d.HitsOn = h
	return d, nil
}
