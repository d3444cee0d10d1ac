package units

import (
	"fmt"
	"strings"
	"testing"
)

func TestParseFleet(t *testing.T) {
	cases := []struct {
		in, want string
	}{
		{"2 dreadnought, 1 carrier II, 4 fighter, 3 infantry", "2 dreadnought, 1 carrier II, 4 fighter, 3 infantry"},
		{"  2   DREAD ,cv,  4ff, 3 GF", "2 dreadnought, 1 carrier, 4 fighter, 3 infantry"},
		{"dn, dd, ca, cv, ff, inf, mf, ws, fs, pds, sd", "1 war sun, 1 flagship, 1 dreadnought, 1 carrier, 1 cruiser, 1 destroyer, 1 fighter, 1 mech, 1 infantry, 1 pds, 1 space dock"},
		{"war sun, warsun, 2 war suns", "4 war sun"},
		{"space dock, dock, spacedock II", ""}, // mixed upgrade: error case below
		{"3 fighters, 2 fighter", "5 fighter"},
		{"2x destroyer ii", "2 destroyer II"},
		{"99 infantry, 99 inf", "99 infantry, 99 infantry"},
		{"+3 cruiser", "3 cruiser"},
		{"2 dreadnought (1 damaged), 1 war sun (damaged), 2 mech ( 2 Damaged )", "1 war sun (1 damaged), 2 dreadnought (1 damaged), 2 mech (2 damaged)"},
		{"1 dread (1 damaged), 1 dread", "2 dreadnought (1 damaged)"},
		{"1 pds II", "1 pds II"},
	}
	for _, c := range cases {
		f, err := ParseFleet(c.in)
		if c.want == "" {
			if err == nil {
				t.Errorf("ParseFleet(%q) = %q, want an error", c.in, f)
			}
			continue
		}
		if err != nil {
			t.Errorf("ParseFleet(%q): %v", c.in, err)
			continue
		}
		if got := f.String(); got != c.want {
			t.Errorf("ParseFleet(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestParseFleetErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"2 dreadnought, 1 dreadnot", `unknown unit "dreadnot" in item 2 ("1 dreadnot"); did you mean dreadnought?`},
		{"3 fightr", "did you mean fighter?"},
		{"1 zeppelin", `unknown unit "zeppelin" in item 1 ("1 zeppelin"); allowed: infantry, mech`},
		{"-1 carrier", "count -1 out of range in item 1"},
		{"0 carrier", "count 0 out of range in item 1"},
		{"100 carrier", "count 100 out of range in item 1 (\"100 carrier\"); allowed 1..99"},
		{"2.5 carrier", `count "2.5" is not a whole number`},
		{"", "empty fleet"},
		{"   ", "empty fleet"},
		{"1 carrier,", "item 2 is empty"},
		{"1 carrier,,2 fighter", "item 2 is empty"},
		{"3", "missing unit name in item 1"},
		{"mech II", "mech has no II upgrade"},
		{"mech II", "mech has no II upgrade"},
		{"1 dread, 1 dread II", "dreadnought given both with and without II"},
		{"99 ff, 99 ff, 99 ff", "297 fighter in all: allowed at most 200"},
		{"2 dread (3 damaged)", "3 damaged but only 2 dreadnought"},
		{"2 dread (1 broken)", "unknown note \"(1 broken)\""},
		{"2 dread (1 damaged", "unbalanced or misplaced parenthesis"},
		{"2 dread (x damaged)", "damaged count \"x\" is not a whole number"},
	}
	for _, c := range cases {
		_, err := ParseFleet(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseFleet(%q) error = %v, want it to contain %q", c.in, err, c.want)
		}
	}
}

// FuzzParseFleet checks that the parser never panics, and that whatever it
// accepts prints back to a fleet string that parses to the same fleet.
func FuzzParseFleet(f *testing.F) {
	for _, s := range []string{
		"2 dreadnought, 1 carrier II, 4 fighter, 3 infantry", "ws", "-1 cv", "99 ff, 99 ff",
		"1 dread,,", "x", "2x destroyer ii", "\x00", "1 space dock II", "3 war suns",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fl, err := ParseFleet(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error message")
			}
			return
		}
		if fl.Empty() || fl.Len() < 1 {
			t.Fatalf("ParseFleet(%q) accepted an empty fleet", s)
		}
		again, err := ParseFleet(fl.String())
		if err != nil {
			t.Fatalf("round trip of %q via %q: %v", s, fl.String(), err)
		}
		if again.String() != fl.String() {
			t.Fatalf("round trip of %q: %q then %q", s, fl.String(), again.String())
		}
		for _, g := range fl.Groups() {
			if g.Count < 1 || g.Count > MaxCount {
				t.Fatalf("ParseFleet(%q): count %d of %s out of range", s, g.Count, g.Kind)
			}
		}
	})
}

// A misspelt unit name glued to "2" (or "ii") is that unit upgraded: the
// suggestion is the upgraded unit, not the name nearest by edit distance.
func TestSuggestUpgraded(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"1 carrier 2", "did you mean carrier II?"},
		{"3 destoyer2", "did you mean destroyer II?"},
		{"2 destroyerii", "did you mean destroyer II?"},
		{"4 infantri2", "did you mean infantry II?"},
		{"1 dd2 ii", "did you mean destroyer II?"},
		{"1 mech2", "did you mean mech?"}, // mechs have no II
		{"2 dreadnot", "did you mean dreadnought?"},
	} {
		_, err := ParseFleet(c.in)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseFleet(%q): %v, want %q", c.in, err, c.want)
		}
	}
}

// Input quoted back in an error is cut short: the message stays readable
// however long the argument.
func TestParseErrorEchoIsShort(t *testing.T) {
	_, err := ParseFleet("1 carrier, " + strings.Repeat("x", 100000))
	if err == nil {
		t.Fatal("no error")
	}
	msg := err.Error()
	if len(msg) > 500 || !strings.Contains(msg, "(100000 characters)") || strings.Contains(msg, "\n") {
		t.Errorf("error of %d bytes: %.300s", len(msg), msg)
	}
}

// The AsyncTI4 bot's unit names parse, and a code or name glued to "2" is
// the upgraded unit.
func TestAsyncTI4UnitCodes(t *testing.T) {
	for _, c := range []struct {
		in   string
		want string
	}{
		{"2 dd2", "2 destroyer II"},
		{"2dd2", "2 destroyer II"},
		{"1 dn2, 3 ff2, 2 inf2", "1 dreadnought II, 3 fighter II, 2 infantry II"},
		{"cruiser2, 2 cr, 1 ca2", "1 cruiser II, 2 cruiser, 1 cruiser II"},
		{"cv, cv2, destroyer2, carrier2", "1 carrier, 1 carrier II, 1 destroyer II, 1 carrier II"},
		{"2 gf, 1 mf, 1 fs, 1 ws, 1 pd, 1 pd2, 1 sd, 1 sd2, 1 csd", "2 infantry, 1 mech, 1 flagship, 1 war sun, 1 pds, 1 pds II, 1 space dock, 1 space dock II, 1 space dock"},
		{"DN2", "1 dreadnought II"},
		// The bot's other names, nicknames and misspellings.
		{"2 strudel, 1 chad, 3 hp, 1 pdf, 1 war_sun, 2 dudes, 1 carol", "2 destroyer, 1 dreadnought, 3 fighter, 1 pds, 1 war sun, 2 infantry, 1 carrier"},
		{"1 dreadnaught2, 2 destoryer2, vuildock", "1 dreadnought II, 2 destroyer II, 1 space dock"},
	} {
		var got []string
		for _, item := range strings.Split(c.in, ",") {
			fl, err := ParseFleet(item)
			if err != nil {
				t.Fatalf("ParseFleet(%q): %v", item, err)
			}
			g := fl.Groups()[0]
			s := fmt.Sprintf("%d %s", g.Count, g.Kind)
			if g.Upgraded {
				s += " II"
			}
			got = append(got, s)
		}
		if strings.Join(got, ", ") != c.want {
			t.Errorf("%q parsed as %q, want %q", c.in, strings.Join(got, ", "), c.want)
		}
	}
	// "groundforce" stays the Twilight Imperium 3 name it is.
	if _, err := ParseFleet("2 groundforce"); err == nil || !strings.Contains(err.Error(), "Twilight Imperium 3 name") {
		t.Errorf("ParseFleet(\"2 groundforce\"): %v", err)
	}
	// Kinds nobody upgrades keep their suggestion; "dd22" is no code.
	for _, in := range []string{"1 mech2", "1 dd22", "1 2"} {
		if _, err := ParseFleet(in); err == nil {
			t.Errorf("ParseFleet(%q) accepted", in)
		}
	}
}

// Every name UnitNames lists parses to the kind it gives, under its
// ruleset's grammar, and the rules names are among them.
func TestUnitNamesParse(t *testing.T) {
	for _, ti3 := range []bool{false, true} {
		names := UnitNames(ti3)
		for _, want := range []string{"dreadnought", "dread", "war sun", "space dock", "infantry"} {
			if _, ok := names[want]; !ok {
				t.Errorf("ti3=%v: %q missing", ti3, want)
			}
		}
		for name, k := range names {
			parse := ParseKind
			if ti3 {
				parse = ParseKindTI3
			}
			got, up, err := parse(name)
			if err != nil || got != k || up {
				t.Errorf("ti3=%v: %q parses to %v (upgraded %v, %v), UnitNames says %v", ti3, name, got, up, err, k)
			}
		}
	}
}

// TestParseFleetDamagedAnyUnit: the grammar takes "(N damaged)" for any unit;
// whether it has Sustain Damage is the library's to say, from the side's
// faction and texts (a Sol carrier sustains: Advanced Carrier II, TI3's
// Mark II Advanced Carriers).
func TestParseFleetDamagedAnyUnit(t *testing.T) {
	for _, parse := range []func(string) (Fleet, error){ParseFleet, ParseFleetTI3} {
		f, err := parse("2 carrier (1 damaged)")
		if err != nil || f.Damaged(Carrier) != 1 {
			t.Errorf("2 carrier (1 damaged): %v, %d damaged", err, f.Damaged(Carrier))
		}
	}
}

// TestOwnAliases: ownAliases names each name once, and ParseKind reads
// each of them as aliases does (ownAlias is ParseKind's first look-up;
// aliases holds them, the AsyncTI4 names added, own names winning).
func TestOwnAliases(t *testing.T) {
	seen := map[string]bool{}
	for _, a := range ownAliases {
		if seen[a.name] {
			t.Errorf("%q twice in ownAliases", a.name)
		}
		seen[a.name] = true
		if got, ok := aliases.Get()[a.name]; !ok || got != a.kind {
			t.Errorf("aliases[%q] = %v, %v; want %v", a.name, got, ok, a.kind)
		}
		if k, up, err := ParseKind(strings.ToUpper(a.name) + " II"); err != nil || k != a.kind || !up {
			t.Errorf("ParseKind(%q II) = %v, %v, %v", a.name, k, up, err)
		}
	}
	if _, ok := ownAlias("dude"); ok {
		t.Error("ownAlias knows an AsyncTI4 name")
	}
	if k, _, err := ParseKind("dude"); err != nil || k != Infantry {
		t.Errorf("ParseKind(dude) = %v, %v; want infantry from the AsyncTI4 names", k, err)
	}
}
