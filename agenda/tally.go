package agenda

// Tally holds the votes cast for each outcome of an agenda, indexed like
// [Agenda.Outcomes]. Abstentions are not votes and do not appear in a Tally.
// Every entry must be non-negative.
type Tally []int

// Total returns the number of votes cast for all outcomes together.
func (t Tally) Total() int {
	s := 0
	for _, v := range t {
		s += v
	}
	return s
}

// TwoThirds applies the preliminary-vote rule of the companion's
// Preliminary Voting variant (3.4.2): an outcome wins outright when it
// received more votes than twice the votes for all other outcomes combined.
// Exactly twice is not enough; abstentions are not votes; with no votes at
// all there is no majority. It returns the winning outcome and true, or -1
// and false when no outcome has a two-thirds majority. At most one outcome
// can satisfy the rule, since it implies more than half of all votes.
func TwoThirds(t Tally) (outcome int, ok bool) {
	total := t.Total()
	for i, v := range t {
		if v > 2*(total-v) {
			return i, true
		}
	}
	return -1, false
}

// Plurality applies the final-vote rule: the outcome with the most votes
// wins, and the speaker breaks ties by their preference (LRR 8; also when
// no votes were cast at all, where every outcome is tied at zero). prefer
// lists outcomes from most to least preferred; tied outcomes it does not
// list rank after those it does, in index order. Entries outside t are
// ignored. It returns -1 only for an empty tally.
func Plurality(t Tally, prefer []int) int {
	return plurality(t, rankOf(len(t), prefer))
}

// BribeNeeded is the Bribery policy used by the simulator: the fewest extra
// votes for outcome that make it the winner of the final vote against the
// current tally t, given the speaker's tie preference prefer (as in
// [Plurality]). It is 0 when outcome already wins. A briber spends exactly
// this many trade goods when their budget covers it, and nothing otherwise
// (a partial bribe cannot change the winner against the tally in hand).
// It returns -1 when outcome is not an index of t.
func BribeNeeded(t Tally, outcome int, prefer []int) int {
	if outcome < 0 || outcome >= len(t) {
		return -1
	}
	return bribeNeeded(t, outcome, rankOf(len(t), prefer))
}

// rankOf turns a preference list into ranks (lower is preferred).
func rankOf(k int, prefer []int) []int {
	rank := make([]int, k)
	for i := range rank {
		rank[i] = len(prefer) + i
	}
	for i, o := range prefer {
		if o >= 0 && o < k && rank[o] >= len(prefer) {
			rank[o] = i
		}
	}
	return rank
}

// plurality is Plurality with the preference given as ranks.
func plurality(t []int, rank []int) int {
	best := -1
	for i, v := range t {
		if best < 0 || v > t[best] || (v == t[best] && rank[i] < rank[best]) {
			best = i
		}
	}
	return best
}

// bribeNeeded is BribeNeeded with the preference given as ranks.
func bribeNeeded(t []int, x int, rank []int) int {
	need := 0
	for i, v := range t {
		if i == x {
			continue
		}
		d := v - t[x]
		if rank[i] < rank[x] {
			d++ // a tie with i goes to i: x needs one more
		}
		if d > need {
			need = d
		}
	}
	return need
}
