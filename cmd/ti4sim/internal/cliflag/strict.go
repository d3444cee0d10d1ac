package cliflag

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/internal/echo"
)

// onceFlag is a flag's value that may be set once on a command line (a
// second value would silently replace the first) and whose parse errors
// are worded for the user, not by strconv.
type onceFlag struct {
	pflag.Value
	name  string
	set   bool
	fault *string // the first mistake, for Parse
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

// Strict makes every flag of fs refuse a second value, except the
// lists (--voter, --planet, --vary, --attacker-card, ...: a pflag slice
// or array, whose values add up and lose nothing), and words the flags'
// parse errors. It returns where the first such mistake is written.
func Strict(fs *pflag.FlagSet) *string {
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
