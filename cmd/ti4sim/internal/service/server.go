// Package service is ti4sim's HTTP service (`ti4sim serve`): versioned JSON
// endpoints over a Backend that answers scenario documents, with
// documented limits (trials, exact states, body size, time, concurrency
// with a bounded queue), JSON errors {"error", "path"} answered 4xx for every
// bad request, a run's progress streamed as NDJSON on request,
// cancellation when the client goes away, graceful shutdown, and
// optionally a page's files at /. It uses the standard library only:
// net/http's method-and-path patterns and log/slog.
package service

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"runtime"
	"strings"
	"sync/atomic"
	"time"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service/endpoint"
	"github.com/ti4sim/ti4sim/internal/echo"
)

// Server is the service's http.Handler: it maps HTTP requests onto core,
// the answers without transport (package endpoint), which the WebAssembly
// engine calls directly.
type Server struct {
	cfg      Config
	core     *endpoint.Service
	log      *slog.Logger
	mux      *http.ServeMux
	handler  http.Handler
	hosts    hostCheck
	inFlight atomic.Int64
	// progressEvery is the least time between two progress lines of a
	// streamed answer (progressInterval).
	progressEvery time.Duration
	// routes are the method-and-path patterns the mux serves.
	routes []route
	// pageFiles are the page's files as answered, each compressed once
	// (pageFile); catalogue is the core's catalogue as answered.
	pageFiles pageFiles
	catalogue *asset
}

// route is one endpoint: its method, its path pattern and its handler.
type route struct {
	method, path string
	handle       http.HandlerFunc
}

// New returns the service for cfg, answering through b and logging on log.
func New(cfg Config, b endpoint.Backend, log *slog.Logger) (*Server, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if b == nil || log == nil {
		return nil, errors.New("service.New: nil backend or logger")
	}
	s := &Server{cfg: cfg, log: log, mux: http.NewServeMux(), progressEvery: progressInterval}
	var err error
	if s.core, err = endpoint.New(cfg.endpoint(), b, log); err != nil {
		return nil, err
	}
	cat, err := s.core.Catalog()
	if err != nil {
		return nil, err
	}
	s.catalogue = newAsset(cat)
	s.routes = []route{
		{http.MethodGet, "/v1/catalog", s.catalog},
		{http.MethodGet, "/v1/schema/{name}", s.schema},
		{http.MethodGet, "/v1/openapi.json", s.openAPI},
		{http.MethodGet, "/healthz", s.health},
		{http.MethodGet, "/debug/vars", s.vars},
	}
	for _, kind := range []string{"combat", "vote", "compare", "advise", "luck", "import", "units"} {
		if s.core.Answers(kind) {
			s.routes = append(s.routes, route{http.MethodPost, "/v1/" + kind, s.runHandler(kind)})
		}
	}
	if cfg.Page != nil {
		if s.pageFiles, err = newPageFiles(cfg.Page); err != nil {
			return nil, err
		}
		s.routes = append(s.routes, route{http.MethodGet, "/", s.page})
	}
	for _, rt := range s.routes {
		pattern := rt.path
		if pattern == "/" {
			pattern = "/{$}" // / alone, not every path
		}
		s.mux.HandleFunc(rt.method+" "+pattern, rt.handle)
	}
	s.hosts = newHostCheck(cfg.Addr, cfg.AllowedHosts)
	s.handler = s.logRequests(s.recoverPanics(s.checkHost(s.cors(http.HandlerFunc(s.route)))))
	return s, nil
}

// ServeHTTP answers one request.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.inFlight.Add(1)
	defer s.inFlight.Add(-1)
	s.handler.ServeHTTP(w, r)
}

// route hands r to the mux when a route matches it, and otherwise answers
// the mux's verdict as a JSON error: 405 with Allow for a path served with
// other methods; a file of the page (GET, HEAD; other methods 405) for a
// path that names one; 404 for any other path (a path the mux would
// redirect to its clean form included: the service's paths are written
// clean).
func (s *Server) route(w http.ResponseWriter, r *http.Request) {
	h, pattern := s.mux.Handler(r)
	clean := cleanPath(r.URL.Path)
	if pattern != "" && clean {
		s.mux.ServeHTTP(w, r)
		return
	}
	probe := &headerProbe{header: http.Header{}}
	h.ServeHTTP(probe, r)
	if clean && probe.status == http.StatusMethodNotAllowed {
		allow := probe.header.Get("Allow")
		w.Header().Set("Allow", allow)
		writeError(w, http.StatusMethodNotAllowed, "", fmt.Sprintf("method %s not allowed on %s: allowed %s", echo.Quote(r.Method), r.URL.Path, allow))
		return
	}
	if kind, ok := strings.CutPrefix(r.URL.Path, "/v1/"); ok {
		if why, ok := s.core.Missing(kind); ok {
			writeError(w, http.StatusNotFound, "", r.URL.Path+": "+why)
			return
		}
	}
	if name, ok := s.pageFile(r.URL.Path); ok && clean {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			pageMethod(w, r)
			return
		}
		s.servePage(w, r, name)
		return
	}
	writeError(w, http.StatusNotFound, "", fmt.Sprintf("no such path %s: the paths are listed in /v1/openapi.json", echo.Quote(r.URL.Path)))
}

// cleanPath reports whether p is an absolute path without repeated
// slashes and dot segments.
func cleanPath(p string) bool {
	return strings.HasPrefix(p, "/") && !strings.Contains(p, "//") && !strings.Contains(p, "/./") && !strings.Contains(p, "/../") && !strings.HasSuffix(p, "/.") && !strings.HasSuffix(p, "/..")
}

// headerProbe records what the mux's own 404/405 handler would answer.
type headerProbe struct {
	header http.Header
	status int
}

func (p *headerProbe) Header() http.Header         { return p.header }
func (p *headerProbe) Write(b []byte) (int, error) { return len(b), nil }
func (p *headerProbe) WriteHeader(status int)      { p.status = status }

// runHandler answers a run endpoint, /v1/KIND: it reads the document
// and lets the core answer it (endpoint.Service.Run: the time limit, the
// gate, the backend, the error's status). With Accept:
// application/x-ndjson the answer is streamed (stream): the run's progress,
// then its result or its error.
func (s *Server) runHandler(kind string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, ok := s.readDocument(w, r)
		if !ok {
			return
		}
		ctx := r.Context()
		var st *stream
		if s.core.Streams(kind) && wantsStream(r) {
			st = newStream(w, s.progressEvery)
			defer st.abort()
			ctx = endpoint.WithProgress(ctx, st.progress)
		}
		out, f := s.core.Run(ctx, kind, body, clientOf(r), "id", requestID(w), "method", r.Method, "path", r.URL.Path)
		if st == nil {
			s.answer(w, out, f)
			return
		}
		begun := st.end()
		switch {
		case f == nil:
			st.result(out)
		case !begun:
			s.answer(w, out, f) // as without a stream
		case f.Status == statusClientGone:
			s.clientGone(w)
		default:
			st.fail(f.Status, f.Path, f.Msg)
		}
	}
}

// answer writes the core's answer: its JSON, or its failure.
func (s *Server) answer(w http.ResponseWriter, out []byte, f *endpoint.Failure) {
	switch {
	case f == nil:
		writeJSON(w, http.StatusOK, out)
	case f.Status == statusClientGone:
		s.clientGone(w)
	default:
		if f.Status == http.StatusTooManyRequests {
			w.Header().Set("Retry-After", "1")
		}
		writeError(w, f.Status, f.Path, f.Msg)
	}
}

// clientGone notes, for the request log, that the client went away before
// its answer.
func (s *Server) clientGone(w http.ResponseWriter) {
	if rec, ok := w.(*recorder); ok {
		rec.clientGone = true
	}
}

// readDocument reads the request's JSON document: Content-Type
// application/json (charset utf-8 if any), at most MaxBodyBytes, and what
// the core checks of a document (endpoint.Service.Check: one well-formed
// JSON value in UTF-8). Otherwise it answers 415, 413 or 400 and returns
// false.
func (s *Server) readDocument(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	ct := r.Header.Get("Content-Type")
	mt, params, err := mime.ParseMediaType(ct)
	if ct == "" || err != nil || mt != "application/json" {
		writeError(w, http.StatusUnsupportedMediaType, "", fmt.Sprintf("Content-Type %s: send application/json", echo.Quote(ct)))
		return nil, false
	}
	if cs, ok := params["charset"]; ok && !strings.EqualFold(cs, "utf-8") {
		writeError(w, http.StatusUnsupportedMediaType, "", fmt.Sprintf("charset %s: send UTF-8", echo.Quote(cs)))
		return nil, false
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, s.cfg.MaxBodyBytes))
	var tooLarge *http.MaxBytesError
	f := s.core.Check(body)
	switch {
	case errors.As(err, &tooLarge):
		f = s.core.TooLarge()
	case err != nil:
		f = &endpoint.Failure{Status: http.StatusBadRequest, Msg: "reading the request body: " + err.Error()}
	}
	if f != nil {
		writeError(w, f.Status, f.Path, f.Msg)
		return nil, false
	}
	return body, true
}

// catalog answers the catalogue, compressed when the browser accepts gzip
// (asset): the page builds its form from it before anything else.
func (s *Server) catalog(w http.ResponseWriter, r *http.Request) {
	s.catalogue.serve(w, r, "application/json")
}

func (s *Server) schema(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	b, ok := s.core.Schema(name)
	if !ok {
		writeError(w, http.StatusNotFound, "", fmt.Sprintf("no schema named %s: the document kinds are combat, compare, vote, advise and luck", echo.Quote(name)))
		return
	}
	w.Header().Set("Content-Type", "application/schema+json")
	w.WriteHeader(http.StatusOK)
	w.Write(b)
}

func (s *Server) openAPI(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, openAPIDocument)
}

func (s *Server) health(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, []byte(`{"status":"ok"}`+"\n"))
}

// Vars are the service's gauges, answered by GET /debug/vars.
type Vars struct {
	// Goroutines is runtime.NumGoroutine.
	Goroutines int `json:"goroutines"`
	// InFlight are the requests being answered (this one included).
	InFlight int64 `json:"in_flight"`
	// Running are the runs computing; Queued those waiting for a slot.
	Running int64 `json:"running"`
	Queued  int64 `json:"queued"`
}

func (s *Server) vars(w http.ResponseWriter, r *http.Request) {
	b, _ := json.Marshal(s.Vars())
	writeJSON(w, http.StatusOK, append(b, '\n'))
}

// Vars returns the service's gauges now.
func (s *Server) Vars() Vars {
	running, queued := s.core.Queue()
	return Vars{Goroutines: runtime.NumGoroutine(), InFlight: s.inFlight.Load(), Running: running, Queued: queued}
}
