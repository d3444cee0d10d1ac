package combat_test

import (
	"context"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// TestTI3FlagshipsSA42 checks the printing ti3-flagships=sa42 (the
// standalone Shattered Ascension 4.2 flagships' numbers, as the SA combat
// calculator has them: units.TI3FlagshipsSA42) against today's sa40 table,
// by hand, for the Sol flagship against a cruiser (7: 0.4 a round). Every
// flagship loses a die when it uses Sustain Damage, to a minimum of 1 (SA
// Units), so sustainDuel(p undamaged, p damaged, 0.4) is the law:
//   - sa40 Genesis (GK 590: 5 x3): 3 dice at 0.6, then 2;
//   - sa42 Genesis I (8 x2): 2 dice at 0.3, then 1.
func TestTI3FlagshipsSA42(t *testing.T) {
	sa40 := flagshipScenario(t, "sol", "1 flagship", "1 cruiser")
	ti3Check(t, "Genesis, sa40", sa40, sustainDuel(atLeastOne(3, 0.6), atLeastOne(2, 0.6), 0.4))
	sa42 := flagshipScenario(t, "sol", "1 flagship", "1 cruiser")
	sa42.Printings.TI3Flagships = combat.TI3FlagshipsSA42
	ti3Check(t, "Genesis I, sa42", sa42, sustainDuel(atLeastOne(2, 0.3), 0.3, 0.4))

	// Two uses of Sustain Damage (sa42 Kenaran Sun, Hacan, 6 x2): 2 dice
	// at 0.5, then 1 die after each use; the once-damaged state is itself
	// a sustain duel, the twice-damaged one the plain duel.
	hacan := flagshipScenario(t, "hacan", "1 flagship", "1 cruiser")
	hacan.Printings.TI3Flagships = combat.TI3FlagshipsSA42
	p1, pc := atLeastOne(2, 0.5), 0.4
	once := sustainDuel(0.5, 0.5, pc)
	want := (p1 + (1-p1)*pc*once) / (1 - (1-p1)*(1-pc))
	ti3Check(t, "Kenaran Sun, sa42", hacan, want)
}

// TestTI3FlagshipsSA42Refused: a sa42 flagship with more than numbers is
// refused naming what; the printing is TI3's only; it parses.
func TestTI3FlagshipsSA42Refused(t *testing.T) {
	sc := flagshipScenario(t, "letnev", "1 flagship", "1 cruiser")
	sc.Printings.TI3Flagships = combat.TI3FlagshipsSA42
	if _, err := combat.Solve(context.Background(), sc); err == nil || !strings.Contains(err.Error(), "ti3-flagships=sa42") || !strings.Contains(err.Error(), "pre-combat shot") {
		t.Errorf("Letnev sa42 flagship: err %v, want a refusal naming the pre-combat shot", err)
	}
	// Without a flagship the printing changes nothing for the race.
	plain := flagshipScenario(t, "letnev", "1 cruiser", "1 cruiser")
	plain.Printings.TI3Flagships = combat.TI3FlagshipsSA42
	ti3Check(t, "Letnev cruiser, sa42", plain, duel(0.4, 0.4))

	ti4 := combat.Scenario{Action: combat.SpaceCombat, Attacker: factionSide(t, "none", "1 cruiser"), Defender: factionSide(t, "none", "1 cruiser")}
	ti4.Printings.TI3Flagships = combat.TI3FlagshipsSA42
	if _, err := combat.Solve(context.Background(), ti4); err == nil || !strings.Contains(err.Error(), "ti3-sa") {
		t.Errorf("ti4 with ti3-flagships=sa42: err %v, want a refusal", err)
	}
	r, err := combat.ParseRules([]string{"ti3-flagships=sa42"})
	if err != nil || r.TI3Flagships != combat.TI3FlagshipsSA42 || r.String() != "magen=omega2,x89=omega2,ti3-flagships=sa42" {
		t.Errorf("ParseRules ti3-flagships=sa42: %+v %q %v", r, r.String(), err)
	}
}

// TestTI3SA42TextsRefused: the SA 4.2 race sheets' texts the SA combat
// calculator offers are each its race's (ti3sa42texts_test.go tests them):
// given to another race, a technology is refused naming the race's own;
// Chronos Field (the Order of the Last: its text not found) is refused as
// a technology. TI3's Magmus Reactor (GK 577: war suns +1 movement and
// cost 10) acts outside the battle.
func TestTI3SA42TextsRefused(t *testing.T) {
	for _, c := range []struct{ race, tech, want string }{
		{"letnev", "magma-obliterator", "--attacker-faction muaat"},
		{"muaat", "saimoc-infused-hulls", "--attacker-faction letnev"},
		{"order-of-the-last", "chronos-field", "not found"},
	} {
		sc := flagshipScenario(t, c.race, "1 cruiser", "1 cruiser")
		sc.Attacker.Techs = []string{c.tech}
		if _, err := combat.Solve(context.Background(), sc); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err %v, want %q", c.tech, err, c.want)
		}
	}
	sc := flagshipScenario(t, "muaat", "1 war sun", "2 cruiser")
	base := mustSolve(t, sc)
	sc.Attacker.Techs = []string{"magmus-reactor"}
	with := mustSolve(t, sc)
	exactNear(t, "Magmus Reactor (outside the battle)", with.Outcome.AttackerWin.P, base.Outcome.AttackerWin.P)
}
