package report

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/pkg/twwidth"
	"github.com/olekukonko/tablewriter/tw"
)

// tablewriterTable draws header and rows as the command line drew them
// before boxTable: tablewriter v1.1.5, header not auto-formatted, each
// column aligned as aligns says (nil: tablewriter's defaults).
func tablewriterTable(t *testing.T, aligns []align, header []string, rows [][]string) string {
	t.Helper()
	var b bytes.Buffer
	opts := []tablewriter.Option{tablewriter.WithHeaderAutoFormat(tw.Off)}
	if aligns != nil {
		per := make([]tw.Align, len(aligns))
		for i, a := range aligns {
			per[i] = map[align]tw.Align{alignDefault: tw.AlignDefault, alignLeft: tw.AlignLeft, alignRight: tw.AlignRight}[a]
		}
		opts = append(opts, tablewriter.WithRowAlignmentConfig(tw.CellAlignment{PerColumn: per}))
	}
	tb := tablewriter.NewTable(&b, opts...)
	tb.Header(header)
	for _, r := range rows {
		if err := tb.Append(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := tb.Render(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// boxTableText draws header and rows with boxTable.
func boxTableText(t *testing.T, aligns []align, header []string, rows [][]string) string {
	t.Helper()
	var b bytes.Buffer
	tb := makeTable(&b, aligns, header)
	for _, r := range rows {
		if err := tb.Append(r...); err != nil {
			t.Fatal(err)
		}
	}
	if err := tb.Render(); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// boxTableCells are the kinds of text the reports put in cells: numbers,
// percentages, intervals, unit and faction names, the signs they print (±,
// ≤, ≥, ½, −), and what a user's names may hold (a homebrew unit's or a
// vote outcome's): accents, combining marks, CJK, emoji, surrounding
// spaces, several lines, an ANSI colour.
var boxTableCells = []string{
	"", "1", "0.372", "37.20%", "[34.26%, 40.24%]", "attacker wins (only attacker has ships)",
	"Cruiser I", "resources lost", "± SE", "P(hits ≤ 1)", "P(hits ≥ 1)", "percentile: P(<) + ½P(=)",
	"−0.5 pt", "naaz-rokha", "Ω", "é", "e\u0301", "日本語", "ｗｉｄｅ", "🚀 rocket", "  padded  ", " x",
	"two\nlines", "three\nlines\nhere", "a\n\nb", "a\n  b  ", "\n", "\x1b[31mred\x1b[0m", "(12 other states)",
}

// TestBoxTableAsTablewriter: boxTable draws, byte for byte, what
// tablewriter drew with the options the reports gave it — for every
// alignment the reports use and tables of random cells of every kind
// above, with rows shorter or longer than the header. (The outputs'
// goldens check the tables the commands print; this checks the cells no
// golden holds.)
func TestBoxTableAsTablewriter(t *testing.T) {
	// tablewriter as it drew outside an East Asian locale (it read LANG at
	// its package initialisation; boxTable never does).
	twwidth.SetEastAsian(false)
	rng := rand.New(rand.NewPCG(31, 1))
	alignSets := [][]align{nil, {alignLeft, alignRight, alignRight, alignRight}, {alignLeft, alignRight, alignRight}, {alignDefault, alignRight}}
	pick := func() string { return boxTableCells[rng.IntN(len(boxTableCells))] }
	for i := range 400 {
		cols := 1 + rng.IntN(5)
		header := make([]string, cols)
		for c := range header {
			header[c] = pick()
		}
		rows := make([][]string, rng.IntN(5))
		for r := range rows {
			n := cols
			if i%7 == 0 {
				n = 1 + rng.IntN(cols+1) // shorter or longer than the header
			}
			rows[r] = make([]string, n)
			for c := range rows[r] {
				rows[r][c] = pick()
			}
		}
		aligns := alignSets[i%len(alignSets)]
		want := tablewriterTable(t, aligns, header, rows)
		got := boxTableText(t, aligns, header, rows)
		if got != want {
			t.Fatalf("table %d, header %q, rows %q, aligns %v:\nboxTable:\n%s\ntablewriter:\n%s", i, header, rows, aligns, got, want)
		}
	}
}

// TestBoxTableTabs: a tab inside a cell is eight spaces, whatever the
// environment or working directory (tablewriter read them).
func TestBoxTableTabs(t *testing.T) {
	got := boxTableText(t, nil, []string{"A"}, [][]string{{"x\ty"}})
	if !strings.Contains(got, "│ x        y │") {
		t.Errorf("tab not drawn as eight spaces:\n%s", got)
	}
}
