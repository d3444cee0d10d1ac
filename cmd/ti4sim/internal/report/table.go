package report

import "io"

// table is a text table: rows appended, then drawn on the writer it was
// made with. The command line's tables are boxTables (boxtable.go); the
// WebAssembly engine, which answers in JSON alone, links no table renderer
// (table_wasm.go).
type table interface {
	// Append adds one row of cells.
	Append(row ...string) error
	// Render draws the table.
	Render() error
}

// align is how a column's cells are aligned.
type align int

const (
	alignDefault align = iota
	alignLeft
	alignRight
	alignCenter // the header's
)

// newTable is a table with the header as given (no auto formatting).
func newTable(w io.Writer, header ...string) table { return makeTable(w, nil, header) }

// luckTable is a table with its first column left-aligned, the rest right.
func luckTable(w io.Writer, cols int, header ...string) table {
	al := make([]align, cols)
	for i := range al {
		al[i] = alignRight
	}
	al[0] = alignLeft
	return makeTable(w, al, header)
}

// newVoteTable is a table with a left-aligned first column and right-aligned
// numbers.
func newVoteTable(w io.Writer, header ...string) table {
	return makeTable(w, []align{alignLeft, alignRight, alignRight, alignRight}, header)
}
