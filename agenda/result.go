package agenda

// Prob is a probability with its 95% interval.
type Prob struct {
	// P is the estimate (the exact value for Exact), in [0,1].
	P float64
	// Lo and Hi bound the 95% Wilson score interval; both equal P for an
	// exact answer.
	Lo, Hi float64
	// SE is the standard error sqrt(P(1-P)/n) of a simulated estimate over
	// n trials; 0 for an exact answer.
	SE float64
}

// BriberyResult describes how a Bribery holder used the card.
type BriberyResult struct {
	// Voter is the name of the player holding Bribery.
	Voter string
	// TradeGoods is their budget.
	TradeGoods int
	// Used is the probability that they spent trade goods.
	Used Prob
	// MeanSpent is the expected number of trade goods spent (0 when the
	// card is not used) and MeanSpentSE its standard error (0 for Exact).
	MeanSpent, MeanSpentSE float64
}

// Result holds the odds of an agenda vote. Per-outcome slices are indexed
// like Outcomes. For every outcome, Prelim + Final = Overall; the Final
// entries sum to NoMajority, and Prelim plus NoMajority sum to 1.
type Result struct {
	// Outcomes names the outcomes.
	Outcomes []string
	// Exact is true for an exact enumeration (Exact), false for a
	// simulation.
	Exact bool
	// Trials is the number of simulated votes (0 for Exact) and Seed the
	// seed used.
	Trials int64
	Seed   uint64
	// Prelim is the probability that each outcome passes the preliminary
	// vote with a two-thirds majority.
	Prelim []Prob
	// NoMajority is the probability that no outcome has a two-thirds
	// majority, so that a final vote is held.
	NoMajority Prob
	// Final is the probability that a final vote is held and the outcome
	// wins it.
	Final []Prob
	// FinalIfHeld is the probability that the outcome wins the final vote
	// given that one is held; nil when a final vote never happens.
	FinalIfHeld []Prob
	// Overall is the probability that the outcome resolves, by either vote.
	Overall []Prob
	// Bribery describes each entry of Agenda.Bribery, in the same order.
	Bribery []BriberyResult
	// Counts are the raw simulation counts (zero for Exact).
	Counts Counts
	// Warnings are notes on the run, such as a Precision not reached.
	Warnings []string
}
