package service

import (
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"strconv"
	"strings"

	"github.com/ti4sim/ti4sim/internal/echo"
)

// pageCSP is the Content-Security-Policy of the page's files: scripts,
// styles, workers and requests from this origin only (no inline script or
// style), WebAssembly compiled by those scripts ('wasm-unsafe-eval'),
// images from this origin or data: URLs, no plugins, no <base>, and no
// framing by any page.
const pageCSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; worker-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"

// pageTypes are the Content-Types of the page's files by extension, fixed
// here rather than read from the system's MIME database, which differs
// between machines: under X-Content-Type-Options: nosniff a browser runs a
// script only if it is served as JavaScript, and compiles WebAssembly
// streamed only if it is application/wasm.
var pageTypes = map[string]string{
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

// pageType is the Content-Type of the page's file name; a file of another
// kind is application/octet-stream.
func pageType(name string) string {
	if t, ok := pageTypes[strings.ToLower(path.Ext(name))]; ok {
		return t
	}
	return "application/octet-stream"
}

// pageFile is the name in Config.Page of the file a request path names:
// index.html for /, the path without its leading slash otherwise. It
// reports false when there is no page or no such regular file (a folder
// included).
func (s *Server) pageFile(urlPath string) (string, bool) {
	if s.cfg.Page == nil {
		return "", false
	}
	name := strings.TrimPrefix(urlPath, "/")
	if name == "" {
		name = "index.html"
	}
	if !fs.ValidPath(name) {
		return "", false
	}
	fi, err := fs.Stat(s.cfg.Page, name)
	if err != nil || !fi.Mode().IsRegular() {
		return "", false
	}
	return name, true
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

// servePage answers GET or HEAD of the page's file name: its bytes, its
// Content-Type, and the page's security headers. Cache-Control: no-cache
// has the browser ask again each time, so a new binary's files are used
// at once.
func (s *Server) servePage(w http.ResponseWriter, r *http.Request, name string) {
	b, err := fs.ReadFile(s.cfg.Page, name)
	if err != nil {
		s.log.Error("reading the page", "file", name, "err", err)
		writeError(w, http.StatusInternalServerError, "", internalErrorMsg)
		return
	}
	h := w.Header()
	h.Set("Content-Type", pageType(name))
	h.Set("Content-Length", strconv.Itoa(len(b)))
	h.Set("Content-Security-Policy", pageCSP)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "no-cache")
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(b) // a client gone away is no error of ours
	}
}
