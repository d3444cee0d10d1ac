package agenda_test

import (
	"context"
	"fmt"

	"github.com/ti4sim/ti4sim/agenda"
)

func ExampleTwoThirds() {
	// 6 against 3 is exactly twice: not a two-thirds majority.
	fmt.Println(agenda.TwoThirds(agenda.Tally{6, 3}))
	// 7 against 3 is more than twice.
	fmt.Println(agenda.TwoThirds(agenda.Tally{7, 3}))
	// Nobody voted.
	fmt.Println(agenda.TwoThirds(agenda.Tally{0, 0}))
	// Output:
	// -1 false
	// 0 true
	// -1 false
}

func ExamplePlurality() {
	// A 4-4 tie in the final vote; the speaker prefers outcome 1.
	fmt.Println(agenda.Plurality(agenda.Tally{4, 4}, []int{1, 0}))
	// Output:
	// 1
}

func ExampleBribeNeeded() {
	// Against trails 3 to 6 after the speaker voted, and the speaker
	// prefers for: Bribery needs 4 trade goods (3 would only tie).
	fmt.Println(agenda.BribeNeeded(agenda.Tally{6, 3}, 1, []int{0}))
	// Output:
	// 4
}

func ExampleParseVoter() {
	v, err := agenda.ParseVoter("hacan:4-8:against=0.8,for=0.1:final=3:then=against=1", []string{"for", "against"})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s has %s votes, holds %d back, prelim %v, final %v\n", v.Name, v.Votes, v.Final, v.Choice, v.Then)
	_, err = agenda.ParseVoter("hacan:4:against=1.5", []string{"for", "against"})
	fmt.Println(err)
	// Output:
	// hacan has 4-8 votes, holds 3 back, prelim [0.1 0.8], final [0 1]
	// preliminary choice: against=1.5: probability 1.5 outside [0,1]
}

// The example table of the README and of `ti4sim vote --help`.
func exampleAgenda() agenda.Agenda {
	outcomes := []string{"for", "against"}
	a := agenda.Agenda{Outcomes: outcomes}
	for _, spec := range []string{
		"argent:6:for=0.9:zeal",
		"hacan:4-8:against=0.8,for=0.1:final=3:then=against=1",
		"sol:5:for=0.5,against=0.5",
		"jolnar:7:against=0.7",
	} {
		v, err := agenda.ParseVoter(spec, outcomes)
		if err != nil {
			panic(err)
		}
		a.Voters = append(a.Voters, v)
	}
	a.Speaker = a.VoterIndex("sol")
	a.Bribery = []agenda.Bribe{{Voter: a.VoterIndex("hacan"), TradeGoods: 4}}
	return a
}

func ExampleSimulate() {
	r, err := agenda.Simulate(context.Background(), exampleAgenda(), agenda.Options{Trials: 200_000, Seed: 7})
	if err != nil {
		fmt.Println(err)
		return
	}
	for o, name := range r.Outcomes {
		fmt.Printf("%-7s passes the preliminary vote %.3f, wins overall %.3f [%.3f, %.3f]\n",
			name, r.Prelim[o].P, r.Overall[o].P, r.Overall[o].Lo, r.Overall[o].Hi)
	}
	fmt.Printf("no two-thirds majority %.3f\n", r.NoMajority.P)
	// Output:
	// for     passes the preliminary vote 0.220, wins overall 0.270 [0.268, 0.272]
	// against passes the preliminary vote 0.061, wins overall 0.730 [0.728, 0.732]
	// no two-thirds majority 0.719
}

func ExampleExact() {
	r, err := agenda.Exact(context.Background(), exampleAgenda())
	if err != nil {
		fmt.Println(err)
		return
	}
	for o, name := range r.Outcomes {
		fmt.Printf("%-7s passes the preliminary vote %.4f, wins overall %.4f\n", name, r.Prelim[o].P, r.Overall[o].P)
	}
	fmt.Printf("no two-thirds majority %.4f; hacan bribes with probability %.4f\n", r.NoMajority.P, r.Bribery[0].Used.P)
	// Output:
	// for     passes the preliminary vote 0.2193, wins overall 0.2697
	// against passes the preliminary vote 0.0603, wins overall 0.7303
	// no two-thirds majority 0.7204; hacan bribes with probability 0.2374
}

// The Twilight Imperium 3 duel vote die: the speaker (5 votes for) leads
// the other player (3 against) by 2, and the d10 adds −10..+10 votes to the
// speaker's side (ties go to the speaker): the speaker's outcome wins on 7
// faces of 10. The first game round's die (±1..4) gives it 8.
func ExampleDuelDie() {
	for _, die := range []agenda.DuelDie{agenda.DuelStandard, agenda.DuelFirstRound} {
		a := agenda.Agenda{
			Outcomes: []string{"for", "against"},
			Voters: []agenda.Voter{
				// All votes held back: the two-player TI3 vote is the final one.
				{Name: "speaker", Votes: agenda.Fixed(5), Final: agenda.MaxVotes, Choice: []float64{1, 0}},
				{Name: "other", Votes: agenda.Fixed(3), Final: agenda.MaxVotes, Choice: []float64{0, 1}},
			},
			Speaker: 0,
			Duel:    die,
		}
		res, err := agenda.Exact(context.Background(), a)
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("%v: for wins %.2f\n", die, res.Overall[0].P)
	}
	// Output:
	// standard: for wins 0.70
	// first-round: for wins 0.80
}
