//go:build !(js && wasm)

package report

import (
	"io"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"
)

// makeTable is a tablewriter table on w with the header as given (no auto
// formatting) and, when aligns is not nil, each column aligned as it says.
func makeTable(w io.Writer, aligns []align, header []any) table {
	opts := []tablewriter.Option{tablewriter.WithHeaderAutoFormat(tw.Off)}
	if aligns != nil {
		per := make([]tw.Align, len(aligns))
		for i, a := range aligns {
			per[i] = map[align]tw.Align{alignDefault: tw.AlignDefault, alignLeft: tw.AlignLeft, alignRight: tw.AlignRight}[a]
		}
		opts = append(opts, tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: per}))
	}
	t := tablewriter.NewTable(w, opts...)
	t.Header(header...)
	return t
}
