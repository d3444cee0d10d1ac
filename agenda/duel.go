package agenda

import (
	"fmt"
	"math/bits"
	"math/rand/v2"

	"github.com/ti4sim/ti4sim/internal/echo"
)

// DuelDie selects the two-player "duel" vote die of Twilight Imperium 3's
// Shattered Ascension (SA v4.0, appendix "2-player games", Politics and
// Assembly): "To reflect uncertain votes from other players, extra votes
// shift in random direction. When the two opponents have placed their
// votes on a political agenda, roll one die and consult the results below.
// Before the die is rolled, TGs may be spent to buy one vote." The d10
// gives 10 = 10 votes for the Speaker, 9 = 6, 8 = 3, 7 = 1, 6 and 5 =
// abstain, 4 = 1 vote against the Speaker, 3 = 3, 2 = 6, 1 = 10; "During
// the first round the numbers are only 1, 2, 3, 4 votes on each side of
// the die" (read as 10..7 = 4, 3, 2, 1 for and 4..1 = 1, 2, 3, 4 against,
// 6 and 5 still abstain). Ties go to the Speaker.
//
// How this package applies it (SA v4.0 has a single vote; these are
// readings, see also the package documentation):
//
//   - The die is rolled once per agenda, in the final vote, after every
//     final vote has been cast (so after the voters' extra votes, which is
//     where trade goods bought before the roll go: 1 trade good = 1 vote,
//     Voter.Extra) and before the votes are counted. The preliminary vote
//     is not affected: two players' preliminary votes alone can still pass
//     an outcome with a two-thirds majority, and then no die is rolled. To
//     model the plain TI3 duel with no preliminary vote, hold every vote
//     back for the final vote (Voter.Final = MaxVotes on both voters).
//   - Votes "for the Speaker" go to the speaker's outcome: their final-vote
//     choice, or their preliminary choice when they abstain in the final
//     vote; votes "against the Speaker" go to the other outcome. When the
//     speaker abstains in both votes the die adds nothing (SA v4.0 is
//     silent; later SA versions say a player who placed no votes receives
//     no bonus votes).
//   - A duel has exactly two voters, two players and two outcomes, and no
//     Bribery (a TI4 card whose "exactly what wins" policy makes no sense
//     before a die roll; trade goods are spent through Voter.Extra).
type DuelDie int

const (
	// NoDuel is the ordinary vote with no die.
	NoDuel DuelDie = iota
	// DuelStandard is the duel die of every round after the first:
	// swings -10, -6, -3, -1, 0, 0, 1, 3, 6, 10 for faces 1..10.
	DuelStandard
	// DuelFirstRound is the duel die of the first game round: swings -4,
	// -3, -2, -1, 0, 0, 1, 2, 3, 4 for faces 1..10.
	DuelFirstRound
)

var duelSwings = [...][10]int{
	DuelStandard:   {-10, -6, -3, -1, 0, 0, 1, 3, 6, 10},
	DuelFirstRound: {-4, -3, -2, -1, 0, 0, 1, 2, 3, 4},
}

// String returns "", "standard" or "first-round".
func (d DuelDie) String() string {
	switch d {
	case NoDuel:
		return ""
	case DuelStandard:
		return "standard"
	case DuelFirstRound:
		return "first-round"
	}
	return fmt.Sprintf("DuelDie(%d)", int(d))
}

// Swings returns the die's result for each face 1..10 (index face-1): the
// number of votes added for the speaker's outcome when positive, for the
// other outcome when negative. It is all zeros for NoDuel or an unknown
// value.
func (d DuelDie) Swings() [10]int {
	if d == DuelStandard || d == DuelFirstRound {
		return duelSwings[d]
	}
	return [10]int{}
}

// ParseDuelDie reads "standard" (or "" and "on"), "first-round" (or
// "first") or "none" (or "off").
func ParseDuelDie(s string) (DuelDie, error) {
	switch s {
	case "standard", "", "on":
		return DuelStandard, nil
	case "first-round", "first":
		return DuelFirstRound, nil
	case "none", "off":
		return NoDuel, nil
	}
	return NoDuel, fmt.Errorf("%s: allowed standard, first-round or none", echo.Quote(s))
}

// checkDuel reports why a cannot use its duel die, or nil.
func (a *Agenda) checkDuel() error {
	switch a.Duel {
	case NoDuel:
		return nil
	case DuelStandard, DuelFirstRound:
	default:
		return fmt.Errorf("duel die %d unknown: allowed NoDuel, DuelStandard, DuelFirstRound", int(a.Duel))
	}
	if len(a.Outcomes) != 2 {
		return fmt.Errorf("the duel die needs exactly 2 outcomes (the speaker's and the other), not %d", len(a.Outcomes))
	}
	if len(a.Voters) != 2 {
		return fmt.Errorf("the duel die is a two-player rule: it needs exactly 2 voters, not %d", len(a.Voters))
	}
	if a.PlayerCount() != 2 {
		return fmt.Errorf("the duel die is a two-player rule: %d players given, want 2", a.PlayerCount())
	}
	if len(a.Bribery) > 0 {
		return fmt.Errorf("the duel die does not combine with Bribery: in a duel, trade goods buy votes before the die is rolled; give them as the voter's extra votes")
	}
	return nil
}

// duelFace is one distinct swing of the die with the number of faces (of
// 10) that give it; equal swings merged, faces in increasing order.
type duelFace struct {
	swing, n int
}

func duelFaces(d DuelDie) []duelFace {
	var out []duelFace
	for _, s := range d.Swings() {
		if n := len(out); n > 0 && out[n-1].swing == s {
			out[n-1].n++
			continue
		}
		out = append(out, duelFace{s, 1})
	}
	return out
}

// speakerOutcome is the outcome the die's "for the Speaker" votes go to:
// the speaker's final-vote choice c2, else their preliminary choice c1, else
// -1.
func speakerOutcome(c1, c2 int) int {
	if c2 >= 0 {
		return c2
	}
	return c1
}

// applySwing adds the die's swing s to the two-outcome tally t for the
// speaker's outcome x (-1: nothing).
func applySwing(t []int, x, s int) {
	switch {
	case x < 0:
	case s > 0:
		t[x] += s
	case s < 0:
		t[1-x] -= s
	}
}

// rollDuel draws a face 0..9 (face-1) uniformly.
func rollDuel(rng *rand.PCG) int {
	hi, _ := bits.Mul64(rng.Uint64(), 10)
	return int(hi)
}
