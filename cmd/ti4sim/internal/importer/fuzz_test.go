package importer

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
)

// FuzzTI4Battle: any input gives an error on one line, or a document whose
// counts are in range, with one-line warnings; never a panic.
func FuzzTI4Battle(f *testing.F) {
	data, err := os.ReadFile("testdata/ti4battle_links.txt")
	if err != nil {
		f.Fatal(err)
	}
	for _, l := range strings.Split(string(data), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			f.Add(l)
		}
	}
	for _, s := range []string{"", "?", "a=1", "place=ground", twoFleets + "&attacker-damaged-dreadnought=9", "%", "https://ti4battle.com/?%zz=1",
		"effect-Entropic+Scar=1&attacker-unit-pds=3&attacker-galvanized-pds=2", "attacker-effect-Memoria+I=1&attacker-effect-Memoria+II=1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, link string) {
		doc, warnings, err := TI4Battle(link)
		if err != nil {
			if msg := err.Error(); strings.Contains(msg, "\n") || len(msg) > 1000 {
				t.Fatalf("error of %d bytes or on several lines: %q", len(msg), msg)
			}
			return
		}
		for _, w := range warnings {
			if strings.Contains(w, "\n") || len(w) > 1000 {
				t.Fatalf("warning of %d bytes or on several lines: %q", len(w), w)
			}
		}
		if doc.Version != scenario.Version {
			t.Fatalf("version %d", doc.Version)
		}
		switch doc.Action {
		case scenario.ActionSpace, scenario.ActionGround, scenario.ActionInvade:
		default:
			t.Fatalf("action %q", doc.Action)
		}
		for _, s := range []scenario.Side{doc.Attacker, doc.Defender} {
			for _, fl := range [][]scenario.Units{s.Fleet, s.Galvanized} {
				for _, u := range fl {
					if u.Count < 1 || u.Count > 2*maxCount || u.Damaged < 0 || u.Damaged > u.Count {
						t.Fatalf("units %+v out of range", u)
					}
				}
			}
			for _, c := range s.Cards {
				if c.Copies < 0 || c.Copies > maxCount {
					t.Fatalf("card %+v out of range", c)
				}
			}
		}
		if _, err := json.Marshal(doc); err != nil {
			t.Fatal(err)
		}
	})
}
