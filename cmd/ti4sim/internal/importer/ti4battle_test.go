package importer

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/combat"
)

// mustImport imports link and fails the test on an error.
func mustImport(t *testing.T, link string) (scenario.Combat, []string) {
	t.Helper()
	doc, warnings, err := TI4Battle(link)
	if err != nil {
		t.Fatalf("TI4Battle(%q): %v", link, err)
	}
	return doc, warnings
}

// asJSON is the document as compact JSON, for comparisons.
func asJSON(t *testing.T, doc scenario.Combat) string {
	t.Helper()
	b, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

const twoFleets = "attacker-faction=Sol&attacker-unit-dreadnought=2&defender-faction=Hacan&defender-unit-cruiser=3"

// The link may be the page's address in any of its forms, or its query.
func TestTI4BattleLinkForms(t *testing.T) {
	want := `{"version":1,"action":"space","ruleset":"ti4","system":{},` +
		`"attacker":{"fleet":[{"unit":"dreadnought","count":2}],"faction":"sol"},` +
		`"defender":{"fleet":[{"unit":"cruiser","count":3}],"faction":"hacan"},"run":{}}`
	for _, l := range []string{
		"https://ti4battle.com/?" + twoFleets,
		"http://ti4battle.com/?" + twoFleets,
		"https://www.ti4battle.com/?" + twoFleets + "#top",
		"ti4battle.com/?" + twoFleets,
		"  https://TI4BATTLE.com/?" + twoFleets + "\n",
		"?" + twoFleets,
		twoFleets,
		twoFleets + "&",
	} {
		doc, warnings := mustImport(t, l)
		if got := asJSON(t, doc); got != want {
			t.Errorf("%q:\n got %s\nwant %s", l, got, want)
		}
		if len(warnings) != 0 {
			t.Errorf("%q: warnings %q", l, warnings)
		}
	}
}

// Names and values are form-decoded: "+" is a space, %XX a byte.
func TestTI4BattleFormDecoding(t *testing.T) {
	doc, warnings := mustImport(t, "attacker-faction=Sardakk+N%27orr&attacker-unit-dreadnought=1&attacker-effect-Plasma+Scoring=1"+
		"&defender-faction=Vuil%27Raith&defender-unit-carrier=1&defender-effect-Antimass%20Deflectors=1&defender-%65ffect-Waylay=%31")
	if len(warnings) != 0 {
		t.Errorf("warnings %q", warnings)
	}
	a, d := doc.Attacker, doc.Defender
	if a.Faction != "sardakk" || d.Faction != "vuil-raith" {
		t.Errorf("factions %q, %q", a.Faction, d.Faction)
	}
	if !slices.Equal(a.Technologies, []string{"plasma-scoring"}) || !slices.Equal(d.Technologies, []string{"antimass-deflectors"}) {
		t.Errorf("technologies %q, %q", a.Technologies, d.Technologies)
	}
	if len(d.Cards) != 1 || d.Cards[0].Name != "waylay" {
		t.Errorf("defender cards %+v", d.Cards)
	}
}

// Every parameter kind lands in its field.
func TestTI4BattleParameters(t *testing.T) {
	doc, warnings := mustImport(t, "https://ti4battle.com/?attacker-faction=Nomad&attacker-unit-flagship=1&attacker-unit-dreadnought=3"+
		"&attacker-unit-fighter=4&attacker-damaged-dreadnought=2&attacker-damaged-flagship=1&attacker-upgrade-flagship=true"+
		"&attacker-upgrade-fighter=true&attacker-upgrade-dreadnought=false&attacker-upgrade-cruiser=true&attacker-risk-direct-hit=false"+
		"&attacker-effect-Direct+Hit=2&attacker-effect-Memoria+II=1&effect-Publicize+Weapon+Schematics=1&effect-Entropic+Scar=1"+
		"&defender-faction=Last+Bastion&defender-unit-warsun=1&defender-unit-pds=2&defender-galvanized-warsun=1"+
		"&defender-risk-direct-hit=true&defender-effect-Defending+in+nebula=1&defender-effect-Shields+Holding=3")
	if len(warnings) != 0 {
		t.Errorf("warnings %q", warnings)
	}
	want := `{"version":1,"action":"space","ruleset":"ti4","system":{"nebula":true,"entropic_scar":true},` +
		`"attacker":{"fleet":[{"unit":"flagship","count":1,"upgraded":true,"damaged":1},{"unit":"dreadnought","count":3,"damaged":2},{"unit":"fighter","count":4,"upgraded":true}],` +
		`"faction":"nomad","technologies":["cruiser-ii"],"cards":[{"name":"direct-hit","copies":2},{"name":"the-cavalry","copies":2},{"name":"publicize-weapon-schematics"}],"order":"sustain=last"},` +
		`"defender":{"fleet":[{"unit":"war sun","count":1},{"unit":"pds","count":2}],"faction":"last-bastion",` +
		`"cards":[{"name":"publicize-weapon-schematics"},{"name":"shields-holding","copies":3}],"galvanized":[{"unit":"war sun","count":1}]},"run":{}}`
	if got := asJSON(t, doc); got != want {
		t.Errorf("\n got %s\nwant %s", got, want)
	}
	if _, err := testScenario(doc); err != nil {
		t.Errorf("invalid scenario: %v", err)
	}
}

// place: Ground (any case) is the fight for the planet; space the default.
func TestTI4BattlePlace(t *testing.T) {
	for _, c := range []struct {
		query, action string
		warn          string
	}{
		{"attacker-faction=Sol&attacker-unit-infantry=2&defender-faction=Xxcha&defender-unit-infantry=1&place=Ground", "ground", ""},
		{"attacker-faction=Sol&attacker-unit-infantry=2&defender-faction=Xxcha&defender-unit-infantry=1&place=ground", "ground", ""},
		{"attacker-faction=Sol&attacker-unit-infantry=2&defender-faction=Xxcha&defender-unit-infantry=1&place=GROUND", "ground", ""},
		// The attacker's ships bombard: an invasion.
		{"attacker-faction=Sol&attacker-unit-dreadnought=1&attacker-unit-infantry=2&defender-faction=Xxcha&defender-unit-infantry=1&place=ground", "invade", ""},
		// The defender's PDS fire space cannon defense: an invasion.
		{"attacker-faction=Sol&attacker-unit-infantry=2&defender-faction=Xxcha&defender-unit-infantry=1&defender-unit-pds=1&place=ground", "invade", ""},
		// The defender's ships are not in ti4battle's ground combat.
		{"attacker-faction=Sol&attacker-unit-infantry=2&defender-faction=Xxcha&defender-unit-infantry=1&defender-unit-carrier=1&place=ground", "ground", "defender: 1 carrier: ships take no part in ti4battle's ground combat; ignored"},
		{"attacker-faction=Sol&attacker-unit-carrier=1&defender-faction=Xxcha&defender-unit-carrier=1&place=Space", "space", ""},
		{"attacker-faction=Sol&attacker-unit-carrier=1&defender-faction=Xxcha&defender-unit-carrier=1&place=Orbit", "space", `parameter "place": "Orbit" is neither Ground nor Space; read as space, as ti4battle does`},
		// Ground forces are not in ti4battle's space combat.
		{"attacker-faction=Sol&attacker-unit-carrier=1&attacker-unit-infantry=2&defender-faction=Xxcha&defender-unit-carrier=1", "space", "attacker: 2 infantry: ti4battle's space combat leaves ground forces out; ignored"},
		{"attacker-faction=Barony+of+Letnev&attacker-unit-carrier=1&attacker-unit-mech=1&defender-faction=Xxcha&defender-unit-carrier=1", "space", "attacker: 1 mech: ti4battle's space combat leaves ground forces out; ignored"},
		{"attacker-faction=Naalu&attacker-unit-carrier=1&attacker-unit-mech=1&defender-faction=Xxcha&defender-unit-carrier=1", "space", "attacker: 1 mech: ti4battle's space combat leaves ground forces out; ignored"},
		// Except the mechs whose text acts in a space combat, which
		// ti4battle counts there (ti4calc issue 24): the Nomad's, the
		// Xxcha's, and the Naalu's with its Codex mech.
		{"attacker-faction=Nomad&attacker-unit-carrier=1&attacker-unit-mech=1&defender-faction=Xxcha&defender-unit-carrier=1&defender-unit-mech=2", "space", ""},
		{"attacker-faction=Naalu&attacker-unit-carrier=1&attacker-unit-mech=1&attacker-effect-Codex+mech=1&defender-faction=Xxcha&defender-unit-carrier=1", "space", ""},
	} {
		doc, warnings := mustImport(t, c.query)
		if mechs := strings.Count(asJSON(t, doc), `"unit":"mech"`); c.warn == "" && mechs != strings.Count(c.query, "-unit-mech=") {
			t.Errorf("%q: %d sides with mechs in %s", c.query, mechs, asJSON(t, doc))
		}
		if doc.Action != c.action {
			t.Errorf("%q: action %q, want %q", c.query, doc.Action, c.action)
		}
		if c.warn == "" && len(warnings) > 0 || c.warn != "" && !slices.Contains(warnings, c.warn) {
			t.Errorf("%q: warnings %q, want %q", c.query, warnings, c.warn)
		}
		if _, err := testScenario(doc); err != nil {
			t.Errorf("%q: invalid scenario: %v", c.query, err)
		}
	}
}

// What cannot be read as ti4battle meant it is named in a warning.
func TestTI4BattleWarnings(t *testing.T) {
	for _, c := range []struct{ query, want string }{
		{"attacker-unit-carrier=1&defender-faction=Hacan&defender-unit-carrier=1",
			"attacker: no faction given: generic units (ti4battle.com would use the faction last chosen in the browser)"},
		{"attacker-faction=Lizix&attacker-unit-carrier=1&defender-faction=Hacan&defender-unit-carrier=1",
			`attacker: faction "Lizix" is unknown to ti4sim; generic units`},
		{"attacker-faction=letnev&attacker-unit-carrier=1&defender-faction=Hacan&defender-unit-carrier=1",
			`attacker: faction "letnev" is not one of ti4battle's names; read as ti4sim's letnev`},
		{twoFleets + "&attacker-color=red", `unknown ti4battle parameter "attacker-color"; ignored`},
		{twoFleets + "&zoom=2", `unknown ti4battle parameter "zoom"; ignored`},
		{twoFleets + "&attacker-unit-spacedock=1", `parameter "attacker-unit-spacedock": unknown ti4battle unit "spacedock"; ignored`},
		{twoFleets + "&attacker-unit-other=1", `parameter "attacker-unit-other": "other" is ti4battle's internal placeholder, not a unit; ignored`},
		{twoFleets + "&attacker-effect-Obsidian+Agent=1", `ti4battle effect "Obsidian Agent" (card Obsidian agent) is not modelled by ti4sim; ignored`},
		{twoFleets + "&attacker-effect-Warp+Drive=1", `unknown ti4battle effect "Warp Drive"; ignored`},
		{twoFleets + "&attacker-effect-Bunker=1", `ti4battle effect "Bunker" (card Bunker) acts only in ground battles there; ignored in a space battle`},
		{twoFleets + "&attacker-effect-Supercharge=1", `attacker: ti4battle effect "Supercharge" (card Supercharge (Naaz-Rokha technology)) is the naaz-rokha's, and ti4battle applies it to that faction only; ignored`},
		{twoFleets + "&effect-Devotion=1", `ti4battle effect "Devotion" (card Devotion (Yin ability)) is the yin's, and ti4battle applies it to that faction only; ignored`},
		{twoFleets + "&defender-damaged-cruiser=1", "defender: damaged-cruiser=1: the cruiser has no Sustain Damage, and ti4battle damages only units that have it; ignored"},
		{twoFleets + "&attacker-damaged-dreadnought=5", "attacker: damaged-dreadnought=5 but only 2 dreadnought; 2 damaged"},
		{twoFleets + "&attacker-damaged-warsun=1", "attacker: damaged-warsun=1 but no war sun; ignored"},
		{twoFleets + "&attacker-upgrade-warsun=true", "attacker: ti4battle has no upgrade for the war sun; upgrade-warsun ignored"},
		{twoFleets + "&attacker-upgrade-flagship=true", "attacker: only the Nomad's flagship has an upgrade (Memoria II); upgrade-flagship ignored"},
		{twoFleets + "&defender-galvanized-cruiser=1", "defender: galvanized-cruiser=1: in ti4sim only the Last Bastion galvanize (or a holder of their Raise the Standard); ignored"},
		{"https://example.com/?" + twoFleets, `the link is to "example.com", not ti4battle.com; its query is read as ti4battle's`},
		{"https://ti4battle.com/battle?" + twoFleets, `the link's path "/battle" is not ti4battle's page "/"; its query is read as ti4battle's`},
		{"attacker-faction=Sol&defender-faction=Hacan&defender-unit-cruiser=1", "attacker has no units: the battle cannot be run as it is"},
		{"attacker-faction=Barony+of+Letnev&attacker-unit-infantry=2&attacker-effect-Mech+deploy=1&defender-faction=Hacan&defender-unit-infantry=3&place=ground",
			`attacker: ti4battle effect "Mech deploy" (card Dunlain Reaper): ti4sim deploys the Letnev mech only for a side whose fleet has one; ignored`},
		{"attacker-faction=Barony+of+Letnev&attacker-unit-infantry=2&attacker-unit-mech=1&attacker-effect-Mech+deploy=25&defender-faction=Hacan&defender-unit-infantry=3&place=ground",
			"attacker: ti4battle's Mech deploy=25: ti4sim deploys at most 20; 20"},
		{twoFleets + "&place=moon", `parameter "place": "moon" is neither Ground nor Space; read as space, as ti4battle does`},
	} {
		_, warnings, err := TI4Battle(c.query)
		if err != nil {
			t.Errorf("%q: %v", c.query, err)
			continue
		}
		if !slices.Contains(warnings, c.want) {
			t.Errorf("%q: warnings\n%q\nwant %q", c.query, warnings, c.want)
		}
	}
}

// Malformed links are errors naming the parameter at fault, on one line.
func TestTI4BattleErrors(t *testing.T) {
	for _, c := range []struct{ link, want string }{
		{"", "empty link"},
		{"   ", "empty link"},
		{"hello", `"hello" is neither a ti4battle.com link nor its query`},
		{"https://ti4battle.com/", "holds no battle"},
		{"https://ti4battle.com", "holds no battle"},
		{"ftp://ti4battle.com/?a=1", "malformed link"},
		{"https://ti4battle.com/?&&", "holds no parameters"},
		{twoFleets + "&attacker-unit-fighter=3abc", `parameter "attacker-unit-fighter": "3abc" is not a whole number`},
		{twoFleets + "&attacker-unit-fighter=", `parameter "attacker-unit-fighter": "" is not a whole number`},
		{twoFleets + "&attacker-unit-fighter=2.5", `parameter "attacker-unit-fighter": "2.5" is not a whole number`},
		{twoFleets + "&attacker-unit-fighter=-1", `parameter "attacker-unit-fighter": -1 out of range: allowed 0..99`},
		{twoFleets + "&attacker-unit-fighter=100", `parameter "attacker-unit-fighter": 100 out of range: allowed 0..99`},
		{twoFleets + "&attacker-damaged-fighter=x", `parameter "attacker-damaged-fighter": "x" is not a whole number`},
		{twoFleets + "&attacker-galvanized-fighter=1e2", `parameter "attacker-galvanized-fighter": "1e2" is not a whole number`},
		{twoFleets + "&attacker-effect-Direct+Hit=many", `parameter "attacker-effect-Direct Hit": "many" is not a whole number`},
		{twoFleets + "&effect-Entropic+Scar=-3", `parameter "effect-Entropic Scar": -3 out of range`},
		{twoFleets + "&attacker-unit-other=x", `parameter "attacker-unit-other": "x" is not a whole number`},
		{twoFleets + "&attacker-upgrade-fighter=yes", `parameter "attacker-upgrade-fighter": "yes"; allowed true or false`},
		{twoFleets + "&defender-risk-direct-hit=0", `parameter "defender-risk-direct-hit": "0"; allowed true or false`},
		{twoFleets + "&attacker-unit-dreadnought=3", `parameter "attacker-unit-dreadnought" given twice`},
		{twoFleets + "&attacker-unit-dread%6Eought=3", `parameter "attacker-unit-dreadnought" given twice`},
		{twoFleets + "&attacker-effect-Plasma%2GScoring=1", `parameter "attacker-effect-Plasma%2GScoring": malformed %-encoding in its name`},
		{twoFleets + "&attacker-unit-fighter=%zz", `parameter "attacker-unit-fighter": malformed %-encoding in its value "%zz"`},
	} {
		_, _, err := TI4Battle(c.link)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("TI4Battle(%q): %v, want %q", c.link, err, c.want)
			continue
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("TI4Battle(%q): error on several lines: %q", c.link, err)
		}
	}
}

// Effects that stand for board facts or several items come out whole.
func TestTI4BattleSpecialEffects(t *testing.T) {
	for _, c := range []struct{ query, want string }{
		// Arvicon Rex without ti4battle's bonus: the opponent's token is
		// in the Mahact fleet pool.
		{"attacker-faction=Mahact&attacker-unit-flagship=1&defender-faction=Hacan&defender-unit-cruiser=1",
			`"cards":[{"name":"fleet-pool-token"}]`},
		{"attacker-faction=Mahact&attacker-unit-flagship=1&attacker-effect-Mahact+flagship+bonus=1&defender-faction=Hacan&defender-unit-cruiser=1",
			`"attacker":{"fleet":[{"unit":"flagship","count":1}],"faction":"mahact"}`},
		{"attacker-faction=Hacan&attacker-unit-cruiser=1&defender-faction=Hacan&defender-unit-cruiser=1&defender-effect-Experimental+Battlestation=1",
			`"defender":{"fleet":[{"unit":"cruiser","count":1},{"unit":"space dock","count":1}],"faction":"hacan","cards":[{"name":"experimental-battlestation"}]}`},
		{"attacker-faction=Hacan&attacker-unit-cruiser=1&defender-faction=Hacan&defender-unit-cruiser=1&defender-effect-Lightrail+Ordnance=2",
			`"defender":{"fleet":[{"unit":"cruiser","count":1},{"unit":"space dock","count":2}],"faction":"hacan","cards":[{"name":"lightrail-ordnance"}]}`},
		{"attacker-faction=Sol&attacker-unit-dreadnought=1&attacker-unit-infantry=1&defender-faction=Hacan&defender-unit-infantry=1&place=Ground&effect-Conventions+of+War=1",
			`"system":{"cultural":true}`},
		{"attacker-faction=Sol&attacker-unit-infantry=1&defender-faction=Xxcha&defender-unit-infantry=1&defender-effect-Magen+Defense+Grid=1&place=Ground",
			`"printings":{"magen":"omega"}`},
		{"attacker-faction=Naalu&attacker-unit-fighter=1&attacker-effect-Codex+mech=1&defender-faction=Hacan&defender-unit-destroyer=1",
			`"printings":{"iconoclast":"omega"}`},
		{"attacker-faction=Barony+of+Letnev&attacker-unit-dreadnought=1&attacker-effect-Munitions+Reserves=2&defender-faction=Hacan&defender-unit-cruiser=1&defender-effect-Hacan+flagship+trade+goods=3",
			`"trade_goods":4`},
		{"attacker-faction=Barony+of+Letnev&attacker-unit-dreadnought=1&defender-faction=Hacan&defender-unit-cruiser=1&defender-effect-Hacan+flagship+trade+goods=3",
			`"trade_goods":3`},
		{"attacker-faction=Keleres&attacker-unit-cruiser=1&defender-faction=Keleres&defender-unit-cruiser=1&defender-effect-I.I.H.Q.+MODERNIZATION+space+cannon=1",
			`"technologies":["iihq-modernization"],"cards":[{"name":"mecatol-rex"}]`},
		{"attacker-faction=Winnu&attacker-unit-cruiser=1&attacker-effect-Imperator=3&defender-faction=Hacan&defender-unit-cruiser=1",
			`"cards":[{"name":"imperator","copies":3}]`},
		// ti4battle's Letnev "Mech deploy" count is the mechs deployed;
		// without it none is (issue 28 A7b).
		{"attacker-faction=Barony+of+Letnev&attacker-unit-infantry=2&attacker-unit-mech=1&attacker-effect-Mech+deploy=2&defender-faction=Hacan&defender-unit-infantry=3&place=ground",
			`"attacker":{"fleet":[{"unit":"mech","count":1},{"unit":"infantry","count":2}],"faction":"letnev","cards":[{"name":"dunlain-reaper","copies":2}]}`},
		{"attacker-faction=Barony+of+Letnev&attacker-unit-infantry=2&attacker-unit-mech=1&defender-faction=Hacan&defender-unit-infantry=3&place=ground",
			`"attacker":{"fleet":[{"unit":"mech","count":1},{"unit":"infantry","count":2}],"faction":"letnev"}`},
		// A symmetrical effect given to both sides.
		{"attacker-faction=Sol&attacker-unit-warsun=1&defender-faction=Hacan&defender-unit-warsun=1&effect-Articles+of+War=1",
			`"defender":{"fleet":[{"unit":"war sun","count":1}],"faction":"hacan","cards":[{"name":"articles-of-war"}]}`},
		// An upgrade without units of that kind is the technology.
		{"attacker-faction=Sol&attacker-unit-carrier=1&attacker-upgrade-infantry=true&defender-faction=Hacan&defender-unit-cruiser=1",
			`"technologies":["infantry-ii"]`},
	} {
		doc, _ := mustImport(t, c.query)
		if got := asJSON(t, doc); !strings.Contains(got, c.want) {
			t.Errorf("%q:\n got %s\nwant it to contain %s", c.query, got, c.want)
		}
		if _, err := testScenario(doc); err != nil {
			t.Errorf("%q: invalid scenario: %v", c.query, err)
		}
	}
}

// Every effect ti4sim models imports, for a side of its faction in a battle
// where it acts, into a valid scenario: its slugs are ti4sim's.
func TestTI4BattleEveryEffect(t *testing.T) {
	factionName := map[string]string{}
	for name, slug := range ti4battleFactions.Get() {
		factionName[slug] = name
	}
	for name, e := range ti4battleEffects.Get() {
		if e.apply == nil {
			continue
		}
		f := "Sol"
		if e.faction != "" {
			f = factionName[e.faction]
		}
		for side := range 2 {
			var q string
			if e.place == "ground" {
				q = "attacker-faction=" + f + "&attacker-unit-dreadnought=2&attacker-unit-infantry=4&attacker-unit-mech=1" +
					"&defender-faction=" + f + "&defender-unit-infantry=3&defender-unit-mech=1&defender-unit-pds=1&place=Ground"
			} else {
				q = "attacker-faction=" + f + "&attacker-unit-flagship=1&attacker-unit-dreadnought=2&attacker-unit-destroyer=2&attacker-unit-fighter=2" +
					"&defender-faction=" + f + "&defender-unit-flagship=1&defender-unit-cruiser=2&defender-unit-fighter=2&defender-unit-pds=1"
			}
			q += "&" + sideNames[side] + "-effect-" + strings.ReplaceAll(name, " ", "+") + "=1"
			doc, warnings := mustImport(t, q)
			if _, err := testScenario(doc); err != nil {
				t.Errorf("effect %q (%s): invalid scenario: %v\n%s\nwarnings %q", name, sideNames[side], err, asJSON(t, doc), warnings)
			}
		}
	}
}

// ti4battle's X-89 Bacterial Weapon doubles the hits of bombardment and of
// ground combat rolls (pgsandstrom/ti4calc core/battleeffect/tech.ts,
// onBombardmentHit and onHit, since July 2025), which is the Codex IV
// text and ti4sim's default printing: the technology is imported with no
// printing chosen and no warning of a difference.
func TestTI4BattleX89(t *testing.T) {
	doc, warnings := mustImport(t, "attacker-faction=Sol&attacker-unit-dreadnought=1&attacker-unit-infantry=2&attacker-effect-X-89+Bacterial+Weapon=1"+
		"&defender-faction=Hacan&defender-unit-infantry=2&place=Ground")
	if len(warnings) != 0 {
		t.Errorf("warnings %q, want none", warnings)
	}
	if !slices.Contains(doc.Attacker.Technologies, "x89-bacterial-weapon") || doc.Printings != nil {
		t.Errorf("got %s, want the technology and today's printing", asJSON(t, doc))
	}
	sc, err := testScenario(doc)
	if err != nil {
		t.Fatal(err)
	}
	if sc.Printings.X89 != combat.X89Omega2 {
		t.Errorf("printing %v, want %v (Codex IV)", sc.Printings.X89, combat.X89Omega2)
	}
}
