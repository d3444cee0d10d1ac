package service

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"strconv"
	"strings"

	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/internal/lazy"
)

// pageCSP is the Content-Security-Policy of the page's files: scripts,
// styles, workers and requests from this origin only (no inline script or
// style) — requests to the AsyncTI4 bot too, whose public game data the
// page fetches for an import by game id (asyncti4.js) —, WebAssembly compiled by those scripts ('wasm-unsafe-eval'),
// images from this origin or data: URLs, no plugins, no <base>, and no
// framing by any page.
const pageCSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; worker-src 'self'; connect-src 'self' https://bot.asyncti4.com; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"

// pageTypes are the Content-Types of the page's files by extension, fixed
// here rather than read from the system's MIME database, which differs
// between machines: under X-Content-Type-Options: nosniff a browser runs a
// script only if it is served as JavaScript, and compiles WebAssembly
// streamed only if it is application/wasm.
var pageTypes = lazy.Value[map[string]string]{Build: func() map[string]string {
	return map[string]string{
		".html": "text/html; charset=utf-8",
		".css":  "text/css; charset=utf-8",
		".js":   "text/javascript; charset=utf-8",
		".mjs":  "text/javascript; charset=utf-8",
		".json": "application/json",
		".map":  "application/json",
		".wasm": "application/wasm",
		".svg":  "image/svg+xml",
		".png":  "image/png",
		".ico":  "image/x-icon",
		".txt":  "text/plain; charset=utf-8",
		".md":   "text/markdown; charset=utf-8",
	}
}}

// pageType is the Content-Type of the page's file name; a file of another
// kind is application/octet-stream.
func pageType(name string) string {
	if t, ok := pageTypes.Get()[strings.ToLower(path.Ext(name))]; ok {
		return t
	}
	return "application/octet-stream"
}

// pageFile is the name in Config.Page of the file a request path names:
// index.html for /, the path without its leading slash otherwise. It
// reports false when there is no page or no such regular file (a folder
// included).
func (s *Server) pageFile(urlPath string) (string, bool) {
	if s.pageFiles == nil {
		return "", false
	}
	name := strings.TrimPrefix(urlPath, "/")
	if name == "" {
		name = "index.html"
	}
	_, ok := s.pageFiles[name]
	return name, ok
}

// page answers GET / with the page's index.html.
func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	name, ok := s.pageFile(r.URL.Path)
	if !ok {
		writeError(w, http.StatusNotFound, "", "this page has no index.html")
		return
	}
	s.servePage(w, r, name)
}

// pageMethod answers a request for a page's file with a method other than
// GET or HEAD: 405, with Allow.
func pageMethod(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Allow", "GET, HEAD")
	writeError(w, http.StatusMethodNotAllowed, "", fmt.Sprintf("method %s not allowed on %s: allowed GET, HEAD", echo.Quote(r.Method), r.URL.Path))
}

// servePage answers GET or HEAD of the page's file name: its bytes
// (gzip-compressed when the browser accepts it; asset), its Content-Type,
// and the page's security headers.
func (s *Server) servePage(w http.ResponseWriter, r *http.Request, name string) {
	h := w.Header()
	h.Set("Content-Security-Policy", pageCSP)
	s.pageFiles[name].serve(w, r, pageType(name))
}

// pageFiles are the page's regular files by name, read and compressed
// once when the service starts.
type pageFiles map[string]*asset

// newPageFiles reads every regular file of page.
func newPageFiles(page fs.FS) (pageFiles, error) {
	files := pageFiles{}
	err := fs.WalkDir(page, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || !d.Type().IsRegular() {
			return err
		}
		b, err := fs.ReadFile(page, name)
		if err != nil {
			return fmt.Errorf("reading the page's %s: %w", name, err)
		}
		files[name] = newAsset(b)
		return nil
	})
	return files, err
}

// An asset is a file the service answers whole — a page's file, the
// catalogue — with its gzip form (best compression, made once; nil when
// it would not be smaller by a tenth) and its ETag, a hash of its bytes.
//
// Cache-Control: no-cache with the ETag: a browser keeps the file and asks
// each time whether it changed, answered 304 with no body while it has
// not. The files' names carry no version (the page's ES modules import
// each other by name, with no build step), so a longer lifetime, or
// immutable, would keep a browser on an old page after an upgrade of the
// binary; a revalidation costs one round trip and no bytes.
type asset struct {
	body, gz []byte
	etag     string
}

// gzipMinSize is the smallest file worth compressing: below it, gzip's
// header and a round of negotiation outweigh the bytes saved.
const gzipMinSize = 1024

func newAsset(b []byte) *asset {
	sum := sha256.Sum256(b)
	a := &asset{body: b, etag: hex.EncodeToString(sum[:12])}
	if len(b) < gzipMinSize {
		return a
	}
	var z bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&z, gzip.BestCompression) // a valid level
	zw.Write(b)                                            // a bytes.Buffer does not fail
	zw.Close()
	if z.Len() < len(b)*9/10 {
		a.gz = z.Bytes()
	}
	return a
}

// serve answers GET or HEAD of the asset as ctype: 304 when the browser's
// If-None-Match names its ETag, the gzip form when the browser accepts
// gzip, the bytes otherwise; Vary: Accept-Encoding, ETag,
// Cache-Control: no-cache (asset) and nosniff.
func (a *asset) serve(w http.ResponseWriter, r *http.Request, ctype string) {
	body, etag := a.body, `"`+a.etag+`"`
	h := w.Header()
	if a.gz != nil {
		h.Set("Vary", "Accept-Encoding")
		if acceptsGzip(r) {
			body, etag = a.gz, `"`+a.etag+`-gz"`
			h.Set("Content-Encoding", "gzip")
		}
	}
	h.Set("Content-Type", ctype)
	h.Set("ETag", etag)
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Content-Type-Options", "nosniff")
	if inm := r.Header.Get("If-None-Match"); inm != "" && a.matches(inm) {
		h.Del("Content-Encoding")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(body) // a client gone away is no error of ours
	}
}

// matches reports whether an If-None-Match header names one of the
// asset's ETags (either form: the same bytes), or is *.
func (a *asset) matches(inm string) bool {
	for _, t := range strings.Split(inm, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == `"`+a.etag+`"` || t == `"`+a.etag+`-gz"` {
			return true
		}
	}
	return false
}

// acceptsGzip reports whether r's Accept-Encoding lists gzip (or *) with
// a q above 0.
func acceptsGzip(r *http.Request) bool {
	for _, v := range r.Header.Values("Accept-Encoding") {
		for _, part := range strings.Split(v, ",") {
			coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
			coding = strings.ToLower(strings.TrimSpace(coding))
			if coding != "gzip" && coding != "x-gzip" && coding != "*" {
				continue
			}
			if q, ok := strings.CutPrefix(strings.TrimSpace(params), "q="); ok {
				if f, err := strconv.ParseFloat(q, 64); err != nil || !(f > 0) {
					continue
				}
			}
			return true
		}
	}
	return false
}
