package answer

import (
	"io"
	"reflect"
	"testing"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
)

// TestFlagTextAsPflag: flagText, which sets a comparison's varied input
// in the WebAssembly engine without pflag, reads every kind of text as the
// command line's flag set reads it (AddDocFlags, ApplyFlags): the values
// it gives set the same document as the flags do, and the texts a flag
// refuses it refuses.
func TestFlagTextAsPflag(t *testing.T) {
	for _, c := range []struct{ key, val string }{
		{"attacker-tech", "antimass-deflectors,plasma-scoring"},
		{"attacker-tech", `"antimass-deflectors",plasma-scoring`},
		{"defender-adjacent-pds", "2"},
		{"defender-adjacent-pds", "0x2"},
		{"attacker", "2 cruiser, 1 destroyer"},
		{"ruleset", "ti3-sa"},
		{"attacker-faction", "sol"},
		{"attacker-order", "fighter,destroyer"},
		{"attacker-card", "morale-boost:1"},
		{"defender-adjacent-pds", "x"},
		{"attacker-tech", `"a,b`},
	} {
		in, side := scenario.InputOfFlag(c.key)
		if in == nil {
			t.Fatalf("%s: no input", c.key)
		}
		var byFlag, byText scenario.Combat
		fs := newDocFlagSet()
		flagErr := fs.Set(c.key, c.val)
		if flagErr == nil {
			flagErr = ApplyFlags(fs, &byFlag, flagError)
		}
		v, textErr := flagText(in, c.val)
		if textErr == nil {
			textErr = flagError(byText.Set(in, side, v))
		}
		if (flagErr == nil) != (textErr == nil) {
			t.Errorf("%s=%s: by flag %v, by text %v", c.key, c.val, flagErr, textErr)
			continue
		}
		if !reflect.DeepEqual(byFlag, byText) {
			t.Errorf("%s=%s: by flag %+v, by text %+v", c.key, c.val, byFlag, byText)
		}
	}
}

// newDocFlagSet is a combat command's flag set of the document's inputs.
func newDocFlagSet() *pflag.FlagSet {
	fs := pflag.NewFlagSet("test", pflag.ContinueOnError)
	fs.SetOutput(io.Discard)
	AddDocFlags(fs, false, func(*scenario.Input, int) string { return "" })
	return fs
}
