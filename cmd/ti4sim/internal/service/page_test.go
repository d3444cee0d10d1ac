package service

import (
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/web"
)

// testPage is the page of testConfig: a file of each kind, a folder, and
// files named like API paths (which the API answers).
var testPage = fstest.MapFS{
	"index.html":      {Data: []byte("<!doctype html><title>t</title>")},
	"style.css":       {Data: []byte("body{}")},
	"js/app.js":       {Data: []byte("export {};")},
	"engine.json":     {Data: []byte(`{"engine": "service"}`)},
	"ti4sim.wasm":     {Data: []byte("\x00asm")},
	"vendor/LICENSE":  {Data: []byte("MIT")},
	"healthz":         {Data: []byte("not the API")},
	"v1/catalog":      {Data: []byte("not the API")},
	"v1/combat":       {Data: []byte("not the API")},
	"v1/openapi.json": {Data: []byte("not the API")},
}

// getPage sends GET (or HEAD) path to s.
func getPage(s *Server, method, path string) *httptest.ResponseRecorder {
	return do(s, method, path, "", "")
}

// checkPageHeaders: a page answer has the page's security headers and
// no-cache.
func checkPageHeaders(t *testing.T, path string, w *httptest.ResponseRecorder) {
	t.Helper()
	h := w.Header()
	if got := h.Get("Content-Security-Policy"); got != pageCSP {
		t.Errorf("%s: Content-Security-Policy %q", path, got)
	}
	for _, csp := range []string{"default-src 'self'", "script-src 'self' 'wasm-unsafe-eval'", "object-src 'none'", "frame-ancestors 'none'", "base-uri 'none'"} {
		if !strings.Contains(h.Get("Content-Security-Policy"), csp) {
			t.Errorf("%s: Content-Security-Policy lacks %s", path, csp)
		}
	}
	if h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Cache-Control") != "no-cache" {
		t.Errorf("%s: X-Content-Type-Options %q, Cache-Control %q", path, h.Get("X-Content-Type-Options"), h.Get("Cache-Control"))
	}
}

// TestPageServed: GET / answers index.html, GET /FILE each file with its
// type, both with the page's headers; HEAD the same headers and no body.
func TestPageServed(t *testing.T) {
	s := newTestServer(t, testConfig(), newFake())
	for path, want := range map[string]struct{ ctype, file string }{
		"/":               {"text/html; charset=utf-8", "index.html"},
		"/index.html":     {"text/html; charset=utf-8", "index.html"},
		"/style.css":      {"text/css; charset=utf-8", "style.css"},
		"/js/app.js":      {"text/javascript; charset=utf-8", "js/app.js"},
		"/engine.json":    {"application/json", "engine.json"},
		"/ti4sim.wasm":    {"application/wasm", "ti4sim.wasm"},
		"/vendor/LICENSE": {"application/octet-stream", "vendor/LICENSE"},
	} {
		data := string(testPage[want.file].Data)
		w := getPage(s, "GET", path)
		if w.Code != 200 || w.Header().Get("Content-Type") != want.ctype || w.Body.String() != data {
			t.Errorf("GET %s: %d %q %q, want 200 %q %q", path, w.Code, w.Header().Get("Content-Type"), w.Body, want.ctype, data)
		}
		checkPageHeaders(t, path, w)
		h := getPage(s, "HEAD", path)
		if h.Code != 200 || h.Body.Len() != 0 || h.Header().Get("Content-Type") != want.ctype || h.Header().Get("Content-Length") != strconv.Itoa(len(data)) {
			t.Errorf("HEAD %s: %d %q length %q body %q", path, h.Code, h.Header().Get("Content-Type"), h.Header().Get("Content-Length"), h.Body)
		}
		checkPageHeaders(t, path, h)
	}
}

// TestPageLeavesTheAPI: the API's paths are answered by the API even when
// the page has files of those names; paths that are neither are 404 JSON;
// a page's file with another method is 405 with Allow.
func TestPageLeavesTheAPI(t *testing.T) {
	s := newTestServer(t, testConfig(), newFake())
	for path, want := range map[string]string{
		"/healthz":         `{"status":"ok"}` + "\n",
		"/v1/catalog":      string(s.catalogue.body),
		"/v1/openapi.json": string(openAPIDocument),
	} {
		w := getPage(s, "GET", path)
		if w.Code != 200 || w.Body.String() != want || w.Header().Get("Content-Security-Policy") != "" {
			t.Errorf("GET %s: %d %q %.60s", path, w.Code, w.Header().Get("Content-Security-Policy"), w.Body)
		}
	}
	if w := getPage(s, "GET", "/v1/combat"); w.Code != 405 || w.Header().Get("Allow") != "POST" {
		t.Errorf("GET /v1/combat: %d Allow %q", w.Code, w.Header().Get("Allow"))
	}
	for _, path := range []string{"/nope.js", "/js", "/js/", "/vendor", "/js/app.js/", "/js//app.js", "/js/../index.html", "/Index.html", "/v1"} {
		w := getPage(s, "GET", path)
		if e := decodeError(t, w); w.Code != 404 || !strings.Contains(e.Error, "no such path") {
			t.Errorf("GET %s: %d %q", path, w.Code, e.Error)
		}
	}
	for _, path := range []string{"/", "/js/app.js"} {
		w := do(s, "POST", path, jsonType, "{}")
		if e := decodeError(t, w); w.Code != 405 || w.Header().Get("Allow") != "GET, HEAD" || !strings.Contains(e.Error, "allowed GET, HEAD") {
			t.Errorf("POST %s: %d Allow %q %q", path, w.Code, w.Header().Get("Allow"), e.Error)
		}
	}
}

// TestNoPage: without a page, / and any file path are 404 JSON, and no
// route serves /.
func TestNoPage(t *testing.T) {
	cfg := testConfig()
	cfg.Page = nil
	s := newTestServer(t, cfg, newFake())
	for _, path := range []string{"/", "/index.html", "/js/app.js"} {
		w := getPage(s, "GET", path)
		if e := decodeError(t, w); w.Code != 404 || !strings.Contains(e.Error, "no such path") {
			t.Errorf("GET %s: %d %q", path, w.Code, e.Error)
		}
	}
	for _, r := range s.routes {
		if r.path == "/" {
			t.Errorf("route %s / without a page", r.method)
		}
	}
}

// TestEmbeddedPage: the embedded page (cmd/ti4sim/internal/web) is served: its
// index.html at / and the vendored Chart.js as JavaScript.
func TestEmbeddedPage(t *testing.T) {
	cfg := testConfig()
	cfg.Page = web.Files()
	s := newTestServer(t, cfg, newFake())
	w := getPage(s, "GET", "/")
	if w.Code != 200 || w.Header().Get("Content-Type") != "text/html; charset=utf-8" || !strings.Contains(strings.ToLower(w.Body.String()), "<!doctype html>") {
		t.Errorf("GET /: %d %q %.80s", w.Code, w.Header().Get("Content-Type"), w.Body)
	}
	checkPageHeaders(t, "/", w)
	w = getPage(s, "GET", "/vendor/chart.umd.min.js")
	if w.Code != 200 || w.Header().Get("Content-Type") != "text/javascript; charset=utf-8" || !strings.Contains(w.Body.String(), "Chart") || w.Body.Len() < 100_000 {
		t.Errorf("GET /vendor/chart.umd.min.js: %d %q %d bytes", w.Code, w.Header().Get("Content-Type"), w.Body.Len())
	}
	checkPageHeaders(t, "/vendor/chart.umd.min.js", w)
	if w := getPage(s, "GET", "/engine.json"); w.Code != 200 || w.Header().Get("Content-Type") != "application/json" {
		t.Errorf("GET /engine.json: %d %q", w.Code, w.Header().Get("Content-Type"))
	}
}
