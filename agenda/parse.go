package agenda

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/ti4sim/ti4sim/internal/echo"
)

// VoterGrammar documents the voter specification read by ParseVoter.
const VoterGrammar = `NAME:VOTES:OUTCOME=P,OUTCOME=P[:KEY=VALUE]...

  NAME     the player: letters, digits, - _ . (unique, case-insensitive)
  VOTES    available votes (ready influence): N, or LO-HI when uncertain
           (every value from LO to HI equally likely); 0..999
  OUTCOME=P
           probability of each preliminary choice; the rest (1 - sum) is
           abstention. P is a decimal (0.25), a percentage (25%) or a
           fraction (1/4); abstain=P may be written out. Outcomes not named
           get 0.
  Optional fields, in any order:
  final=N  hold N of the VOTES back from the preliminary vote and cast them
           in the final vote (all of them when fewer are available);
           default 0: every vote goes into the preliminary vote
  prelim=N put at most N votes into the preliminary vote and hold the rest
           back for the final vote (prelim=0 holds all back; prelim=all is
           the default); give prelim= or final=, not both
  then=keep | then=abstain | then=OUTCOME=P,...
           the final-vote choice: keep (default) repeats the preliminary
           choice, abstention included; abstain casts nothing; a table is
           drawn afresh (the rest is abstention). Preliminary votes stay
           where they were cast; the final vote adds the held-back votes,
           extra votes and Zeal for the final-vote choice
  extra=N  votes from cards or abilities played in the final vote
           (Predictive Intelligence 3, Distinguished Councilor 5), cast for
           the final-vote choice unless abstaining; 0..99
  zeal | zeal=each | zeal=once
           Argent Flight's Zeal: votes first in the final vote and casts
           1 more vote per player in the game (--players) whenever casting
           at least 1 vote: in both votes (each, the default) or only in the
           first (once). At most one voter.`

// ParseVoter reads a voter specification (see VoterGrammar) for an agenda
// with the given outcomes. Errors name the offending field and say what is
// allowed.
func ParseVoter(spec string, outcomes []string) (Voter, error) {
	parts := strings.Split(spec, ":")
	if len(parts) < 3 {
		return Voter{}, fmt.Errorf("want NAME:VOTES:OUTCOME=P,... (%d field(s) found)", len(parts))
	}
	v := Voter{Name: strings.TrimSpace(parts[0])}
	if err := checkName("voter", v.Name); err != nil {
		return Voter{}, err
	}
	var err error
	if v.Votes, err = parseRange(parts[1]); err != nil {
		return Voter{}, err
	}
	if v.Choice, err = parseTable(parts[2], outcomes); err != nil {
		return Voter{}, fmt.Errorf("preliminary choice: %w", err)
	}
	seen := map[string]bool{}
	for _, f := range parts[3:] {
		key, val, hasVal := strings.Cut(f, "=")
		key = strings.ToLower(strings.TrimSpace(key))
		val = strings.TrimSpace(val)
		if key == "" {
			return Voter{}, fmt.Errorf("empty field (want final=N, prelim=N, then=..., extra=N or zeal)")
		}
		if seen[key] {
			return Voter{}, fmt.Errorf("field %s given twice", echo.Quote(key))
		}
		seen[key] = true
		if !hasVal && key != "zeal" {
			return Voter{}, fmt.Errorf("field %s needs a value after '='", echo.Quote(key))
		}
		if err := v.setField(key, val, outcomes); err != nil {
			return Voter{}, err
		}
	}
	if seen["final"] && seen["prelim"] {
		return Voter{}, fmt.Errorf("both final= and prelim=: they describe the same split, give one")
	}
	if err := v.check(outcomes); err != nil {
		return Voter{}, err
	}
	return v, nil
}

// FormatVoter writes v in the grammar of ParseVoter, so that
// ParseVoter(FormatVoter(v, outcomes), outcomes) gives v back.
func FormatVoter(v Voter, outcomes []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s:%s:%s", v.Name, v.Votes, formatTable(v.Choice, outcomes))
	if v.Final > 0 {
		fmt.Fprintf(&b, ":final=%d", v.Final)
	}
	if v.PrelimCap > 0 {
		fmt.Fprintf(&b, ":prelim=%d", v.PrelimCap)
	}
	if v.Then != nil {
		t := formatTable(v.Then, outcomes)
		if t == "abstain=1" {
			t = "abstain"
		}
		fmt.Fprintf(&b, ":then=%s", t)
	}
	if v.Extra > 0 {
		fmt.Fprintf(&b, ":extra=%d", v.Extra)
	}
	switch v.Zeal {
	case ZealEachVote:
		b.WriteString(":zeal")
	case ZealOnce:
		b.WriteString(":zeal=once")
	}
	return b.String()
}

func formatTable(p []float64, outcomes []string) string {
	var items []string
	for i, x := range p {
		if x != 0 {
			items = append(items, outcomes[i]+"="+strconv.FormatFloat(x, 'g', -1, 64))
		}
	}
	if len(items) == 0 {
		return "abstain=1"
	}
	return strings.Join(items, ",")
}

func parseRange(s string) (Range, error) {
	s = strings.TrimSpace(s)
	bad := fmt.Errorf("votes %s: want N or LO-HI with 0 <= LO <= HI <= %d", echo.Quote(s), MaxVotes)
	lo, hi, isRange := strings.Cut(s, "-")
	a, err := strconv.Atoi(strings.TrimSpace(lo))
	if err != nil {
		return Range{}, bad
	}
	b := a
	if isRange {
		if b, err = strconv.Atoi(strings.TrimSpace(hi)); err != nil {
			return Range{}, bad
		}
	}
	if a < 0 || b > MaxVotes || a > b {
		return Range{}, bad
	}
	return Range{a, b}, nil
}

func parseCount(key, s string, limit int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > limit {
		return 0, fmt.Errorf("%s=%s: want a whole number 0..%d", key, echo.Quote(s), limit)
	}
	return n, nil
}

// parseTable reads OUTCOME=P,... into one probability per outcome.
func parseTable(s string, outcomes []string) ([]float64, error) {
	p := make([]float64, len(outcomes))
	set := make([]bool, len(outcomes))
	abstain := -1.0
	sum := 0.0
	for item := range strings.SplitSeq(s, ",") {
		name, val, ok := strings.Cut(item, "=")
		name = strings.TrimSpace(name)
		if !ok || name == "" {
			return nil, fmt.Errorf("item %s: want OUTCOME=P with OUTCOME one of %s", echo.Quote(strings.TrimSpace(item)), strings.Join(outcomes, ", "))
		}
		x, err := parseProb(strings.TrimSpace(val))
		if err != nil {
			return nil, fmt.Errorf("%s=%s: %w", echo.Cut(name), echo.Cut(strings.TrimSpace(val)), err)
		}
		if strings.EqualFold(name, "abstain") {
			if abstain >= 0 {
				return nil, fmt.Errorf("abstain given twice")
			}
			abstain = x
			continue
		}
		o := indexFold(outcomes, name)
		if o < 0 {
			return nil, fmt.Errorf("unknown outcome %s: allowed %s (the agenda's outcomes)", echo.Quote(name), strings.Join(outcomes, ", "))
		}
		if set[o] {
			return nil, fmt.Errorf("outcome %q given twice", outcomes[o])
		}
		set[o] = true
		p[o] = x
		sum += x
	}
	if abstain >= 0 && sum+abstain > 1+probTolerance {
		return nil, fmt.Errorf("probabilities sum to %.10g with abstain=%.10g, above 1", sum, abstain)
	}
	if sum > 1+probTolerance {
		return nil, fmt.Errorf("probabilities sum to %.10g, above 1 (the rest, 1 - sum, is abstention)", sum)
	}
	return p, nil
}

// parseProb reads a probability: 0.25, 25% or 1/4, within [0,1].
func parseProb(s string) (float64, error) {
	var x float64
	var err error
	switch {
	case strings.HasSuffix(s, "%"):
		x, err = strconv.ParseFloat(strings.TrimSpace(strings.TrimSuffix(s, "%")), 64)
		x /= 100
	case strings.Contains(s, "/"):
		num, den, _ := strings.Cut(s, "/")
		var a, b float64
		a, err = strconv.ParseFloat(strings.TrimSpace(num), 64)
		if err == nil {
			b, err = strconv.ParseFloat(strings.TrimSpace(den), 64)
		}
		if err == nil && b == 0 {
			return 0, fmt.Errorf("division by zero")
		}
		x = a / b
	default:
		x, err = strconv.ParseFloat(s, 64)
	}
	if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, fmt.Errorf("not a probability: want a decimal (0.25), a percentage (25%%) or a fraction (1/4)")
	}
	if x < 0 || x > 1 {
		return 0, fmt.Errorf("probability %v outside [0,1]", x)
	}
	return x, nil
}

// ParseOutcomes reads a comma-separated list of outcome names, such as
// "for,against", checking them as Agenda.Validate does.
func ParseOutcomes(list string) ([]string, error) {
	var out []string
	for name := range strings.SplitSeq(list, ",") {
		name = strings.TrimSpace(name)
		if err := checkName("outcome", name); err != nil {
			return nil, err
		}
		if indexFold(out, name) >= 0 {
			return nil, fmt.Errorf("duplicate outcome %s", echo.Quote(name))
		}
		out = append(out, name)
	}
	if len(out) > MaxOutcomes {
		return nil, fmt.Errorf("%d outcomes: allowed 1..%d", len(out), MaxOutcomes)
	}
	return out, nil
}

// ParsePreference reads a comma-separated ranking of outcomes, most
// preferred first, into indices for Agenda.SpeakerPrefers.
func ParsePreference(list string, outcomes []string) ([]int, error) {
	var out []int
	for name := range strings.SplitSeq(list, ",") {
		name = strings.TrimSpace(name)
		o := indexFold(outcomes, name)
		if o < 0 {
			return nil, fmt.Errorf("unknown outcome %s: allowed %s", echo.Quote(name), strings.Join(outcomes, ", "))
		}
		for _, p := range out {
			if p == o {
				return nil, fmt.Errorf("outcome %q listed twice", outcomes[o])
			}
		}
		out = append(out, o)
	}
	return out, nil
}

// ParseBribe reads a Bribery holder, "NAME:TG", for the given voters.
func ParseBribe(spec string, voters []Voter) (Bribe, error) {
	name, tg, ok := strings.Cut(spec, ":")
	name = strings.TrimSpace(name)
	if !ok {
		return Bribe{}, fmt.Errorf("want NAME:TG (a voter and their trade goods)")
	}
	a := Agenda{Voters: voters}
	i := a.VoterIndex(name)
	if i < 0 {
		names := make([]string, len(voters))
		for j, v := range voters {
			names[j] = v.Name
		}
		return Bribe{}, fmt.Errorf("%s is not a voter: voters are %s", echo.Quote(name), strings.Join(names, ", "))
	}
	n, err := strconv.Atoi(strings.TrimSpace(tg))
	if err != nil || n < 0 || n > MaxTradeGoods {
		return Bribe{}, fmt.Errorf("trade goods %s: want a whole number 0..%d", echo.Quote(strings.TrimSpace(tg)), MaxTradeGoods)
	}
	return Bribe{Voter: i, TradeGoods: n}, nil
}

// setField sets the optional field key=val of a voter spec: final=N
// (votes held back for the final vote), prelim=N|all|0 (a cap on the
// preliminary votes), then=TABLE|keep|abstain (the final-vote choice),
// extra=N (votes added in the final vote) or zeal[=each|once].
func (v *Voter) setField(key, val string, outcomes []string) error {
	var err error
	switch key {
	case "final":
		v.Final, err = parseCount("final", val, MaxVotes)
		return err
	case "prelim":
		switch {
		case strings.EqualFold(val, "all"):
		case val == "0":
			v.Final = MaxVotes
		default:
			if v.PrelimCap, err = parseCount("prelim", val, MaxVotes); err != nil {
				return fmt.Errorf("%w (or all)", err)
			}
		}
	case "then":
		switch {
		case strings.EqualFold(val, "keep"):
			v.Then = nil
		case strings.EqualFold(val, "abstain"):
			v.Then = make([]float64, len(outcomes))
		default:
			if v.Then, err = parseTable(val, outcomes); err != nil {
				return fmt.Errorf("then: %w (or keep, abstain)", err)
			}
		}
	case "extra":
		v.Extra, err = parseCount("extra", val, MaxExtra)
		return err
	case "zeal":
		switch strings.ToLower(val) {
		case "", "each":
			v.Zeal = ZealEachVote
		case "once":
			v.Zeal = ZealOnce
		default:
			return fmt.Errorf("zeal=%s: allowed zeal, zeal=each or zeal=once", echo.Quote(val))
		}
	default:
		return fmt.Errorf("unknown field %s: allowed final=N, prelim=N, then=..., extra=N, zeal", echo.Quote(key))
	}
	return nil
}
