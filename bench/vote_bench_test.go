package bench

import (
	"context"
	"fmt"
	"testing"

	"github.com/ti4sim/ti4sim/agenda"
)

// voteAgenda builds an agenda from voter specifications (the --voter
// grammar); the first voter holding bribe > 0 trade goods plays Bribery.
func voteAgenda(b testing.TB, outcomes []string, speaker string, bribe int, specs ...string) agenda.Agenda {
	b.Helper()
	a := agenda.Agenda{Outcomes: outcomes}
	for _, s := range specs {
		v, err := agenda.ParseVoter(s, outcomes)
		if err != nil {
			b.Fatal(err)
		}
		a.Voters = append(a.Voters, v)
	}
	a.Speaker = a.VoterIndex(speaker)
	if bribe > 0 {
		a.Bribery = []agenda.Bribe{{Voter: 1, TradeGoods: bribe}}
	}
	return a
}

// Tables of the performance page (docs/performance.md).
var (
	// The worked example of `ti4sim vote --help`.
	voteExample = func(b testing.TB) agenda.Agenda {
		return voteAgenda(b, []string{"for", "against"}, "sol", 4,
			"argent:6:for=0.9:zeal",
			"hacan:4-8:against=0.8,for=0.1:final=3:then=against=1",
			"sol:5:for=0.5,against=0.5",
			"jolnar:7:against=0.7")
	}
	// Eight players electing one of four, everyone uncertain.
	voteEight = func(b testing.TB) agenda.Agenda {
		var specs []string
		for i := range 8 {
			specs = append(specs, fmt.Sprintf("p%d:%d-%d:a=0.3,b=0.3,c=0.2,d=0.1:final=2:then=a=0.25,b=0.25,c=0.25,d=0.25", i, 2+i, 8+i))
		}
		return voteAgenda(b, []string{"a", "b", "c", "d"}, "p3", 5, specs...)
	}
)

// runVoteTrials runs b.N simulated votes of a on workers goroutines and
// reports trials/s.
func runVoteTrials(b *testing.B, a agenda.Agenda, workers int) {
	b.Helper()
	b.ReportAllocs()
	b.ResetTimer()
	r, err := agenda.Simulate(context.Background(), a, agenda.Options{Trials: int64(b.N), Seed: 1, Workers: workers})
	b.StopTimer()
	if err != nil {
		b.Fatal(err)
	}
	if r.Trials != int64(b.N) {
		b.Fatalf("ran %d trials, want %d", r.Trials, b.N)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "trials/s")
}

// BenchmarkVoteExample is one simulated vote of the help's worked example
// (4 voters, Zeal, a held-back final vote, Bribery) on one core.
func BenchmarkVoteExample(b *testing.B) { runVoteTrials(b, voteExample(b), 1) }

// BenchmarkVoteEightPlayers is one simulated vote of 8 uncertain voters
// and 4 outcomes, where most trials need a final vote, on one core.
func BenchmarkVoteEightPlayers(b *testing.B) { runVoteTrials(b, voteEight(b), 1) }

// BenchmarkVoteExampleParallel is the worked example on GOMAXPROCS workers.
func BenchmarkVoteExampleParallel(b *testing.B) { runVoteTrials(b, voteExample(b), 0) }

// BenchmarkVoteExact is the exact enumeration of the worked example.
func BenchmarkVoteExact(b *testing.B) {
	a := voteExample(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := agenda.Exact(context.Background(), a); err != nil {
			b.Fatal(err)
		}
	}
}
