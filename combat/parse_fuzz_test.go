package combat

import (
	"reflect"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/units"
)

// Fuzz tests of the command-line grammars of this package: hit orders
// (ParseOrder), retreat policies (ParseRetreat) and card printings
// (ParseRules), commit policies (ParseCommit). Each checks that the parser never panics, that its errors
// are one non-empty line (the CLI prints them after "ti4sim: "), that what
// it accepts passes the validation Run applies, and that the value's String
// parses back to the same value.

// oneLine fails the test unless err's message is one non-empty line.
func oneLine(t *testing.T, in string, err error) {
	t.Helper()
	if msg := err.Error(); msg == "" || strings.ContainsAny(msg, "\n\r") {
		t.Fatalf("error for %q is not one non-empty line: %q", in, msg)
	}
}

func FuzzParseOrder(f *testing.F) {
	for _, s := range []string{
		"fighter, dread, sustain=last",
		"destroyer, fighter, carrier, sustain=last",
		"carrier, fighter, sustain=last",
		" Destroyer, FF ,sustain = last",
		"mech, infantry",
		"sustain=first",
		"sustain=last",
		"fighter, fighter",
		"space dock",
		"dreadnought ii",
		"fighter,,",
		"",
		"sustainfirst",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		o, err := ParseOrder(s)
		if err != nil {
			oneLine(t, s, err)
			return
		}
		if err := o.Validate(); err != nil {
			t.Fatalf("ParseOrder(%q) = %+v, which Run rejects: %v", s, o, err)
		}
		back := o.String()
		if back == "" {
			// String gives "" for the default order only.
			if len(o.Kinds) != 0 || o.SustainLast {
				t.Fatalf("ParseOrder(%q) = %+v, whose String is empty", s, o)
			}
			return
		}
		again, err := ParseOrder(back)
		if err != nil {
			t.Fatalf("ParseOrder(%q) = %+v, written %q, which does not parse: %v", s, o, back, err)
		}
		if !reflect.DeepEqual(again, o) {
			t.Fatalf("%q -> %+v -> %q -> %+v", s, o, back, again)
		}
	})
}

func FuzzParseRetreat(f *testing.F) {
	for _, s := range []string{
		"never", "", "after=1", "after=2", "after=1000", "after=1001", "after=0", "after=+3",
		"when=losing", "when=losing:0.5", "when=losing:1", "when=losing:100", "when=losing:1e-300",
		"when=losing:NaN", "when=losing:inf", "WHEN=LOSING:2", " after = 3", "when=losing:",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRetreat(s)
		if err != nil {
			oneLine(t, s, err)
			return
		}
		if err := r.Validate(); err != nil {
			t.Fatalf("ParseRetreat(%q) = %+v, which Run rejects: %v", s, r, err)
		}
		back := r.String()
		again, err := ParseRetreat(back)
		if err != nil {
			t.Fatalf("ParseRetreat(%q) = %+v, written %q, which does not parse: %v", s, r, back, err)
		}
		// A threshold of 1 is the default and is written without it.
		want := r
		if want.Threshold == 1 {
			want.Threshold = 0
		}
		if again != want {
			t.Fatalf("%q -> %+v -> %q -> %+v", s, r, back, again)
		}
	})
}

func FuzzParseRules(f *testing.F) {
	for _, s := range []string{
		"magen=omega,x89=original",
		"magen=omega2",
		"x89=companion,direct-hit=original",
		"harrow=original,matriarch=current,iconoclast=omega",
		"mdg=ω,x-89=ΩΩ",
		"magen=base",
		"magen=omega,magen=original",
		"magen",
		"=omega",
		"iconoclast=codex1",
		" , ,",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		// --rules is a comma-separated list on the command line.
		r, err := ParseRules(strings.Split(s, ","))
		if err != nil {
			oneLine(t, s, err)
			return
		}
		if err := r.Validate(); err != nil {
			t.Fatalf("ParseRules(%q) = %+v, which Run rejects: %v", s, r, err)
		}
		back := r.String()
		again, err := ParseRules(strings.Split(back, ","))
		if err != nil {
			t.Fatalf("ParseRules(%q) = %+v, written %q, which does not parse: %v", s, r, back, err)
		}
		if again != r {
			t.Fatalf("%q -> %+v -> %q -> %+v", s, r, back, again)
		}
	})
}

// FuzzParseCommit checks the --commit grammar: no panic, one-line errors,
// a target in (0, 1], a split only of the planets named, and what is
// accepted written back (Commit.Text) and read again the same.
func FuzzParseCommit(f *testing.F) {
	for _, s := range []string{
		"", "secure", "secure:0.8", "secure:80%", "secure:1", "secure:0", "secure:1.5", "secure:NaN", "secure:-1",
		"best", "best:all", "best:count", "best:most", "BEST:COUNT",
		"Mecatol: 3 infantry, 1 mech; Lodor: 2 infantry", "mecatol: none", "Lodor: 1 mech; lodor: 1 mech",
		"Mars: 1 infantry", "Mecatol 3 infantry", "Mecatol: 3 dreadnot", ";;", "Mecatol:", ": 3 infantry",
	} {
		f.Add(s)
	}
	names := []string{"Mecatol", "Lodor", "Abyz"}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCommit(s, names, units.ParseFleet)
		if err != nil {
			oneLine(t, s, err)
			return
		}
		switch c.Kind {
		case CommitSecure:
			if c.Target != 0 && !(c.Target > 0 && c.Target <= 1) {
				t.Fatalf("ParseCommit(%q): target %v", s, c.Target)
			}
		case CommitFixed:
			if len(c.Split) != len(names) {
				t.Fatalf("ParseCommit(%q): %d planets in the split", s, len(c.Split))
			}
		}
		back := c.Text(names, units.Fleet.String)
		again, err := ParseCommit(back, names, units.ParseFleet)
		if err != nil {
			t.Fatalf("ParseCommit(%q) written %q, which does not parse: %v", s, back, err)
		}
		if again.Text(names, units.Fleet.String) != back || again.Kind != c.Kind {
			t.Fatalf("%q -> %q -> %q", s, back, again.Text(names, units.Fleet.String))
		}
	})
}
