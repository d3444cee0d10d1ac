package main

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// voteArgs is a small table used by several tests: three voters, Zeal,
// held-back votes, a final-vote switch and Bribery.
var voteArgs = []string{"vote",
	"--voter", "argent:3:for=0.8:zeal",
	"--voter", "hacan:2-5:against=0.7,for=0.1:final=2:then=against=1",
	"--voter", "sol:4:for=1/2,against=50%",
	"--speaker", "sol", "--bribery", "hacan:3",
}

func withArgs(base []string, more ...string) []string {
	return append(append([]string(nil), base...), more...)
}

func TestVoteGolden(t *testing.T) {
	cases := map[string][]string{
		"vote_table":       withArgs(voteArgs, "-n", "20000", "--seed", "7"),
		"vote_json":        withArgs(voteArgs, "-n", "20000", "--seed", "7", "-o", "json"),
		"vote_exact_table": withArgs(voteArgs, "--exact"),
		"vote_exact_json":  withArgs(voteArgs, "--exact", "-o", "json"),
		"vote_three_outcomes": {"vote", "--outcomes", "a,b,c", "-n", "10000",
			"--voter", "x:4:a=1", "--voter", "y:4:b=0.5,c=0.5", "--voter", "z:2:c=0.6:extra=1",
			"--speaker", "z", "--speaker-prefers", "c,b"},
		"vote_help": {"help", "vote"},
		"vote_duel_table": {"vote", "--duel", "-n", "20000", "--seed", "7",
			"--voter", "sol:3-8:for=0.9:final=2", "--voter", "hacan:2-7:against=0.8,for=0.1:extra=3:then=against=1",
			"--speaker", "hacan"},
		"vote_duel_exact_json": {"vote", "--duel=first-round", "--exact", "-o", "json",
			"--voter", "sol:5:for=1", "--voter", "hacan:3:against=1"},
		// The base game's single vote: the same voters without the
		// preliminary variant's fields.
		"vote_base_table": {"vote", "--mode", "base", "-n", "20000", "--seed", "7",
			"--voter", "argent:3:for=0.8:zeal", "--voter", "hacan:2-5:against=0.7,for=0.1:extra=2",
			"--voter", "sol:4:for=1/2,against=50%", "--speaker", "sol", "--bribery", "hacan:3"},
		"vote_base_json": {"vote", "--mode", "base", "-n", "20000", "--seed", "7", "-o", "json",
			"--voter", "argent:3:for=0.8:zeal", "--voter", "hacan:2-5:against=0.7,for=0.1:extra=2",
			"--voter", "sol:4:for=1/2,against=50%", "--speaker", "sol", "--bribery", "hacan:3"},
		"vote_base_duel_exact": {"vote", "--mode", "base", "--duel", "--exact",
			"--voter", "sol:5:for=1", "--voter", "hacan:3:against=1"},
	}
	goldenRuns(t, cases)
}

func TestVoteHelpExample(t *testing.T) {
	// The worked example in --help must be what the command prints.
	args := strings.Fields(strings.ReplaceAll(voteExample, "\\\n", ""))[1:]
	for i, a := range args {
		args[i] = strings.Trim(a, `"`)
	}
	out, errOut, code := runCLI(t, args...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if out != voteExampleOutput {
		t.Errorf("the help example prints\n%s\nbut the help shows\n%s", out, voteExampleOutput)
	}
	help, _, _ := runCLI(t, "vote", "--help")
	if !strings.Contains(help, "--voter \"argent:6:for=0.9:zeal\"") || !strings.Contains(help, "27.01% [26.92, 27.10]") {
		t.Errorf("--help does not show the worked example:\n%s", help)
	}
}

func TestVoteDeterministicAcrossWorkers(t *testing.T) {
	args := withArgs(voteArgs, "-n", "50000", "--seed", "3", "-o", "json")
	one, _, _ := runCLI(t, withArgs(args, "--workers", "1")...)
	two, _, _ := runCLI(t, withArgs(args, "--workers", "2")...)
	if one == "" || one != two {
		t.Errorf("--workers 1 and 2 differ:\n%s\n%s", one, two)
	}
	other, _, _ := runCLI(t, withArgs(args, "--seed", "4")...)
	if other == one {
		t.Errorf("seeds 3 and 4 gave the same output")
	}
}

func TestVoteJSON(t *testing.T) {
	out, _, code := runCLI(t, withArgs(voteArgs, "-n", "30000", "-o", "json")...)
	if code != exitOK {
		t.Fatal(code)
	}
	var j struct {
		Command     string             `json:"command"`
		Trials      int64              `json:"trials"`
		Preliminary map[string]float64 `json:"preliminary"`
		NoMajority  float64            `json:"no_majority"`
		Final       map[string]float64 `json:"final"`
		Overall     map[string]float64 `json:"overall"`
		CI95        map[string]any     `json:"ci95"`
		Bribery     []map[string]any   `json:"bribery"`
		FinalIfHeld map[string]float64 `json:"final_if_held"`
		Counts      map[string]any     `json:"counts"`
		Voters      []string           `json:"voters"`
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if j.Command != "vote" || j.Trials != 30000 || len(j.Bribery) != 1 || len(j.Voters) != 3 || j.Counts == nil {
		t.Errorf("unexpected JSON: %s", out)
	}
	sum := j.NoMajority
	for _, o := range []string{"for", "against"} {
		sum += j.Preliminary[o]
		if d := j.Preliminary[o] + j.Final[o] - j.Overall[o]; math.Abs(d) > 1e-12 {
			t.Errorf("%s: preliminary + final != overall", o)
		}
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Errorf("preliminary outcomes and no_majority sum to %v", sum)
	}
	for _, k := range []string{"preliminary", "no_majority", "final", "final_if_held", "overall"} {
		if _, ok := j.CI95[k]; !ok {
			t.Errorf("ci95 lacks %s", k)
		}
	}
}

func TestVoteUsageErrors(t *testing.T) {
	v := func(specs ...string) []string {
		args := []string{"vote", "-n", "10"}
		for _, s := range specs {
			args = append(args, "--voter", s)
		}
		return args
	}
	usageFails(t, "--voter: none given", "vote")
	if _, errOut, _ := runCLI(t, "vote"); strings.Count(errOut, "\n") != 1 {
		t.Errorf("vote with no voter: %d lines on stderr, want 1: %q", strings.Count(errOut, "\n"), errOut)
	}
	usageFails(t, `--voter "a:5": want NAME:VOTES:OUTCOME=P`, v("a:5")...)
	usageFails(t, "probability 1.5 outside [0,1]", v("a:5:for=1.5")...)
	usageFails(t, "probability -0.5 outside [0,1]", v("a:5:for=-0.5")...)
	usageFails(t, "probabilities sum to 1.2, above 1", v("a:5:for=0.6,against=0.6")...)
	usageFails(t, `unknown outcome "maybe": allowed for, against`, v("a:5:maybe=0.5")...)
	usageFails(t, `unknown outcome "for": allowed yes, no`, withArgs(v("a:5:for=0.5"), "--outcomes", "yes,no")...)
	usageFails(t, `duplicate voter "A"`, v("a:5:for=1", "A:3:against=1")...)
	usageFails(t, `--speaker "carol" is not a voter: voters are a, b`, withArgs(v("a:5:for=1", "b:3:for=1"), "--speaker", "carol")...)
	usageFails(t, `votes "1000": want N or LO-HI with 0 <= LO <= HI <= 999`, v("a:1000:for=1")...)
	usageFails(t, `votes "-2"`, v("a:-2:for=1")...)
	usageFails(t, `votes "9-3"`, v("a:9-3:for=1")...)
	usageFails(t, `unknown field "colour"`, v("a:5:for=1:colour=red")...)
	usageFails(t, "give one", v("a:5:for=1:final=1:prelim=2")...)
	usageFails(t, "both have Zeal", v("a:5:for=1:zeal", "b:5:for=1:zeal")...)
	usageFails(t, `--bribery "carol:3": "carol" is not a voter`, withArgs(v("a:5:for=1"), "--bribery", "carol:3")...)
	usageFails(t, `--bribery "a:x": trade goods "x"`, withArgs(v("a:5:for=1"), "--bribery", "a:x")...)
	usageFails(t, "a already holds Bribery", withArgs(v("a:5:for=1"), "--bribery", "a:1", "--bribery", "a:2")...)
	usageFails(t, `--speaker-prefers "maybe"`, withArgs(v("a:5:for=1"), "--speaker-prefers", "maybe")...)
	usageFails(t, `--outcomes "for,for"`, withArgs(v("a:5:for=1"), "--outcomes", "for,for")...)
	usageFails(t, "1 players", withArgs(v("a:5:for=1", "b:5:for=1"), "--players", "1")...)
	usageFails(t, "--trials 0 out of range", "vote", "--voter", "a:5:for=1", "-n", "0")
	usageFails(t, "--trials given twice", withArgs(v("a:5:for=1"), "-n", "0")...)
	usageFails(t, `--output "yaml"`, withArgs(v("a:5:for=1"), "-o", "yaml")...)
	usageFails(t, "--exact computes without trials; drop -n", withArgs(v("a:5:for=1"), "--exact")...)
	usageFails(t, "--exact draws no random numbers; drop --seed", "vote", "--exact", "--seed", "3", "--voter", "a:5:for=1")
	usageFails(t, "--precision has no meaning with --exact", "vote", "--exact", "--precision", "0.01", "--voter", "a:5:for=1")
	usageFails(t, "--precision 0 out of range: allowed 0 < P < 0.5", withArgs(v("a:5:for=1"), "--precision", "0")...)
	usageFails(t, "--precision 0.9 out of range", withArgs(v("a:5:for=1"), "--precision", "0.9")...)
	usageFails(t, "unknown flag: --voters", "vote", "--voters", "a:5:for=1")
	// Too large to enumerate: a clear refusal, not a hang.
	big := []string{"vote", "--exact", "--outcomes", "a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p"}
	for i := 0; i < 16; i++ {
		big = append(big, "--voter", string(rune('a'+i))+":999:a=0.1,b=0.1,c=0.1,d=0.1,e=0.1,f=0.1,g=0.1,h=0.1,i=0.1,j=0.1")
	}
	usageFails(t, "drop exact to simulate it", big...)
}

func TestVotePrecision(t *testing.T) {
	args := []string{"vote", "-n", "10000000", "--precision", "0.01", "-o", "json",
		"--voter", "a:3-9:for=0.5", "--voter", "b:2-6:against=0.5"}
	out, _, code := runCLI(t, args...)
	if code != exitOK {
		t.Fatal(code)
	}
	var j struct {
		Trials   int64
		Warnings []string
	}
	if err := json.Unmarshal([]byte(out), &j); err != nil || j.Trials >= 10000000 || j.Trials%4096 != 0 || len(j.Warnings) != 0 {
		t.Errorf("precision run: trials %d, warnings %q, err %v", j.Trials, j.Warnings, err)
	}
	out, _, _ = runCLI(t, append(args[:1], "-n", "5000", "--precision", "0.001",
		"--voter", "a:3-9:for=0.5", "--voter", "b:2-6:against=0.5")...)
	if !strings.Contains(out, "Warning: precision 0.001 not reached within 5000 trials") {
		t.Errorf("no warning for an unreachable precision:\n%s", out)
	}
}

func TestVoteDuelHelpExample(t *testing.T) {
	// The duel example in --help must be what the command prints.
	args := strings.Fields(strings.ReplaceAll(voteDuelExample, "\\\n", ""))[1:]
	for i, a := range args {
		args[i] = strings.Trim(a, `"`)
	}
	out, errOut, code := runCLI(t, args...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if out != voteDuelExampleOutput {
		t.Errorf("the duel help example prints\n%s\nbut the help shows\n%s", out, voteDuelExampleOutput)
	}
	if !strings.Contains(out, "68.0000%") {
		t.Errorf("the duel example no longer gives the 68%% worked out in the help:\n%s", out)
	}
	help, _, _ := runCLI(t, "vote", "--help")
	if !strings.Contains(help, "--voter \"hacan:2-6:against=1\"") || !strings.Contains(help, "Duel vote die") {
		t.Errorf("--help does not show the duel example:\n%s", help)
	}
}

// TestVoteDuelExact checks the CLI's exact duel figures against hand
// values: 5 vs 3 with the speaker ahead by 2 wins on faces 4..10 (standard)
// or 3..10 (first round); behind by 2, on faces 8..10.
func TestVoteDuelExact(t *testing.T) {
	for _, c := range []struct {
		die, speaker string
		want         float64 // P(for overall)
	}{
		{"--duel", "sol", 0.7},
		{"--duel=standard", "sol", 0.7},
		{"--duel=first-round", "sol", 0.8},
		{"--duel", "hacan", 0.7},
		{"--duel=none", "sol", 1},
	} {
		out, errOut, code := runCLI(t, "vote", c.die, "--exact", "-o", "json", "--speaker", c.speaker,
			"--voter", "sol:5:for=1", "--voter", "hacan:3:against=1")
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", c.die, code, errOut)
		}
		var j struct {
			Overall map[string]float64 `json:"overall"`
			Duel    *struct {
				Die         string `json:"die"`
				SwingByFace []int  `json:"swing_by_face"`
			} `json:"duel"`
		}
		if err := json.Unmarshal([]byte(out), &j); err != nil {
			t.Fatal(err)
		}
		if math.Abs(j.Overall["for"]-c.want) > 1e-12 {
			t.Errorf("%s, speaker %s: P(for) = %v, want %v", c.die, c.speaker, j.Overall["for"], c.want)
		}
		if (j.Duel == nil) != (c.die == "--duel=none") || j.Duel != nil && len(j.Duel.SwingByFace) != 10 {
			t.Errorf("%s: duel field %+v", c.die, j.Duel)
		}
	}
}

func TestVoteDuelUsageErrors(t *testing.T) {
	two := []string{"vote", "-n", "10", "--voter", "a:5:for=1", "--voter", "b:3:against=1"}
	usageFails(t, `--duel "second": allowed standard, first-round or none`, withArgs(two, "--duel=second")...)
	usageFails(t, "write --duel=first-round (the value needs '=')", withArgs(two, "--duel", "first-round")...)
	usageFails(t, "--duel=: empty value", withArgs(two, "--duel=")...)
	usageFails(t, "--duel: the duel die is a two-player rule: it needs exactly 2 voters, not 3",
		withArgs(two, "--duel", "--voter", "c:1:for=1")...)
	usageFails(t, "--duel: the duel die is a two-player rule: it needs exactly 2 voters, not 1",
		"vote", "--duel", "--voter", "a:5:for=1")
	usageFails(t, "--duel: the duel die needs exactly 2 outcomes (the speaker's and the other), not 3",
		"vote", "--duel", "--outcomes", "a,b,c", "--voter", "x:5:a=1", "--voter", "y:3:b=1")
	usageFails(t, "--duel: the duel die is a two-player rule: 3 players given, want 2", withArgs(two, "--duel", "--players", "3")...)
	usageFails(t, "--duel: with bribery: in a duel, trade goods buy votes before the die is rolled; drop the bribery and put them as extra=N", withArgs(two, "--duel", "--bribery", "a:2")...)
}

func TestVoteDuelDeterministicAcrossWorkers(t *testing.T) {
	args := []string{"vote", "--duel", "-n", "50000", "--seed", "3", "-o", "json",
		"--voter", "a:2-9:for=0.8:final=2", "--voter", "b:3-7:against=0.9:extra=2"}
	one, _, _ := runCLI(t, withArgs(args, "--workers", "1")...)
	three, _, _ := runCLI(t, withArgs(args, "--workers", "3")...)
	if one == "" || one != three {
		t.Errorf("--workers 1 and 3 differ:\n%s\n%s", one, three)
	}
}

func TestVoteBaseHelpExample(t *testing.T) {
	// The base-game example in --help must be what the command prints, and
	// the figures worked out by hand there: 30% for, Bribery used 30% of
	// the time, 0.4 trade goods on average.
	args := strings.Fields(strings.ReplaceAll(voteBaseExample, "\\\n", ""))[1:]
	for i, a := range args {
		args[i] = strings.Trim(a, `"`)
	}
	out, errOut, code := runCLI(t, args...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if out != voteBaseExampleOutput {
		t.Errorf("the base help example prints\n%s\nbut the help shows\n%s", out, voteBaseExampleOutput)
	}
	for _, want := range []string{"│ for     │ 30.0000% │", "│ hacan          │      2 │           30.0000% │                  0.400 │"} {
		if !strings.Contains(out, want) {
			t.Errorf("the base example no longer gives the hand-computed %q:\n%s", want, out)
		}
	}
	help, _, _ := runCLI(t, "vote", "--help")
	if !strings.Contains(help, "--mode base --exact") || !strings.Contains(help, "Base game (--mode base)") {
		t.Errorf("--help does not show the base example:\n%s", help)
	}
}

// The base game's JSON has no preliminary stage: no preliminary,
// no_majority, final or final_if_held fields; mode says which procedure.
func TestVoteBaseJSON(t *testing.T) {
	out, errOut, code := runCLI(t, "vote", "--mode", "base", "-n", "2000", "-o", "json",
		"--voter", "a:3:for=1", "--voter", "b:2-4:against=1", "--voter", "c:1:for=0.4,against=0.4", "--speaker", "c")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var j map[string]any
	if err := json.Unmarshal([]byte(out), &j); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"preliminary", "no_majority", "final", "final_if_held", "final_vote_order"} {
		if _, ok := j[k]; ok {
			t.Errorf("base-game JSON has %q", k)
		}
	}
	if j["mode"] != "base" || j["overall"] == nil || j["vote_order"] == nil || j["counts"].(map[string]any)["overall"] == nil {
		t.Errorf("base-game JSON: %s", out)
	}
	pre, _, _ := runCLI(t, "vote", "-n", "2000", "-o", "json", "--voter", "a:3:for=1")
	if !strings.Contains(pre, `"mode":"preliminary"`) {
		t.Errorf("preliminary JSON lacks its mode: %s", pre)
	}
	// The base game's odds are the hand values of agenda's
	// TestBaseVoteHandComputed: P(for) = 8/15.
	ex, _, _ := runCLI(t, "vote", "--mode", "base", "--exact", "-o", "json",
		"--voter", "a:3:for=1", "--voter", "b:2-4:against=1", "--voter", "c:1:for=0.4,against=0.4", "--speaker", "c")
	var e struct{ Overall map[string]float64 }
	if err := json.Unmarshal([]byte(ex), &e); err != nil || math.Abs(e.Overall["for"]-8.0/15) > 1e-12 {
		t.Errorf("exact base vote: %v (%v), want 8/15", e.Overall, err)
	}
}

func TestVoteBaseUsageErrors(t *testing.T) {
	usageFails(t, `--mode: unknown voting procedure "ti3": allowed base, preliminary`, "vote", "--mode", "ti3", "--voter", "a:5:for=1")
	usageFails(t, "the base game has one vote, so no votes are held back (final=, prelim=)", "vote", "--mode", "base", "--voter", "a:5:for=1:final=2")
	usageFails(t, "the base game has one vote, so no votes are held back", "vote", "--mode", "base", "--voter", "a:5:for=1:prelim=0")
	usageFails(t, "so no final-vote choice (then=)", "vote", "--mode", "base", "--voter", "a:5:for=1:then=against=1")
}
