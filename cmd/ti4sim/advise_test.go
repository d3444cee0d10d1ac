package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// elapsedRE and elapsedJSONRE match the one figure of advise's output that varies from
// run to run: how long the search took.
var (
	elapsedRE     = regexp.MustCompile(`(?m)( in )[0-9.]+(?:ns|µs|ms|s)\.$`)
	elapsedJSONRE = regexp.MustCompile(`("elapsed_ms":)[0-9.e+-]+`)
)

// maskElapsed replaces the search's time by a fixed word, for goldens and
// the README's examples.
func maskElapsed(s string) string {
	return elapsedJSONRE.ReplaceAllString(elapsedRE.ReplaceAllString(s, "${1}TIME."), "${1}0")
}

// mustShowArgs is the realistic question: 12 resources,
// production 8, fleet pool 4, against 1 dreadnought, 2 cruisers, 2
// destroyers and 3 fighters with PDS II adjacent.
var mustShowArgs = []string{"advise", "space", "-d", "1 dreadnought, 2 cruiser, 2 destroyer, 3 fighter",
	"--defender-tech", "pds-ii", "--defender-adjacent-pds", "1", "--resources", "12", "--production", "8", "--fleet-pool", "4"}

// Golden outputs of advise, the elapsed time masked.
func TestAdviseGolden(t *testing.T) {
	cases := []struct {
		name string
		args []string
	}{
		{"advise_space", mustShowArgs},
		{"advise_space_target_json", append(append([]string{}, mustShowArgs...), "--target", "0.2", "-o", "json")},
		{"advise_invade_target", []string{"advise", "invade", "-a", "1 carrier", "-d", "3 infantry, 1 pds", "--resources", "6", "--target", "0.8"}},
		{"advise_space_trials", []string{"advise", "space", "-d", "2 cruiser, 1 destroyer", "--resources", "6", "--fleet-pool", "3", "--method", "trials", "-n", "5000"}},
		{"advise_dock_fighters", []string{"advise", "space", "-a", "2 carrier", "-d", "2 cruiser", "--resources", "10", "--space-dock", "0", "--build", "fighter"}},
		{"advise_unreached", []string{"advise", "space", "-d", "2 dreadnought", "--resources", "4", "--target", "0.9", "--space-dock", "1", "--supply", "cruiser=1"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, c.args...)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			golden(t, c.name, maskElapsed(out))
		})
	}
}

// The Must show question's answer, checked by value (the golden holds
// the whole output): the fleet, and that every fleet was evaluated
// exactly.
func TestAdviseMustShowAnswer(t *testing.T) {
	out, errOut, code := runCLI(t, append(append([]string{}, mustShowArgs...), "-o", "json")...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct {
		Best struct {
			Build string  `json:"build"`
			Cost  float64 `json:"cost"`
			Win   float64 `json:"win"`
		} `json:"best"`
		Buildable, Evaluated int
		Exact                bool
		ElapsedMS            float64 `json:"elapsed_ms"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Best.Build != "1 dreadnought, 1 carrier, 1 cruiser, 1 destroyer, 4 fighter" || got.Best.Cost != 12 || !got.Exact || got.Evaluated != got.Buildable || got.Buildable != 194 {
		t.Errorf("answer %+v", got)
	}
	t.Logf("%d fleets in %.1f ms", got.Evaluated, got.ElapsedMS)
}

// A document printed by `ti4sim scenario advise` and read back with
// --scenario gives the same answer as the flags.
func TestAdviseDocumentRoundTrip(t *testing.T) {
	args := []string{"invade", "-a", "1 carrier", "-d", "3 infantry, 1 pds", "--resources", "6", "--target", "0.8", "--supply", "mech=1", "--fleet-pool", "3", "--keep", "2"}
	doc, errOut, code := runCLI(t, append([]string{"scenario", "advise"}, args...)...)
	if code != exitOK {
		t.Fatalf("scenario: exit %d: %s", code, errOut)
	}
	path := filepath.Join(t.TempDir(), "advise.json")
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	fromFlags, _, _ := runCLI(t, append([]string{"advise"}, args...)...)
	fromDoc, errOut, code := runCLI(t, "advise", "invade", "--scenario", path)
	if code != exitOK {
		t.Fatalf("--scenario: exit %d: %s", code, errOut)
	}
	if maskElapsed(fromDoc) != maskElapsed(fromFlags) {
		t.Errorf("document and flags differ:\n%s\n---\n%s", fromDoc, fromFlags)
	}
	if !strings.Contains(doc, `"supply": {`) || !strings.Contains(doc, `"keep": 2`) {
		t.Errorf("document lost limits:\n%s", doc)
	}
}

func TestAdviseUsageErrors(t *testing.T) {
	d := []string{"-d", "2 cruiser"}
	for _, c := range []struct {
		want string
		args []string
	}{
		{"name the action first", []string{"advise"}},
		{"a ground combat has nothing to build", []string{"advise", "ground", "-d", "2 infantry", "--resources", "3"}},
		{"unknown action", []string{"advise", "tactical"}},
		{"give the defender's units with -d", []string{"advise", "space", "--resources", "3"}},
		{"give the resources to spend", append([]string{"advise", "space"}, d...)},
		{"--resources: 0 out of range 1..100", append([]string{"advise", "space", "--resources", "0"}, d...)},
		{"--resources: 101 out of range", append([]string{"advise", "space", "--resources", "101"}, d...)},
		{"--production: -1 out of range", append([]string{"advise", "space", "--resources", "3", "--production", "-1"}, d...)},
		{"--fleet-pool: 51 out of range", append([]string{"advise", "space", "--resources", "3", "--fleet-pool", "51"}, d...)},
		{"give --production or --space-dock, not both", append([]string{"advise", "space", "--resources", "3", "--production", "2", "--space-dock", "1"}, d...)},
		{"--space-dock: -2 out of range", append([]string{"advise", "space", "--resources", "3", "--space-dock", "-2"}, d...)},
		{`--supply "cruiser": want KIND=N`, append([]string{"advise", "space", "--resources", "3", "--supply", "cruiser"}, d...)},
		{`unknown unit "frigate"`, append([]string{"advise", "space", "--resources", "3", "--supply", "frigate=2"}, d...)},
		{"--supply cruiser: 60 out of range 0..50", append([]string{"advise", "space", "--resources", "3", "--supply", "cruiser=60"}, d...)},
		{"--supply: cruiser given twice", append([]string{"advise", "space", "--resources", "3", "--supply", "cruiser=1,cruiser=2"}, d...)},
		{"takes no part in a space combat", append([]string{"advise", "space", "--resources", "3", "--build", "infantry"}, d...)},
		{"a war sun needs the War Sun technology", append([]string{"advise", "space", "--resources", "3", "--build", "war sun"}, d...)},
		{"is not built into a fleet that fights", append([]string{"advise", "space", "--resources", "3", "--build", "pds"}, d...)},
		{`--target "1.5": out of range: allowed 0 < P <= 1 (0.8) or 0% < P <= 100% (80%)`, append([]string{"advise", "space", "--resources", "3", "--target", "1.5"}, d...)},
		{`--target "0": out of range`, append([]string{"advise", "space", "--resources", "3", "--target", "0"}, d...)},
		{`--target "120%": out of range`, append([]string{"advise", "space", "--resources", "3", "--target", "120%"}, d...)},
		{`--target "eighty": not a chance: give 0 < P <= 1 (0.8) or a percentage (80%)`, append([]string{"advise", "space", "--resources", "3", "--target", "eighty"}, d...)},
		{"--keep 0 out of range", append([]string{"advise", "space", "--resources", "3", "--keep", "0"}, d...)},
		{"--method: \"fast\"", append([]string{"advise", "space", "--resources", "3", "--method", "fast"}, d...)},
		{"choose exact mode with --method exact", append([]string{"advise", "space", "--resources", "3", "--exact"}, d...)},
		{"give -n, not --precision", append([]string{"advise", "space", "--resources", "3", "--precision", "0.01"}, d...)},
		{"--exact computes without trials", append([]string{"advise", "space", "--resources", "3", "--method", "exact", "-n", "100"}, d...)},
		{"Twilight Imperium 4's production rules only", []string{"advise", "space", "--ruleset", "ti3-sa", "-d", "2 cruiser", "--resources", "3"}},
		{"exceed the fleet pool of 1", append([]string{"advise", "space", "-a", "2 cruiser", "--resources", "3", "--fleet-pool", "1"}, d...)},
		{"exact mode cannot express", append([]string{"advise", "space", "--resources", "3", "--method", "exact", "--attacker-card", "emergency-repairs"}, d...)},
		{"unknown flag: --planet", []string{"advise", "invade", "-a", "1 carrier", "--resources", "3", "--planet", "A: 2 infantry"}},
	} {
		usageFails(t, c.want, c.args...)
	}
}

// --target takes a chance (0.8) or a percentage (80%, " 80 % "): the same
// question either way (issue 28, A9).
func TestAdviseTargetPercent(t *testing.T) {
	var outs []string
	for _, p := range []string{"0.8", "80%", " 80 % "} {
		out, errOut, code := runCLI(t, "advise", "space", "-d", "2 cruiser", "--resources", "6", "--target", p, "-o", "json")
		if code != exitOK {
			t.Fatalf("--target %q: exit %d: %s", p, code, errOut)
		}
		outs = append(outs, maskElapsed(out))
	}
	if outs[1] != outs[0] || outs[2] != outs[0] {
		t.Errorf("--target 80%% answers otherwise than 0.8:\n%s\n%s", outs[0], outs[1])
	}
	if !strings.Contains(outs[0], `"target":0.8,`) {
		t.Errorf("target not echoed as 0.8: %s", outs[0])
	}
}

// Without --production, --space-dock or --fleet-pool the advisor holds
// the fleets to the rules' defaults and says so, in the table and in
// JSON (issue 28, A9: the question that answered 13 units produced and 9
// ships for a fleet pool of 3).
func TestAdviseSaysItsDefaults(t *testing.T) {
	args := []string{"advise", "space", "-d", "2 dreadnought, 2 cruiser, 1 carrier, 3 fighter", "--resources", "20", "--target", "80%"}
	out, errOut, code := runCLI(t, args...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"Limits not given, held to the rules' defaults", "production 5: the attacker's space dock on a planet of 3 resources", "fleet pool 3: the command tokens a player starts with"} {
		if !strings.Contains(out, want) {
			t.Errorf("table output lacks %q:\n%s", want, out)
		}
	}
	out, errOut, code = runCLI(t, append(args, "-o", "json")...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct {
		Best struct {
			Produced int    `json:"produced"`
			Fleet    string `json:"fleet"`
		} `json:"best"`
		Production int `json:"production"`
		FleetPool  int `json:"fleet_pool"`
		Assumed    []struct {
			Limit string `json:"limit"`
			Value int    `json:"value"`
		} `json:"assumed"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Production != 5 || got.FleetPool != 3 || len(got.Assumed) != 2 || got.Best.Produced > 5 {
		t.Errorf("JSON: %+v", got)
	}
}
