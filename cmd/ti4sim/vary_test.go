package main

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// FuzzParseVary checks that the --vary parser of ti4sim compare never
// panics, that every error is a one-line usage error (exit status 2), and
// that what it accepts is a known key with at least two trimmed values,
// which read back the same when written as KEY=V1;V2;... (';' separates
// values of any key once present).
func FuzzParseVary(f *testing.F) {
	for _, s := range []string{
		"magen=original,omega,omega2",
		"x89=original,omega,companion,omega2",
		"attacker=3 cruiser;2 dreadnought",
		"nebula=false,true",
		"attacker-tech=,x89",
		"ruleset=ti4,ti3-sa",
		"attacker-order=fighter, dread;dread, fighter, sustain=last",
		"X-89=omega,original",
		"defender-adjacent-pds=0,1,2",
		"magen=omega",
		"attacker=2 dread, 1 carrier",
		"colour=red,blue",
		"nokey",
		"=a,b",
		"magen=;",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := parseVary(s)
		if err != nil {
			var ue *usageError
			if !errors.As(err, &ue) {
				t.Fatalf("parseVary(%q): %v is not a usage error", s, err)
			}
			if msg := err.Error(); msg == "" || strings.ContainsAny(msg, "\n\r") {
				t.Fatalf("error for %q is not one non-empty line: %q", s, msg)
			}
			return
		}
		if !slices.Contains(varyKeys, v.key) {
			t.Fatalf("parseVary(%q) accepted key %q", s, v.key)
		}
		if len(v.values) < 2 {
			t.Fatalf("parseVary(%q) accepted %d values", s, len(v.values))
		}
		for _, val := range v.values {
			if val != strings.TrimSpace(val) {
				t.Fatalf("parseVary(%q): value %q not trimmed", s, val)
			}
		}
		back := v.key + "=" + strings.Join(v.values, ";")
		again, err := parseVary(back)
		if err != nil || !reflect.DeepEqual(again, v) {
			t.Fatalf("%q -> %+v -> %q -> %+v, %v", s, v, back, again, err)
		}
	})
}
