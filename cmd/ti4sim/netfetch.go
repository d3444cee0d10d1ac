package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/cliflag"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/importer"
	"github.com/ti4sim/ti4sim/internal/echo"
)

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
		return nil, fmt.Errorf("fetching %s: %w", echo.Quote(address), context.Cause(ctx))
	}
	line := strings.TrimPrefix(strings.TrimSpace(errb.String()), "ti4sim: ")
	var ee *exec.ExitError
	if !errors.As(err, &ee) || line == "" {
		return nil, fmt.Errorf("fetching %s: %s: %v", echo.Quote(address), netProgram, err)
	}
	if ee.ExitCode() == cliflag.ExitAnswer {
		return nil, &fetchStatusError{msg: line, code: answeredStatus(line)}
	}
	return nil, errors.New(line)
}

// answeredStatus is the status code in ti4sim-net fetch's line "... the
// server answered 404 Not Found" (0 if none).
func answeredStatus(line string) int {
	_, after, _ := strings.Cut(line, cliflag.Answered)
	code, err := strconv.Atoi(strings.SplitN(after, " ", 2)[0])
	if err != nil {
		return 0
	}
	return code
}
