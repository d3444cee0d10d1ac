package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/ti4sim/ti4sim/agenda"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
)

// VoteOptions are what the command line decides about a vote's output.
type VoteOptions struct {
	Format Format
	// Scenario is the question as its normalised vote document, echoed as
	// the JSON output's "scenario" field (null when nil). The table does
	// not show it.
	Scenario *scenario.Vote
}

// Vote writes the odds r of the agenda vote a to w: as the seating, the
// vote order and a table of each outcome's odds, with the Bribery
// holders' spending (Table), or as one line of JSON (JSON); a base-game
// vote (agenda.BaseVote) has one vote, so one column and no preliminary
// fields. It returns the first write error.
func Vote(w io.Writer, a *agenda.Agenda, r *agenda.Result, o VoteOptions) error {
	if o.Format == JSON {
		return writeVoteJSON(w, a, o.Scenario, r)
	}
	return voteTable(w, a, r)
}

// votePct formats a probability as a percentage, with its interval for a
// simulation.
func votePct(p agenda.Prob, exact bool) string {
	if exact {
		return fmt.Sprintf("%.4f%%", 100*p.P)
	}
	return fmt.Sprintf("%.2f%% [%.2f, %.2f]", 100*p.P, 100*p.Lo, 100*p.Hi)
}

// voteTable writes a vote's odds as text tables.
func voteTable(out io.Writer, a *agenda.Agenda, r *agenda.Result) error {
	w := NewErrWriter(out)
	base := a.Procedure == agenda.BaseVote
	title := "Agenda vote (Preliminary Voting variant)"
	if base {
		title = "Agenda vote (base game: one vote)"
	}
	if r.Exact {
		fmt.Fprintf(w, "%s: exact enumeration\n", title)
	} else {
		fmt.Fprintf(w, "%s: %d trials, seed %d\n", title, r.Trials, r.Seed)
	}
	seats := make([]string, len(a.Voters))
	for i, v := range a.Voters {
		seats[i] = v.Name
		if i == a.Speaker {
			seats[i] += " (speaker)"
		}
		if v.Zeal != agenda.NoZeal {
			seats[i] += " (Zeal)"
		}
	}
	fmt.Fprintf(w, "Seating (clockwise): %s; %d players\n", strings.Join(seats, ", "), a.PlayerCount())
	order := a.FinalOrder()
	names := make([]string, len(order))
	for i, v := range order {
		names[i] = a.Voters[v].Name
	}
	if base {
		fmt.Fprintf(w, "Vote order: %s\n", strings.Join(names, ", "))
	} else {
		fmt.Fprintf(w, "Final vote order: %s\n", strings.Join(names, ", "))
	}
	if a.Duel != agenda.NoDuel {
		after := "the final votes"
		if base {
			after = "the votes"
		}
		fmt.Fprintf(w, "Duel vote die (TI3 Shattered Ascension, 2 players), %s: rolled once after %s,\n", a.Duel, after)
		fmt.Fprintf(w, "  faces 1..10 give %s votes for the speaker's outcome (negative: for the other one)\n", voteSwings(a.Duel))
	}
	if base {
		if err := writeBaseVoteTable(w, a, r); err != nil {
			return err
		}
		return writeBriberyTable(w, r)
	}

	t := newVoteTable(w, "Outcome", "Passes preliminary vote", "Wins final vote", "Wins overall")
	for o, name := range r.Outcomes {
		if err := t.Append(name, votePct(r.Prelim[o], r.Exact), votePct(r.Final[o], r.Exact), votePct(r.Overall[o], r.Exact)); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	fmt.Fprintf(w, "No two-thirds majority (a final vote is held): %s\n", votePct(r.NoMajority, r.Exact))
	if a.Duel != agenda.NoDuel {
		fmt.Fprintln(w, "Wins final vote: no two-thirds majority, then the most votes after the die (ties: the speaker); the two add up to Wins overall.")
	} else {
		fmt.Fprintln(w, "Wins final vote: no two-thirds majority, then the most votes (ties: the speaker); the two add up to Wins overall.")
	}
	for _, warn := range r.Warnings {
		fmt.Fprintf(w, "Warning: %s\n", warn)
	}
	return writeBriberyTable(w, r)
}

// writeBaseVoteTable writes the odds of a base-game vote: one vote, so one
// column.
func writeBaseVoteTable(w *ErrWriter, a *agenda.Agenda, r *agenda.Result) error {
	t := newVoteTable(w, "Outcome", "Wins")
	for o, name := range r.Outcomes {
		if err := t.Append(name, votePct(r.Overall[o], r.Exact)); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	if a.Duel != agenda.NoDuel {
		fmt.Fprintln(w, "Most votes after the die wins (ties, or no votes at all: the speaker).")
	} else {
		fmt.Fprintln(w, "Most votes wins (ties, or no votes at all: the speaker).")
	}
	for _, warn := range r.Warnings {
		fmt.Fprintf(w, "Warning: %s\n", warn)
	}
	return w.Err()
}

// writeBriberyTable writes how each Bribery holder used the card, if any.
func writeBriberyTable(w *ErrWriter, r *agenda.Result) error {
	if len(r.Bribery) == 0 {
		return w.Err()
	}
	t := newVoteTable(w, "Bribery holder", "Budget", "Spends trade goods", "Mean trade goods spent")
	for _, b := range r.Bribery {
		mean := fmt.Sprintf("%.3f", b.MeanSpent)
		if !r.Exact {
			mean += fmt.Sprintf(" ± %.3f", b.MeanSpentSE)
		}
		if err := t.Append(b.Voter, fmt.Sprint(b.TradeGoods), votePct(b.Used, r.Exact), mean); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	return w.Err()
}

// voteSwings formats the die's swings for faces 1..10, such as "-10 -6 ... +10".
func voteSwings(d agenda.DuelDie) string {
	sw := d.Swings()
	parts := make([]string, len(sw))
	for i, x := range sw {
		parts[i] = fmt.Sprintf("%+d", x)
		if x == 0 {
			parts[i] = "0"
		}
	}
	return strings.Join(parts, " ")
}
