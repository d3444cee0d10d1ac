package combat_test

import (
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

// Tests of the Emirates of Hacan's texts. Every expected value is worked out by
// hand (in the comments) or by a small calculation independent of the
// engine (duels_test.go, helpers_test.go); Monte Carlo answers must fall
// within 4 standard errors of it (near, factionTrials) and exact answers
// within 1e-9.

// Wrath of Kenara: the Hacan flagship (2 dice at 7) against a dreadnought
// for one round. Each die hits (0.4), misses by 1 (a 6: 0.1) or misses by
// more (0.5); a 6 becomes a hit for 1 trade good. The dreadnought sustains
// 1 hit and falls to 2: P(2 hits) is 0.4² = 0.16 without trade goods,
// 0.5² = 0.25 with 2 or more, and 0.4² + 2·0.4·0.1 = 0.24 with 1 (two 6s
// make only one hit).
func TestWrathOfKenara(t *testing.T) {
	for _, c := range []struct {
		tg   int
		kill float64
	}{{0, 0.16}, {1, 0.24}, {2, 0.25}, {9, 0.25}} {
		a := factionSide(t, "hacan", "1 flagship")
		a.TradeGoods = c.tg
		sc := combat.Scenario{Action: combat.SpaceCombat, MaxRounds: 1, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "1 dreadnought")}}
		res := mustRun(t, sc, factionTrials, 320+uint64(c.tg))
		near(t, "dreadnought left", survivors(t, res.Defender, "Dreadnought I"), 1-c.kill, bernoulliSD(c.kill))
		modelled(t, res, "Wrath of Kenara")
		if c.tg == 0 {
			warned(t, res, "Wrath of Kenara", "does nothing", "trade good")
		} else {
			notExact(t, sc)
		}
	}
}
