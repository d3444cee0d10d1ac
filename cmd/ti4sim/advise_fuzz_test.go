package main

import "testing"

// FuzzAdviseHandler: whatever the body of POST /v1/advise, the service
// answers 200 or 4xx with JSON, never 5xx. A fight past 2000 joint states
// is simulated, and the trials of all its fleets together are at most
// 2000, so a big question is refused at once.
func FuzzAdviseHandler(f *testing.F) {
	fuzzRoute(f, "/v1/advise", 2000, []string{
		`{"version":1,"scenario":{"version":1,"action":"space","attacker":{"fleet":[]},"defender":{"fleet":[{"unit":"cruiser","count":2}]}},"limits":{"resources":5,"fleet_pool":2}}`,
		`{"version":1,"scenario":{"version":1,"action":"invade","attacker":{"fleet":[{"unit":"carrier","count":1}]},"defender":{"fleet":[{"unit":"infantry","count":2},{"unit":"pds","count":1}]},"run":{"trials":100}},"limits":{"resources":4,"space_dock":1},"target":0.5,"method":"trials"}`,
		`{"version":1,"scenario":{"version":1,"action":"space","attacker":{"fleet":[],"faction":"muaat","technologies":["fighter-ii"]},"defender":{"fleet":[{"unit":"destroyer","count":3}]}},"limits":{"resources":13,"production":3,"supply":{"war sun":1},"build":["war sun","fighter"]},"keep":2}`,
		`{"version":1,"scenario":{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":9}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]}},"limits":{"resources":100}}`,
		`{"version":1,"scenario":null,"limits":{"resources":1e30}}`, `{}`, `[]`, "",
		`{"version":1,"scenario":{"version":1,"action":"space","attacker":{"fleet":[]},"defender":{"fleet":[{"unit":"cruiser","count":2}]}},"limits":{"resources":5,"resources":6,"supply":{"mech":1.0}},"keep":2.0}`,
	})
}
