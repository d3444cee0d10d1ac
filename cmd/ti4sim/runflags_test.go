package main

import (
	"encoding/json"
	"testing"
)

// -n takes the forms the help writes: 1e6 is the same number of trials as
// 1000000, and 2.5e5 as 250000.
func TestTrialsInENotation(t *testing.T) {
	for _, c := range []struct {
		n    string
		want int64
	}{{"1e3", 1000}, {"2.5e3", 2500}, {"1000", 1000}, {"1E3", 1000}} {
		out, errOut, code := runCLI(t, "ground", "-n", c.n, "-o", "json")
		if code != exitOK {
			t.Fatalf("-n %s: exit %d: %s", c.n, code, errOut)
		}
		var j struct{ Trials int64 }
		if err := json.Unmarshal([]byte(out), &j); err != nil || j.Trials != c.want {
			t.Errorf("-n %s: trials %d (%v), want %d", c.n, j.Trials, err, c.want)
		}
	}
	a, _, _ := runCLI(t, "ground", "-n", "2e3", "-o", "json")
	b, _, _ := runCLI(t, "ground", "-n", "2000", "-o", "json")
	if a == "" || a != b {
		t.Error("-n 2e3 and -n 2000 give different answers")
	}
}

// --workers never changes an answer, so --exact accepts it (and the exact
// answer is the same with it).
func TestExactToleratesWorkers(t *testing.T) {
	a, errOut, code := runCLI(t, "ground", "--exact", "--workers", "2", "-o", "json")
	b, _, _ := runCLI(t, "ground", "--exact", "-o", "json")
	if code != exitOK || a != b {
		t.Errorf("--exact --workers 2: exit %d (%s), same answer as without: %v", code, errOut, a == b)
	}
	if _, errOut, code := runCLI(t, "vote", "--exact", "--workers", "2", "--voter", "a:5:for=1"); code != exitOK {
		t.Errorf("vote --exact --workers 2: exit %d: %s", code, errOut)
	}
}
