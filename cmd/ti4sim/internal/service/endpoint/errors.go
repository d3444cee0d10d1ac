package endpoint

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
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

// InternalErrorMsg is the error of a 500 answer: a fault of the service,
// never of the input.
const InternalErrorMsg = "internal error: the service failed on this request; it is logged"

// StatusClientGone is the status of a request whose client went away
// before its answer (nothing is written): nginx's 499.
const StatusClientGone = 499

// Failure is an error answer: its status, the JSON path at fault and the
// message; Status StatusClientGone when the client went away (nothing is
// answered).
type Failure struct {
	Status    int
	Path, Msg string
}

// ErrorBody is the JSON body of every error answer.
type ErrorBody struct {
	// Error says what is wrong and what is allowed.
	Error string `json:"error"`
	// Path is the JSON path of the value at fault in the request
	// document, or "" when the fault is not in one value.
	Path string `json:"path"`
	// RequestID is the request's X-Request-Id, given with a 5xx answer so
	// that a report of it can be matched with the service's log.
	RequestID string `json:"request_id,omitempty"`
}

// ErrorJSON is the JSON error body {"error", "path"} of f and a newline;
// a 5xx answer carries the request id id too.
func ErrorJSON(f Failure, id string) []byte {
	body := ErrorBody{Error: f.Msg, Path: f.Path}
	if f.Status >= 500 {
		body.RequestID = id
	}
	out, _ := json.Marshal(body) // strings always marshal
	return append(out, '\n')
}

// NewRequestID returns a new request id: 16 hexadecimal digits drawn
// from math/rand/v2's randomly seeded source, unique enough to find one
// request in a log. (It names a request, it guards nothing: crypto/rand
// would add its whole FIPS module to the WebAssembly engine.)
func NewRequestID() string {
	return fmt.Sprintf("%016x", rand.Uint64())
}
