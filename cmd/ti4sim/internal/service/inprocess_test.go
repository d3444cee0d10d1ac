package service

import (
	"bytes"
	"context"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service/endpoint"
	"regexp"
	"strings"
	"testing"
)

// TestAnswerAsHTTP: an in-process answer has the status and the body bytes
// the same request gets over HTTP, for good requests and for every kind
// of error the page can meet (bad JSON, too large, bad document, a fault
// of the backend, an unknown kind).
func TestAnswerAsHTTP(t *testing.T) {
	s := newTestServer(t, testConfig(), newFake())
	for _, tc := range []struct {
		kind, body string
		status     int
	}{
		{"combat", `{"version":1}`, 200},
		{"compare", `{"version":1}`, 200},
		{"vote", `{"version":1}`, 200},
		{"import", `{"link":"x"}`, 200},
		{"catalog", "", 200},
		{"combat", "", 400},
		{"vote", `{"version":1,}`, 400},
		{"combat", "{\"action\":\"sp\xffce\"}", 400},
		{"combat", `{"x":"` + strings.Repeat("a", testBodyLimit) + `"}`, 413},
		{"combat", `{"do":"input"}`, 422},
		{"import", `{"do":"input"}`, 422},
		{"compare", `{"do":"fail"}`, 500},
		{"combat", `{"do":"panic"}`, 500},
		{"nope", `{}`, 404},
		{"../combat", `{}`, 404},
		{"combat/", `{}`, 404},
		{"schema/combat", `{}`, 405}, // the page's kinds only: a schema is no run
	} {
		status, out := s.Answer(context.Background(), tc.kind, []byte(tc.body))
		method := "POST"
		if tc.kind == "catalog" {
			method = "GET"
		}
		w := do(s, method, "/v1/"+tc.kind, jsonType, tc.body)
		if status != tc.status || w.Code != tc.status {
			t.Errorf("%s %.40q: in-process %d, HTTP %d, want %d; body %s", tc.kind, tc.body, status, w.Code, tc.status, out)
		}
		// Each request has its own id (a 5xx answer's request_id).
		if !bytes.Equal(requestIDs.ReplaceAll(out, nil), requestIDs.ReplaceAll(w.Body.Bytes(), nil)) {
			t.Errorf("%s %.40q: in-process body %q, HTTP body %q", tc.kind, tc.body, out, w.Body)
		}
	}
}

// progressBackend reports progress 1 of 2 through the receiver its
// context carries, then answers as the fake.
type progressBackend struct{ *fakeBackend }

func (b progressBackend) Combat(ctx context.Context, body []byte, l endpoint.Limits) ([]byte, error) {
	if f := endpoint.ProgressOf(ctx); f != nil {
		f(1, 2)
	}
	return b.fakeBackend.Combat(ctx, body, l)
}

// TestAnswerProgressAndCancel: the progress receiver of Answer's ctx
// reaches the backend; a run whose ctx ends first is answered 499 with no
// body, as the service writes nothing to a client gone away.
func TestAnswerProgressAndCancel(t *testing.T) {
	s := newTestServer(t, testConfig(), progressBackend{newFake()})
	var got [][2]int64
	ctx := endpoint.WithProgress(context.Background(), func(done, total int64) { got = append(got, [2]int64{done, total}) })
	if status, _ := s.Answer(ctx, "combat", []byte(`{}`)); status != 200 || len(got) != 1 || got[0] != [2]int64{1, 2} {
		t.Errorf("status %d, progress %v; want 200 and [[1 2]]", status, got)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if status, out := s.Answer(ctx, "combat", []byte(`{"do":"block"}`)); status != statusClientGone || len(out) != 0 {
		t.Errorf("cancelled run: %d %q, want %d and no body", status, out, statusClientGone)
	}
}

// requestIDs matches the request id of an error body.
var requestIDs = regexp.MustCompile(`"request_id":"[0-9a-f]{16}"`)
