package service

import (
	"bytes"
	"context"
	"encoding/json"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service/endpoint"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/ti4sim/ti4sim/internal/fault"
)

// fakeBackend answers by the document's fields. First, when the request
// carries a progress receiver (a streamed answer), "progress": N reports
// done = 1..N of N from another goroutine, one after the other. Then "do":
// "input" an InputError at attacker.fleet[0].count, "panic" a panic,
// "worker-panic" a panic on a goroutine of its own, handed back as a
// *fault.Error as the library's workers do,
// "block" waits until ctx ends (signalling started, then done), "fail" a
// plain error; anything else echoes {"ok":true,"limits":...}. Every
// document passes Admit first ("heavy": true as a heavy run).
type fakeBackend struct {
	started chan struct{}
	done    chan error
}

func newFake() *fakeBackend {
	return &fakeBackend{started: make(chan struct{}, 100), done: make(chan error, 100)}
}

func (f *fakeBackend) answer(ctx context.Context, body []byte, lim endpoint.Limits) ([]byte, error) {
	var doc struct {
		Do       string `json:"do"`
		Progress int64  `json:"progress"`
		Heavy    bool   `json:"heavy"`
	}
	if err := json.Unmarshal(body, &doc); err != nil {
		return nil, &endpoint.InputError{Path: "", Msg: "want a JSON object"}
	}
	if _, err := endpoint.Admit(ctx, endpoint.Work{Heavy: doc.Heavy}); err != nil {
		return nil, err
	}
	if report := endpoint.ProgressOf(ctx); report != nil {
		reported := make(chan struct{})
		go func() {
			for k := int64(1); k <= doc.Progress; k++ {
				report(k, doc.Progress)
			}
			close(reported)
		}()
		<-reported
	}
	switch doc.Do {
	case "input":
		return nil, &endpoint.InputError{Path: "attacker.fleet[0].count", Msg: "count 0 out of range: allowed 1..99"}
	case "panic":
		panic("fake backend panics")
	case "worker-panic":
		errc := make(chan *fault.Error, 1)
		go func() {
			defer fault.Recover(func(e *fault.Error) { errc <- e })
			panic("fake worker panics")
		}()
		e := <-errc
		e.Step = "the fake's trials"
		return nil, e
	case "fail":
		return nil, io.ErrUnexpectedEOF
	case "block":
		f.started <- struct{}{}
		<-ctx.Done()
		f.done <- ctx.Err()
		return nil, ctx.Err()
	}
	b, _ := json.Marshal(map[string]any{"ok": true, "limits": lim})
	return b, nil
}

func (f *fakeBackend) Combat(ctx context.Context, b []byte, l endpoint.Limits) ([]byte, error) {
	return f.answer(ctx, b, l)
}
func (f *fakeBackend) Compare(ctx context.Context, b []byte, l endpoint.Limits) ([]byte, error) {
	return f.answer(ctx, b, l)
}
func (f *fakeBackend) Advise(ctx context.Context, b []byte, l endpoint.Limits) ([]byte, error) {
	return f.answer(ctx, b, l)
}
func (f *fakeBackend) Luck(ctx context.Context, b []byte, l endpoint.Limits) ([]byte, error) {
	return f.answer(ctx, b, l)
}
func (f *fakeBackend) Vote(ctx context.Context, b []byte, l endpoint.Limits) ([]byte, error) {
	return f.answer(ctx, b, l)
}
func (f *fakeBackend) Import(ctx context.Context, b []byte) ([]byte, error) {
	return f.answer(ctx, b, endpoint.Limits{})
}
func (f *fakeBackend) Units(ctx context.Context, b []byte) ([]byte, error) {
	return f.answer(ctx, b, endpoint.Limits{})
}
func (f *fakeBackend) Catalog() []byte { return []byte(`{"cards":[]}`) }
func (f *fakeBackend) Schema(name string) ([]byte, bool) {
	if name == "combat" {
		return []byte(`{"type":"object"}`), true
	}
	return nil, false
}

// quietLogger discards the request log.
func quietLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func newTestServer(t testing.TB, cfg Config, b endpoint.Backend) *Server {
	t.Helper()
	s, err := New(cfg, b, quietLogger())
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// do sends one request to h and returns the recorded answer.
func do(h http.Handler, method, path, ctype, body string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(method, "http://127.0.0.1"+path, strings.NewReader(body))
	r.URL.Path = path // keep the path as written (dot segments, double slashes)
	if ctype != "" {
		r.Header.Set("Content-Type", ctype)
	}
	w := httptest.NewRecorder()
	h.ServeHTTP(w, r)
	return w
}

// decodeError reads an error answer's JSON body, failing the test when it
// is not exactly {"error": non-empty, "path": string}.
func decodeError(t *testing.T, w *httptest.ResponseRecorder) errorBody {
	t.Helper()
	if ct := w.Header().Get("Content-Type"); ct != "application/json" {
		t.Errorf("Content-Type %q, want application/json", ct)
	}
	dec := json.NewDecoder(w.Body)
	dec.DisallowUnknownFields()
	var e struct {
		Error     *string `json:"error"`
		Path      *string `json:"path"`
		RequestID string  `json:"request_id"`
	}
	if err := dec.Decode(&e); err != nil {
		t.Fatalf("error body: %v", err)
	}
	if e.Error == nil || *e.Error == "" || e.Path == nil {
		t.Fatalf("error body lacks error or path: %+v", e)
	}
	if (w.Code >= 500) != (e.RequestID != "") {
		t.Errorf("status %d with request id %q: want one with a 5xx answer only", w.Code, e.RequestID)
	}
	return errorBody{Error: *e.Error, Path: *e.Path, RequestID: e.RequestID}
}

// slogTo logs text to buf, under mu.
func slogTo(buf *bytes.Buffer, mu *sync.Mutex) *slog.Logger {
	return slog.New(slog.NewTextHandler(&lockedWriter{buf: buf, mu: mu}, nil))
}

type lockedWriter struct {
	buf *bytes.Buffer
	mu  *sync.Mutex
}

func (w *lockedWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.Write(p)
}
