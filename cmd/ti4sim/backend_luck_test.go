package main

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service/endpoint"
)

// luckSpaceDoc is the space example of luck's tests as a document.
const luckSpaceDoc = `{"version":1,"result":{"scenario":{"version":1,"action":"space",` +
	`"attacker":{"fleet":[{"unit":"dreadnought","count":2},{"unit":"cruiser","count":2}]},"defender":{"fleet":[{"unit":"destroyer","count":3},{"unit":"cruiser","count":2}]}},` +
	`"attacker_left":[],"defender_left":[{"unit":"cruiser","count":1}]}}`

// luckInvadeDoc is luckInvadeArgs as a document.
const luckInvadeDoc = `{"version":1,"result":{"scenario":{"version":1,"action":"invade",` +
	`"attacker":{"fleet":[{"unit":"dreadnought","count":1},{"unit":"carrier","count":1},{"unit":"infantry","count":2}]},"defender":{"fleet":[{"unit":"infantry","count":1}]}},` +
	`"attacker_left":[{"unit":"dreadnought","count":1},{"unit":"carrier","count":1}],"defender_left":[],"planets":[{"attacker_left":[{"unit":"infantry","count":1}]}]}}`

// A luck document answered by the backend (POST /v1/luck) is the command
// line's -o json for the same flags, byte for byte.
func TestBackendLuckMatchesCLI(t *testing.T) {
	for _, tc := range []struct {
		doc  string
		args []string
	}{
		{luckSpaceDoc, []string{"luck", "space", "-a", "2 dreadnought, 2 cruiser", "-d", "3 destroyer, 2 cruiser", "--attacker-left", "", "--defender-left", "1 cruiser"}},
		{`{"version":1,"result":{"scenario":{"version":1,"action":"ground","attacker":{"fleet":[{"unit":"infantry","count":4}]},"defender":{"fleet":[{"unit":"infantry","count":3}]},"run":{"trials":3000,"seed":5}},"attacker_left":[],"defender_left":[{"unit":"infantry","count":1}]}}`,
			[]string{"luck", "ground", "-a", "4 infantry", "-d", "3 infantry", "--attacker-left", "", "--defender-left", "1 infantry", "-n", "3000", "--seed", "5"}},
		{luckInvadeDoc, luckInvadeArgs},
		{`{"version":1,"result":{"scenario":{"version":1,"action":"invade","attacker":{"fleet":[{"unit":"carrier","count":2},{"unit":"infantry","count":4}]},"defender":{"fleet":[{"unit":"destroyer","count":1}]},` +
			`"system":{"planets":[{"name":"A","units":[{"unit":"infantry","count":2}]},{"name":"B","units":[{"unit":"infantry","count":1}]}]},"run":{"trials":3000,"seed":5}},` +
			`"attacker_left":[{"unit":"carrier","count":2}],"defender_left":[],"planets":[{"name":"A","attacker_left":[{"unit":"infantry","count":1}]},{"name":"B","defender_left":[{"unit":"infantry","count":1}]}]}}`,
			[]string{"luck", "invade", "-a", "2 carrier, 4 infantry", "-d", "1 destroyer", "--planet", "A: 2 infantry", "--planet", "B: 1 infantry", "--attacker-left", "2 carrier", "--defender-left", "",
				"--attacker-on", "A: 1 infantry", "--defender-on", "B: 1 infantry", "-n", "3000", "--seed", "5"}},
		{`{"version":1,"roll":{"dice":[{"n":3,"hits_on":6},{"n":2,"hits_on":9,"reroll":true}],"hits":1}}`, []string{"luck", "roll", "--dice", "3 at 6, 2 at 9 reroll", "--hits", "1"}},
		{`{"version":1,"totals":{"expected_hits_x10":512,"actual_hits":38}}`, []string{"luck", "totals", "--expected-x10", "512", "--actual", "38"}},
	} {
		want, errOut, code := runCLI(t, append(tc.args, "-o", "json")...)
		if code != 0 {
			t.Fatalf("CLI %q: exit %d: %s", tc.args, code, errOut)
		}
		got, err := answer.NewBackend().Luck(context.Background(), []byte(tc.doc), testLimits)
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != want {
			t.Errorf("document and command line differ:\n--- document ---\n%s\n--- command line ---\n%s", got, want)
		}
	}
}

// TestBackendLuckInputErrors: a luck document's faults name their JSON
// path, the battle's under "result.scenario.".
func TestBackendLuckInputErrors(t *testing.T) {
	const battle = `"scenario":{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":1}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]}}`
	const invasion = `"scenario":{"version":1,"action":"invade","attacker":{"fleet":[{"unit":"carrier","count":1},{"unit":"infantry","count":2}]},"defender":{"fleet":[{"unit":"infantry","count":1}]}}`
	const system = `"scenario":{"version":1,"action":"invade","attacker":{"fleet":[{"unit":"carrier","count":1},{"unit":"infantry","count":2}]},"defender":{"fleet":[]},` +
		`"system":{"planets":[{"name":"A","units":[{"unit":"infantry","count":1}]},{"name":"B","units":[{"unit":"infantry","count":1}]}]}}`
	for _, tc := range []struct{ doc, path, has string }{
		{`{"version":1}`, "", "exactly one of result, roll and totals"},
		{`{"version":1,"roll":{"dice":[{"n":1,"hits_on":5}],"hits":0},"totals":{"expected_hits_x10":5,"actual_hits":0}}`, "", "exactly one"},
		{`{"version":1,"roll":{"dice":[],"hits":0}}`, "roll.dice", ""},
		{`{"version":1,"roll":{"dice":[{"n":2,"hits_on":5}],"hits":3}}`, "roll.hits", "0..2"},
		{`{"version":1,"roll":{"dice":[{"n":2,"hits_on":12}],"hits":0}}`, "roll.dice[0].hits_on", ""},
		{`{"version":1,"totals":{"expected_hits_x10":5,"actual_hits":6}}`, "totals.actual_hits", "0..5"},
		{`{"version":1,"totals":{"actual_hits":0}}`, "totals.expected_hits_x10", "missing"},
		{`{"version":1,"result":{` + battle + `,"attacker_left":[{"unit":"cruiser","count":2}],"defender_left":[]}}`, "result.attacker_left", "the side had 1"},
		{`{"version":1,"result":{` + battle + `,"attacker_left":[{"unit":"frigate","count":1}],"defender_left":[]}}`, "result.attacker_left[0].unit", "frigate"},
		{`{"version":1,"result":{` + battle + `,"attacker_left":[]}}`, "result.defender_left", "missing"},
		{`{"version":1,"result":{` + battle + `,"attacker_left":[],"defender_left":[],"planets":[{"attacker_left":[{"unit":"infantry","count":1}]}]}}`, "result.planets", "only an invasion"},
		{`{"version":1,"result":{` + invasion + `,"attacker_left":[],"defender_left":[],"planets":[{"name":"Mecatol"}]}}`, "result.planets[0].name", "leave the name out"},
		{`{"version":1,"result":{` + system + `,"attacker_left":[],"defender_left":[],"planets":[{"name":"C"}]}}`, "result.planets[0].name", "the planets: A, B"},
		{`{"version":1,"result":{` + system + `,"attacker_left":[],"defender_left":[],"planets":[{"name":"a"},{"name":"A "}]}}`, "result.planets[1].name", "given twice"},
		{`{"version":1,"result":{` + system + `,"attacker_left":[],"defender_left":[],"planets":[{"name":"B","attacker_left":[{"unit":"carrier","count":1}]}]}}`, "result.planets[0].attacker_left", "only ground forces"},
		{`{"version":1,"result":{` + system + `,"attacker_left":[],"defender_left":[],"planets":[{"name":"B","defender_left":[{"unit":"infantry","count":0}]}]}}`, "result.planets[0].defender_left[0].count", "out of range"},
		{`{"version":1,"result":{` + system + `,"attacker_left":[],"defender_left":[],"planets":[{"name":"B","defender_left":[{"unit":"infantry","count":2}]}]}}`, "result.planets[0].defender_left", "2 infantry left on B, but the defender had 1"},
		{`{"version":1,"result":{` + system + `,"attacker_left":[{"unit":"infantry","count":2}],"defender_left":[],"planets":[{"name":"B","attacker_left":[{"unit":"infantry","count":1}]}]}}`, "result.attacker_left", "3 infantry left in space and on the planets together, but the attacker had 2"},
		{`{"version":1,"result":{` + invasion + `,"attacker_left":[],"defender_left":[{"unit":"infantry","count":1}]}}`, "result.defender_left", "give them in result.planets"},
		{`{"version":1,"result":{"scenario":{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":1}],"faction":"sardak"},"defender":{"fleet":[{"unit":"cruiser","count":1}]}},"attacker_left":[],"defender_left":[]}}`, "result.scenario.attacker.faction", "sardak"},
		{`{"version":1,"result":{"scenario":{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":1}]},"defender":{"fleet":[{"unit":"cruiser","count":1}],"retreat":"after=2"}},"attacker_left":[],"defender_left":[]}}`, "result.scenario.defender.retreat", "fought to their end"},
		{`{"version":1,"result":{"scenario":{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":1}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]},"run":{"trials":5000000}},"attacker_left":[],"defender_left":[]}}`, "result.scenario.run.trials", "at most"},
	} {
		_, err := answer.NewBackend().Luck(context.Background(), []byte(tc.doc), testLimits)
		var in *endpoint.InputError
		if !errors.As(err, &in) || in.Path != tc.path || !strings.Contains(in.Msg, tc.has) {
			t.Errorf("%s:\n got %#v\nwant path %q msg containing %q", tc.doc, err, tc.path, tc.has)
		}
	}
}
