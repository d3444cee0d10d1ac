package web_test

import (
	"encoding/json"
	"reflect"
	"testing"
)

// A share link with every input set opens into the form and reads back as
// the same document: each control reads into the document what it was
// written from. Three documents hold every input between them (a TI4
// invasion of two planets simulated to a precision, a TI4 one-planet
// invasion solved exactly only, a TI3 invasion with leaders and an optimal
// policy, which is solved exactly), each list in the order the form lists
// it.
var roundTripDocs = map[string]string{
	"ti4 planets": `{"version":1,"action":"invade","ruleset":"ti4",
 "printings":{"magen":"omega","x89":"original","direct-hit":"original","harrow":"original","matriarch":"original","iconoclast":"omega","milor":"original"},
 "system":{"nebula":true,
  "planets":[{"name":"Arinam","cultural":true,"units":[{"unit":"mech","count":1,"damaged":1},{"unit":"infantry","count":2,"upgraded":true},{"unit":"pds","count":1}]},
             {"name":"Meer","units":[{"unit":"infantry","count":3}]}],
  "commit":"secure:0.8","bombard":"Meer"},
 "attacker":{"fleet":[{"unit":"infantry","count":6},{"unit":"carrier","count":2},{"unit":"dreadnought","count":2,"upgraded":true,"damaged":1}],
  "faction":"yin","technologies":["impulse-core","x89-bacterial-weapon","dreadnought-ii"],
  "cards":[{"name":"blitz"},{"name":"morale-boost","copies":2}],
  "order":"carrier, infantry","choices":["devotion=always","impulse-core=never"],"retreat":"after=2",
  "modifier":1,"all_rolls_modifier":-1,"trade_goods":3,"influence":2,"adjacent_pds":1,"pds":1},
 "defender":{"fleet":[{"unit":"cruiser","count":2}],"faction":"last-bastion","technologies":["magen-defense-grid"],
  "cards":[{"name":"bunker"}],"order":"cruiser","choices":["emergency-repairs=start","exotrireme-ii=never"],
  "modifier":-1,"all_rolls_modifier":2,"trade_goods":1,"influence":4,"adjacent_pds":2,"galvanized":[{"unit":"cruiser","count":1}]},
 "run":{"trials":5000,"seed":3,"precision":0.01,"rounds":4}}`,
	"ti4 exact only": `{"version":1,"action":"invade","ruleset":"ti4",
 "system":{"entropic_scar":true,"cultural":true},
 "attacker":{"fleet":[{"unit":"infantry","count":3},{"unit":"carrier","count":1}],"technologies":["graviton-laser-system"],"policy":"optimal"},
 "defender":{"fleet":[{"unit":"infantry","count":2},{"unit":"pds","count":1}],"retreat":"never"},
 "run":{"exact":true,"rounds":2}}`,
	"ti3": `{"version":1,"action":"invade","ruleset":"ti3-sa","printings":{"ti3-flagships":"sa42"},
 "system":{"space_mine":true,"negate_mine_hits":true,"ion_storm":true,"wormhole":true,"home_system":true,"commandos":1},
 "attacker":{"fleet":[{"unit":"infantry","count":3},{"unit":"shock troop","count":2},{"unit":"carrier","count":1},{"unit":"dreadnought","count":1},{"unit":"war sun","count":2,"damaged":1,"damaged_twice":1}],
  "faction":"jol-nar","technologies":["assault-cannon","hylar-v-assault-laser"],"cards":[{"name":"morale-boost"}],
  "leaders":["admiral:dreadnought","general:no-rerolls"],"command_counters":2,"high_alert":true},
 "defender":{"fleet":[{"unit":"infantry","count":2},{"unit":"pds","count":1}],"leaders":["scientist:adjacent"],"adjacent_pds":1,"policy":"optimal"},
 "run":{"exact":true}}`,
}

func TestBrowserInputsRoundTrip(t *testing.T) {
	c := requireStatic(t) // the WebAssembly engine: what it answers is not the matter here
	for name, text := range roundTripDocs {
		t.Run(name, func(t *testing.T) {
			var want any
			if err := json.Unmarshal([]byte(text), &want); err != nil {
				t.Fatal(err)
			}
			doc, _ := json.Marshal(want)
			tb := newTab(t)
			tb.open(shareLink(c.static, "combat", doc))
			if missed := eval[string](tb, `document.getElementById("share-status").textContent`); missed != "" {
				t.Errorf("the page says %q", missed)
			}
			back := linkDocument(t, tb.hash(), "combat")
			var got any
			if err := json.Unmarshal(back, &got); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("the form reads back\n%s\nwant\n%s", back, doc)
			}
		})
	}
}
