package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// TestPreferExact checks --prefer-exact against the two runs it stands
// for: a battle exact mode can solve gets the --exact figures; one it
// cannot (Duranium Armor's repairs make the chain cyclic) gets the figures
// of the same -n and --seed without it, plus a warning naming the reason.
func TestPreferExact(t *testing.T) {
	figures := func(args ...string) (map[string]any, []any) {
		t.Helper()
		var out, errb bytes.Buffer
		if code := run(context.Background(), append(args, "-o", "json"), strings.NewReader(""), &out, &errb); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errb.String())
		}
		var m map[string]any
		if err := json.Unmarshal(out.Bytes(), &m); err != nil {
			t.Fatal(err)
		}
		warnings, _ := m["warnings"].([]any)
		delete(m, "scenario") // the echo names the flags given
		delete(m, "warnings")
		return m, warnings
	}
	base := []string{"space", "-a", "2 dreadnought, 1 carrier, 2 fighter", "-d", "3 cruiser, 2 destroyer"}

	exact, _ := figures(append(base, "--exact")...)
	got, warnings := figures(append(base, "--prefer-exact")...)
	if !jsonEqual(t, exact, got) || len(warnings) != 0 {
		t.Errorf("--prefer-exact on a solvable battle differs from --exact or warns %v", warnings)
	}

	scramble := append(base, "--attacker-card", "scramble-frequency", "-n", "20000", "--seed", "9")
	sim, _ := figures(scramble...)
	got, warnings = figures(append(scramble, "--prefer-exact")...)
	if !jsonEqual(t, sim, got) {
		t.Errorf("--prefer-exact with Scramble Frequency differs from the plain run of the same trials and seed")
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0].(string), "not exact: exact mode cannot express Scramble Frequency") {
		t.Errorf("warnings %v, want one naming Scramble Frequency", warnings)
	}
}

func jsonEqual(t *testing.T, a, b map[string]any) bool {
	t.Helper()
	x, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	y, err := json.Marshal(b)
	if err != nil {
		t.Fatal(err)
	}
	return bytes.Equal(x, y)
}
