package answer

import (
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
)

// The command line's flags of a combat document, one per input of
// scenario.Inputs, as far as an answer needs them: a comparison's --vary
// sets a varied input as its flag would (setVaried), and an error at an
// input names its flag.

// addFlag registers one input's flag, of the kind its document field is.
func addFlag(fs *pflag.FlagSet, in *scenario.Input, name, short, usage string) {
	t := in.Type()
	switch {
	case t.Kind() == reflect.Bool:
		fs.BoolP(name, short, false, usage)
	case t.Kind() == reflect.Int:
		fs.IntP(name, short, 0, usage)
	case t.Kind() == reflect.Float64:
		fs.Float64P(name, short, 0, usage)
	case t.Kind() == reflect.String:
		def := ""
		if in.Path == "ruleset" {
			def = "ti4"
		}
		fs.StringP(name, short, def, usage)
	case t == reflect.TypeFor[[]scenario.Units]():
		fs.StringP(name, short, "", usage) // the fleet grammar
	case t == reflect.TypeFor[[]scenario.Planet]():
		fs.StringArrayP(name, short, nil, usage) // repeated: a planet's units have commas
	default:
		fs.StringSliceP(name, short, nil, usage)
	}
}

// sidesOf are the sides an input is given for, "" for a scenario's.
func sidesOf(in *scenario.Input) []string {
	if len(in.Sides) == 0 {
		return []string{""}
	}
	return in.Sides
}

// flagValue is a flag's parsed value.
func flagValue(fs *pflag.FlagSet, fl *pflag.Flag) any {
	var v any
	switch fl.Value.Type() {
	case "bool":
		v, _ = fs.GetBool(fl.Name)
	case "int":
		v, _ = fs.GetInt(fl.Name)
	case "float64":
		v, _ = fs.GetFloat64(fl.Name)
	case "stringSlice":
		v, _ = fs.GetStringSlice(fl.Name)
	case "stringArray":
		v, _ = fs.GetStringArray(fl.Name)
	default:
		v, _ = fs.GetString(fl.Name)
	}
	return v
}

// FlagOf names the flag of a document's JSON path ("attacker.cards[2]" →
// "--attacker-card"; a planet's → "--planet N"), or "" when it has none.
func FlagOf(path string) string {
	in, side := scenario.InputAt(path)
	if in == nil || in.Flag == "" {
		return ""
	}
	name := "--" + in.FlagName(side)
	if in.Path == "high_alert" {
		name = "--" + in.Flag
	}
	if in.Path == "system.planets" {
		var i int
		if _, err := fmt.Sscanf(strings.TrimPrefix(path, "system.planets"), "[%d]", &i); err == nil {
			name += fmt.Sprintf(" %d", i+1)
		}
	}
	return name
}

// AddDocFlags registers on fs one flag per input of scenario.Inputs but
// the run's (and the invasion's unless invade), each with its usage
// (usage(in, j): the help of the input's j-th side).
func AddDocFlags(fs *pflag.FlagSet, invade bool, usage func(in *scenario.Input, j int) string) {
	for i := range scenario.Inputs {
		in := &scenario.Inputs[i]
		if in.Run || in.Invade && !invade {
			continue
		}
		if in.Path == "high_alert" {
			fs.String(in.Flag, "", usage(in, 0)) // one flag naming the side
			continue
		}
		for j, side := range sidesOf(in) {
			short := ""
			if in.Path == "fleet" {
				short = side[:1]
			}
			addFlag(fs, in, in.FlagName(side), short, usage(in, j))
		}
	}
}

// ApplyFlags sets the document's fields of the flags of fs given, the
// ruleset first (it chooses the fleets' grammar), the others in the order
// of scenario.Inputs; a flag given replaces the document's value. A
// document's error is returned as fault words it.
func ApplyFlags(fs *pflag.FlagSet, d *scenario.Combat, fault func(error) error) error {
	for _, first := range []bool{true, false} {
		for i := range scenario.Inputs {
			in := &scenario.Inputs[i]
			if (in.Path == "ruleset") != first || in.Run {
				continue
			}
			for _, side := range sidesOf(in) {
				name := in.FlagName(side)
				if in.Path == "high_alert" {
					name, side = in.Flag, ""
				}
				fl := fs.Lookup(name)
				if fl == nil || !fl.Changed {
					continue
				}
				if err := d.Set(in, side, flagValue(fs, fl)); err != nil {
					return fault(err)
				}
			}
		}
	}
	return nil
}

// addDocFlags registers on fs the flags of a combat document that a
// combat command has (--scenario, and those of AddDocFlags but the
// invasion's), with no help: a varied input is set as its flag would
// be.
func addDocFlags(fs *pflag.FlagSet) {
	fs.String("scenario", "", "")
	AddDocFlags(fs, false, func(*scenario.Input, int) string { return "" })
}

// applyFlags sets the document's fields of the flags of fs given
// (ApplyFlags), an error at an input naming its flag as the command line
// does (flagError).
func applyFlags(fs *pflag.FlagSet, d *scenario.Combat) error {
	return ApplyFlags(fs, d, func(err error) error { return flagError(fs, err) })
}

// flagError is a document's error at the flag of its input when fs has
// that flag, else at its JSON path.
func flagError(fs *pflag.FlagSet, err error) error {
	var e *scenario.Error
	if !errors.As(err, &e) {
		return err
	}
	if e.Path == "vary" || strings.HasPrefix(e.Path, "vary[") {
		return fmt.Errorf("--vary %s", e.Msg)
	}
	flag := FlagOf(strings.TrimPrefix(e.Path, "scenario."))
	name, _, _ := strings.Cut(strings.TrimPrefix(flag, "--"), " ") // "--planet 2"
	switch {
	case flag != "" && fs.Lookup(name) != nil:
		return fmt.Errorf("%s: %s", flag, e.Msg)
	case e.Path != "":
		return fmt.Errorf("%s: %s", e.Path, e.Msg)
	}
	return errors.New(e.Msg)
}
