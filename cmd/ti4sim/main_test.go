package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// runCLI runs one command line in-process and returns stdout, stderr and the exit status.
func runCLI(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(context.Background(), args, &out, &errb)
	return out.String(), errb.String(), code
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
