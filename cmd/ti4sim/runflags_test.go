package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/spf13/pflag"
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

// commandLines are the command lines to put a flag on, per command: the
// commands that take an action (or a command) first.
func commandLines(c *command) [][]string {
	switch c.name {
	case "compare", "advise", "luck":
		return [][]string{{c.name, "space"}}
	case "scenario":
		return [][]string{{"scenario", "space"}, {"scenario", "vote"}}
	}
	return [][]string{{c.name}}
}

// A flag given twice is a usage error naming it, on every command, except
// the lists (--voter, --planet, --vary, --attacker-card, ...), whose values
// add up; a flag's value its type cannot hold is named in words, not by
// strconv (issue 27).
func TestFlagGivenTwice(t *testing.T) {
	once, lists := 0, 0
	for _, c := range commands() {
		if c.flagSet == nil {
			continue
		}
		for _, line := range commandLines(c) {
			fs := c.flagSet()
			if line[0] == "scenario" {
				fs = lookupCommand(line[1]).flagSet()
			}
			fs.VisitAll(func(f *pflag.Flag) {
				v := "1"
				switch f.Value.Type() {
				case "bool":
					v = "true"
				case "duration":
					v = "1s"
				}
				args := append(append([]string(nil), line...), "--"+f.Name+"="+v, "--"+f.Name+"="+v)
				_, list := f.Value.(pflag.SliceValue)
				if list && line[0] == "serve" {
					// A bad timeout stops serve after its flags are
					// read, before it listens.
					args = append(args, "--timeout=-1s")
				}
				_, errOut, code := runCLI(t, args...)
				if list {
					lists++
					if strings.Contains(errOut, "given twice") {
						t.Errorf("%q: a list flag refused when repeated: %s", args, errOut)
					}
					return
				}
				once++
				if code != exitUsage || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "--"+f.Name+" given twice") {
					t.Errorf("%q: exit %d, %q; want exit 2 and one line naming --%s given twice", args, code, errOut, f.Name)
				}
			})
		}
	}
	if once < 60 || lists < 10 {
		t.Errorf("only %d single and %d list flags tried", once, lists)
	}
	// Short and long names are one flag.
	if _, errOut, code := runCLI(t, "space", "-n", "5", "--trials", "6"); code != exitUsage || !strings.Contains(errOut, "--trials given twice") {
		t.Errorf("-n 5 --trials 6: exit %d, %q", code, errOut)
	}
	// The repeatable flags of the help still repeat.
	for _, args := range [][]string{
		{"vote", "--voter", "a:3:for=1", "--voter", "b:2:against=1", "--exact"},
		{"invade", "-a", "2 dreadnought, 1 carrier, 4 infantry", "--planet", "A: 1 infantry", "--planet", "B: 1 infantry", "-n", "100"},
		{"compare", "space", "--vary", "magen=omega,omega2", "--vary", "nebula=false,true", "-n", "100"},
		{"space", "--attacker-tech", "x89", "--attacker-tech", "duranium-armor", "-n", "100"},
	} {
		if _, errOut, code := runCLI(t, args...); code != exitOK {
			t.Errorf("%q: exit %d: %s", args, code, errOut)
		}
	}
}

// A numeric flag's bad value is named with the flag and what it takes,
// never in strconv's words.
func TestFlagValuesInWords(t *testing.T) {
	if _, errOut, code := runCLI(t, "space", "--seed", "-1"); code != exitUsage || errOut != "ti4sim: space: --seed \"-1\": want a whole number 0..18446744073709551615\n" {
		t.Errorf("--seed -1: exit %d, %q", code, errOut)
	}
	n := 0
	for _, c := range commands() {
		if c.flagSet == nil {
			continue
		}
		for _, line := range commandLines(c)[:1] {
			c.flagSet().VisitAll(func(f *pflag.Flag) {
				switch f.Value.Type() {
				case "int", "int64", "uint64", "float64", "duration":
				default:
					return
				}
				for _, bad := range []string{"lots", "99999999999999999999999", "1.5.2", "-1e999"} {
					args := append(append([]string(nil), line...), "--"+f.Name, bad)
					_, errOut, code := runCLI(t, args...)
					n++
					if code != exitUsage || strings.Count(errOut, "\n") != 1 {
						t.Errorf("%q: exit %d, %q", args, code, errOut)
					}
					for _, w := range []string{"strconv", "Parse", "invalid syntax", "time:", "invalid argument"} {
						if strings.Contains(errOut, w) {
							t.Errorf("%q: %q shows %q", args, errOut, w)
						}
					}
				}
			})
		}
	}
	if n < 40 {
		t.Errorf("only %d bad values tried", n)
	}
}
