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
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service"
)

// batchKindsFile holds a line of every kind, a bare combat document, an
// empty line, a malformed line in the middle, an invalid document, and
// lines that hold no document.
var batchKindsFile = filepath.Join("testdata", "batch", "kinds.jsonl")

// batchLine is one output line of ti4sim batch.
type batchLine struct {
	Line   int             `json:"line"`
	ID     json.RawMessage `json:"id"`
	Status int             `json:"status"`
	Answer json.RawMessage `json:"answer"`
}

// readBatchOutput splits batch's output into its lines, each one JSON
// object, failing the test otherwise.
func readBatchOutput(t *testing.T, out string) []batchLine {
	t.Helper()
	var lines []batchLine
	for i, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var b batchLine
		if err := json.Unmarshal([]byte(l), &b); err != nil {
			t.Fatalf("output line %d is no JSON object: %v: %.200s", i+1, err, l)
		}
		lines = append(lines, b)
	}
	return lines
}

// TestBatchGolden: every kind answered, in the input's order, the empty
// line skipped (its number counted), the malformed line in the middle
// answered 400 and the lines after it answered; exit 0. The output is
// testdata/batch/kinds.golden (-update rewrites it).
func TestBatchGolden(t *testing.T) {
	out, stderr, code := runCLI(t, "batch", batchKindsFile)
	if code != exitOK || stderr != "" {
		t.Fatalf("exit %d, stderr %q; want 0 and nothing logged (no fault)", code, stderr)
	}
	golden := filepath.Join("testdata", "batch", "kinds.golden")
	if *update {
		if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if maskElapsed(out) != maskElapsed(string(want)) { // advise says how long it searched
		t.Errorf("batch output differs from %s (-update rewrites it)\n%s", golden, firstDifference(out, string(want)))
	}
	lines := readBatchOutput(t, out)
	wantStatus := map[int]int{1: 200, 2: 200, 4: 200, 5: 400, 6: 200, 7: 200, 8: 200, 9: 200, 10: 200, 11: 422, 12: 400, 13: 400, 14: 400}
	if len(lines) != len(wantStatus) {
		t.Fatalf("%d output lines, want %d", len(lines), len(wantStatus))
	}
	prev := 0
	for _, l := range lines {
		if l.Line <= prev || l.Status != wantStatus[l.Line] {
			t.Errorf("line %d (after %d): status %d, want %d", l.Line, prev, l.Status, wantStatus[l.Line])
		}
		prev = l.Line
	}
	for n, kind := range map[int]string{1: "ground", 2: "space", 4: "compare", 6: "advise", 7: "luck", 8: "vote"} {
		if !bytes.HasPrefix(lines[n-1-btoi(n > 3)].Answer, []byte(`{"command":"`+kind+`"`)) {
			t.Errorf("line %d: answer %.80s, want the %s command's", n, lines[n-1-btoi(n > 3)].Answer, kind)
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestBatchSameAsService: each answer of a batch is byte for byte the
// body, and its status the status, that the real service (`ti4sim serve`
// with its defaults, over HTTP) answers to a POST of the same document to
// /v1/KIND (a 5xx answer's request_id aside); with -j 3 too.
func TestBatchSameAsService(t *testing.T) {
	srv, err := service.New(service.DefaultConfig(), answer.NewBackend(), slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(srv)
	defer ts.Close()
	data, err := os.ReadFile(batchKindsFile)
	if err != nil {
		t.Fatal(err)
	}
	inputs := strings.Split(string(data), "\n")
	requestID := regexp.MustCompile(`,"request_id":"[0-9a-f]{16}"`)
	for _, jobs := range []string{"1", "3"} {
		out, stderr, code := runCLI(t, "batch", "-j", jobs, batchKindsFile)
		if code != exitOK {
			t.Fatalf("-j %s: exit %d: %s", jobs, code, stderr)
		}
		posted := 0
		for _, l := range readBatchOutput(t, out) {
			kind, doc, _, f := readEnvelope([]byte(inputs[l.Line-1]))
			if f != nil {
				continue // no document: nothing to post
			}
			resp, err := http.Post(ts.URL+"/v1/"+kind, "application/json", bytes.NewReader(doc))
			if err != nil {
				t.Fatal(err)
			}
			body, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil {
				t.Fatal(err)
			}
			// advise's elapsed time aside
			got := maskElapsed(string(requestID.ReplaceAll(l.Answer, nil)))
			want := maskElapsed(string(requestID.ReplaceAll(bytes.TrimSuffix(body, []byte("\n")), nil)))
			if resp.StatusCode != l.Status || got != want {
				t.Errorf("-j %s line %d (%s): batch %d %.120s\nservice %d %.120s", jobs, l.Line, kind, l.Status, got, resp.StatusCode, want)
			}
			posted++
		}
		if posted < 9 {
			t.Errorf("-j %s: %d lines compared with the service, want every kind's (9)", jobs, posted)
		}
	}
}

// TestBatchJobsOrder: with -j 4 the output is the bytes of -j 1, in the
// input's order, though the lines take very different times (seeded
// Monte Carlo runs of 200 to 200,000 trials, exact runs, errors).
func TestBatchJobsOrder(t *testing.T) {
	var in strings.Builder
	for i := range 24 {
		switch i % 4 {
		case 0:
			fmt.Fprintf(&in, `{"kind":"combat","id":%d,"document":{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":3}]},"defender":{"fleet":[{"unit":"destroyer","count":3}]},"run":{"trials":%d,"seed":%d}}}`+"\n", i, 200000-i*8000, i)
		case 1:
			fmt.Fprintf(&in, `{"version":1,"action":"ground","attacker":{"fleet":[{"unit":"infantry","count":%d}]},"defender":{"fleet":[{"unit":"infantry","count":2}]},"run":{"trials":200,"seed":%d}}`+"\n", 1+i%5, i)
		case 2:
			fmt.Fprintf(&in, `{"version":1,"action":"ground","attacker":{"fleet":[{"unit":"infantry","count":%d}]},"defender":{"fleet":[{"unit":"mech","count":2}]}}`+"\n", 1+i%7)
		default:
			in.WriteString("{oops\n")
		}
	}
	seq, stderr, code := runWithInput(t, in.String(), "batch", "--exact")
	if code != exitOK {
		t.Fatalf("-j 1: exit %d: %s", code, stderr)
	}
	for _, j := range []string{"2", "4"} {
		par, stderr, code := runWithInput(t, in.String(), "batch", "--exact", "-j", j)
		if code != exitOK || par != seq {
			t.Errorf("-j %s: exit %d (%s), output differs from -j 1:\n%s", j, code, stderr, firstDifference(par, seq))
		}
	}
	lines := readBatchOutput(t, seq)
	if len(lines) != 24 {
		t.Fatalf("%d lines, want 24", len(lines))
	}
	for i, l := range lines {
		if l.Line != i+1 {
			t.Errorf("output line %d answers input line %d", i+1, l.Line)
		}
	}
}

// TestBatchExactDefault: --exact sets run.exact in the combat and vote
// documents whose run says nothing of how to answer, --prefer-exact
// run.prefer_exact in the combat ones; a document that says (trials,
// seed, exact, prefer_exact, precision) is answered as it is, as are the
// other kinds.
func TestBatchExactDefault(t *testing.T) {
	const ground = `{"version":1,"action":"ground","attacker":{"fleet":[{"unit":"infantry","count":2}]},"defender":{"fleet":[{"unit":"infantry","count":2}]}%s}`
	in := fmt.Sprintf(ground, "") + "\n" +
		fmt.Sprintf(ground, `,"run":{"trials":1000,"seed":3}`) + "\n" +
		fmt.Sprintf(ground, `,"run":{"rounds":2}`) + "\n" +
		`{"kind":"vote","document":{"version":1,"mode":"base","voters":["sol:5:for=1","hacan:3:against=1"]}}` + "\n" +
		`{"kind":"compare","document":{"version":1,"scenario":{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":1}]},"defender":{"fleet":[{"unit":"destroyer","count":1}]},"run":{"trials":500}},"vary":[{"key":"nebula","values":["false","true"]}]}}` + "\n"
	for _, tc := range []struct {
		flag  string
		exact []bool // each line's answer exact
	}{
		{"--exact", []bool{true, false, true, true, false}},
		{"--prefer-exact", []bool{true, false, true, false, false}},
		{"-j1", []bool{false, false, false, false, false}},
	} {
		out, stderr, code := runWithInput(t, in, "batch", tc.flag)
		if code != exitOK {
			t.Fatalf("%s: exit %d: %s", tc.flag, code, stderr)
		}
		for i, l := range readBatchOutput(t, out) {
			var a struct {
				Exact bool `json:"exact"`
			}
			if err := json.Unmarshal(l.Answer, &a); err != nil || l.Status != 200 || a.Exact != tc.exact[i] {
				t.Errorf("%s line %d: status %d, exact %v, want 200 and %v: %.150s", tc.flag, l.Line, l.Status, a.Exact, tc.exact[i], l.Answer)
			}
		}
	}
}

// TestBatchLimits: a line over the service's body limit and the
// envelope's slack is refused 413 on its line, unread, and the batch goes
// on; a document over the body limit within a line is answered 413 as the
// service answers it.
func TestBatchLimits(t *testing.T) {
	limit := int(batchConfig(1).MaxBodyBytes)
	huge := `{"action":"` + strings.Repeat("x", limit+envelopeSlack) + `"}`
	big := `{"kind":"vote","document":{"x":"` + strings.Repeat("y", limit) + `"}}`
	in := huge + "\n" + big + "\n" + `{"kind":"luck","document":{"version":1,"roll":{"dice":[{"n":1,"hits_on":6}],"hits":1}}}` + "\n"
	out, stderr, code := runWithInput(t, in, "batch")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	lines := readBatchOutput(t, out)
	if len(lines) != 3 || lines[0].Status != 413 || lines[1].Status != 413 || lines[2].Status != 200 {
		t.Fatalf("lines %+v, want 413, 413, 200", lines)
	}
	if !strings.Contains(string(lines[0].Answer), "line longer than the limit") || !strings.Contains(string(lines[1].Answer), "request body larger than the limit") {
		t.Errorf("413 answers: %s / %s", lines[0].Answer, lines[1].Answer)
	}
}

// errReader fails after its text.
type errReader struct{ r io.Reader }

func (e errReader) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err == io.EOF {
		return n, errors.New("disk on fire")
	}
	return n, err
}

// TestBatchExitStatus: usage errors exit 2, a file that cannot be opened
// or an input that cannot be read 1 (after the lines read are answered),
// a cancelled run (Ctrl-C) 130 with every line read answered.
func TestBatchExitStatus(t *testing.T) {
	for _, args := range [][]string{
		{"batch", "a", "b"},
		{"batch", "--exact", "--prefer-exact"},
		{"batch", "-j", "0"},
		{"batch", "-j", "65"},
		{"batch", "--trials", "3"},
	} {
		if _, stderr, code := runCLI(t, args...); code != exitUsage {
			t.Errorf("%q: exit %d, want 2: %s", args, code, stderr)
		}
	}
	if _, stderr, code := runCLI(t, "batch", filepath.Join(t.TempDir(), "none.jsonl")); code != exitRuntime || !strings.Contains(stderr, "no such file") {
		t.Errorf("missing file: exit %d, want 1: %s", code, stderr)
	}
	var out, errb bytes.Buffer
	line := `{"kind":"luck","document":{"version":1,"roll":{"dice":[{"n":1,"hits_on":6}],"hits":1}}}` + "\n"
	code := run(context.Background(), []string{"batch"}, errReader{strings.NewReader(line + line)}, &out, &errb)
	if code != exitRuntime || strings.Count(out.String(), "\n") != 2 || !strings.Contains(errb.String(), "disk on fire") {
		t.Errorf("read error: exit %d, want 1, after 2 answers: %q %q", code, out.String(), errb.String())
	}
}

// cancelReader gives its text, then, at the next read (the line reader
// reads on once the line before went to be answered), cancels and blocks
// until unblock is closed: Ctrl-C while a bot's line is answered.
type cancelReader struct {
	text    []byte
	cancel  func()
	unblock chan struct{}
}

func (c *cancelReader) Read(p []byte) (int, error) {
	if len(c.text) > 0 {
		n := copy(p, c.text)
		c.text = c.text[n:]
		return n, nil
	}
	c.cancel()
	<-c.unblock
	return 0, io.EOF
}

// TestBatchInterrupt: Ctrl-C (ctx cancelled) while a line is answered:
// that line is answered — 503 when its run was stopped, else its answer —
// and the batch exits 130, with "interrupted" on stderr. The run is a long
// one (10⁷ trials of a big battle): it stops rather than finishing.
func TestBatchInterrupt(t *testing.T) {
	for _, doc := range []string{
		`{"version":1,"action":"space","attacker":{"fleet":[{"unit":"dreadnought","count":6},{"unit":"fighter","count":10}]},"defender":{"fleet":[{"unit":"cruiser","count":8},{"unit":"fighter","count":10}]},"run":{"trials":10000000}}`,
		`{"kind":"luck","document":{"version":1,"roll":{"dice":[{"n":1,"hits_on":6}],"hits":1}}}`,
	} {
		ctx, cancel := context.WithCancel(context.Background())
		in := &cancelReader{text: []byte(doc + "\n"), cancel: cancel, unblock: make(chan struct{})}
		var out, errb bytes.Buffer
		code := run(ctx, []string{"batch"}, in, &out, &errb)
		close(in.unblock)
		if code != exitInterrupted || !strings.Contains(errb.String(), "interrupted") {
			t.Errorf("exit %d (%s), want 130, interrupted", code, errb.String())
		}
		lines := readBatchOutput(t, out.String())
		if len(lines) != 1 || (lines[0].Status != 503 && lines[0].Status != 200) {
			t.Errorf("lines %+v, want the one line read answered 503 or 200", lines)
		}
		if strings.Contains(doc, "10000000") && lines[0].Status != 503 {
			t.Errorf("the long run: status %d, want 503 (stopped)", lines[0].Status)
		}
	}
}

// FuzzLineReader: the line reader returns the lines of any input as
// splitting it at "\n" does (a final "\r" of each dropped, an empty last
// piece no line), each cut at the limit and marked too long beyond it.
func FuzzLineReader(f *testing.F) {
	f.Add([]byte("a\nbb\r\n\n"), uint8(1))
	f.Add([]byte("no newline"), uint8(3))
	f.Add([]byte("\r\r\n\n\r"), uint8(0))
	f.Add(bytes.Repeat([]byte("x"), 70000), uint8(200))
	f.Fuzz(func(t *testing.T, data []byte, limit uint8) {
		lr := newLineReader(bufio.NewReaderSize(bytes.NewReader(data), 16), int(limit))
		pieces := strings.Split(string(data), "\n")
		if pieces[len(pieces)-1] == "" {
			pieces = pieces[:len(pieces)-1]
		}
		for i, p := range pieces {
			line, tooLong, err := lr.next()
			if err != nil {
				t.Fatalf("line %d: %v", i+1, err)
			}
			p = strings.TrimSuffix(p, "\r")
			want, wantLong := p, len(p) > int(limit)
			if wantLong {
				want = p[:limit]
			}
			if string(line) != want || tooLong != wantLong {
				t.Fatalf("line %d: %q (too long %v), want %q (%v)", i+1, line, tooLong, want, wantLong)
			}
		}
		if _, _, err := lr.next(); err != io.EOF {
			t.Fatalf("after %d lines: %v, want EOF", len(pieces), err)
		}
	})
}

// FuzzReadEnvelope: any line either holds a document of a batch kind (as
// valid JSON; a bare one its line) or is a 400 failure; --exact and
// --prefer-exact leave a document valid JSON, and, where they change it,
// set its run's flag.
func FuzzReadEnvelope(f *testing.F) {
	data, err := os.ReadFile(batchKindsFile)
	if err != nil {
		f.Fatal(err)
	}
	for _, l := range strings.Split(string(data), "\n") {
		f.Add([]byte(l))
	}
	f.Add([]byte(`{"action":"x","run":null}`))
	f.Add([]byte(`{"kind":"vote","document":{"run":{"rounds":2}},"id":[1, 2]}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		kind, doc, id, fail := readEnvelope(line)
		if fail != nil {
			if fail.Status != 400 || kind != "" || doc != nil {
				t.Fatalf("failure %+v with kind %q, doc %q", fail, kind, doc)
			}
			return
		}
		if !isBatchKind(kind) || !json.Valid(doc) || (len(id) > 0 && !json.Valid(id)) {
			t.Fatalf("kind %q, doc %q, id %q", kind, doc, id)
		}
		for _, o := range []batchOptions{{exact: true}, {preferExact: true}} {
			out := runDefault(kind, doc, o)
			if !json.Valid(out) {
				t.Fatalf("%+v: %q is no JSON", o, out)
			}
			if bytes.Equal(out, doc) {
				continue
			}
			var d struct {
				Run struct {
					Exact       bool `json:"exact"`
					PreferExact bool `json:"prefer_exact"`
				} `json:"run"`
			}
			if err := json.Unmarshal(out, &d); err != nil || d.Run.Exact != o.exact || d.Run.PreferExact != o.preferExact {
				t.Fatalf("%+v: %q → %q", o, doc, out)
			}
		}
	})
}
