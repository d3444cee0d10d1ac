package main

import (
	"context"
	"errors"
	"math"
	"strings"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/agenda"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/listflag"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/internal/lazy"
)

// voteExample is the worked example of `ti4sim vote --help` and of the
// README; TestVoteHelpExample checks that voteExampleOutput is what it
// prints.
const voteExample = `ti4sim vote -n 1000000 --seed 7 \
    --voter "argent:6:for=0.9:zeal" \
    --voter "hacan:4-8:against=0.8,for=0.1:final=3:then=against=1" \
    --voter "sol:5:for=0.5,against=0.5" \
    --voter "jolnar:7:against=0.7" \
    --speaker sol --bribery hacan:4`

const voteExampleOutput = `Agenda vote (Preliminary Voting variant): 1000000 trials, seed 7
Seating (clockwise): argent (Zeal), hacan, sol (speaker), jolnar; 4 players
Final vote order: argent, jolnar, hacan, sol
┌─────────┬─────────────────────────┬───────────────────────┬───────────────────────┐
│ Outcome │ Passes preliminary vote │    Wins final vote    │     Wins overall      │
├─────────┼─────────────────────────┼───────────────────────┼───────────────────────┤
│ for     │   21.97% [21.89, 22.05] │    5.04% [5.00, 5.09] │ 27.01% [26.92, 27.10] │
│ against │      6.00% [5.96, 6.05] │ 66.98% [66.89, 67.08] │ 72.99% [72.90, 73.08] │
└─────────┴─────────────────────────┴───────────────────────┴───────────────────────┘
No two-thirds majority (a final vote is held): 72.03% [71.94, 72.12]
Wins final vote: no two-thirds majority, then the most votes (ties: the speaker); the two add up to Wins overall.
┌────────────────┬────────┬───────────────────────┬────────────────────────┐
│ Bribery holder │ Budget │  Spends trade goods   │ Mean trade goods spent │
├────────────────┼────────┼───────────────────────┼────────────────────────┤
│ hacan          │      4 │ 23.69% [23.60, 23.77] │          0.552 ± 0.001 │
└────────────────┴────────┴───────────────────────┴────────────────────────┘
`

// voteBaseExample is the base-game example of `ti4sim vote --help`;
// TestVoteBaseHelpExample checks that voteBaseExampleOutput is what it
// prints.
const voteBaseExample = `ti4sim vote --mode base --exact \
    --voter "sol:5:for=1" --voter "hacan:3-7:against=1" \
    --voter "jolnar:2:for=0.5,against=0.5" --speaker sol --bribery hacan:2`

const voteBaseExampleOutput = `Agenda vote (base game: one vote): exact enumeration
Seating (clockwise): sol (speaker), hacan, jolnar; 3 players
Vote order: hacan, jolnar, sol
┌─────────┬──────────┐
│ Outcome │   Wins   │
├─────────┼──────────┤
│ for     │ 30.0000% │
│ against │ 70.0000% │
└─────────┴──────────┘
Most votes wins (ties, or no votes at all: the speaker).
┌────────────────┬────────┬────────────────────┬────────────────────────┐
│ Bribery holder │ Budget │ Spends trade goods │ Mean trade goods spent │
├────────────────┼────────┼────────────────────┼────────────────────────┤
│ hacan          │      2 │           30.0000% │                  0.400 │
└────────────────┴────────┴────────────────────┴────────────────────────┘
`

// voteDuelExample is the duel example of `ti4sim vote --help`;
// TestVoteDuelHelpExample checks that voteDuelExampleOutput is what it
// prints.
const voteDuelExample = `ti4sim vote --exact --duel \
    --voter "sol:5:for=1" --voter "hacan:2-6:against=1" --speaker sol`

const voteDuelExampleOutput = `Agenda vote (Preliminary Voting variant): exact enumeration
Seating (clockwise): sol (speaker), hacan; 2 players
Final vote order: hacan, sol
Duel vote die (TI3 Shattered Ascension, 2 players), standard: rolled once after the final votes,
  faces 1..10 give -10 -6 -3 -1 0 0 +1 +3 +6 +10 votes for the speaker's outcome (negative: for the other one)
┌─────────┬─────────────────────────┬─────────────────┬──────────────┐
│ Outcome │ Passes preliminary vote │ Wins final vote │ Wins overall │
├─────────┼─────────────────────────┼─────────────────┼──────────────┤
│ for     │                20.0000% │        48.0000% │     68.0000% │
│ against │                 0.0000% │        32.0000% │     32.0000% │
└─────────┴─────────────────────────┴─────────────────┴──────────────┘
No two-thirds majority (a final vote is held): 80.0000%
Wins final vote: no two-thirds majority, then the most votes after the die (ties: the speaker); the two add up to Wins overall.
`

const voteHelp = `Odds of an agenda vote under the companion's Preliminary Voting variant
(--mode preliminary, the default) or the base game's single vote (--mode
base, below).

Preliminary vote: every voter secretly picks an outcome (or abstains) and
the planets to vote with; all reveal at once. An outcome passes outright
with MORE votes than twice the votes for all other outcomes combined
(exactly twice is not enough; abstentions are not votes). Otherwise a final
vote follows: players vote in order starting left of the speaker (the
speaker last; Argent Flight, a voter with zeal, always first); final votes
are added to the preliminary ones, which stay where they were cast; any
player may switch outcome (or start or stop abstaining); most votes wins and
the speaker breaks ties. Bribery (errata): after the speaker votes in the
final vote, the holder may spend trade goods for that many extra votes on
the outcome they voted for (their final-vote choice, or their preliminary
choice if they have not voted yet). Policy: spend exactly what makes that
outcome win against the tally at that moment if the budget covers it,
otherwise nothing.

Each --voter is one player, in clockwise seating order:

{{GRAMMAR}}

A voter's VOTES are their available votes. The planet votes they put into
the preliminary vote are exhausted; only the votes held back (final=,
prelim=) can be cast in the final vote, for the final-vote choice (then=).
By default everything goes into the preliminary vote and the final-vote
choice repeats the preliminary one, so a voter adds votes in the final vote
only from held-back votes, extra=, Zeal or Bribery.

The speaker breaks ties by --speaker-prefers, or by default prefers their
own final-vote choice, then their preliminary choice, then the --outcomes
order.

Output: for each outcome, the probability that it passes the preliminary
vote, that no outcome has a two-thirds majority and it wins the final vote,
and that it wins overall (the sum), with 95% Wilson intervals; the
probability of no two-thirds majority; for each Bribery holder, how often
they spend trade goods and how many on average. JSON (-o json) has the
fields preliminary, no_majority, final, final_if_held, overall (outcome ->
probability), ci95 (the same with [lo, hi]) and bribery. --exact
enumerates every case instead of simulating (small tables: about 12 voters
with 4 outcomes and small vote counts); it refuses larger ones.

Worked example: Argent Flight (6 votes and Zeal: +4 in each vote it casts
in, with 4 players) wants "for"; the Hacan have 4 to 8 ready influence, hold
3 back for the final vote and want "against", with 4 trade goods for
Bribery; Sol is the speaker and undecided; the Jol-Nar vote "against" 70% of
the time and otherwise abstain.

{{EXAMPLE}}

"for" passes outright 22% of the time, mostly when the Jol-Nar abstain;
otherwise the Hacan's held-back votes and trade goods make "against" the
likely winner (73% overall). Add -o json for the same figures as JSON, or
--exact for exact values.

Base game (--mode base): one vote (LRR 8, Agenda Phase). Starting with the
player to the left of the speaker and going clockwise (Argent Flight, a
voter with zeal, first), each player casts all their VOTES for their choice
(OUTCOME=P) or abstains; the speaker votes last; extra=N are votes from
cards, cast with them; the outcome with the most votes resolves, and the
speaker breaks ties (also when nobody votes). Bribery is played after the
speaker votes, with the policy above. There is no preliminary vote, so
final= (or prelim=) and then= are refused. Output: each outcome's
probability of winning (JSON: overall and ci95.overall, vote_order instead
of final_vote_order, counts with trials and overall; no preliminary,
no_majority, final or final_if_held fields; "mode": "base").

Worked example: Sol, the speaker, votes 5 for; the Hacan 3 to 7 against,
with 2 trade goods for Bribery; the Jol-Nar 2 votes, for or against at even
odds.

{{BASE_EXAMPLE}}

Jol-Nar for: 7 for; the Hacan win only with 6 or 7 votes and 2 or 1 trade
goods (a tie goes to the speaker's "for"): 2 of 5. Jol-Nar against: the
Hacan always win (at 3 votes, 5-5, with 1 trade good). So "for" wins 0.5 x
3/5 = 30%; Bribery is used with probability 0.5 x 2/5 + 0.5 x 1/5 = 30%,
spending (0.5 x (2 + 1) + 0.5 x 1) / 5 = 0.4 trade goods on average.

Two-player duel (--duel): Twilight Imperium 3 Shattered Ascension's duel
vote die (SA 4.0, 2-player appendix, "Politics and Assembly"): when the two
opponents have placed their votes, roll a d10: 10 = 10 votes for the
speaker, 9 = 6, 8 = 3, 7 = 1, 6 and 5 = none, 4 = 1 vote against the
speaker, 3 = 3, 2 = 6, 1 = 10; --duel=first-round for the first game round,
"only 1, 2, 3, 4 votes on each side" (10..7 = +4..+1, 4..1 = -1..-4). Ties go
to the speaker. Readings used here: the die is rolled once, in the final
vote, after every final vote is cast; the preliminary vote is not affected
(a two-thirds majority of the two players' preliminary votes passes with no
die). Votes for the speaker go to the speaker's final-vote choice (their
preliminary choice if they abstain in the final vote), votes against to the
other outcome; if the speaker abstains in both votes the die adds nothing
(the rules are silent). Trade goods spent on votes before the roll (1 trade
good = 1 vote; also the duel's +3 Voice of the Council) are extra=N. For the
plain TI3 vote with no preliminary vote, add --mode base. It needs exactly
2 voters, 2 outcomes and 2 players, and no --bribery.

Worked example: Sol, the speaker, votes 5 for; the Hacan 2 to 6 against.

{{DUEL_EXAMPLE}}

With 2 Hacan votes, "for" passes the preliminary vote outright (5 > 2 x 2;
no die). Otherwise the die decides: ahead by 2 or 1, Sol wins on the 7
faces 4..10; at 5-5 on the 6 faces 5..10 (a tie after the die goes to the
speaker); behind 5-6 on the 4 faces 7..10. Overall (1 + 0.7 + 0.7 + 0.6 +
0.4) / 5 = 68%; --duel=first-round gives 70% (ahead by 2 wins on 8 faces).`

// voteIndent prefixes every non-empty line of s with prefix.
func voteIndent(s, prefix string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = prefix + l
		}
	}
	return strings.Join(lines, "\n")
}

func voteCommand() *command {
	c := &command{
		name:    "vote",
		summary: "agenda vote odds (Preliminary Voting variant or base game, Bribery, Zeal)",
		usage:   `ti4sim vote --voter "NAME:VOTES:OUTCOME=P,..." [--voter ...] [flags]`,
		helpFrom: func() string {
			return strings.NewReplacer(
				"{{GRAMMAR}}", voteIndent(agenda.VoterGrammar, "  "),
				"{{EXAMPLE}}", voteIndent("$ "+voteExample+"\n"+voteExampleOutput, "  "),
				"{{DUEL_EXAMPLE}}", voteIndent("$ "+voteDuelExample+"\n"+voteDuelExampleOutput, "  "),
				"{{BASE_EXAMPLE}}", voteIndent("$ "+voteBaseExample+"\n"+voteBaseExampleOutput, "  "),
			).Replace(voteHelp)
		},
	}
	c.flagSet = func() *pflag.FlagSet { fs, _ := newVoteFlags(); return fs }
	c.run = runVote
	return c
}

// voteFlags are the vote command's flags.
type voteFlags struct {
	run       *runFlags
	voters    []string
	outcomes  string
	speaker   string
	prefers   string
	bribery   []string
	players   int
	exact     bool
	precision float64
	duel      string
	mode      string
	document  string // --scenario FILE
}

func newVoteFlags() (*pflag.FlagSet, *voteFlags) {
	fs := pflag.NewFlagSet("vote", pflag.ContinueOnError)
	f := &voteFlags{run: addRunFlags(fs)}
	fs.StringVar(&f.document, "scenario", "", "read the vote from a vote document (JSON; - for standard input); flags given as well override its fields (see: ti4sim scenario)")
	fs.StringVar(&f.mode, "mode", "preliminary", "voting procedure: preliminary (the companion's Preliminary Voting variant) or base (the base game's single vote)")
	listflag.StringArray(fs, &f.voters, "voter", "", "a voter, NAME:VOTES:OUTCOME=P,...[:KEY=VALUE]... (repeat, in clockwise seating order)")
	fs.StringVar(&f.outcomes, "outcomes", "for,against", "the agenda's outcomes, comma-separated")
	fs.StringVar(&f.speaker, "speaker", "", "the speaker, a voter's NAME (default: the first --voter)")
	fs.StringVar(&f.prefers, "speaker-prefers", "", "the speaker's tie-break ranking, e.g. against,for (default: their own vote)")
	listflag.StringArray(fs, &f.bribery, "bribery", "", "a voter holding Bribery and their trade goods, NAME:TG (repeatable)")
	fs.IntVar(&f.players, "players", 0, "players in the game, for Zeal (default: the number of voters)")
	fs.BoolVar(&f.exact, "exact", false, "enumerate every case exactly instead of simulating, for small tables (takes no -n, --seed or --precision)")
	fs.StringVar(&f.duel, "duel", "", "two-player TI3 duel vote die in the final vote: --duel (standard) or --duel=first-round")
	fs.Lookup("duel").NoOptDefVal = "standard"
	fs.Float64Var(&f.precision, "precision", 0, "run until every probability's 95% interval half-width is below this (0 < P < 0.5); -n is then the most trials")
	return fs, f
}

func runVote(ctx context.Context, c *command, args []string, e *env) error {
	if err := checkDuelValue(args); err != nil {
		return err
	}
	fs, f, err := parseVoteFlags(c, args, e)
	if err != nil {
		return err
	}
	d, err := f.voteDocument(fs, e)
	if err != nil {
		return err
	}
	e.workers = f.run.workers
	return voteUsage(answer.Vote(ctx, &d, e.answerEnv(), f.run.format(), e.stdout))
}

// voteFlagNames are the flags of a vote document's paths.
var voteFlagNames = lazy.Value[map[string]string]{Build: func() map[string]string {
	return map[string]string{
		"mode": "--mode", "outcomes": "--outcomes", "voters": "--voter", "speaker": "--speaker", "speaker_prefers": "--speaker-prefers",
		"bribery": "--bribery", "players": "--players", "duel": "--duel", "run.trials": "--trials", "run.seed": "--seed",
		"run.exact": "--exact", "run.precision": "--precision",
	}
}}

// voteUsage names the flag of a vote document's error.
func voteUsage(err error) error {
	var de *scenario.Error
	if !errors.As(err, &de) {
		return err
	}
	top, _, _ := strings.Cut(de.Path, "[")
	if flag, ok := voteFlagNames.Get()[top]; ok {
		if strings.HasPrefix(de.Msg, "\"") {
			return usageErrorf("vote: %s %s", flag, de.Msg)
		}
		return usageErrorf("vote: %s: %s", flag, de.Msg)
	}
	return usageErrorf("vote: %s", de.Msg)
}

// checkDuelValue rejects a duel die value given after a space: --duel
// takes its value after '=' only, and "--duel first-round" would otherwise
// be reported as a stray argument.
func checkDuelValue(args []string) error {
	for i, arg := range args[:max(len(args)-1, 0)] {
		if arg == "--" {
			break
		}
		if arg == "--duel" {
			if _, err := agenda.ParseDuelDie(strings.ToLower(args[i+1])); err == nil && args[i+1] != "" {
				return usageErrorf("vote: --duel %s: write --duel=%s (the value needs '=')", args[i+1], args[i+1])
			}
		}
	}
	return nil
}

// parseVoteFlags parses args and checks the run flags, --duel,
// --precision and --exact.
func parseVoteFlags(c *command, args []string, e *env) (*pflag.FlagSet, *voteFlags, error) {
	fs, f := newVoteFlags()
	if err := parseFlags(c, fs, args, e); err != nil {
		return nil, nil, err
	}
	if err := f.run.validate(); err != nil {
		return nil, nil, err
	}
	if fs.Changed("duel") && strings.TrimSpace(f.duel) == "" {
		return nil, nil, usageErrorf("vote: --duel=: empty value: allowed --duel (standard), --duel=standard, --duel=first-round or --duel=none")
	}
	if math.IsNaN(f.precision) || f.precision < 0 || f.precision >= 0.5 {
		return nil, nil, usageErrorf("--precision %v out of range: allowed 0 < P < 0.5 (e.g. 0.001)", f.precision)
	}
	if err := checkPrecision(fs, f.precision); err != nil {
		return nil, nil, err
	}
	if f.exact {
		if err := checkExact(fs); err != nil {
			return nil, nil, err
		}
	}
	return fs, f, nil
}

// voteDocument reads the vote: the --scenario document when one is given,
// the flags given over it (a list flag given replaces the document's).
func (f *voteFlags) voteDocument(fs *pflag.FlagSet, e *env) (scenario.Vote, error) {
	d := scenario.Vote{Version: scenario.Version}
	if f.document != "" {
		var err error
		if d, err = readDocument(e, f.document, scenario.DecodeVote); err != nil {
			return d, err
		}
	}
	list := func(s string) []string {
		var out []string
		for _, o := range strings.Split(s, ",") {
			out = append(out, strings.TrimSpace(o))
		}
		return out
	}
	for _, set := range []struct {
		flag  string
		apply func()
	}{
		{"mode", func() { d.Mode = f.mode }},
		{"outcomes", func() { d.Outcomes = list(f.outcomes) }},
		{"voter", func() { d.Voters = f.voters }},
		{"speaker", func() { d.Speaker = f.speaker }},
		{"speaker-prefers", func() { d.SpeakerPrefers = list(f.prefers) }},
		{"bribery", func() { d.Bribery = f.bribery }},
		{"players", func() { d.Players = f.players }},
		{"duel", func() { d.Duel = f.duel }},
		{"exact", func() { d.Run.Exact = f.exact }},
		{"precision", func() { d.Run.Precision = f.precision }},
	} {
		if fs.Changed(set.flag) {
			set.apply()
		}
	}
	f.run.applyRun(fs, &d.Run)
	if strings.TrimSpace(f.prefers) == "" && fs.Changed("speaker-prefers") {
		d.SpeakerPrefers = nil
	}
	return d, voteUsage(d.Run.Check())
}
