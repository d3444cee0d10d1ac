package agenda

import (
	"fmt"
	"math"
	"strings"

	"github.com/ti4sim/ti4sim/internal/echo"
)

// Limits on an [Agenda]. They are generous for a board game with at most
// eight players and keep every tally well inside an int.
const (
	// MaxOutcomes is the largest number of outcomes of an agenda.
	MaxOutcomes = 16
	// MaxVoters is the largest number of voters (and of players).
	MaxVoters = 16
	// MaxVotes is the largest number of votes a voter may have available.
	MaxVotes = 999
	// MaxExtra is the largest number of extra final-vote votes of a voter.
	MaxExtra = 99
	// MaxTradeGoods is the largest Bribery budget.
	MaxTradeGoods = 999
)

// probTolerance is how far above 1 a probability table may sum because of
// decimal rounding (0.1+0.2+0.7) and still count as summing to 1.
const probTolerance = 1e-9

// Range is a number of votes known only to lie in Lo..Hi, every value
// equally likely; Lo == Hi for a known number. 0 <= Lo <= Hi <= MaxVotes.
type Range struct {
	Lo, Hi int
}

// Fixed returns the Range holding exactly n votes.
func Fixed(n int) Range { return Range{n, n} }

// String formats r as "N" or "LO-HI".
func (r Range) String() string {
	if r.Lo == r.Hi {
		return fmt.Sprint(r.Lo)
	}
	return fmt.Sprintf("%d-%d", r.Lo, r.Hi)
}

// Zeal says whether a voter has Argent Flight's Zeal: "You always vote first
// during the agenda phase. When you cast at least 1 vote, cast 1 additional
// vote for each player in the game including you."
type Zeal int

const (
	// NoZeal is an ordinary voter.
	NoZeal Zeal = iota
	// ZealEachVote adds the Zeal votes in each of the two votes (preliminary
	// and final) in which the voter casts at least one vote. This is the
	// default reading: the variant has players cast votes twice.
	ZealEachVote
	// ZealOnce adds the Zeal votes only in the first vote in which the
	// voter casts at least one vote.
	ZealOnce
)

// String returns "", "each" or "once".
func (z Zeal) String() string {
	switch z {
	case NoZeal:
		return ""
	case ZealEachVote:
		return "each"
	case ZealOnce:
		return "once"
	}
	return fmt.Sprintf("Zeal(%d)", int(z))
}

// Voter is one player at the agenda table and how they are expected to vote.
type Voter struct {
	// Name identifies the voter: 1..32 characters, letters, digits, '-',
	// '_' or '.'; unique among the voters ignoring case.
	Name string
	// Votes is the voter's available votes (the influence of their ready
	// planets), drawn uniformly from the range in each trial.
	Votes Range
	// Choice is the probability of each outcome (indexed like
	// Agenda.Outcomes) being the voter's preliminary choice; the rest, 1 -
	// sum, is abstention. Each entry is in [0,1] and the sum at most 1.
	Choice []float64
	// Final is the number of planet votes held back from the preliminary
	// vote to be cast in the final vote, 0..MaxVotes; when fewer votes are
	// available, all of them are held back. 0 (the default) puts every
	// available vote into the preliminary vote. Use Final or PrelimCap, not
	// both.
	Final int
	// PrelimCap, when positive, is the most planet votes put into the
	// preliminary vote, 1..MaxVotes; the rest of the available votes are
	// held back for the final vote. 0 means no cap. (To hold back every
	// vote, set Final to MaxVotes.)
	PrelimCap int
	// Then is the final-vote choice: nil keeps the preliminary choice
	// (abstention included); otherwise the probability of each outcome, the
	// rest being abstention, drawn afresh and independently of the
	// preliminary choice. Same ranges as Choice. A voter votes in the final
	// vote with their held-back votes plus Extra (plus Zeal) for this
	// choice; their preliminary votes stay where they were cast.
	Then []float64
	// Extra is a number of additional votes, 0..MaxExtra, from cards and
	// abilities played in the final vote (Predictive Intelligence 3,
	// Distinguished Councilor 5, ...), cast for the final-vote choice when
	// the voter does not abstain there.
	Extra int
	// Zeal marks Argent Flight (at most one voter): it votes first in the
	// final vote, and casts one more vote per player in the game in each
	// vote where it casts at least one (see Zeal).
	Zeal Zeal
}

// Bribe is a player holding the Bribery action card.
type Bribe struct {
	// Voter is the index in Agenda.Voters of the player who plays Bribery;
	// at most one Bribe per voter.
	Voter int
	// TradeGoods is the budget, 0..MaxTradeGoods: the most trade goods the
	// player will spend, one extra vote each (policy: BribeNeeded).
	TradeGoods int
}

// Agenda is one agenda vote: its outcomes, the voters in seating order and
// the speaker.
type Agenda struct {
	// Outcomes names the outcomes, 1..MaxOutcomes; names follow the rules
	// of Voter.Name, are unique ignoring case, and may not be "abstain"
	// or "keep".
	Outcomes []string
	// Voters are the players who vote, 1..MaxVoters, in clockwise seating
	// order (the next voter sits to the left of the previous one).
	Voters []Voter
	// Speaker is the index in Voters of the speaker: the final vote starts
	// with the voter to their left and they vote last (unless they are
	// Argent Flight, who always votes first); they break ties.
	Speaker int
	// SpeakerPrefers ranks outcomes for breaking ties, most preferred
	// first; outcomes not listed rank after the listed ones in index order.
	// nil means the speaker prefers their own final-vote choice, then their
	// preliminary choice, then the outcomes in index order.
	SpeakerPrefers []int
	// Players is the number of players in the game, which sets the Zeal
	// bonus: 0 means len(Voters); otherwise len(Voters)..MaxVoters.
	Players int
	// Bribery lists the players holding Bribery. After the speaker votes in
	// the final vote, they act in order starting with the speaker and
	// going clockwise. There is no Bribery in the preliminary vote.
	Bribery []Bribe
	// Duel, when not NoDuel, rolls Twilight Imperium 3 Shattered
	// Ascension's two-player vote die in the final vote (see DuelDie for
	// the rule, its source and the readings). It needs exactly 2 voters,
	// 2 players and 2 outcomes, and no Bribery.
	Duel DuelDie
	// Procedure is the voting procedure: the Preliminary Voting variant
	// (the zero value) or the base game's single vote. With BaseVote the
	// Result has Prelim 0, NoMajority 1 and Final equal to Overall: the
	// one vote is played as a final vote after an empty preliminary one.
	Procedure Procedure
}

// PlayerCount returns the number of players in the game (see Players).
func (a *Agenda) PlayerCount() int {
	if a.Players == 0 {
		return len(a.Voters)
	}
	return a.Players
}

// VoterIndex returns the index of the voter with the given name (ignoring
// case), or -1.
func (a *Agenda) VoterIndex(name string) int {
	for i, v := range a.Voters {
		if strings.EqualFold(v.Name, name) {
			return i
		}
	}
	return -1
}

// OutcomeIndex returns the index of the named outcome (ignoring case), or
// -1.
func (a *Agenda) OutcomeIndex(name string) int {
	return indexFold(a.Outcomes, name)
}

func indexFold(names []string, name string) int {
	for i, n := range names {
		if strings.EqualFold(n, name) {
			return i
		}
	}
	return -1
}

// FinalOrder returns the voters' indices in final-vote order: Argent Flight
// (the Zeal voter) first, then starting with the voter to the left of the
// speaker and going clockwise, so the speaker votes last unless they have
// Zeal. a must be valid.
func (a *Agenda) FinalOrder() []int {
	n := len(a.Voters)
	order := make([]int, 0, n)
	z := -1
	for i, v := range a.Voters {
		if v.Zeal != NoZeal {
			z = i
			order = append(order, i)
		}
	}
	for i := 1; i <= n; i++ {
		if j := (a.Speaker + i) % n; j != z {
			order = append(order, j)
		}
	}
	return order
}

// checkName reports whether s is a usable voter or outcome name.
func checkName(what, s string) error {
	if s == "" {
		return fmt.Errorf("empty %s name", what)
	}
	if len(s) > 32 {
		return fmt.Errorf("%s name %s too long: at most 32 characters", what, echo.Quote(s))
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.') {
			return fmt.Errorf("%s name %q: character %q not allowed (letters, digits, - _ .)", what, s, r)
		}
	}
	if strings.EqualFold(s, "abstain") || strings.EqualFold(s, "keep") {
		return fmt.Errorf("%s name %q is reserved", what, s)
	}
	return nil
}

// checkTable reports whether p is a probability table over k outcomes.
func checkTable(p []float64, k int, outcomes []string) error {
	if len(p) != k {
		return fmt.Errorf("%d probabilities for %d outcomes", len(p), k)
	}
	sum := 0.0
	for i, x := range p {
		if math.IsNaN(x) || x < 0 || x > 1 {
			return fmt.Errorf("probability %v for %q outside [0,1]", x, outcomes[i])
		}
		sum += x
	}
	if sum > 1+probTolerance {
		return fmt.Errorf("probabilities sum to %.10g, above 1 (the rest, 1 - sum, is abstention)", sum)
	}
	return nil
}

// Validate reports the first problem with a, naming the bad input and what
// is allowed, or nil.
func (a *Agenda) Validate() error {
	k := len(a.Outcomes)
	if k < 1 || k > MaxOutcomes {
		return fmt.Errorf("%d outcomes: allowed 1..%d", k, MaxOutcomes)
	}
	for i, o := range a.Outcomes {
		if err := checkName("outcome", o); err != nil {
			return err
		}
		if j := indexFold(a.Outcomes[:i], o); j >= 0 {
			return fmt.Errorf("duplicate outcome %q", o)
		}
	}
	n := len(a.Voters)
	if n < 1 || n > MaxVoters {
		return fmt.Errorf("%d voters: allowed 1..%d", n, MaxVoters)
	}
	zeal := -1
	for i := range a.Voters {
		v := &a.Voters[i]
		if err := checkName("voter", v.Name); err != nil {
			return err
		}
		for _, w := range a.Voters[:i] {
			if strings.EqualFold(w.Name, v.Name) {
				return fmt.Errorf("duplicate voter %q", v.Name)
			}
		}
		if err := v.check(a.Outcomes); err != nil {
			return fmt.Errorf("voter %q: %w", v.Name, err)
		}
		if v.Zeal != NoZeal {
			if zeal >= 0 {
				return fmt.Errorf("voters %q and %q both have Zeal: only one player (Argent Flight) has it", a.Voters[zeal].Name, v.Name)
			}
			zeal = i
		}
	}
	if a.Speaker < 0 || a.Speaker >= n {
		return fmt.Errorf("speaker %d is not a voter: allowed 0..%d", a.Speaker, n-1)
	}
	seen := make([]bool, k)
	for _, o := range a.SpeakerPrefers {
		if o < 0 || o >= k {
			return fmt.Errorf("speaker preference: outcome %d out of range 0..%d", o, k-1)
		}
		if seen[o] {
			return fmt.Errorf("speaker preference lists %q twice", a.Outcomes[o])
		}
		seen[o] = true
	}
	if a.Players != 0 && (a.Players < n || a.Players > MaxVoters) {
		return fmt.Errorf("%d players: allowed %d (the number of voters)..%d, or 0 for the number of voters", a.Players, n, MaxVoters)
	}
	bribed := make([]bool, n)
	for _, b := range a.Bribery {
		if b.Voter < 0 || b.Voter >= n {
			return fmt.Errorf("bribery by voter %d: not a voter (allowed 0..%d)", b.Voter, n-1)
		}
		if bribed[b.Voter] {
			return fmt.Errorf("voter %q plays Bribery twice", a.Voters[b.Voter].Name)
		}
		bribed[b.Voter] = true
		if b.TradeGoods < 0 || b.TradeGoods > MaxTradeGoods {
			return fmt.Errorf("bribery by %q: %d trade goods out of range 0..%d", a.Voters[b.Voter].Name, b.TradeGoods, MaxTradeGoods)
		}
	}
	if err := a.checkBase(); err != nil {
		return err
	}
	return a.checkDuel()
}

func (v *Voter) check(outcomes []string) error {
	if v.Votes.Lo < 0 || v.Votes.Hi > MaxVotes || v.Votes.Lo > v.Votes.Hi {
		return fmt.Errorf("votes %s out of range: allowed N or LO-HI with 0 <= LO <= HI <= %d", v.Votes, MaxVotes)
	}
	if err := checkTable(v.Choice, len(outcomes), outcomes); err != nil {
		return fmt.Errorf("preliminary choice: %w", err)
	}
	if v.Then != nil {
		if err := checkTable(v.Then, len(outcomes), outcomes); err != nil {
			return fmt.Errorf("final-vote choice: %w", err)
		}
	}
	if v.Final < 0 || v.Final > MaxVotes {
		return fmt.Errorf("final=%d out of range 0..%d", v.Final, MaxVotes)
	}
	if v.PrelimCap < 0 || v.PrelimCap > MaxVotes {
		return fmt.Errorf("prelim=%d out of range 0..%d", v.PrelimCap, MaxVotes)
	}
	if v.Final > 0 && v.PrelimCap > 0 {
		return fmt.Errorf("both final=%d and prelim=%d: they describe the same split, give one", v.Final, v.PrelimCap)
	}
	if v.Extra < 0 || v.Extra > MaxExtra {
		return fmt.Errorf("extra=%d out of range 0..%d", v.Extra, MaxExtra)
	}
	if v.Zeal < NoZeal || v.Zeal > ZealOnce {
		return fmt.Errorf("zeal %d unknown", int(v.Zeal))
	}
	return nil
}

// split divides a available planet votes into the preliminary and the
// held-back (final) part.
func (v *Voter) split(a int) (prelim, final int) {
	switch {
	case v.PrelimCap > 0:
		prelim = min(v.PrelimCap, a)
		return prelim, a - prelim
	default:
		final = min(v.Final, a)
		return a - final, final
	}
}

// prelimCast returns the votes the voter casts in the preliminary vote for
// choice c (-1 abstains) with p planet votes, and whether Zeal triggered.
func (v *Voter) prelimCast(c, p, players int) (cast int, zealed bool) {
	if c < 0 || p == 0 {
		return 0, false
	}
	if v.Zeal != NoZeal {
		return p + players, true
	}
	return p, false
}

// finalCast returns the votes the voter casts in the final vote for choice
// c (-1 abstains) with f held-back planet votes; zealed says whether Zeal
// already triggered in the preliminary vote.
func (v *Voter) finalCast(c, f, players int, zealed bool) int {
	if c < 0 {
		return 0
	}
	cast := f + v.Extra
	if cast > 0 && (v.Zeal == ZealEachVote || v.Zeal == ZealOnce && !zealed) {
		cast += players
	}
	return cast
}
