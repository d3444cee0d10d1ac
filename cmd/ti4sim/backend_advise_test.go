package main

import (
	"context"
	"errors"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service/endpoint"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
)

// mustShowDoc is the Must show question as an advise document.
const mustShowDoc = `{"version":1,"scenario":{"version":1,"action":"space","attacker":{"fleet":[]},` +
	`"defender":{"fleet":[{"unit":"dreadnought","count":1},{"unit":"cruiser","count":2},{"unit":"destroyer","count":2},{"unit":"fighter","count":3}],"technologies":["pds-ii"],"adjacent_pds":1}},` +
	`"limits":{"resources":12,"production":8,"fleet_pool":4}}`

// An advise document answered by the backend is the command line's
// -o json for the same flags (the elapsed time masked).
func TestBackendAdviseMatchesCLI(t *testing.T) {
	for _, tc := range []struct {
		doc  string
		args []string
	}{
		{mustShowDoc, append(append([]string{}, mustShowArgs...), "-o", "json")},
		{`{"version":1,"scenario":{"version":1,"action":"invade","attacker":{"fleet":[{"unit":"carrier","count":1}]},"defender":{"fleet":[{"unit":"infantry","count":3},{"unit":"pds","count":1}]},"run":{"trials":3000,"seed":4}},` +
			`"limits":{"resources":6,"supply":{"mech":1},"build":["infantry","mech","destroyer"]},"target":0.8,"keep":2,"method":"trials"}`,
			[]string{"advise", "invade", "-a", "1 carrier", "-d", "3 infantry, 1 pds", "--resources", "6", "--supply", "mech=1", "--build", "infantry,mech,destroyer", "--target", "0.8", "--keep", "2", "--method", "trials", "-n", "3000", "--seed", "4", "-o", "json"}},
	} {
		want, errOut, code := runCLI(t, tc.args...)
		if code != 0 {
			t.Fatalf("CLI %q: exit %d: %s", tc.args, code, errOut)
		}
		got, err := answer.NewBackend().Advise(context.Background(), []byte(tc.doc), testLimits)
		if err != nil {
			t.Fatal(err)
		}
		if maskElapsed(string(got)) != maskElapsed(want) {
			t.Errorf("document and command line differ:\n--- document ---\n%s\n--- command line ---\n%s", got, want)
		}
	}
}

// TestBackendAdviseInputErrors: an advise document's faults name their
// JSON path, the fight's under "scenario.".
func TestBackendAdviseInputErrors(t *testing.T) {
	const fight = `"scenario":{"version":1,"action":"space","attacker":{"fleet":[]},"defender":{"fleet":[{"unit":"cruiser","count":2}]}}`
	for _, tc := range []struct{ doc, path, has string }{
		{`{"version":1,` + fight + `}`, "limits", "missing: required"},
		{`{"version":1,` + fight + `,"limits":{"resources":200}}`, "limits.resources", "out of range 1..100"},
		{`{"version":1,` + fight + `,"limits":{"resources":5,"production":3,"space_dock":2}}`, "limits.space_dock", "not both"},
		{`{"version":1,` + fight + `,"limits":{"resources":5,"supply":{"frigate":2}}}`, "limits.supply.frigate", "unknown unit"},
		{`{"version":1,` + fight + `,"limits":{"resources":5,"supply":{"cruiser":99}}}`, "limits.supply.cruiser", "0..50"},
		{`{"version":1,` + fight + `,"limits":{"resources":5,"build":["banana"]}}`, "limits.build[0]", "unknown unit"},
		{`{"version":1,` + fight + `,"limits":{"resources":5,"build":["infantry"]}}`, "limits.build", "no part in a space combat"},
		{`{"version":1,` + fight + `,"limits":{"resources":5},"target":1.5}`, "target", "out of range"},
		{`{"version":1,` + fight + `,"limits":{"resources":5},"method":"fast"}`, "method", "not a method"},
		{`{"version":1,` + fight + `,"limits":{"resources":5},"colour":"red"}`, "colour", "unknown"},
		{`{"version":1,"scenario":{"version":1,"action":"ground","attacker":{"fleet":[]},"defender":{"fleet":[{"unit":"infantry","count":2}]}},"limits":{"resources":5}}`, "scenario.action", "space combat or an invasion"},
		{`{"version":1,"scenario":{"version":1,"action":"space","attacker":{"fleet":[]},"defender":{"fleet":[{"unit":"cruiser","count":0}]}},"limits":{"resources":5}}`, "scenario.defender.fleet[0].count", "1..99"},
		{`{"version":1,"scenario":{"version":1,"action":"space","attacker":{"fleet":[]},"defender":{"fleet":[{"unit":"cruiser","count":1}],"faction":"sardak"}},"limits":{"resources":5}}`, "scenario.defender.faction", "sardak"},
		{`{"version":1,"scenario":{"version":1,"action":"space","attacker":{"fleet":[],"cards":[{"name":"emergency-repairs"}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]},"run":{"trials":600000}},"limits":{"resources":20},"method":"trials"}`, "scenario.run.trials", "at most 1000000"},
		{`{"version":1,"scenario":{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":2}]},"defender":{"fleet":[{"unit":"cruiser","count":2}]}},"limits":{"resources":5,"fleet_pool":1}}`, "", "exceed the fleet pool"},
	} {
		_, err := answer.NewBackend().Advise(context.Background(), []byte(tc.doc), testLimits)
		var in *endpoint.InputError
		if !errors.As(err, &in) || in.Path != tc.path || !strings.Contains(in.Msg, tc.has) {
			t.Errorf("%s:\n got %#v\nwant path %q msg containing %q", tc.doc, err, tc.path, tc.has)
		}
	}
}
