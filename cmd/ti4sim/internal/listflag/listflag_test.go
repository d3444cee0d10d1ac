package listflag

import (
	"fmt"
	"testing"

	"github.com/spf13/pflag"
)

// register adds the list flags "s" (-s, a slice) and "a" (an array) to a
// new flag set, by pflag itself (own) or by this package, and returns it
// with where the two lists go.
func register(own bool) (*pflag.FlagSet, *[]string, *[]string) {
	fs := pflag.NewFlagSet("t", pflag.ContinueOnError)
	s, a := new([]string), new([]string)
	if own {
		fs.StringSliceVarP(s, "s", "s", nil, "`KINDS`, comma-separated")
		fs.StringArrayVarP(a, "a", "", nil, "a planet, repeatable")
	} else {
		StringSlice(fs, s, "s", "s", "`KINDS`, comma-separated")
		StringArray(fs, a, "a", "", "a planet, repeatable")
	}
	return fs, s, a
}

// TestListsAsPflags: for command lines of each kind (none, one value,
// repeated, CSV quoting, a bad CSV record, an empty value), the lists of
// this package end as pflag's own do: the same help lines, parse error,
// values, text (String), GetStringSlice/GetStringArray and GetSlice.
func TestListsAsPflags(t *testing.T) {
	for _, args := range [][]string{
		nil,
		{"-s", "a,b"},
		{"--s", "a", "--s", "b,c", "--a", "x, y", "--a", "z"},
		{"--s", `"a,b",c`, "--a", `"q"`},
		{"--s", `"a`},
		{"--s", "", "--a", ""},
		{"--s", " a , b"},
	} {
		var got, want string
		for _, own := range []bool{true, false} {
			fs, s, a := register(own)
			usage := fs.FlagUsages()
			err := fs.Parse(args)
			gs, _ := fs.GetStringSlice("s")
			ga, _ := fs.GetStringArray("a")
			sl := fs.Lookup("s").Value.(pflag.SliceValue).GetSlice()
			out := fmt.Sprintf("usage %q\nerr %v\nvalues %q %q\ntext %s %s\nget %q %q\nslice %q changed %v",
				usage, err, *s, *a, fs.Lookup("s").Value, fs.Lookup("a").Value, gs, ga, sl, fs.Changed("s"))
			if own {
				want = out
			} else {
				got = out
			}
		}
		if got != want {
			t.Errorf("%q:\n%s\nwant (pflag's own)\n%s", args, got, want)
		}
	}
}

// TestListReplaceAppend: Append and Replace (pflag.SliceValue) act on the
// list as pflag's do, before and after a value is given.
func TestListReplaceAppend(t *testing.T) {
	for _, own := range []bool{true, false} {
		fs, s, a := register(own)
		sv := fs.Lookup("s").Value.(pflag.SliceValue)
		av := fs.Lookup("a").Value.(pflag.SliceValue)
		if err := sv.Append("x"); err != nil {
			t.Fatal(err)
		}
		if err := av.Replace([]string{"p", "q"}); err != nil {
			t.Fatal(err)
		}
		if err := fs.Parse([]string{"--s", "y", "--a", "r"}); err != nil {
			t.Fatal(err)
		}
		if fmt.Sprint(*s, *a) != "[y] [r]" {
			t.Errorf("own pflag %v: %q %q; want the first value given to replace what was there", own, *s, *a)
		}
	}
}
