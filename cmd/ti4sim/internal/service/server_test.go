package service

import (
	"bytes"
	"context"
	"encoding/json"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service/endpoint"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

const jsonType = "application/json"

// badRequest is one kind of bad request and the 4xx answer it must get.
type badRequest struct {
	name                string
	method, path, ctype string
	body                string
	status              int
	errHas              string // a part of the error message
	path_               string // the error's JSON path
}

// testBodyLimit is the body limit of the bad-request tests.
const testBodyLimit = 256

// badRequests lists the kinds of bad request: each is answered with its
// 4xx status and a JSON error naming the problem, never 5xx.
var badRequests = []badRequest{
	{"unknown path", "GET", "/nope", "", "", 404, "no such path", ""},
	{"unknown versioned path", "POST", "/v1/nope", jsonType, "{}", 404, "no such path", ""},
	{"unknown file", "GET", "/nope.js", "", "", 404, "no such path", ""},
	{"POST on the page", "POST", "/", jsonType, "{}", 405, "allowed GET, HEAD", ""},
	{"PUT on a page file", "PUT", "/style.css", jsonType, "{}", 405, "allowed GET, HEAD", ""},
	{"unknown version", "POST", "/v2/combat", jsonType, "{}", 404, "no such path", ""},
	{"double slash", "POST", "/v1//combat", jsonType, "{}", 404, "no such path", ""},
	{"dot segment", "POST", "/v1/./combat", jsonType, "{}", 404, "no such path", ""},
	{"dot-dot segment", "POST", "/v1/x/../combat", jsonType, "{}", 404, "no such path", ""},
	{"trailing slash", "POST", "/v1/combat/", jsonType, "{}", 404, "no such path", ""},
	{"path case", "POST", "/V1/Combat", jsonType, "{}", 404, "no such path", ""},
	{"empty schema name", "GET", "/v1/schema/", "", "", 404, "no such path", ""},
	{"unknown schema", "GET", "/v1/schema/battle", "", "", 404, `no schema named "battle"`, ""},
	{"GET on a run", "GET", "/v1/combat", "", "", 405, "allowed POST", ""},
	{"PUT on a run", "PUT", "/v1/vote", jsonType, "{}", 405, "allowed POST", ""},
	{"DELETE on compare", "DELETE", "/v1/compare", "", "", 405, "allowed POST", ""},
	{"GET on import", "GET", "/v1/import", "", "", 405, "allowed POST", ""},
	{"POST on the catalog", "POST", "/v1/catalog", jsonType, "{}", 405, "allowed GET, HEAD", ""},
	{"DELETE on healthz", "DELETE", "/healthz", "", "", 405, "allowed GET, HEAD", ""},
	{"PATCH on the description", "PATCH", "/v1/openapi.json", jsonType, "{}", 405, "allowed GET, HEAD", ""},
	{"OPTIONS without CORS", "OPTIONS", "/v1/combat", "", "", 405, "allowed POST", ""},
	{"no Content-Type", "POST", "/v1/combat", "", "{}", 415, "send application/json", ""},
	{"text/plain", "POST", "/v1/combat", "text/plain", "{}", 415, `"text/plain"`, ""},
	{"form", "POST", "/v1/vote", "application/x-www-form-urlencoded", "a=1", 415, "send application/json", ""},
	{"malformed Content-Type", "POST", "/v1/compare", "application/", "{}", 415, "send application/json", ""},
	{"charset not UTF-8", "POST", "/v1/combat", "application/json; charset=latin1", "{}", 415, "send UTF-8", ""},
	{"empty body", "POST", "/v1/combat", jsonType, "", 400, "empty request body", ""},
	{"blank body", "POST", "/v1/vote", jsonType, " \n\t", 400, "empty request body", ""},
	{"truncated JSON", "POST", "/v1/combat", jsonType, `{"version":1`, 400, "malformed JSON", ""},
	{"garbage after the value", "POST", "/v1/combat", jsonType, `{} x`, 400, "malformed JSON at byte", ""},
	{"two values", "POST", "/v1/compare", jsonType, `{}{}`, 400, "malformed JSON", ""},
	{"single quotes", "POST", "/v1/combat", jsonType, `{'version':1}`, 400, "malformed JSON at byte 2", ""},
	{"trailing comma", "POST", "/v1/vote", jsonType, `{"version":1,}`, 400, "malformed JSON", ""},
	{"NaN literal", "POST", "/v1/combat", jsonType, `{"run":{"precision":NaN}}`, 400, "malformed JSON", ""},
	{"not UTF-8", "POST", "/v1/combat", jsonType, "{\"action\":\"sp\xffce\"}", 400, "not UTF-8", ""},
	{"bare word", "POST", "/v1/import", jsonType, `ti4battle`, 400, "malformed JSON", ""},
	{"body over the limit", "POST", "/v1/combat", jsonType, `{"x":"` + strings.Repeat("a", testBodyLimit) + `"}`, 413, "larger than the limit of 256 bytes", ""},
	{"body over the limit on import", "POST", "/v1/import", jsonType, strings.Repeat(" ", testBodyLimit+1), 413, "larger than the limit", ""},
	{"input error in a combat", "POST", "/v1/combat", jsonType, `{"do":"input"}`, 422, "out of range", "attacker.fleet[0].count"},
	{"input error in a comparison", "POST", "/v1/compare", jsonType, `{"do":"input"}`, 422, "out of range", "attacker.fleet[0].count"},
	{"input error in a vote", "POST", "/v1/vote", jsonType, `{"do":"input"}`, 422, "out of range", "attacker.fleet[0].count"},
	{"input error in an import", "POST", "/v1/import", jsonType, `{"do":"input"}`, 422, "out of range", "attacker.fleet[0].count"},
	{"not an object", "POST", "/v1/combat", jsonType, `[1,2]`, 422, "want a JSON object", ""},
}

// testConfig is the configuration of the tests: the defaults with a small
// body limit, two slots and two places in the queue, and testPage.
func testConfig() Config {
	cfg := DefaultConfig()
	cfg.Page = testPage
	cfg.MaxBodyBytes = testBodyLimit
	cfg.MaxConcurrent, cfg.MaxQueue = 2, 2
	return cfg
}

// TestBadRequests: every kind of bad request in badRequests is answered
// with its 4xx status and a JSON error naming the problem (and the JSON
// path for an input error).
func TestBadRequests(t *testing.T) {
	s := newTestServer(t, testConfig(), newFake())
	if len(badRequests) < 30 {
		t.Fatalf("%d kinds of bad request, want at least 30", len(badRequests))
	}
	for _, tc := range badRequests {
		t.Run(tc.name, func(t *testing.T) {
			w := do(s, tc.method, tc.path, tc.ctype, tc.body)
			if w.Code != tc.status {
				t.Fatalf("%s %s: status %d, want %d; body %s", tc.method, tc.path, w.Code, tc.status, w.Body)
			}
			if tc.status == 405 && w.Header().Get("Allow") == "" {
				t.Errorf("405 without Allow")
			}
			e := decodeError(t, w)
			if !strings.Contains(e.Error, tc.errHas) {
				t.Errorf("error %q does not say %q", e.Error, tc.errHas)
			}
			if e.Path != tc.path_ {
				t.Errorf("path %q, want %q", e.Path, tc.path_)
			}
		})
	}
}

// TestGoodRequests: each endpoint answers 200 with JSON, and a run's
// backend gets the configured limits.
func TestGoodRequests(t *testing.T) {
	cfg := testConfig()
	cfg.MaxTrials, cfg.MaxExactStates = 12345, 678
	s := newTestServer(t, cfg, newFake())
	for _, p := range []string{"/v1/combat", "/v1/compare", "/v1/vote"} {
		w := do(s, "POST", p, "application/json; charset=UTF-8", `{"version":1}`)
		if w.Code != 200 || w.Body.String() != `{"limits":{"MaxTrials":12345,"MaxExactStates":678,"MaxDice":2000000000},"ok":true}` {
			t.Errorf("POST %s: %d %s", p, w.Code, w.Body)
		}
	}
	for path, want := range map[string]string{
		"/healthz":          `{"status":"ok"}` + "\n",
		"/v1/catalog":       `{"cards":[],"limits":{"heavy_dice":50000000,"max_body_bytes":256,"max_concurrent":2,"max_dice":2000000000,"max_exact_states":678,"max_header_bytes":1048576,"max_queue":2,"max_trials":12345,"timeout_seconds":60}}` + "\n",
		"/v1/schema/combat": `{"type":"object"}`,
		"/v1/openapi.json":  string(openAPIDocument),
	} {
		w := do(s, "GET", path, "", "")
		if w.Code != 200 || w.Body.String() != want {
			t.Errorf("GET %s: %d %.80s", path, w.Code, w.Body)
		}
	}
	w := do(s, "GET", "/debug/vars", "", "")
	var v Vars
	if err := json.Unmarshal(w.Body.Bytes(), &v); err != nil || w.Code != 200 || v.Goroutines < 1 || v.InFlight != 1 {
		t.Errorf("GET /debug/vars: %d %s (%v)", w.Code, w.Body, err)
	}
}

// TestPanicIsContained: a panicking backend, or a panic on one of its
// goroutines (a *fault.Error), gets a 500 JSON answer with the request's
// id, its stack is logged, and the server goes on answering.
func TestPanicIsContained(t *testing.T) {
	var logged bytes.Buffer
	var mu sync.Mutex
	s, err := New(testConfig(), newFake(), slogTo(&logged, &mu))
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(s)
	defer srv.Close()
	for _, c := range []struct{ do, want string }{
		{"panic", "internal error"}, {"panic", "internal error"},
		{"worker-panic", "internal error in the fake's trials, at fake_test.go:"},
	} {
		resp, err := http.Post(srv.URL+"/v1/combat", jsonType, strings.NewReader(`{"do":"`+c.do+`"}`))
		if err != nil {
			t.Fatal(err)
		}
		var e errorBody
		json.NewDecoder(resp.Body).Decode(&e)
		resp.Body.Close()
		if resp.StatusCode != 500 || !strings.Contains(e.Error, c.want) {
			t.Fatalf("%s answered %d %+v, want 500 %q", c.do, resp.StatusCode, e, c.want)
		}
		if id := resp.Header.Get("X-Request-Id"); len(id) != 16 || e.RequestID != id {
			t.Errorf("%s: request id %q in the body, %q in X-Request-Id: want the same 16 digits", c.do, e.RequestID, id)
		}
	}
	resp, err := http.Post(srv.URL+"/v1/combat", jsonType, strings.NewReader(`{}`))
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("after the panics: %v %v", resp, err)
	}
	resp.Body.Close()
	mu.Lock()
	defer mu.Unlock()
	if !strings.Contains(logged.String(), "fake backend panics") || !strings.Contains(logged.String(), "fake worker panics") || !strings.Contains(logged.String(), "goroutine") {
		t.Errorf("the panic and its stack are not logged:\n%.500s", logged.String())
	}
}

// TestBackendFault: a backend's plain error is a 500 JSON answer (a fault
// of the service, not the input).
func TestBackendFault(t *testing.T) {
	s := newTestServer(t, testConfig(), newFake())
	w := do(s, "POST", "/v1/vote", jsonType, `{"do":"fail"}`)
	if w.Code != 500 {
		t.Fatalf("status %d", w.Code)
	}
	decodeError(t, w)
}

// TestTimeout: a run still going at the time limit is stopped (its
// context ends) and answered 503.
func TestTimeout(t *testing.T) {
	cfg := testConfig()
	cfg.Timeout = 20 * time.Millisecond
	f := newFake()
	s := newTestServer(t, cfg, f)
	w := do(s, "POST", "/v1/combat", jsonType, `{"do":"block"}`)
	if w.Code != 503 {
		t.Fatalf("status %d, want 503", w.Code)
	}
	if e := decodeError(t, w); !strings.Contains(e.Error, "longer than the limit of 20ms") {
		t.Errorf("error %q", e.Error)
	}
	if err := <-f.done; err != context.DeadlineExceeded {
		t.Errorf("backend's context ended with %v", err)
	}
}

// TestQueueFull: with every slot taken and the queue full, a run is
// answered 429 with Retry-After at once; a queued run goes ahead when a
// slot frees.
func TestQueueFull(t *testing.T) {
	cfg := testConfig()
	cfg.MaxConcurrent, cfg.MaxQueue = 1, 1
	f := newFake()
	s := newTestServer(t, cfg, f)
	srv := httptest.NewServer(s)
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	blocked := make(chan int, 1)
	go func() {
		req, _ := http.NewRequestWithContext(ctx, "POST", srv.URL+"/v1/combat", strings.NewReader(`{"do":"block"}`))
		req.Header.Set("Content-Type", jsonType)
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		blocked <- 0
	}()
	<-f.started // the slot is taken
	queued := make(chan int, 1)
	go func() {
		resp, err := http.Post(srv.URL+"/v1/vote", jsonType, strings.NewReader(`{}`))
		if err != nil {
			queued <- -1
			return
		}
		resp.Body.Close()
		queued <- resp.StatusCode
	}()
	for s.Vars().Queued != 1 {
		time.Sleep(time.Millisecond)
	}
	resp, err := http.Post(srv.URL+"/v1/combat", jsonType, strings.NewReader(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	var e errorBody
	json.NewDecoder(resp.Body).Decode(&e)
	resp.Body.Close()
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") != "1" || !strings.Contains(e.Error, "busy") {
		t.Errorf("beyond the queue: %d Retry-After %q %+v", resp.StatusCode, resp.Header.Get("Retry-After"), e)
	}
	cancel() // the blocking client goes away: its slot frees
	<-blocked
	if got := <-queued; got != 200 {
		t.Errorf("the queued run answered %d, want 200", got)
	}
}

// TestClientDisconnectStopsRun: when the client goes away, the backend's
// context ends and the handler returns within 50 ms (the best of three
// tries, against scheduling noise on a busy machine).
func TestClientDisconnectStopsRun(t *testing.T) {
	f := newFake()
	var handled sync.WaitGroup
	s := newTestServer(t, testConfig(), f)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		handled.Add(1)
		defer handled.Done()
		s.ServeHTTP(w, r)
	}))
	defer srv.Close()
	best := time.Hour
	for range 3 {
		ctx, cancel := context.WithCancel(context.Background())
		errc := make(chan error, 1)
		go func() {
			req, _ := http.NewRequestWithContext(ctx, "POST", srv.URL+"/v1/combat", strings.NewReader(`{"do":"block"}`))
			req.Header.Set("Content-Type", jsonType)
			_, err := http.DefaultClient.Do(req)
			errc <- err
		}()
		<-f.started
		start := time.Now()
		cancel()
		if err := <-f.done; err != context.Canceled {
			t.Fatalf("backend's context ended with %v, want context.Canceled", err)
		}
		handled.Wait()
		best = min(best, time.Since(start))
		if err := <-errc; err == nil {
			t.Fatal("the cancelled client got an answer")
		}
	}
	t.Logf("handler returned %v after the client went away", best)
	if best > 50*time.Millisecond {
		t.Errorf("handler returned %v after the client went away, want within 50ms", best)
	}
}

// TestCORS: with --cors-origin, a listed origin's preflight gets 204 with
// the methods and headers allowed and its requests get
// Access-Control-Allow-Origin; another origin's preflight is refused 403;
// without --cors-origin no CORS header is ever sent.
func TestCORS(t *testing.T) {
	cfg := testConfig()
	cfg.CORSOrigins = []string{"http://localhost:3000"}
	s := newTestServer(t, cfg, newFake())
	pre := func(h http.Handler, origin string) *httptest.ResponseRecorder {
		r := httptest.NewRequest("OPTIONS", "http://127.0.0.1/v1/combat", nil)
		r.Header.Set("Origin", origin)
		r.Header.Set("Access-Control-Request-Method", "POST")
		r.Header.Set("Access-Control-Request-Headers", "content-type")
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w
	}
	w := pre(s, "http://localhost:3000")
	if w.Code != 204 || w.Header().Get("Access-Control-Allow-Origin") != "http://localhost:3000" || w.Header().Get("Access-Control-Allow-Headers") != "Content-Type" {
		t.Errorf("allowed preflight: %d %v", w.Code, w.Header())
	}
	w = pre(s, "http://localhost:3001")
	if w.Code != 403 || w.Header().Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("other origin's preflight: %d %v", w.Code, w.Header())
	}
	decodeError(t, w)
	r := httptest.NewRequest("POST", "http://127.0.0.1/v1/combat", strings.NewReader("{}"))
	r.Header.Set("Content-Type", jsonType)
	r.Header.Set("Origin", "http://localhost:3000")
	w = httptest.NewRecorder()
	s.ServeHTTP(w, r)
	if w.Code != 200 || w.Header().Get("Access-Control-Allow-Origin") != "http://localhost:3000" {
		t.Errorf("allowed origin's POST: %d %v", w.Code, w.Header())
	}
	off := newTestServer(t, testConfig(), newFake())
	w = pre(off, "http://localhost:3000")
	if w.Code != 405 || w.Header().Get("Access-Control-Allow-Origin") != "" {
		t.Errorf("preflight with CORS off: %d %v", w.Code, w.Header())
	}
}

// TestConfigValidate: each limit out of range is refused, naming it.
func TestConfigValidate(t *testing.T) {
	if err := DefaultConfig().Validate(); err != nil {
		t.Fatalf("defaults: %v", err)
	}
	for name, change := range map[string]func(*Config){
		"max trials":       func(c *Config) { c.MaxTrials = 0 },
		"max exact states": func(c *Config) { c.MaxExactStates = MaxExactStatesLimit + 1 },
		"max body":         func(c *Config) { c.MaxBodyBytes = 0 },
		"timeout":          func(c *Config) { c.Timeout = 0 },
		"max concurrent":   func(c *Config) { c.MaxConcurrent = 0 },
		"max queue":        func(c *Config) { c.MaxQueue = -1 },
		"shutdown timeout": func(c *Config) { c.ShutdownTimeout = -time.Second },
		"CORS origin":      func(c *Config) { c.CORSOrigins = []string{"localhost:3000"} },
	} {
		c := DefaultConfig()
		change(&c)
		if err := c.Validate(); err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: err = %v", name, err)
		}
	}
}

// TestRequestLog: each request is logged with method, path, status and
// duration.
func TestRequestLog(t *testing.T) {
	var logged bytes.Buffer
	var mu sync.Mutex
	s, _ := New(testConfig(), newFake(), slogTo(&logged, &mu))
	do(s, "GET", "/v1/combat", "", "")
	mu.Lock()
	line := logged.String()
	mu.Unlock()
	for _, want := range []string{"method=GET", "path=/v1/combat", "status=405", "duration="} {
		if !strings.Contains(line, want) {
			t.Errorf("log line %q lacks %s", line, want)
		}
	}
}

// partialBackend answers combats and votes only.
type partialBackend struct{ fake *fakeBackend }

func (p partialBackend) Combat(ctx context.Context, b []byte, l endpoint.Limits) ([]byte, error) {
	return p.fake.Combat(ctx, b, l)
}
func (p partialBackend) Vote(ctx context.Context, b []byte, l endpoint.Limits) ([]byte, error) {
	return p.fake.Vote(ctx, b, l)
}
func (p partialBackend) Catalog() []byte                   { return p.fake.Catalog() }
func (p partialBackend) Schema(name string) ([]byte, bool) { return p.fake.Schema(name) }

// TestMissingEndpoints: with a backend that neither compares nor imports,
// those paths answer 404 saying so, whatever the method.
func TestMissingEndpoints(t *testing.T) {
	s := newTestServer(t, testConfig(), partialBackend{newFake()})
	for path, why := range map[string]string{"/v1/compare": "no comparison", "/v1/import": "no importer"} {
		for _, m := range []string{"POST", "GET"} {
			w := do(s, m, path, jsonType, "{}")
			if e := decodeError(t, w); w.Code != 404 || !strings.Contains(e.Error, why) {
				t.Errorf("%s %s: %d %q", m, path, w.Code, e.Error)
			}
		}
	}
}
