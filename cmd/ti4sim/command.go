package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/cliflag"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/report"
	"github.com/ti4sim/ti4sim/internal/echo"
)

const (
	exitOK      = cliflag.ExitOK
	exitRuntime = cliflag.ExitRuntime
	exitUsage   = cliflag.ExitUsage
	// exitInterrupted is the shell's status for a process stopped by
	// SIGINT (128 + 2).
	exitInterrupted = 130
)

// env is what a command may touch: its output streams.
type env struct {
	stdin io.Reader // a document read with --scenario -
	// documentOnly makes a command print the scenario document its flags
	// stand for instead of running it (ti4sim scenario).
	documentOnly bool
	// maxTrials and maxExactStates, when not 0, bound a run (ti4sim
	// serve's limits): the trials of a precision run with no -n, and the
	// joint states of an exact combat.
	maxTrials      int64
	maxExactStates int
	// maxDice, when not 0, bounds a Monte Carlo run's estimated dice (ti4sim
	// serve's --max-dice): a run over it is refused before it runs.
	maxDice float64
	// workers are the goroutines a run may use (0: GOMAXPROCS; -w).
	workers int
	stdout  io.Writer
	stderr  io.Writer
	// botAPI, when set (by a test, to its TLS server), is the AsyncTI4
	// bot's API root that import asyncti4 --game fetches from; unset,
	// https://bot.asyncti4.com.
	botAPI string
	// fetch, when set (by a test: internal/fetch with its server's
	// client), fetches import asyncti4's https:// addresses; unset,
	// netFetch (ti4sim-net fetch). An answer other than 200 is an error
	// with a StatusCode() int method.
	fetch func(ctx context.Context, address string) ([]byte, error)
}

// command is one ti4sim subcommand.
type command struct {
	name    string
	summary string // one line for the overview
	usage   string // synopsis, e.g. "ti4sim space -a FLEET -d FLEET [flags]"
	help    string // long description with worked examples, shown by --help and `ti4sim help NAME`
	// helpByRun, when set, makes `ti4sim help NAME` run the command with
	// --help: its help is another program's (serve: ti4sim-net's).
	helpByRun bool
	// helpFrom, when set, builds help instead (a help made of parts,
	// built only when shown: every process builds every command).
	helpFrom func() string
	// flags builds the command's flag set; run receives it parsed.
	run func(ctx context.Context, c *command, args []string, e *env) error
	// flagSet, set by the command's constructor, returns the flag set so help can list flags.
	flagSet func() *pflag.FlagSet
}

// commands lists every subcommand in the order the overview shows them.
func commands() []*command {
	return []*command{spaceCommand(), groundCommand(), invadeCommand(), compareCommand(), adviseCommand(), luckCommand(), voteCommand(), scenarioCommand(), importCommand(), serveCommand(), batchCommand(), siteCommand(), unitsCommand(), cardsCommand()}
}

func lookupCommand(name string) *command {
	for _, c := range commands() {
		if c.name == name {
			return c
		}
	}
	return nil
}

func commandNames() string {
	var names []string
	for _, c := range commands() {
		names = append(names, c.name)
	}
	return strings.Join(names, ", ")
}

func writeOverview(out io.Writer) error {
	w := report.NewErrWriter(out)
	fmt.Fprintln(w, "ti4sim: odds for Twilight Imperium 4 combats, invasions and agenda votes.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Usage: ti4sim COMMAND [flags]")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Commands:")
	for _, c := range commands() {
		fmt.Fprintf(w, "  %-8s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Run `ti4sim help COMMAND` or `ti4sim COMMAND --help` for flags and examples.")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "Topics (`ti4sim help TOPIC` prints the page docs/TOPIC.md):")
	for _, t := range helpTopics() {
		fmt.Fprintf(w, "  %-11s %s\n", t, helpTopicTitle(t))
	}
	return w.Err()
}

func (c *command) writeHelp(out io.Writer) error {
	w := report.NewErrWriter(out)
	help := c.help
	if c.helpFrom != nil {
		help = c.helpFrom()
	}
	var fs *pflag.FlagSet
	if c.flagSet != nil {
		fs = c.flagSet()
		fillFlagHelp(fs)
	}
	cliflag.WriteHelp(w, c.usage, help, fs)
	return w.Err()
}

// errHelpShown is returned by a command that printed its help because of --help.
var errHelpShown = errors.New("help shown")

// usageError is a mistake in the command line: exit status 2.
type usageError = cliflag.UsageError

func usageErrorf(format string, a ...any) error { return cliflag.Errorf(format, a...) }

// fail prints err (if any) on w as one line with the ti4sim: prefix and
// returns the exit status.
func fail(w io.Writer, err error) int { return cliflag.Fail(w, err) }

// parseFlags parses args into fs, turning pflag's errors into usage errors
// and --help into the command's help on e.stdout; an operand (an argument
// that is no flag) is a usage error.
func parseFlags(c *command, fs *pflag.FlagSet, args []string, e *env) error {
	if err := parseOperands(c, fs, args, e); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageErrorf("%s: unexpected argument %s (fleets go in quotes after -a/-d)", c.name, echo.Quote(fs.Arg(0)))
	}
	return nil
}

// parseOperands is parseFlags for a command that takes operands after its
// flags (site DIR, import LINK): they are left in fs.Args.
func parseOperands(c *command, fs *pflag.FlagSet, args []string, e *env) error {
	help, err := cliflag.Parse(c.name, fs, args)
	if err != nil {
		return err
	}
	if help {
		if err := c.writeHelp(e.stdout); err != nil {
			return err
		}
		return errHelpShown
	}
	return nil
}
