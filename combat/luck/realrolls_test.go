package luck

import (
	"math"
	"testing"
)

// TestRealRolls places two real rolls of a real game: the first round of a
// space combat in the play-by-forum game "Twilight Imperium 4th Edition:
// PBF GAME 1" (discussion.tekeli.li, topic 3556, page 82), where the
// Titans of Ul — a war sun (3 dice at 3), two dreadnoughts (5) and three
// Fighter I (9) — rolled 3, 5, 5 / 5, 6 / 5, 6, 9: 6 hits of 8 dice; and
// the Ghosts of Creuss answered with a war sun, a dreadnought and a
// carrier (9): 1, 2, 9 / 6 / 3: 2 hits of 5 dice. The expected tails are
// worked apart from Roll's convolution: every one of the 2^n hit/miss
// patterns of the dice is enumerated and its probability summed.
func TestRealRolls(t *testing.T) {
	for _, c := range []struct {
		name string
		dice string
		hits int
	}{
		{"Titans' volley", "3 at 3, 2 at 5, 3 at 9", 6},
		{"Ghosts' answer", "3 at 3, 1 at 5, 1 at 9", 2},
	} {
		dice, err := ParseDice(c.dice)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Roll(dice, c.hits)
		if err != nil {
			t.Fatal(err)
		}
		atMost, atLeast := enumerateTails(dice, c.hits)
		if math.Abs(r.AtMost-atMost) > 1e-12 || math.Abs(r.AtLeast-atLeast) > 1e-12 {
			t.Errorf("%s: P(≤%d) %.6f P(≥%d) %.6f, enumeration %.6f %.6f", c.name, c.hits, r.AtMost, c.hits, r.AtLeast, atMost, atLeast)
		}
	}
}

// enumerateTails sums P(hits ≤ k) and P(hits ≥ k) over every hit/miss
// pattern of the dice (no rerolls).
func enumerateTails(dice []Dice, k int) (atMost, atLeast float64) {
	var ps []float64
	for _, d := range dice {
		for range d.N {
			ps = append(ps, float64(11-d.HitsOn)/10)
		}
	}
	for mask := 0; mask < 1<<len(ps); mask++ {
		p, hits := 1.0, 0
		for i, q := range ps {
			if mask&(1<<i) != 0 {
				p, hits = p*q, hits+1
			} else {
				p *= 1 - q
			}
		}
		if hits <= k {
			atMost += p
		}
		if hits >= k {
			atLeast += p
		}
	}
	return atMost, atLeast
}
