package service

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// doStream sends one run request with Accept: application/x-ndjson.
func doStream(h http.Handler, path, body string) *httptest.ResponseRecorder {
	r := httptest.NewRequest("POST", "http://127.0.0.1"+path, strings.NewReader(body))
	r.Header.Set("Content-Type", jsonType)
	r.Header.Set("Accept", ndjsonType)
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// streamLines checks a streamed answer's status and type and splits its
// body into lines, each one JSON value ending with a newline.
func streamLines(t *testing.T, w *httptest.ResponseRecorder) []string {
	t.Helper()
	if w.Code != 200 || w.Header().Get("Content-Type") != ndjsonType {
		t.Fatalf("streamed answer: %d %q, want 200 %s; body %s", w.Code, w.Header().Get("Content-Type"), ndjsonType, w.Body)
	}
	body := w.Body.String()
	if !strings.HasSuffix(body, "\n") {
		t.Fatalf("stream does not end with a newline: %q", body)
	}
	lines := strings.Split(strings.TrimSuffix(body, "\n"), "\n")
	for _, l := range lines {
		if !json.Valid([]byte(l)) {
			t.Fatalf("line %q is not one JSON value", l)
		}
	}
	return lines
}

// progressLine is a stream's progress line.
func progressLine(done, total int64) string {
	return fmt.Sprintf(`{"progress":{"done":%d,"total":%d}}`, done, total)
}

// TestStreamProgressThenResult: with Accept: application/x-ndjson, each
// run endpoint answers its progress lines (every report, with no time
// between lines required), then the result line, whose value is byte for
// byte the answer without the header.
func TestStreamProgressThenResult(t *testing.T) {
	s := newTestServer(t, testConfig(), newFake())
	s.progressEvery = 0
	for _, p := range []string{"/v1/combat", "/v1/compare", "/v1/vote"} {
		const doc = `{"progress":4}`
		plain := do(s, "POST", p, jsonType, doc)
		if plain.Code != 200 {
			t.Fatalf("POST %s without the header: %d %s", p, plain.Code, plain.Body)
		}
		lines := streamLines(t, doStream(s, p, doc))
		want := []string{progressLine(1, 4), progressLine(2, 4), progressLine(3, 4), progressLine(4, 4), `{"result":` + plain.Body.String() + `}`}
		if strings.Join(lines, "\n") != strings.Join(want, "\n") {
			t.Errorf("POST %s streamed:\n%s\nwant:\n%s", p, strings.Join(lines, "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestStreamCoalescesProgress: reports closer together than the interval
// between lines are dropped: 1000 reports in a row give the first line
// only, then the result.
func TestStreamCoalescesProgress(t *testing.T) {
	s := newTestServer(t, testConfig(), newFake())
	s.progressEvery = time.Hour
	lines := streamLines(t, doStream(s, "/v1/combat", `{"progress":1000}`))
	if len(lines) != 2 || lines[0] != progressLine(1, 1000) || !strings.HasPrefix(lines[1], `{"result":{"limits"`) {
		t.Errorf("streamed %q, want the first progress line and the result", lines)
	}
}

// TestStreamWithoutProgress: a run that reports no progress (an exact
// run) streams its result line alone.
func TestStreamWithoutProgress(t *testing.T) {
	s := newTestServer(t, testConfig(), newFake())
	lines := streamLines(t, doStream(s, "/v1/vote", `{}`))
	plain := do(s, "POST", "/v1/vote", jsonType, `{}`).Body.String()
	if len(lines) != 1 || lines[0] != `{"result":`+plain+`}` {
		t.Errorf("streamed %q, want the result line of %s", lines, plain)
	}
}

// TestStreamErrorsBeforeFirstLine: a request refused before any line is
// written (every bad POST of badRequests, a document the backend refuses
// before reporting progress) is answered with the header exactly as
// without it: its status and JSON error.
func TestStreamErrorsBeforeFirstLine(t *testing.T) {
	s := newTestServer(t, testConfig(), newFake())
	n := 0
	for _, tc := range badRequests {
		if tc.method != "POST" || tc.path == "/v1/import" {
			continue
		}
		n++
		plain := do(s, tc.method, tc.path, tc.ctype, tc.body)
		r := httptest.NewRequest(tc.method, "http://127.0.0.1"+tc.path, strings.NewReader(tc.body))
		r.URL.Path = tc.path
		if tc.ctype != "" {
			r.Header.Set("Content-Type", tc.ctype)
		}
		r.Header.Set("Accept", ndjsonType)
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		if w.Code != tc.status || w.Code != plain.Code || w.Body.String() != plain.Body.String() {
			t.Errorf("%s: with the header %d %s; without %d %s; want %d", tc.name, w.Code, w.Body, plain.Code, plain.Body, tc.status)
		}
		decodeError(t, w)
	}
	if n < 20 {
		t.Errorf("%d bad run requests tried, want at least 20", n)
	}
}

// TestStreamBusyIsNotStreamed: a run refused because the slots and the
// queue are full is answered 429 with Retry-After, not as a stream.
func TestStreamBusyIsNotStreamed(t *testing.T) {
	cfg := testConfig()
	cfg.MaxConcurrent, cfg.MaxQueue = 1, 0
	f := newFake()
	s := newTestServer(t, cfg, f)
	ctx, cancel := context.WithCancel(context.Background())
	blocked := make(chan struct{})
	go func() {
		r := httptest.NewRequestWithContext(ctx, "POST", "http://127.0.0.1/v1/combat", strings.NewReader(`{"do":"block"}`))
		r.Header.Set("Content-Type", jsonType)
		s.ServeHTTP(httptest.NewRecorder(), r)
		close(blocked)
	}()
	<-f.started
	w := doStream(s, "/v1/combat", `{"progress":3}`)
	cancel()
	<-blocked
	if w.Code != 429 || w.Header().Get("Retry-After") != "1" {
		t.Errorf("busy with the header: %d Retry-After %q %s", w.Code, w.Header().Get("Retry-After"), w.Body)
	}
	decodeError(t, w)
}

// TestStreamFailsAfterFirstLine: a run that fails after its first
// progress line ends the stream with the error line {"error", "path",
// "status"}: the status it would have been answered with (422 input, 500
// fault or panic, 503 time limit).
func TestStreamFailsAfterFirstLine(t *testing.T) {
	for _, tc := range []struct {
		do     string
		status int
		path   string
		errHas string
	}{
		{"input", 422, "attacker.fleet[0].count", "out of range"},
		{"fail", 500, "", "internal error"},
		{"panic", 500, "", "internal error"},
		{"block", 503, "", "longer than the limit of 50ms"},
	} {
		t.Run(tc.do, func(t *testing.T) {
			cfg := testConfig()
			cfg.Timeout = 50 * time.Millisecond
			s := newTestServer(t, cfg, newFake())
			s.progressEvery = 0
			lines := streamLines(t, doStream(s, "/v1/combat", `{"progress":2,"do":"`+tc.do+`"}`))
			if len(lines) != 3 || lines[0] != progressLine(1, 2) || lines[1] != progressLine(2, 2) {
				t.Fatalf("streamed %q, want two progress lines and the error", lines)
			}
			dec := json.NewDecoder(strings.NewReader(lines[2]))
			dec.DisallowUnknownFields()
			var e streamError
			if err := dec.Decode(&e); err != nil {
				t.Fatalf("last line %s: %v", lines[2], err)
			}
			if e.Status != tc.status || e.Path != tc.path || !strings.Contains(e.Error, tc.errHas) {
				t.Errorf("last line %+v, want status %d path %q error with %q", e, tc.status, tc.path, tc.errHas)
			}
		})
	}
}

// TestStreamClientGoneStopsRun: a client that goes away after the first
// progress line stops its run (the backend's context is cancelled), and
// the request is logged 499.
func TestStreamClientGoneStopsRun(t *testing.T) {
	f := newFake()
	var logged bytes.Buffer
	var mu sync.Mutex
	s, err := New(testConfig(), f, slogTo(&logged, &mu))
	if err != nil {
		t.Fatal(err)
	}
	var handled sync.WaitGroup
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		handled.Add(1)
		defer handled.Done()
		s.ServeHTTP(w, r)
	}))
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "POST", srv.URL+"/v1/combat", strings.NewReader(`{"progress":1,"do":"block"}`))
	req.Header.Set("Content-Type", jsonType)
	req.Header.Set("Accept", ndjsonType)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(resp.Body).ReadString('\n')
	if err != nil || line != progressLine(1, 1)+"\n" || resp.Header.Get("Content-Type") != ndjsonType {
		t.Fatalf("first line %q (%v), Content-Type %q", line, err, resp.Header.Get("Content-Type"))
	}
	<-f.started
	cancel()
	resp.Body.Close()
	if err := <-f.done; err != context.Canceled {
		t.Errorf("the backend's context ended with %v, want context.Canceled", err)
	}
	handled.Wait()
	mu.Lock()
	defer mu.Unlock()
	if !strings.Contains(logged.String(), "status=499") {
		t.Errorf("the request log does not say the client went away:\n%s", logged.String())
	}
}

// TestStreamOrdersConcurrentProgress: progress reported from many
// goroutines, before and after the handler ends the stream, gives whole
// lines with done increasing, then the result line last (the race
// detector checks the writes are ordered).
func TestStreamOrdersConcurrentProgress(t *testing.T) {
	w := httptest.NewRecorder()
	st := newStream(w, 0)
	var wg sync.WaitGroup
	report := func(from int64) {
		defer wg.Done()
		for k := from; k <= 1000; k += 8 {
			st.progress(k, 1000)
		}
	}
	for g := int64(1); g <= 4; g++ {
		wg.Add(1)
		go report(g)
	}
	wg.Wait()
	for g := int64(5); g <= 8; g++ {
		wg.Add(1)
		go report(g) // racing with the end of the stream
	}
	begun := st.end()
	st.result([]byte(`{"ok":true}` + "\n"))
	wg.Wait()
	st.progress(1000, 1000) // after the result: nothing
	st.abort()              // after end: nothing
	lines := streamLines(t, w)
	if !begun || len(lines) < 2 || lines[len(lines)-1] != `{"result":{"ok":true}}` {
		t.Fatalf("begun %v; lines %q", begun, lines)
	}
	last := int64(0)
	for _, l := range lines[:len(lines)-1] {
		var p struct{ Progress struct{ Done, Total int64 } }
		if err := json.Unmarshal([]byte(l), &p); err != nil || p.Progress.Done <= last || p.Progress.Total != 1000 {
			t.Fatalf("line %q after done %d (%v)", l, last, err)
		}
		last = p.Progress.Done
	}
}

// TestStreamDropsReportsOutOfRange: reports with 0 done, more done than
// the total, or no more done than the last line are not written.
func TestStreamDropsReportsOutOfRange(t *testing.T) {
	w := httptest.NewRecorder()
	st := newStream(w, 0)
	for _, r := range [][2]int64{{0, 10}, {11, 10}, {-1, 10}, {5, 10}, {5, 10}, {4, 10}, {10, 10}} {
		st.progress(r[0], r[1])
	}
	st.end()
	st.result([]byte(`{}`))
	want := progressLine(5, 10) + "\n" + progressLine(10, 10) + "\n" + `{"result":{}}` + "\n"
	if w.Body.String() != want {
		t.Errorf("streamed %q, want %q", w.Body, want)
	}
}

// TestStreamResultOnOneLine: a result spread over several lines is
// compacted into the one result line.
func TestStreamResultOnOneLine(t *testing.T) {
	w := httptest.NewRecorder()
	st := newStream(w, 0)
	st.end()
	st.result([]byte("{\n  \"a\": [1, 2]\n}\n"))
	if got := w.Body.String(); got != `{"result":{"a":[1,2]}}`+"\n" {
		t.Errorf("streamed %q", got)
	}
}

// TestWantsStream: the Accept header asks for a stream when it lists
// application/x-ndjson with a q above 0, alone or among other types.
func TestWantsStream(t *testing.T) {
	for accept, want := range map[string]bool{
		"":                                       false,
		"application/json":                       false,
		"*/*":                                    false,
		"application/x-ndjson":                   true,
		"Application/X-NDJSON":                   true,
		"application/json, application/x-ndjson": true,
		"application/x-ndjson;q=0.5":             true,
		"application/x-ndjson; q=0":              false,
		"application/x-ndjson;q=abc":             false,
		"text/html, application/x-ndjson ; q=1.0": true,
		"application/x-ndjsonx":                   false,
	} {
		r := httptest.NewRequest("POST", "/v1/combat", nil)
		if accept != "" {
			r.Header.Set("Accept", accept)
		}
		if got := wantsStream(r); got != want {
			t.Errorf("Accept %q: wantsStream %v, want %v", accept, got, want)
		}
	}
}
