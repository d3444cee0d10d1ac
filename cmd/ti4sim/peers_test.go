package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPeersPage runs ti4sim on every battle of testdata/peers/battles.json
// and compares its figures with the two peer calculators' figures checked
// in as testdata/peers/figures.json (the peers are run outside the
// repository: bench/peers/README.md), then checks that docs/peers.md is
// exactly the page those figures give. With -update it rewrites the page
// (review the diff). It also fails when a battle has no peer figure, when a
// row that differs has no reason, when a row that agrees still carries one
// (a stale explanation), and when a TI4 battle's document is not what
// `ti4sim import` makes of its link.
//
// Agreement: ti-sa-combat-calc is exact, so its three figures must be within
// 1e-6 of ti4sim's exact ones; ti4calc samples, so each of its figures must
// be within peerZ standard errors of ti4sim's (the peer's binomial standard
// error, plus ti4sim's own when ti4sim samples too).
func TestPeersPage(t *testing.T) {
	if raceEnabled {
		// Its battles are answered in the plain run; under the race
		// detector the million-trial ones alone take minutes and find no
		// race the other tests of the same code do not.
		t.Skip("the peers page is checked in the plain run, not under -race")
	}
	battles, figures := readPeerFiles(t)
	var b bytes.Buffer
	writePeersHead(&b)
	for _, peer := range peerOrder {
		info, ok := figures.Peers[peer]
		if !ok {
			t.Fatalf("figures.json has no peer %q", peer)
		}
		rows := peerRows(t, peer, info, battles[peer], figures.Figures[peer])
		writePeerTable(&b, peer, info, rows)
	}
	comparePeersPage(t, b.String())
}

// peerOrder is the order of the peers on the page.
var peerOrder = []string{"ti4calc", "ti-sa-combat-calc"}

// peerZ is the number of standard errors within which a sampled figure agrees.
const peerZ = 4

// peerBattle is one battle of testdata/peers/battles.json: its id, ti4sim's
// scenario document and the peer's input (a ti4battle.com link for ti4calc,
// the driver's input for ti-sa-combat-calc).
type peerBattle struct {
	ID        string          `json:"id"`
	Link      string          `json:"link,omitempty"`
	PeerInput json.RawMessage `json:"peer_input,omitempty"`
	Scenario  json.RawMessage `json:"scenario"`
}

// peerInfo says which peer, at which commit, and how its figures were made.
type peerInfo struct {
	Repo    string `json:"repo"`
	Commit  string `json:"commit"`
	Game    string `json:"game"`
	Method  string `json:"method"`
	Sampled bool   `json:"sampled"`
}

// peerFigure is a peer's answer for one battle, with the reason it differs
// from ti4sim's when it does.
type peerFigure struct {
	ID       string  `json:"id"`
	Attacker float64 `json:"attacker"`
	Draw     float64 `json:"draw"`
	Defender float64 `json:"defender"`
	Trials   int     `json:"trials,omitempty"`
	Reason   string  `json:"reason,omitempty"`
}

// peerFigures is testdata/peers/figures.json.
type peerFigures struct {
	Peers   map[string]peerInfo     `json:"peers"`
	Figures map[string][]peerFigure `json:"figures"`
}

// peerRow is one line of a peer's table.
type peerRow struct {
	battle     peerBattle
	ours, peer [3]float64
	oursExact  bool
	agree      bool
	reason     string
}

func readPeerFiles(t *testing.T) (map[string][]peerBattle, peerFigures) {
	t.Helper()
	var battles map[string][]peerBattle
	var figures peerFigures
	for name, v := range map[string]any{"battles.json": &battles, "figures.json": &figures} {
		data, err := os.ReadFile(filepath.Join(repoRoot, "testdata", "peers", name))
		if err != nil {
			t.Fatal(err)
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(v); err != nil {
			t.Fatalf("testdata/peers/%s: %v", name, err)
		}
	}
	return battles, figures
}

// peerRows runs ti4sim on each battle of one peer and compares.
func peerRows(t *testing.T, peer string, info peerInfo, battles []peerBattle, figs []peerFigure) []peerRow {
	t.Helper()
	byID := map[string]peerFigure{}
	for _, f := range figs {
		byID[f.ID] = f
	}
	if len(byID) != len(battles) {
		t.Errorf("%s: %d figures for %d battles", peer, len(byID), len(battles))
	}
	rows := make([]peerRow, 0, len(battles))
	for _, b := range battles {
		f, ok := byID[b.ID]
		if !ok {
			t.Fatalf("%s: battle %q has no peer figure in figures.json", peer, b.ID)
		}
		if b.Link != "" {
			checkPeerImport(t, b)
		}
		r := peerRow{battle: b, peer: [3]float64{f.Attacker, f.Draw, f.Defender}, reason: f.Reason}
		var trials int
		r.ours, trials = runPeerBattle(t, b)
		r.oursExact = trials == 0
		r.agree = peerAgree(info.Sampled, r.ours, r.peer, f.Trials, trials)
		switch {
		case r.agree && r.reason != "":
			t.Errorf("%s %s: agrees with ti4sim but figures.json gives a reason (%q): drop it", peer, b.ID, r.reason)
		case !r.agree && r.reason == "":
			t.Errorf("%s %s: ti4sim %v, peer %v differ: give a reason in figures.json (\"unexplained\" if unknown)", peer, b.ID, r.ours, r.peer)
		}
		rows = append(rows, r)
	}
	return rows
}

// checkPeerImport checks that a battle's document is what `ti4sim import`
// makes of its link, so that ti4sim and the peer read the same battle.
func checkPeerImport(t *testing.T, b peerBattle) {
	t.Helper()
	out, errOut, code := runCLI(t, "import", b.Link)
	if code != 0 {
		t.Fatalf("%s: import: exit %d: %s", b.ID, code, errOut)
	}
	var got, want any
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%s: import: %v", b.ID, err)
	}
	if err := json.Unmarshal(b.Scenario, &want); err != nil {
		t.Fatalf("%s: %v", b.ID, err)
	}
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(want)
	if !bytes.Equal(g, w) {
		t.Errorf("%s: the document is not what `ti4sim import` makes of the link now:\n got %s\nwant %s", b.ID, g, w)
	}
}

// runPeerBattle runs ti4sim on a battle's document: exact where exact mode
// can answer, else 1,000,000 seeded trials. It returns the figures and the
// trials (0 when exact).
func runPeerBattle(t *testing.T, b peerBattle) ([3]float64, int) {
	t.Helper()
	var head struct {
		Action string `json:"action"`
	}
	if err := json.Unmarshal(b.Scenario, &head); err != nil {
		t.Fatalf("%s: %v", b.ID, err)
	}
	path := filepath.Join(t.TempDir(), "battle.json")
	if err := os.WriteFile(path, b.Scenario, 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCLI(t, head.Action, "--scenario", path, "--prefer-exact", "-n", "1000000", "--seed", "1", "-o", "json")
	if code != 0 {
		t.Fatalf("%s: exit %d: %s", b.ID, code, errOut)
	}
	var res struct {
		Exact    bool    `json:"exact"`
		Trials   int     `json:"trials"`
		Attacker float64 `json:"attacker_win"`
		Draw     float64 `json:"draw"`
		Defender float64 `json:"defender_win"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("%s: %v", b.ID, err)
	}
	if res.Exact {
		res.Trials = 0
	}
	return [3]float64{res.Attacker, res.Draw, res.Defender}, res.Trials
}

// peerAgree: exact figures on both sides to 1e-6; when either samples,
// within peerZ standard errors of the sampling (the peer's trials, ours).
func peerAgree(sampled bool, ours, peer [3]float64, peerTrials, ourTrials int) bool {
	for i := range ours {
		tol := 1e-6
		if sampled || ourTrials > 0 {
			p := (ours[i] + peer[i]) / 2
			v := 0.0
			if sampled {
				v += p * (1 - p) / float64(peerTrials)
			}
			if ourTrials > 0 {
				v += p * (1 - p) / float64(ourTrials)
			}
			tol = peerZ*math.Sqrt(v) + 1e-12
		}
		if math.Abs(ours[i]-peer[i]) > tol {
			return false
		}
	}
	return true
}

func writePeersHead(b *bytes.Buffer) {
	b.WriteString(`# ti4sim: Side by side with the peer calculators

ti4sim against two independent calculators, battle by battle: [pgsandstrom/ti4calc](https://github.com/pgsandstrom/ti4calc)
(TI4; the engine of ti4battle.com, Monte Carlo) and [zekash-dev/ti-sa-combat-calc](https://github.com/zekash-dev/ti-sa-combat-calc)
(TI3 Shattered Ascension as its 4.2 edition plays it, exact; see [the TI3 ruleset](ti3.md)). The battles are
` + "`testdata/peers/battles.json`" + ` (each a ti4sim scenario document and the peer's input: a ti4battle.com link, or the
units and race for the TI3 peer); the peers' figures, with each peer's commit, are ` + "`testdata/peers/figures.json`" + `,
made by running the peers headless outside this repository (` + "`bench/peers/README.md`" + `). This page is written
by ` + "`go test ./cmd/ti4sim -run TestPeersPage -update`" + ` from those two files and ti4sim's answers now, and the test
fails when the page is not what they give.

ti4sim answers exactly where exact mode can (else 1,000,000 seeded trials, marked *MC*). Figures are
attacker win / draw / defender win. A row agrees when every figure is within 1e-6 of the peer's (exact peer,
ti4sim exact), or within 4 standard errors of the sampling (a sampled peer, or ti4sim's *MC*); a row that differs says why: the peer's error, a policy (a
choice the rules leave open, read otherwise by the peer), scope (a text one of the two does not play), or
"unexplained".
`)
}

func writePeerTable(b *bytes.Buffer, peer string, info peerInfo, rows []peerRow) {
	agree := 0
	for _, r := range rows {
		if r.agree {
			agree++
		}
	}
	fmt.Fprintf(b, "\n## %s (%s)\n\n", peer, info.Game)
	fmt.Fprintf(b, "[%s](https://github.com/%s) at commit `%s`, %s. **%d of %d battles agree.**\n\n",
		info.Repo, info.Repo, info.Commit, info.Method, agree, len(rows))
	b.WriteString("| battle | ti4sim | peer | |\n|---|---|---|---|\n")
	for _, r := range rows {
		verdict := "agree"
		if !r.agree {
			verdict = "differs: " + strings.ReplaceAll(r.reason, "|", `\|`)
		}
		mc := ""
		if !r.oursExact {
			mc = " *MC*"
		}
		digits := 6
		if info.Sampled {
			digits = 4
		}
		fmt.Fprintf(b, "| %s | %s%s | %s | %s |\n", peerBattleCell(r.battle), peerTriple(r.ours, digits), mc, peerTriple(r.peer, digits), verdict)
	}
}

// peerBattleCell names a battle, linked to ti4battle.com where it has a link.
func peerBattleCell(b peerBattle) string {
	if b.Link != "" {
		return fmt.Sprintf("[%s](%s)", b.ID, b.Link)
	}
	return "`" + b.ID + "`"
}

func peerTriple(p [3]float64, digits int) string {
	return fmt.Sprintf("%.*f / %.*f / %.*f", digits, p[0], digits, p[1], digits, p[2])
}

func comparePeersPage(t *testing.T, want string) {
	t.Helper()
	name := filepath.Join(repoRoot, "docs", "peers.md")
	got, err := os.ReadFile(name)
	if err == nil && string(got) == want {
		return
	}
	if *update {
		if err := os.WriteFile(name, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if err != nil {
		t.Fatalf("%v (run `go test ./cmd/ti4sim -run TestPeersPage -update`)", err)
	}
	gl, wl := strings.Split(string(got), "\n"), strings.Split(want, "\n")
	for i := 0; i < len(gl) && i < len(wl); i++ {
		if gl[i] != wl[i] {
			t.Fatalf("docs/peers.md:%d is not what the figures give (run `go test ./cmd/ti4sim -run TestPeersPage -update`):\n got %q\nwant %q", i+1, gl[i], wl[i])
		}
	}
	t.Fatalf("docs/peers.md has %d lines, the figures give %d (run `go test ./cmd/ti4sim -run TestPeersPage -update`)", len(gl), len(wl))
}
