package combat_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// Side.Choices: each stated choice against a hand computation.
//
// Devotion (Yin): "After each space battle round, you may destroy 1 of
// your cruisers or destroyers in the active system to produce 1 hit and
// assign it to 1 of your opponent's ships in that system." Two destroyers
// (9: 0.2 each) against a carrier (9: 0.2). A round: the destroyers hit
// (1 − 0.8² = 0.36, the carrier is destroyed: a win whatever it does, a
// destroyer is left); only the carrier hits 0.64·0.2 = 0.128 (1
// destroyer left); neither 0.512.
//   - never: a plain combat. One destroyer against the carrier: win
//     W1 = 0.2·0.8/(1 − 0.64), so W = (0.36 + 0.128·W1)/0.488.
//   - policy (the default): after round 1 with both destroyers (0.512) one
//     is given up and the carrier (cost 3 ≥ 1) destroyed: a win; with one
//     destroyer left the policy keeps its last ship: W1. W = 0.872 +
//     0.128·W1.
//   - always: the last destroyer is given up too, at the end of round 1
//     already when only the carrier hit (0.128): the carrier is destroyed
//     and no Yin ship is left, a draw. Win 0.872, draw 0.128.
//
// Impulse Core (Yin): "At the start of a space combat, you may destroy 1
// of your cruisers or destroyers in the active system to produce 1 hit
// against your opponent's ships." One destroyer against a cruiser (7:
// 0.4): policy keeps the only ship (win 0.2·0.6/(1 − 0.8·0.6), draw
// 0.2·0.4/0.52); last-ship gives it up and destroys the cruiser: a draw.
//
// Emergency Repairs: "At the start or end of a combat round: Repair all of
// your units that have SUSTAIN DAMAGE in the active system." A damaged
// dreadnought (5: 0.6) against a cruiser (7: 0.4). Damaged: win
// D = 0.36/0.76 (a round: 0.6·0.6 win, 0.4·0.4 loss, 0.6·0.4 draw, 0.24
// again); undamaged: U = (0.6 + 0.16·D)/0.76 (its hit wins, the cruiser's
// alone damages it). start: repaired before round 1, U; end: round 1 is
// fought damaged and the repair after a round where neither hit: 0.36 +
// 0.24·U.
func TestStatedChoices(t *testing.T) {
	yin := func(fleet string, techs []string, choices ...string) combat.Side {
		s := factionSide(t, "yin", fleet, techs...)
		s.Choices = choices
		return s
	}
	w1 := 0.16 / 0.36
	for _, c := range []struct {
		name      string
		sc        combat.Scenario
		win, draw float64
		exact     bool
	}{
		{"devotion=never", spaceOf(t, yin("2 destroyer", nil, "devotion=never"), "1 carrier"),
			(0.36 + 0.128*w1) / 0.488, 0.128 * (0.04 / 0.36) / 0.488, true},
		{"devotion default", spaceOf(t, yin("2 destroyer", nil), "1 carrier"), 0.872 + 0.128*w1, 0.128 * 0.04 / 0.36, false},
		{"devotion=policy", spaceOf(t, yin("2 destroyer", nil, "devotion=policy"), "1 carrier"), 0.872 + 0.128*w1, 0.128 * 0.04 / 0.36, false},
		{"devotion=always", spaceOf(t, yin("2 destroyer", nil, "Devotion = Always"), "1 carrier"), 0.872, 0.128, false},
		{"impulse-core default", spaceOf(t, yin("1 destroyer", []string{"impulse-core"}), "1 cruiser"), 0.12 / 0.52, 0.08 / 0.52, false},
		{"impulse-core=last-ship", spaceOf(t, yin("1 destroyer", []string{"impulse-core"}, "impulse-core=last-ship"), "1 cruiser"), 0, 1, false},
		{"impulse-core=never", spaceOf(t, yin("3 destroyer", []string{"impulse-core"}, "impulse-core=never", "devotion=never"), "1 cruiser"),
			never3, never3Draw, true},
	} {
		t.Run(c.name, func(t *testing.T) { checkWinDraw(t, c.sc, 760, c.win, c.draw, c.exact) })
	}
	d := 0.36 / 0.76
	u := (0.6 + 0.16*d) / 0.76
	for _, c := range []struct {
		choices []string
		win     float64
	}{{nil, 0.36 + 0.24*u}, {[]string{"emergency-repairs=end"}, 0.36 + 0.24*u}, {[]string{"emergency-repairs=start"}, u}} {
		a := spSide(t, "1 dreadnought (damaged)", "emergency-repairs")
		a.Choices = c.choices
		res := mustRun(t, spaceOf(t, a, "1 cruiser"), factionTrials, 761)
		near(t, strings.Join(c.choices, ",")+": attacker wins", res.Outcome.AttackerWin.P, c.win, bernoulliSD(c.win))
	}
	// Unknown texts and choices, and a text given twice, are refused,
	// naming the field.
	for _, c := range []struct{ choices []string }{{[]string{"devotion=sometimes"}}, {[]string{"magen=omega"}}, {[]string{"devotion"}},
		{[]string{"devotion=never", "devotion=always"}}} {
		sc := spaceOf(t, yin("2 destroyer", nil, c.choices...), "1 carrier")
		err := sc.Validate()
		var in *combat.InputError
		if err == nil || !errors.As(err, &in) || in.Field != "Choices" || in.Side != "attacker" {
			t.Errorf("%v: Validate = %v, want an input error of attacker.Choices", c.choices, err)
		}
	}
	if got := combat.Choices()["emergency-repairs"]; len(got) != 2 || got[0] != "end" {
		t.Errorf(`Choices()["emergency-repairs"] = %v, want the default "end" first`, got)
	}
}

// Three destroyers (0.2 each) against a cruiser (0.4), a plain combat
// (impulse-core=never, devotion=never), by the chain in plainDestroyers.
var never3, never3Draw = plainDestroyers(3)

// plainDestroyers returns the win and draw of n destroyers (9: 0.2)
// against a cruiser (7: 0.4) by the chain over n: a round, the destroyers
// hit (1 − q, q = 0.8^n) — a win, or a draw if n is 1 and the cruiser hits
// too — or miss while the cruiser hits (q·0.4: n − 1), or both miss (q·0.6:
// again).
func plainDestroyers(n int) (win, draw float64) {
	for k := 1; k <= n; k++ {
		q := 1.0
		for range k {
			q *= 0.8
		}
		w, d := (1-q)*0.6, (1-q)*0.4
		if k > 1 {
			w, d = 1-q, 0
		}
		w, d = (w+q*0.4*win)/(1-q*0.6), (d+q*0.4*draw)/(1-q*0.6)
		win, draw = w, d
	}
	return win, draw
}

// spaceOf is a space combat of a against a defender with the fleet.
func spaceOf(t *testing.T, a combat.Side, defender string) combat.Scenario {
	return combat.Scenario{Action: combat.SpaceCombat, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, defender)}}
}

// Exotrireme II: "After a round of space combat, you may destroy this unit
// to destroy up to 2 ships in this system." The scenario of
// TestExotriremeII (an Exotrireme II at 5 − 1 = 4: 0.7 with Sustain Damage
// against 2 dreadnoughts at 0.6 each): by default a draw 0.64, a loss
// 0.36; with exotrireme-ii=never a plain combat, solved by exoDuel.
func TestExotriremeChoice(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: factionSide(t, "sardakk", "1 dreadnought", "dreadnought-ii"),
		Defender: combat.Side{Fleet: mustFleet(t, "2 dreadnought")}}
	sc.Attacker.Choices = []string{"exotrireme-ii=never"}
	win, draw := exoDuel(2, 4, 0.7, 0.6)
	res := checkWinDraw(t, sc, 762, win, draw, true)
	warned(t, res, "Exotrireme II (attacker) does nothing", "exotrireme-ii=never")
	sc.Attacker.Choices = []string{"exotrireme-ii=policy"}
	res = mustRun(t, sc, factionTrials, 763)
	near(t, "draw", res.Outcome.Draw.P, 0.64, bernoulliSD(0.64))
}

// exoDuel returns the attacker's win and draw chances when one
// attacking unit with a hit points (1 die hitting with p) fights defending
// units with h hit points in all, 2 a unit with Sustain Damage, that
// sustain before any is destroyed (so 2 units roll min(h, 2) dice: none
// is destroyed before both have sustained), each die hitting with q. A chain over (a, h), each round to a − y, h − x.
func exoDuel(a, h int, p, q float64) (win, draw float64) {
	type st struct{ a, h int }
	memoW, memoD := map[st]float64{}, map[st]float64{}
	var solve func(a, h int) (float64, float64)
	solve = func(a, h int) (float64, float64) {
		if w, ok := memoW[st{a, h}]; ok {
			return w, memoD[st{a, h}]
		}
		dice := min(h, 2)
		var w, d, stay float64
		for x := 0; x <= 1; x++ {
			px := p
			if x == 0 {
				px = 1 - p
			}
			for y := 0; y <= dice; y++ {
				py := binomPMF(dice, y, q) * px
				a2, h2 := a-y, h-x
				switch {
				case x == 0 && y == 0:
					stay += py
				case a2 <= 0 && h2 <= 0:
					d += py
				case a2 <= 0:
				case h2 <= 0:
					w += py
				default:
					w2, d2 := solve(a2, h2)
					w, d = w+py*w2, d+py*d2
				}
			}
		}
		w, d = w/(1-stay), d/(1-stay)
		memoW[st{a, h}], memoD[st{a, h}] = w, d
		return w, d
	}
	return solve(a, h)
}

// binomPMF is the chance of k successes in n trials of chance q.
func binomPMF(n, k int, q float64) float64 {
	c := 1.0
	for i := range k {
		c = c * float64(n-i) / float64(i+1)
	}
	for range k {
		c *= q
	}
	for range n - k {
		c *= 1 - q
	}
	return c
}
