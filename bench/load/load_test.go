// Package load is a load test of `ti4sim serve`: the real binary on
// loopback under many concurrent clients. It runs only when TI4SIM_LOAD is
// set, so that `go test ./...` stays fast:
//
//	TI4SIM_LOAD=1 go test -run TestLoad -v ./bench/load
//
// TI4SIM_LOAD_CLIENTS and TI4SIM_LOAD_REQUESTS (per client) change its
// size (default 64 clients × 25 requests).
package load

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ti4sim/ti4sim/internal/servetest"
)

// The mix of requests: small Monte Carlo combats, exact combats and votes.
var mix = []struct{ path, body string }{
	{"/v1/combat", `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"carrier","count":3},{"unit":"fighter","count":6}]},"defender":{"fleet":[{"unit":"dreadnought","count":1},{"unit":"destroyer","count":2},{"unit":"fighter","count":3},{"unit":"space dock","count":1}]},"run":{"trials":2000,"seed":SEED}}`},
	{"/v1/combat", `{"version":1,"action":"invade","attacker":{"fleet":[{"unit":"dreadnought","count":2},{"unit":"carrier","count":1},{"unit":"fighter","count":2},{"unit":"infantry","count":4}]},"defender":{"fleet":[{"unit":"destroyer","count":1},{"unit":"fighter","count":2},{"unit":"infantry","count":3},{"unit":"pds","count":1},{"unit":"space dock","count":1}]},"run":{"trials":1000,"seed":SEED}}`},
	{"/v1/combat", `{"version":1,"action":"invade","attacker":{"fleet":[{"unit":"dreadnought","count":1},{"unit":"carrier","count":1},{"unit":"infantry","count":3}]},"defender":{"fleet":[{"unit":"infantry","count":2},{"unit":"pds","count":1}]},"run":{"exact":true}}`},
	{"/v1/vote", `{"version":1,"voters":["sol:5:for=0.5,against=0.5","hacan:3:for=1","xxcha:4:against=1"],"run":{"trials":2000,"seed":SEED}}`},
	{"/v1/vote", `{"version":1,"mode":"base","voters":["a:2:for=0.5,against=0.5","b:3:against=1"],"run":{"exact":true}}`},
}

func envInt(name string, def int) int {
	if n, err := strconv.Atoi(os.Getenv(name)); err == nil && n > 0 {
		return n
	}
	return def
}

type vars struct {
	Goroutines int `json:"goroutines"`
	InFlight   int `json:"in_flight"`
}

// TestLoad starts the service on 127.0.0.1, sends clients × requests of
// the mix from concurrent clients, and reports requests/s, p50 and p99
// latency, errors, the server's peak resident memory (VmHWM) and its
// goroutines before and after. It fails on any error answer or when the
// goroutines do not return to their number before the load.
func TestLoad(t *testing.T) {
	if os.Getenv("TI4SIM_LOAD") == "" {
		t.Skip("set TI4SIM_LOAD=1 to run the load test")
	}
	clients, perClient := envInt("TI4SIM_LOAD_CLIENTS", 64), envInt("TI4SIM_LOAD_REQUESTS", 25)
	bin, err := servetest.Build(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	srv, err := servetest.Start(bin, "--max-queue", strconv.Itoa(clients))
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Cmd.Process.Kill()
	base := srv.URL
	if !strings.HasPrefix(base, "http://127.0.0.1:") {
		t.Fatalf("not on loopback: %q", base)
	}

	probe := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	getVars := func() vars {
		resp, err := probe.Get(base + "/debug/vars")
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var v vars
		json.NewDecoder(resp.Body).Decode(&v)
		return v
	}
	before := getVars()

	tr := &http.Transport{MaxIdleConnsPerHost: clients}
	client := &http.Client{Transport: tr, Timeout: time.Minute}
	lat := make([]time.Duration, 0, clients*perClient)
	var mu sync.Mutex
	errs := map[string]int{}
	var wg sync.WaitGroup
	start := time.Now()
	for c := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range perClient {
				m := mix[(c+i)%len(mix)]
				body := strings.Replace(m.body, "SEED", strconv.Itoa(c*perClient+i+1), 1)
				t0 := time.Now()
				resp, err := client.Post(base+m.path, "application/json", strings.NewReader(body))
				var status int
				var b []byte
				if err == nil {
					b, _ = io.ReadAll(resp.Body)
					resp.Body.Close()
					status = resp.StatusCode
				}
				d := time.Since(t0)
				mu.Lock()
				lat = append(lat, d)
				switch {
				case err != nil:
					errs[err.Error()]++
				case status != 200 || !bytes.HasPrefix(b, []byte(`{"command":`)):
					errs[fmt.Sprintf("%d %.80s", status, b)]++
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	slices.Sort(lat)
	pct := func(p float64) time.Duration { return lat[min(len(lat)-1, int(p*float64(len(lat))))] }
	n := len(lat)
	hwm := "unknown"
	if b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", srv.Cmd.Process.Pid)); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(l, "VmHWM:") {
				hwm = strings.Join(strings.Fields(l)[1:], " ")
			}
		}
	}
	peak := getVars()
	tr.CloseIdleConnections()
	after := getVars()
	for wait := time.Now(); after.Goroutines > before.Goroutines && time.Since(wait) < 5*time.Second; after = getVars() {
		time.Sleep(20 * time.Millisecond)
	}
	nerr := 0
	for _, k := range errs {
		nerr += k
	}
	t.Logf("%d clients × %d requests = %d (a mix of %d documents: Monte Carlo and exact combats, Monte Carlo and exact votes) in %v", clients, perClient, n, len(mix), elapsed.Round(time.Millisecond))
	t.Logf("%.0f requests/s; latency p50 %v, p99 %v, max %v; errors %d", float64(n)/elapsed.Seconds(), pct(0.50).Round(time.Microsecond), pct(0.99).Round(time.Microsecond), lat[n-1].Round(time.Microsecond), nerr)
	t.Logf("server peak RSS (VmHWM) %s; goroutines before %d, with idle connections open %d, after closing them %d", hwm, before.Goroutines, peak.Goroutines, after.Goroutines)
	for k, c := range errs {
		t.Errorf("%d × %s", c, k)
	}
	if after.Goroutines > before.Goroutines {
		t.Errorf("goroutines %d after the load, %d before", after.Goroutines, before.Goroutines)
	}
}
