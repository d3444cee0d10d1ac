package main

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ti4sim/ti4sim/internal/servetest"
)

// buildBinary builds ti4sim into a temporary directory.
func buildBinary(t *testing.T) string {
	t.Helper()
	bin, err := servetest.Build(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// startServe starts `ti4sim serve --addr 127.0.0.1:0 args...` and returns
// the process, its base URL and its stderr.
func startServe(t *testing.T, bin string, args ...string) (*exec.Cmd, string, *servetest.Buffer) {
	t.Helper()
	s, err := servetest.Start(bin, args...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Cmd.Process.Kill() })
	return s.Cmd, s.URL, s.Logs
}

func postJSON(t *testing.T, url, body string) (int, []byte) {
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Error(err)
		return 0, nil
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// spaceDoc is the space example as a document, with its trials and seed.
func spaceDoc(trials int64, seed int) string {
	b, _ := json.Marshal(map[string]any{"version": 1, "action": "space",
		"attacker": map[string]any{"fleet": []map[string]any{{"unit": "carrier", "count": 3}, {"unit": "fighter", "count": 6}}},
		"defender": map[string]any{"fleet": []map[string]any{{"unit": "dreadnought", "count": 1}, {"unit": "destroyer", "count": 2}, {"unit": "fighter", "count": 3}, {"unit": "space dock", "count": 1}}},
		"run":      map[string]any{"trials": trials, "seed": seed}})
	return string(b)
}

// TestServeBinary runs the real binary: a combat document answered by the
// service is byte for byte `ti4sim space ... -o json` with the same seed;
// then SIGTERM with two runs in flight: the one that ends within
// --shutdown-timeout is answered 200, the one that would not is cancelled
// and answered 503, and the process exits 0 soon after the deadline.
func TestServeBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildBinary(t)
	const deadline = 2 * time.Second
	cmd, url, stderr := startServe(t, bin, "--max-concurrent", "4", "--max-trials", "1e9", "--max-dice", "1e13", "--shutdown-timeout", deadline.String())

	status, got := postJSON(t, url+"/v1/combat", spaceDoc(20000, 7))
	want, err := exec.Command(bin, "space", "-a", "3 carrier, 6 fighter", "-d", "1 dreadnought, 2 destroyer, 3 fighter, 1 space dock", "-n", "20000", "--seed", "7", "-o", "json").Output()
	if err != nil {
		t.Fatal(err)
	}
	if status != 200 || !bytes.Equal(got, want) {
		t.Fatalf("service answered %d:\n%s\nthe command line:\n%s", status, got, want)
	}

	type answer struct {
		status int
		body   []byte
	}
	running := func() int {
		resp, err := http.Get(url + "/debug/vars")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var v struct{ Running int }
		json.NewDecoder(resp.Body).Decode(&v)
		return v.Running
	}
	// The long run first; the short one once it runs, again if it ended
	// before both were seen running (a loaded machine): the order, not
	// the speed, makes them overlap.
	long, short := make(chan answer, 1), make(chan answer, 1)
	go func() { s, b := postJSON(t, url+"/v1/combat", spaceDoc(1_000_000_000, 1)); long <- answer{s, b} }()
	waitUntil(t, time.Minute, "the long run never started", func() bool { return running() >= 1 })
	overlapped := false
	for try := 0; try < 20 && !overlapped; try++ {
		one := make(chan answer, 1)
		go func() { s, b := postJSON(t, url+"/v1/combat", spaceDoc(200_000, 1)); one <- answer{s, b} }()
		for !overlapped {
			if running() >= 2 {
				overlapped, short = true, one
				break
			}
			select {
			case <-one: // ended before it was seen running beside the long one
			default:
				time.Sleep(time.Millisecond)
				continue
			}
			break
		}
	}
	if !overlapped {
		t.Fatalf("the two runs never ran together; stderr:\n%s", stderr)
	}
	start := time.Now()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("exit: %v; stderr:\n%s", err, stderr)
		}
	case <-time.After(deadline + 10*time.Second):
		t.Fatalf("still running %v after SIGTERM; stderr:\n%s", time.Since(start), stderr)
	}
	t.Logf("exited 0 %v after SIGTERM (shutdown deadline %v)", time.Since(start).Round(time.Millisecond), deadline)
	if a := <-short; a.status != 200 || !bytes.Contains(a.body, []byte(`"trials":200000`)) {
		t.Errorf("the run that fits the deadline: %d %.200s", a.status, a.body)
	}
	if a := <-long; a.status != 503 || !bytes.Contains(a.body, []byte("shutting down")) {
		t.Errorf("the run cancelled at the deadline: %d %.200s", a.status, a.body)
	}
	if _, err := http.Get(url + "/healthz"); err == nil {
		t.Error("the service still answers after exiting")
	}
	for _, want := range []string{"shutting down", "cancelling the requests still running", "msg=stopped"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
}

// waitUntil polls cond until it holds, failing t with msg after within.
func waitUntil(t *testing.T, within time.Duration, msg string, cond func() bool) {
	t.Helper()
	for start := time.Now(); !cond(); time.Sleep(time.Millisecond) {
		if time.Since(start) > within {
			t.Fatal(msg)
		}
	}
}

// postStream posts a document with Accept: application/x-ndjson and
// returns the status, the Content-Type, the body's lines (without their
// newlines) and the time from sending to the end of the body.
func postStream(t *testing.T, url, body string) (int, string, []string, time.Duration) {
	t.Helper()
	req, err := http.NewRequest("POST", url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/x-ndjson")
	start := time.Now()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	elapsed := time.Since(start)
	if len(b) == 0 || b[len(b)-1] != '\n' {
		t.Fatalf("body does not end with a newline: %q", b)
	}
	return resp.StatusCode, resp.Header.Get("Content-Type"), strings.Split(strings.TrimSuffix(string(b), "\n"), "\n"), elapsed
}

// checkProgress checks a stream's progress lines: each
// {"progress":{"done":N,"total":total}} with 0 < N ≤ total, N increasing;
// at least one (the engine reports once at the end of a run); and no more
// than one every 180 ms of the request's time (the stream's least
// interval between lines, measured on the server, within the client's
// time).
func checkProgress(t *testing.T, lines []string, total int64, elapsed time.Duration) {
	t.Helper()
	if len(lines) == 0 {
		t.Fatal("no progress line")
	}
	last := int64(0)
	for _, l := range lines {
		var p struct {
			Progress *struct{ Done, Total int64 } `json:"progress"`
		}
		dec := json.NewDecoder(strings.NewReader(l))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&p); err != nil || p.Progress == nil {
			t.Fatalf("line %q is not a progress line (%v)", l, err)
		}
		if p.Progress.Done <= last || p.Progress.Done > total || p.Progress.Total != total {
			t.Errorf("line %q after done %d, total %d", l, last, total)
		}
		last = p.Progress.Done
	}
	if most := int(elapsed/(180*time.Millisecond)) + 1; len(lines) > most {
		t.Errorf("%d progress lines in %v: more than one every 180 ms", len(lines), elapsed)
	}
}

// TestServeBinaryStreamAndPage runs the real binary: a seeded combat and a
// comparison asked with Accept: application/x-ndjson stream progress lines
// then a result line holding byte for byte the answer without the header;
// an exact combat streams its result alone; a bad document with the header
// is answered 422 JSON as without it; the page is answered at / with its
// headers, Chart.js as JavaScript, and an unknown path is still 404 JSON.
func TestServeBinaryStreamAndPage(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildBinary(t)
	_, url, stderr := startServe(t, bin, "--max-trials", "1e9")

	const trials = 8_000_000 // about a second on one core: a few progress lines
	doc := spaceDoc(trials, 7)
	status, plain := postJSON(t, url+"/v1/combat", doc)
	if status != 200 {
		t.Fatalf("without the header: %d %s", status, plain)
	}
	status, ctype, lines, elapsed := postStream(t, url+"/v1/combat", doc)
	if status != 200 || ctype != "application/x-ndjson" {
		t.Fatalf("with the header: %d %q %q", status, ctype, lines)
	}
	if want := `{"result":` + strings.TrimSuffix(string(plain), "\n") + `}`; lines[len(lines)-1] != want {
		t.Errorf("last line:\n%s\nwant the answer without the header:\n%s", lines[len(lines)-1], want)
	}
	checkProgress(t, lines[:len(lines)-1], trials, elapsed)
	t.Logf("combat of %d trials: %d progress lines in %v", trials, len(lines)-1, elapsed.Round(time.Millisecond))

	cmp := `{"version":1,"scenario":{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":3}]},` +
		`"defender":{"fleet":[{"unit":"dreadnought","count":2}]},"run":{"trials":200000,"seed":3}},"vary":[{"key":"nebula","values":["false","true"]}]}`
	status, plain = postJSON(t, url+"/v1/compare", cmp)
	_, _, lines, elapsed = postStream(t, url+"/v1/compare", cmp)
	if want := `{"result":` + strings.TrimSuffix(string(plain), "\n") + `}`; status != 200 || lines[len(lines)-1] != want {
		t.Errorf("compare: %d; last line:\n%s\nwant:\n%s", status, lines[len(lines)-1], want)
	}
	checkProgress(t, lines[:len(lines)-1], 200000, elapsed)

	// Over the default dice budget (2×10⁹): 99 units of six kinds a side,
	// 10⁷ trials, about 5×10¹⁰ dice, is refused at once, naming the
	// trials that fit.
	const big = `[{"unit":"dreadnought","count":99},{"unit":"carrier","count":99},{"unit":"cruiser","count":99},{"unit":"destroyer","count":99},{"unit":"fighter","count":99},{"unit":"war sun","count":99}]`
	start := time.Now()
	status, plain = postJSON(t, url+"/v1/combat", `{"version":1,"action":"space","attacker":{"fleet":`+big+`},"defender":{"fleet":`+big+`},"run":{"trials":10000000}}`)
	t.Logf("heavy document answered %d in %v: %s", status, time.Since(start).Round(time.Millisecond), plain)
	if status != 422 || !bytes.Contains(plain, []byte(`"path":"run.trials"`)) || !bytes.Contains(plain, []byte("ask for at most")) {
		t.Errorf("heavy document: %d %s, want 422 at run.trials saying how many trials fit", status, plain)
	}

	exact := `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":3}]},"defender":{"fleet":[{"unit":"dreadnought","count":2}]},"run":{"exact":true}}`
	status, plain = postJSON(t, url+"/v1/combat", exact)
	_, _, lines, _ = postStream(t, url+"/v1/combat", exact)
	if want := `{"result":` + strings.TrimSuffix(string(plain), "\n") + `}`; status != 200 || len(lines) != 1 || lines[0] != want {
		t.Errorf("exact: %d; streamed %q, want the result line alone %s", status, lines, want)
	}

	// The fleet advisor: the Must show question through the real
	// service is the command line's answer (the elapsed time aside); a
	// fault names its field.
	status, plain = postJSON(t, url+"/v1/advise", mustShowDoc)
	cli, err := exec.Command(bin, append(append([]string{}, mustShowArgs...), "-o", "json")...).Output()
	if err != nil {
		t.Fatal(err)
	}
	if status != 200 || maskElapsed(string(plain)) != maskElapsed(string(cli)) {
		t.Errorf("advise: %d\n%s\nthe command line:\n%s", status, plain, cli)
	}
	status, plain = postJSON(t, url+"/v1/advise", strings.Replace(mustShowDoc, `"fleet_pool":4`, `"fleet_pool":99`, 1))
	if status != 422 || !strings.Contains(string(plain), `"path":"limits.fleet_pool"`) {
		t.Errorf("advise, bad fleet pool: %d %s", status, plain)
	}

	bad := strings.Replace(doc, `"count":3`, `"count":0`, 1)
	status, plain = postJSON(t, url+"/v1/combat", bad)
	status2, ctype, lines, _ := postStream(t, url+"/v1/combat", bad)
	if status != 422 || status2 != 422 || ctype != "application/json" || lines[0] != strings.TrimSuffix(string(plain), "\n") || !strings.Contains(lines[0], `"path":"attacker.fleet[0].count"`) {
		t.Errorf("bad document: %d without the header %s; with it %d %q %q", status, plain, status2, ctype, lines)
	}

	for path, want := range map[string]struct {
		status int
		ctype  string
		has    string
	}{
		"/":                        {200, "text/html; charset=utf-8", "<!doctype html>"},
		"/vendor/chart.umd.min.js": {200, "text/javascript; charset=utf-8", "Chart"},
		"/engine.json":             {200, "application/json", `"service"`},
		"/v1/catalog":              {200, "application/json", `"factions"`},
		"/nope.html":               {404, "application/json", "no such path"},
	} {
		resp, err := http.Get(url + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != want.status || resp.Header.Get("Content-Type") != want.ctype || !strings.Contains(strings.ToLower(string(b)), strings.ToLower(want.has)) {
			t.Errorf("GET %s: %d %q %.80s", path, resp.StatusCode, resp.Header.Get("Content-Type"), b)
		}
		page := want.status == 200 && path != "/v1/catalog"
		if csp := resp.Header.Get("Content-Security-Policy"); page != strings.Contains(csp, "script-src 'self' 'wasm-unsafe-eval'") || page && resp.Header.Get("Cache-Control") != "no-cache" {
			t.Errorf("GET %s: Content-Security-Policy %q, Cache-Control %q", path, csp, resp.Header.Get("Cache-Control"))
		}
	}
	if strings.Contains(stderr.String(), "level=ERROR") {
		t.Errorf("errors logged:\n%s", stderr)
	}
}
