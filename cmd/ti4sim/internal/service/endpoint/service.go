// Package endpoint is ti4sim's service without its transport: the answer
// to one request — its kind (combat, compare, advise, vote, import,
// units, catalog) and its JSON document — as a status and the body bytes,
// within the service's limits: the document's checks, the limits a
// Backend enforces, the run gate with its bounded queue, the time limit,
// and errors as JSON {"error", "path"}. It imports no net/http: the HTTP
// service (package service, `ti4sim serve`) maps requests onto it, and the
// WebAssembly engine of the static site calls it directly, so both answer
// a request with the same bytes by construction.
package endpoint

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/internal/fault"
)

// Config are the limits of the service's answers; the HTTP service's
// Config (package service) documents each as the `ti4sim serve` flag it
// is. Validate them there: New trusts them.
type Config struct {
	MaxTrials      int64
	MaxExactStates int
	MaxDice        float64
	MaxBodyBytes   int64
	Timeout        time.Duration
	MaxConcurrent  int
	MaxQueue       int
}

// MaxHeaderBytes is the most bytes of request line and headers a request
// to the HTTP service may have; the catalogue states it with the other
// limits.
const MaxHeaderBytes = 1 << 20

// DefaultConfig returns the defaults: 10,000,000 trials, 2×10⁹ dice
// (about 10 s of a core) and 1,048,576 exact states a request; 1 MiB
// bodies; 60 s a request; GOMAXPROCS runs at once (at least 2) with 64
// waiting.
func DefaultConfig() Config {
	return Config{
		MaxTrials:      10_000_000,
		MaxExactStates: 1 << 20,
		MaxDice:        2e9,
		MaxBodyBytes:   1 << 20,
		Timeout:        60 * time.Second,
		MaxConcurrent:  max(2, runtime.GOMAXPROCS(0)),
		MaxQueue:       64,
	}
}

// Limits are the per-request limits the Backend enforces.
func (c Config) Limits() Limits {
	return Limits{MaxTrials: c.MaxTrials, MaxExactStates: c.MaxExactStates, MaxDice: c.MaxDice}
}

// ErrShutdown is the cause with which the requests still running when a
// server's shutdown deadline passes are cancelled (answered 503).
var ErrShutdown = errors.New("server shutting down")

// Service answers the requests of the service's endpoints through a
// Backend.
type Service struct {
	cfg     Config
	backend Backend
	log     *slog.Logger
	gate    *gate
	// catalogue is the backend's catalogue stating this service's limits
	// (catalogWithLimits), or why it could not be: made at the first call
	// of Catalog.
	catalogOnce sync.Once
	catalogue   []byte
	catalogErr  error
	// runs are the run kinds answered, each passing the gate; reads are
	// the kinds that compute nothing to speak of and pass no gate: import
	// (when the backend is an Importer) and units (a UnitReader).
	runs  map[string]func(context.Context, []byte, Limits) ([]byte, error)
	reads map[string]func(context.Context, []byte) ([]byte, error)
	// missing are the kinds the service describes that this backend does
	// not answer, with the reason.
	missing map[string]string
}

// New returns the service of cfg answering through b and logging on log.
func New(cfg Config, b Backend, log *slog.Logger) (*Service, error) {
	if b == nil || log == nil {
		return nil, errors.New("service.New: nil backend or logger")
	}
	s := &Service{cfg: cfg, backend: b, log: log, gate: newGate(cfg.MaxConcurrent, cfg.MaxQueue), missing: map[string]string{},
		runs:  map[string]func(context.Context, []byte, Limits) ([]byte, error){"combat": b.Combat, "vote": b.Vote},
		reads: map[string]func(context.Context, []byte) ([]byte, error){}}
	if c, ok := b.(Comparer); ok {
		s.runs["compare"] = c.Compare
	} else {
		s.missing["compare"] = "this build answers no comparison documents"
	}
	if a, ok := b.(Advisor); ok {
		s.runs["advise"] = a.Advise
	} else {
		s.missing["advise"] = "this build answers no fleet questions"
	}
	if l, ok := b.(Lucker); ok {
		s.runs["luck"] = l.Luck
	} else {
		s.missing["luck"] = "this build answers no luck questions"
	}
	if im, ok := b.(Importer); ok {
		s.reads["import"] = im.Import
	} else {
		s.missing["import"] = "this build has no importer"
	}
	if u, ok := b.(UnitReader); ok {
		s.reads["units"] = u.Units
	} else {
		s.missing["units"] = "this build reads no unit files"
	}
	return s, nil
}

// Catalog is the catalogue answered at GET /v1/catalog: the backend's,
// stating this service's limits; an error when the backend's is no JSON
// object. It is made at the first call, not in New: the WebAssembly
// engine, whose page reads the catalogue from a file, never asks for it,
// and making it is a good part of a second in a browser.
func (s *Service) Catalog() ([]byte, error) {
	s.catalogOnce.Do(func() { s.catalogue, s.catalogErr = catalogWithLimits(s.backend.Catalog(), s.cfg) })
	return s.catalogue, s.catalogErr
}

// Schema returns the JSON Schema of the document kind name, or false.
func (s *Service) Schema(name string) ([]byte, bool) { return s.backend.Schema(name) }

// Answers reports whether the service answers the document kind: combat,
// vote, and compare, advise, luck, import and units when the backend does.
func (s *Service) Answers(kind string) bool {
	_, run := s.runs[kind]
	_, read := s.reads[kind]
	return run || read
}

// Streams reports whether a kind's answer may be streamed with its
// progress: the runs', not import's or units'.
func (s *Service) Streams(kind string) bool {
	_, run := s.runs[kind]
	return run
}

// Missing says why a kind the service describes is not answered by this
// backend (compare, advise, luck, import, units), or false.
func (s *Service) Missing(kind string) (string, bool) {
	why, ok := s.missing[kind]
	return why, ok
}

// Queue are the runs computing and waiting at the gate now.
func (s *Service) Queue() (running, queued int64) { return s.gate.running.Load(), s.gate.queued.Load() }

// Check checks a request's document beyond its transport: at most
// MaxBodyBytes, not empty, UTF-8, one well-formed JSON value. A fault is
// answered 413 or 400.
func (s *Service) Check(body []byte) *Failure {
	bad := func(msg string) *Failure { return &Failure{Status: 400, Msg: msg} }
	switch {
	case int64(len(body)) > s.cfg.MaxBodyBytes:
		return s.TooLarge()
	case len(bytes.TrimSpace(body)) == 0:
		return bad("empty request body: send a JSON document")
	case !utf8.Valid(body):
		return bad("request body is not UTF-8")
	}
	var v json.RawMessage
	if err := json.Unmarshal(body, &v); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return bad(fmt.Sprintf("malformed JSON at byte %d: %s", se.Offset, strings.TrimPrefix(se.Error(), "json: ")))
		}
		return bad("malformed JSON: " + strings.TrimPrefix(err.Error(), "json: "))
	}
	return nil
}

// TooLarge is the answer to a body over MaxBodyBytes: 413.
func (s *Service) TooLarge() *Failure {
	return &Failure{Status: 413, Msg: fmt.Sprintf("request body larger than the limit of %d bytes", s.cfg.MaxBodyBytes)}
}

// Busy is the answer to a run refused by a full queue: 429 (with
// Retry-After over HTTP).
func (s *Service) Busy() *Failure {
	return &Failure{Status: 429, Msg: fmt.Sprintf("busy: %d runs in progress and %d waiting (at most %d of one client), the limits; retry later", s.cfg.MaxConcurrent, s.cfg.MaxQueue, s.gate.clientQueue)}
}

// Run answers a checked document of an answered kind (Answers) for
// client (the gate's fairness), under the time limit from parent, the
// request's context: the backend's output, or its failure. A run waits
// for its slot at the gate when the backend calls Admit. logArgs name the
// request in the log of a fault.
func (s *Service) Run(parent context.Context, kind string, body []byte, client string, logArgs ...any) ([]byte, *Failure) {
	ctx, cancel := context.WithTimeout(parent, s.cfg.Timeout)
	defer cancel()
	if read, ok := s.reads[kind]; ok {
		out, err := read(ctx, body)
		return out, s.failure(parent, ctx, err, logArgs)
	}
	adm := &admission{gate: s.gate, client: client}
	defer adm.done() // a panicking run's slot too
	out, err := s.runs[kind](context.WithValue(ctx, admissionKey{}, adm), body, s.cfg.Limits())
	if !adm.done() && err == nil {
		s.log.Error("a run computed without passing the gate (a backend that does not call Admit)", logArgs...)
	}
	if errors.Is(err, ErrBusy) {
		return nil, s.Busy()
	}
	return out, s.failure(parent, ctx, err, logArgs)
}

// failure is the answer to a backend's error (nil for none): 422
// (input), 503 (time limit or shutdown), StatusClientGone or 500 (logged;
// a panic in the computation, a *fault.Error, says in which step, and its
// stack is logged).
func (s *Service) failure(parent, ctx context.Context, err error, logArgs []any) *Failure {
	var in *InputError
	var fe *fault.Error
	switch {
	case err == nil:
		return nil
	case errors.As(err, &in):
		return &Failure{Status: 422, Path: in.Path, Msg: in.Msg}
	case errors.As(err, &fe):
		s.log.Error("panic in a computation", append(logArgs, "err", err, "stack", string(fe.Stack))...)
		return &Failure{Status: 500, Msg: err.Error()}
	case ctx.Err() != nil:
		return Stopped(parent, ctx, s.cfg.Timeout)
	default:
		s.log.Error("backend failed", append(logArgs, "err", err)...)
		return &Failure{Status: 500, Msg: InternalErrorMsg}
	}
}

// Stopped is the answer to a request whose ctx (its time limit over
// parent, the request's context) ended before its answer: nothing
// (StatusClientGone) when the client went away, 503 when the time limit
// passed or the server is shutting down (parent cancelled with the cause
// ErrShutdown).
func Stopped(parent, ctx context.Context, timeout time.Duration) *Failure {
	if parent.Err() != nil && !errors.Is(context.Cause(parent), ErrShutdown) {
		return &Failure{Status: StatusClientGone}
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) && parent.Err() == nil {
		return &Failure{Status: 503, Msg: fmt.Sprintf("the request took longer than the limit of %v: ask for fewer trials, or a smaller exact combat", timeout)}
	}
	return &Failure{Status: 503, Msg: "the service is shutting down; retry later"}
}

// Answer answers one request with no transport, as the HTTP service
// answers it: the same status and the same body bytes (a 5xx error's
// request id aside, each request's own). kind names the endpoint:
// catalog (GET /v1/catalog, body ignored) or combat, compare, advise,
// vote, import, units (body POSTed as application/json to /v1/KIND); any other
// kind is answered as its path /v1/KIND would be: 404, or 405 for a path
// answered to GET only. ctx cancels the run and carries its progress
// receiver (WithProgress); the WebAssembly engine answers the page
// through it. A run whose ctx ends before its answer gets status
// StatusClientGone and no body, as the service writes nothing then.
func (s *Service) Answer(ctx context.Context, kind string, body []byte) (status int, out []byte) {
	id := NewRequestID()
	logArgs := []any{"id", id, "method", "POST", "path", "/v1/" + kind}
	defer func() {
		if v := recover(); v != nil {
			s.log.Error("panic", append(logArgs, "panic", fmt.Sprint(v), "stack", string(debug.Stack()))...)
			status, out = 500, ErrorJSON(Failure{Status: 500, Msg: InternalErrorMsg}, id)
		}
	}()
	if kind == "catalog" {
		cat, err := s.Catalog()
		if err != nil {
			s.log.Error("the backend's catalogue", append(logArgs, "err", err)...)
			return 500, ErrorJSON(Failure{Status: 500, Msg: InternalErrorMsg}, id)
		}
		return 200, cat
	}
	f := s.route(kind)
	if f == nil {
		f = s.Check(body)
	}
	if f == nil {
		out, f = s.Run(ctx, kind, body, "in-process", logArgs...)
	}
	switch {
	case f == nil:
		return 200, out
	case f.Status == StatusClientGone:
		return f.Status, nil
	}
	return f.Status, ErrorJSON(*f, id)
}

// route is the answer to a POST of /v1/KIND when no run answers it (nil
// when one does): 405 for the paths answered to GET only, 404 otherwise,
// as the HTTP service answers.
func (s *Service) route(kind string) *Failure {
	path := "/v1/" + kind
	switch {
	case s.Answers(kind):
		return nil
	case kind == "openapi.json" || getOnlySchema(kind):
		return &Failure{Status: 405, Msg: fmt.Sprintf("method %s not allowed on %s: allowed GET, HEAD", echo.Quote("POST"), path)}
	}
	if why, ok := s.missing[kind]; ok {
		return &Failure{Status: 404, Msg: path + ": " + why}
	}
	return &Failure{Status: 404, Msg: fmt.Sprintf("no such path %s: the paths are listed in /v1/openapi.json", echo.Quote(path))}
}

// getOnlySchema reports whether kind is schema/NAME, a path of one
// schema (answered to GET only).
func getOnlySchema(kind string) bool {
	name, ok := strings.CutPrefix(kind, "schema/")
	return ok && name != "" && name != "." && name != ".." && !strings.Contains(name, "/")
}
