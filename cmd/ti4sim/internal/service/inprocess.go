package service

import (
	"bytes"
	"context"
	"net/http"
	"net/url"
)

// Answer answers one request in-process, with no network, exactly as the
// service answers it over HTTP: the same status and the same body bytes,
// from the same handlers (document checks, limits, queue, time limit, and
// errors as JSON {"error", "path"}). kind names the endpoint: catalog
// (GET /v1/catalog, body ignored) or combat, compare, advise, vote, import (body
// POSTed as application/json to /v1/KIND); any other kind is answered 404
// like an unknown path. ctx cancels the run and carries its progress
// receiver (WithProgress). The WebAssembly engine answers the page through
// it.
//
// A run whose ctx ends before its answer gets status 499 (the log's
// "client gone") and no body, as the service writes nothing then.
func (s *Server) Answer(ctx context.Context, kind string, body []byte) (status int, out []byte) {
	method := http.MethodPost
	if kind == "catalog" {
		method, body = http.MethodGet, nil
	}
	r, err := http.NewRequestWithContext(ctx, method, "/", bytes.NewReader(body))
	if err != nil { // only a nil ctx
		w := &bufferWriter{header: http.Header{}}
		writeError(w, http.StatusInternalServerError, "", "internal error: "+err.Error())
		return w.status, w.body.Bytes()
	}
	r.URL = &url.URL{Path: "/v1/" + kind} // the path as given, as a client's request line carries it
	r.Host = "localhost"                  // no network: no other host to be misdirected to
	if method == http.MethodPost {
		r.Header.Set("Content-Type", "application/json")
	}
	w := &bufferWriter{header: http.Header{}}
	s.ServeHTTP(w, r)
	switch {
	case w.status == 0 && w.body.Len() == 0:
		return statusClientGone, nil
	case w.status == 0:
		return http.StatusOK, w.body.Bytes()
	}
	return w.status, w.body.Bytes()
}

// bufferWriter is the http.ResponseWriter of an in-process answer: it
// keeps the status and the body.
type bufferWriter struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (w *bufferWriter) Header() http.Header { return w.header }

func (w *bufferWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}

func (w *bufferWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.body.Write(b)
}
