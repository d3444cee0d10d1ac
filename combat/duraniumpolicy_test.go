package combat_test

import (
	"math"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// duraniumSide is one side of duraniumChain: its dreadnoughts, how many of
// them are damaged, and its cruisers.
type duraniumSide struct{ dreads, damaged, cruisers int }

// duraniumHits assigns hits to a side as ti4sim's default order does
// (Sustain Damage of an undamaged dreadnought first, then the cruisers, then
// a damaged dreadnought) and, with Duranium Armor, repairs a damaged
// dreadnought that did not use Sustain Damage this round. otherFirst
// chooses which damaged dreadnought a hit destroys: the one that sustained
// this round (false: ti4sim's choice, which leaves the other to repair) or
// the other one (true: ti4calc's reading).
func duraniumHits(s duraniumSide, hits int, duranium, otherFirst bool) duraniumSide {
	sustained := 0
	for range hits {
		switch {
		case s.dreads > s.damaged:
			s.damaged++
			sustained++
		case s.cruisers > 0:
			s.cruisers--
		case s.dreads > 0:
			s.dreads--
			s.damaged--
			if !otherFirst && sustained > 0 {
				sustained--
			}
		}
	}
	if duranium && s.damaged > sustained {
		s.damaged--
	}
	return s
}

// duraniumChain is the exact chance that a side of a dreadnoughts with
// Duranium Armor wins a space combat against b cruisers (LRR 78; Cruiser I
// hits on 7, Dreadnought I on 5; Duranium Armor: "During each combat
// round, after you assign hits to your units, repair 1 of your damaged
// units that did not use SUSTAIN DAMAGE during this combat round"), by
// value iteration over the joint states: repairs make the chain cyclic.
func duraniumChain(a, b int, otherFirst bool) float64 {
	type state struct {
		a duraniumSide
		b int
	}
	binom := func(n int, p float64) []float64 {
		d := make([]float64, n+1)
		for k := range d {
			c := 1.0
			for i := range k {
				c = c * float64(n-i) / float64(i+1)
			}
			d[k] = c * math.Pow(p, float64(k)) * math.Pow(1-p, float64(n-k))
		}
		return d
	}
	v := map[state]float64{}
	for iter := 0; iter < 200; iter++ {
		next := map[state]float64{}
		for dr := 0; dr <= a; dr++ {
			for dm := 0; dm <= dr; dm++ {
				for c := 0; c <= b; c++ {
					s := state{duraniumSide{dr, dm, 0}, c}
					switch {
					case dr == 0:
						continue // lost or a draw: 0
					case c == 0:
						next[s] = 1
						continue
					}
					w := 0.0
					for x, px := range binom(dr, 0.6) {
						for y, py := range binom(c, 0.4) {
							n := state{duraniumHits(s.a, y, true, otherFirst), max(c-x, 0)}
							w += px * py * v[n]
						}
					}
					next[s] = w
				}
			}
		}
		v = next
	}
	return v[state{duraniumSide{a, 0, 0}, b}]
}

// Duranium Armor with two dreadnoughts: when a hit must destroy a damaged
// dreadnought, ti4sim destroys the one that used Sustain Damage this round,
// so that Duranium Armor repairs the other (the player chooses which units
// are destroyed, LRR 78.6; the better play). This is the whole difference
// with ti4calc, which destroys the other one (docs/peers.md, row
// "duranium"): the hand chain under each choice gives each calculator's
// figure.
func TestDuraniumDestroysTheSustainedFirst(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: combat.Side{Fleet: mustFleet(t, "2 dreadnought"), Techs: []string{"duranium-armor"}},
		Defender: combat.Side{Fleet: mustFleet(t, "3 cruiser")}}
	res := mustSolve(t, sc)
	ours, theirs := duraniumChain(2, 3, false), duraniumChain(2, 3, true)
	if got := res.Outcome.AttackerWin.P; math.Abs(got-ours) > 1e-9 {
		t.Errorf("2 dreadnoughts with Duranium Armor against 3 cruisers: %.12f, the hand chain %.12f", got, ours)
	}
	if math.Abs(ours-theirs) < 0.01 {
		t.Errorf("the two choices give %.6f and %.6f: the test no longer tells them apart", ours, theirs)
	}
	// One dreadnought: no choice to make, one figure.
	one := sc
	one.Attacker.Fleet, one.Defender.Fleet = mustFleet(t, "1 dreadnought"), mustFleet(t, "2 cruiser")
	if got, want := mustSolve(t, one).Outcome.AttackerWin.P, duraniumChain(1, 2, false); math.Abs(got-want) > 1e-9 {
		t.Errorf("1 dreadnought with Duranium Armor against 2 cruisers: %.12f, the hand chain %.12f", got, want)
	}
}
