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
	"testing"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service"
)

// One scenario given as flags, as a document file, as a POST /v1/combat
// request and as an imported ti4battle.com link gives byte-identical
// results for the same seed (issue 13's first promise).
func TestOneScenarioFourWays(t *testing.T) {
	const link = "https://ti4battle.com/?attacker-faction=Sol&attacker-unit-dreadnought=2&attacker-damaged-dreadnought=1" +
		"&attacker-unit-carrier=1&attacker-upgrade-carrier=true&attacker-unit-fighter=3&attacker-effect-Morale+Boost=1" +
		"&defender-faction=Sardakk+N%27orr&defender-unit-cruiser=3&defender-unit-destroyer=2"
	flags := []string{"space", "--attacker-faction", "sol", "-a", "2 dreadnought (1 damaged), 1 carrier II, 3 fighter", "--attacker-card", "morale-boost",
		"--defender-faction", "sardakk", "-d", "3 cruiser, 2 destroyer", "-n", "20000", "--seed", "11", "-o", "json"}

	// 1. flags
	want, stderr, code := runWithInput(t, "", flags...)
	if code != 0 {
		t.Fatalf("flags: exit %d: %s", code, stderr)
	}

	// 2. a document file
	doc, _, _ := runWithInput(t, "", append([]string{"scenario"}, flags[:len(flags)-2]...)...)
	file := filepath.Join(t.TempDir(), "battle.json")
	if err := os.WriteFile(file, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	if got, _, _ := runWithInput(t, "", "space", "--scenario", file, "-o", "json"); got != want {
		t.Errorf("document file:\n%s\nwant\n%s", got, want)
	}

	// 3. POST /v1/combat
	srv, err := service.New(service.DefaultConfig(), answer.NewBackend(), slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	post := func(path, body string) string {
		t.Helper()
		resp, err := http.Post(ts.URL+path, "application/json", bytes.NewBufferString(body))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("POST %s: %d %s", path, resp.StatusCode, b)
		}
		return string(b)
	}
	if got := post("/v1/combat", doc); got != want {
		t.Errorf("POST /v1/combat:\n%s\nwant\n%s", got, want)
	}

	// 4. the ti4battle link, imported (CLI and service agree), run with
	// the same trials and seed
	imported, stderr, code := runWithInput(t, "", "import", link)
	if code != 0 || stderr != "" {
		t.Fatalf("import: exit %d, warnings %q", code, stderr)
	}
	var fromLink scenario.Combat
	if err := json.Unmarshal([]byte(imported), &fromLink); err != nil {
		t.Fatal(err)
	}
	var viaService struct {
		Scenario scenario.Combat `json:"scenario"`
		Warnings []string        `json:"warnings"`
	}
	body, _ := json.Marshal(map[string]string{"link": link})
	if err := json.Unmarshal([]byte(post("/v1/import", string(body))), &viaService); err != nil {
		t.Fatal(err)
	}
	a, _ := json.Marshal(fromLink)
	b, _ := json.Marshal(viaService.Scenario)
	if !bytes.Equal(a, b) || len(viaService.Warnings) != 0 {
		t.Errorf("import: CLI %s, service %s (warnings %q)", a, b, viaService.Warnings)
	}
	seed := uint64(11)
	fromLink.Run = scenario.Run{Trials: 20000, Seed: &seed}
	linked, _ := json.Marshal(fromLink)
	if got, _, _ := runWithInput(t, string(linked), "space", "--scenario", "-", "-o", "json"); got != want {
		t.Errorf("imported link:\n%s\nwant\n%s", got, want)
	}
}

// Every real ti4battle.com link of the calculator's issue tracker
// (testdata/ti4battle_links.txt) imports and runs through the command
// line, as a user would: ti4sim import, then the command --scenario.
func TestImportedLinksRun(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("internal", "importer", "testdata", "ti4battle_links.txt"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range bytes.Split(data, []byte("\n")) {
		link := string(bytes.TrimSpace(line))
		if link == "" || link[0] == '#' {
			continue
		}
		n++
		out, stderr, code := runWithInput(t, "", "import", link)
		if code != 0 {
			t.Errorf("import %s: exit %d: %s", link, code, stderr)
			continue
		}
		var d scenario.Combat
		if err := json.Unmarshal([]byte(out), &d); err != nil {
			t.Fatal(err)
		}
		seed := uint64(1)
		d.Run = scenario.Run{Trials: 300, Seed: &seed}
		b, _ := json.Marshal(d)
		if _, stderr, code := runWithInput(t, string(b), commandOf.Get()[d.Action], "--scenario", "-", "-o", "json"); code != 0 {
			t.Errorf("%s: the imported document does not run: exit %d: %s", link, code, stderr)
		}
	}
	if n < 10 {
		t.Errorf("%d links; the tracker gave 18", n)
	}
}
