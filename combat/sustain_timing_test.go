package combat_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/internal/reference"
)

// When Sustain Damage may be used. LRR 78.6/78.6a (space) and LRR 87
// (ground): in the Assign Hits step both players decide Sustain Damage
// before anything is destroyed, so who may sustain is decided on the units
// present at the start of the step; and a unit uses Sustain Damage at most
// once per assignment (LRR 1.18).

// A mech against a mech whose Sustain Damage the Mentak mech (Moll
// Terminus) forbids, both hitting on 6 (0.5). By hand: from the start, a
// round where only the Mentak hit (1/4) damages it; where the other hits
// (alone or with the Mentak, 1/2) it destroys the other mech, whose hit the
// Mentak mech sustains: the Mentak win. Of the rounds that change
// something (3/4): Mentak wins 2/3, and 1/3 leads to both at one hit
// point, from where each outcome (Mentak, draw, other) is 1/3. So the
// Mentak win 2/3 + 1/9 = 7/9, draw 1/9, lose 1/9 — whichever side they
// are. Before the fix the Mentak defender's mech, destroyed by the round
// that also hit the attacker, no longer forbade the attacker's sustain
// (22.5% / 0 / 77.5%).
func TestSustainForbiddenAtStepStart(t *testing.T) {
	for i, mentak := range []string{"attacker", "defender"} {
		sc := combat.Scenario{Action: combat.GroundCombat,
			Attacker: combat.Side{Fleet: mustFleet(t, "1 mech")}, Defender: combat.Side{Fleet: mustFleet(t, "1 mech")}}
		win, lose := 7.0/9, 1.0/9
		if mentak == "attacker" {
			sc.Attacker = factionSide(t, "mentak", "1 mech")
		} else {
			sc.Defender = factionSide(t, "mentak", "1 mech")
			win, lose = lose, win
		}
		res := mustRun(t, sc, factionTrials, 901+uint64(i))
		near(t, "Mentak "+mentak+": attacker wins", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
		near(t, "Mentak "+mentak+": draw", res.Outcome.Draw.P, 1.0/9, bernoulliSD(1.0/9))
		near(t, "Mentak "+mentak+": defender wins", res.Outcome.DefenderWin.P, lose, bernoulliSD(lose))
	}
}

// Moll Terminus reaches the space cannon defense: committed ground forces
// are on the planet (LRR 49), so the attacker's mech cannot sustain the
// hit of the defender's PDS (6: 0.5) while the defender's Mentak mech is
// there. The PDS's space cannon offense can destroy one of the two
// carriers, never both: the invasion happens. The mech survives the space
// cannon defense with 1/2, then wins the ground combat above with 1/9 and
// draws with 1/9: attacker wins 1/18, draw 1/18. (Had the mech sustained
// the PDS's hit, it would reach the ground combat every time: 1/9.)
func TestMollTerminusSpaceCannonDefense(t *testing.T) {
	sc := combat.Scenario{Action: combat.Invasion,
		Attacker: combat.Side{Fleet: mustFleet(t, "2 carrier, 1 mech")},
		Defender: factionSide(t, "mentak", "1 mech, 1 pds")}
	res := mustRun(t, sc, factionTrials, 903)
	near(t, "attacker wins", res.Outcome.AttackerWin.P, 1.0/18, bernoulliSD(1.0/18))
	near(t, "draw", res.Outcome.Draw.P, 1.0/18, bernoulliSD(1.0/18))
}

// dynamoChain is the space combat of an Empyrean flagship (2 dice at 5:
// 0.6 each, Sustain Damage) whose Dynamo repairs it after each use of
// Sustain Damage while repairs (influence/2) last, against f fighters
// hitting with pf each. Within one assignment the flagship sustains at
// most once: 2 or more hits in a round destroy it even when a repair is
// left. State: fighters left, flagship damaged, repairs left. It returns
// the flagship's win and the draw probabilities. A round that changes
// nothing is divided out.
func dynamoChain(f int, pf float64, repairs int) (win, draw float64) {
	type state struct{ f, d, r int }
	type value struct{ win, draw float64 }
	memo := map[state]value{}
	var solve func(s state) value
	solve = func(s state) value {
		if v, ok := memo[s]; ok {
			return v
		}
		self := reference.BinomP(2, 0, 0.6) * reference.BinomP(s.f, 0, pf)
		var v value
		for k := 0; k <= 2; k++ {
			for h := 0; h <= s.f; h++ {
				if k == 0 && h == 0 {
					continue
				}
				q := reference.BinomP(2, k, 0.6) * reference.BinomP(s.f, h, pf) / (1 - self)
				left := max(s.f-k, 0)
				alive, next := true, state{left, s.d, s.r}
				switch {
				case h == 0:
				case h == 1 && s.d == 0 && s.r > 0:
					next.r-- // sustained, then repaired
				case h == 1 && s.d == 0:
					next.d = 1
				default: // a damaged flagship, or a second hit of the roll
					alive = false
				}
				switch {
				case alive && left == 0:
					v.win += q
				case !alive && left == 0:
					v.draw += q
				case alive:
					n := solve(next)
					v.win += q * n.win
					v.draw += q * n.draw
				}
			}
		}
		memo[s] = v
		return v
	}
	v := solve(state{f, 0, repairs})
	return v.win, v.draw
}

// Dynamo repairs after each use of Sustain Damage, but the repaired
// flagship cannot sustain again within the same roll (LRR 1.18, 87): a
// Monte Carlo run against dynamoChain, fighters hitting on 9 (0.2) or,
// for the Sardakk N'orr, on 8 (0.3: Unrelenting). With almost unlimited
// repairs against 20 Sardakk fighters the flagship wins almost never
// (before the fix, about 39%).
func TestDynamoOncePerAssignment(t *testing.T) {
	for i, c := range []struct {
		fighters  int
		faction   string
		influence int
	}{{3, "", 0}, {3, "", 2}, {4, "", 6}, {5, "", 99}, {20, "sardakk", 99}} {
		e := factionSide(t, "empyrean", "1 flagship")
		e.Influence = c.influence
		d := combat.Side{Fleet: mustFleet(t, fmt.Sprintf("%d fighter", c.fighters))}
		pf := 0.2
		if c.faction != "" {
			d = factionSide(t, c.faction, fmt.Sprintf("%d fighter", c.fighters))
			pf = 0.3
		}
		sc := combat.Scenario{Action: combat.SpaceCombat, Attacker: e, Defender: d}
		res := mustRun(t, sc, factionTrials, 910+uint64(i))
		win, draw := dynamoChain(c.fighters, pf, c.influence/2)
		what := fmt.Sprintf("%d %s fighters, %d influence", c.fighters, c.faction, c.influence)
		near(t, what+": flagship wins", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
		near(t, what+": draw", res.Outcome.Draw.P, draw, bernoulliSD(draw))
	}
	if win, _ := dynamoChain(20, 0.3, 49); win > 1e-6 {
		t.Errorf("the chain gives the flagship %g against 20 Sardakk fighters; the rule gives nearly 0", win)
	}
}

// No result depends on which side's hits are assigned first: each
// scenario, fought with the sides swapped, gives the mirrored figures
// (the attacker's win becomes the defender's). Space and ground combats
// without space cannon, nebula or retreats treat both sides alike, so the
// two runs estimate the same numbers; their difference is within 5
// standard errors of the difference of two independent runs.
func TestMirroredSidesMirrorResults(t *testing.T) {
	empyrean := func() combat.Side {
		s := factionSide(t, "empyrean", "1 flagship, 1 dreadnought")
		s.Influence = 4
		return s
	}
	for i, c := range []struct {
		name   string
		action combat.Action
		a, d   func() combat.Side
	}{
		{"Moll Terminus, mech against mech", combat.GroundCombat,
			func() combat.Side { return factionSide(t, "mentak", "1 mech") },
			func() combat.Side { return combat.Side{Fleet: mustFleet(t, "1 mech")} }},
		{"Moll Terminus, mixed ground forces", combat.GroundCombat,
			func() combat.Side { return factionSide(t, "mentak", "1 mech, 2 infantry") },
			func() combat.Side { return combat.Side{Fleet: mustFleet(t, "2 mech, 1 infantry")} }},
		{"Fourth Moon", combat.SpaceCombat,
			func() combat.Side { return factionSide(t, "mentak", "1 flagship, 1 cruiser") },
			func() combat.Side { return combat.Side{Fleet: mustFleet(t, "2 dreadnought, 1 destroyer")} }},
		{"Dynamo", combat.SpaceCombat, empyrean,
			func() combat.Side { return combat.Side{Fleet: mustFleet(t, "2 dreadnought, 3 cruiser")} }},
	} {
		sc := combat.Scenario{Action: c.action, Attacker: c.a(), Defender: c.d()}
		mirror := combat.Scenario{Action: c.action, Attacker: c.d(), Defender: c.a()}
		res := mustRun(t, sc, factionTrials, 920+uint64(i))
		swapped := mustRun(t, mirror, factionTrials, 940+uint64(i))
		for _, o := range []struct {
			what      string
			got, want float64
		}{
			{"first side wins", res.Outcome.AttackerWin.P, swapped.Outcome.DefenderWin.P},
			{"draw", res.Outcome.Draw.P, swapped.Outcome.Draw.P},
			{"second side wins", res.Outcome.DefenderWin.P, swapped.Outcome.AttackerWin.P},
		} {
			q := (o.got + o.want) / 2
			se := math.Sqrt(2*q*(1-q)/float64(factionTrials)) + 1e-12
			if z := (o.got - o.want) / se; math.Abs(z) > 5 {
				t.Errorf("%s: %s %.5f, with the sides swapped %.5f (z = %.1f)", c.name, o.what, o.got, o.want, z)
			}
		}
	}
}
