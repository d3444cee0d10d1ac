//go:build js && wasm

package report

import (
	"errors"
	"io"
)

// errNoTables is a text table's answer in the WebAssembly engine, which
// answers in JSON alone (JSONOnly) and links no table renderer.
var errNoTables = errors.New("report: the WebAssembly engine draws no text tables; ask for JSON")

// makeTable is a table that draws nothing: Render fails with errNoTables.
func makeTable(io.Writer, []align, []string) table { return noTable{} }

type noTable struct{}

func (noTable) Append(...string) error { return nil }
func (noTable) Render() error          { return errNoTables }
