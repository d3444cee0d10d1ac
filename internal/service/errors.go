package service

import (
	"bytes"
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
}

// writeError answers status with the JSON error body {"error", "path"}.
func writeError(w http.ResponseWriter, status int, path, msg string) {
	var b bytes.Buffer
	errorJSON(&b, path, msg)
	writeJSON(w, status, b.Bytes())
}

// errorJSON writes the JSON error body {"error", "path"} and a newline.
func errorJSON(b *bytes.Buffer, path, msg string) {
	out, _ := json.Marshal(errorBody{Error: msg, Path: path}) // strings always marshal
	b.Write(append(out, '\n'))
}

// writeJSON answers status with body, a JSON document.
func writeJSON(w http.ResponseWriter, status int, body []byte) {
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	w.Write(body) // a client gone away is no error of ours
}
