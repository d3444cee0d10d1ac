package main

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service"
)

// issue45 is a link a ti4calc user posted (issue 45), with
// defender-risk-direct-hit=false added: units, upgrades, ground forces in a
// space combat, technologies, a hit order and an effect ti4sim does not
// model.
const issue45 = "https://ti4battle.com/?attacker-faction=Obsidian&attacker-unit-flagship=1&attacker-unit-dreadnought=4&attacker-unit-destroyer=1&attacker-unit-fighter=5&attacker-unit-mech=1&attacker-unit-infantry=1&attacker-upgrade-dreadnought=true&attacker-upgrade-fighter=true&attacker-effect-Assault+Cannon=1&attacker-effect-Obsidian+Agent=1&defender-faction=Vuil%27Raith&defender-unit-warsun=1&defender-unit-dreadnought=1&defender-unit-carrier=1&defender-unit-cruiser=1&defender-unit-fighter=13&defender-upgrade-carrier=true&defender-upgrade-dreadnought=true&defender-effect-Duranium+Armor=1&defender-effect-Assault+Cannon=1&defender-risk-direct-hit=false"

func TestImportGolden(t *testing.T) {
	out, errOut, code := runCLI(t, "import", issue45)
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	golden(t, "import_ti4battle", out)
	want := "ti4sim: warning: attacker: 1 mech: ti4battle's space combat leaves ground forces out; ignored\n" +
		"ti4sim: warning: attacker: 1 infantry: ti4battle's space combat leaves ground forces out; ignored\n" +
		"ti4sim: warning: ti4battle effect \"Obsidian Agent\" (card Obsidian agent) is not modelled by ti4sim; ignored\n"
	if errOut != want {
		t.Errorf("stderr\n%s\nwant\n%s", errOut, want)
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Errorf("stdout is not JSON: %v", err)
	}
}

func TestImportUsageErrors(t *testing.T) {
	for _, c := range []struct {
		want string
		args []string
	}{
		{"import: give a ti4battle.com link", []string{"import"}},
		{`import: one link expected, got 2 arguments; the second: "b=2"`, []string{"import", "a=1", "b=2"}},
		{`import: "hello" is neither a ti4battle.com link nor its query`, []string{"import", "hello"}},
		{`import: parameter "attacker-unit-fighter": "3abc" is not a whole number`, []string{"import", "attacker-unit-fighter=3abc"}},
		{`import: parameter "place" given twice`, []string{"import", "place=Ground&place=Space"}},
		{"import: unknown flag: --seed", []string{"import", "--seed", "3", "a=1"}},
	} {
		usageFails(t, c.want, c.args...)
		_, errOut, _ := runCLI(t, c.args...)
		if strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: stderr not one line: %q", c.args, errOut)
		}
	}
}

// The help's examples import without warnings.
func TestImportHelpExamples(t *testing.T) {
	out, _, code := runCLI(t, "import", "--help")
	if code != exitOK || !strings.Contains(out, "Usage: ti4sim import LINK") {
		t.Fatalf("help: exit %d\n%s", code, out)
	}
	n := 0
	for _, l := range strings.Split(out, "\n") {
		l = strings.TrimSpace(l)
		if !strings.HasPrefix(l, "ti4sim import '") {
			continue
		}
		link := strings.SplitN(l, "'", 3)[1]
		n++
		if _, errOut, code := runCLI(t, "import", link); code != exitOK || errOut != "" {
			t.Errorf("example %q: exit %d, stderr %q", link, code, errOut)
		}
	}
	if n != 2 {
		t.Errorf("%d examples in the help, want 2", n)
	}
}

// asyncSave is the trimmed real save of the bot's game pbd10972.
var asyncSave = filepath.Join("internal", "importer", "testdata", "asyncti4", "pbd10972.txt")

// TestImportAsyncTI4Letnev310 imports the Letnev fleet over the L1Z1X home
// planet (tile 310 of pbd10972) and answers it exactly. The Letnev have
// no ground forces there and the L1Z1X PDS shields the planet, so nothing
// can take it: 0 planets taken with certainty. The one PDS I fires one die
// of space cannon offense; a hit goes to an undamaged Dreadnought II's
// Sustain Damage (two are undamaged), so the Letnev lose nothing and hold
// the space area with certainty.
func TestImportAsyncTI4Letnev310(t *testing.T) {
	out, errOut, code := runCLI(t, "import", "asyncti4", asyncSave, "--tile", "310")
	if code != exitOK {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if !strings.Contains(errOut, "ti4sim: warning: adjacency is the map's neighbouring positions and the wormholes") {
		t.Errorf("stderr has no adjacency warning: %q", errOut)
	}
	// docs/asyncti4.md answers this document, checked in for its example.
	if want, err := os.ReadFile(filepath.Join(repoRoot, "testdata", "asyncti4_pbd10972_310.json")); err != nil || string(want) != out {
		t.Errorf("testdata/asyncti4_pbd10972_310.json is not what the import prints (%v):\n%s", err, out)
	}
	path := filepath.Join(t.TempDir(), "310.json")
	if err := os.WriteFile(path, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	res, errOut, code := runCLI(t, "invade", "--scenario", path, "--exact", "-o", "json")
	if code != exitOK {
		t.Fatalf("invade: exit %d, stderr %q", code, errOut)
	}
	var r struct {
		Exact    bool `json:"exact"`
		Attacker struct {
			ResourcesLost float64 `json:"resources_lost"`
		} `json:"attacker"`
		Scenario struct {
			Attacker struct {
				Fleet []struct {
					Unit    string `json:"unit"`
					Count   int    `json:"count"`
					Damaged int    `json:"damaged"`
				} `json:"fleet"`
			} `json:"attacker"`
		} `json:"scenario"`
	}
	if err := json.Unmarshal([]byte(res), &r); err != nil {
		t.Fatal(err)
	}
	if !r.Exact || r.Attacker.ResourcesLost != 0 {
		t.Errorf("exact %v, attacker's resources lost %v, want exact and 0", r.Exact, r.Attacker.ResourcesLost)
	}
	if !strings.Contains(res, `"dreadnought","count":3,"upgraded":true,"damaged":1`) {
		t.Errorf("the answer's scenario lacks the 3 Dreadnought II, 1 damaged: %s", res[:min(len(res), 400)])
	}
	text, _, _ := runCLI(t, "invade", "--scenario", path, "--exact")
	for _, want := range []string{"takes exactly 0 planets │ 100.00%", "attacker holds the space area │ 100.00%"} {
		if !strings.Contains(text, want) {
			t.Errorf("the answer lacks %q:\n%s", want, text)
		}
	}
}

func TestImportAsyncTI4UsageErrors(t *testing.T) {
	for _, c := range []struct {
		want string
		args []string
	}{
		{"import asyncti4: give the tile's position", []string{"import", "asyncti4", asyncSave}},
		{"import asyncti4: give one game", []string{"import", "asyncti4", "--tile", "310"}},
		{"no tile at position \"999\"", []string{"import", "asyncti4", asyncSave, "--tile", "999"}},
		{"tile 313 holds no battle", []string{"import", "asyncti4", asyncSave, "--tile", "313"}},
		{"import asyncti4: open nosuchfile", []string{"import", "asyncti4", "nosuchfile", "--tile", "310"}},
		{"fetched over HTTPS only", []string{"import", "asyncti4", "http://example.com/pbd1.txt", "--tile", "310"}},
		{"import: --tile is for ti4sim import asyncti4", []string{"import", "a=1", "--tile", "310"}},
	} {
		_, errOut, code := runCLI(t, c.args...)
		if code != exitUsage || strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "ti4sim: ") || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one ti4sim: line containing %q", c.args, code, errOut, c.want)
		}
	}
}

// TestImportAsyncTI4Service: POST /v1/import with the save's text gives
// the document the command line prints; a missing tile is a 422 naming
// asyncti4.tile, a bad save one naming asyncti4.save.
func TestImportAsyncTI4Service(t *testing.T) {
	save, err := os.ReadFile(asyncSave)
	if err != nil {
		t.Fatal(err)
	}
	cli, _, code := runCLI(t, "import", "asyncti4", asyncSave, "--tile", "310")
	if code != exitOK {
		t.Fatalf("exit %d", code)
	}
	srv, err := service.New(service.DefaultConfig(), answer.NewBackend(), slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	post := func(req map[string]string) (int, []byte) {
		body, _ := json.Marshal(map[string]any{"asyncti4": req})
		resp, err := http.Post(ts.URL+"/v1/import", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		out, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, out
	}
	status, out := post(map[string]string{"save": string(save), "tile": "310"})
	var res struct {
		Scenario json.RawMessage `json:"scenario"`
		Warnings []string        `json:"warnings"`
	}
	if err := json.Unmarshal(out, &res); status != 200 || err != nil {
		t.Fatalf("status %d, %v: %s", status, err, out)
	}
	var viaService, viaCLI any
	json.Unmarshal(res.Scenario, &viaService)
	json.Unmarshal([]byte(cli), &viaCLI)
	if !reflect.DeepEqual(viaService, viaCLI) || len(res.Warnings) == 0 {
		t.Errorf("the service's document differs from the command line's, or has no warnings:\n%s\n%s", res.Scenario, cli)
	}
	for _, c := range []struct {
		req  map[string]string
		path string
	}{
		{map[string]string{"save": string(save)}, "asyncti4.tile"},
		{map[string]string{"save": string(save), "tile": "999"}, "asyncti4.tile"},
		{map[string]string{"save": "hello", "tile": "310"}, "asyncti4.save"},
	} {
		status, out := post(c.req)
		var e struct {
			Path string `json:"path"`
		}
		if json.Unmarshal(out, &e); status != 422 || e.Path != c.path {
			t.Errorf("%v: status %d, path %q, want 422 at %s: %s", c.req["tile"], status, e.Path, c.path, out)
		}
	}
}

// TestIsGameID: isGameID accepts what the regular expression
// ^[A-Za-z0-9_-]{1,100}$ matches, and nothing else.
func TestIsGameID(t *testing.T) {
	re := regexp.MustCompile(`^[A-Za-z0-9_-]{1,100}$`)
	for _, id := range []string{"", "pbd10972", "a", "A_b-9", strings.Repeat("x", 100), strings.Repeat("x", 101),
		"a/b", "a b", "a.b", "é", "pbd1\n", "../x", "a%20", "ab?", "Z"} {
		if got, want := isGameID(id), re.MatchString(id); got != want {
			t.Errorf("isGameID(%q) = %v, the expression says %v", id, got, want)
		}
	}
}
