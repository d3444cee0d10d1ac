package combat_test

import (
	"math"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/combat"
)

func TestFactionsIModelled(t *testing.T) {
	for _, slug := range []string{"watcher", "moyins-ashes", "alarum"} {
		if !combat.Modelled(slug) {
			t.Errorf("%s is not modelled", slug)
		}
	}
}

// hitsDist is the distribution of the number of hits of dice that hit
// with the given probabilities: the convolution of their Bernoullis.
func hitsDist(ps []float64) []float64 {
	out := []float64{1}
	for _, q := range ps {
		next := make([]float64, len(out)+1)
		for h, w := range out {
			next[h] += w * (1 - q)
			next[h+1] += w * q
		}
		out = next
	}
	return out
}

// trackChain solves a ground combat in which each side's units form a
// damage track: a[k] lists the hit probabilities of the attacker's dice
// once it has absorbed k hits (len(a) hits leave it with nothing), d the
// defender's. Each round both sides roll and each side's hits move the
// other along its track. It returns end[ka][kd], the probability that the
// combat ends with the attacker having absorbed ka hits and the defender
// kd (one of them at the end of its track). A round with no hit returns to
// the same state: V(s) = Σ_{o ≠ no hit} P(o)·V(next) / (1 − P(no hit)).
func trackChain(a, d [][]float64) [][]float64 {
	type key struct{ ka, kd int }
	memo := map[key][][]float64{}
	newEnd := func() [][]float64 {
		end := make([][]float64, len(a)+1)
		for i := range end {
			end[i] = make([]float64, len(d)+1)
		}
		return end
	}
	var v func(ka, kd int) [][]float64
	v = func(ka, kd int) [][]float64 {
		if e, ok := memo[key{ka, kd}]; ok {
			return e
		}
		end := newEnd()
		if ka == len(a) || kd == len(d) {
			end[ka][kd] = 1
			memo[key{ka, kd}] = end
			return end
		}
		pa, pd := hitsDist(a[ka]), hitsDist(d[kd])
		stay := pa[0] * pd[0]
		for ha, wa := range pa {
			for hd, wd := range pd {
				if ha == 0 && hd == 0 {
					continue
				}
				next := v(min(ka+hd, len(a)), min(kd+ha, len(d)))
				for i := range end {
					for j := range end[i] {
						end[i][j] += wa * wd * next[i][j] / (1 - stay)
					}
				}
			}
		}
		memo[key{ka, kd}] = end
		return end
	}
	return v(0, 0)
}

// outcomes sums trackChain's end states: the attacker wins when the
// defender is at the end of its track and the attacker is not, and so on.
func outcomes(end [][]float64) (win, draw, lose float64) {
	la, ld := len(end)-1, len(end[0])-1
	for ka := range end {
		for kd := range end[ka] {
			switch {
			case ka < la && kd == ld:
				win += end[ka][kd]
			case ka == la && kd == ld:
				draw += end[ka][kd]
			case ka == la:
				lose += end[ka][kd]
			}
		}
	}
	return win, draw, lose
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

// Moyin's Ashes: a Yin mech attacks 4 infantry (8: 0.3). Indoctrination
// replaces one of them; with 3 influence the Yin put a mech (6: 0.5,
// Sustain Damage) in its place, so 2 mechs fight 3 infantry. The Yin's
// track, sustain first: 0 and 1 and 2 hits absorbed leave 2 mechs rolling
// (0.5, 0.5), 3 leave 1 (0.5), 4 none; the defender's track is 3, 2, 1
// dice at 0.3. With 2 influence Indoctrination places an infantry (8: 0.3),
// taken before the mech: 0 and 1 hits leave (0.5, 0.3), 2 leave (0.5), 3
// none. trackChain solves both; the listed mech survives exactly when the
// Yin win (the deployed mech and the infantry are taken first).
func TestMoyinsAshes(t *testing.T) {
	inf := [][]float64{{.3, .3, .3}, {.3, .3}, {.3}}
	withMech := trackChain([][]float64{{.5, .5}, {.5, .5}, {.5, .5}, {.5}}, inf)
	withInf := trackChain([][]float64{{.5, .3}, {.5, .3}, {.5}}, inf)
	for _, c := range []struct {
		influence int
		end       [][]float64
		note      []string
	}{
		{3, withMech, []string{"Moyin's Ashes: the units it gives the attacker are not listed among its survivors"}},
		{2, withInf, []string{"Moyin's Ashes (attacker) does nothing", "costs 3 influence"}},
	} {
		win, draw, _ := outcomes(c.end)
		a := factionSide(t, "yin", "1 mech")
		a.Influence = c.influence
		sc := combat.Scenario{Action: combat.GroundCombat, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "4 infantry")}}
		res := mustRun(t, sc, factionTrials, 195)
		t.Logf("influence %d: Yin win %.6f, draw %.6f", c.influence, win, draw)
		near(t, "Yin win", res.Outcome.AttackerWin.P, win, bernoulliSD(win))
		near(t, "draw", res.Outcome.Draw.P, draw, bernoulliSD(draw))
		near(t, "Yin mech listed", survivors(t, res.Attacker, "Moyin's Ashes"), win, bernoulliSD(win))
		warned(t, res, c.note...)
		modelled(t, res, "Moyin's Ashes")
		notExact(t, sc)
	}
}

// Moyin's Ashes does nothing with all 4 Yin mechs on the board (none to
// deploy) or under Articles of War; Indoctrination still places its
// infantry.
func TestMoyinsAshesIdle(t *testing.T) {
	a := factionSide(t, "yin", "4 mech")
	a.Influence = 5
	sc := combat.Scenario{Action: combat.GroundCombat, MaxRounds: 1, Attacker: a, Defender: combat.Side{Fleet: mustFleet(t, "2 infantry")}}
	res := mustRun(t, sc, 1000, 196)
	warned(t, res, "Moyin's Ashes (attacker) does nothing", "all 4 Yin mechs")
	warned(t, res, "Indoctrination", "not listed among its survivors")
	sc.Defender.Cards = []string{"articles-of-war"}
	sc.Attacker.Fleet = mustFleet(t, "1 mech")
	res = mustRun(t, sc, 1000, 197)
	warned(t, res, "Moyin's Ashes (attacker) does nothing", "Articles of War")
}

// alarumChain solves Alarum exactly: a attacking infantry (8: 0.3) against
// the Ral Nel mech (6: 0.5, Sustain Damage) with r infantry (8: 0.3) on
// adjacent planets. State: a, the mech's health m (2, 1 damaged, 0 gone),
// the infantry j that moved in, r left. Each round both roll; the Ral Nel
// take hits sustain first, then their infantry, then the mech. At the end
// of the round, if the mech is alive, the attacker has ground forces and
// r > 0, min(2, r) infantry move in. A round with no hit and no move
// returns to the state (solved as in trackChain); every other round
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
		pa, pd := hitsDist(att), hitsDist(def)
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

// The rules' hooks allocate nothing per trial.
func TestFactionsIAllocs(t *testing.T) {
	w := combat.Scenario{Action: combat.GroundCombat,
		Attacker: factionSide(t, "empyrean", "2 mech"),
		Defender: combat.Side{Fleet: mustFleet(t, "2 infantry"), Cards: []string{"morale-boost:2"}}}
	noTrialAllocs(t, "Watcher", w)
	y := factionSide(t, "yin", "1 mech")
	y.Influence = 3
	noTrialAllocs(t, "Moyin's Ashes", combat.Scenario{Action: combat.GroundCombat, Attacker: y, Defender: combat.Side{Fleet: mustFleet(t, "2 infantry")}})
	r := factionSide(t, "ral-nel", "1 mech")
	r.Cards = []string{"alarum:3"}
	noTrialAllocs(t, "Alarum", combat.Scenario{Action: combat.GroundCombat, Attacker: combat.Side{Fleet: mustFleet(t, "3 infantry")}, Defender: r})
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
	win, draw, _ := outcomes(trackChain([][]float64{{.5}, {.5}}, [][]float64{{.3, .3}, {.3}}))
	res := mustSolve(t, sc)
	t.Logf("exact: win %.9f (hand %.9f), draw %.9f (hand %.9f)", res.Outcome.AttackerWin.P, win, res.Outcome.Draw.P, draw)
	if math.Abs(res.Outcome.AttackerWin.P-win) > 1e-9 || math.Abs(res.Outcome.Draw.P-draw) > 1e-9 {
		t.Errorf("Solve: win %v draw %v, want %v %v", res.Outcome.AttackerWin.P, res.Outcome.Draw.P, win, draw)
	}
	warned(t, res, "cancel the defender's Bunker")
}

// Alarum adds units in the rounds: exact mode refuses it.
func TestAlarumNotExact(t *testing.T) {
	d := factionSide(t, "ral-nel", "1 mech")
	d.Cards = []string{"alarum:3"}
	notExact(t, combat.Scenario{Action: combat.GroundCombat, Attacker: combat.Side{Fleet: mustFleet(t, "3 infantry")}, Defender: d})
}
