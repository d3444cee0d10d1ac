package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/pflag"
)

// readmePath is the repository's README, relative to this package.
var readmePath = filepath.Join("..", "..", "README.md")

// readmeCommand is one `$ ti4sim ...` command of a fenced block in README.md
// and the output written after it.
type readmeCommand struct {
	line     int      // 1-based line of the "$ " line, for messages
	args     []string // the command line split shell-style, "ti4sim" (or "go run ./cmd/ti4sim") removed
	outStart int      // 0-based index of the first output line
	outEnd   int      // 0-based index one past the last output line
}

// readmeCommands finds every line starting with "$ " inside a fenced block of
// the README's lines. A command continues on the next line while it ends with
// a backslash; its output is the lines after it up to the next "$ " line or the
// end of the block. Only ti4sim commands are allowed: a block showing any other
// command would be one that no test runs.
func readmeCommands(lines []string) ([]readmeCommand, error) {
	var cmds []readmeCommand
	inBlock := false
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if strings.HasPrefix(l, "```") {
			inBlock = !inBlock
			continue
		}
		if !inBlock || !strings.HasPrefix(l, "$ ") {
			continue
		}
		c := readmeCommand{line: i + 1}
		text := strings.TrimPrefix(l, "$ ")
		for strings.HasSuffix(text, `\`) && i+1 < len(lines) {
			i++
			text = strings.TrimSuffix(text, `\`) + " " + lines[i]
		}
		words, err := shellWords(text)
		if err != nil {
			return nil, fmt.Errorf("README.md:%d: %v", c.line, err)
		}
		switch {
		case len(words) >= 1 && words[0] == "ti4sim":
			c.args = words[1:]
		case len(words) >= 3 && words[0] == "go" && words[1] == "run" && words[2] == "./cmd/ti4sim":
			c.args = words[3:]
		default:
			return nil, fmt.Errorf("README.md:%d: %q is not a ti4sim command; only ti4sim commands may follow a \"$ \" prompt (their output is tested)", c.line, text)
		}
		c.outStart = i + 1
		j := c.outStart
		for j < len(lines) && !strings.HasPrefix(lines[j], "$ ") && !strings.HasPrefix(lines[j], "```") {
			j++
		}
		if j == len(lines) {
			return nil, fmt.Errorf("README.md:%d: block not closed", c.line)
		}
		c.outEnd = j
		cmds = append(cmds, c)
		i = j - 1
	}
	return cmds, nil
}

// shellWords splits a command line as a POSIX shell would for the forms the
// README uses: blanks separate words; single quotes keep everything; double
// quotes keep everything but backslash escapes of " \ $ `; a backslash outside
// quotes keeps the next character; an unquoted # starting a word starts a
// comment. Pipes, redirections, variables and the like are refused: the test
// runs the command in-process and cannot honour them.
func shellWords(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == ' ' || ch == '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case ch == '#' && !inWord:
			return words, nil
		case ch == '\'':
			end := strings.IndexByte(s[i+1:], '\'')
			if end < 0 {
				return nil, fmt.Errorf("unterminated ' in %q", s)
			}
			w.WriteString(s[i+1 : i+1+end])
			i += end + 1
			inWord = true
		case ch == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
					i++
				} else if s[i] == '$' || s[i] == '`' {
					return nil, fmt.Errorf("shell expansion %q inside double quotes is not supported in %q", s[i], s)
				}
				w.WriteByte(s[i])
			}
			if i == len(s) {
				return nil, fmt.Errorf("unterminated \" in %q", s)
			}
			inWord = true
		case ch == '\\':
			if i+1 == len(s) {
				return nil, fmt.Errorf("trailing backslash in %q", s)
			}
			i++
			w.WriteByte(s[i])
			inWord = true
		case strings.IndexByte("|&;<>()$`*?[", ch) >= 0:
			return nil, fmt.Errorf("shell operator or expansion %q is not supported in %q", ch, s)
		default:
			w.WriteByte(ch)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}

// readmeOutput runs one README command in-process and returns what a terminal
// shows: stdout, then stderr, then "exit status N" when N is not 0 (as `go
// run` reports it).
func readmeOutput(args []string) string {
	var out, errb bytes.Buffer
	code := run(context.Background(), args, strings.NewReader(""), &out, &errb)
	s := out.String() + errb.String()
	if code != exitOK {
		s += fmt.Sprintf("exit status %d\n", code)
	}
	return s
}

// TestReadmeExamples runs every `$ ti4sim ...` command shown in README.md and
// compares its output with the lines that follow it in the block, so the
// README cannot drift from the program. With -update it rewrites those lines
// from the real output (review the diff: a changed figure should be a
// sampling-level change or one the code change explains).
func TestReadmeExamples(t *testing.T) {
	path, err := filepath.Abs(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// The commands run from the repository's root, as a reader runs them.
	t.Chdir(filepath.Join("..", ".."))
	lines := strings.Split(string(data), "\n")
	cmds, err := readmeCommands(lines)
	if err != nil {
		t.Fatal(err)
	}
	// The README shows more than ten commands; far fewer means the parser
	// stopped seeing them.
	if len(cmds) < 10 {
		t.Fatalf("found %d commands in README.md, want at least 10", len(cmds))
	}
	outputs := make([]string, len(cmds))
	for k, c := range cmds {
		got := readmeOutput(c.args)
		outputs[k] = got
		if !strings.HasSuffix(got, "\n") && got != "" {
			t.Errorf("README.md:%d: output does not end with a newline: %q", c.line, got)
			continue
		}
		if strings.HasPrefix(got, "$ ") || strings.HasPrefix(got, "```") || strings.Contains(got, "\n$ ") || strings.Contains(got, "\n```") {
			t.Errorf("README.md:%d: output has a line starting with \"$ \" or a fence, which the README cannot hold", c.line)
			continue
		}
		want := ""
		if c.outEnd > c.outStart {
			want = strings.Join(lines[c.outStart:c.outEnd], "\n") + "\n"
		}
		// advise says how long its search took, the one figure that
		// varies from run to run.
		if maskElapsed(got) != maskElapsed(want) && !*update {
			t.Errorf("README.md:%d: `ti4sim %s` output differs from the README (run `go test ./cmd/ti4sim -run TestReadmeExamples -update` if the change is intended)\n%s",
				c.line, shellQuote(c.args), firstDifference(got, want))
		}
	}
	if !*update || t.Failed() {
		return
	}
	// Replace each command's output, last first so earlier indices stay valid.
	for k := len(cmds) - 1; k >= 0; k-- {
		c := cmds[k]
		var repl []string
		if outputs[k] != "" {
			repl = strings.Split(strings.TrimSuffix(outputs[k], "\n"), "\n")
		}
		rest := append(repl, lines[c.outEnd:]...)
		lines = append(lines[:c.outStart:c.outStart], rest...)
	}
	updated := strings.Join(lines, "\n")
	if updated != string(data) {
		if err := os.WriteFile(path, []byte(updated), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// shellQuote writes args back as a command line, quoting words a shell would split.
func shellQuote(args []string) string {
	var b strings.Builder
	for i, a := range args {
		if i > 0 {
			b.WriteByte(' ')
		}
		if a != "" && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./=,:%+") == "" {
			b.WriteString(a)
			continue
		}
		b.WriteString(`"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, `$`, `\$`, "`", "\\`").Replace(a) + `"`)
	}
	return b.String()
}

// firstDifference describes where got and want first differ, line by line.
func firstDifference(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if i >= len(g) || i >= len(w) || gl != wl {
			// Long lines (JSON) are cut to a window around the first difference.
			at := 0
			for at < len(gl) && at < len(wl) && gl[at] == wl[at] {
				at++
			}
			from := max(0, at-60)
			return fmt.Sprintf("first difference at output line %d, byte %d:\n  got:  %q\n  want: %q",
				i+1, at+1, gl[from:min(len(gl), at+60)], wl[from:min(len(wl), at+60)])
		}
	}
	return "outputs differ"
}

func TestShellWords(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{`ti4sim space -n 10`, []string{"ti4sim", "space", "-n", "10"}},
		{`space -a "2 dread, 1 carrier"  -d '1 cruiser'`, []string{"space", "-a", "2 dread, 1 carrier", "-d", "1 cruiser"}},
		{`vote --voter "a:1:for=1"x --voter=b\ c`, []string{"vote", "--voter", "a:1:for=1x", "--voter=b c"}},
		{`echo "say \"hi\" \n" '\'`, []string{"echo", `say "hi" \n`, `\`}},
		{`space -n 5 # a comment`, []string{"space", "-n", "5"}},
		{`a#b ""`, []string{"a#b", ""}},
	}
	for _, c := range cases {
		got, err := shellWords(c.in)
		if err != nil {
			t.Errorf("shellWords(%q): %v", c.in, err)
			continue
		}
		if fmt.Sprintf("%q", got) != fmt.Sprintf("%q", c.want) {
			t.Errorf("shellWords(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	for _, bad := range []string{`a "b`, `a 'b`, `a b\`, `a | b`, `a > f`, `a $HOME`, `a "$HOME"`, `a; b`} {
		if got, err := shellWords(bad); err == nil {
			t.Errorf("shellWords(%q) = %q, want an error", bad, got)
		}
	}
}

func TestReadmeCommandsParsing(t *testing.T) {
	lines := strings.Split("text\n$ ti4sim not in a block\n```\n$ ti4sim space \\\n    -n 5\nout 1\n\nout 3\n$ go run ./cmd/ti4sim ground\n```\n```\n$ ti4sim units\n```\n", "\n")
	cmds, err := readmeCommands(lines)
	if err != nil {
		t.Fatal(err)
	}
	want := []readmeCommand{
		{line: 4, args: []string{"space", "-n", "5"}, outStart: 5, outEnd: 8},
		{line: 9, args: []string{"ground"}, outStart: 9, outEnd: 9},
		{line: 12, args: []string{"units"}, outStart: 12, outEnd: 12},
	}
	if fmt.Sprintf("%+v", cmds) != fmt.Sprintf("%+v", want) {
		t.Errorf("readmeCommands = %+v, want %+v", cmds, want)
	}
	for _, bad := range []string{"```\n$ time ti4sim space\n```", "```\n$ ti4sim space\nno end", "```\n$ ti4sim space -a \"x\n```"} {
		if _, err := readmeCommands(strings.Split(bad, "\n")); err == nil {
			t.Errorf("readmeCommands(%q): no error", bad)
		}
	}
}

// TestReadmeLibraryExample checks that every ```go block of README.md is a
// run of consecutive lines of combat/example_test.go (one tab of indentation
// removed), so the library examples the README shows are compiled and their
// output checked by go test.
func TestReadmeLibraryExample(t *testing.T) {
	data, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(filepath.Join("..", "..", "combat", "example_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	var body []string
	for _, l := range strings.Split(string(src), "\n") {
		body = append(body, strings.TrimPrefix(l, "\t"))
	}
	blocks := 0
	lines := strings.Split(string(data), "\n")
	for i := 0; i < len(lines); i++ {
		if lines[i] != "```go" {
			continue
		}
		start := i + 1
		for i++; i < len(lines) && lines[i] != "```"; i++ {
		}
		block := lines[start:i]
		blocks++
		if !containsRun(body, block) {
			t.Errorf("README.md:%d: the Go block is not a part of combat/example_test.go; copy it from an Example function there", start)
		}
	}
	if blocks == 0 {
		t.Error("README.md has no ```go block; this test expects the library example")
	}
}

// containsRun reports whether run appears as consecutive elements of lines.
func containsRun(lines, run []string) bool {
	if len(run) == 0 {
		return false
	}
	for i := 0; i+len(run) <= len(lines); i++ {
		match := true
		for j := range run {
			if lines[i+j] != run[j] {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

func TestShellQuote(t *testing.T) {
	args := []string{"space", "-a", "2 dread, 1 carrier", "--x=a\"b$c", "", "-n", "5"}
	got := shellQuote(args)
	if want := `space -a "2 dread, 1 carrier" "--x=a\"b\$c" "" -n 5`; got != want {
		t.Errorf("shellQuote = %s, want %s", got, want)
	}
	back, err := shellWords(got)
	if err != nil || fmt.Sprintf("%q", back) != fmt.Sprintf("%q", args) {
		t.Errorf("shellWords(shellQuote(args)) = %q, %v; want %q", back, err, args)
	}
}

// readmeSection returns the lines of README.md from the heading line equal to
// heading up to the next heading of the same or a higher level, and the index
// of the heading line.
func readmeSection(t *testing.T, heading string) ([]string, int) {
	t.Helper()
	data, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	level := strings.Index(heading, " ")
	for i, l := range lines {
		if l != heading {
			continue
		}
		j := i + 1
		for ; j < len(lines); j++ {
			if h := strings.Index(lines[j], " "); h > 0 && h <= level && strings.Trim(lines[j][:h], "#") == "" {
				break
			}
		}
		return lines[i:j], i
	}
	t.Fatalf("README.md has no heading %q", heading)
	return nil, 0
}

// flagNameRE matches a flag written in a README table cell or text.
var flagNameRE = regexp.MustCompile("`(--?[a-z][a-z0-9-]*)")

// TestReadmeFlagTable checks README's "### Flags" table against the flags the
// combat commands really have: every flag of space, ground, invade and
// compare has a row, every row names a real flag, and the table is one
// table (no blank line splitting it, no paragraph run into its last row).
func TestReadmeFlagTable(t *testing.T) {
	section, at := readmeSection(t, "### Flags")
	inTable, ended := false, false
	documented := map[string]bool{}
	for k, l := range section {
		isRow := strings.HasPrefix(l, "|")
		switch {
		case isRow && ended:
			t.Errorf("README.md:%d: a second flag table after the first one ended (a blank line splits the table?)", at+k+1)
		case isRow:
			inTable = true
			if !strings.HasSuffix(strings.TrimSpace(l), "|") {
				t.Errorf("README.md:%d: table row does not end with |: text run into the table? %q", at+k+1, l)
			}
			cells := strings.Split(l, " | ")
			for _, m := range flagNameRE.FindAllStringSubmatch(cells[0], -1) {
				documented[m[1]] = true
			}
		case inTable:
			ended = true
		}
	}
	if len(documented) == 0 {
		t.Fatal("no flags found in README's flag table")
	}
	defined := map[string]bool{"--help": true, "-h": true} // added by parseFlags
	for _, name := range []string{"space", "ground", "invade", "compare"} {
		lookupCommand(name).flagSet().VisitAll(func(f *pflag.Flag) {
			for _, n := range []string{"--" + f.Name, "-" + f.Shorthand} {
				if n == "-" {
					continue
				}
				defined[n] = true
				if !documented[n] {
					t.Errorf("%s flag %s is missing from README's flag table (### Flags)", name, n)
				}
			}
		})
	}
	for n := range documented {
		if !defined[n] {
			t.Errorf("README's flag table lists %s, which no combat command has", n)
		}
	}
}

// TestReadmeAdviseFlags checks that every flag of advise that the combat
// commands do not have is described in README's "## Fleet advisor"
// section.
func TestReadmeAdviseFlags(t *testing.T) {
	section, _ := readmeSection(t, "## Fleet advisor")
	text := strings.Join(section, "\n")
	combatFlags := map[string]bool{}
	for _, name := range []string{"space", "ground", "invade", "compare"} {
		lookupCommand(name).flagSet().VisitAll(func(f *pflag.Flag) { combatFlags[f.Name] = true })
	}
	n := 0
	lookupCommand("advise").flagSet().VisitAll(func(f *pflag.Flag) {
		if combatFlags[f.Name] {
			return
		}
		n++
		if !strings.Contains(text, "`--"+f.Name) {
			t.Errorf("advise flag --%s is not described in README's Fleet advisor section", f.Name)
		}
	})
	if n < 10 {
		t.Errorf("advise has %d flags of its own; the test no longer sees them", n)
	}
}

// TestReadmeVoteFlags checks that every flag of vote is described in README's
// "## Agenda votes" section.
func TestReadmeVoteFlags(t *testing.T) {
	section, _ := readmeSection(t, "## Agenda votes")
	text := strings.Join(section, "\n")
	lookupCommand("vote").flagSet().VisitAll(func(f *pflag.Flag) {
		if !strings.Contains(text, "`--"+f.Name) && !strings.Contains(text, "--"+f.Name+" ") {
			t.Errorf("vote flag --%s is not described in README's Agenda votes section", f.Name)
		}
		if f.Shorthand != "" && !strings.Contains(text, "`-"+f.Shorthand+"`") {
			t.Errorf("vote flag -%s is not described in README's Agenda votes section", f.Shorthand)
		}
	})
}
