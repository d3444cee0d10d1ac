package agenda

import (
	"fmt"
	"strings"

	"github.com/ti4sim/ti4sim/internal/echo"
)

// Procedure is how an agenda is voted on.
type Procedure int

const (
	// PreliminaryVoting is the Game Companion's Preliminary Voting
	// variant (3.4): a secret preliminary vote that passes an outcome
	// with a two-thirds majority, otherwise a final vote (see the package
	// documentation). It is the zero value.
	PreliminaryVoting Procedure = iota
	// BaseVote is the base game's agenda vote (LRR 8, Agenda Phase): one
	// vote, starting with the player to the left of the speaker and going
	// clockwise (Argent Flight first: Zeal), the speaker last; each player
	// votes all their votes for one outcome or abstains; the outcome with
	// the most votes resolves, the speaker breaking ties (also when there
	// are no votes at all). Bribery is played after the speaker votes.
	// A voter's Choice is their vote; Final, PrelimCap and Then, which
	// split votes between two votes, are not allowed.
	BaseVote
)

// String returns "preliminary" or "base".
func (p Procedure) String() string {
	switch p {
	case PreliminaryVoting:
		return "preliminary"
	case BaseVote:
		return "base"
	}
	return fmt.Sprintf("Procedure(%d)", int(p))
}

// ParseProcedure reads "preliminary" or "base" (any case).
func ParseProcedure(s string) (Procedure, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "preliminary":
		return PreliminaryVoting, nil
	case "base":
		return BaseVote, nil
	}
	return 0, fmt.Errorf("unknown voting procedure %s: allowed base, preliminary", echo.Quote(s))
}

// checkBase reports a voter field that has no meaning in a base-game vote.
func (a *Agenda) checkBase() error {
	switch a.Procedure {
	case PreliminaryVoting:
		return nil
	case BaseVote:
	default:
		return fmt.Errorf("unknown voting procedure %d", int(a.Procedure))
	}
	for _, v := range a.Voters {
		switch {
		case v.Final > 0 || v.PrelimCap > 0:
			return fmt.Errorf("voter %q: the base game has one vote, so no votes are held back (final=, prelim=); give the votes cast as VOTES", v.Name)
		case v.Then != nil:
			return fmt.Errorf("voter %q: the base game has one vote, so no final-vote choice (then=); give the vote's choice as OUTCOME=P", v.Name)
		}
	}
	return nil
}

// asPlayed returns the voters as the vote procedure plays them: for a
// base-game vote, every vote held back for the one (final) vote, so that
// the preliminary vote is empty and never passes anything.
func (a *Agenda) asPlayed() []Voter {
	if a.Procedure != BaseVote {
		return a.Voters
	}
	vs := make([]Voter, len(a.Voters))
	for i, v := range a.Voters {
		v.Final, v.PrelimCap = MaxVotes, 0
		vs[i] = v
	}
	return vs
}
