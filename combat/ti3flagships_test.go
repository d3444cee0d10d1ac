package combat_test

import (
	"math"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// sustainDuel is P(a ship with Sustain Damage wins) against one enemy
// that scores at most one hit a round (hitting with pc): undamaged, the
// ship scores with p1 and wins whenever it scores (a hit taken the same
// round is sustained); once damaged it scores with p2 and the duel's law
// applies (a double kill is a draw).
func sustainDuel(p1, p2, pc float64) float64 {
	stay := (1 - p1) * (1 - pc)
	return p1/(1-stay) + (1-p1)*pc/(1-stay)*duel(p2, pc)
}

// atLeastOne is the chance that n dice hitting with p score at least once.
func atLeastOne(n int, p float64) float64 { return 1 - math.Pow(1-p, float64(n)) }

// flagshipScenario is a space battle of race's flagship (and fleet)
// against def, under ti3-sa.
func flagshipScenario(t *testing.T, race_, fleet, def string) combat.Scenario {
	sc := ti3Scenario(t, combat.SpaceCombat, fleet, def)
	sc.Attacker.Faction = race(t, race_)
	return sc
}

// leftAfterOneRound runs sc with a one-round limit, the defender unable to
// score (modifier -9), and returns the defender's expected units named
// name left (exact when exact is set, else 200,000 trials) with the
// standard error of a trial's count sd.
func leftAfterOneRound(t *testing.T, what string, sc combat.Scenario, name string, exact bool, want, sd float64) {
	t.Helper()
	sc.MaxRounds, sc.Defender.Modifier = 1, -9
	if exact {
		r := mustSolve(t, sc)
		exactNear(t, what, survivors(t, r.Defender, name), want)
		return
	}
	r := mustRun(t, sc, factionTrials, 450)
	near(t, what, survivors(t, r.Defender, name), want, sd)
}

// TestTI3Flagships checks each flagship's numbers and modelled text
// against a hand-derived value (units/ti3flagships.go for the sources).
func TestTI3Flagships(t *testing.T) {
	// Numbers alone (Arborec, Duha Menaimon 6×2, Sustain Damage, a die
	// fewer once damaged, SA): against a cruiser.
	ti3Check(t, "Duha Menaimon", flagshipScenario(t, "arborec", "1 flagship", "1 cruiser"), sustainDuel(atLeastOne(2, 0.5), 0.5, 0.4))
	// C'morran N'orr: the N'orr's +1 and the flagship's own +1: 3 dice at
	// 3, 2 once damaged.
	ti3Check(t, "C'morran N'orr", flagshipScenario(t, "sardakk", "1 flagship", "1 cruiser"), sustainDuel(atLeastOne(3, 0.8), atLeastOne(2, 0.8), 0.4))
	// Arc Secundus, repaired each round (2 dice at 5 every round), against
	// two cruisers: it dies only to both cruisers' hits in one round;
	// (K < 2 and it scores) / (1 − (K < 2 and it misses)).
	pk, ph0 := 1-0.16, 0.16
	ti3MonteCarlo(t, "Arc Secundus", flagshipScenario(t, "letnev", "1 flagship", "2 cruiser"), pk*(1-ph0)/(1-pk*ph0))
	// J.N.S. Hylarim (2×2; Jol-Nar −1: at 3, 0.8 a die), a 10 is 3 hits:
	// one round against 2 cruisers that cannot score. A die scores 0
	// (0.2), 1 (0.7) or 3 (0.1); E[min(H, 2)] = 0.28 + 2·0.68.
	leftAfterOneRound(t, "J.N.S. Hylarim", flagshipScenario(t, "jol-nar", "1 flagship", "2 cruiser"), "Cruiser", true, 2-(0.28+2*0.68), 0)
	// The same with one Jol-Nar command counter: the first die that misses
	// (0.2) is rerolled. Enumerated: a die scores 0, 1 or 3 with 0.2, 0.7,
	// 0.1; the first miss is replaced by a fresh die.
	die := map[int]float64{0: 0.2, 1: 0.7, 3: 0.1}
	e := 0.0
	for h1, q1 := range die {
		for h2, q2 := range die {
			switch {
			case h1 == 0: // the first die's miss takes the counter
				for h3, q3 := range die {
					e += q1 * q2 * q3 * float64(min(h3+h2, 2))
				}
			case h2 == 0:
				for h3, q3 := range die {
					e += q1 * q2 * q3 * float64(min(h1+h3, 2))
				}
			default:
				e += q1 * q2 * float64(min(h1+h2, 2))
			}
		}
	}
	jc := flagshipScenario(t, "jol-nar", "1 flagship", "2 cruiser")
	jc.Attacker.CommandCounters = 1
	leftAfterOneRound(t, "J.N.S. Hylarim with a command counter", jc, "Cruiser", false, 2-e, 1)
	// Loncara Ssodu: space cannon 2 dice at 6 before the battle, then 2
	// combat dice at 6: 2 fighters lose min(Binomial(4, 1/2), 2).
	leftAfterOneRound(t, "Loncara Ssodu", flagshipScenario(t, "xxcha", "1 flagship", "2 fighter"), "Fighter", true, 2-(4.0/16+2*11.0/16), 0)
	// Son of Ragh: a barrage of 4 dice at 6, then 3 combat dice at 6: 4
	// fighters lose min(Binomial(7, 1/2), 4).
	e = 0.0
	for k, q := range binom(7, 0.5) {
		e += q * float64(min(k, 4))
	}
	leftAfterOneRound(t, "Son of Ragh", flagshipScenario(t, "saar", "1 flagship", "4 fighter"), "Fighter", true, 4-e, 0)
	// Fourth Moon: the opponent's dreadnought cannot sustain, so one hit
	// of its 2 dice at 5 destroys it.
	leftAfterOneRound(t, "Fourth Moon", flagshipScenario(t, "mentak", "1 flagship", "1 dreadnought"), "Dreadnought", false, 0.16, bernoulliSD(0.16))
	// Salai Sai Corian: one die at 7 per non-fighter enemy ship: 3 cruisers
	// lose Binomial(3, 0.4).
	leftAfterOneRound(t, "Salai Sai Corian", flagshipScenario(t, "winnu", "1 flagship", "3 cruiser"), "Cruiser", false, 3-1.2, math.Sqrt(3*0.4*0.6))
	// 0.0.1: its hits go to the cruiser before the fighters: the cruiser
	// dies unless all 3 dice at 5 miss.
	leftAfterOneRound(t, "0.0.1", flagshipScenario(t, "l1z1x", "1 flagship", "1 cruiser, 3 fighter"), "Cruiser", false, 0.064, bernoulliSD(0.064))
	// Wrath of Kenara: 3 dice at 7, then up to 2 misses rerolled for
	// trade goods (2 given): E = 1.2 + 0.4·E[min(M, 2)], M ~ Binomial(3, 0.6).
	mk := binom(3, 0.6)
	extra := 0.4 * (mk[1] + 2*(mk[2]+mk[3]))
	wk := flagshipScenario(t, "hacan", "1 flagship", "3 cruiser")
	wk.Attacker.TradeGoods = 2
	leftAfterOneRound(t, "Wrath of Kenara", wk, "Cruiser", false, 3-1.2-extra, 1)
	// Races without a flagship here are refused, saying why.
	for _, r := range []string{"yin", "yssaril", "creuss", "nekro"} {
		fs := flagshipScenario(t, r, "1 flagship", "1 cruiser")
		if err := fs.Validate(); err == nil {
			t.Errorf("%s flagship: no error", r)
		}
	}
	sc := ti3Scenario(t, combat.SpaceCombat, "1 flagship", "1 cruiser")
	if err := sc.Validate(); err == nil {
		t.Error("a flagship with no race: no error")
	}
}
