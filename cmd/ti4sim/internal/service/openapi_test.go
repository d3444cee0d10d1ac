package service

import (
	"encoding/json"
	"maps"
	"mime"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ti4sim/ti4sim/internal/servetest"
)

// openAPI is the part of the description the test reads.
type openAPI struct {
	OpenAPI  string                                 `json:"openapi"`
	Paths    map[string]map[string]openAPIOperation `json:"paths"`
	Unrouted map[string]json.RawMessage             `json:"x-unrouted-responses"`
}

type openAPIOperation struct {
	Responses map[string]json.RawMessage `json:"responses"`
}

func readOpenAPI(t *testing.T) openAPI {
	t.Helper()
	var doc openAPI
	if err := json.Unmarshal(openAPIDocument, &doc); err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	if doc.OpenAPI != "3.1.0" {
		t.Fatalf("openapi %q, want 3.1.0", doc.OpenAPI)
	}
	return doc
}

// TestOpenAPIMatchesRoutes: every route the server serves is in the
// description with its method, and every path and method of the
// description is served (a request to it is not answered 404 or 405).
func TestOpenAPIMatchesRoutes(t *testing.T) {
	doc := readOpenAPI(t)
	s := newTestServer(t, testConfig(), newFake())
	served := map[string]bool{}
	for _, r := range s.routes {
		served[r.method+" "+r.path] = true
		if _, ok := doc.Paths[r.path][strings.ToLower(r.method)]; !ok {
			t.Errorf("route %s %s is not in openapi.json", r.method, r.path)
		}
	}
	for path, ops := range doc.Paths {
		for method := range ops {
			m := strings.ToUpper(method)
			if !served[m+" "+path] {
				t.Errorf("openapi.json has %s %s, which the server has no route for", m, path)
			}
			concrete := strings.ReplaceAll(path, "{name}", "combat")
			w := do(s, m, concrete, jsonType, "{}")
			if w.Code == 404 && !strings.Contains(w.Body.String(), "no schema") || w.Code == 405 {
				t.Errorf("%s %s answered %d: %s", m, concrete, w.Code, w.Body)
			}
		}
	}
}

// TestOpenAPIDocumentsErrorStatuses: every status a route answers in the
// tests (the bad requests, and the faults, time limit, busy queue and
// panic of the other tests) is documented for that operation; those of
// requests no route takes (404, 405, the CORS 403) are documented in
// x-unrouted-responses; every documented error answer has the Error schema.
func TestOpenAPIDocumentsErrorStatuses(t *testing.T) {
	doc := readOpenAPI(t)
	s := newTestServer(t, testConfig(), newFake())
	type answered struct {
		method, path string
		status       int
	}
	var seen []answered
	for _, tc := range badRequests {
		seen = append(seen, answered{tc.method, tc.path, tc.status})
	}
	// Every POST route reads its document the same way: answer each with
	// the document-level faults.
	for _, r := range s.routes {
		if r.method != "POST" {
			continue
		}
		for _, req := range []struct{ ctype, body string }{
			{"", "{}"}, {jsonType, ""}, {jsonType, strings.Repeat(" ", testBodyLimit+1)}, {jsonType, `{"do":"input"}`},
		} {
			seen = append(seen, answered{"POST", r.path, do(s, "POST", r.path, req.ctype, req.body).Code})
		}
	}
	// The statuses TestPanicIsContained, TestBackendFault, TestTimeout and
	// TestQueueFull show the run routes answer.
	for _, p := range []string{"/v1/combat", "/v1/compare", "/v1/advise", "/v1/vote"} {
		seen = append(seen, answered{"POST", p, 500}, answered{"POST", p, 503}, answered{"POST", p, 429})
	}
	seen = append(seen, answered{"POST", "/v1/import", 503}, answered{"POST", "/v1/import", 500})
	seen = append(seen, answered{"OPTIONS", "/v1/combat", 403}) // TestCORS
	for _, a := range seen {
		code := strconv.Itoa(a.status)
		_, pattern := s.mux.Handler(mustRequest(a.method, a.path))
		op, routed := doc.Paths[pattern[strings.IndexByte(pattern, ' ')+1:]][strings.ToLower(a.method)]
		if pattern == "" || !cleanPath(a.path) || !routed {
			if _, ok := doc.Unrouted[code]; !ok {
				t.Errorf("%s %s answers %d, not in x-unrouted-responses", a.method, a.path, a.status)
			}
			continue
		}
		if _, ok := op.Responses[code]; !ok {
			t.Errorf("%s %s answers %d, not documented for the operation", a.method, a.path, a.status)
		}
	}
	var errorRef = `"#/components/schemas/Error"`
	for path, ops := range doc.Paths {
		for method, op := range ops {
			if _, ok := op.Responses["500"]; !ok {
				t.Errorf("%s %s: 500 (a panic) is not documented", method, path)
			}
			for code, r := range op.Responses {
				if code >= "400" && !strings.Contains(string(r), errorRef) {
					t.Errorf("%s %s %s: not the Error schema", method, path, code)
				}
			}
		}
	}
	for _, code := range slices.Sorted(maps.Keys(doc.Unrouted)) {
		if !strings.Contains(string(doc.Unrouted[code]), errorRef) {
			t.Errorf("x-unrouted-responses %s: not the Error schema", code)
		}
	}
}

func mustRequest(method, path string) *http.Request {
	r, err := http.NewRequest(method, "http://127.0.0.1", nil)
	if err != nil {
		panic(err)
	}
	r.URL.Path = path
	return r
}

// TestOpenAPIDocumentsContentTypes: every operation's 200 answer comes
// with a Content-Type documented for it; an operation documents
// application/x-ndjson exactly when the server streams it (a run asked
// with Accept: application/x-ndjson).
func TestOpenAPIDocumentsContentTypes(t *testing.T) {
	doc := readOpenAPI(t)
	s := newTestServer(t, testConfig(), newFake())
	s.progressEvery = 0
	for path, ops := range doc.Paths {
		for method, op := range ops {
			var ok struct {
				Content map[string]json.RawMessage `json:"content"`
			}
			if err := json.Unmarshal(op.Responses["200"], &ok); err != nil {
				t.Fatalf("%s %s 200: %v", method, path, err)
			}
			concrete := strings.ReplaceAll(path, "{name}", "combat")
			m := strings.ToUpper(method)
			answers := []*httptest.ResponseRecorder{do(s, m, concrete, jsonType, "{}")}
			if m == "POST" {
				answers = append(answers, doStream(s, concrete, `{"progress":2}`))
			}
			streams := false
			for _, w := range answers {
				mt, _, err := mime.ParseMediaType(w.Header().Get("Content-Type"))
				if w.Code != 200 || err != nil {
					t.Errorf("%s %s: %d %q", m, concrete, w.Code, w.Header().Get("Content-Type"))
					continue
				}
				if _, ok := ok.Content[mt]; !ok {
					t.Errorf("%s %s answers %s, not documented for its 200", m, concrete, mt)
				}
				streams = streams || mt == ndjsonType
			}
			if _, documented := ok.Content[ndjsonType]; documented != streams {
				t.Errorf("%s %s: %s documented %v, streamed %v", m, concrete, ndjsonType, documented, streams)
			}
		}
	}
}

// TestOpenAPIStreamLines: every line of the streams the server answers (progress,
// result, error after the first line) fits StreamLine, and exactly one of its
// kinds.
func TestOpenAPIStreamLines(t *testing.T) {
	d, err := servetest.ReadOpenAPI(openAPIDocument)
	if err != nil {
		t.Fatal(err)
	}
	line, ok := d.Components.Schemas["StreamLine"]
	if !ok || len(line.OneOf) != 3 {
		t.Fatalf("StreamLine: %+v", line)
	}
	s := newTestServer(t, testConfig(), newFake())
	s.progressEvery = 0
	n := 0
	for _, body := range []string{`{"progress":3}`, `{"progress":1,"do":"input"}`, `{"progress":1,"do":"fail"}`, `{}`} {
		for _, l := range streamLines(t, doStream(s, "/v1/combat", body)) {
			n++
			if err := d.Validate(line, []byte(l)); err != nil {
				t.Errorf("line %s does not fit StreamLine: %v", l, err)
			}
		}
	}
	for _, l := range []string{`{"progress":{"done":0,"total":3}}`, `{"result":{},"status":1}`, `{"error":"x","path":""}`, `[]`} {
		if d.Validate(line, []byte(l)) == nil {
			t.Errorf("%s fits StreamLine, which should refuse it", l)
		}
	}
	if n != 9 { // 3 progress lines and the result, 1 and the error twice, the result alone
		t.Errorf("%d lines checked, want 9", n)
	}
}

// TestOpenAPIValidatesAnswers sends real requests, good and each kind of
// bad, to the server (the handler, and the http.Server Run uses on a
// loopback port for what net/http answers itself) and checks each answer
// against the description: its status is documented for the path and
// method (or, for a request no operation takes, in x-unrouted-responses),
// its Content-Type too, and its body fits the schema (internal/servetest's
// validator). The run routes' results are checked with the real backend in
// cmd/ti4sim (TestOpenAPIRealResults).
func TestOpenAPIValidatesAnswers(t *testing.T) {
	d, err := servetest.ReadOpenAPI(openAPIDocument)
	if err != nil {
		t.Fatal(err)
	}
	cfg := testConfig()
	cfg.Timeout = 200 * time.Millisecond
	cfg.CORSOrigins = []string{"http://localhost:3000"}
	s := newTestServer(t, cfg, newFake())
	s.progressEvery = 0
	seen := map[string][]int{}
	check := func(r *http.Request, w *httptest.ResponseRecorder) {
		t.Helper()
		_, pattern := s.mux.Handler(r)
		pattern = pattern[strings.IndexByte(pattern, ' ')+1:]
		if pattern == "/{$}" {
			pattern = "/"
		}
		if !cleanPath(r.URL.Path) || w.Code == 405 {
			pattern = ""
		}
		if err := d.Check(r.Method, pattern, w.Code, w.Header().Get("Content-Type"), w.Body.Bytes()); err != nil {
			t.Errorf("%s %s: %v; body %.200s", r.Method, r.URL.Path, err, w.Body)
		}
		seen[r.Method+" "+pattern] = append(seen[r.Method+" "+pattern], w.Code)
	}
	send := func(method, path, ctype, body string, header ...string) {
		t.Helper()
		r := httptest.NewRequest(method, "http://127.0.0.1"+path, strings.NewReader(body))
		r.URL.Path = path
		if ctype != "" {
			r.Header.Set("Content-Type", ctype)
		}
		for i := 0; i+1 < len(header); i += 2 {
			if header[i] == "Host" {
				r.Host = header[i+1]
			}
			r.Header.Set(header[i], header[i+1])
		}
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		check(r, w)
	}
	for _, tc := range badRequests {
		send(tc.method, tc.path, tc.ctype, tc.body)
	}
	for _, p := range []string{"/healthz", "/debug/vars", "/v1/openapi.json", "/v1/catalog", "/v1/schema/combat", "/v1/schema/nope", "/"} {
		send("GET", p, "", "")
		send("GET", p, "", "", "Host", "attacker.example")
	}
	for _, r := range s.routes {
		if r.method != "POST" {
			continue
		}
		for _, body := range []string{`{"do":"input"}`, `{"do":"panic"}`, `{"do":"fail"}`, `{"do":"block"}`, ``, `{`, strings.Repeat(" ", testBodyLimit+1)} {
			send("POST", r.path, jsonType, body)
		}
		send("POST", r.path, "text/plain", "{}")
		send("POST", r.path, jsonType, "{}", "Host", "attacker.example")
		if r.path != "/v1/import" && r.path != "/v1/units" { // the fake's echo is no import or units answer
			send("POST", r.path, jsonType, `{"progress":3}`, "Accept", ndjsonType)
			send("POST", r.path, jsonType, `{"progress":1,"do":"fail"}`, "Accept", ndjsonType)
		}
		send("OPTIONS", r.path, "", "", "Origin", "http://attacker.example", "Access-Control-Request-Method", "POST")
	}
	addr := serveLoopback(t, s)
	for _, tc := range connErrors {
		resp, body := rawRequest(t, addr, tc.req)
		if err := d.Check("GET", "", resp.StatusCode, resp.Header.Get("Content-Type"), body); err != nil {
			t.Errorf("%s: %v", tc.name, err)
		}
		seen["(before routing)"] = append(seen["(before routing)"], resp.StatusCode)
	}
	n := 0
	for _, k := range slices.Sorted(maps.Keys(seen)) {
		codes := slices.Compact(slices.Sorted(slices.Values(seen[k])))
		n += len(seen[k])
		t.Logf("%s: %v", k, codes)
	}
	t.Logf("%d answers validated", n)
	for _, want := range []struct {
		key   string
		codes []int
	}{
		{"POST /v1/combat", []int{200, 400, 413, 415, 421, 422, 500, 503}},
		{"GET /v1/catalog", []int{200, 421}},
		{"GET /v1/schema/{name}", []int{200, 404, 421}},
		{"(before routing)", []int{400, 431, 501}},
		{"OPTIONS ", []int{403}},
	} {
		for _, c := range want.codes {
			if !slices.Contains(seen[want.key], c) {
				t.Errorf("%s: no %d answer checked", want.key, c)
			}
		}
	}
}

// TestOpenAPIRequestSchemas: each run's request body schema is the JSON
// Schema the server answers at its $ref.
func TestOpenAPIRequestSchemas(t *testing.T) {
	d, err := servetest.ReadOpenAPI(openAPIDocument)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/v1/combat", "/v1/compare", "/v1/advise", "/v1/vote"} {
		sc := d.Paths[p]["post"].RequestBody.Content[jsonType].Schema
		if sc == nil || sc.Ref != "/v1/schema/"+strings.TrimPrefix(p, "/v1/") {
			t.Errorf("POST %s: request schema %+v, want $ref /v1/schema/NAME", p, sc)
		}
	}
}
