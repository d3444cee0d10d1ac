package main

import (
	"io"
	"os"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/internal/lazy"
)

// The scenario document (cmd/ti4sim/internal/scenario) and the command line: the
// flags fill a document (docFlags), a --scenario file is one, and a run's
// normalised document is what `ti4sim scenario` prints and every -o json
// result echoes.

// actionNames are the documents' names of the actions.
var actionNames = lazy.Value[map[combat.Action]string]{Build: func() map[combat.Action]string {
	return map[combat.Action]string{
		combat.SpaceCombat: scenario.ActionSpace, combat.GroundCombat: scenario.ActionGround, combat.Invasion: scenario.ActionInvade,
	}
}}

// readDocument reads a document from a file, or standard input for "-".
func readDocument[T any](e *env, path string, decode func(io.Reader) (T, error)) (T, error) {
	var r io.Reader = e.stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			var zero T
			return zero, usageErrorf("--scenario: %v", err)
		}
		defer f.Close()
		r = f
	}
	d, err := decode(r)
	if err != nil {
		return d, usageErrorf("--scenario %s: %v", path, err)
	}
	return d, nil
}

// commandOf names the command of each document action.
var commandOf = lazy.Value[map[string]string]{Build: func() map[string]string {
	return map[string]string{scenario.ActionSpace: "space", scenario.ActionGround: "ground", scenario.ActionInvade: "invade"}
}}
