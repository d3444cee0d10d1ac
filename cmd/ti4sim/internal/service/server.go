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
	"bytes"
	"context"
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
	"unicode/utf8"

	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/internal/fault"
)

// Server is the service's http.Handler.
type Server struct {
	cfg     Config
	backend Backend
	log     *slog.Logger
	gate    *gate
	mux     *http.ServeMux
	handler http.Handler
	hosts   hostCheck
	// catalogue is the backend's catalogue stating this service's limits
	// (catalogWithLimits).
	catalogue []byte
	inFlight  atomic.Int64
	// progressEvery is the least time between two progress lines of a
	// streamed answer (progressInterval).
	progressEvery time.Duration
	// routes are the method-and-path patterns the mux serves.
	routes []route
	// missing are the described paths this backend does not answer, with
	// the reason (a Backend without Comparer, Advisor or Importer).
	missing map[string]string
}

// route is one endpoint: its method, its path pattern and its handler.
type route struct {
	method, path string
	handle       http.HandlerFunc
}

// New returns the service for cfg, answering through b and logging on log.
func New(cfg Config, b Backend, log *slog.Logger) (*Server, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if b == nil || log == nil {
		return nil, errors.New("service.New: nil backend or logger")
	}
	s := &Server{cfg: cfg, backend: b, log: log, gate: newGate(cfg.MaxConcurrent, cfg.MaxQueue), mux: http.NewServeMux(), progressEvery: progressInterval}
	var err error
	if s.catalogue, err = catalogWithLimits(b.Catalog(), cfg); err != nil {
		return nil, err
	}
	s.routes = []route{
		{http.MethodPost, "/v1/combat", s.runHandler(b.Combat)},
		{http.MethodPost, "/v1/vote", s.runHandler(b.Vote)},
		{http.MethodGet, "/v1/catalog", s.catalog},
		{http.MethodGet, "/v1/schema/{name}", s.schema},
		{http.MethodGet, "/v1/openapi.json", s.openAPI},
		{http.MethodGet, "/healthz", s.health},
		{http.MethodGet, "/debug/vars", s.vars},
	}
	s.missing = map[string]string{}
	if c, ok := b.(Comparer); ok {
		s.routes = append(s.routes, route{http.MethodPost, "/v1/compare", s.runHandler(c.Compare)})
	} else {
		s.missing["/v1/compare"] = "this build answers no comparison documents"
	}
	if a, ok := b.(Advisor); ok {
		s.routes = append(s.routes, route{http.MethodPost, "/v1/advise", s.runHandler(a.Advise)})
	} else {
		s.missing["/v1/advise"] = "this build answers no fleet questions"
	}
	if im, ok := b.(Importer); ok {
		s.routes = append(s.routes, route{http.MethodPost, "/v1/import", s.importHandler(im)})
	} else {
		s.missing["/v1/import"] = "this build has no importer"
	}
	if cfg.Page != nil {
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
	if why, ok := s.missing[r.URL.Path]; ok {
		writeError(w, http.StatusNotFound, "", r.URL.Path+": "+why)
		return
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

// runHandler answers a run endpoint: it reads the document and lets run
// answer it under the request's time limit; run waits for its slot at the
// gate by calling Admit once it knows its work (a run over the limits is
// refused before it waits). With Accept:
// application/x-ndjson the answer is streamed (stream): the run's progress,
// then its result or its error.
func (s *Server) runHandler(run func(context.Context, []byte, Limits) ([]byte, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, ok := s.readDocument(w, r)
		if !ok {
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), s.cfg.Timeout)
		defer cancel()
		var st *stream
		if wantsStream(r) {
			st = newStream(w, s.progressEvery)
			defer st.abort()
			ctx = WithProgress(ctx, st.progress)
		}
		adm := &admission{gate: s.gate, client: clientOf(r)}
		defer adm.done() // a panicking run's slot too
		out, err := run(context.WithValue(ctx, admissionKey{}, adm), body, s.cfg.limits())
		if !adm.done() && err == nil {
			s.log.Error("a run computed without passing the gate (a backend that does not call Admit)", "id", requestID(w), "path", r.URL.Path)
		}
		if errors.Is(err, errQueueFull) {
			w.Header().Set("Retry-After", "1")
			writeError(w, http.StatusTooManyRequests, "", fmt.Sprintf("busy: %d runs in progress and %d waiting (at most %d of one client), the limits; retry later", s.cfg.MaxConcurrent, s.cfg.MaxQueue, s.gate.clientQueue))
			return
		}
		if st == nil {
			s.answer(w, r, ctx, out, err)
			return
		}
		begun := st.end()
		switch {
		case err == nil:
			st.result(out)
		case !begun:
			s.answer(w, r, ctx, out, err) // as without a stream
		default:
			f := s.failure(w, r, ctx, err)
			if f.status == statusClientGone {
				s.clientGone(w)
				return
			}
			st.fail(f.status, f.path, f.msg)
		}
	}
}

// importHandler answers POST /v1/import.
func (s *Server) importHandler(im Importer) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		body, ok := s.readDocument(w, r)
		if !ok {
			return
		}
		ctx, cancel := context.WithTimeout(r.Context(), s.cfg.Timeout)
		defer cancel()
		out, err := im.Import(ctx, body)
		s.answer(w, r, ctx, out, err)
	}
}

// answer writes a backend's answer: its JSON, or its error (failure).
func (s *Server) answer(w http.ResponseWriter, r *http.Request, ctx context.Context, out []byte, err error) {
	if err == nil {
		writeJSON(w, http.StatusOK, out)
		return
	}
	s.writeFailure(w, s.failure(w, r, ctx, err))
}

// errorAnswer is an error answer: its status, the JSON path at fault and the
// message; status statusClientGone when the client went away (nothing is
// written).
type errorAnswer struct {
	status    int
	path, msg string
}

// failure is the answer to a backend's error: 422 (input), 503 (time limit
// or shutdown), statusClientGone or 500 (logged; a panic in the
// computation, a *fault.Error, says in which step, and its stack is
// logged). w is the request's writer, for its id.
func (s *Server) failure(w http.ResponseWriter, r *http.Request, ctx context.Context, err error) errorAnswer {
	var in *InputError
	var fe *fault.Error
	switch {
	case errors.As(err, &in):
		return errorAnswer{http.StatusUnprocessableEntity, in.Path, in.Msg}
	case errors.As(err, &fe):
		s.log.Error("panic in a computation", "id", requestID(w), "method", r.Method, "path", r.URL.Path, "err", err, "stack", string(fe.Stack))
		return errorAnswer{http.StatusInternalServerError, "", err.Error()}
	case ctx.Err() != nil:
		return s.stoppedFailure(r, ctx)
	default:
		s.log.Error("backend failed", "id", requestID(w), "method", r.Method, "path", r.URL.Path, "err", err)
		return errorAnswer{http.StatusInternalServerError, "", internalErrorMsg}
	}
}

// stopped answers a request whose ctx ended before its answer
// (stoppedFailure).
func (s *Server) stopped(w http.ResponseWriter, r *http.Request, ctx context.Context) {
	s.writeFailure(w, s.stoppedFailure(r, ctx))
}

// stoppedFailure is the answer to a request whose ctx ended before its
// answer: nothing (statusClientGone) when the client went away, 503 when
// the time limit passed or the server is shutting down.
func (s *Server) stoppedFailure(r *http.Request, ctx context.Context) errorAnswer {
	if r.Context().Err() != nil && !errors.Is(context.Cause(r.Context()), errShutdown) {
		return errorAnswer{statusClientGone, "", ""}
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) && r.Context().Err() == nil {
		return errorAnswer{http.StatusServiceUnavailable, "", fmt.Sprintf("the request took longer than the limit of %v: ask for fewer trials, or a smaller exact combat", s.cfg.Timeout)}
	}
	return errorAnswer{http.StatusServiceUnavailable, "", "the service is shutting down; retry later"}
}

// writeFailure writes an error answer as JSON, or nothing when the client
// went away.
func (s *Server) writeFailure(w http.ResponseWriter, f errorAnswer) {
	if f.status == statusClientGone {
		s.clientGone(w)
		return
	}
	writeError(w, f.status, f.path, f.msg)
}

// clientGone notes, for the request log, that the client went away before
// its answer.
func (s *Server) clientGone(w http.ResponseWriter) {
	if rec, ok := w.(*recorder); ok {
		rec.clientGone = true
	}
}

// readDocument reads the request's JSON document: Content-Type
// application/json (charset utf-8 if any), at most MaxBodyBytes, one
// well-formed JSON value in UTF-8. Otherwise it answers 415, 413 or 400 and
// returns false.
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
	switch {
	case errors.As(err, &tooLarge):
		writeError(w, http.StatusRequestEntityTooLarge, "", fmt.Sprintf("request body larger than the limit of %d bytes", s.cfg.MaxBodyBytes))
		return nil, false
	case err != nil:
		writeError(w, http.StatusBadRequest, "", "reading the request body: "+err.Error())
		return nil, false
	case len(bytes.TrimSpace(body)) == 0:
		writeError(w, http.StatusBadRequest, "", "empty request body: send a JSON document")
		return nil, false
	case !utf8.Valid(body):
		writeError(w, http.StatusBadRequest, "", "request body is not UTF-8")
		return nil, false
	}
	var v json.RawMessage
	if err := json.Unmarshal(body, &v); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			writeError(w, http.StatusBadRequest, "", fmt.Sprintf("malformed JSON at byte %d: %s", se.Offset, strings.TrimPrefix(se.Error(), "json: ")))
		} else {
			writeError(w, http.StatusBadRequest, "", "malformed JSON: "+strings.TrimPrefix(err.Error(), "json: "))
		}
		return nil, false
	}
	return body, true
}

func (s *Server) catalog(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, s.catalogue)
}

func (s *Server) schema(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	b, ok := s.backend.Schema(name)
	if !ok {
		writeError(w, http.StatusNotFound, "", fmt.Sprintf("no schema named %s: the document kinds are combat, compare, vote and advise", echo.Quote(name)))
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
	return Vars{Goroutines: runtime.NumGoroutine(), InFlight: s.inFlight.Load(), Running: s.gate.running.Load(), Queued: s.gate.queued.Load()}
}
