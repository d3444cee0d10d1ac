package load

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ti4sim/ti4sim/internal/servetest"
)

// smallDoc is a small client's request: a space combat of 2,000 trials
// (about 10⁵ dice, a few milliseconds).
const smallDoc = `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"carrier","count":3},{"unit":"fighter","count":6}]},"defender":{"fleet":[{"unit":"dreadnought","count":1},{"unit":"destroyer","count":2},{"unit":"fighter","count":3}]},"run":{"trials":2000,"seed":SEED}}`

// heavyDoc is a heavy client's request: 99 units of six kinds a side,
// 40,000 trials, about 1.9×10⁸ dice (a heavy run, within the default
// budget of 2×10⁹): about a second of one core.
const heavyDoc = `{"version":1,"action":"space","attacker":{"fleet":BIG},"defender":{"fleet":BIG},"run":{"trials":40000,"seed":SEED}}`

const bigFleet = `[{"unit":"dreadnought","count":99},{"unit":"carrier","count":99},{"unit":"cruiser","count":99},{"unit":"destroyer","count":99},{"unit":"fighter","count":99},{"unit":"war sun","count":99}]`

// TestFairness measures what two heavy clients do to fifty small ones:
// the small clients' latencies alone (each sending TI4SIM_LOAD_REQUESTS
// requests one after the other, 20 by default), then again while two
// clients send heavy requests back to back. It reports p50 and p99 of
// both and their ratio; the service's fair gate (heavy runs on all slots
// but one, on all cores but one) is meant to keep the p99 ratio within 5.
// It fails on any error answer, when no heavy request was answered, and,
// when TI4SIM_LOAD_MAX_RATIO is set, on a p99 ratio above it.
// TI4SIM_LOAD_BIN names another ti4sim binary to measure instead of this
// module's. Run only with TI4SIM_LOAD set:
//
//	TI4SIM_LOAD=1 go test -run TestFairness -v ./bench/load
func TestFairness(t *testing.T) {
	if os.Getenv("TI4SIM_LOAD") == "" {
		t.Skip("set TI4SIM_LOAD=1 to run the load test")
	}
	const smallClients = 50
	perClient := envInt("TI4SIM_LOAD_REQUESTS", 20)
	bin := os.Getenv("TI4SIM_LOAD_BIN") // another build to compare, or this one
	if bin == "" {
		var err error
		if bin, err = servetest.Build(t.TempDir()); err != nil {
			t.Fatal(err)
		}
	}
	srv, err := servetest.Start(bin)
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Stop()
	if !strings.HasPrefix(srv.URL, "http://127.0.0.1:") {
		t.Fatalf("not on loopback: %q", srv.URL)
	}
	post := func(c *http.Client, body string) (int, []byte, error) {
		resp, err := c.Post(srv.URL+"/v1/combat", "application/json", strings.NewReader(body))
		if err != nil {
			return 0, nil, err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		return resp.StatusCode, b, err
	}
	var mu sync.Mutex
	errs := map[string]int{}
	fail := func(status int, b []byte, err error) bool {
		if err == nil && status == 200 && bytes.HasPrefix(b, []byte(`{"command":`)) {
			return false
		}
		mu.Lock()
		defer mu.Unlock()
		errs[fmt.Sprintf("%d %v %.100s", status, err, b)]++
		return true
	}
	// small runs the fifty small clients, each on its own connection (a
	// client of its own to the gate), and returns their latencies.
	small := func(phase int) []time.Duration {
		var lat []time.Duration
		var wg sync.WaitGroup
		for c := range smallClients {
			wg.Go(func() {
				client := &http.Client{Transport: &http.Transport{MaxConnsPerHost: 1}, Timeout: time.Minute}
				defer client.CloseIdleConnections()
				for i := range perClient {
					seed := strconv.Itoa(phase*1_000_000 + c*perClient + i + 1)
					t0 := time.Now()
					status, b, err := post(client, strings.Replace(smallDoc, "SEED", seed, 1))
					d := time.Since(t0)
					fail(status, b, err)
					mu.Lock()
					lat = append(lat, d)
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		slices.Sort(lat)
		return lat
	}
	pct := func(lat []time.Duration, p float64) time.Duration {
		return lat[min(len(lat)-1, int(p*float64(len(lat))))]
	}

	// A single small request alone, for reference (after a warm-up).
	one := &http.Client{Timeout: time.Minute}
	fail(post(one, strings.Replace(smallDoc, "SEED", "1", 1)))
	t0 := time.Now()
	fail(post(one, strings.Replace(smallDoc, "SEED", "2", 1)))
	single := time.Since(t0)

	alone := small(1)

	stop := make(chan struct{})
	var heavyDone atomic.Int64
	var heavyLat []time.Duration
	var hw sync.WaitGroup
	for h := range 2 {
		hw.Go(func() {
			client := &http.Client{Timeout: 2 * time.Minute}
			defer client.CloseIdleConnections()
			body := strings.ReplaceAll(heavyDoc, "BIG", bigFleet)
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				t0 := time.Now()
				status, b, err := post(client, strings.Replace(body, "SEED", strconv.Itoa(h*1000+i+1), 1))
				if !fail(status, b, err) {
					heavyDone.Add(1)
					mu.Lock()
					heavyLat = append(heavyLat, time.Since(t0))
					mu.Unlock()
				}
			}
		})
	}
	time.Sleep(300 * time.Millisecond) // both heavy clients are computing or waiting
	loaded := small(2)
	close(stop)
	hw.Wait()

	ratio50 := float64(pct(loaded, 0.5)) / float64(pct(alone, 0.5))
	ratio99 := float64(pct(loaded, 0.99)) / float64(pct(alone, 0.99))
	t.Logf("one small request alone: %v", single.Round(time.Microsecond))
	t.Logf("%d small clients × %d requests alone: p50 %v, p99 %v", smallClients, perClient, pct(alone, 0.5).Round(time.Microsecond), pct(alone, 0.99).Round(time.Microsecond))
	t.Logf("the same beside 2 heavy clients: p50 %v, p99 %v; ratio p50 %.2f, p99 %.2f", pct(loaded, 0.5).Round(time.Microsecond), pct(loaded, 0.99).Round(time.Microsecond), ratio50, ratio99)
	slices.Sort(heavyLat)
	if len(heavyLat) > 0 {
		t.Logf("heavy requests answered meanwhile: %d, latency p50 %v, max %v", len(heavyLat), pct(heavyLat, 0.5).Round(time.Millisecond), heavyLat[len(heavyLat)-1].Round(time.Millisecond))
	}
	for k, c := range errs {
		t.Errorf("%d × %s", c, k)
	}
	if heavyDone.Load() == 0 {
		t.Error("no heavy request was answered while the small clients ran")
	}
	if max, err := strconv.ParseFloat(os.Getenv("TI4SIM_LOAD_MAX_RATIO"), 64); err == nil && ratio99 > max {
		t.Errorf("p99 ratio %.2f, above TI4SIM_LOAD_MAX_RATIO %.2f", ratio99, max)
	}
}
