package service

import (
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"
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
	for _, p := range []string{"/v1/combat", "/v1/compare", "/v1/vote"} {
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
