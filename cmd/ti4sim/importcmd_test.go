package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// issue45 is a link a ti4calc user posted (issue 45), with
// defender-risk-direct-hit=false added: units, upgrades, ground forces in a
// space combat, technologies, a hit order and an effect ti4sim does not
// model.
const issue45 = "https://ti4battle.com/?attacker-faction=Obsidian&attacker-unit-flagship=1&attacker-unit-dreadnought=4&attacker-unit-destroyer=1&attacker-unit-fighter=5&attacker-unit-mech=1&attacker-unit-infantry=1&attacker-upgrade-dreadnought=true&attacker-upgrade-fighter=true&attacker-effect-Assault+Cannon=1&attacker-effect-Obsidian+Agent=1&defender-faction=Vuil%27Raith&defender-unit-warsun=1&defender-unit-dreadnought=1&defender-unit-carrier=1&defender-unit-cruiser=1&defender-unit-fighter=13&defender-upgrade-carrier=true&defender-upgrade-dreadnought=true&defender-effect-Duranium+Armor=1&defender-effect-Assault+Cannon=1&defender-risk-direct-hit=false"

func TestImportGolden(t *testing.T) {
	out, errOut, code := runCLI(t, "import", issue45)
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	golden(t, "import_ti4battle", out)
	want := "ti4sim: warning: attacker: 1 mech: ti4battle's space combat leaves ground forces out; ignored\n" +
		"ti4sim: warning: attacker: 1 infantry: ti4battle's space combat leaves ground forces out; ignored\n" +
		"ti4sim: warning: ti4battle effect \"Obsidian Agent\" (card Obsidian agent) is not modelled by ti4sim; ignored\n"
	if errOut != want {
		t.Errorf("stderr\n%s\nwant\n%s", errOut, want)
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Errorf("stdout is not JSON: %v", err)
	}
}

func TestImportUsageErrors(t *testing.T) {
	for _, c := range []struct {
		want string
		args []string
	}{
		{"import: give a ti4battle.com link", []string{"import"}},
		{`import: one link expected, got 2 arguments; the second: "b=2"`, []string{"import", "a=1", "b=2"}},
		{`import: "hello" is neither a ti4battle.com link nor its query`, []string{"import", "hello"}},
		{`import: parameter "attacker-unit-fighter": "3abc" is not a whole number`, []string{"import", "attacker-unit-fighter=3abc"}},
		{`import: parameter "place" given twice`, []string{"import", "place=Ground&place=Space"}},
		{"import: unknown flag: --seed", []string{"import", "--seed", "3", "a=1"}},
	} {
		usageFails(t, c.want, c.args...)
		_, errOut, _ := runCLI(t, c.args...)
		if strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: stderr not one line: %q", c.args, errOut)
		}
	}
}

// The help's examples import without warnings.
func TestImportHelpExamples(t *testing.T) {
	out, _, code := runCLI(t, "import", "--help")
	if code != exitOK || !strings.Contains(out, "Usage: ti4sim import LINK") {
		t.Fatalf("help: exit %d\n%s", code, out)
	}
	n := 0
	for _, l := range strings.Split(out, "\n") {
		l = strings.TrimSpace(l)
		if !strings.HasPrefix(l, "ti4sim import '") {
			continue
		}
		link := strings.SplitN(l, "'", 3)[1]
		n++
		if _, errOut, code := runCLI(t, "import", link); code != exitOK || errOut != "" {
			t.Errorf("example %q: exit %d, stderr %q", link, code, errOut)
		}
	}
	if n != 2 {
		t.Errorf("%d examples in the help, want 2", n)
	}
}
