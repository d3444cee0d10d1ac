package service

import (
	"net/http"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service/endpoint"
)

// internalErrorMsg is the error of a 500 answer: a fault of the service,
// never of the input.
const internalErrorMsg = endpoint.InternalErrorMsg

// errorBody is the JSON body of every error answer.
type errorBody = endpoint.ErrorBody

// writeError answers status with the JSON error body {"error", "path"};
// a 5xx answer carries the request id too.
func writeError(w http.ResponseWriter, status int, path, msg string) {
	writeJSON(w, status, endpoint.ErrorJSON(endpoint.Failure{Status: status, Path: path, Msg: msg}, requestID(w)))
}

// requestID is the id logRequests gave the request w answers, or "".
func requestID(w http.ResponseWriter) string {
	if rec, ok := w.(*recorder); ok {
		return rec.id
	}
	return ""
}

// writeJSON answers status with body, a JSON document.
func writeJSON(w http.ResponseWriter, status int, body []byte) {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	w.Write(body) // a client gone away is no error of ours
}
