package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// buildBinary builds ti4sim into a temporary directory.
func buildBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "ti4sim")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	if err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// startServe starts `ti4sim serve --addr 127.0.0.1:0 args...` and returns
// the process, its base URL and its stderr.
func startServe(t *testing.T, bin string, args ...string) (*exec.Cmd, string, *syncBuffer) {
	t.Helper()
	cmd := exec.Command(bin, append([]string{"serve", "--addr", "127.0.0.1:0"}, args...)...)
	stderr := &syncBuffer{}
	cmd.Stderr = stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("reading the address: %v; stderr:\n%s", err, stderr)
	}
	url, ok := strings.CutPrefix(strings.TrimSpace(line), "ti4sim serve: listening on ")
	if !ok {
		t.Fatalf("first line %q, want the address", line)
	}
	go io.Copy(io.Discard, stdout)
	return cmd, url, stderr
}

func postJSON(t *testing.T, url, body string) (int, []byte) {
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err != nil {
		t.Error(err)
		return 0, nil
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// spaceDoc is the space example as a document, with its trials and seed.
func spaceDoc(trials int64, seed int) string {
	b, _ := json.Marshal(map[string]any{"version": 1, "action": "space",
		"attacker": map[string]any{"fleet": []map[string]any{{"unit": "carrier", "count": 3}, {"unit": "fighter", "count": 6}}},
		"defender": map[string]any{"fleet": []map[string]any{{"unit": "dreadnought", "count": 1}, {"unit": "destroyer", "count": 2}, {"unit": "fighter", "count": 3}, {"unit": "space dock", "count": 1}}},
		"run":      map[string]any{"trials": trials, "seed": seed}})
	return string(b)
}

// TestServeBinary runs the real binary: a combat document answered by the
// service is byte for byte `ti4sim space ... -o json` with the same seed;
// then SIGTERM with two runs in flight: the one that ends within
// --shutdown-timeout is answered 200, the one that would not is cancelled
// and answered 503, and the process exits 0 soon after the deadline.
func TestServeBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	bin := buildBinary(t)
	const deadline = 2 * time.Second
	cmd, url, stderr := startServe(t, bin, "--max-concurrent", "4", "--max-trials", "1e9", "--shutdown-timeout", deadline.String())

	status, got := postJSON(t, url+"/v1/combat", spaceDoc(20000, 7))
	want, err := exec.Command(bin, "space", "-a", "3 carrier, 6 fighter", "-d", "1 dreadnought, 2 destroyer, 3 fighter, 1 space dock", "-n", "20000", "--seed", "7", "-o", "json").Output()
	if err != nil {
		t.Fatal(err)
	}
	if status != 200 || !bytes.Equal(got, want) {
		t.Fatalf("service answered %d:\n%s\nthe command line:\n%s", status, got, want)
	}

	type answer struct {
		status int
		body   []byte
	}
	long, short := make(chan answer, 1), make(chan answer, 1)
	go func() { s, b := postJSON(t, url+"/v1/combat", spaceDoc(1_000_000_000, 1)); long <- answer{s, b} }()
	go func() { s, b := postJSON(t, url+"/v1/combat", spaceDoc(200_000, 1)); short <- answer{s, b} }()
	for running := 0; running < 2; {
		resp, err := http.Get(url + "/debug/vars")
		if err != nil {
			t.Fatal(err)
		}
		var v struct{ Running int }
		json.NewDecoder(resp.Body).Decode(&v)
		resp.Body.Close()
		running = v.Running
		time.Sleep(time.Millisecond)
	}
	start := time.Now()
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("exit: %v; stderr:\n%s", err, stderr)
		}
	case <-time.After(deadline + 10*time.Second):
		t.Fatalf("still running %v after SIGTERM; stderr:\n%s", time.Since(start), stderr)
	}
	t.Logf("exited 0 %v after SIGTERM (shutdown deadline %v)", time.Since(start).Round(time.Millisecond), deadline)
	if a := <-short; a.status != 200 || !bytes.Contains(a.body, []byte(`"trials":200000`)) {
		t.Errorf("the run that fits the deadline: %d %.200s", a.status, a.body)
	}
	if a := <-long; a.status != 503 || !bytes.Contains(a.body, []byte("shutting down")) {
		t.Errorf("the run cancelled at the deadline: %d %.200s", a.status, a.body)
	}
	if _, err := http.Get(url + "/healthz"); err == nil {
		t.Error("the service still answers after exiting")
	}
	for _, want := range []string{"shutting down", "cancelling the requests still running", "msg=stopped"} {
		if !strings.Contains(stderr.String(), want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
}

// syncBuffer is a bytes.Buffer safe for the process's writes and the
// test's reads.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// TestServeHelpListsLimits: serve --help lists every limit with its
// default.
func TestServeHelpListsLimits(t *testing.T) {
	out, _, code := runCLI(t, "serve", "--help")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{
		`--addr HOST:PORT`, `(default "127.0.0.1:8080")`,
		"--max-trials", "(default 10000000)",
		"--max-exact-states", "(default 1048576)",
		"--max-body", "(default 1048576)",
		"--timeout", "(default 1m0s)",
		"--max-concurrent", "GOMAXPROCS",
		"--max-queue", "(default 64)",
		"--cors-origin", "default none",
		"--shutdown-timeout", "(default 10s)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("serve --help lacks %q", want)
		}
	}
}

// TestServeUsageErrors: a limit out of range is a usage error naming it,
// before anything listens.
func TestServeUsageErrors(t *testing.T) {
	usageFails(t, "max trials 0 out of range", "serve", "--max-trials", "0")
	usageFails(t, "max exact states 5000000 out of range", "serve", "--max-exact-states", "5000000")
	usageFails(t, "max queue -1 out of range", "serve", "--max-queue", "-1")
	usageFails(t, "CORS origin", "serve", "--cors-origin", "localhost:3000")
	usageFails(t, "timeout 0s out of range", "serve", "--timeout", "0")
	usageFails(t, "unexpected argument", "serve", "now")
}
