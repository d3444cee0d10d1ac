package agenda

import (
	"context"
	"math"
	"strings"
	"testing"
)

// baseAgenda: a has 3 votes for "for"; b has 2..4 (uniform) for
// "against"; c, the speaker, has 1 vote: for 0.4, against 0.4, abstains
// 0.2. One vote (base game), worked out by hand:
//   - c for: 4 against b <= 4; a tie at b = 4 goes to the speaker's "for":
//     "for" always wins;
//   - c against: 3 against b+1 >= 3; the tie at b = 2 goes to the
//     speaker's "against": "for" never wins;
//   - c abstains: 3 against b: "for" wins at b = 2, and at b = 3 by the
//     tie-break (c voted nothing, so the outcomes' order: "for" first);
//     2/3.
//
// P(for) = 0.4 + 0.2·2/3 = 8/15.
func baseAgenda() Agenda {
	return Agenda{
		Outcomes: []string{"for", "against"},
		Voters: []Voter{
			{Name: "a", Votes: Fixed(3), Choice: []float64{1, 0}},
			{Name: "b", Votes: Range{2, 4}, Choice: []float64{0, 1}},
			{Name: "c", Votes: Fixed(1), Choice: []float64{0.4, 0.4}},
		},
		Speaker:   2,
		Procedure: BaseVote,
	}
}

func TestBaseVoteHandComputed(t *testing.T) {
	a := baseAgenda()
	r := exactOf(t, a)
	if !near(r.Overall[0].P, 8.0/15) || !near(r.Overall[1].P, 7.0/15) {
		t.Errorf("overall %v %v, want 8/15 and 7/15", r.Overall[0].P, r.Overall[1].P)
	}
	// No preliminary stage: nothing passes before the one vote.
	if r.Prelim[0].P != 0 || r.Prelim[1].P != 0 || !near(r.NoMajority.P, 1) || r.Final[0].P != r.Overall[0].P {
		t.Errorf("prelim %v, no majority %v, final %v; want 0, 1 and the overall odds", r.Prelim, r.NoMajority.P, r.Final)
	}
	s, err := Simulate(context.Background(), a, Options{Trials: 60000, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	se := math.Sqrt(8.0 / 15 * 7 / 15 / 60000)
	if d := s.Overall[0].P - 8.0/15; math.Abs(d) > 4*se || s.NoMajority.P != 1 {
		t.Errorf("simulated P(for) %v (no majority %v), want 8/15 ± %v", s.Overall[0].P, s.NoMajority.P, 4*se)
	}
}

// A base-game vote is the preliminary variant with every vote held back
// (prelim=0), the workaround it replaces: the same seed gives the same
// answer.
func TestBaseVoteIsAllHeldBack(t *testing.T) {
	base := baseAgenda()
	base.Voters[0].Zeal = ZealEachVote
	base.Bribery = []Bribe{{Voter: 1, TradeGoods: 2}}
	held := base
	held.Procedure = PreliminaryVoting
	held.Voters = append([]Voter(nil), base.Voters...)
	for i := range held.Voters {
		held.Voters[i].Final = MaxVotes
	}
	o := Options{Trials: 20000, Seed: 9}
	rb, err := Simulate(context.Background(), base, o)
	if err != nil {
		t.Fatal(err)
	}
	rh, err := Simulate(context.Background(), held, o)
	if err != nil {
		t.Fatal(err)
	}
	if rb.Counts.Final[0] != rh.Counts.Final[0] || rb.Bribery[0].MeanSpent != rh.Bribery[0].MeanSpent {
		t.Errorf("base %v, held back %v", rb.Counts, rh.Counts)
	}
	if base.Voters[0].Final != 0 {
		t.Error("Simulate changed the caller's voters")
	}
}

func TestBaseVoteRefusesSplits(t *testing.T) {
	for _, c := range []struct {
		v    Voter
		want string
	}{
		{Voter{Name: "x", Votes: Fixed(3), Choice: []float64{1, 0}, Final: 2}, "no votes are held back"},
		{Voter{Name: "x", Votes: Fixed(3), Choice: []float64{1, 0}, PrelimCap: 1}, "no votes are held back"},
		{Voter{Name: "x", Votes: Fixed(3), Choice: []float64{1, 0}, Then: []float64{0, 1}}, "no final-vote choice"},
	} {
		a := Agenda{Outcomes: []string{"for", "against"}, Voters: []Voter{c.v}, Procedure: BaseVote}
		if err := a.Validate(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.v, err, c.want)
		}
	}
	a := baseAgenda()
	a.Procedure = 7
	if err := a.Validate(); err == nil {
		t.Error("unknown procedure accepted")
	}
	for s, want := range map[string]Procedure{"base": BaseVote, " Preliminary ": PreliminaryVoting} {
		if p, err := ParseProcedure(s); err != nil || p != want || p.String() != strings.ToLower(strings.TrimSpace(s)) {
			t.Errorf("ParseProcedure(%q) = %v, %v", s, p, err)
		}
	}
	if _, err := ParseProcedure("ti3"); err == nil || !strings.Contains(err.Error(), "allowed base, preliminary") {
		t.Errorf("ParseProcedure(ti3): %v", err)
	}
}
