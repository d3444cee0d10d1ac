package main

import (
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/report"
)

// The answers to the documents are package answer's, the code the service
// and the WebAssembly engine run too; these are the command line's names
// for its parts.

// answerEnv is how the command line runs an answer: e's limits and
// workers, and the terminal's progress line (progress).
func (e *env) answerEnv() *answer.Env {
	return &answer.Env{DocumentOnly: e.documentOnly, MaxTrials: e.maxTrials, MaxExactStates: e.maxExactStates, MaxDice: e.maxDice, Workers: e.workers,
		Render: report.Formatted{}, Progress: func(trials int64) func(done, total int64) { return progress(e, trials) }}
}

// The catalogue (GET /v1/catalog), from which the factions page is
// written.
type (
	catalogJSON    = answer.CatalogJSON
	catalogFaction = answer.CatalogFaction
)

// catalog builds the catalogue.
func catalog() catalogJSON { return answer.Catalog() }
