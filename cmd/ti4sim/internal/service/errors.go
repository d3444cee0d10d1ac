package service

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"net/http"
)

// InputError is bad input in a request document: the JSON path of the value
// at fault ("" for the document as a whole, "attacker.fleet[0].count" for a
// value inside it) and what is wrong and what is allowed. The service
// answers it 422 Unprocessable Content.
type InputError struct {
	Path string
	Msg  string
}

// Error returns the message, prefixed by the path when there is one.
func (e *InputError) Error() string {
	if e.Path == "" {
		return e.Msg
	}
	return e.Path + ": " + e.Msg
}

// internalErrorMsg is the error of a 500 answer: a fault of the service,
// never of the input.
const internalErrorMsg = "internal error: the service failed on this request; it is logged"

// errorBody is the JSON body of every error answer.
type errorBody struct {
	// Error says what is wrong and what is allowed.
	Error string `json:"error"`
	// Path is the JSON path of the value at fault in the request
	// document, or "" when the fault is not in one value.
	Path string `json:"path"`
	// RequestID is the request's X-Request-Id, given with a 5xx answer so
	// that a report of it can be matched with the service's log.
	RequestID string `json:"request_id,omitempty"`
}

// writeError answers status with the JSON error body {"error", "path"};
// a 5xx answer carries the request id too.
func writeError(w http.ResponseWriter, status int, path, msg string) {
	body := errorBody{Error: msg, Path: path}
	if status >= 500 {
		body.RequestID = requestID(w)
	}
	var b bytes.Buffer
	errorJSON(&b, body)
	writeJSON(w, status, b.Bytes())
}

// errorJSON writes the JSON error body and a newline.
func errorJSON(b *bytes.Buffer, body errorBody) {
	out, _ := json.Marshal(body) // strings always marshal
	b.Write(append(out, '\n'))
}

// newRequestID returns a new request id: 16 hexadecimal digits drawn
// from crypto/rand, unique enough to find one request in a log.
func newRequestID() string {
	var b [8]byte
	rand.Read(b[:]) // never fails (crypto/rand's documentation)
	return hex.EncodeToString(b[:])
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
