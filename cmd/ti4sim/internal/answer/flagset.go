//go:build !(js && wasm)

package answer

import (
	"reflect"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/listflag"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
)

// The combat document's flags on a pflag.FlagSet, for the command line:
// one flag per input of scenario.Inputs, of the kind its document field
// is, and the document's fields set from the flags given. Kept out of the
// WebAssembly engine (pflag links net), which sets a comparison's varied
// inputs by flagText.

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
		listflag.StringArray(fs, new([]string), name, short, usage) // repeated: a planet's units have commas
	default:
		listflag.StringSlice(fs, new([]string), name, short, usage)
	}
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
