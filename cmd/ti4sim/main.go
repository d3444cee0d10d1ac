// Command ti4sim answers Twilight Imperium 4 odds questions: space combat,
// ground combat, a whole invasion, and agenda votes.
//
// main (native.go; wasm.go in the browser) only parses flags and calls
// the library; see run.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/report"
	"github.com/ti4sim/ti4sim/internal/echo"
)

// run executes one ti4sim command line and returns the exit status:
// 0 success, 1 runtime failure (a failed write included), 2 usage error,
// 130 interrupted (ctx cancelled, as by Ctrl-C through main's
// interruptible).
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		writeOverview(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "help", "-h", "--help":
		if len(args) > 1 {
			if c := lookupCommand(args[1]); c != nil && c.helpByRun {
				return run(ctx, []string{c.name, "--help"}, stdin, stdout, stderr)
			} else if c != nil {
				return fail(stderr, c.writeHelp(stdout))
			}
			if page, ok := helpTopic(args[1]); ok {
				w := report.NewErrWriter(stdout)
				w.Write(page)
				return fail(stderr, w.Err())
			}
			return fail(stderr, usageErrorf("unknown command or topic %s; commands: %s; topics: %s",
				echo.Quote(args[1]), commandNames(), strings.Join(helpTopics(), ", ")))
		}
		return fail(stderr, writeOverview(stdout))
	}
	c := lookupCommand(name)
	if c == nil {
		return fail(stderr, usageErrorf("unknown command %s; commands: %s", echo.Quote(name), commandNames()))
	}
	env := &env{stdin: stdin, stdout: stdout, stderr: stderr}
	err := c.run(ctx, c, args[1:], env)
	var child *childExit
	if err == errHelpShown {
		return exitOK
	} else if errors.As(err, &child) {
		return child.code
	}
	var ue *usageError
	if err != nil && ctx.Err() != nil && !errors.As(err, &ue) {
		// The run stopped because the context was cancelled: Ctrl-C.
		fmt.Fprintln(stderr, "ti4sim: interrupted")
		return exitInterrupted
	}
	return fail(stderr, err)
}
