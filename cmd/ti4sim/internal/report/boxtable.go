//go:build !(js && wasm)

package report

import (
	"io"
	"strings"
	"unicode/utf8"

	"github.com/clipperhouse/displaywidth"
)

// boxTable is the command line's text table: a header row and data rows
// between box-drawing rules, one space of padding either side of a cell,
// every column as wide as its widest cell.
//
// It draws what tablewriter v1.1.5 drew with the options this package gave
// it (TestBoxTableAsTablewriter compares the two), without its package
// initialisation, which every process paid whatever it printed (an
// 8,192-entry width cache, an error pool, colour and logging setup: about
// 0.4 ms, against a Go hello world's 1.5 ms whole). The rules it keeps
// from tablewriter's: each cell is trimmed of surrounding white space
// (strings.TrimSpace); a cell of several lines ("\n") makes its row that
// many lines tall, the others' cells padded with blank lines, and a line
// after a data row's first that is blank in every cell is left out; a
// cell's width is the sum of its runes' terminal widths (displaywidth, as
// tablewriter measured them; East Asian ambiguous runes such as ± and ½
// one column), ANSI escape sequences counting none. Header cells are
// centred (the odd space to the right); a data column is aligned as
// aligns says, left by default. Where tablewriter read the environment,
// boxTable draws the same table whatever it is: a tab inside a cell is
// eight spaces (tablewriter took the width from $TABWIDTH, an
// .editorconfig or the kind of project in the working directory, else 8),
// and ambiguous runes stay one column in an East Asian locale
// (LANG=zh_CN.UTF-8 and the like), where tablewriter made them two.
type boxTable struct {
	w      io.Writer
	aligns []align // per column; nil or alignDefault: left
	header []string
	rows   [][]string
}

// makeTable is a boxTable on w with the header as given and, when aligns
// is not nil, each data column aligned as it says.
func makeTable(w io.Writer, aligns []align, header []string) table {
	return &boxTable{w: w, aligns: aligns, header: header}
}

// Append adds one row of cells.
func (t *boxTable) Append(row ...string) error {
	t.rows = append(t.rows, row)
	return nil
}

// Box-drawing pieces: a cell's side and a rule's line.
const (
	boxVertical = "│"
	boxLine     = "─"
)

// The rules' left end, joint between columns and right end: above the
// header, below it, and at the end.
var (
	boxTop    = [3]string{"┌", "┬", "┐"}
	boxMiddle = [3]string{"├", "┼", "┤"}
	boxBottom = [3]string{"└", "┴", "┘"}
)

// Render draws the table on the writer and returns the first write error.
func (t *boxTable) Render() error {
	header := cellLines(t.header)
	rows := make([][][]string, len(t.rows))
	cols := len(header)
	for i, r := range t.rows {
		rows[i] = cellLines(r)
		cols = max(cols, len(rows[i]))
	}
	widths := make([]int, cols)
	for _, r := range append([][][]string{header}, rows...) {
		for c, lines := range r {
			for _, l := range lines {
				widths[c] = max(widths[c], textWidth(l))
			}
		}
	}
	var b strings.Builder
	writeRule(&b, widths, boxTop)
	if len(header) > 0 {
		writeRow(&b, widths, header, func(int) align { return alignCenter }, false)
		if len(rows) > 0 {
			writeRule(&b, widths, boxMiddle)
		}
	}
	for _, r := range rows {
		writeRow(&b, widths, r, t.columnAlign, true)
	}
	writeRule(&b, widths, boxBottom)
	_, err := io.WriteString(t.w, b.String())
	return err
}

// columnAlign is data column c's alignment.
func (t *boxTable) columnAlign(c int) align {
	if c < len(t.aligns) && t.aligns[c] != alignDefault {
		return t.aligns[c]
	}
	return alignLeft
}

// cellLines is each cell of a row, trimmed, its tabs expanded, split into
// its lines.
func cellLines(row []string) [][]string {
	out := make([][]string, len(row))
	for i, c := range row {
		c = strings.ReplaceAll(strings.TrimSpace(c), "\t", "        ")
		out[i] = strings.Split(c, "\n")
	}
	return out
}

// writeRule writes a horizontal rule with the given corner and joint
// pieces (left, between columns, right).
func writeRule(b *strings.Builder, widths []int, piece [3]string) {
	b.WriteString(piece[0])
	for c, w := range widths {
		if c > 0 {
			b.WriteString(piece[1])
		}
		b.WriteString(strings.Repeat(boxLine, w+2))
	}
	b.WriteString(piece[2])
	b.WriteByte('\n')
}

// writeRow writes one row, as many lines tall as its tallest cell; a
// missing cell or line is blank. With skipBlank (data rows), a line after
// the first that is blank in every cell is left out.
func writeRow(b *strings.Builder, widths []int, row [][]string, alignOf func(int) align, skipBlank bool) {
	height := 1
	for _, lines := range row {
		height = max(height, len(lines))
	}
	text := func(c, l int) string {
		if c < len(row) && l < len(row[c]) {
			return row[c][l]
		}
		return ""
	}
	for l := range height {
		if l > 0 && skipBlank && blankLine(len(widths), l, text) {
			continue
		}
		b.WriteString(boxVertical)
		for c, w := range widths {
			b.WriteByte(' ')
			writeAligned(b, text(c, l), w, alignOf(c))
			b.WriteByte(' ')
			b.WriteString(boxVertical)
		}
		b.WriteByte('\n')
	}
}

// blankLine reports whether line l of a row is blank (white space) in
// each of its cols cells.
func blankLine(cols, l int, text func(c, l int) string) bool {
	for c := range cols {
		if strings.TrimSpace(text(c, l)) != "" {
			return false
		}
	}
	return true
}

// writeAligned writes text padded with spaces to width columns.
func writeAligned(b *strings.Builder, text string, width int, a align) {
	gap := max(width-textWidth(text), 0)
	left := 0
	switch a {
	case alignRight:
		left = gap
	case alignCenter:
		left = gap / 2
	}
	b.WriteString(strings.Repeat(" ", left))
	b.WriteString(text)
	b.WriteString(strings.Repeat(" ", gap-left))
}

// textWidth is the columns s takes on a terminal: the sum of its runes'
// widths, ANSI escape sequences (CSI and OSC) counting none.
func textWidth(s string) int {
	n := 0
	for i := 0; i < len(s); {
		if s[i] == 0x1b {
			if end := escapeEnd(s, i); end > i {
				i = end
				continue
			}
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		n += displaywidth.Rune(r)
		i += size
	}
	return n
}

// escapeEnd is the index just past the ANSI escape sequence starting at
// s[i] (an ESC): a CSI, ESC [ then parameter bytes 0x30–0x3F,
// intermediate bytes 0x20–0x2F and a final byte 0x40–0x7E; or an OSC, ESC ]
// then anything up to the first BEL or ESC \. It is i when none starts
// there.
func escapeEnd(s string, i int) int {
	if i+1 >= len(s) {
		return i
	}
	switch s[i+1] {
	case '[':
		j := i + 2
		for j < len(s) && s[j] >= 0x30 && s[j] <= 0x3f {
			j++
		}
		for j < len(s) && s[j] >= 0x20 && s[j] <= 0x2f {
			j++
		}
		if j < len(s) && s[j] >= 0x40 && s[j] <= 0x7e {
			return j + 1
		}
	case ']':
		for j := i + 2; j < len(s); j++ {
			if s[j] == 0x07 {
				return j + 1
			}
			if s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\' {
				return j + 2
			}
		}
	}
	return i
}
