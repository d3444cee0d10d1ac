package service

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/web"
)

// getWith sends GET path to s with the request headers hdr (name, value
// pairs).
func getWith(s *Server, path string, hdr ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest("GET", "http://127.0.0.1"+path, nil)
	for i := 0; i+1 < len(hdr); i += 2 {
		r.Header.Set(hdr[i], hdr[i+1])
	}
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	return w
}

// gunzip decodes a gzip body, failing t when it is not one.
func gunzip(t *testing.T, what string, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: not gzip: %v", what, err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return out
}

// TestServedAssetsCompressed: the embedded page's files and the
// catalogue come gzip-compressed to a browser that accepts gzip, whole
// to one that does not, both with Vary: Accept-Encoding, an ETag and
// Cache-Control: no-cache; the same ETag asked again (If-None-Match) is
// answered 304 with no body; a file too small to gain (engine.json) comes
// whole, without Vary.
func TestServedAssetsCompressed(t *testing.T) {
	cfg := testConfig()
	cfg.Page = web.Files()
	s := newTestServer(t, cfg, answer.NewBackend()) // the real catalogue
	for _, path := range []string{"/", "/js/app.js", "/style.css", "/vendor/chart.umd.min.js", "/v1/catalog"} {
		plain := getWith(s, path)
		z := getWith(s, path, "Accept-Encoding", "gzip, deflate, br, zstd")
		h, zh := plain.Header(), z.Header()
		if plain.Code != 200 || z.Code != 200 || h.Get("Content-Encoding") != "" || zh.Get("Content-Encoding") != "gzip" {
			t.Errorf("GET %s: %d %q, with gzip %d %q", path, plain.Code, h.Get("Content-Encoding"), z.Code, zh.Get("Content-Encoding"))
			continue
		}
		if got := gunzip(t, path, z.Body.Bytes()); !bytes.Equal(got, plain.Body.Bytes()) {
			t.Errorf("GET %s: gzip body is not the file (%d bytes, want %d)", path, len(got), plain.Body.Len())
		}
		if z.Body.Len() >= plain.Body.Len()*9/10 {
			t.Errorf("GET %s: %d bytes compressed of %d", path, z.Body.Len(), plain.Body.Len())
		}
		for _, w := range []*httptest.ResponseRecorder{plain, z} {
			wh := w.Header()
			if wh.Get("Vary") != "Accept-Encoding" || wh.Get("Cache-Control") != "no-cache" || !strings.HasPrefix(wh.Get("ETag"), `"`) || wh.Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("GET %s (%q): Vary %q, Cache-Control %q, ETag %q", path, wh.Get("Content-Encoding"), wh.Get("Vary"), wh.Get("Cache-Control"), wh.Get("ETag"))
			}
		}
		if h.Get("ETag") == zh.Get("ETag") {
			t.Errorf("GET %s: the whole and the gzip answers share the ETag %s", path, h.Get("ETag"))
		}
		again := getWith(s, path, "Accept-Encoding", "gzip", "If-None-Match", zh.Get("ETag"))
		if again.Code != 304 || again.Body.Len() != 0 || again.Header().Get("ETag") != zh.Get("ETag") {
			t.Errorf("GET %s If-None-Match %s: %d, %d bytes, ETag %q; want 304, none", path, zh.Get("ETag"), again.Code, again.Body.Len(), again.Header().Get("ETag"))
		}
		if other := getWith(s, path, "Accept-Encoding", "gzip", "If-None-Match", `"other"`); other.Code != 200 {
			t.Errorf("GET %s with another ETag: %d, want 200", path, other.Code)
		}
	}
	w := getWith(s, "/engine.json", "Accept-Encoding", "gzip")
	if w.Code != 200 || w.Header().Get("Content-Encoding") != "" || w.Header().Get("Vary") != "" || !strings.Contains(w.Body.String(), `"engine"`) {
		t.Errorf("GET /engine.json: %d %q Vary %q %q", w.Code, w.Header().Get("Content-Encoding"), w.Header().Get("Vary"), w.Body)
	}
	if w := getWith(s, "/js/app.js", "Accept-Encoding", "gzip;q=0, identity"); w.Header().Get("Content-Encoding") != "" {
		t.Errorf("gzip;q=0: Content-Encoding %q", w.Header().Get("Content-Encoding"))
	}
}
