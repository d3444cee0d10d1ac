package combat_test

import (
	"math"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
)

// Tests of the Empyrean's texts. Every expected value is worked out by
// hand (in the comments) or by a small calculation independent of the
// engine (duels_test.go, helpers_test.go); Monte Carlo answers must fall
// within 4 standard errors of it (near, factionTrials) and exact answers
// within 1e-9.

// Dynamo: an Empyrean flagship (Sustain Damage) against 4 cruisers (0.4
// each), one round: H ~ Bin(4, 0.4) hits. A repair comes after the use of
// Sustain Damage, and the repaired flagship cannot sustain again within the
// same roll (LRR 1.18, 87): whatever the influence it lives if H ≤ 1,
// P(H ≤ 1) = 0.4752 (no influence: a warning says Dynamo does nothing).
// The repairs' effect across rounds is TestDynamoOncePerAssignment's.
func TestDynamo(t *testing.T) {
	h := reference.BinomDist(4, 0.4)
	for i, c := range []struct{ influence, k int }{{0, 0}, {2, 0}, {3, 0}, {4, 0}} {
		e := factionSide(t, "empyrean", "1 flagship")
		e.Influence = c.influence
		sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1, Attacker: e,
			Defender: combat.Side{Fleet: mustFleet(t, "4 cruiser")}}
		res := mustRun(t, sc, factionTrials, 680+uint64(i))
		modelled(t, res, "Dynamo")
		lives := 0.0
		for j := 0; j <= c.k+1; j++ {
			lives += h[j]
		}
		near(t, "flagship left", survivors(t, res.Attacker, "Dynamo"), lives, bernoulliSD(lives))
		if c.influence < 2 {
			warned(t, res, "Dynamo", "does nothing", "influence")
		} else {
			sc.MaxRounds = 0
			refused(t, sc, "Dynamo")
		}
	}
}

// Watcher, one round of ground combat (MaxRounds 1). The Empyrean attack
// with 2 mechs (6: 0.5 each, Sustain Damage) against 2 infantry (8: 0.3),
// and the defender holds Morale Boost (+1 in its first rounds, one copy a
// round). The Watcher cancels one copy of Morale Boost and one mech leaves
// before the combat:
//   - with 1 copy: the card is gone. The lone mech is destroyed only by 2
//     hits from 2 dice at 0.3: it is left with 1 − 0.3² = 0.91. The
//     defender loses the mech's hits: 2 − 0.5 = 1.5 infantry left (sd 0.5).
//   - with 2 copies: one is left, +1 in round 1, dice at 0.4: 1 − 0.4² =
//     0.84 mechs left; 1.5 infantry.
//   - without any action card it does nothing: 2 mechs, both sustain
//     whatever 2 dice do, so 2 are left, and the defender loses the 2 dice
//     at 0.5: 1 infantry left (sd √0.5). (Had the Watcher not been used
//     with Morale Boost, the 2 mechs would be left too.)
func TestWatcher(t *testing.T) {
	for _, c := range []struct {
		cards      []string
		mechs, inf float64
		mechSD     float64
		infSD      float64
		note       []string
	}{
		{[]string{"morale-boost"}, 0.91, 1.5, bernoulliSD(0.91), 0.5, []string{"Watcher", "cancel the defender's Morale Boost", "is not a loss"}},
		{[]string{"morale-boost:2"}, 0.84, 1.5, bernoulliSD(0.84), 0.5, []string{"Watcher", "Morale Boost (1 copy left)"}},
		{nil, 2, 1, 0, math.Sqrt(0.5), []string{"Watcher (attacker) does nothing", "lists no action card"}},
	} {
		sc := combat.Scenario{Action: combat.GroundCombat, MaxRounds: 1,
			Attacker: factionSide(t, "empyrean", "2 mech"),
			Defender: combat.Side{Fleet: mustFleet(t, "2 infantry"), Cards: c.cards}}
		res := mustRun(t, sc, factionTrials, 191)
		near(t, "Empyrean mechs left", survivors(t, res.Attacker, "Watcher"), c.mechs, c.mechSD)
		near(t, "defender infantry left", res.Defender.Survivors[0].Expected.Value, c.inf, c.infSD)
		warned(t, res, c.note...)
		modelled(t, res, "Watcher")
	}
}

// Watcher defending an invasion: the attacker's carrier (with an
// infantry) against the Empyrean's 2 mechs and PDS on the planet. Solar
// Flare is cancelled: their PDS (space cannon 6: 0.5) then fires at the
// carrier, which nothing else can hit: it is left with 0.5 (with Solar
// Flare standing, 1). Cancellations come before any card attaches, so a
// Direct Hit (any card) is cancelled as well (the PDS fires: 0.5). The Watcher
// does nothing under Articles of War, or when the mech is the Empyrean's
// last ground force: Solar Flare stands, 1.
func TestWatcherDefending(t *testing.T) {
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: combat.Side{Fleet: mustFleet(t, "1 carrier, 1 infantry"), Cards: []string{"solar-flare"}},
		Defender: factionSide(t, "empyrean", "2 mech, 1 pds")}
	res := mustRun(t, sc, factionTrials, 192)
	near(t, "carrier left", survivors(t, res.Attacker, "Carrier I"), 0.5, 0.5)
	warned(t, res, "Watcher", "cancel the attacker's Solar Flare")

	sc.Attacker.Cards = []string{"direct-hit"}
	res = mustRun(t, sc, factionTrials, 193)
	near(t, "carrier left (Direct Hit kept)", survivors(t, res.Attacker, "Carrier I"), 0.5, 0.5)
	warned(t, res, "Watcher", "cancel the attacker's Direct Hit")

	sc.Attacker.Cards = []string{"solar-flare", "articles-of-war"}
	res = mustRun(t, sc, 2000, 194)
	near(t, "carrier left under Solar Flare", survivors(t, res.Attacker, "Carrier I"), 1, 0)
	warned(t, res, "Watcher (defender) does nothing", "Articles of War")

	sc.Attacker.Cards = []string{"solar-flare"}
	sc.Defender = factionSide(t, "empyrean", "1 mech, 1 pds")
	res = mustRun(t, sc, 2000, 195)
	near(t, "carrier left, the mech kept", survivors(t, res.Attacker, "Carrier I"), 1, 0)
	warned(t, res, "Watcher (defender) does nothing", "last ground force")
}

// The caller's card list is not changed by the cancellation.
func TestWatcherKeepsCallerCards(t *testing.T) {
	cards := []string{"morale-boost:2", "bunker"}
	sc := combat.Scenario{Action: combat.GroundCombat, MaxRounds: 1,
		Attacker: factionSide(t, "empyrean", "2 mech"),
		Defender: combat.Side{Fleet: mustFleet(t, "2 infantry"), Cards: cards}}
	mustRun(t, sc, 100, 1)
	if cards[0] != "morale-boost:2" || cards[1] != "bunker" || len(sc.Defender.Cards) != 2 {
		t.Errorf("cards changed: %q", cards)
	}
}

// Watcher in exact mode: the cancellation and the mech's leaving happen
// when the plan is built, so Solve expresses them. The Empyrean (2 mechs)
// cancel Bunker (an action card that does nothing in a ground combat: the
// policy cancels the first listed action card whatever it does) and fight
// 2 infantry with 1 mech: tracks (0.5), (0.5) against (0.3, 0.3), (0.3).
func TestWatcherExact(t *testing.T) {
	sc := combat.Scenario{Action: combat.GroundCombat,
		Attacker: factionSide(t, "empyrean", "2 mech"),
		Defender: combat.Side{Fleet: mustFleet(t, "2 infantry"), Cards: []string{"bunker"}}}
	win, draw, _ := reference.Outcomes(reference.TrackChain([][]float64{{.5}, {.5}}, [][]float64{{.3, .3}, {.3}}))
	res := mustSolve(t, sc)
	t.Logf("exact: win %.9f (hand %.9f), draw %.9f (hand %.9f)", res.Outcome.AttackerWin.P, win, res.Outcome.Draw.P, draw)
	if math.Abs(res.Outcome.AttackerWin.P-win) > 1e-9 || math.Abs(res.Outcome.Draw.P-draw) > 1e-9 {
		t.Errorf("Solve: win %v draw %v, want %v %v", res.Outcome.AttackerWin.P, res.Outcome.Draw.P, win, draw)
	}
	warned(t, res, "cancel the defender's Bunker")
}

// Dynamo from a flagship in an adjacent system ("After any player's unit in
// this system or an adjacent system uses SUSTAIN DAMAGE, you may spend 2
// influence to repair that unit"; the board state flagship-adjacent). With
// 2 influence one repair: a unit with Sustain Damage takes 3 hits instead
// of 2. A dreadnought (5: 0.6) against a cruiser (7: 0.4) with h hits left:
// W(1) = 0.36/0.76 (a round: only it hits 0.36 wins, both miss 0.24 again),
// W(h) = (0.6 + 0.16·W(h−1))/0.76 (its hit wins; the cruiser's alone costs
// a hit). Without the flagship W(2); adjacent W(3). On the ground, a mech
// (6: 0.5) against an infantry (8: 0.3): V(1) = 0.35/0.65, V(h) = (0.5 +
// 0.15·V(h−1))/0.65, adjacent V(3).
func TestDynamoAdjacent(t *testing.T) {
	chain := func(hit, opp float64, h int) float64 {
		miss := (1 - hit) * (1 - opp)
		w := hit * (1 - opp) / (1 - miss)
		for range h - 1 {
			w = (hit + (1-hit)*opp*w) / (1 - miss)
		}
		return w
	}
	side := func(fleet string, cards ...string) combat.Side {
		s := factionSide(t, "empyrean", fleet)
		s.Influence, s.Cards = 2, cards
		return s
	}
	for _, c := range []struct {
		name string
		sc   combat.Scenario
		want float64
	}{
		{"no flagship", combat.Scenario{Action: combat.SpaceCombat, Attacker: side("1 dreadnought"), Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}, chain(0.6, 0.4, 2)},
		{"flagship adjacent", combat.Scenario{Action: combat.SpaceCombat, Attacker: side("1 dreadnought", "flagship-adjacent"), Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}, chain(0.6, 0.4, 3)},
		{"ground, flagship adjacent", combat.Scenario{Action: combat.GroundCombat, Attacker: side("1 mech", "flagship-adjacent"), Defender: combat.Side{Fleet: mustFleet(t, "1 infantry")}}, chain(0.5, 0.3, 3)},
	} {
		res := mustRun(t, c.sc, factionTrials, 880)
		near(t, c.name+": attacker wins", res.Outcome.AttackerWin.P, c.want, bernoulliSD(c.want))
	}
	// The flagship is in the fleet or adjacent, not both; another faction
	// cannot list it.
	for _, c := range []struct {
		s    combat.Side
		want string
	}{{side("1 flagship", "flagship-adjacent"), "a faction has one flagship"}, {boardSide(t, "sol", "1 cruiser", nil, []string{"flagship-adjacent"}), "not empyrean"}} {
		sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: c.s, Defender: combat.Side{Fleet: mustFleet(t, "1 cruiser")}}
		if err := sc.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Validate = %v, want an error containing %q", err, c.want)
		}
	}
}
