package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode/utf8"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service/endpoint"
	"github.com/ti4sim/ti4sim/internal/echo"
)

// batchKinds are the document kinds a batch line may name: the service's
// POST endpoints.
var batchKinds = []string{"combat", "compare", "advise", "luck", "vote", "import", "units"}

// maxBatchJobs bounds -j.
const maxBatchJobs = 64

// envelopeSlack is how much longer than the service's body limit a line
// may be: the envelope around its document ({"kind":...,"id":...}).
const envelopeSlack = 4096

// batchOptions are batch's flags.
type batchOptions struct {
	exact, preferExact bool
	jobs               int
}

func batchCommand() *command {
	var o batchOptions
	newFlags := func() *pflag.FlagSet {
		o = batchOptions{jobs: 1}
		fs := pflag.NewFlagSet("batch", pflag.ContinueOnError)
		fs.SortFlags = false
		fs.BoolVar(&o.exact, "exact", false, "answer exactly the combat and vote documents whose run says none of exact, prefer_exact, trials, seed, precision")
		fs.BoolVar(&o.preferExact, "prefer-exact", false, "answer exactly when possible (otherwise simulated) the combat documents whose run says none of exact, prefer_exact, trials, seed, precision")
		fs.IntVarP(&o.jobs, "jobs", "j", 1, fmt.Sprintf("lines answered at once, 1..%d; the output keeps the input's order and bytes", maxBatchJobs))
		return fs
	}
	return &command{
		name:    "batch",
		summary: "answer scenario documents read as JSON lines, one answer line each (for bots)",
		usage:   "ti4sim batch [FILE|-] [--exact|--prefer-exact] [-j N]",
		help:    batchHelp,
		flagSet: newFlags,
		run: func(ctx context.Context, c *command, args []string, e *env) error {
			fs := newFlags()
			if err := parseOperands(c, fs, args, e); err != nil {
				return err
			}
			if err := o.check(fs.Args()); err != nil {
				return err
			}
			in, closeIn, err := batchInput(fs.Args(), e.stdin)
			if err != nil {
				return err
			}
			defer closeIn()
			log := slog.New(slog.NewTextHandler(e.stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
			srv, err := endpoint.New(batchConfig(o.jobs), answer.NewBackend(), log)
			if err != nil {
				return err
			}
			return runBatch(ctx, srv, in, e.stdout, o)
		},
	}
}

// check refuses a command line batch cannot run (a usage error).
func (o batchOptions) check(operands []string) error {
	switch {
	case len(operands) > 1:
		return usageErrorf("batch: one FILE at most (- for standard input), got %d: %s", len(operands), echo.Quote(strings.Join(operands, " ")))
	case o.exact && o.preferExact:
		return usageErrorf("batch: give --exact (exact or an error) or --prefer-exact (exact when possible, otherwise simulated), not both")
	case o.jobs < 1 || o.jobs > maxBatchJobs:
		return usageErrorf("batch: -j %d is out of range 1..%d", o.jobs, maxBatchJobs)
	}
	return nil
}

// batchInput opens the lines' source: FILE, or stdin when there is none or
// it is "-".
func batchInput(operands []string, stdin io.Reader) (io.Reader, func(), error) {
	if len(operands) == 0 || operands[0] == "-" {
		return stdin, func() {}, nil
	}
	f, err := os.Open(operands[0])
	if err != nil {
		return nil, nil, fmt.Errorf("batch: %w", err)
	}
	return f, func() { f.Close() }, nil
}

// batchConfig is the service's default configuration (the limits of
// `ti4sim serve` with no flags, as the page's engine has), its gate sized so
// that jobs runs of one client compute at once and none is refused busy.
func batchConfig(jobs int) endpoint.Config {
	cfg := endpoint.DefaultConfig()
	cfg.MaxConcurrent = jobs + 1 // one client holds all slots but one
	return cfg
}

// batchJob is one non-empty input line and, once answered, its output line.
type batchJob struct {
	n       int // 1-based line number
	line    []byte
	tooLong bool
	done    chan []byte
}

// readLines sends the lines of r on lines, then its error (nil at the end)
// on errc. It stops early when stop is closed.
func readLines(r io.Reader, limit int, lines chan<- batchJob, errc chan<- error, stop <-chan struct{}) {
	lr := newLineReader(r, limit)
	for n := 1; ; n++ {
		line, tooLong, err := lr.next()
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			errc <- err
			return
		}
		select {
		case lines <- batchJob{n: n, line: line, tooLong: tooLong}:
		case <-stop:
			errc <- nil
			return
		}
	}
}

// runBatch answers the lines of in on out, one output line per non-empty
// input line in the input's order, jobs of them computed at once. It
// returns a read or write error, or ctx's when ctx ended (Ctrl-C) before
// every line was read: the lines being answered then are stopped and
// answered 503, so that each line read has its answer.
func runBatch(ctx context.Context, srv *endpoint.Service, in io.Reader, out io.Writer, o batchOptions) error {
	runCtx, cancelRuns := context.WithCancelCause(context.WithoutCancel(ctx))
	defer cancelRuns(nil)
	stopRuns := context.AfterFunc(ctx, func() { cancelRuns(endpoint.ErrShutdown) })
	defer stopRuns()
	lines, readErr, stop := make(chan batchJob), make(chan error, 1), make(chan struct{})
	defer close(stop)
	go readLines(in, int(batchConfig(o.jobs).MaxBodyBytes)+envelopeSlack, lines, readErr, stop)
	queue, writeErr := make(chan *batchJob, o.jobs), make(chan error, 1)
	var failed atomic.Bool
	go func() { writeErr <- writeAnswers(out, queue, &failed) }()
	slots := make(chan struct{}, o.jobs)
	var err error
	for err == nil && !failed.Load() {
		var j batchJob
		select {
		case <-ctx.Done():
			err = ctx.Err()
			continue
		case err = <-readErr:
			if err != nil {
				err = fmt.Errorf("batch: reading the lines: %w", err)
			}
			break
		case j = <-lines:
		}
		if err != nil || j.n == 0 {
			break
		}
		if len(j.line) == 0 && !j.tooLong {
			continue
		}
		slots <- struct{}{}
		job := &batchJob{n: j.n, line: j.line, tooLong: j.tooLong, done: make(chan []byte, 1)}
		go func() {
			job.done <- answerLine(runCtx, srv, job, o)
			<-slots
		}()
		queue <- job
	}
	close(queue)
	if werr := <-writeErr; werr != nil {
		return werr
	}
	return err
}

// writeAnswers writes each job's output line as it is answered, in the
// queue's order, one Write a line (a bot reads it at once). After a failed
// write it writes no more, sets failed and waits for the rest.
func writeAnswers(out io.Writer, queue <-chan *batchJob, failed *atomic.Bool) error {
	var err error
	for j := range queue {
		line := <-j.done
		if err != nil {
			continue
		}
		if _, err = out.Write(line); err != nil {
			failed.Store(true)
		}
	}
	return err
}

// answerLine is the output line of one input line: its number, its "id"
// when it has one, the status and the service's body for its document, or
// the error of a line that holds no document.
func answerLine(ctx context.Context, srv *endpoint.Service, j *batchJob, o batchOptions) []byte {
	var b bytes.Buffer
	b.WriteString(`{"line":` + strconv.Itoa(j.n))
	status, body := 413, endpoint.ErrorJSON(endpoint.Failure{Status: 413, Msg: fmt.Sprintf("line longer than the limit of %d bytes (the service's body limit and %d for the envelope)", len(j.line), envelopeSlack)}, "")
	if !j.tooLong {
		kind, doc, id, f := readEnvelope(j.line)
		if len(id) > 0 {
			b.WriteString(`,"id":`)
			b.Write(id)
		}
		if f != nil {
			status, body = f.Status, endpoint.ErrorJSON(*f, "")
		} else {
			status, body = srv.Answer(ctx, kind, runDefault(kind, doc, o))
		}
		if len(body) == 0 { // stopped with no answer: not with ctx's cause, ErrShutdown, but be sure
			f := endpoint.Failure{Status: 503, Msg: "the service is shutting down; retry later"}
			status, body = f.Status, endpoint.ErrorJSON(f, endpoint.NewRequestID())
		}
	}
	b.WriteString(`,"status":` + strconv.Itoa(status) + `,"answer":`)
	b.Write(bytes.TrimSuffix(body, []byte("\n")))
	b.WriteString("}\n")
	return b.Bytes()
}

// readEnvelope reads a line: {"kind":KIND,"document":DOC,"id":ANY} (id
// optional, returned compact to be echoed), or a bare combat document (an
// object with "action"), whose bytes are the document. A line that is
// neither is a 400 failure.
func readEnvelope(line []byte) (kind string, doc, id []byte, f *endpoint.Failure) {
	bad := func(path, format string, a ...any) *endpoint.Failure {
		return &endpoint.Failure{Status: 400, Path: path, Msg: fmt.Sprintf(format, a...)}
	}
	if !utf8.Valid(line) {
		return "", nil, nil, bad("", "line is not UTF-8")
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(line, &fields); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return "", nil, nil, bad("", "malformed JSON at byte %d: %s", se.Offset, strings.TrimPrefix(se.Error(), "json: "))
		}
		return "", nil, nil, bad("", `a line is a JSON object: {"kind":KIND,"document":{...}} or a combat document`)
	}
	rawKind, ok := fields["kind"]
	if !ok {
		if _, combat := fields["action"]; combat {
			return "combat", line, nil, nil
		}
		return "", nil, nil, bad("", `no "kind": give {"kind":KIND,"document":{...}} (KIND one of %s) or a combat document (with "action")`, strings.Join(batchKinds, ", "))
	}
	if raw, ok := fields["id"]; ok {
		var c bytes.Buffer
		_ = json.Compact(&c, raw) // valid: Unmarshal read it
		id = c.Bytes()
	}
	for _, k := range slices.Sorted(maps.Keys(fields)) {
		if k != "kind" && k != "document" && k != "id" {
			return "", nil, id, bad(k, "unknown field %s of a line; allowed: kind, document, id", echo.Quote(k))
		}
	}
	if json.Unmarshal(rawKind, &kind) != nil {
		kind = string(rawKind) // not a string: shown as it is
	}
	if !isBatchKind(kind) {
		return "", nil, id, bad("kind", "%s is no kind; allowed: %s", echo.Quote(kind), strings.Join(batchKinds, ", "))
	}
	if doc, ok = fields["document"]; !ok {
		return "", nil, id, bad("document", "missing: the %s document", kind)
	}
	return kind, doc, id, nil
}

func isBatchKind(kind string) bool { return slices.Contains(batchKinds, kind) }

// runDefault applies --exact (combat and vote documents) or
// --prefer-exact (combat documents) to a document whose "run" says none of
// exact, prefer_exact, trials, seed, precision: it sets run.exact or
// run.prefer_exact to true. Any other document, and one that is no JSON
// object, is returned as it is (the service answers it).
func runDefault(kind string, doc []byte, o batchOptions) []byte {
	field := ""
	switch {
	case o.exact && (kind == "combat" || kind == "vote"):
		field = "exact"
	case o.preferExact && kind == "combat":
		field = "prefer_exact"
	default:
		return doc
	}
	var fields map[string]json.RawMessage
	if json.Unmarshal(doc, &fields) != nil || fields == nil {
		return doc
	}
	run := map[string]json.RawMessage{}
	if raw, ok := fields["run"]; ok && string(raw) != "null" {
		if json.Unmarshal(raw, &run) != nil || run == nil {
			return doc
		}
	}
	for _, k := range []string{"exact", "prefer_exact", "trials", "seed", "precision"} {
		if _, said := run[k]; said {
			return doc
		}
	}
	run[field] = json.RawMessage("true")
	fields["run"], _ = json.Marshal(run) // RawMessages of valid JSON always marshal
	out, err := json.Marshal(fields)
	if err != nil {
		return doc
	}
	return out
}

// lineReader reads lines of any length, keeping at most limit bytes of
// each: a longer line is reported too long and its rest skipped.
type lineReader struct {
	r     *bufio.Reader
	limit int
}

func newLineReader(r io.Reader, limit int) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, 64<<10), limit: limit}
}

// next returns the next line without its "\n" (or "\r\n"), and whether it
// was longer than the limit (then line holds its first limit bytes); io.EOF
// after the last line (a last line without "\n" is a line).
func (l *lineReader) next() (line []byte, tooLong bool, err error) {
	var buf []byte
	read := false
	for {
		chunk, err := l.r.ReadSlice('\n')
		read = read || len(chunk) > 0
		if !tooLong {
			buf = append(buf, chunk...)
			if len(bytes.TrimSuffix(bytes.TrimSuffix(buf, []byte("\n")), []byte("\r"))) > l.limit {
				tooLong, buf = true, buf[:l.limit]
			}
		}
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == io.EOF && read:
			return trimEOL(buf, tooLong), tooLong, nil
		case err != nil:
			return nil, false, err
		}
		return trimEOL(buf, tooLong), tooLong, nil
	}
}

// trimEOL drops a line's "\n" or "\r\n" (a cut line has none).
func trimEOL(b []byte, cut bool) []byte {
	if cut {
		return b
	}
	b = bytes.TrimSuffix(b, []byte("\n"))
	return bytes.TrimSuffix(b, []byte("\r"))
}

// batchHelp is the help text of ti4sim batch.
const batchHelp = `Answers scenario documents read as JSON lines, from FILE or standard input
(no FILE, or -), writing one answer line for each non-empty line, in the
input's order, each written as soon as it is answered: a bot starts one
process and pays its start-up once.

A line is {"kind":KIND,"document":{...}} with KIND one of combat, compare,
advise, luck, vote, import, units (the service's POST /v1/KIND), and an
optional "id" echoed in the answer; or a bare combat document (one with
"action"). Each answer line is
  {"line":N,"id":ID,"status":S,"answer":ANSWER}
where ANSWER is byte for byte the body ` + "`ti4sim serve`" + ` answers (with its
default limits) to the document (a 5xx error's request_id aside), and S its
HTTP status: 200, or an error {"error","path"} (400 malformed, 413 too large,
422 invalid, 503 over the time limit). A line that holds no document is
answered 400 and the batch goes on; empty lines are skipped (N counts them).

--exact (combat and vote documents) and --prefer-exact (combat documents)
set run.exact or run.prefer_exact in the documents whose run says none of
exact, prefer_exact, trials, seed, precision. With -j N, N lines are
answered at once; the output is the same bytes in the same order.

Ctrl-C stops reading; a line being answered is stopped and answered 503, and
the batch exits 130. Exit status: 0 when every line was read (errors are
answers), 1 when the input could not be read or the output written, 2 for a
usage error. See docs/bots.md (ti4sim help bots).

Examples:
  ti4sim batch questions.jsonl > answers.jsonl
  ti4sim scenario ground -a "1 infantry" -d "1 infantry" | jq -c . | ti4sim batch --exact`
