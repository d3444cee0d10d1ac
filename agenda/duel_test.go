package agenda

import (
	"context"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/internal/montecarlo"
)

// SA v4.0's tables, written out again here (faces 1..10), so that the
// tests do not depend on duelSwings.
var (
	handStandard   = [10]int{-10, -6, -3, -1, 0, 0, 1, 3, 6, 10}
	handFirstRound = [10]int{-4, -3, -2, -1, 0, 0, 1, 2, 3, 4}
)

// pSpeakerWins is P(margin + swing >= 0) by counting faces: a tie goes to
// the speaker.
func pSpeakerWins(margin int, die [10]int) float64 {
	n := 0
	for _, s := range die {
		if margin+s >= 0 {
			n++
		}
	}
	return float64(n) / 10
}

// duelAgenda is a and b voting for and against with fixed choices; a is
// the speaker.
func duelAgenda(d DuelDie, a, b Range) Agenda {
	return Agenda{
		Outcomes: []string{"for", "against"},
		Voters: []Voter{
			{Name: "a", Votes: a, Choice: []float64{1, 0}},
			{Name: "b", Votes: b, Choice: []float64{0, 1}},
		},
		Duel: d,
	}
}

func TestDuelSwings(t *testing.T) {
	if DuelStandard.Swings() != handStandard || DuelFirstRound.Swings() != handFirstRound || NoDuel.Swings() != [10]int{} {
		t.Errorf("swings: %v %v %v", DuelStandard.Swings(), DuelFirstRound.Swings(), NoDuel.Swings())
	}
	for _, d := range []DuelDie{NoDuel, DuelStandard, DuelFirstRound} {
		sum := 0
		for _, f := range duelFaces(d) {
			sum += f.n
		}
		if d != NoDuel && sum != 10 {
			t.Errorf("%v: faces sum to %v", d, sum)
		}
		name := d.String()
		if d == NoDuel {
			name = "none"
		}
		if got, err := ParseDuelDie(name); err != nil || got != d {
			t.Errorf("ParseDuelDie(%q) = %v, %v", name, got, err)
		}
	}
	if _, err := ParseDuelDie("second"); err == nil || !strings.Contains(err.Error(), "allowed standard, first-round or none") {
		t.Errorf("ParseDuelDie(second): %v", err)
	}
}

// TestDuelFixed checks Exact against the hand values of fixed votes.
func TestDuelFixed(t *testing.T) {
	cases := []struct {
		name         string
		a            Agenda
		prelim, over float64 // P(for passes the preliminary vote), P(for overall)
	}{
		// 5 vs 3: no two-thirds majority (5 <= 6); margin +2 for the speaker:
		// the 7 faces 4..10 (swing >= -2) win; first round faces 3..10.
		{"5v3 standard", duelAgenda(DuelStandard, Fixed(5), Fixed(3)), 0, 0.7},
		{"5v3 first round", duelAgenda(DuelFirstRound, Fixed(5), Fixed(3)), 0, 0.8},
		// A tie after the die goes to the speaker: faces 5..10.
		{"5v5 standard", duelAgenda(DuelStandard, Fixed(5), Fixed(5)), 0, 0.6},
		// 9 vs 2 passes the preliminary vote outright: no die.
		{"9v2 prelim", duelAgenda(DuelStandard, Fixed(9), Fixed(2)), 1, 1},
		{"no duel 5v3", duelAgenda(NoDuel, Fixed(5), Fixed(3)), 0, 1},
	}
	// The speaker is the one behind: 3 vs 5, margin -2: swing >= 2.
	c := duelAgenda(DuelStandard, Fixed(5), Fixed(3))
	c.Speaker = 1
	cases = append(cases, struct {
		name         string
		a            Agenda
		prelim, over float64
	}{"5v3 speaker behind", c, 0, 0.7})
	c = duelAgenda(DuelFirstRound, Fixed(5), Fixed(3))
	c.Speaker = 1
	cases = append(cases, struct {
		name         string
		a            Agenda
		prelim, over float64
	}{"5v3 speaker behind first round", c, 0, 0.7})
	// The plain TI3 duel (no preliminary vote): both hold every vote back.
	// 9 vs 2 with the speaker behind by 7: only face 10.
	c = duelAgenda(DuelStandard, Fixed(9), Fixed(2))
	c.Speaker, c.Voters[0].Final, c.Voters[1].Final = 1, MaxVotes, MaxVotes
	cases = append(cases, struct {
		name         string
		a            Agenda
		prelim, over float64
	}{"held back 9v2 speaker behind", c, 0, 0.9})
	c.Duel = DuelFirstRound // +4 at most: never
	cases = append(cases, struct {
		name         string
		a            Agenda
		prelim, over float64
	}{"held back 9v2 first round", c, 0, 1})
	// SA v4.0's example: the speaker pays 3 trade goods (extra=3) and
	// rolls 4 (-1): "2 in his favor". 4+3 vs 6, margin +1: swing >= -1.
	c = duelAgenda(DuelStandard, Fixed(4), Fixed(6))
	c.Voters[0].Final, c.Voters[1].Final, c.Voters[0].Extra = MaxVotes, MaxVotes, 3
	cases = append(cases, struct {
		name         string
		a            Agenda
		prelim, over float64
	}{"trade goods", c, 0, 0.7})
	// The speaker abstains in both votes: the die adds nothing, b's single
	// held-back vote wins.
	c = duelAgenda(DuelStandard, Fixed(4), Fixed(1))
	c.Voters[0].Choice = []float64{0, 0}
	c.Voters[1].Final = MaxVotes
	cases = append(cases, struct {
		name         string
		a            Agenda
		prelim, over float64
	}{"speaker abstains", c, 0, 0})
	// The speaker votes "for" in the preliminary vote and abstains in the
	// final vote: the die's votes go to "for". 2 vs 3: swing >= 1.
	c = duelAgenda(DuelStandard, Fixed(2), Fixed(3))
	c.Voters[0].Then = []float64{0, 0}
	cases = append(cases, struct {
		name         string
		a            Agenda
		prelim, over float64
	}{"speaker abstains in the final vote", c, 0, 0.4})
	// Argent Flight as the speaker votes first in the final vote: 1 held
	// back + 2 Zeal = 3 vs 4 held back; nothing in the preliminary vote.
	c = duelAgenda(DuelStandard, Fixed(1), Fixed(4))
	c.Voters[0].Zeal, c.Voters[0].Final, c.Voters[1].Final = ZealEachVote, MaxVotes, MaxVotes
	cases = append(cases, struct {
		name         string
		a            Agenda
		prelim, over float64
	}{"zeal speaker", c, 0, 0.4})
	// The speaker prefers "against" on ties, but the die's votes still go
	// to the outcome they voted for: 5 vs 5 with the swing >= 1.
	c = duelAgenda(DuelStandard, Fixed(5), Fixed(5))
	c.SpeakerPrefers = []int{1, 0}
	cases = append(cases, struct {
		name         string
		a            Agenda
		prelim, over float64
	}{"speaker prefers the other on ties", c, 0, 0.4})

	for _, c := range cases {
		r := exactOf(t, c.a)
		if !near(r.Prelim[0].P, c.prelim) || !near(r.Overall[0].P, c.over) || !near(r.Overall[0].P+r.Overall[1].P, 1) {
			t.Errorf("%s: prelim %v overall %v, want %v %v", c.name, r.Prelim[0].P, r.Overall[0].P, c.prelim, c.over)
		}
	}
	// The hand values themselves.
	if pSpeakerWins(2, handStandard) != 0.7 || pSpeakerWins(2, handFirstRound) != 0.8 || pSpeakerWins(-2, handStandard) != 0.3 {
		t.Error("pSpeakerWins")
	}
}

// TestDuelRanges enumerates uncertain votes by hand: a (the speaker, 3..5
// votes) for, b (2..4) against, everything in the preliminary vote.
func TestDuelRanges(t *testing.T) {
	for _, c := range []struct {
		d    DuelDie
		die  [10]int
		want float64 // P(for overall), worked out below
	}{
		// (5,2) passes the preliminary vote (5 > 4). The other 8 pairs go to
		// the final vote with margins 1,0,-1,2,1,0,2,1 -> standard
		// .7+.6+.4+.7+.7+.6+.7+.7 = 5.1, first round .7+.6+.4+.8+.7+.6+.8+.7 = 5.3.
		{DuelStandard, handStandard, 6.1 / 9},
		{DuelFirstRound, handFirstRound, 6.3 / 9},
	} {
		a := duelAgenda(c.d, Range{3, 5}, Range{2, 4})
		prelim, final := 0.0, 0.0
		for va := 3; va <= 5; va++ {
			for vb := 2; vb <= 4; vb++ {
				if va > 2*vb {
					prelim += 1.0 / 9
					continue
				}
				final += pSpeakerWins(va-vb, c.die) / 9
			}
		}
		if !near(prelim+final, c.want) {
			t.Fatalf("%v: enumeration %v, worked out %v", c.d, prelim+final, c.want)
		}
		r := exactOf(t, a)
		if !near(r.Prelim[0].P, 1.0/9) || !near(r.NoMajority.P, 8.0/9) || !near(r.Final[0].P, final) || !near(r.Overall[0].P, c.want) {
			t.Errorf("%v: prelim %v no majority %v final %v overall %v, want %v %v %v %v",
				c.d, r.Prelim[0].P, r.NoMajority.P, r.Final[0].P, r.Overall[0].P, 1.0/9, 8.0/9, final, c.want)
		}
	}
}

// refDuel is an independent brute force of a two-voter duel (no Zeal, no
// Bribery): every vote count, choice and face.
func refDuel(a Agenda) (prelim, final [2]float64) {
	type beh struct {
		c1, pv, c2, fv int
		p              float64
	}
	table := func(p []float64) []float64 { return []float64{1 - p[0] - p[1], p[0], p[1]} } // -1, 0, 1
	behs := func(v Voter) []beh {
		var out []beh
		n := v.Votes.Hi - v.Votes.Lo + 1
		for votes := v.Votes.Lo; votes <= v.Votes.Hi; votes++ {
			pre, held := votes, 0
			if v.PrelimCap > 0 {
				if pre > v.PrelimCap {
					pre = v.PrelimCap
				}
				held = votes - pre
			} else {
				held = min(v.Final, votes)
				pre = votes - held
			}
			t1 := table(v.Choice)
			for c1 := -1; c1 <= 1; c1++ {
				for c2 := -1; c2 <= 1; c2++ {
					p := t1[c1+1] / float64(n)
					if v.Then == nil {
						if c2 != c1 {
							continue
						}
					} else {
						p *= table(v.Then)[c2+1]
					}
					b := beh{c1: c1, c2: c2, p: p}
					if c1 >= 0 {
						b.pv = pre
					}
					if c2 >= 0 {
						b.fv = held + v.Extra
					}
					out = append(out, b)
				}
			}
		}
		return out
	}
	die := handStandard
	if a.Duel == DuelFirstRound {
		die = handFirstRound
	}
	s := a.Speaker
	for _, x := range behs(a.Voters[s]) {
		for _, y := range behs(a.Voters[1-s]) {
			p := x.p * y.p
			var t [2]int
			for _, b := range []beh{x, y} {
				if b.c1 >= 0 {
					t[b.c1] += b.pv
				}
			}
			if t[0] > 2*t[1] {
				prelim[0] += p
				continue
			}
			if t[1] > 2*t[0] {
				prelim[1] += p
				continue
			}
			for _, b := range []beh{x, y} {
				if b.c2 >= 0 {
					t[b.c2] += b.fv
				}
			}
			// The speaker's tie preference: their final choice, their
			// preliminary choice, then "for".
			pref := 0
			if x.c1 >= 0 {
				pref = x.c1
			}
			if x.c2 >= 0 {
				pref = x.c2
			}
			target := x.c2
			if target < 0 {
				target = x.c1
			}
			for _, sw := range die {
				u := t
				if target >= 0 && sw > 0 {
					u[target] += sw
				} else if target >= 0 && sw < 0 {
					u[1-target] -= sw
				}
				w := pref
				if u[1-pref] > u[pref] {
					w = 1 - pref
				}
				final[w] += p / 10
			}
		}
	}
	return prelim, final
}

func randomDuel(rng *rand.Rand) Agenda {
	d := DuelStandard
	if rng.IntN(2) == 0 {
		d = DuelFirstRound
	}
	a := duelAgenda(d, Range{}, Range{})
	a.Speaker = rng.IntN(2)
	for i := range a.Voters {
		v := &a.Voters[i]
		lo := rng.IntN(8)
		v.Votes = Range{lo, lo + rng.IntN(6)}
		x, y := rng.Float64(), rng.Float64()
		if rng.IntN(3) == 0 {
			x, y = 0, 0
		}
		v.Choice = []float64{x / 2, y / 2}
		switch rng.IntN(4) {
		case 0:
			v.Final = rng.IntN(5)
		case 1:
			v.PrelimCap = 1 + rng.IntN(4)
		case 2:
			v.Final = MaxVotes
		}
		if rng.IntN(2) == 0 {
			v.Then = []float64{rng.Float64() / 2, rng.Float64() / 2}
		}
		v.Extra = rng.IntN(4)
	}
	return a
}

func TestDuelExactMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 4))
	differ := 0
	for n := range 300 {
		a := randomDuel(rng)
		prelim, final := refDuel(a)
		r := exactOf(t, a)
		for o := range 2 {
			if !near(r.Prelim[o].P, prelim[o]) || !near(r.Final[o].P, final[o]) {
				t.Fatalf("case %d %+v: outcome %d exact prelim %v final %v, reference %v %v", n, a, o, r.Prelim[o].P, r.Final[o].P, prelim[o], final[o])
			}
		}
		a.Duel = NoDuel
		if !near(exactOf(t, a).Final[0].P, r.Final[0].P) {
			differ++
		}
	}
	// The cases exercise the die: most of them change without it.
	if differ < 150 {
		t.Errorf("only %d of 300 cases depend on the die", differ)
	}
}

// TestDuelSimulateMatchesExact runs 1e6 trials of duel agendas and checks
// every probability within 4 standard errors of Exact (the z values are
// logged with -v).
func TestDuelSimulateMatchesExact(t *testing.T) {
	if testing.Short() {
		t.Skip("1e6 trials per case")
	}
	held := duelAgenda(DuelStandard, Range{2, 9}, Range{3, 7})
	held.Voters[0].Final, held.Voters[1].PrelimCap, held.Voters[1].Extra = 2, 3, 2
	held.Voters[1].Then = []float64{0.1, 0.7}
	cases := map[string]Agenda{
		"5v3 standard":    duelAgenda(DuelStandard, Fixed(5), Fixed(3)),
		"5v3 first round": duelAgenda(DuelFirstRound, Fixed(5), Fixed(3)),
		"ranges standard": duelAgenda(DuelStandard, Range{3, 5}, Range{2, 4}),
		"ranges first":    duelAgenda(DuelFirstRound, Range{3, 5}, Range{2, 4}),
		"mixed":           held,
	}
	const n = 1_000_000
	for name, a := range cases {
		t.Run(name, func(t *testing.T) {
			e := exactOf(t, a)
			s := simulate(t, a, Options{Trials: n, Seed: 2026})
			check := func(what string, sim, exact float64) {
				within(t, what, sim, exact, n)
				if se := math.Sqrt(exact * (1 - exact) / n); se > 0 {
					t.Logf("%s: exact %.6f simulated %.6f z = %+.2f", what, exact, sim, (sim-exact)/se)
				}
			}
			check("no majority", s.NoMajority.P, e.NoMajority.P)
			for o, on := range a.Outcomes {
				check("prelim "+on, s.Prelim[o].P, e.Prelim[o].P)
				check("final "+on, s.Final[o].P, e.Final[o].P)
				check("overall "+on, s.Overall[o].P, e.Overall[o].P)
			}
		})
	}
}

func TestDuelDeterministic(t *testing.T) {
	a := duelAgenda(DuelStandard, Range{1, 9}, Range{2, 8})
	a.Voters[1].Then = []float64{0.2, 0.6}
	o := Options{Trials: 3*montecarlo.ChunkSize + 17, Seed: 8, Workers: 1}
	one := simulate(t, a, o)
	for _, w := range []int{2, 3, 8} {
		o.Workers = w
		if got := simulate(t, a, o); !reflect.DeepEqual(got, one) {
			t.Errorf("workers %d: %+v\nworkers 1: %+v", w, got, one)
		}
	}
	// The die changes the answer (same streams otherwise).
	a.Duel = NoDuel
	o.Workers = 1
	if got := simulate(t, a, o); reflect.DeepEqual(got.Counts, one.Counts) {
		t.Errorf("the die made no difference")
	}
}

func TestDuelNoAllocations(t *testing.T) {
	a := duelAgenda(DuelFirstRound, Range{1, 9}, Range{2, 8})
	a.Voters[0].Then = []float64{0.5, 0.5}
	noTrialAllocs(t, a)
}

func TestDuelRejects(t *testing.T) {
	for _, c := range []struct {
		name string
		edit func(a *Agenda)
		want string
	}{
		{"three outcomes", func(a *Agenda) {
			a.Outcomes = append(a.Outcomes, "maybe")
			for i := range a.Voters {
				a.Voters[i].Choice = append(a.Voters[i].Choice, 0)
			}
		}, "exactly 2 outcomes"},
		{"three voters", func(a *Agenda) {
			a.Voters = append(a.Voters, Voter{Name: "c", Votes: Fixed(1), Choice: []float64{1, 0}})
		}, "exactly 2 voters, not 3"},
		{"one voter", func(a *Agenda) { a.Voters = a.Voters[:1] }, "exactly 2 voters, not 1"},
		{"players", func(a *Agenda) { a.Players = 3 }, "3 players given, want 2"},
		{"bribery", func(a *Agenda) { a.Bribery = []Bribe{{Voter: 0, TradeGoods: 2}} }, "does not combine with Bribery"},
		{"unknown die", func(a *Agenda) { a.Duel = 7 }, "duel die 7 unknown"},
	} {
		a := duelAgenda(DuelStandard, Fixed(3), Fixed(2))
		c.edit(&a)
		_, err := Simulate(context.Background(), a, Options{Trials: 1})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Simulate error %v, want one containing %q", c.name, err, c.want)
		}
		if _, err := Exact(context.Background(), a); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: Exact error %v, want one containing %q", c.name, err, c.want)
		}
	}
}
