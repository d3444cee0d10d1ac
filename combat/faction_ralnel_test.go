package combat_test

import (
	"math"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
)

// Tests of the Ral Nel Consortium's texts. Every expected value is worked out by
// hand (in the comments) or by a small calculation independent of the
// engine (duels_test.go, helpers_test.go); Monte Carlo answers must fall
// within 4 standard errors of it (near, factionTrials) and exact answers
// within 1e-9.

// Linkship and Miniaturization: the Ral Nel carry a PDS (Space Cannon 6:
// 0.5) into the space area, where it fires nothing itself; Linkship I lets
// as many destroyers as structures fire it (1 roll), Linkship II every
// destroyer (2 rolls). Nobody hits in the combat round (modifier −9 on both
// sides), so 2 cruisers are left with 2 − 0.5 and 2 − 1.0.
func TestLinkship(t *testing.T) {
	for _, c := range []struct {
		techs    []string
		left, sd float64
	}{{nil, 1.5, 0.5}, {[]string{"destroyer-ii"}, 1.0, math.Sqrt(0.5)}} {
		a := factionSide(t, "ral-nel", "2 destroyer, 1 pds", c.techs...)
		a.Modifier = -9
		d := combat.Side{Fleet: mustFleet(t, "2 cruiser"), Modifier: -9}
		sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1, Attacker: a, Defender: d}
		res := mustRun(t, sc, factionTrials, 352)
		near(t, "cruisers left", survivors(t, res.Defender, "Cruiser I"), c.left, c.sd)
		modelled(t, res, "Linkship")
		modelled(t, res, "Miniaturization")
	}
	refused(t, combat.Scenario{Action: combat.SpaceCombat, Attacker: combat.Side{Fleet: mustFleet(t, "1 destroyer, 1 pds")},
		Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}, "only the Ral Nel carry theirs")
}

// Last Dispatch: the Ral Nel flagship retreats at the end of round 1
// (nobody can hit: modifier −9 on both sides) and destroys the opponent's
// most valuable ship without Sustain Damage, the carrier; the destroyer
// stays. A retreat without the flagship destroys nothing.
func TestLastDispatch(t *testing.T) {
	for _, c := range []struct {
		fleet   string
		carrier float64
	}{{"1 flagship", 0}, {"1 cruiser", 1}} {
		a := factionSide(t, "ral-nel", c.fleet)
		a.Modifier = -9
		a.Retreat = combat.Retreat{AfterRound: 1}
		sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 carrier, 1 destroyer"), Modifier: -9}}
		res := mustRun(t, sc, 1000, 359)
		near(t, c.fleet+": carrier left", survivors(t, res.Defender, "Carrier I"), c.carrier, 0)
		near(t, c.fleet+": destroyer left", survivors(t, res.Defender, "Destroyer I"), 1, 0)
		near(t, c.fleet+": the Ral Nel retreat", res.Outcome.AttackerRetreats.P, 1, 0)
		modelled(t, res, "Last Dispatch")
	}
}

// alarumChain solves Alarum exactly: a attacking infantry (8: 0.3) against
// the Ral Nel mech (6: 0.5, Sustain Damage) with r infantry (8: 0.3) on
// adjacent planets. State: a, the mech's health m (2, 1 damaged, 0 gone),
// the infantry j that moved in, r left. Each round both roll; the Ral Nel
// take hits sustain first, then their infantry, then the mech. At the end
// of the round, if the mech is alive, the attacker has ground forces and
// r > 0, min(2, r) infantry move in. A round with no hit and no move
// returns to the state (solved as in reference.TrackChain); every other round
// lowers 3r + a + m + j, so the recursion ends. It returns P(attacker
// wins), P(draw) and P(the mech is alive at the end).
func alarumChain(a, r int) (win, draw, mech float64) {
	type state struct{ a, m, j, r int }
	type val struct{ win, draw, mech float64 }
	memo := map[state]val{}
	var v func(s state) val
	v = func(s state) val {
		if x, ok := memo[s]; ok {
			return x
		}
		switch {
		case s.a == 0 && s.m == 0 && s.j == 0:
			return val{draw: 1}
		case s.a == 0:
			return val{mech: b2f(s.m > 0)}
		case s.m == 0 && s.j == 0:
			return val{win: 1}
		}
		att := make([]float64, s.a)
		for i := range att {
			att[i] = 0.3
		}
		def := make([]float64, s.j, s.j+1)
		for i := range def {
			def[i] = 0.3
		}
		if s.m > 0 {
			def = append(def, 0.5)
		}
		pa, pd := reference.HitsDist(att), reference.HitsDist(def)
		var out val
		stay := 0.0
		for ha, wa := range pa {
			for hd, wd := range pd {
				n := s
				n.a = max(0, n.a-hd)
				for range ha {
					switch {
					case n.m == 2:
						n.m = 1
					case n.j > 0:
						n.j--
					case n.m == 1:
						n.m = 0
					}
				}
				if n.m > 0 && n.a > 0 && n.r > 0 {
					k := min(2, n.r)
					n.j, n.r = n.j+k, n.r-k
				}
				if n == s {
					stay += wa * wd
					continue
				}
				x := v(n)
				out.win += wa * wd * x.win
				out.draw += wa * wd * x.draw
				out.mech += wa * wd * x.mech
			}
		}
		out.win /= 1 - stay
		out.draw /= 1 - stay
		out.mech /= 1 - stay
		memo[s] = out
		return out
	}
	x := v(state{a: a, m: 2, r: r})
	return x.win, x.draw, x.mech
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// Alarum: 3 infantry attack the Ral Nel mech; alarum:3 puts 3 Ral Nel
// infantry on adjacent planets (2 move in after the first round the mech
// survives with the attacker still there, then 1). alarumChain gives the
// exact values; with alarum:0, out of range (21) or not given, the mech
// fights alone (alarumChain with r = 0).
func TestAlarum(t *testing.T) {
	for _, c := range []struct {
		cards []string
		r     int
		note  []string
	}{
		{[]string{"alarum:3"}, 3, []string{"Alarum: the units it gives the defender are not listed among its survivors"}},
		{[]string{"alarum:1"}, 1, []string{"Alarum: the units it gives the defender"}},
		{[]string{"alarum:0"}, 0, []string{"Alarum (defender) does nothing", "alarum:N"}},
		{nil, 0, []string{"Alarum (defender) does nothing", "alarum:N"}},
	} {
		win, draw, mech := alarumChain(3, c.r)
		d := factionSide(t, "ral-nel", "1 mech")
		d.Cards = c.cards
		sc := combat.Scenario{Action: combat.GroundCombat, Attacker: combat.Side{Fleet: mustFleet(t, "3 infantry")}, Defender: d}
		res := mustRun(t, sc, factionTrials, 198)
		t.Logf("%q: attacker win %.6f, draw %.6f, mech %.6f", c.cards, win, draw, mech)
		near(t, "attacker win", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
		near(t, "draw", res.Outcome.Draw.P, draw, bernoulliSD(draw))
		near(t, "Ral Nel mech left", survivors(t, res.Defender, "Alarum"), mech, bernoulliSD(mech))
		warned(t, res, c.note...)
		modelled(t, res, "Alarum")
	}
	d := factionSide(t, "ral-nel", "1 mech")
	d.Cards = []string{"alarum:21"}
	if err := (&combat.Scenario{Action: combat.GroundCombat, Attacker: combat.Side{Fleet: mustFleet(t, "3 infantry")}, Defender: d}).Validate(); err == nil || !strings.Contains(err.Error(), "must be 0..20 for alarum") {
		t.Errorf("alarum:21: Validate = %v", err)
	}
}

// Alarum adds units in the rounds: exact mode refuses it.
func TestAlarumNotExact(t *testing.T) {
	d := factionSide(t, "ral-nel", "1 mech")
	d.Cards = []string{"alarum:3"}
	notExact(t, combat.Scenario{Action: combat.GroundCombat, Attacker: combat.Side{Fleet: mustFleet(t, "3 infantry")}, Defender: d})
}
