package main

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service/endpoint"
)

// dsUnits is the Discordant Stars unit file, numbers only
// (units/testdata/asyncti4/README.md).
var dsUnits = filepath.Join(repoRoot, "units", "testdata", "asyncti4", "ds.json")

// exactOutcomes runs a command line with -o json --exact and returns the
// probabilities of attacker wins, draw, defender wins.
func exactOutcomes(t *testing.T, args ...string) [3]float64 {
	t.Helper()
	out, errOut, code := runCLI(t, append(args, "--exact", "-o", "json")...)
	if code != 0 {
		t.Fatalf("%q: exit %d: %s", args, code, errOut)
	}
	return outcomesOf(t, []byte(out))
}

func outcomesOf(t *testing.T, out []byte) [3]float64 {
	t.Helper()
	var r struct {
		AttackerWin float64 `json:"attacker_win"`
		Draw        float64 `json:"draw"`
		DefenderWin float64 `json:"defender_win"`
		Exact       bool    `json:"exact"`
	}
	if err := json.Unmarshal(out, &r); err != nil || !r.Exact {
		t.Fatalf("not an exact answer (%v): %.300s", err, out)
	}
	return [3]float64{r.AttackerWin, r.Draw, r.DefenderWin}
}

func near(a, b [3]float64) bool {
	for i := range a {
		if d := a[i] - b[i]; d > 1e-9 || d < -1e-9 {
			return false
		}
	}
	return true
}

// TestHomebrewBattlesExact: battles with Discordant Stars factions from
// the unit file, exact, against values worked by hand.
//
// Tnelis Blockade Runner I (combat 9, Anti-Fighter Barrage 9 ×3, no text
// in the file) against 2 fighters: the barrage's 3 dice at 0.2 kill both
// fighters with P = 0.104 = 13/125, one with 0.384 = 48/125, none with
// 0.512 = 64/125. Then 1 ship against 1 fighter, each hitting on 0.2 a
// round at once: the destroyer wins 0.16/0.36 = 4/9, both die 0.04/0.36 =
// 1/9. Against 2 fighters: a round where the destroyer hits and neither
// fighter does (0.2 × 0.64 = 0.128) leads to 1 against 1; any round with a
// fighter hit (0.36) loses the destroyer; nothing happens with 0.512; so
// it reaches 1 against 1 with 0.128/0.488 = 16/61. In all:
// P(attacker wins) = 13/125 + 48/125·4/9 + 64/125·16/61·4/9 = 22945/68625,
// P(draw) = (48/125 + 64/125·16/61)·1/9 = 3952/68625. The generic
// destroyer (barrage ×2) gives another answer, which the test checks too.
//
// Cymiae Unholy Abomination I (an infantry hitting on 5, no text) against
// 1 infantry (8): per round 0.6 against 0.3 at once, so the attacker wins
// 0.6·0.7/0.72 = 7/12, both die 0.18/0.72 = 1/4, the defender wins
// 0.4·0.3/0.72 = 1/6.
func TestHomebrewBattlesExact(t *testing.T) {
	tnelis := exactOutcomes(t, "space", "--units", dsUnits, "--attacker-faction", "Tnelis", "-a", "1 destroyer", "-d", "2 fighter")
	want := [3]float64{22945.0 / 68625, 3952.0 / 68625, 1 - 22945.0/68625 - 3952.0/68625}
	if !near(tnelis, want) {
		t.Errorf("Tnelis destroyer against 2 fighters: %v, want %v", tnelis, want)
	}
	generic := exactOutcomes(t, "space", "-a", "1 destroyer", "-d", "2 fighter")
	if near(generic, want) {
		t.Errorf("the generic destroyer gives the Tnelis answer %v: the file's third barrage die is not used", generic)
	}
	cymiae := exactOutcomes(t, "ground", "--units", dsUnits, "--attacker-faction", "cymiae", "-a", "1 infantry", "-d", "1 infantry")
	if want := [3]float64{7.0 / 12, 1.0 / 4, 1.0 / 6}; !near(cymiae, want) {
		t.Errorf("Cymiae infantry against infantry: %v, want %v", cymiae, want)
	}
}

// TestHomebrewDocument: --units puts the file into the document, whose
// answer (by the command line's --scenario and by the service's backend)
// is the same; the texts a battle meets are named in its warnings.
func TestHomebrewDocument(t *testing.T) {
	doc, errOut, code := runCLI(t, "scenario", "space", "--units", dsUnits, "--attacker-faction", "tnelis", "-a", "1 destroyer, 1 flagship", "-d", "2 fighter", "--exact")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	data, err := os.ReadFile(dsUnits)
	if err != nil {
		t.Fatal(err)
	}
	var d struct {
		Units []struct{ Name, Data string } `json:"units"`
	}
	if err := json.Unmarshal([]byte(doc), &d); err != nil || len(d.Units) != 1 || d.Units[0].Name != "ds.json" || d.Units[0].Data != string(data) {
		t.Fatalf("the document does not carry ds.json whole (%v): %.200s", err, doc)
	}
	name := filepath.Join(t.TempDir(), "doc.json")
	if err := os.WriteFile(name, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	cli, errOut, code := runCLI(t, "space", "--scenario", name, "-o", "json")
	if code != 0 {
		t.Fatalf("--scenario: exit %d: %s", code, errOut)
	}
	got, err := answer.NewBackend().Combat(context.Background(), []byte(doc), testLimits)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != cli {
		t.Errorf("backend and command line differ:\n%.400s\n%.400s", got, cli)
	}
	if !strings.Contains(cli, "Principia Aneris (Tnelis (homebrew)'s flagship) is not modelled yet") {
		t.Errorf("no warning names the Tnelis flagship's text: %.2000s", cli)
	}
	if strings.Contains(cli, "Blockade Runner I (") {
		t.Errorf("Blockade Runner I has no text, yet a warning names it: %.2000s", cli)
	}
}

// TestHomebrewBadInput: a bad file is a usage error naming the file, the
// unit and the field; the service answers 422 at the document's path; a
// faction of no file loaded lists the loaded ones.
func TestHomebrewBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`[{"id": "x_dd", "baseType": "destroyer", "faction": "X", "combatHitsOn": 12}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	usageFails(t, `--units: unit file "bad.json", unit "x_dd", field combatHitsOn: 12: a whole number 0..10 is wanted`,
		"space", "--units", bad, "-a", "1 destroyer", "-d", "1 destroyer")
	usageFails(t, "--units: ", "space", "--units", filepath.Join(dir, "none.json"), "-a", "1 destroyer", "-d", "1 destroyer")
	usageFails(t, "tnelis", "space", "--units", dsUnits, "--attacker-faction", "nosuch", "-a", "1 destroyer", "-d", "1 destroyer")
	usageFails(t, "unknown faction", "space", "--attacker-faction", "tnelis", "-a", "1 destroyer", "-d", "1 destroyer")
	usageFails(t, "unit files hold Twilight Imperium 4 units", "space", "--units", dsUnits, "--ruleset", "ti3-sa", "-a", "1 dreadnought", "-d", "1 dreadnought")

	doc := `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"destroyer","count":1}],"faction":"x"},"defender":{"fleet":[{"unit":"destroyer","count":1}]},` +
		`"units":[{"name":"bad.json","data":"[{\"id\": \"x_dd\", \"baseType\": \"destroyer\", \"faction\": \"X\", \"combatHitsOn\": \"often\"}]"}],"run":{"exact":true}}`
	_, err := answer.NewBackend().Combat(context.Background(), []byte(doc), testLimits)
	var in *endpoint.InputError
	if !errors.As(err, &in) || in.Path != "units[0].data" || !strings.Contains(in.Msg, `unit "x_dd", field combatHitsOn: "often" is not a number`) {
		t.Errorf("service: %#v, want an input error (422) at units[0].data naming the unit and field", err)
	}
}

// TestHomebrewUnitsCommand: ti4sim units --units lists the file's
// factions and what it leaves out; with --faction, one faction's units.
func TestHomebrewUnitsCommand(t *testing.T) {
	out, errOut, code := runCLI(t, "units", "--units", dsUnits)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, s := range []string{"tnelis         Blockade Runner I, Blockade Runner II, Principia Aneris, Daedalon", "ghemina_flagship_lady"} {
		if !strings.Contains(out, s) {
			t.Errorf("units --units lacks %q:\n%s", s, out)
		}
	}
	out, errOut, code = runCLI(t, "units", "--units", dsUnits, "--faction", "TNELIS")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "Anti-Fighter Barrage 9 (x3)") || !strings.Contains(out, "Principia Aneris") {
		t.Errorf("units --faction tnelis:\n%s", out)
	}
}

// TestHomebrewEveryCommand: each command that takes a combat takes
// --units, and a Tnelis attacker gets the file's destroyers (three barrage
// dice): the answer differs from the generic destroyers'.
func TestHomebrewEveryCommand(t *testing.T) {
	for _, args := range [][]string{
		{"space", "-a", "2 destroyer", "-d", "3 fighter", "--exact"},
		{"invade", "-a", "2 destroyer, 1 carrier, 2 infantry", "-d", "3 fighter, 1 infantry", "--exact"},
		{"compare", "space", "-a", "2 destroyer", "-d", "3 fighter", "--vary", "defender-modifier=0,1", "-n", "2000"},
		{"advise", "space", "-d", "3 fighter, 1 carrier", "--resources", "3", "--build", "destroyer"},
	} {
		plain, errOut, code := runCLI(t, args...)
		if code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, errOut)
		}
		withUnits := append([]string{args[0]}, "--units", dsUnits, "--attacker-faction", "tnelis")
		if args[0] == "compare" || args[0] == "advise" {
			withUnits = append([]string{args[0], args[1]}, "--units", dsUnits, "--attacker-faction", "tnelis")
			withUnits = append(withUnits, args[2:]...)
		} else {
			withUnits = append(withUnits, args[1:]...)
		}
		got, errOut, code := runCLI(t, withUnits...)
		if code != 0 {
			t.Fatalf("%q: exit %d: %s", withUnits, code, errOut)
		}
		if maskElapsed(got) == maskElapsed(plain) {
			t.Errorf("%q: the same answer as without the unit file:\n%s", withUnits, got)
		}
	}
}
