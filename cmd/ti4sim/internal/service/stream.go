package service

import (
	"bytes"
	"encoding/json"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// ndjsonType is the media type of a streamed run answer: one JSON value a
// line (newline-delimited JSON).
const ndjsonType = "application/x-ndjson"

// progressInterval is the least time between two progress lines of a
// stream. The engine reports every 200 ms; a report that comes a little
// early still passes, so a stream carries about 5 progress lines a second
// at most.
const progressInterval = 180 * time.Millisecond

// wantsStream reports whether r's Accept header lists
// application/x-ndjson (with a q above 0, when it gives one).
func wantsStream(r *http.Request) bool {
	for _, v := range r.Header.Values("Accept") {
		for _, part := range strings.Split(v, ",") {
			mt, params, err := mime.ParseMediaType(strings.TrimSpace(part))
			if err != nil || mt != ndjsonType {
				continue
			}
			if q, ok := params["q"]; ok {
				if f, err := strconv.ParseFloat(q, 64); err != nil || !(f > 0) {
					continue
				}
			}
			return true
		}
	}
	return false
}

// stream is a run's streamed answer: 200 application/x-ndjson, progress
// lines {"progress":{"done":N,"total":M}}, then one last line, the result
// {"result":...} or the error {"error","path","status"}. It begins at the
// first progress line, or at the last line when there was none, so that an
// error found before then is answered as without a stream (its status and
// JSON error).
//
// The backend may report progress from any goroutine, even after it
// returned: mu orders the writes, and once the handler has called end no
// progress line is written (the handler then writes alone, before it
// returns).
type stream struct {
	w     http.ResponseWriter
	rc    *http.ResponseController
	every time.Duration

	mu    sync.Mutex
	begun bool // the header is written: the status is 200
	ended bool // no more progress lines
	// last and lastDone are when the last progress line was written and
	// the trials it said were done.
	last     time.Time
	lastDone int64
}

func newStream(w http.ResponseWriter, every time.Duration) *stream {
	return &stream{w: w, rc: http.NewResponseController(w), every: every}
}

// progress writes a progress line, unless it is out of range (0 < done ≤
// total), tells no more done than the last line, or comes within st.every
// of the last line (the line is dropped: the next report or the result
// follows).
func (st *stream) progress(done, total int64) {
	if done <= 0 || done > total {
		return
	}
	st.mu.Lock()
	defer st.mu.Unlock()
	now := time.Now()
	if st.ended || done <= st.lastDone || st.begun && now.Sub(st.last) < st.every {
		return
	}
	st.begin()
	st.last, st.lastDone = now, done
	st.writeLine([]byte(`{"progress":{"done":` + strconv.FormatInt(done, 10) + `,"total":` + strconv.FormatInt(total, 10) + "}}\n"))
}

// begin writes the stream's header, once. Called under mu, or by the
// handler after end.
func (st *stream) begin() {
	if st.begun {
		return
	}
	st.begun = true
	h := st.w.Header()
	h.Set("Content-Type", ndjsonType)
	h.Set("X-Content-Type-Options", "nosniff")
	st.w.WriteHeader(http.StatusOK)
}

// writeLine writes one line and flushes it to the client. A client gone
// away is no error of ours: the request's context ends and the run stops.
func (st *stream) writeLine(line []byte) {
	st.w.Write(line)
	st.rc.Flush()
}

// end stops the progress lines and reports whether the stream has begun;
// from then on only the handler writes. When it has begun the answer is
// 200 and its last line is the result or the error; when not, the handler
// answers as without a stream.
func (st *stream) end() (begun bool) {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.ended = true
	return st.begun
}

// result writes the last line, {"result": out}, beginning the stream if
// no progress line did (an exact run's stream is this line alone). out is
// the endpoint's JSON answer as is, its final newline aside; one spread
// over several lines is compacted to keep one value a line. Called after
// end.
func (st *stream) result(out []byte) {
	out = bytes.TrimRight(out, " \t\r\n")
	if bytes.IndexByte(out, '\n') >= 0 {
		var c bytes.Buffer
		if json.Compact(&c, out) == nil {
			out = c.Bytes()
		}
	}
	st.begin()
	line := make([]byte, 0, len(out)+len(`{"result":}`)+1)
	line = append(line, `{"result":`...)
	line = append(line, out...)
	st.writeLine(append(line, "}\n"...))
}

// streamError is the last line of a stream that failed after it began:
// the error answer's body and the status it would have had.
type streamError struct {
	Error     string `json:"error"`
	Path      string `json:"path"`
	Status    int    `json:"status"`
	RequestID string `json:"request_id,omitempty"`
}

// fail writes the last line of a stream that has begun, the error
// {"error", "path", "status"}. Called after end.
func (st *stream) fail(status int, path, msg string) {
	e := streamError{Error: msg, Path: path, Status: status}
	if status >= 500 {
		e.RequestID = requestID(st.w)
	}
	b, _ := json.Marshal(e) // strings always marshal
	st.writeLine(append(b, '\n'))
}

// abort, deferred by the handler, ends a stream the handler left without
// calling end (a panic in the backend): a stream that has begun gets the
// last line of a 500; one that has not is answered 500 by recoverPanics.
func (st *stream) abort() {
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.ended {
		return
	}
	st.ended = true
	if st.begun {
		st.fail(http.StatusInternalServerError, "", internalErrorMsg)
	}
}
