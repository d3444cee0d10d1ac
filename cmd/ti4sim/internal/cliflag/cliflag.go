// Package cliflag is what the two programs of the command line, ti4sim and
// ti4sim-net, share about their flags and their errors: a usage error
// (exit status 2), a failure printed as one bounded line with the ti4sim:
// prefix, flags that refuse a second value and word their parse errors,
// and the count a flag may write in e-notation. Both programs answer as
// one command line does: `ti4sim serve` runs `ti4sim-net serve`.
package cliflag

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/internal/echo"
)

// The exit statuses of both programs: 0 success, 1 a runtime failure (a
// failed write included), 2 a usage error; 3 ti4sim-net fetch's HTTP
// answer other than 200, whose line names the status ("... the server
// answered 404 Not Found"), so that ti4sim can word a missing game.
const (
	ExitOK      = 0
	ExitRuntime = 1
	ExitUsage   = 2
	ExitAnswer  = 3
)

// Answered is the words before the status in the line of an ExitAnswer
// failure ("fetching ...: the server answered 404 Not Found"): ti4sim-net
// writes them, ti4sim reads the status code after them.
const Answered = "the server answered "

// UsageError is a mistake in the command line: exit status 2.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// Errorf returns a *UsageError of the formatted message.
func Errorf(format string, a ...any) error {
	return &UsageError{Msg: fmt.Sprintf(format, a...)}
}

// MaxMessage is the longest error message Fail prints: the places that
// quote input back cut it short (echo.Quote); this is the net for any that
// do not.
const MaxMessage = 1000

// Fail prints err (if any) on w as one line with the ti4sim: prefix and
// returns the exit status: ExitOK for nil, ExitUsage for a *UsageError,
// else ExitRuntime.
func Fail(w io.Writer, err error) int {
	if err == nil {
		return ExitOK
	}
	msg := strings.ReplaceAll(err.Error(), "\n", " ")
	if n := utf8.RuneCountInString(msg); n > MaxMessage {
		msg = string([]rune(msg)[:MaxMessage]) + fmt.Sprintf("… (message of %d characters cut)", n)
	}
	fmt.Fprintf(w, "ti4sim: %s\n", msg)
	var ue *UsageError
	if errors.As(err, &ue) {
		return ExitUsage
	}
	return ExitRuntime
}

// ShortenArgs replaces, in a message of the flag parser (which quotes the
// argument at fault whole), every long argument by its short form.
func ShortenArgs(msg string, args []string) string {
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

// Parse parses args into fs for the command name (the name usage errors
// start with): pflag's errors become usage errors, a flag's mistake
// worded by Strict's flags; it reports whether -h or --help was given.
// Operands are left in fs.Args.
func Parse(name string, fs *pflag.FlagSet, args []string) (help bool, err error) {
	fs.SetOutput(io.Discard)
	h := fs.BoolP("help", "h", false, "show this help")
	fault := Strict(fs)
	if err := fs.Parse(args); err != nil {
		if *fault != "" {
			return false, Errorf("%s: %s", name, *fault)
		}
		return false, Errorf("%s: %s (see `ti4sim help %s`)", name, ShortenArgs(err.Error(), args), name)
	}
	return *h, nil
}

// WriteHelp writes a command's help: its usage line, its text and, when fs
// is not nil, its flags.
func WriteHelp(w io.Writer, usage, text string, fs *pflag.FlagSet) {
	fmt.Fprintf(w, "Usage: %s\n\n%s\n", usage, strings.TrimSpace(text))
	if fs != nil {
		fmt.Fprintf(w, "\nFlags:\n%s", fs.FlagUsages())
	}
}

// Count is a flag value holding a whole number that may be written in
// e-notation, as the help writes its ranges: 1000000, 1e6 and 2.5e5 are
// accepted, 1.5 and 1e-3 are not.
type Count int64

func (c *Count) String() string { return strconv.FormatInt(int64(*c), 10) }

// Type is the value's name in the flag list: a whole number.
func (c *Count) Type() string { return "int" }

// Set reads a whole number, within ±1e18 when written in e-notation.
func (c *Count) Set(s string) error {
	if n, err := strconv.ParseInt(s, 10, 64); err == nil {
		*c = Count(n)
		return nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1e18 {
		return fmt.Errorf("want a whole number such as 100000 or 1e6")
	}
	*c = Count(f)
	return nil
}
