package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// runNet runs a ti4sim-net command line in this process and returns its
// stdout, stderr and exit status.
func runNet(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, &out, &errb)
	return out.String(), errb.String(), code
}

// usageFails runs a command line that must fail with exit status 2, one
// line on stderr holding want and nothing on stdout.
func usageFails(t *testing.T, want string, args ...string) {
	t.Helper()
	out, errOut, code := runNet(t, args...)
	if code != 2 || out != "" || !strings.HasPrefix(errOut, "ti4sim: ") || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, want) {
		t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and one ti4sim: line containing %q", args, code, out, errOut, want)
	}
}

// TestServeHelpListsLimits: serve --help lists every limit with its
// default.
func TestServeHelpListsLimits(t *testing.T) {
	out, _, code := runNet(t, "serve", "--help")
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

// TestServeHelpListsPageAndStream: serve --help lists the page at / and
// says how to ask for a streamed run.
func TestServeHelpListsPageAndStream(t *testing.T) {
	out, _, code := runNet(t, "serve", "--help")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{
		"  GET  /                 the page (fleet builder, compare, advise, vote)\n",
		"  POST /v1/advise        a fleet question (a fight and the build limits)\n",
		"  POST /v1/luck          a luck document (a battle's end, a roll, the bot's totals)\n",
		"  POST /v1/units         homebrew unit files (AsyncTI4 format): their factions\n",
		"With Accept: application/x-ndjson a run (combat, compare, advise, luck, vote)",
		`{"progress":{"done":N,"total":M}}`, `{"result":...}`, `{"error":"...","path":"...","status":S}`,
		"curl -sN -H 'Accept: application/x-ndjson'",
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
