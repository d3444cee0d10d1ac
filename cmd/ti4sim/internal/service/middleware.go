package service

import (
	"fmt"
	"net/http"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service/endpoint"
	"github.com/ti4sim/ti4sim/internal/echo"
)

// recorder remembers what a handler answered, for the request log and
// for the panic handler (which can answer only if nothing was written).
type recorder struct {
	http.ResponseWriter
	status     int
	bytes      int64
	clientGone bool
	// id is the request's id, answered as X-Request-Id and logged.
	id string
}

func (r *recorder) WriteHeader(status int) {
	if r.status == 0 {
		r.status = status
	}
	r.ResponseWriter.WriteHeader(status)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	n, err := r.ResponseWriter.Write(b)
	r.bytes += int64(n)
	return n, err
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (r *recorder) Unwrap() http.ResponseWriter { return r.ResponseWriter }

// statusClientGone is the status logged for a request whose client went
// away before its answer (nothing is written): nginx's 499.
const statusClientGone = endpoint.StatusClientGone

// logRequests logs one line per request: method, path, status, duration.
func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &recorder{ResponseWriter: w, id: endpoint.NewRequestID()}
		w.Header().Set("X-Request-Id", rec.id)
		next.ServeHTTP(rec, r)
		status := rec.status
		switch {
		case rec.clientGone:
			status = statusClientGone
		case status == 0:
			status = http.StatusOK
		}
		s.log.Info("request", "id", rec.id, "method", r.Method, "path", r.URL.Path, "status", status, "duration", time.Since(start), "bytes", rec.bytes)
	})
}

// recoverPanics turns a handler's panic into a 500 JSON answer (when
// nothing was written yet) and a logged stack; the server goes on.
func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			if v == http.ErrAbortHandler {
				panic(v)
			}
			s.log.Error("panic", "id", requestID(w), "method", r.Method, "path", r.URL.Path, "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			if rec, ok := w.(*recorder); !ok || rec.status == 0 {
				writeError(w, http.StatusInternalServerError, "", internalErrorMsg)
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// cors answers the origins of Config.CORSOrigins (exact match) with
// Access-Control-Allow-Origin, and their preflight requests (OPTIONS with
// Access-Control-Request-Method) with 204 and the methods and headers
// allowed; a preflight from another origin is answered 403. With no origin
// configured it does nothing: the browser refuses cross-origin calls.
func (s *Server) cors(next http.Handler) http.Handler {
	if len(s.cfg.CORSOrigins) == 0 {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin := r.Header.Get("Origin")
		if origin == "" {
			next.ServeHTTP(w, r)
			return
		}
		allowed := slices.Contains(s.cfg.CORSOrigins, origin)
		h := w.Header()
		h.Add("Vary", "Origin")
		if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
			if !allowed {
				writeError(w, http.StatusForbidden, "", fmt.Sprintf("origin %s may not call this service: allowed %s", echo.Quote(origin), strings.Join(s.cfg.CORSOrigins, ", ")))
				return
			}
			h.Set("Access-Control-Allow-Origin", origin)
			h.Set("Access-Control-Allow-Methods", "GET, POST")
			h.Set("Access-Control-Allow-Headers", "Content-Type")
			h.Set("Access-Control-Max-Age", "600")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		if allowed {
			h.Set("Access-Control-Allow-Origin", origin)
			h.Set("Access-Control-Expose-Headers", "Retry-After")
		}
		next.ServeHTTP(w, r)
	})
}
