package main

import (
	"encoding/json"
	"testing"
)

// The built-in examples (space, ground, invade with no -a/-d) are legal
// positions: the engine has nothing to warn about, in particular no fighters
// or ground forces beyond capacity.
func TestBuiltInExamplesHaveNoWarnings(t *testing.T) {
	for _, cmd := range []string{"space", "ground", "invade"} {
		for _, mode := range [][]string{{"-n", "2000"}, {"--exact"}} {
			args := append([]string{cmd, "-o", "json"}, mode...)
			out, errOut, code := runCLI(t, args...)
			if code != exitOK {
				t.Errorf("%q: exit %d: %s", args, code, errOut)
				continue
			}
			var j struct {
				Warnings *[]string `json:"warnings"`
			}
			if err := json.Unmarshal([]byte(out), &j); err != nil {
				t.Errorf("%q: not JSON: %v", args, err)
				continue
			}
			if j.Warnings == nil {
				t.Errorf("%q: JSON has no warnings field", args)
			} else if len(*j.Warnings) != 0 {
				t.Errorf("%q: the built-in example warns: %q", args, *j.Warnings)
			}
		}
	}
}
