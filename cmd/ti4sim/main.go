// Command ti4sim answers Twilight Imperium 4 odds questions: space combat,
// ground combat, a whole invasion, and agenda votes.
//
// main only parses flags and calls the library; see run.
package main

import (
	"context"
	"io"
	"os"
	"os/signal"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run executes one ti4sim command line and returns the exit status:
// 0 success, 1 runtime failure, 2 usage error.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		writeOverview(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "help", "-h", "--help":
		if len(args) > 1 {
			if c := lookupCommand(args[1]); c != nil {
				c.writeHelp(stdout)
				return exitOK
			}
			return fail(stderr, usageErrorf("unknown command %q; commands: %s", args[1], commandNames()))
		}
		writeOverview(stdout)
		return exitOK
	}
	c := lookupCommand(name)
	if c == nil {
		return fail(stderr, usageErrorf("unknown command %q; commands: %s", name, commandNames()))
	}
	env := &env{stdout: stdout, stderr: stderr}
	err := c.run(ctx, c, args[1:], env)
	if err == errHelpShown {
		return exitOK
	}
	return fail(stderr, err)
}
