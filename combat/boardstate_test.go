package combat_test

import (
	"math"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
	"github.com/ti4sim/ti4sim/units"
)

// Tests of the board-state items (boardstate.go) and the texts that read
// them: Mordred with "assimilator-token", Arvicon Rex with
// "fleet-pool-token", I.I.H.Q. Modernization with "mecatol-rex". Expected
// values are derived by hand or with the small chain reference.PointDuel, independently
// of the engine; Monte Carlo answers must fall within 4 standard errors,
// exact answers within 1e-9.

// boardSide is a faction side listing techs and cards.
func boardSide(t *testing.T, faction, fleet string, techs, cards []string) combat.Side {
	t.Helper()
	s := factionSide(t, faction, fleet, techs...)
	s.Cards = cards
	return s
}

// Mordred with the token: the mech rolls at 6 − 2 = 4 (0.7 a die; Sustain
// Damage: 2 points) against 1 infantry (0.3): reference.PointDuel(2, 1) at 0.7 and 0.3.
func TestMordredAssimilatorToken(t *testing.T) {
	sc := combat.Scenario{Action: combat.GroundCombat,
		Attacker: boardSide(t, "nekro", "1 mech", nil, []string{"assimilator-token"}),
		Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}
	win, draw := reference.PointDuel(2, 1, reference.FixedDice(1), reference.DiePerPoint, 0.7, 0.3)
	ex := mustSolve(t, sc)
	exactNear(t, "attacker win", ex.Outcome.AttackerWin.P, win)
	exactNear(t, "draw", ex.Outcome.Draw.P, draw)
	res := mustRun(t, sc, factionTrials, 405)
	near(t, "attacker wins", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
	for _, w := range res.Warnings {
		if strings.Contains(w, "Mordred") {
			t.Errorf("warning about Mordred with the token given: %q", w)
		}
	}
}

// Mordred fighting the space combat as a ship (The Alastor): one round
// against 3 destroyers that cannot hit (modifier −9). The flagship rolls 2
// dice at 9 (0.2), the mech 1 die at 6 − 2 = 4 (0.7): at most 3 hits, so
// the destroyers left are 3 − H with E[H] = 0.4 + 0.7 = 1.1 and
// Var[H] = 2·0.2·0.8 + 0.7·0.3 = 0.53 (without the token, 0.4 + 0.5).
func TestMordredAsAShip(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1,
		Attacker: boardSide(t, "nekro", "1 flagship, 1 mech", nil, []string{"assimilator-token"}),
		Defender: combat.Side{Fleet: mustFleet(t, "3 destroyer"), Modifier: -9}}
	res := mustRun(t, sc, factionTrials, 406)
	near(t, "destroyers left", res.Defender.Survivors[0].Expected.Value, 3-1.1, math.Sqrt(0.53))
}

// Arvicon Rex with the opponent's token in the Mahact fleet pool: no +2,
// so the flagship rolls 2 dice at 5 (0.6 each; Sustain Damage: 2 points)
// against a cruiser (0.4, 1 point): reference.PointDuel(2, 1) with 2 dice whatever the
// points left. Default (no token): +2, TestArviconRex.
func TestArviconRexFleetPoolToken(t *testing.T) {
	sc := combat.Scenario{Action: combat.SpaceCombat,
		Attacker: boardSide(t, "mahact", "1 flagship", nil, []string{"fleet-pool-token"}),
		Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
	win, draw := reference.PointDuel(2, 1, reference.FixedDice(2), reference.DiePerPoint, 0.6, 0.4)
	ex := mustSolve(t, sc)
	exactNear(t, "attacker win", ex.Outcome.AttackerWin.P, win)
	exactNear(t, "draw", ex.Outcome.Draw.P, draw)
	res := mustRun(t, sc, factionTrials, 407)
	near(t, "attacker wins", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
	for _, w := range res.Warnings {
		if strings.Contains(w, "Arvicon Rex") {
			t.Errorf("warning about Arvicon Rex with the token given: %q", w)
		}
	}
}

// Custodia Vigilia (I.I.H.Q. Modernization) with "mecatol-rex".
//
// A Keleres defender with only a space dock: Mecatol Rex fires 1 die at 5
// (0.6) in space cannon offense at the attacker's cruiser; no combat (the
// defender has no ships). Attacker keeps space 0.4, neither side has ships
// 0.6.
//
// A Keleres attacker holding Mecatol Rex: the die (0.6) destroys the
// defender's destroyer before the combat; otherwise cruiser (0.4) against
// destroyer (0.2): win 0.4·0.8/(1 − 0.6·0.8) = 0.32/0.52, draw
// 0.4·0.2/0.52. So win 0.6 + 0.4·0.32/0.52, draw 0.4·0.08/0.52.
//
// A Keleres defender of Mecatol Rex in an invasion by 1 carrier and 2
// infantry against 1 infantry: the carrier survives space cannon offense
// with 0.4 (else no invasion); space cannon defense (0.6) kills one of the
// two infantry. Then 1 against 1 infantry (0.3 each): W1 = 0.21/0.51; 2
// against 1: the attacker hits with 0.51 (and wins whatever the reply),
// misses while the defender hits with 0.49·0.3 (to 1 against 1), both miss
// 0.49·0.7: W2 = (0.51 + 0.147·W1)/(1 − 0.343). Planet taken:
// 0.4·(0.6·W1 + 0.4·W2).
func TestCustodiaVigilia(t *testing.T) {
	iihq := []string{"iihq-modernization"}
	mecatol := []string{"mecatol-rex"}
	t.Run("defender with a space dock only", func(t *testing.T) {
		sc := combat.Scenario{Action: combat.SpaceCombat,
			Attacker: combat.Side{Fleet: mustFleet(t, "1 cruiser")},
			Defender: boardSide(t, "keleres", "1 space dock", iihq, mecatol)}
		ex := mustSolve(t, sc)
		exactNear(t, "attacker keeps space", ex.Outcome.AttackerWin.P, 0.4)
		exactNear(t, "no ships left", ex.Outcome.Draw.P, 0.6)
		res := mustRun(t, sc, factionTrials, 408)
		near(t, "attacker keeps space", res.Outcome.AttackerWin.P, 0.4, bernoulliSD(0.4))
	})
	t.Run("attacker holding Mecatol Rex", func(t *testing.T) {
		sc := combat.Scenario{Action: combat.SpaceCombat,
			Attacker: boardSide(t, "keleres", "1 cruiser", iihq, mecatol),
			Defender: combat.Side{Fleet: mustFleet(t, "1 destroyer")}}
		win, draw := 0.6+0.4*0.32/0.52, 0.4*0.08/0.52
		ex := mustSolve(t, sc)
		exactNear(t, "attacker win", ex.Outcome.AttackerWin.P, win)
		exactNear(t, "draw", ex.Outcome.Draw.P, draw)
		res := mustRun(t, sc, factionTrials, 409)
		near(t, "attacker wins", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
	})
	t.Run("default: not Mecatol Rex", func(t *testing.T) {
		sc := combat.Scenario{Action: combat.SpaceCombat,
			Attacker: boardSide(t, "keleres", "1 cruiser", iihq, nil),
			Defender: combat.Side{Fleet: mustFleet(t, "1 destroyer")}}
		ex := mustSolve(t, sc)
		exactNear(t, "attacker win", ex.Outcome.AttackerWin.P, 0.32/0.52)
		warned(t, ex, "I.I.H.Q. Modernization", "mecatol-rex")
	})
	// A Keleres defender of Mecatol Rex with no units: the planet's die
	// still fires (the planet is not a unit), so the figures are those of
	// the space dock above, and in an invasion by 1 carrier and 2
	// infantry: the carrier survives space cannon offense with 0.4, then
	// space cannon defense kills at most 1 of the 2 infantry and no ground
	// force defends: the planet is taken with 0.4 exactly; otherwise the
	// Keleres keep it (0.6).
	empty := boardSide(t, "keleres", "1 cruiser", iihq, mecatol)
	empty.Fleet = units.Fleet{}
	t.Run("defender with no units", func(t *testing.T) {
		sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: combat.Side{Fleet: mustFleet(t, "1 cruiser")}, Defender: empty}
		ex := mustSolve(t, sc)
		exactNear(t, "attacker keeps space", ex.Outcome.AttackerWin.P, 0.4)
		exactNear(t, "no ships left", ex.Outcome.Draw.P, 0.6)
		res := mustRun(t, sc, factionTrials, 411)
		near(t, "attacker keeps space", res.Outcome.AttackerWin.P, 0.4, bernoulliSD(0.4))
		sc = combat.Scenario{Action: combat.Invasion, Attacker: combat.Side{Fleet: mustFleet(t, "1 carrier, 2 infantry")}, Defender: empty}
		ex = mustSolve(t, sc)
		exactNear(t, "planet taken", ex.Outcome.AttackerWin.P, 0.4)
		exactNear(t, "planet kept", ex.Outcome.DefenderWin.P, 0.6)
		res = mustRun(t, sc, factionTrials, 412)
		near(t, "planet taken", res.Outcome.AttackerWin.P, 0.4, bernoulliSD(0.4))
	})
	t.Run("invasion of Mecatol Rex", func(t *testing.T) {
		sc := combat.Scenario{Action: combat.Invasion,
			Attacker: combat.Side{Fleet: mustFleet(t, "1 carrier, 2 infantry")},
			Defender: boardSide(t, "keleres", "1 infantry", iihq, mecatol)}
		w1 := 0.21 / 0.51
		w2 := (0.51 + 0.147*w1) / (1 - 0.343)
		want := 0.4 * (0.6*w1 + 0.4*w2)
		ex := mustSolve(t, sc)
		exactNear(t, "planet taken", ex.Outcome.AttackerWin.P, want)
		res := mustRun(t, sc, factionTrials, 410)
		near(t, "planet taken", res.Outcome.AttackerWin.P, want, bernoulliSD(want))
	})
}

// Board states are refused where nothing reads them: for another faction,
// without the technology, with a number, and where the text cannot act.
func TestBoardStateValidation(t *testing.T) {
	nekro := func(cards ...string) combat.Side { return boardSide(t, "nekro", "1 cruiser", nil, cards) }
	keleres := func(techs, cards []string) combat.Side {
		return boardSide(t, "keleres", "1 carrier, 1 infantry", techs, cards)
	}
	plain := combat.Side{Fleet: mustFleet(t, "1 destroyer")}
	iihq, mecatol := []string{"iihq-modernization"}, []string{"mecatol-rex"}
	bare := func(faction string, techs, cards []string) combat.Side {
		s := boardSide(t, faction, "1 cruiser", techs, cards)
		s.Fleet = units.Fleet{}
		return s
	}
	for _, c := range []struct {
		name string
		sc   combat.Scenario
		want string
	}{
		{"token for another faction", combat.Scenario{Attacker: boardSide(t, "sol", "1 cruiser", nil, []string{"assimilator-token"}), Defender: plain}, "not nekro"},
		{"fleet pool without a faction", combat.Scenario{Attacker: combat.Side{Fleet: mustFleet(t, "1 cruiser"), Cards: []string{"fleet-pool-token"}}, Defender: plain}, "not mahact"},
		{"a number", combat.Scenario{Attacker: nekro("assimilator-token:2"), Defender: plain}, "no number"},
		{"mecatol-rex without the technology", combat.Scenario{Attacker: keleres(nil, mecatol), Defender: plain}, "give iihq-modernization"},
		{"the technology for another faction", combat.Scenario{Attacker: boardSide(t, "sol", "1 cruiser", iihq, nil), Defender: plain}, "Keleres technology"},
		{"mecatol-rex for the invader", combat.Scenario{Action: combat.Invasion, Attacker: keleres(iihq, mecatol), Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}, "invaded planet is the defender's"},
		{"no units without mecatol-rex", combat.Scenario{Attacker: plain, Defender: bare("keleres", iihq, nil)}, "empty fleet"},
		{"no units for another faction", combat.Scenario{Attacker: plain, Defender: bare("sol", nil, nil)}, "empty fleet"},
		{"no units for the attacker", combat.Scenario{Attacker: bare("keleres", iihq, mecatol), Defender: plain}, "empty fleet"},
		{"no units in a ground combat", combat.Scenario{Action: combat.GroundCombat, Attacker: combat.Side{Fleet: mustFleet(t, "1 infantry")}, Defender: bare("keleres", iihq, mecatol)}, "empty fleet"},
		{"mecatol-rex in a ground combat", combat.Scenario{Action: combat.GroundCombat, Attacker: combat.Side{Fleet: mustFleet(t, "1 infantry")}, Defender: boardSide(t, "keleres", "1 infantry", iihq, mecatol)}, "ground combat alone"},
	} {
		err := c.sc.Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Validate = %v, want an error containing %q", c.name, err, c.want)
		}
	}
	// The listing names each item with its faction and the text it feeds.
	for _, f := range []struct{ faction, slug, text string }{{"nekro", "assimilator-token", "mordred"}, {"mahact", "fleet-pool-token", "arvicon-rex"}, {"keleres", "mecatol-rex", "iihq-modernization"}} {
		bs := combat.BoardStates(f.faction)
		if len(bs) != 1 || bs[0].Slug != f.slug || bs[0].Text != f.text || !combat.Modelled(f.text) {
			t.Errorf("BoardStates(%s) = %+v, want %s for %s (modelled)", f.faction, bs, f.slug, f.text)
		}
	}
}

// A flagship's or mech's text listed where it can change nothing is
// refused, never ignored: quietus (the Crimson Rebellion flagship's board
// state) on a side of another faction, a mech text that needs no input
// (Moll Terminus), Alarum's count on a side that is not Ral Nel. Listed by
// their own faction they are accepted.
func TestUnitTextsListedByTheirFaction(t *testing.T) {
	for _, c := range []struct {
		faction, card, want string
	}{
		{"", "quietus", "only a side of that faction lists it"},
		{"sol", "heavens-eye", "only a side of that faction lists it"},
		{"mentak", "moll-terminus", "acts when the side's fleet has the mech"},
		{"sol", "alarum:2", "only a side of that faction lists it"},
		{"crimson-rebellion", "quietus", ""},
		{"ral-nel", "alarum:2", ""},
	} {
		a := combat.Side{Fleet: mustFleet(t, "1 cruiser"), Cards: []string{c.card}}
		if c.faction != "" {
			a = boardSide(t, c.faction, "1 cruiser", nil, []string{c.card})
		}
		err := (&combat.Scenario{Action: combat.SpaceCombat, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}).Validate()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s listing %s: %v, want it accepted", c.faction, c.card, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("%s listing %s: %v, want an error containing %q", c.faction, c.card, err, c.want)
		}
	}
}
