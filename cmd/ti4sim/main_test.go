package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/cliflag"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// runCLI runs one command line in-process and returns stdout, stderr and the exit status.
func runCLI(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), code
}

// goldenRuns runs each case's command line, which must succeed with
// nothing on standard error, and checks its output against the golden
// file named by the case.
func goldenRuns(t *testing.T, cases map[string][]string) {
	t.Helper()
	for name, args := range cases {
		t.Run(name, func(t *testing.T) {
			out, errOut, code := runCLI(t, args...)
			if code != exitOK || errOut != "" {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			golden(t, name, out)
		})
	}
}

// golden compares got with testdata/NAME.golden, or rewrites it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("..", "..", "testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run `go test ./cmd/ti4sim -update` to create it)", err)
	}
	if got != string(want) {
		t.Errorf("output differs from %s (run with -update if the change is intended)\n--- got ---\n%s\n--- want ---\n%s", path, got, want)
	}
}

// usageFails asserts that args is a usage error whose message contains want.
func usageFails(t *testing.T, want string, args ...string) {
	t.Helper()
	out, errOut, code := runCLI(t, args...)
	if code != exitUsage {
		t.Errorf("%q: exit %d, want %d (stderr %q)", args, code, exitUsage, errOut)
	}
	if out != "" {
		t.Errorf("%q: wrote to stdout on a usage error: %q", args, out)
	}
	if !strings.HasPrefix(errOut, "ti4sim: ") || !strings.Contains(errOut, want) {
		t.Errorf("%q: stderr %q, want a ti4sim: message containing %q", args, errOut, want)
	}
}

// A run stopped by Ctrl-C (main's signal.NotifyContext cancels the
// context) says so and exits 130, like a shell; it is not a "context
// canceled" runtime error.
func TestInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, args := range [][]string{
		{"space", "-n", "1e6"},
		{"invade", "--exact"},
		{"compare", "space", "--vary", "nebula=false,true"},
		{"vote", "-n", "1e6", "--voter", "a:5:for=1"},
	} {
		var out, errb bytes.Buffer
		code := run(ctx, args, strings.NewReader(""), &out, &errb)
		if code != exitInterrupted || errb.String() != "ti4sim: interrupted\n" || out.Len() != 0 {
			t.Errorf("%q cancelled: exit %d, stderr %q, stdout %d bytes; want exit %d and \"ti4sim: interrupted\"", args, code, errb.String(), out.Len(), exitInterrupted)
		}
	}
	// A usage error is still a usage error, cancelled or not.
	var out, errb bytes.Buffer
	if code := run(ctx, []string{"space", "-n", "0"}, strings.NewReader(""), &out, &errb); code != exitUsage {
		t.Errorf("cancelled usage error: exit %d, want %d", code, exitUsage)
	}
}

// Input quoted back in an error message is cut short, and the message is
// one line, whatever the flag.
func TestErrorEchoIsShort(t *testing.T) {
	long := strings.Repeat("y", 100000)
	for _, args := range [][]string{
		{"space", "-a", "1 carrier, " + long, "-d", "1 cruiser"},
		{"vote", "--voter", "a:5:for=1:" + long},
		{"vote", "--voter", "a:5:" + long + "=1"},
		{"space", "--attacker-card", long},
		{"space", "--attacker-tech", long},
		{"space", "--attacker-faction", long},
		{"space", "--attacker-order", long},
		{"space", "--attacker-retreat", long},
		{"compare", "space", "--vary", "nebula=" + long + ",true"},
		{"space", long},
		{long},
		{"space", "-n", long},
		{"space", "--rounds=" + long},
		{"space", "--unknown-" + long},
	} {
		_, errOut, code := runCLI(t, args...)
		// At most echo.MaxRunes (60) characters of the input, and a short line.
		if code != exitUsage || strings.Contains(errOut, strings.Repeat("y", 61)) || len(errOut) > 900 || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%.40q...: exit %d, %d bytes, %d lines: %.200s", args, code, len(errOut), strings.Count(errOut, "\n"), errOut)
		}
	}
}

// fail prints any error as one line of bounded length, even one that
// quotes input in full.
func TestFailOneBoundedLine(t *testing.T) {
	var b bytes.Buffer
	code := fail(&b, errors.New("first\nsecond "+strings.Repeat("z", 5000)))
	got := b.String()
	if code != exitRuntime || strings.Count(got, "\n") != 1 || !strings.HasPrefix(got, "ti4sim: first second z") ||
		!strings.Contains(got, "(message of 5013 characters cut)") || len(got) > cliflag.MaxMessage+100 {
		t.Errorf("exit %d, %d bytes: %.120q", code, len(got), got)
	}
}
