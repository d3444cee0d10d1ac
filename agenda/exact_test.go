package agenda

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

func exactOf(t *testing.T, a Agenda) Result {
	t.Helper()
	r, err := Exact(context.Background(), a)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-12 }

// handAgenda is the two-voter agenda whose odds TestExactHandComputed
// works out by hand.
func handAgenda() Agenda {
	return Agenda{
		Outcomes: []string{"for", "against"},
		Voters: []Voter{
			{Name: "a", Votes: Fixed(3), Choice: []float64{0.5, 0}},
			{Name: "b", Votes: Fixed(2), Choice: []float64{0, 0.5}},
		},
		Speaker: 1,
	}
}

func TestExactHandComputed(t *testing.T) {
	// a has 3 votes and votes "for" half the time (else abstains); b has 2
	// and votes "against" half the time. b is the speaker. The four cases,
	// 1/4 each:
	//   for 3, against 2: 3 > 2*2 fails, no majority; the final vote adds
	//                     nothing (no votes held back), 3-2: for wins.
	//   for 3 alone:      3 > 0, for passes.
	//   against 2 alone:  against passes.
	//   nobody votes:     no majority; 0-0 tie, the speaker abstained in
	//                     both votes so ties go by outcome order: for.
	// So P(for passes) = P(against passes) = 1/4, P(no majority) = 1/2,
	// P(for wins the final vote) = 1/2, P(for overall) = 3/4.
	a := handAgenda()
	r := exactOf(t, a)
	want := []struct {
		name      string
		got, want float64
	}{
		{"prelim for", r.Prelim[0].P, 0.25},
		{"prelim against", r.Prelim[1].P, 0.25},
		{"no majority", r.NoMajority.P, 0.5},
		{"final for", r.Final[0].P, 0.5},
		{"final against", r.Final[1].P, 0},
		{"overall for", r.Overall[0].P, 0.75},
		{"overall against", r.Overall[1].P, 0.25},
		{"for if a final vote is held", r.FinalIfHeld[0].P, 1},
	}
	for _, w := range want {
		if !near(w.got, w.want) {
			t.Errorf("%s = %v, want %v", w.name, w.got, w.want)
		}
	}
	// Preferring "against" flips the 0-0 final vote: against overall 1/2.
	a.SpeakerPrefers = []int{1}
	if r := exactOf(t, a); !near(r.Overall[1].P, 0.5) {
		t.Errorf("with the speaker preferring against: overall against %v, want 0.5", r.Overall[1].P)
	}
}

func TestExactEdgeCases(t *testing.T) {
	two := []string{"for", "against"}
	t.Run("single voter", func(t *testing.T) {
		// 60%: 3 votes for, which passes (3 > 0). 40%: abstains, no votes
		// at all, and the speaker (the same player, abstaining) falls back
		// to the outcome order: for.
		r := exactOf(t, Agenda{Outcomes: two, Voters: []Voter{{Name: "solo", Votes: Fixed(3), Choice: []float64{0.6, 0}}}})
		if !near(r.Prelim[0].P, 0.6) || !near(r.NoMajority.P, 0.4) || !near(r.Overall[0].P, 1) {
			t.Errorf("%+v", r)
		}
	})
	t.Run("everyone abstains", func(t *testing.T) {
		r := exactOf(t, Agenda{Outcomes: two, Speaker: 1, SpeakerPrefers: []int{1}, Voters: []Voter{
			{Name: "a", Votes: Fixed(4), Choice: []float64{0, 0}},
			{Name: "b", Votes: Range{1, 6}, Choice: []float64{0, 0}},
		}})
		if !near(r.NoMajority.P, 1) || !near(r.Overall[1].P, 1) {
			t.Errorf("%+v", r)
		}
	})
	t.Run("exactly twice", func(t *testing.T) {
		// 6 against 3: exactly twice, no majority; the final vote is 6-3.
		r := exactOf(t, Agenda{Outcomes: two, Voters: []Voter{
			{Name: "a", Votes: Fixed(6), Choice: []float64{1, 0}},
			{Name: "b", Votes: Fixed(3), Choice: []float64{0, 1}},
		}})
		if !near(r.NoMajority.P, 1) || !near(r.Final[0].P, 1) {
			t.Errorf("%+v", r)
		}
	})
	t.Run("three outcomes", func(t *testing.T) {
		// x: 5 votes on a. y: 2 votes on b half the time. z: 1 vote on c.
		// y votes: 5 vs 3 others, 5 > 6 fails; y abstains: 5 > 2 passes.
		// The final vote (nothing held back) is 5-2-1: a.
		r := exactOf(t, Agenda{Outcomes: []string{"a", "b", "c"}, Voters: []Voter{
			{Name: "x", Votes: Fixed(5), Choice: []float64{1, 0, 0}},
			{Name: "y", Votes: Fixed(2), Choice: []float64{0, 0.5, 0}},
			{Name: "z", Votes: Fixed(1), Choice: []float64{0, 0, 1}},
		}})
		if !near(r.Prelim[0].P, 0.5) || !near(r.Final[0].P, 0.5) || !near(r.Overall[0].P, 1) {
			t.Errorf("%+v", r)
		}
	})
	t.Run("tie broken by the speaker", func(t *testing.T) {
		// 4 for, 4 against: a final vote with a 4-4 tie. The speaker b
		// voted against and so prefers against.
		a := Agenda{Outcomes: two, Speaker: 1, Voters: []Voter{
			{Name: "a", Votes: Fixed(4), Choice: []float64{1, 0}},
			{Name: "b", Votes: Fixed(4), Choice: []float64{0, 1}},
		}}
		if r := exactOf(t, a); !near(r.Final[1].P, 1) {
			t.Errorf("speaker b: %+v", r)
		}
		a.Speaker = 0
		if r := exactOf(t, a); !near(r.Final[0].P, 1) {
			t.Errorf("speaker a: %+v", r)
		}
	})
	t.Run("final votes switch outcome", func(t *testing.T) {
		// a holds 3 of 5 votes back and switches to against in the final
		// vote: prelim 2 for vs 3 against (no majority), final 2 vs 6.
		r := exactOf(t, Agenda{Outcomes: two, Voters: []Voter{
			{Name: "a", Votes: Fixed(5), Final: 3, Choice: []float64{1, 0}, Then: []float64{0, 1}},
			{Name: "b", Votes: Fixed(3), Choice: []float64{0, 1}},
		}})
		if !near(r.NoMajority.P, 1) || !near(r.Final[1].P, 1) {
			t.Errorf("%+v", r)
		}
	})
}

func TestExactZeal(t *testing.T) {
	// argent: 2 votes for, Zeal, 1 extra vote in the final vote; 3 players.
	// other (speaker): 6 votes against, 1 held back.
	// Prelim: for 2+3 = 5, against 5: no majority.
	// Final: argent first, 1 extra vote (+3 Zeal when Zeal counts each
	// vote): for 9 vs 6; with Zeal once: for 6 vs against 6, the speaker
	// prefers against.
	a := Agenda{Outcomes: []string{"for", "against"}, Speaker: 1, Players: 3, Voters: []Voter{
		{Name: "argent", Votes: Fixed(2), Choice: []float64{1, 0}, Extra: 1, Zeal: ZealEachVote},
		{Name: "other", Votes: Fixed(6), Final: 1, Choice: []float64{0, 1}},
	}}
	if r := exactOf(t, a); !near(r.NoMajority.P, 1) || !near(r.Overall[0].P, 1) {
		t.Errorf("zeal each: %+v", r)
	}
	a.Voters[0].Zeal = ZealOnce
	if r := exactOf(t, a); !near(r.Overall[1].P, 1) {
		t.Errorf("zeal once: %+v", r)
	}
}

func TestExactBribery(t *testing.T) {
	// a: 4 for. b: 3 against, holds Bribery. c (speaker): 2 votes, for or
	// against with even odds, prefers their own choice in a tie.
	// c for: 6-3, exactly twice, no majority; b needs 6-3+1 = 4 trade
	// goods (a tie goes to the speaker's for).
	// c against: 4-5, no majority; against already wins, no bribe.
	a := Agenda{Outcomes: []string{"for", "against"}, Speaker: 2, Voters: []Voter{
		{Name: "a", Votes: Fixed(4), Choice: []float64{1, 0}},
		{Name: "b", Votes: Fixed(3), Choice: []float64{0, 1}},
		{Name: "c", Votes: Fixed(2), Choice: []float64{0.5, 0.5}},
	}, Bribery: []Bribe{{Voter: 1, TradeGoods: 4}}}
	r := exactOf(t, a)
	if !near(r.Overall[1].P, 1) || !near(r.Bribery[0].Used.P, 0.5) || !near(r.Bribery[0].MeanSpent, 2) {
		t.Errorf("budget 4: %+v", r)
	}
	a.Bribery[0].TradeGoods = 3
	r = exactOf(t, a)
	if !near(r.Overall[1].P, 0.5) || r.Bribery[0].Used.P != 0 {
		t.Errorf("budget 3: %+v", r)
	}
}

func TestExactMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	checked := 0
	for checked < 400 {
		a := randomAgenda(rng, false)
		size := 1
		for _, v := range a.Voters {
			size *= len(refBehaviours(v))
		}
		if size > 20000 {
			continue
		}
		checked++
		want := refOddsOf(a)
		got := exactOf(t, a)
		bad := !near(got.NoMajority.P, want.noMaj)
		for o := range a.Outcomes {
			bad = bad || !near(got.Prelim[o].P, want.prelim[o]) || !near(got.Final[o].P, want.final[o])
		}
		for j := range a.Bribery {
			bad = bad || !near(got.Bribery[j].Used.P, want.bribeUsed[j]) || !near(got.Bribery[j].MeanSpent, want.tgEV[j])
		}
		if bad {
			t.Fatalf("agenda %+v:\nexact     %+v\nreference %+v", a, got, want)
		}
		sum := got.NoMajority.P
		for o := range a.Outcomes {
			sum += got.Prelim[o].P
		}
		if !near(sum, 1) {
			t.Fatalf("probabilities sum to %v", sum)
		}
	}
}

func TestExactTooLarge(t *testing.T) {
	// 16 outcomes that can each receive up to 16*999 votes: a partial
	// tally needs about 16*14 bits.
	var a Agenda
	for o := range 16 {
		a.Outcomes = append(a.Outcomes, fmt.Sprint("o", o))
	}
	for i := range 16 {
		p := make([]float64, 16)
		for o := range p {
			p[o] = 1.0 / 16
		}
		a.Voters = append(a.Voters, Voter{Name: fmt.Sprint("v", i), Votes: Fixed(999), Choice: p})
	}
	if _, err := Exact(context.Background(), a); !errors.Is(err, ErrTooLarge) {
		t.Errorf("16 outcomes of 16x999 votes: %v, want ErrTooLarge", err)
	}
	// 12 voters with uncertain votes 1-15 over 4 outcomes: the tallies fit
	// in 64 bits but there are millions of them. The limits are lowered to
	// keep the test fast; the mechanism is the same.
	defer func(s, w int) { exactStateLimit, exactWorkLimit = s, w }(exactStateLimit, exactWorkLimit)
	exactStateLimit, exactWorkLimit = 100_000, 1<<62
	a = Agenda{Outcomes: []string{"a", "b", "c", "d"}}
	for i := range 12 {
		a.Voters = append(a.Voters, Voter{Name: fmt.Sprint("v", i), Votes: Range{1, 15},
			Choice: []float64{0.25, 0.25, 0.25, 0.25}})
	}
	_, err := Exact(context.Background(), a)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "partial tallies") {
		t.Errorf("12 voters with wide ranges: %v, want ErrTooLarge for too many partial tallies", err)
	}
	exactStateLimit, exactWorkLimit = 1<<62, 1_000_000
	_, err = Exact(context.Background(), a)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "combinations") {
		t.Errorf("12 voters with wide ranges: %v, want ErrTooLarge for too much work", err)
	}
}

// TestExactWithin: a service's lower tally limit refuses an agenda that
// needs more tallies than it (4 voters of 1-15 votes over 4 outcomes:
// over a thousand), naming the limit, and answers one within it exactly
// as Exact does.
func TestExactWithin(t *testing.T) {
	a := Agenda{Outcomes: []string{"a", "b", "c", "d"}}
	for i := range 4 {
		a.Voters = append(a.Voters, Voter{Name: fmt.Sprint("v", i), Votes: Range{1, 15}, Choice: []float64{0.25, 0.25, 0.25, 0.25}})
	}
	_, err := ExactWithin(context.Background(), a, 1000)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "more than 1000 partial tallies") {
		t.Errorf("within 1000 tallies: %v, want ErrTooLarge naming the limit", err)
	}
	want, err := Exact(context.Background(), a)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ExactWithin(context.Background(), a, MaxExactStates/2)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("within %d tallies: %v, want Exact's answer", MaxExactStates/2, err)
	}
	if _, err := ExactWithin(context.Background(), a, 0); err == nil {
		t.Error("a limit of 0 accepted")
	}
}

func TestExactCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Exact(ctx, Agenda{Outcomes: []string{"for"}, Voters: []Voter{{Name: "a", Votes: Fixed(1), Choice: []float64{1}}}})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
}
