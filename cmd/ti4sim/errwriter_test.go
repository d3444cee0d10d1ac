package main

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"
)

// failWriter accepts the first ok bytes, then fails every write, as a full
// disk (/dev/full) or a closed pipe does.
type failWriter struct{ ok int }

var errDiskFull = errors.New("no space left on device")

func (f *failWriter) Write(p []byte) (int, error) {
	if len(p) <= f.ok {
		f.ok -= len(p)
		return len(p), nil
	}
	n := f.ok
	f.ok = 0
	return n, errDiskFull
}

// Every output path reports a failed write: exit 1 with the error, for
// table and JSON output, help and the overview, whether the first write
// fails or a later one.
func TestWriteErrorsReported(t *testing.T) {
	cmds := [][]string{
		{"space", "-n", "1000"},
		{"space", "-n", "1000", "-o", "json"},
		{"ground", "--exact"},
		{"invade", "-n", "1000", "--rounds", "1", "-a", "1 dread, 2 inf", "-d", "2 inf"}, // a usage error: nothing written
		{"compare", "space", "--vary", "nebula=false,true", "-n", "1000"},
		{"compare", "space", "--vary", "nebula=false,true", "-n", "1000", "-o", "json"},
		{"vote", "-n", "1000", "--voter", "a:5:for=1"},
		{"vote", "--exact", "--voter", "a:5:for=1", "-o", "json"},
		{"vote", "--mode", "base", "-n", "1000", "--voter", "a:5:for=1", "--bribery", "a:1"},
		{"vote", "--mode", "base", "--exact", "--voter", "a:5:for=1", "-o", "json"},
		{"units"},
		{"units", "-o", "json"},
		{"cards"},
		{"cards", "-o", "json"},
		{"import", issue45},
		{"import", "--help"},
		{"help"},
		{"help", "vote"},
		{"help", "model"},
		{"space", "--help"},
		{"compare", "--help"},
	}
	for _, args := range cmds {
		for _, ok := range []int{0, 200} {
			var errb bytes.Buffer
			code := run(context.Background(), args, strings.NewReader(""), &failWriter{ok: ok}, &errb)
			if args[0] == "invade" {
				if code != exitUsage {
					t.Errorf("%q: exit %d, want the usage error", args, code)
				}
				continue
			}
			if code != exitRuntime || !strings.Contains(errb.String(), "ti4sim: ") || !strings.Contains(errb.String(), errDiskFull.Error()) {
				t.Errorf("%q, failing after %d bytes: exit %d, stderr %q; want exit %d and the write error", args, ok, code, errb.String(), exitRuntime)
			}
		}
	}
}
