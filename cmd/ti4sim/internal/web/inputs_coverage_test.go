package web_test

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sort"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
)

// Every input of the command line is reachable on the page: each line of
// scenario.Inputs (the one table the CLI registers its flags from) has a
// control that the page's controlOf finds for its JSON path, present and
// shown under a ruleset; and every value the catalogue lists for a
// ruleset — technologies, cards, leaders and their options, factions,
// choices, printings, the kinds a planet holds, the --vary keys — is
// offered by the form. A new Inputs line without a control fails here.

// pageCatalog is the part of GET /v1/catalog the form is checked against.
type pageCatalog struct {
	Rulesets []struct {
		Name          string `json:"name"`
		Techs         []struct{ Slug string }
		Cards         map[string]string   `json:"cards"`
		Leaders       map[string]string   `json:"leaders"`
		LeaderOptions map[string][]string `json:"leader_options"`
		Factions      []struct{ Slug string }
		PlanetUnits   []string `json:"planet_units"`
	} `json:"rulesets"`
	Printings map[string][]string `json:"printings"`
	Choices   map[string][]string `json:"choices"`
	Factions  []struct{ Slug string }
	Cards     []struct{ Slug, Kind string }
	VaryKeys  []string `json:"vary_keys"`
}

func servedCatalog(t *testing.T, c *components) pageCatalog {
	t.Helper()
	resp, err := http.Get(c.served + "/v1/catalog")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	var cat pageCatalog
	if err := json.Unmarshal(body, &cat); err != nil {
		t.Fatalf("GET /v1/catalog: %v", err)
	}
	return cat
}

// inputPaths are the JSON paths of every input of scenario.Inputs (each
// side's for an input of each side), with a path under each list and map
// input (its first element, each printing), and the document's action.
func inputPaths(cat pageCatalog) []string {
	paths := []string{"action"}
	for i := range scenario.Inputs {
		in := &scenario.Inputs[i]
		sides := in.Sides
		if len(sides) == 0 {
			sides = []string{""}
		}
		for _, side := range sides {
			p := in.JSONPath(side)
			paths = append(paths, p)
			switch in.Type().Kind().String() {
			case "slice":
				paths = append(paths, p+"[0]")
			}
		}
	}
	for key := range cat.Printings {
		paths = append(paths, "printings."+key)
	}
	paths = append(paths, "system.planets[0].name", "system.planets[0].cultural", "system.planets[0].units[0].unit", "system.planets[1].units[0].count")
	sort.Strings(paths)
	return paths
}

// controlsJS asks controlOf for each path; per path: the control's id (or
// tag) and whether it is shown (no hidden ancestor), "" when none.
const controlsJS = `import("./js/battle.js").then(m => Object.fromEntries(%s.map(p => {
  const el = m.controlOf(p);
  return [p, el && el.isConnected ? (el.closest("[hidden]") ? "hidden " : "shown ") + (el.id || el.tagName) : ""];
})))`

// offeredJS lists what the form does not offer of want: for each element
// id, the option values (of a select) it must have; [] asks only that the
// element exists and is shown.
const offeredJS = `((want) => {
  const missing = [];
  for (const [id, values] of Object.entries(want)) {
    const el = document.getElementById(id);
    if (!el) { missing.push("#" + id); continue; }
    if (el.closest("[hidden]")) missing.push("#" + id + " (hidden)");
    for (const v of values || []) if (![...el.options].some(o => o.value === v)) missing.push("#" + id + " option " + v);
  }
  return missing;
})(%s)`

// pageSetting is a ruleset and action the form is checked under.
type pageSetting struct {
	ruleset, action string
	planets         int
}

func TestBrowserInputsCoverage(t *testing.T) {
	// The static site: the battles the form answers on the way, some
	// refused (a TI3 system of planets), log no failed request.
	c := requireStatic(t)
	cat := servedCatalog(t, c)
	tb := newTab(t)
	tb.open(c.static + "/")

	paths := inputPaths(cat)
	pathsJSON, _ := json.Marshal(paths)
	shown := map[string]string{} // path → where its control was shown
	seen := map[string]string{}  // path → a control found, shown or not
	for _, s := range []pageSetting{{"ti4", "invade", 0}, {"ti4", "invade", 2}, {"ti3-sa", "invade", 2}} {
		tb.choose("#ruleset", s.ruleset)
		tb.choose("#action", s.action)
		// The planets listed (the planets' group is folded: clicks from the
		// page's script).
		if n := eval[int](tb, fmt.Sprintf(`(() => { const b = document.getElementById("planet-add");
  if (!b) return -1;
  const n = () => document.querySelectorAll("#planet-list .planet").length;
  while (n() > %[1]d) document.getElementById("planet-" + (n() - 1) + "-remove").click();
  while (n() < %[1]d && !b.disabled) b.click();
  return n(); })()`, s.planets)); n != s.planets {
			t.Errorf("%s: %d planets listed (-1: no Add a planet), want %d", s.ruleset, n, s.planets)
		}
		got := eval[map[string]string](tb, fmt.Sprintf(controlsJS, pathsJSON))
		for _, p := range paths {
			if strings.HasPrefix(got[p], "shown ") {
				shown[p] = s.ruleset + ": #" + strings.TrimPrefix(got[p], "shown ")
			} else if got[p] != "" {
				seen[p] = got[p]
			}
		}
		checkOffered(t, tb, cat, s)
	}
	for _, p := range paths {
		if shown[p] == "" {
			t.Errorf("input %s (flag --%s): no control on the page (controlOf: %q)", p, flagOf(p), seen[p])
		}
	}
	if !t.Failed() {
		t.Logf("%d input paths, each with a control shown", len(paths))
	}
}

// flagOf names the flag of a path, for the message.
func flagOf(path string) string {
	in, side := scenario.InputAt(path)
	if in == nil {
		return "?"
	}
	return in.FlagName(side)
}

// checkOffered fails t for each value the catalogue lists under the
// setting's ruleset that the form, set to it, does not offer.
func checkOffered(t *testing.T, tb *tab, cat pageCatalog, s pageSetting) {
	t.Helper()
	ruleset := s.ruleset
	want := map[string][]string{}
	for _, rs := range cat.Rulesets {
		if rs.Name != ruleset {
			continue
		}
		for _, p := range []string{"a", "d"} {
			var factions []string
			for _, f := range rs.Factions {
				factions = append(factions, f.Slug)
			}
			if len(rs.Factions) == 0 {
				for _, f := range cat.Factions {
					factions = append(factions, f.Slug)
				}
			}
			want[p+"-faction"] = factions
			for _, tc := range rs.Techs {
				want[p+"-tech-"+tc.Slug] = nil
			}
			for slug := range rs.Cards {
				want[p+"-card-"+slug] = nil
			}
			if len(rs.Cards) == 0 {
				for _, c := range cat.Cards {
					if c.Kind != "technology" {
						want[p+"-card-"+c.Slug] = nil
					}
				}
			}
			for slug := range rs.Leaders {
				want[p+"-leader-"+slug] = nil
			}
			for l, opts := range rs.LeaderOptions {
				want[p+"-leader-option-"+l] = opts
			}
			for text, values := range cat.Choices {
				want[p+"-choice-"+text] = values
			}
		}
		for i := range s.planets {
			for _, k := range rs.PlanetUnits {
				want[fmt.Sprintf("planet-%d-count-%s", i, strings.ReplaceAll(k, "_", "-"))] = nil
			}
		}
		for key, values := range cat.Printings {
			if strings.HasPrefix(key, "ti3-") == (ruleset == "ti3-sa") {
				want["printing-"+key] = values
			}
		}
		want["compare-key"] = cat.VaryKeys
	}
	if len(want) == 0 {
		t.Fatalf("the catalogue has no ruleset %s", ruleset)
	}
	wantJSON, _ := json.Marshal(want)
	// The compare tab's select is in a hidden panel: check it for its options only.
	missing := eval[[]string](tb, strings.Replace(fmt.Sprintf(offeredJS, wantJSON), `if (el.closest("[hidden]"))`, `if (id !== "compare-key" && el.closest("[hidden]"))`, 1))
	for _, m := range missing {
		t.Errorf("%s: the catalogue lists it, the form does not offer %s", ruleset, m)
	}
	t.Logf("%s: %d controls checked against the catalogue", ruleset, len(want))
}
