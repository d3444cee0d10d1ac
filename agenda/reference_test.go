package agenda

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// This file holds an independent, deliberately naive implementation of the
// rules (it shares no code with model.go or exact.go beyond the Agenda
// type) and a generator of small random agendas, so that Exact is checked
// against it and Simulate against Exact.

// refOdds is what the reference computes.
type refOdds struct {
	prelim, final   []float64
	noMaj           float64
	bribeUsed, tgEV []float64
}

// refBehaviour is one voter's draw: available votes, preliminary and final
// choice (-1 abstains), with its probability.
type refBehaviour struct {
	avail, c1, c2 int
	p             float64
}

func refTable(p []float64) []float64 { // index 0 = abstain, i+1 = outcome i
	out := []float64{1}
	for _, x := range p {
		out[0] -= x
		out = append(out, x)
	}
	if out[0] < 1e-9 {
		out[0] = 0
	}
	return out
}

func refBehaviours(v Voter) []refBehaviour {
	var out []refBehaviour
	span := float64(v.Votes.Hi - v.Votes.Lo + 1)
	t1 := refTable(v.Choice)
	for a := v.Votes.Lo; a <= v.Votes.Hi; a++ {
		for c1, p1 := range t1 {
			if p1 == 0 {
				continue
			}
			if v.Then == nil {
				out = append(out, refBehaviour{a, c1 - 1, c1 - 1, p1 / span})
				continue
			}
			for c2, p2 := range refTable(v.Then) {
				if p2 > 0 {
					out = append(out, refBehaviour{a, c1 - 1, c2 - 1, p1 * p2 / span})
				}
			}
		}
	}
	return out
}

// refWinner: most votes, ties by the speaker's ranking.
func refWinner(t []int, ranking []int) int {
	best := -1
	for _, o := range ranking {
		if best < 0 || t[o] > t[best] {
			best = o
		}
	}
	return best
}

func refRanking(a *Agenda, c1, c2 int) []int {
	var r []int
	seen := map[int]bool{}
	push := func(o int) {
		if o >= 0 && !seen[o] {
			seen[o] = true
			r = append(r, o)
		}
	}
	if a.SpeakerPrefers != nil {
		for _, o := range a.SpeakerPrefers {
			push(o)
		}
	} else {
		push(c2)
		push(c1)
	}
	for o := range a.Outcomes {
		push(o)
	}
	return r
}

// refPlay plays one fully specified vote and returns the prelim winner (or
// -1), the final winner (or -1 when not held) and the trade goods each
// Bribery entry spent.
func refPlay(a *Agenda, b []refBehaviour) (prelimWin, finalWin int, tg []int) {
	k, n := len(a.Outcomes), len(a.Voters)
	players := a.Players
	if players == 0 {
		players = n
	}
	tg = make([]int, len(a.Bribery))
	pre := make([]int, n)  // planet votes in the prelim
	held := make([]int, n) // planet votes for the final
	zused := make([]bool, n)
	t := make([]int, k)
	for i, v := range a.Voters {
		av := b[i].avail
		if v.PrelimCap > 0 {
			pre[i] = min(v.PrelimCap, av)
			held[i] = av - pre[i]
		} else {
			held[i] = min(v.Final, av)
			pre[i] = av - held[i]
		}
		if c := b[i].c1; c >= 0 && pre[i] > 0 {
			t[c] += pre[i]
			if v.Zeal != NoZeal {
				t[c] += players
				zused[i] = true
			}
		}
	}
	total := 0
	for _, x := range t {
		total += x
	}
	for o, x := range t {
		if 3*x > 2*total {
			return o, -1, tg
		}
	}
	// Final vote order.
	var order []int
	for i, v := range a.Voters {
		if v.Zeal != NoZeal {
			order = append(order, i)
		}
	}
	for d := 1; d <= n; d++ {
		j := (a.Speaker + d) % n
		if a.Voters[j].Zeal == NoZeal {
			order = append(order, j)
		}
	}
	done := make([]bool, n)
	for _, i := range order {
		v := a.Voters[i]
		done[i] = true
		if c := b[i].c2; c >= 0 {
			cast := held[i] + v.Extra
			if cast > 0 && (v.Zeal == ZealEachVote || v.Zeal == ZealOnce && !zused[i]) {
				cast += players
			}
			t[c] += cast
		}
		if i != a.Speaker {
			continue
		}
		ranking := refRanking(a, b[a.Speaker].c1, b[a.Speaker].c2)
		for d := 0; d < n; d++ {
			s := (a.Speaker + d) % n
			for bi, br := range a.Bribery {
				if br.Voter != s {
					continue
				}
				x := b[s].c1
				if done[s] {
					x = b[s].c2
				}
				if x < 0 {
					continue
				}
				// The smallest spend that wins, by trying each amount.
				for spend := 0; spend <= br.TradeGoods; spend++ {
					t[x] += spend
					w := refWinner(t, ranking)
					t[x] -= spend
					if w == x {
						t[x] += spend
						tg[bi] = spend
						break
					}
				}
			}
		}
	}
	return -1, refWinner(t, refRanking(a, b[a.Speaker].c1, b[a.Speaker].c2)), tg
}

// refOddsOf enumerates every joint behaviour.
func refOddsOf(a Agenda) refOdds {
	k := len(a.Outcomes)
	r := refOdds{prelim: make([]float64, k), final: make([]float64, k),
		bribeUsed: make([]float64, len(a.Bribery)), tgEV: make([]float64, len(a.Bribery))}
	per := make([][]refBehaviour, len(a.Voters))
	for i, v := range a.Voters {
		per[i] = refBehaviours(v)
	}
	cur := make([]refBehaviour, len(a.Voters))
	var rec func(i int, p float64)
	rec = func(i int, p float64) {
		if i == len(a.Voters) {
			pw, fw, tg := refPlay(&a, cur)
			if pw >= 0 {
				r.prelim[pw] += p
				return
			}
			r.noMaj += p
			r.final[fw] += p
			for j, s := range tg {
				if s > 0 {
					r.bribeUsed[j] += p
					r.tgEV[j] += p * float64(s)
				}
			}
			return
		}
		for _, b := range per[i] {
			cur[i] = b
			rec(i+1, p*b.p)
		}
	}
	rec(0, 1)
	return r
}

// randomAgenda makes a small random agenda. big allows larger tables
// (too large for refOddsOf but fine for Exact).
func randomAgenda(rng *rand.Rand, big bool) Agenda {
	k := 1 + rng.IntN(3)
	n := 1 + rng.IntN(4)
	maxVotes := 5
	if big {
		k = 2 + rng.IntN(3)
		n = 3 + rng.IntN(4)
		maxVotes = 9
	}
	names := []string{"for", "against", "c", "d", "e"}
	a := Agenda{Outcomes: names[:k], Speaker: rng.IntN(n)}
	table := func() []float64 {
		p := make([]float64, k)
		left := 1.0
		if rng.IntN(3) == 0 {
			left = 0.7 // leave room for abstention
		}
		for i := range p {
			if i == k-1 && rng.IntN(2) == 0 {
				p[i] = left
				break
			}
			p[i] = float64(rng.IntN(5)) / 4 * left
			left -= p[i]
		}
		return p
	}
	for i := range n {
		lo := rng.IntN(maxVotes)
		hi := lo
		if rng.IntN(3) == 0 {
			hi += 1 + rng.IntN(3)
		}
		v := Voter{Name: fmt.Sprintf("v%d", i), Votes: Range{lo, hi}, Choice: table()}
		switch rng.IntN(4) {
		case 0:
			v.Final = rng.IntN(4)
		case 1:
			v.PrelimCap = 1 + rng.IntN(3)
		}
		if rng.IntN(3) == 0 {
			v.Then = table()
		}
		if rng.IntN(4) == 0 {
			v.Extra = rng.IntN(4)
		}
		a.Voters = append(a.Voters, v)
	}
	if rng.IntN(3) == 0 {
		a.Voters[rng.IntN(n)].Zeal = Zeal(1 + rng.IntN(2))
		if rng.IntN(2) == 0 {
			a.Players = n + rng.IntN(3)
		}
	}
	if rng.IntN(3) == 0 {
		a.SpeakerPrefers = rng.Perm(k)[:1+rng.IntN(k)]
	}
	for i := range n {
		if rng.IntN(3) == 0 {
			a.Bribery = append(a.Bribery, Bribe{Voter: i, TradeGoods: rng.IntN(6)})
		}
	}
	return a
}

func TestReferenceHandComputed(t *testing.T) {
	// The reference itself against a probability worked out by hand (see
	// TestExactHandComputed for the derivation).
	a := handAgenda()
	r := refOddsOf(a)
	if r.prelim[0] != 0.25 || r.prelim[1] != 0.25 || r.noMaj != 0.5 || r.final[0] != 0.5 {
		t.Errorf("reference: %+v", r)
	}
}
