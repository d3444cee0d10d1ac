package report

import (
	"io"

	"github.com/ti4sim/ti4sim/agenda"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
)

// voteByOutcome is a JSON object from outcome names to values, in the order of
// the agenda's outcomes.
type voteByOutcome[T any] struct {
	names []string
	vals  []T
}

// MarshalJSON writes m as encoding/json would write a map of its names to
// its values, but in the names' order (the names HTML-escaped, as by
// json.Marshal).
func (m voteByOutcome[T]) MarshalJSON() ([]byte, error) {
	w := jsonWriter{html: true}
	w.b = append(w.b, '{')
	for i, name := range m.names {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.str(name)
		w.b = append(w.b, ':')
		switch v := any(m.vals[i]).(type) {
		case float64:
			w.float(v)
		case int64:
			w.int(v)
		case [2]float64:
			w.floatPair(v)
		default:
			w.anyValue(v)
		}
	}
	return append(w.b, '}'), w.err
}

func voteProbs(names []string, ps []agenda.Prob) (voteByOutcome[float64], voteByOutcome[[2]float64]) {
	p := voteByOutcome[float64]{names: names, vals: make([]float64, len(ps))}
	ci := voteByOutcome[[2]float64]{names: names, vals: make([][2]float64, len(ps))}
	for i, x := range ps {
		p.vals[i] = x.P
		ci.vals[i] = [2]float64{x.Lo, x.Hi}
	}
	return p, ci
}

// voteHead is what both vote shapes start with: the command, the
// procedure, how it was computed and the voters as given.
type voteHead struct {
	Command  string   `json:"command"`
	Mode     string   `json:"mode"`
	Exact    bool     `json:"exact"`
	Trials   *int64   `json:"trials"`
	Seed     *uint64  `json:"seed"`
	Outcomes []string `json:"outcomes"`
	Voters   []string `json:"voters"`
	Speaker  string   `json:"speaker"`
	Players  int      `json:"players"`
}

// newVoteHead is the head of a's answer r (trials and seed null for an
// exact answer).
func newVoteHead(a *agenda.Agenda, r *agenda.Result) voteHead {
	h := voteHead{Command: "vote", Mode: a.Procedure.String(), Exact: r.Exact, Outcomes: r.Outcomes,
		Speaker: a.Voters[a.Speaker].Name, Players: a.PlayerCount()}
	if !r.Exact {
		h.Trials, h.Seed = &r.Trials, &r.Seed
	}
	for _, v := range a.Voters {
		h.Voters = append(h.Voters, agenda.FormatVoter(v, a.Outcomes))
	}
	return h
}

type voteJSON struct {
	voteHead
	FinalOrder  []string                `json:"final_vote_order"`
	Preliminary voteByOutcome[float64]  `json:"preliminary"`
	NoMajority  float64                 `json:"no_majority"`
	Final       voteByOutcome[float64]  `json:"final"`
	FinalIfHeld *voteByOutcome[float64] `json:"final_if_held"`
	Overall     voteByOutcome[float64]  `json:"overall"`
	CI95        voteCI95                `json:"ci95"`
	Counts      *voteCounts             `json:"counts"`
	Bribery     []voteBriberyJSON       `json:"bribery"`
	Duel        *voteDuelJSON           `json:"duel"`
	Warnings    []string                `json:"warnings"`
	// Scenario is the question as its normalised vote document.
	Scenario *scenario.Vote `json:"scenario"`
}

// voteDuelJSON names the duel vote die (null without --duel).
type voteDuelJSON struct {
	Die         string  `json:"die"`
	SwingByFace [10]int `json:"swing_by_face"`
}

type voteCI95 struct {
	Preliminary voteByOutcome[[2]float64]  `json:"preliminary"`
	NoMajority  [2]float64                 `json:"no_majority"`
	Final       voteByOutcome[[2]float64]  `json:"final"`
	FinalIfHeld *voteByOutcome[[2]float64] `json:"final_if_held"`
	Overall     voteByOutcome[[2]float64]  `json:"overall"`
}

// voteCounts are the raw simulation counts (null for --exact).
type voteCounts struct {
	Trials      int64                `json:"trials"`
	Preliminary voteByOutcome[int64] `json:"preliminary"`
	NoMajority  int64                `json:"no_majority"`
	Final       voteByOutcome[int64] `json:"final"`
}

type voteBriberyJSON struct {
	Voter       string     `json:"voter"`
	TradeGoods  int        `json:"trade_goods"`
	Used        float64    `json:"used"`
	UsedCI95    [2]float64 `json:"used_ci95"`
	MeanSpent   float64    `json:"mean_spent"`
	MeanSpentSE float64    `json:"mean_spent_se"`
}

// voteBaseJSON is the JSON of a base-game vote (--mode base): one vote, so
// no preliminary stage: overall (outcome -> probability of winning the
// vote), its ci95, and vote_order; counts has trials and overall.
type voteBaseJSON struct {
	voteHead
	VoteOrder []string               `json:"vote_order"`
	Overall   voteByOutcome[float64] `json:"overall"`
	CI95      voteBaseCI95           `json:"ci95"`
	Counts    *voteBaseCounts        `json:"counts"`
	Bribery   []voteBriberyJSON      `json:"bribery"`
	Duel      *voteDuelJSON          `json:"duel"`
	Warnings  []string               `json:"warnings"`
	Scenario  *scenario.Vote         `json:"scenario"`
}

// voteBaseCI95 are a base-game vote's 95% intervals.
type voteBaseCI95 struct {
	Overall voteByOutcome[[2]float64] `json:"overall"`
}

// voteBaseCounts are a base-game vote's raw simulation counts (null for
// --exact).
type voteBaseCounts struct {
	Trials  int64                `json:"trials"`
	Overall voteByOutcome[int64] `json:"overall"`
}

// writeVoteJSON writes the JSON of a vote (one line); doc is echoed as its
// "scenario" field.
func writeVoteJSON(w io.Writer, a *agenda.Agenda, doc *scenario.Vote, r *agenda.Result) error {
	if a.Procedure == agenda.BaseVote {
		return writeBaseVoteJSON(w, a, doc, r)
	}
	j := voteJSON{voteHead: newVoteHead(a, r), Scenario: doc,
		NoMajority: r.NoMajority.P, Bribery: briberyJSON(r),
		Warnings: append([]string{}, r.Warnings...),
	}
	if !r.Exact {
		j.Counts = &voteCounts{
			Trials:      r.Counts.Trials,
			Preliminary: voteByOutcome[int64]{names: r.Outcomes, vals: r.Counts.Prelim},
			NoMajority:  r.Counts.NoMajority,
			Final:       voteByOutcome[int64]{names: r.Outcomes, vals: r.Counts.Final},
		}
	}
	for _, i := range a.FinalOrder() {
		j.FinalOrder = append(j.FinalOrder, a.Voters[i].Name)
	}
	j.Preliminary, j.CI95.Preliminary = voteProbs(r.Outcomes, r.Prelim)
	j.Final, j.CI95.Final = voteProbs(r.Outcomes, r.Final)
	j.Overall, j.CI95.Overall = voteProbs(r.Outcomes, r.Overall)
	j.CI95.NoMajority = [2]float64{r.NoMajority.Lo, r.NoMajority.Hi}
	if r.FinalIfHeld != nil {
		p, ci := voteProbs(r.Outcomes, r.FinalIfHeld)
		j.FinalIfHeld, j.CI95.FinalIfHeld = &p, &ci
	}
	if a.Duel != agenda.NoDuel {
		j.Duel = &voteDuelJSON{Die: a.Duel.String(), SwingByFace: a.Duel.Swings()}
	}
	return writeJSONDocument(w, true, &j)
}

// writeBaseVoteJSON writes the JSON of a base-game vote.
func writeBaseVoteJSON(w io.Writer, a *agenda.Agenda, doc *scenario.Vote, r *agenda.Result) error {
	j := voteBaseJSON{voteHead: newVoteHead(a, r), Scenario: doc,
		Bribery: briberyJSON(r), Warnings: append([]string{}, r.Warnings...),
	}
	if !r.Exact {
		overall := make([]int64, len(r.Outcomes))
		for i := range overall {
			overall[i] = r.Counts.Prelim[i] + r.Counts.Final[i]
		}
		j.Counts = &voteBaseCounts{r.Counts.Trials, voteByOutcome[int64]{names: r.Outcomes, vals: overall}}
	}
	for _, i := range a.FinalOrder() {
		j.VoteOrder = append(j.VoteOrder, a.Voters[i].Name)
	}
	j.Overall, j.CI95.Overall = voteProbs(r.Outcomes, r.Overall)
	if a.Duel != agenda.NoDuel {
		j.Duel = &voteDuelJSON{Die: a.Duel.String(), SwingByFace: a.Duel.Swings()}
	}
	return writeJSONDocument(w, true, &j)
}

// briberyJSON is the bribery field: one entry per Bribery holder.
func briberyJSON(r *agenda.Result) []voteBriberyJSON {
	out := []voteBriberyJSON{}
	for _, b := range r.Bribery {
		out = append(out, voteBriberyJSON{
			Voter: b.Voter, TradeGoods: b.TradeGoods, Used: b.Used.P, UsedCI95: [2]float64{b.Used.Lo, b.Used.Hi},
			MeanSpent: b.MeanSpent, MeanSpentSE: b.MeanSpentSE,
		})
	}
	return out
}
