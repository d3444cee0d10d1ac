package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/cliflag"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/importer"
)

// ti4sim links no HTTP or TLS code: their package initialisation and a
// larger binary cost every command at start, though only serve and import
// asyncti4's fetches use them. Those run ti4sim-net, the network half of
// the command line (cmd/ti4sim/ti4sim-net), installed beside ti4sim.

// netProgram is the name of the network program.
const netProgram = "ti4sim-net"

// installBoth is how both programs are installed.
const installBoth = "go install github.com/ti4sim/ti4sim/cmd/ti4sim@latest github.com/ti4sim/ti4sim/cmd/ti4sim/ti4sim-net@latest"

// findNetProgram returns the path of ti4sim-net (ti4sim-net.exe on
// Windows): in the directory of this program's executable first, else
// on PATH. Neither: an error naming both places and how to install it.
func findNetProgram() (string, error) {
	name := netProgram
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	self, err := os.Executable()
	if err == nil {
		beside := filepath.Join(filepath.Dir(self), name)
		if st, err := os.Stat(beside); err == nil && !st.IsDir() {
			return beside, nil
		}
	} else {
		self = "this program"
	}
	if path, err := exec.LookPath(netProgram); err == nil {
		return path, nil
	}
	return "", &missingNetProgram{beside: self}
}

// missingNetProgram is findNetProgram's error: no ti4sim-net beside the
// executable (beside: its path) nor on PATH. It is a runtime failure
// (exit status 1), not a mistake in the command line.
type missingNetProgram struct{ beside string }

func (m *missingNetProgram) Error() string {
	return fmt.Sprintf("needs the program %s, found neither beside %s nor on PATH; install both with: %s", netProgram, m.beside, installBoth)
}

// readFailed is import asyncti4's error for a game it could not read: a
// usage error (the file, URL or game named is at fault), but a missing
// ti4sim-net is a runtime failure.
func readFailed(err error) error {
	if m := (*missingNetProgram)(nil); errors.As(err, &m) {
		return fmt.Errorf("import asyncti4: %w", err)
	}
	return usageErrorf("import asyncti4: %v", err)
}

// serveCommand is ti4sim serve: ti4sim-net serve with the same arguments
// (runNetProgram), its help included: the service's flags and help are
// ti4sim-net's, and shown by it.
func serveCommand() *command {
	return &command{
		name:      "serve",
		summary:   "the HTTP service: scenario documents in, the JSON of -o json out",
		usage:     "ti4sim serve [--addr 127.0.0.1:8080] [flags]",
		helpByRun: true,
		run: func(ctx context.Context, c *command, args []string, e *env) error {
			path, err := findNetProgram()
			if err != nil {
				return fmt.Errorf("serve: %v", err)
			}
			return runNetProgram(path, append([]string{"serve"}, args...), e)
		},
	}
}

// childExit is the exit status of a program this one ran in its place
// (ti4sim serve, where the process cannot be replaced): run exits with it
// and prints nothing more.
type childExit struct{ code int }

func (c *childExit) Error() string { return "exit status " + strconv.Itoa(c.code) }

// fetchStatusError is ti4sim-net fetch's failure of exit status 3: an
// HTTP answer other than 200, whose line names the status.
type fetchStatusError struct {
	msg  string
	code int
}

func (e *fetchStatusError) Error() string { return e.msg }

// StatusCode is the HTTP status of the answer (0 if the line named none).
func (e *fetchStatusError) StatusCode() int { return e.code }

// netFetch is import asyncti4's fetch of an https:// address (another is
// refused here, as ti4sim-net would refuse it): ti4sim-net
// fetch --max-bytes importer.MaxAsyncTI4Save ADDRESS, its stdout the
// body; ctx's end (Ctrl-C) kills it. Its failure is the line it printed,
// without the ti4sim: prefix; exit status 3 (an answer other than 200) a
// *fetchStatusError.
func netFetch(ctx context.Context, address string) ([]byte, error) {
	if _, err := importer.AsyncTI4Address(address); err != nil {
		return nil, err
	}
	path, err := findNetProgram()
	if err != nil {
		return nil, err
	}
	return fetchBy(ctx, path, address)
}

// fetchBy is netFetch with the ti4sim-net at path.
func fetchBy(ctx context.Context, path, address string) ([]byte, error) {
	var out, errb bytes.Buffer
	cmd := exec.CommandContext(ctx, path, "fetch", "--max-bytes", strconv.Itoa(importer.MaxAsyncTI4Save), address)
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	if err == nil {
		return out.Bytes(), nil
	}
	if ctx.Err() != nil {
		return nil, fmt.Errorf("fetching %s: %w", address, context.Cause(ctx))
	}
	line := strings.TrimPrefix(strings.TrimSpace(errb.String()), "ti4sim: ")
	var ee *exec.ExitError
	if !errors.As(err, &ee) || line == "" {
		return nil, fmt.Errorf("fetching %s: %s: %v", address, netProgram, err)
	}
	if ee.ExitCode() == cliflag.ExitAnswer {
		return nil, &fetchStatusError{msg: line, code: answeredStatus(line)}
	}
	return nil, errors.New(line)
}

// answeredStatus is the status code in ti4sim-net fetch's line "... the
// server answered 404 Not Found" (0 if none).
func answeredStatus(line string) int {
	_, after, _ := strings.Cut(line, "the server answered ")
	code, err := strconv.Atoi(strings.SplitN(after, " ", 2)[0])
	if err != nil {
		return 0
	}
	return code
}
