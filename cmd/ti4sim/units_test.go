package main

import (
	"encoding/json"
	"testing"
)

// Golden outputs of `ti4sim units --ruleset ti3-sa` (rerun with -update
// and review the diff when the TI3 table or the rendering changes).
func TestUnitsTI3Golden(t *testing.T) {
	for _, c := range []struct {
		name string
		args []string
	}{
		{"units_ti3", []string{"units", "--ruleset", "ti3-sa"}},
		{"units_ti3_json", []string{"units", "--ruleset", "ti3-sa", "-o", "json"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, errOut, code := runCLI(t, c.args...)
			if code != exitOK {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			golden(t, c.name, out)
		})
	}
}

// --ruleset ti4 is the default: it lists the same table as no flag.
func TestUnitsRulesetTI4Default(t *testing.T) {
	def, _, code := runCLI(t, "units")
	ti4, _, code4 := runCLI(t, "units", "--ruleset", "ti4")
	if code != exitOK || code4 != exitOK || def != ti4 {
		t.Errorf("units --ruleset ti4 (exit %d) differs from units (exit %d)", code4, code)
	}
	f, _, _ := runCLI(t, "units", "--ruleset", "ti4", "--faction", "sardakk")
	g, _, _ := runCLI(t, "units", "--faction", "sardakk")
	if f == "" || f != g {
		t.Error("units --ruleset ti4 --faction sardakk differs from units --faction sardakk")
	}
}

func TestUnitsTI3JSON(t *testing.T) {
	out, _, code := runCLI(t, "units", "--ruleset", "ti3-sa", "-o", "json")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	var got struct {
		Faction string `json:"faction"`
		Units   []struct {
			Name                  string `json:"name"`
			ExtraSustains         int    `json:"extra_sustains"`
			BombardsThroughShield bool   `json:"bombards_through_shield"`
		} `json:"units"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Faction != "ti3-sa" || len(got.Units) != 11 {
		t.Fatalf("got %s with %d units", got.Faction, len(got.Units))
	}
	for _, u := range got.Units {
		if (u.Name == "War Sun") != (u.ExtraSustains == 1 && u.BombardsThroughShield) {
			t.Errorf("%s: extra_sustains %d, bombards_through_shield %v", u.Name, u.ExtraSustains, u.BombardsThroughShield)
		}
	}
}

func TestUnitsRulesetErrors(t *testing.T) {
	usageFails(t, `--ruleset "ti5": allowed ti4, ti3-sa`, "units", "--ruleset", "ti5")
	usageFails(t, `--ruleset "": allowed ti4, ti3-sa`, "units", "--ruleset", "")
	usageFails(t, "unknown Twilight Imperium 3 race", "units", "--ruleset", "ti3-sa", "--faction", "argent")
	usageFails(t, "unknown Twilight Imperium 3 race", "units", "--ruleset", "ti3-sa", "--faction", "norr-nope")
	usageFails(t, `--output "xml": allowed table or json`, "units", "--ruleset", "ti3-sa", "-o", "xml")
}
