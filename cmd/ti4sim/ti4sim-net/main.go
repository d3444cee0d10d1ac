// Command ti4sim-net is the network half of ti4sim's command line: the
// HTTP service (`ti4sim-net serve`, which `ti4sim serve` runs) and the
// HTTPS fetch of an AsyncTI4 game (`ti4sim-net fetch`, which `ti4sim import
// asyncti4 URL` and `--game ID` run). The ti4sim program links no HTTP or
// TLS code, so that every command that answers a question starts as fast
// as it can; it starts this program, found beside it or on PATH, when a
// command needs the network. Install both with
//
//	go install github.com/ti4sim/ti4sim/cmd/ti4sim@latest github.com/ti4sim/ti4sim/cmd/ti4sim/ti4sim-net@latest
//
// main only parses the command line and calls; see run.
package main

import (
	"context"
	"io"
	"os"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/cliflag"
	"github.com/ti4sim/ti4sim/internal/echo"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

// run executes one command line of ti4sim-net and returns the exit status:
// 0 success, 1 a runtime failure, 2 a usage error, 3 (fetch) an HTTP
// answer other than 200. Errors are one line on stderr, worded as ti4sim's
// ("ti4sim: serve: ...": a user typed ti4sim serve).
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return cliflag.Fail(stderr, cliflag.Errorf("ti4sim-net: give a command: serve (ti4sim serve's service) or fetch URL (an AsyncTI4 game over HTTPS)"))
	}
	switch args[0] {
	case "serve":
		return serve(ctx, args[1:], stdout, stderr)
	case "fetch":
		return fetchCommand(ctx, args[1:], stdout, stderr)
	case "help", "-h", "--help":
		if len(args) > 1 && args[1] == "serve" {
			return serve(ctx, []string{"--help"}, stdout, stderr)
		}
		return cliflag.Fail(stderr, writeOverview(stdout))
	}
	return cliflag.Fail(stderr, cliflag.Errorf("ti4sim-net: unknown command %s; commands: serve, fetch", echo.Quote(args[0])))
}

// writeOverview is ti4sim-net's help.
func writeOverview(w io.Writer) error {
	_, err := io.WriteString(w, `ti4sim-net: the network half of ti4sim, which ti4sim starts.

Usage:
  ti4sim-net serve [flags]              the HTTP service (ti4sim serve; see ti4sim serve --help)
  ti4sim-net fetch [--max-bytes N] URL  an AsyncTI4 game over HTTPS on stdout (ti4sim import asyncti4)
`)
	return err
}
