// Package listflag registers the command line's list flags, pflag's
// StringSlice (each value split at commas, as one CSV record) and
// StringArray (each value whole), without their cost at registration.
//
// pflag writes a flag's default as text when the flag is registered, and a
// list's text is written by an encoding/csv writer with a 4 KiB buffer of
// its own: the dozen list flags of a combat command made 42 KB of the 55
// KB its flag registration allocated, fresh memory whose page faults every
// process paid, though a call rarely gives a list at all. A flag of this
// package holds pflag's own value, made at the flag's first use (a value
// given, its text read), so what a list accepts, its errors, its text and
// its help line are pflag's.
package listflag

import "github.com/spf13/pflag"

// StringSlice registers a list flag on fs as
// fs.StringSliceVarP(p, name, short, nil, usage) does: each value given
// is a comma-separated CSV record added to *p (the first replaces the
// default, nil).
func StringSlice(fs *pflag.FlagSet, p *[]string, name, short, usage string) {
	add(fs, &list{p: p, kind: "stringSlice"}, name, short, usage)
}

// StringArray registers a list flag on fs as
// fs.StringArrayVarP(p, name, short, nil, usage) does: each value given is
// one element added to *p, commas and all (the first replaces the
// default, nil).
func StringArray(fs *pflag.FlagSet, p *[]string, name, short, usage string) {
	add(fs, &list{p: p, kind: "stringArray"}, name, short, usage)
}

// add registers l. Its DefValue is "" where pflag's own would be "[]":
// both read as no default in the help (pflag's FlagUsages shows neither),
// and "" needs no text written.
func add(fs *pflag.FlagSet, l *list, name, short, usage string) {
	*l.p = nil
	fs.AddFlag(&pflag.Flag{Name: name, Shorthand: short, Usage: usage, Value: l})
}

// list is a list flag's value: pflag's own (v), made at its first use.
type list struct {
	p    *[]string
	kind string // the pflag type: "stringSlice" or "stringArray"
	v    pflag.Value
}

// value is pflag's value of the flag, made at the first call on the
// slice *l.p holds.
func (l *list) value() pflag.Value {
	if l.v == nil {
		fs := pflag.NewFlagSet("", pflag.ContinueOnError)
		if l.kind == "stringArray" {
			fs.StringArrayVar(l.p, "list", *l.p, "")
		} else {
			fs.StringSliceVar(l.p, "list", *l.p, "")
		}
		l.v = fs.Lookup("list").Value
	}
	return l.v
}

// Set adds a value given on the command line, as pflag's list does.
func (l *list) Set(s string) error { return l.value().Set(s) }

// String is the list as pflag writes it: "[a,b]", CSV within brackets.
func (l *list) String() string { return l.value().String() }

// Type is pflag's name of the list's type ("stringSlice", "stringArray"):
// FlagSet.GetStringSlice and GetStringArray read the flag by it, and the
// help names the value after it.
func (l *list) Type() string { return l.kind }

// Append adds one element (pflag.SliceValue).
func (l *list) Append(s string) error { return l.value().(pflag.SliceValue).Append(s) }

// Replace sets the elements (pflag.SliceValue).
func (l *list) Replace(s []string) error { return l.value().(pflag.SliceValue).Replace(s) }

// GetSlice returns the elements (pflag.SliceValue).
func (l *list) GetSlice() []string { return l.value().(pflag.SliceValue).GetSlice() }
