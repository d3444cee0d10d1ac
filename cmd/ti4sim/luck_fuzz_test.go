package main

import (
	"strings"
	"testing"
)

// FuzzLuckHandler: any body POSTed to /v1/luck is answered 200 or 4xx
// with a JSON error naming a path, never a panic or a 5xx (the document
// decoder, its checks, the dice and the battle's units left).
func FuzzLuckHandler(f *testing.F) {
	fuzzRoute(f, "/v1/luck", 2000, []string{
		luckSpaceDoc,
		`{"version":1,"result":{"scenario":{"version":1,"action":"ground","attacker":{"fleet":[{"unit":"infantry","count":3}]},"defender":{"fleet":[{"unit":"infantry","count":2},{"unit":"pds","count":1}]}},"attacker_left":[{"unit":"infantry","count":1}],"defender_left":[{"unit":"pds","count":1}]}}`,
		`{"version":1,"result":{"scenario":{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":1}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]}},"attacker_left":[{"unit":"cruiser","count":7}],"defender_left":null}}`,
		`{"version":1,"roll":{"dice":[{"n":3,"hits_on":6},{"n":2,"hits_on":9,"reroll":true}],"hits":1}}`,
		`{"version":1,"roll":{"dice":[{"n":1000,"hits_on":1}],"hits":1000}}`,
		`{"version":1,"totals":{"expected_hits_x10":512,"actual_hits":38}}`,
		`{"version":1,"totals":{"expected_hits_x10":0,"actual_hits":0}}`,
		`{"version":1,"totals":{"expected_hits_x10":1e30,"actual_hits":-1},"roll":null}`,
		`{}`, `[]`, "", `{"version":1,"result":{}}`,
		luckInvadeDoc,
		`{"version":1,"result":{"scenario":{"version":1,"action":"invade","attacker":{"fleet":[{"unit":"carrier","count":1},{"unit":"infantry","count":2}]},"defender":{"fleet":[]},` +
			`"system":{"planets":[{"name":"A","units":[{"unit":"infantry","count":1},{"unit":"pds","count":1}]},{"name":"B","units":[]}]}},` +
			`"attacker_left":[{"unit":"carrier","count":1}],"defender_left":[],"planets":[{"name":"b","attacker_left":[{"unit":"infantry","count":1}]},{"name":"A","defender_left":[{"unit":"pds","count":1}]}]}}`,
		`{"version":1,"result":{"scenario":{"version":1,"action":"invade","attacker":{"fleet":[{"unit":"carrier","count":1}]},"defender":{"fleet":[]},"system":{"planets":[{"name":"A","units":[]}]}},` +
			`"attacker_left":[],"defender_left":[],"planets":[{"name":"A"},{"name":"a"},{"name":""}]}}`,
	})
}

// FuzzLuckPlanetFlags: any --attacker-on and --defender-on values give an
// answer or a usage error, never a panic or a runtime error.
func FuzzLuckPlanetFlags(f *testing.F) {
	for _, s := range [][2]string{{"A: 1 infantry", "B: 1 infantry"}, {"a:", "A: 9 infantry"}, {":", ""}, {"C: 1 carrier", "B:1 mech"}, {"A: 1 infantry: 2", "b: 1 pds"}} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, att, def string) {
		out, errOut, code := runCLI(t, "luck", "invade", "-a", "1 dreadnought, 1 carrier, 3 infantry", "--planet", "A: 1 infantry", "--planet", "B: 1 infantry, 1 pds",
			"--attacker-left", "1 dreadnought", "--defender-left", "", "--attacker-on", att, "--defender-on", def)
		switch code {
		case exitOK:
			if out == "" || errOut != "" {
				t.Fatalf("%q %q: exit 0, stdout %q stderr %q", att, def, out, errOut)
			}
		case exitUsage:
			if out != "" || !strings.HasPrefix(errOut, "ti4sim: ") || strings.Count(errOut, "\n") != 1 {
				t.Fatalf("%q %q: usage error, stdout %q stderr %q", att, def, out, errOut)
			}
		default:
			t.Fatalf("%q %q: exit %d, stderr %q", att, def, code, errOut)
		}
	})
}

// FuzzLuckDiceFlag: any --dice and --hits give an answer or a usage
// error, never a panic or a runtime error.
func FuzzLuckDiceFlag(f *testing.F) {
	for _, s := range []string{"3 at 6, 2 at 9", "at 9 reroll", "", ",", "1000 at 1", "x at 5", "3 at 12"} {
		f.Add(s, "1")
	}
	f.Fuzz(func(t *testing.T, dice, hits string) {
		out, errOut, code := runCLI(t, "luck", "roll", "--dice", dice, "--hits", hits)
		switch code {
		case exitOK:
			if out == "" || errOut != "" {
				t.Fatalf("%q %q: exit 0, stdout %q stderr %q", dice, hits, out, errOut)
			}
		case exitUsage:
			if out != "" || len(errOut) < 8 || errOut[:8] != "ti4sim: " {
				t.Fatalf("%q %q: usage error, stdout %q stderr %q", dice, hits, out, errOut)
			}
		default:
			t.Fatalf("%q %q: exit %d, stderr %q", dice, hits, code, errOut)
		}
	})
}
