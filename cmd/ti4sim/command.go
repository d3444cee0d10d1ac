package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/report"
	"github.com/ti4sim/ti4sim/internal/echo"
)

const (
	exitOK      = 0
	exitRuntime = 1
	exitUsage   = 2
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
	// botAPI and botClient, when set (by a test, to its TLS server), are
	// the AsyncTI4 bot's API root and the client that import asyncti4
	// --game fetches with; unset, https://bot.asyncti4.com and a client with
	// a 30 s timeout.
	botAPI    string
	botClient *http.Client
}

// command is one ti4sim subcommand.
type command struct {
	name    string
	summary string // one line for the overview
	usage   string // synopsis, e.g. "ti4sim space -a FLEET -d FLEET [flags]"
	help    string // long description with worked examples, shown by --help and `ti4sim help NAME`
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
	fmt.Fprintf(w, "Usage: %s\n\n%s\n", c.usage, strings.TrimSpace(help))
	if c.flagSet != nil {
		fs := c.flagSet()
		fillFlagHelp(fs)
		fmt.Fprintf(w, "\nFlags:\n%s", fs.FlagUsages())
	}
	return w.Err()
}

// errHelpShown is returned by a command that printed its help because of --help.
var errHelpShown = errors.New("help shown")

// usageError is a mistake in the command line: exit status 2.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usageErrorf(format string, a ...any) error {
	return &usageError{msg: fmt.Sprintf(format, a...)}
}

// shortenArgs replaces, in a message of the flag parser (which quotes the
// argument at fault whole), every long argument by its short form.
func shortenArgs(msg string, args []string) string {
	for _, a := range args {
		for _, v := range []string{a, a[strings.IndexByte(a, '=')+1:]} {
			if utf8.RuneCountInString(v) > echo.MaxRunes {
				msg = strings.ReplaceAll(msg, strconv.Quote(v), echo.Quote(v))
				msg = strings.ReplaceAll(msg, v, echo.Quote(v))
			}
		}
	}
	return msg
}

// maxMessage is the longest error message fail prints: the places that
// quote input back cut it short (echo.Quote); this is the net for any that
// do not.
const maxMessage = 1000

// fail prints err (if any) on w as one line with the ti4sim: prefix and
// returns the exit status.
func fail(w io.Writer, err error) int {
	if err == nil {
		return exitOK
	}
	msg := strings.ReplaceAll(err.Error(), "\n", " ")
	if n := utf8.RuneCountInString(msg); n > maxMessage {
		msg = string([]rune(msg)[:maxMessage]) + fmt.Sprintf("… (message of %d characters cut)", n)
	}
	fmt.Fprintf(w, "ti4sim: %s\n", msg)
	var ue *usageError
	if errors.As(err, &ue) {
		return exitUsage
	}
	return exitRuntime
}

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
	fs.SetOutput(io.Discard)
	help := fs.BoolP("help", "h", false, "show this help")
	fault := strictFlags(fs)
	if err := fs.Parse(args); err != nil {
		if *fault != "" {
			return usageErrorf("%s: %s", c.name, *fault)
		}
		return usageErrorf("%s: %s (see `ti4sim help %s`)", c.name, shortenArgs(err.Error(), args), c.name)
	}
	if *help {
		if err := c.writeHelp(e.stdout); err != nil {
			return err
		}
		return errHelpShown
	}
	return nil
}

// onceFlag is a flag's value that may be set once on a command line (a
// second value would silently replace the first) and whose parse errors
// are worded for the user, not by strconv.
type onceFlag struct {
	pflag.Value
	name  string
	set   bool
	fault *string // the first mistake, for parseOperands
}

// Set sets the value, refusing a second one.
func (o *onceFlag) Set(s string) error {
	if o.set {
		*o.fault = fmt.Sprintf("--%s given twice; give it once", o.name)
		return errors.New(*o.fault)
	}
	o.set = true
	if err := o.Value.Set(s); err != nil {
		*o.fault = fmt.Sprintf("--%s %s: %s", o.name, echo.Quote(s), flagValueError(o.Value.Type(), err))
		return errors.New(*o.fault)
	}
	return nil
}

// wordedFlag is a repeatable flag's value (a list: each value adds to
// it) whose parse errors are worded like onceFlag's.
type wordedFlag struct {
	pflag.Value
	name  string
	fault *string
}

// Set adds a value.
func (w *wordedFlag) Set(s string) error {
	if err := w.Value.Set(s); err != nil {
		*w.fault = fmt.Sprintf("--%s %s: %s", w.name, echo.Quote(s), flagValueError(w.Value.Type(), err))
		return errors.New(*w.fault)
	}
	return nil
}

// strictFlags makes every flag of fs refuse a second value, except the
// lists (--voter, --planet, --vary, --attacker-card, ...: a pflag slice
// or array, whose values add up and lose nothing), and words the flags'
// parse errors. It returns where the first such mistake is written.
func strictFlags(fs *pflag.FlagSet) *string {
	fault := new(string)
	fs.VisitAll(func(f *pflag.Flag) {
		if f.Name == "help" {
			return
		}
		switch f.Value.(type) {
		case *onceFlag, *wordedFlag:
			return // wrapped by an earlier parse of the same set
		case pflag.SliceValue:
			f.Value = &wordedFlag{Value: f.Value, name: f.Name, fault: fault}
		default:
			f.Value = &onceFlag{Value: f.Value, name: f.Name, fault: fault}
		}
	})
	return fault
}

// flagValueError words a flag value's parse error by the value's type:
// pflag's numbers fail with strconv's messages.
func flagValueError(typ string, err error) string {
	msg := err.Error()
	if !strings.Contains(msg, "strconv") && !strings.Contains(msg, "parsing") && !strings.Contains(msg, "time:") {
		return msg
	}
	switch typ {
	case "int", "int64":
		return "want a whole number -9223372036854775808..9223372036854775807"
	case "uint64":
		return "want a whole number 0..18446744073709551615"
	case "float64":
		return "want a number, e.g. 0.01"
	case "bool":
		return "want true or false"
	case "duration":
		return "want a duration, e.g. 30s, 2m or 1h"
	}
	return "not a value this flag takes"
}
