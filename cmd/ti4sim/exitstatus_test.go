package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"testing"
)

// TestOutputLostExitsOne runs the real binary with its output going
// nowhere: stdout closed (`ti4sim units >&-`, which Go's runtime turns into
// /dev/null) and a pipe whose reader has gone (`ti4sim units | head -1`,
// which would kill it by SIGPIPE). Each exits 1 with one line
// `ti4sim: writing output: ...` on stderr, for table and JSON output; a
// stdout redirected to /dev/null by the shell is no error.
func TestOutputLostExitsOne(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	if runtime.GOOS != "linux" {
		t.Skip("the closed stdout is detected on Linux")
	}
	bin := buildBinary(t)
	for _, args := range [][]string{{"units"}, {"units", "-o", "json"}, {"space", "-n", "1000"}, {"help"}} {
		t.Run(strings.Join(args, " ")+" >&-", func(t *testing.T) {
			cmd := exec.Command("sh", append([]string{"-c", `"$0" "$@" >&-`, bin}, args...)...)
			checkOutputLost(t, cmd, "standard output is closed")
		})
		t.Run(strings.Join(args, " ")+" | closed reader", func(t *testing.T) {
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			r.Close() // the reader is gone before the first write
			cmd := exec.Command(bin, args...)
			cmd.Stdout = w
			checkOutputLost(t, cmd, "broken pipe")
			w.Close()
		})
	}
	cmd := exec.Command("sh", "-c", `"$0" units >/dev/null`, bin)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil || stderr.Len() != 0 {
		t.Errorf("units >/dev/null: %v, stderr %q; want exit 0 and nothing", err, stderr.String())
	}
}

// checkOutputLost runs cmd and checks it exits 1 with the one line
// `ti4sim: writing output: ...why...` on stderr.
func checkOutputLost(t *testing.T, cmd *exec.Cmd, why string) {
	t.Helper()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != exitRuntime {
		t.Errorf("%v: %v (%s), want exit status %d", cmd.Args, err, cmd.ProcessState, exitRuntime)
	}
	lines := strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n")
	if len(lines) != 1 || !strings.HasPrefix(lines[0], "ti4sim: writing output: ") || !strings.Contains(lines[0], why) {
		t.Errorf("%v: stderr %q, want one line ti4sim: writing output: ...%s", cmd.Args, stderr.String(), why)
	}
}
