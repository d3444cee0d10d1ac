package importer

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
)

func readTestSave(t testing.TB) *AsyncTI4Game {
	t.Helper()
	f, err := os.Open("testdata/asyncti4/pbd10972.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := ReadAsyncTI4Save(f)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestAsyncTI4Letnev310: tile 310 of the bot's game pbd10972 holds, in
// space, "ppl—ff 1,0", "ppl—ca 2,0", "ppl—dn 2,1" (purple is the Letnev:
// 1 fighter, 2 cruisers, 2 healthy and 1 damaged dreadnought) and, on the
// L1Z1X home planet 0.0.0, "rse—pd 1,0", "rse—gf 10,0", "rse—sd 1,0" (rose
// is the L1Z1X). The Letnev own "dreadnought2" and the technologies
// amd, ps, gd, da, nes, sdn, dn2, fl; the L1Z1X ps, nm, st, gd, sdn2, ff2
// and an unlocked commander (2RAM); Articles of War is a law for all. Of
// the positions next to 310 (207, 309, 311; ring 4 is off this 6-player
// map: TestAdjacentPositions), 207 holds "rse—pd 1,0" on Vega Minor: the
// L1Z1X have 1 adjacent PDS (a PDS I: it cannot reach). The document below
// is written from those lines, not from the importer.
func TestAsyncTI4Letnev310(t *testing.T) {
	doc, warnings, err := AsyncTI4Battle(readTestSave(t), AsyncTI4Options{Tile: "310"})
	if err != nil {
		t.Fatal(err)
	}
	want := scenario.Combat{
		Version: 1, Action: "invade", Ruleset: "ti4",
		System: scenario.System{Planets: []scenario.Planet{{Name: "0.0.0", Units: []scenario.Units{
			{Unit: "pds", Count: 1}, {Unit: "infantry", Count: 10}, {Unit: "space dock", Count: 1}}}}},
		Attacker: scenario.Side{
			Fleet:        []scenario.Units{{Unit: "fighter", Count: 1}, {Unit: "cruiser", Count: 2}, {Unit: "dreadnought", Count: 3, Upgraded: true, Damaged: 1}},
			Faction:      "letnev",
			Technologies: []string{"antimass-deflectors", "plasma-scoring", "duranium-armor", "non-euclidean-shielding", "dreadnought-ii"},
			Cards:        []scenario.Card{{Name: "articles-of-war"}},
		},
		Defender: scenario.Side{
			Fleet:        []scenario.Units{},
			Faction:      "l1z1x",
			Technologies: []string{"plasma-scoring", "dreadnought-ii", "fighter-ii"},
			Cards:        []scenario.Card{{Name: "2ram"}},
			AdjacentPDS:  1,
		},
	}
	if !reflect.DeepEqual(doc, want) {
		t.Errorf("document\n got %+v\nwant %+v", doc, want)
	}
	all := strings.Join(warnings, "\n")
	for _, w := range []string{"other expansions' wormholes", "Viscount Unlenn is ready", "cards in hand", "left out: gd, sdn, fl", "the attacker is taken to be letnev"} {
		if !strings.Contains(all, w) {
			t.Errorf("no warning says %q; warnings:\n%s", w, all)
		}
	}
}

// syntheticSave is a two-player save built for the tests: purple (Letnev)
// and green (Sol) both with ships at 101, where Sol holds two planets.
const syntheticSave = `1
owner
synthetic
-mapinfo-
-gameinfo-
law prophecy,1;conventions,2;
law_info prophecy,sol;
-endgameinfo-
-playerinfo-
-player-
2
name
faction letnev
color purple
tech da,gd
units_owned dreadnought,fighter2
-endplayer-
-player-
3
name
faction sol
color green
tech asc
relics dominusorb
-endplayer-
-endplayerinfo-
-endmapinfo-
-tile-
19 101
-unitholder-
-units-
space
ppl—dn 1,1,1,1
ppl—ff 2
grn—ca 3,0
-endunits-
-planettokens-
-planetendtokens-
-units-
wellon
grn—gf 2,0
-endunits-
-planettokens-
control_grn.png
-planetendtokens-
-units-
vefutii
-endunits-
-planettokens-
control_grn.png
-planetendtokens-
-endunitholder-
-tokens-
-endtokens-
-endtile-
-tile-
20 102
-unitholder-
-units-
space
-endunits-
-planettokens-
-planetendtokens-
-units-
lodor
grn—pd 2,0
ppl—pd 1,0
-endunits-
-planettokens-
-planetendtokens-
-endunitholder-
-tokens-
-endtokens-
-endtile-
-tile-
21 104
-unitholder-
-units-
space
-endunits-
-planettokens-
-planetendtokens-
-units-
abyz
grn—pd 5,0
-endunits-
-planettokens-
-planetendtokens-
-endunitholder-
-tokens-
-endtokens-
-endtile-
`

func TestAsyncTI4StatesAndChoices(t *testing.T) {
	g, err := ReadAsyncTI4Save(strings.NewReader(syntheticSave))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := AsyncTI4Battle(g, AsyncTI4Options{Tile: "101"}); err == nil || !strings.Contains(err.Error(), "--attacker") {
		t.Fatalf("two fleets and no attacker: err %v, want one asking for --attacker", err)
	}
	doc, warnings, err := AsyncTI4Battle(g, AsyncTI4Options{Tile: "101", Attacker: "letnev"})
	if err != nil {
		t.Fatal(err)
	}
	// "ppl—dn 1,1,1,1": 4 dreadnoughts, damaged 1+1, galvanized 1+1 — read
	// as plain: in ti4sim only the Last Bastion galvanize (a document
	// with Letnev galvanized units would not run).
	wantFleet := []scenario.Units{{Unit: "dreadnought", Count: 4, Damaged: 2}, {Unit: "fighter", Count: 2, Upgraded: true}}
	if !reflect.DeepEqual(doc.Attacker.Fleet, wantFleet) || doc.Attacker.Galvanized != nil ||
		!strings.Contains(strings.Join(warnings, "\n"), "letnev's galvanized units are read as plain units") {
		t.Errorf("attacker fleet %+v galvanized %+v; warnings %q", doc.Attacker.Fleet, doc.Attacker.Galvanized, warnings)
	}
	// The Last Bastion galvanize: the same stacks keep their tokens.
	lb, err := ReadAsyncTI4Save(strings.NewReader(strings.Replace(syntheticSave, "faction letnev", "faction last-bastion", 1)))
	if err != nil {
		t.Fatal(err)
	}
	if d, _, err := AsyncTI4Battle(lb, AsyncTI4Options{Tile: "101", Attacker: "last-bastion"}); err != nil ||
		!reflect.DeepEqual(d.Attacker.Galvanized, []scenario.Units{{Unit: "dreadnought", Count: 2}}) {
		t.Errorf("last-bastion: %v, galvanized %+v; want 2 dreadnoughts", err, d.Attacker.Galvanized)
	}
	// Sol's ships in space, both its planets (one undefended), Prophecy of
	// Ixth with Sol (elected), Conventions of War with the attacker.
	if len(doc.System.Planets) != 2 || doc.System.Planets[1].Name != "vefutii" || len(doc.System.Planets[1].Units) != 0 {
		t.Errorf("planets %+v", doc.System.Planets)
	}
	if !reflect.DeepEqual(doc.Defender.Fleet, []scenario.Units{{Unit: "cruiser", Count: 3}}) || !reflect.DeepEqual(doc.Defender.Cards, []scenario.Card{{Name: "prophecy-of-ixth"}}) {
		t.Errorf("defender %+v", doc.Defender)
	}
	if !reflect.DeepEqual(doc.Attacker.Cards, []scenario.Card{{Name: "conventions-of-war"}}) {
		t.Errorf("attacker cards %+v", doc.Attacker.Cards)
	}
	// 102 is next to 101 (2 Sol PDS, 1 Letnev); 104 is not (5 Sol PDS).
	if doc.Attacker.AdjacentPDS != 1 || doc.Defender.AdjacentPDS != 2 {
		t.Errorf("adjacent PDS: attacker %d, defender %d; want 1 and 2", doc.Attacker.AdjacentPDS, doc.Defender.AdjacentPDS)
	}
	doc, _, err = AsyncTI4Battle(g, AsyncTI4Options{Tile: "101", Attacker: "letnev", Planet: "Wellon"})
	if err != nil || len(doc.System.Planets) != 1 || doc.System.Planets[0].Name != "wellon" {
		t.Errorf("--planet wellon: %v, planets %+v", err, doc.System.Planets)
	}
	for _, opt := range []AsyncTI4Options{{Tile: "999"}, {Tile: "101", Attacker: "hacan"}, {Tile: "101", Attacker: "letnev", Planet: "mars"}} {
		if _, _, err := AsyncTI4Battle(g, opt); err == nil || strings.Contains(err.Error(), "\n") {
			t.Errorf("%+v: err %v, want a one-line error", opt, err)
		}
	}
}

func TestReadAsyncTI4SaveErrors(t *testing.T) {
	for _, c := range []struct{ save, want string }{
		{"", "header"},
		{"1\n2\n3\nnot the map\n", "-mapinfo-"},
		{strings.Replace(syntheticSave, "ppl—dn 1,1,1,1", "ppl dn 1", 1), `want "COLOUR—CODE COUNTS"`},
		{strings.Replace(syntheticSave, "ppl—dn 1,1,1,1", "ppl—dn 1,x", 1), "not a whole number"},
		{strings.Replace(syntheticSave, "ppl—dn 1,1,1,1", "ppl—dn 1,1,1,1,1", 1), "at most 4"},
		{strings.Replace(syntheticSave, "19 101", "19101", 1), "TILEID POSITION"},
		{syntheticSave[:strings.Index(syntheticSave, "-endtile-")], "ends inside tile"},
	} {
		_, err := ReadAsyncTI4Save(strings.NewReader(c.save))
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("save %.40q: err %v, want one line containing %q", c.save, err, c.want)
		}
	}
	big := strings.Repeat("x", MaxAsyncTI4Save+2)
	if _, err := ReadAsyncTI4Save(strings.NewReader(big)); err == nil || !strings.Contains(err.Error(), "over") {
		t.Errorf("oversized save: err %v", err)
	}
}

// FuzzReadAsyncTI4Save: any input gives a one-line error or a game whose
// every tile imports to a valid document or a one-line error; never a panic.
func FuzzReadAsyncTI4Save(f *testing.F) {
	data, err := os.ReadFile("testdata/asyncti4/pbd10972.txt")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(data))
	f.Add(syntheticSave)
	f.Add(strings.Replace(syntheticSave, "ppl—dn 1,1,1,1", "ppl—ca 0,1", 1))
	f.Add("1\n2\n3\n-mapinfo-\n-tile-\n1 2\n-units-\nspace\nppl—dn 200\n-endunits-\n-planettokens-\n-planetendtokens-\n-endtile-\n")
	f.Fuzz(func(t *testing.T, save string) {
		g, err := ReadAsyncTI4Save(strings.NewReader(save))
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("error on several lines: %q", err)
			}
			return
		}
		for pos := range g.Tiles {
			for _, att := range []string{"", "letnev"} {
				doc, warnings, err := AsyncTI4Battle(g, AsyncTI4Options{Tile: pos, Attacker: att})
				if err != nil {
					if strings.Contains(err.Error(), "\n") {
						t.Fatalf("error on several lines: %q", err)
					}
					continue
				}
				if _, err := doc.Scenario(); err != nil {
					t.Fatalf("tile %s: an invalid document: %v", pos, err)
				}
				for _, w := range warnings {
					if strings.Contains(w, "\n") {
						t.Fatalf("warning on several lines: %q", w)
					}
				}
			}
		}
	})
}
