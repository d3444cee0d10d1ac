package report

import (
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/advise"
	"github.com/ti4sim/ti4sim/units"
)

// AdviceOptions are what the command line decides about an advice's
// output.
type AdviceOptions struct {
	Format Format
	// Elapsed is how long the search took, shown with the fleets
	// evaluated (JSON: elapsed_ms).
	Elapsed time.Duration
	// Target and Keep are the question's (advise.Question).
	Target float64
	Keep   int
	// Document is the question as its advise document, echoed as the
	// JSON output's "scenario" field (null when nil).
	Document *scenario.Advise
}

// Advice writes the advisor's answer a to the question's scenario sc to
// w: the recommendation, the Pareto table and the search's size and time
// (Table), or one line of JSON (JSON). It returns the first write error.
func Advice(w io.Writer, sc *combat.Scenario, a advise.Advice, o AdviceOptions) error {
	if o.Format == JSON {
		return adviceJSON(w, sc, a, o)
	}
	return adviceTable(w, sc, a, o)
}

// built is a build for the table: "nothing" when only the units already
// there fight.
func built(f units.Fleet) string {
	if f.Empty() {
		return "nothing"
	}
	return f.String()
}

// unitsN is "1 unit", "N units".
func unitsN(n int) string { return plural(strconv.Itoa(n), "unit") }

// plural is "1 thing" or "N things" for the number n written out.
func plural(n, thing string) string {
	if n == "1" {
		return n + " " + thing
	}
	return n + " " + thing + "s"
}

// how says how the fleets were evaluated.
func how(a advise.Advice) string {
	if a.Exact {
		return "exactly"
	}
	return fmt.Sprintf("by %d trials each, seed %d, common random numbers", a.Trials, a.Seed)
}

func adviceTable(out io.Writer, sc *combat.Scenario, a advise.Advice, o AdviceOptions) error {
	w := NewErrWriter(out)
	what := "win the space combat"
	if sc.Action == combat.Invasion {
		what = "take the planet"
	}
	fmt.Fprintf(w, "ti4sim advise %s: what to build to %s\n", sc.Action, what)
	fmt.Fprintf(w, "Defender: %s\n", sc.Defender.Fleet)
	if !sc.Attacker.Fleet.Empty() {
		fmt.Fprintf(w, "Already there: %s\n", sc.Attacker.Fleet)
	}
	if o.Target > 0 {
		fmt.Fprintf(w, "Goal: the cheapest fleet with at least %s to %s\n\n", pct(o.Target), what)
	} else {
		fmt.Fprintf(w, "Goal: the highest chance to %s\n\n", what)
	}
	assumedTable(w, a)
	b := a.Best
	switch {
	case o.Target > 0 && !a.Reached:
		fmt.Fprintf(w, "No buildable fleet reaches %s. The likeliest to win:\n", pct(o.Target))
	default:
		fmt.Fprintf(w, "Build:\n")
	}
	fmt.Fprintf(w, "  %s (%s, %s produced)\n", built(b.Built), plural(strconv.FormatFloat(b.Cost, 'f', -1, 64), "resource"), plural(strconv.Itoa(b.Produced), "unit"))
	fmt.Fprintf(w, "  P(win) %s", pct(b.Win.P))
	if !a.Exact {
		fmt.Fprintf(w, " %s", interval(b.Win))
	}
	fmt.Fprintf(w, ", expected resources lost %.2f, P(keeps at least %s) %s\n", b.ResourcesLost.Value, unitsN(o.Keep), pct(b.Keep.P))
	fmt.Fprintf(w, "  fleet in the fight: %s\n\n", b.Fleet)
	fmt.Fprintf(w, "Pareto table: no other fleet evaluated is at once cheaper, likelier to win, likelier to keep %s and loses fewer resources\n", unitsN(o.Keep))
	t := newTable(w, "Cost", "Build", "P(win)", "Resources lost", fmt.Sprintf("P(keeps >= %d)", o.Keep))
	for _, c := range a.Pareto {
		if err := t.Append(strconv.FormatFloat(c.Cost, 'f', -1, 64), built(c.Built), pct(c.Win.P), fmt.Sprintf("%.2f", c.ResourcesLost.Value), pct(c.Keep.P)); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\n%d of %d buildable fleets evaluated %s in %s.\n", a.Evaluated, a.Buildable, how(a), o.Elapsed.Round(time.Millisecond))
	if a.NotExact != "" {
		fmt.Fprintf(w, "Not exact: %s\n", strings.TrimPrefix(a.NotExact, "exact mode "))
	}
	return w.Err()
}

// assumedTable says which limits the question did not give and the
// rules' defaults the fleets were held to (advise.Limits.WithDefaults).
func assumedTable(w io.Writer, a advise.Advice) {
	if len(a.Assumed) == 0 {
		return
	}
	fmt.Fprintf(w, "Limits not given, held to the rules' defaults (give them to change):\n")
	for _, l := range a.Assumed {
		fmt.Fprintf(w, "  %s %d: %s\n", l.Limit, l.Value, l.Why)
	}
	fmt.Fprintln(w)
}

type jsonAssumed struct {
	Limit string `json:"limit"`
	Value int    `json:"value"`
	Why   string `json:"why"`
}

type jsonCandidate struct {
	Build         string     `json:"build"`
	Fleet         string     `json:"fleet"`
	Cost          float64    `json:"cost"`
	Produced      int        `json:"produced"`
	Win           float64    `json:"win"`
	WinCI95       [2]float64 `json:"win_ci95"`
	ResourcesLost float64    `json:"resources_lost"`
	Keep          float64    `json:"keep"`
}

func candidateJSON(c advise.Candidate) jsonCandidate {
	return jsonCandidate{Build: c.Built.String(), Fleet: c.Fleet.String(), Cost: c.Cost, Produced: c.Produced,
		Win: c.Win.P, WinCI95: [2]float64{c.Win.Lo, c.Win.Hi}, ResourcesLost: c.ResourcesLost.Value, Keep: c.Keep.P}
}

// jsonAdvice is the JSON output of advise.
type jsonAdvice struct {
	Command   string          `json:"command"`
	Action    string          `json:"action"`
	Target    float64         `json:"target"`
	Keep      int             `json:"keep"`
	Best      jsonCandidate   `json:"best"`
	Reached   bool            `json:"reached"`
	Pareto    []jsonCandidate `json:"pareto"`
	Buildable int             `json:"buildable"`
	Evaluated int             `json:"evaluated"`
	Exact     bool            `json:"exact"`
	Trials    int64           `json:"trials"`
	Seed      uint64          `json:"seed"`
	NotExact  string          `json:"not_exact,omitempty"`
	// Production and FleetPool are the limits the fleets were held
	// to (0: none); Assumed, those not given, held to the rules'
	// defaults.
	Production int              `json:"production"`
	FleetPool  int              `json:"fleet_pool"`
	Assumed    []jsonAssumed    `json:"assumed"`
	ElapsedMS  float64          `json:"elapsed_ms"`
	Scenario   *scenario.Advise `json:"scenario"`
}

func adviceJSON(w io.Writer, sc *combat.Scenario, a advise.Advice, o AdviceOptions) error {
	out := jsonAdvice{Command: "advise", Action: sc.Action.String(), Target: o.Target, Keep: o.Keep, Best: candidateJSON(a.Best), Reached: a.Reached,
		Pareto: []jsonCandidate{}, Buildable: a.Buildable, Evaluated: a.Evaluated, Exact: a.Exact, Trials: a.Trials, Seed: a.Seed,
		NotExact: a.NotExact, Production: a.Production, FleetPool: a.FleetPool, Assumed: []jsonAssumed{},
		ElapsedMS: float64(o.Elapsed.Microseconds()) / 1000, Scenario: o.Document}
	for _, l := range a.Assumed {
		out.Assumed = append(out.Assumed, jsonAssumed{Limit: l.Limit, Value: l.Value, Why: l.Why})
	}
	for _, c := range a.Pareto {
		out.Pareto = append(out.Pareto, candidateJSON(c))
	}
	return writeJSONDocument(w, true, &out)
}
