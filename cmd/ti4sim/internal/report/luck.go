package report

import (
	"fmt"
	"io"
	"math"
	"strings"
)

// Luck is the answer of a luck document: where what happened falls among
// what could have happened. One of Result, Roll and Totals is set. It is
// also the JSON answer, field for field.
type Luck struct {
	// Command is "luck", as every JSON answer names its command.
	Command string `json:"command"`
	// Result places a battle's end for each side.
	Result *LuckResult `json:"result,omitempty"`
	// Roll places one roll's hits.
	Roll *LuckRoll `json:"roll,omitempty"`
	// Totals bound the AsyncTI4 bot's totals of one player.
	Totals *LuckTotals `json:"totals,omitempty"`
	// Warnings are what the user should know about the answer.
	Warnings []string `json:"warnings,omitempty"`
}

// LuckWorse is how "worse" ranks a battle's ends for a side, the
// sentence the text and the JSON both give.
const LuckWorse = "worse for a side: lost < drew < won (unfinished counts as drew), then fewer resources kept by the side (units' cost: fighters and infantry 0.5, structures 0), then more kept by the opponent; this or worse = P(≤), percentile = P(<) + ½P(=)"

// LuckWorseInvasion is how "worse" ranks an invasion's ends for a side.
const LuckWorseInvasion = "worse for a side: fewer planets held at the end (the attacker: those it took; the defender: those it kept), then fewer resources kept by the side (every unit it has left, in space and on the planets: fighters and infantry 0.5, structures 0), then more kept by the opponent; this or worse = P(≤), percentile = P(<) + ½P(=)"

// LuckResult is a battle's end placed for each side.
type LuckResult struct {
	// Action is space or ground.
	Action string `json:"action"`
	// Exact is true when the end states are the exact solver's; otherwise
	// Trials were simulated with Seed, and every chance has a standard
	// error.
	Exact  bool   `json:"exact"`
	Trials int64  `json:"trials,omitempty"`
	Seed   uint64 `json:"seed,omitempty"`
	// Ends is the number of distinct end states; Matched whether the
	// observed units are one of them.
	Ends    int  `json:"end_states"`
	Matched bool `json:"matched"`
	// ObservedP is the probability of exactly the observed end (units by
	// type, damage not ranked).
	ObservedP float64 `json:"observed_p"`
	// Worse says how ends are ranked (LuckWorse).
	Worse string `json:"worse"`
	// Attacker and Defender are each side's place.
	Attacker LuckSide `json:"attacker"`
	Defender LuckSide `json:"defender"`
	// Planets, for an invasion, are the units left on each planet as
	// given, and whether the attacker holds it.
	Planets []LuckPlanet `json:"planets,omitempty"`
}

// LuckPlanet is what was left on one planet after an invasion.
type LuckPlanet struct {
	Name         string `json:"name"`
	AttackerLeft string `json:"attacker_left"`
	DefenderLeft string `json:"defender_left"`
	// Taken: the attacker holds the planet (its ground forces are left
	// there).
	Taken bool `json:"taken"`
}

// LuckSide is one side's place among a battle's ends.
type LuckSide struct {
	// Outcome is won, drew or lost (for an invasion: "took N of M" planets
	// for the attacker, "kept N of M" for the defender); Left the units
	// left (for an invasion: in the space area).
	Outcome string `json:"outcome"`
	Left    string `json:"left"`
	// Planets, for an invasion, is the number of planets the side holds
	// at the end: the attacker's taken, the defender's kept.
	Planets *int `json:"planets_held,omitempty"`
	// ThisOrWorse is P(an end as bad for the side or worse), ThisOrBetter
	// P(as good or better), Percentile P(worse) + ½P(as good), all 0..1;
	// OneIn is 1/ThisOrWorse (0: the end is not possible).
	ThisOrWorse  float64 `json:"this_or_worse"`
	ThisOrBetter float64 `json:"this_or_better"`
	Percentile   float64 `json:"percentile"`
	OneIn        float64 `json:"one_in,omitempty"`
	// SE is the standard error of ThisOrWorse (0 when exact).
	SE float64 `json:"se"`
	// ResourcesLost is what the side lost (cost of its units destroyed);
	// ExpectedLost its expectation over every end, SE its standard error.
	ResourcesLost   float64 `json:"resources_lost"`
	ExpectedLost    float64 `json:"expected_resources_lost"`
	ExpectedLostSE  float64 `json:"expected_resources_lost_se"`
	LostThisOrWorse float64 `json:"resources_lost_this_or_more"`
}

// LuckRoll is one roll's hits placed.
type LuckRoll struct {
	Dice       int       `json:"dice"`
	Hits       int       `json:"hits"`
	Expected   float64   `json:"expected_hits"`
	AtMost     float64   `json:"at_most"`
	AtLeast    float64   `json:"at_least"`
	Percentile float64   `json:"percentile"`
	PMF        []float64 `json:"pmf"`
}

// LuckTotals are the bounds from the bot's totals (luck.TotalsLuck).
type LuckTotals struct {
	Expected   float64 `json:"expected_hits"`
	Actual     int     `json:"actual_hits"`
	Tail       string  `json:"tail"`
	Chernoff   float64 `json:"chernoff_bound"`
	Worst      float64 `json:"at_most_this_common"`
	WorstExact bool    `json:"worst_attained"`
	WorstDice  string  `json:"worst_dice,omitempty"`
	OneIn      float64 `json:"one_in_at_least"`
	// ZeroPossible: some dice with these totals make the tail impossible
	// (luck.TotalsLuck.ZeroPossible), so the smallest it can be is 0.
	ZeroPossible bool   `json:"zero_possible"`
	Why          string `json:"why"`
}

// LuckWhy says why the totals give bounds only.
const LuckWhy = "the totals do not say which dice were rolled; the bound holds for every mix of dice with this expectation. The largest the tail can be is the binomial of the most dice (every die hitting on 10) when the hits are at least one from the expectation (Hoeffding 1956); the Chernoff bound holds for any mix. No useful lower bound: dice that always hit make the same totals with a tail of 0 once the hits are a whole hit past the expectation"

// LuckAnswer writes a luck answer in format f.
func LuckAnswer(w io.Writer, l *Luck, f Format) error {
	if f == JSON {
		return luckJSON(w, l)
	}
	ew := NewErrWriter(w)
	var err error
	switch {
	case l.Result != nil:
		err = luckResultText(ew, l.Result)
	case l.Roll != nil:
		err = luckRollText(ew, l.Roll)
	case l.Totals != nil:
		err = luckTotalsText(ew, l.Totals)
	}
	for _, s := range l.Warnings {
		fmt.Fprintf(ew, "Warning: %s\n", s)
	}
	if err != nil {
		return err
	}
	return ew.Err()
}

// luckJSON writes a luck answer as one line of JSON.
func luckJSON(w io.Writer, l *Luck) error {
	l.Command = "luck"
	return writeJSONDocument(w, false, l)
}

// oneIn formats 1/p: "1 in 8.3", "never" for p = 0.
func oneIn(n float64) string {
	switch {
	case n == 0 || math.IsInf(n, 0):
		return "never"
	case n < 100:
		return fmt.Sprintf("1 in %.1f", n)
	}
	return fmt.Sprintf("1 in %.0f", n)
}

func luckResultText(w *ErrWriter, r *LuckResult) error {
	states := "end states"
	if r.Ends == 1 {
		states = "end state"
	}
	how := fmt.Sprintf("exact, %d %s", r.Ends, states)
	if !r.Exact {
		how = fmt.Sprintf("%d trials, seed %d, %d %s seen (± standard error)", r.Trials, r.Seed, r.Ends, states)
	}
	what, outcome, left := fmt.Sprintf("a %s combat's end", r.Action), "Outcome", "Left"
	if r.Planets != nil {
		what, outcome, left = "an invasion's end", "Planets", "Left in space"
	}
	fmt.Fprintf(w, "Luck of %s: %s\n", what, how)
	se := func(p, s float64) string {
		if r.Exact {
			return pct(p)
		}
		return fmt.Sprintf("%s ± %s", pct(p), pct(s))
	}
	t := luckTable(w, 8, "Side", outcome, left, "This or worse", "1 in N", "Percentile", "This or better", "Resources lost (expected)")
	for _, s := range []struct {
		name string
		v    LuckSide
	}{{"attacker", r.Attacker}, {"defender", r.Defender}} {
		left := s.v.Left
		if left == "" {
			left = "none"
		}
		_ = t.Append(s.name, s.v.Outcome, left, se(s.v.ThisOrWorse, s.v.SE), oneIn(s.v.OneIn), pct(s.v.Percentile), pct(s.v.ThisOrBetter),
			fmt.Sprintf("%g (%.2f)", s.v.ResourcesLost, s.v.ExpectedLost))
	}
	if err := t.Render(); err != nil {
		return err
	}
	if err := luckPlanetsText(w, r.Planets); err != nil {
		return err
	}
	fmt.Fprintf(w, "This exact end (units by type): %s\n", pct(r.ObservedP))
	fmt.Fprintf(w, "Ranking: %s.\n", r.Worse)
	fmt.Fprintf(w, "Resources lost this much or more: attacker %s, defender %s.\n", pct(r.Attacker.LostThisOrWorse), pct(r.Defender.LostThisOrWorse))
	return nil
}

// luckPlanetsText writes what was left on an invasion's planets (nothing
// for a combat).
func luckPlanetsText(w *ErrWriter, ps []LuckPlanet) error {
	if len(ps) == 0 {
		return nil
	}
	t := luckTable(w, 4, "Planet", "Attacker left", "Defender left", "Held by")
	none := func(s string) string {
		if s == "" {
			return "none"
		}
		return s
	}
	for _, p := range ps {
		held := "defender"
		if p.Taken {
			held = "attacker"
		}
		_ = t.Append(p.Name, none(p.AttackerLeft), none(p.DefenderLeft), held)
	}
	return t.Render()
}

func luckRollText(w *ErrWriter, r *LuckRoll) error {
	fmt.Fprintf(w, "Luck of a roll: %d hits of %d dice, %.2f expected (exact)\n", r.Hits, r.Dice, r.Expected)
	t := luckTable(w, 4, "Tail", "Probability", "1 in N", "")
	_ = t.Append(fmt.Sprintf("this few or fewer: P(hits ≤ %d)", r.Hits), pct(r.AtMost), oneIn(1/r.AtMost), "unlucky tail")
	_ = t.Append(fmt.Sprintf("this many or more: P(hits ≥ %d)", r.Hits), pct(r.AtLeast), oneIn(1/r.AtLeast), "lucky tail")
	_ = t.Append("percentile: P(<) + ½P(=)", pct(r.Percentile), "", "")
	return t.Render()
}

func luckTotalsText(w *ErrWriter, r *LuckTotals) error {
	tail := fmt.Sprintf("P(hits ≤ %d)", r.Actual)
	if r.Tail == "at least" {
		tail = fmt.Sprintf("P(hits ≥ %d)", r.Actual)
	}
	fmt.Fprintf(w, "Luck from the bot's totals: %d hits, %.1f expected; %s is bounded, not known\n", r.Actual, r.Expected, tail)
	t := luckTable(w, 3, "Bound", "Probability", "1 in N")
	worst := "largest possible (" + r.WorstDice + ")"
	if !r.WorstExact {
		worst = "largest possible (within one hit of the expectation: the Chernoff bound)"
	}
	_ = t.Append(worst, pct(r.Worst), oneIn(r.OneIn))
	_ = t.Append("Chernoff (any dice)", pct(r.Chernoff), oneIn(1/r.Chernoff))
	if r.ZeroPossible {
		_ = t.Append("smallest possible (dice that always hit)", pct(0), "never")
	} else {
		_ = t.Append("smallest possible", "not bounded here", "")
	}
	if err := t.Render(); err != nil {
		return err
	}
	what := "this bad or worse"
	if r.Tail == "at least" {
		what = "this good or better"
	}
	fmt.Fprintf(w, "Whatever the dice were, %s ≤ %s: %s happens at most %s (it may be rarer; the totals cannot say how rare).\nWhy bounds: %s.\n",
		tail, pct(r.Worst), what, strings.Replace(oneIn(r.OneIn), "1 in", "1 time in", 1), LuckWhy)
	return nil
}
