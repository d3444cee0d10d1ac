package main

import "testing"

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
