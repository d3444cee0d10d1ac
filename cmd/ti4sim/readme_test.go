package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/spf13/pflag"
)

// repoRoot is the repository's root, relative to this package.
var repoRoot = filepath.Join("..", "..")

// docFile is one Markdown file of the documentation: README.md,
// CONTRIBUTING.md or a page of docs/.
type docFile struct {
	name  string   // the path from the repository's root, slash-separated, for messages: "docs/cli.md"
	lines []string // the file split at newlines
}

// docFiles reads README.md, CONTRIBUTING.md and every docs/*.md, in that
// order. Every check of the README's text applies to all of them: a section
// moved from README to docs/ stays tested.
func docFiles(t *testing.T) []docFile {
	t.Helper()
	pages, err := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) < 10 {
		t.Fatalf("found %d docs/*.md pages, want at least 10", len(pages))
	}
	names := []string{"README.md", "CONTRIBUTING.md"}
	for _, p := range pages {
		names = append(names, "docs/"+filepath.Base(p))
	}
	var files []docFile
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join(repoRoot, filepath.FromSlash(n)))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, docFile{name: n, lines: strings.Split(string(data), "\n")})
	}
	return files
}

// readmeCommand is one `$ ti4sim ...` command of a fenced block in README.md
// and the output written after it.
type readmeCommand struct {
	line     int      // 1-based line of the "$ " line, for messages
	args     []string // the command line split shell-style, "ti4sim" (or "go run ./cmd/ti4sim") removed
	outStart int      // 0-based index of the first output line
	outEnd   int      // 0-based index one past the last output line
}

// readmeCommands finds every line starting with "$ " inside a fenced block of
// the lines of the Markdown file name. A command continues on the next line while it ends with
// a backslash; its output is the lines after it up to the next "$ " line or the
// end of the block. Only ti4sim commands are allowed: a block showing any other
// command would be one that no test runs.
func readmeCommands(name string, lines []string) ([]readmeCommand, error) {
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
			return nil, fmt.Errorf("%s:%d: %v", name, c.line, err)
		}
		switch {
		case len(words) >= 1 && words[0] == "ti4sim":
			c.args = words[1:]
		case len(words) >= 3 && words[0] == "go" && words[1] == "run" && words[2] == "./cmd/ti4sim":
			c.args = words[3:]
		default:
			return nil, fmt.Errorf("%s:%d: %q is not a ti4sim command; only ti4sim commands may follow a \"$ \" prompt (their output is tested)", name, c.line, text)
		}
		c.outStart = i + 1
		j := c.outStart
		for j < len(lines) && !strings.HasPrefix(lines[j], "$ ") && !strings.HasPrefix(lines[j], "```") {
			j++
		}
		if j == len(lines) {
			return nil, fmt.Errorf("%s:%d: block not closed", name, c.line)
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

// TestReadmeExamples runs every `$ ti4sim ...` command shown in README.md,
// CONTRIBUTING.md and docs/*.md and compares its output with the lines that
// follow it in the block, so the documentation cannot drift from the program.
// With -update it rewrites those lines from the real output (review the diff:
// a changed figure should be a sampling-level change or one the code change
// explains).
func TestReadmeExamples(t *testing.T) {
	files := docFiles(t)
	// The commands run from the repository's root, as a reader runs them.
	t.Chdir(repoRoot)
	total := 0
	for _, f := range files {
		n := readmeFileExamples(t, f)
		total += n
		// README's quick start and tour show commands; none means the
		// parser stopped seeing them.
		if f.name == "README.md" && n < 3 {
			t.Errorf("found %d commands in README.md, want at least 3", n)
		}
	}
	// The documentation shows more than ten commands; far fewer means the
	// parser stopped seeing them.
	if total < 10 {
		t.Fatalf("found %d commands in the documentation, want at least 10", total)
	}
}

// readmeFileExamples runs and checks the commands of one file (with -update,
// rewrites their output there) and returns how many it found. The working
// directory is the repository's root.
func readmeFileExamples(t *testing.T, f docFile) int {
	t.Helper()
	lines := append([]string(nil), f.lines...)
	cmds, err := readmeCommands(f.name, lines)
	if err != nil {
		t.Error(err)
		return 0
	}
	failed := false
	outputs := make([]string, len(cmds))
	for k, c := range cmds {
		got := readmeOutput(c.args)
		outputs[k] = got
		if !strings.HasSuffix(got, "\n") && got != "" {
			t.Errorf("%s:%d: output does not end with a newline: %q", f.name, c.line, got)
			failed = true
			continue
		}
		if strings.HasPrefix(got, "$ ") || strings.HasPrefix(got, "```") || strings.Contains(got, "\n$ ") || strings.Contains(got, "\n```") {
			t.Errorf("%s:%d: output has a line starting with \"$ \" or a fence, which the documentation cannot hold", f.name, c.line)
			failed = true
			continue
		}
		want := ""
		if c.outEnd > c.outStart {
			want = strings.Join(lines[c.outStart:c.outEnd], "\n") + "\n"
		}
		// advise says how long its search took, the one figure that
		// varies from run to run.
		if maskElapsed(got) != maskElapsed(want) && !*update {
			t.Errorf("%s:%d: `ti4sim %s` output differs from the documentation (run `go test ./cmd/ti4sim -run TestReadmeExamples -update` if the change is intended)\n%s",
				f.name, c.line, shellQuote(c.args), firstDifference(got, want))
		}
	}
	if !*update || failed {
		return len(cmds)
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
	if updated != strings.Join(f.lines, "\n") {
		if err := os.WriteFile(filepath.FromSlash(f.name), []byte(updated), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return len(cmds)
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
	cmds, err := readmeCommands("x.md", lines)
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
		if _, err := readmeCommands("x.md", strings.Split(bad, "\n")); err == nil {
			t.Errorf("readmeCommands(%q): no error", bad)
		}
	}
}

// TestReadmeLibraryExample checks that every ```go block of README.md,
// CONTRIBUTING.md and docs/*.md is a run of consecutive lines of
// combat/example_test.go (one tab of indentation removed), so the library
// examples the documentation shows are compiled and their output checked by
// go test.
func TestReadmeLibraryExample(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(repoRoot, "combat", "example_test.go"))
	if err != nil {
		t.Fatal(err)
	}
	var body []string
	for _, l := range strings.Split(string(src), "\n") {
		body = append(body, strings.TrimPrefix(l, "\t"))
	}
	blocks := 0
	for _, f := range docFiles(t) {
		lines := f.lines
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
				t.Errorf("%s:%d: the Go block is not a part of combat/example_test.go; copy it from an Example function there", f.name, start)
			}
		}
	}
	if blocks == 0 {
		t.Error("the documentation has no ```go block; this test expects the library example")
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

// readmeSection returns the lines of the documentation (README.md,
// CONTRIBUTING.md or docs/*.md) from the heading line equal to heading up to
// the next heading of the same or a higher level, the file's name and the
// index of the heading line. The heading must be in exactly one file.
func readmeSection(t *testing.T, heading string) ([]string, string, int) {
	t.Helper()
	var section []string
	var name string
	at := -1
	level := strings.Index(heading, " ")
	for _, f := range docFiles(t) {
		lines := f.lines
		for i, l := range lines {
			if l != heading {
				continue
			}
			if at >= 0 {
				t.Fatalf("heading %q is in both %s:%d and %s:%d", heading, name, at+1, f.name, i+1)
			}
			j := i + 1
			for ; j < len(lines); j++ {
				if h := strings.Index(lines[j], " "); h > 0 && h <= level && strings.Trim(lines[j][:h], "#") == "" {
					break
				}
			}
			section, name, at = lines[i:j], f.name, i
			break
		}
	}
	if at < 0 {
		t.Fatalf("the documentation has no heading %q", heading)
	}
	return section, name, at
}

// flagNameRE matches a flag written in a README table cell or text.
var flagNameRE = regexp.MustCompile("`(--?[a-z][a-z0-9-]*)")

// TestReadmeFlagTable checks the "### Flags" table (docs/cli.md) against the flags the
// combat commands really have: every flag of space, ground, invade and
// compare has a row, every row names a real flag, and the table is one
// table (no blank line splitting it, no paragraph run into its last row).
func TestReadmeFlagTable(t *testing.T) {
	section, name, at := readmeSection(t, "### Flags")
	inTable, ended := false, false
	documented := map[string]bool{}
	for k, l := range section {
		isRow := strings.HasPrefix(l, "|")
		switch {
		case isRow && ended:
			t.Errorf("%s:%d: a second flag table after the first one ended (a blank line splits the table?)", name, at+k+1)
		case isRow:
			inTable = true
			if !strings.HasSuffix(strings.TrimSpace(l), "|") {
				t.Errorf("%s:%d: table row does not end with |: text run into the table? %q", name, at+k+1, l)
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
		t.Fatal("no flags found in the flag table (docs/cli.md, ### Flags)")
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
					t.Errorf("%s flag %s is missing from the flag table (docs/cli.md, ### Flags) (### Flags)", name, n)
				}
			}
		})
	}
	for n := range documented {
		if !defined[n] {
			t.Errorf("the flag table (docs/cli.md, ### Flags) lists %s, which no combat command has", n)
		}
	}
}

// TestReadmeAdviseFlags checks that every flag of advise that the combat
// commands do not have is described in the "## Fleet advisor" section
// (docs/advisor.md).
func TestReadmeAdviseFlags(t *testing.T) {
	section, _, _ := readmeSection(t, "## Fleet advisor")
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
			t.Errorf("advise flag --%s is not described in the Fleet advisor section (docs/advisor.md)", f.Name)
		}
	})
	if n < 10 {
		t.Errorf("advise has %d flags of its own; the test no longer sees them", n)
	}
}

// TestReadmeVoteFlags checks that every flag of vote is described in the
// "## Agenda votes" section (docs/agenda.md).
func TestReadmeVoteFlags(t *testing.T) {
	section, _, _ := readmeSection(t, "## Agenda votes")
	text := strings.Join(section, "\n")
	lookupCommand("vote").flagSet().VisitAll(func(f *pflag.Flag) {
		if !strings.Contains(text, "`--"+f.Name) && !strings.Contains(text, "--"+f.Name+" ") {
			t.Errorf("vote flag --%s is not described in the Agenda votes section (docs/agenda.md)", f.Name)
		}
		if f.Shorthand != "" && !strings.Contains(text, "`-"+f.Shorthand+"`") {
			t.Errorf("vote flag -%s is not described in the Agenda votes section (docs/agenda.md)", f.Shorthand)
		}
	})
}

// githubAnchor is the anchor GitHub gives a Markdown heading's text: lower
// case, spaces to '-', every character but letters, digits, '-' and '_'
// dropped.
func githubAnchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// docAnchors returns the anchors of a Markdown file's headings (outside
// fenced blocks), a repeated one numbered "-1", "-2", ... as GitHub does.
func docAnchors(lines []string) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	inBlock := false
	for _, l := range lines {
		if strings.HasPrefix(l, "```") {
			inBlock = !inBlock
			continue
		}
		h := strings.Index(l, " ")
		if inBlock || h <= 0 || h > 6 || strings.Trim(l[:h], "#") != "" {
			continue
		}
		a := githubAnchor(l[h+1:])
		if n := seen[a]; n > 0 {
			anchors[fmt.Sprintf("%s-%d", a, n)] = true
		} else {
			anchors[a] = true
		}
		seen[a]++
	}
	return anchors
}

// docLinkRE matches a Markdown link's target: [text](target).
var docLinkRE = regexp.MustCompile(`\]\(([^)\s]+)\)`)

func TestGithubAnchor(t *testing.T) {
	cases := map[string]string{
		"Service (`ti4sim serve`)":                               "service-ti4sim-serve",
		"A whole system: several planets":                        "a-whole-system-several-planets",
		"Rulesets: Twilight Imperium 3 with Shattered Ascension": "rulesets-twilight-imperium-3-with-shattered-ascension",
		"Leaders, High Alert and Ion Storms":                     "leaders-high-alert-and-ion-storms",
		"The page on any static host (`ti4sim site`)":            "the-page-on-any-static-host-ti4sim-site",
	}
	for in, want := range cases {
		if got := githubAnchor(in); got != want {
			t.Errorf("githubAnchor(%q) = %q, want %q", in, got, want)
		}
	}
	got := docAnchors([]string{"## Performance", "```", "# not a heading", "```", "### Performance", "#nospace"})
	if fmt.Sprint(got) != "map[performance:true performance-1:true]" {
		t.Errorf("docAnchors = %v", got)
	}
}

// TestDocLinks checks that every relative link of README.md, CONTRIBUTING.md
// and docs/*.md resolves: the file it names exists, and its #anchor, if any,
// is a heading of that file (as GitHub makes anchors). A section moved from
// one file to another cannot leave a link behind pointing at nothing.
func TestDocLinks(t *testing.T) {
	files := docFiles(t)
	anchors := map[string]map[string]bool{}
	for _, f := range files {
		anchors[f.name] = docAnchors(f.lines)
	}
	links := 0
	for _, f := range files {
		inBlock := false
		for i, l := range f.lines {
			if strings.HasPrefix(l, "```") {
				inBlock = !inBlock
				continue
			}
			if inBlock {
				continue
			}
			for _, m := range docLinkRE.FindAllStringSubmatch(l, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				links++
				file, anchor, _ := strings.Cut(target, "#")
				name := f.name
				if file != "" {
					name = path.Clean(path.Join(path.Dir(f.name), file))
					if strings.HasPrefix(name, "../") {
						t.Errorf("%s:%d: link %q leaves the repository", f.name, i+1, target)
						continue
					}
					if _, err := os.Stat(filepath.Join(repoRoot, filepath.FromSlash(name))); err != nil {
						t.Errorf("%s:%d: link %q: %s does not exist", f.name, i+1, target, name)
						continue
					}
				}
				if anchor == "" {
					continue
				}
				a, ok := anchors[name]
				if !ok {
					t.Errorf("%s:%d: link %q has an anchor into %s, which is not a Markdown page of the documentation", f.name, i+1, target, name)
					continue
				}
				if !a[anchor] {
					t.Errorf("%s:%d: link %q: %s has no heading with anchor #%s", f.name, i+1, target, name, anchor)
				}
			}
		}
	}
	if links < 20 {
		t.Errorf("found %d relative links in the documentation, want at least 20 (the parser stopped seeing them?)", links)
	}
}

// TestReadmeShape checks what README.md promises a newcomer: at most 300
// lines; a quick start of exactly two commands, the built-in invasion and
// the test command CI runs (.ci/run runs `go test ./...` as the README's
// test command); and a link to every docs/ page and to CONTRIBUTING.md.
func TestReadmeShape(t *testing.T) {
	files := docFiles(t)
	readme := files[0]
	if readme.name != "README.md" {
		t.Fatalf("docFiles()[0] = %s, want README.md", readme.name)
	}
	if n := len(readme.lines) - 1; n > 300 {
		t.Errorf("README.md has %d lines, want at most 300: move the detail to docs/", n)
	}
	section, _, at := readmeSection(t, "## Quick start")
	if at > 30 {
		t.Errorf("README.md: the quick start starts at line %d, want it near the top", at+1)
	}
	var commands []string
	inBlock := false
	for _, l := range section {
		if strings.HasPrefix(l, "```") {
			inBlock = !inBlock
			if inBlock {
				commands = append(commands, "")
			}
			continue
		}
		if inBlock && commands[len(commands)-1] == "" {
			commands[len(commands)-1] = strings.TrimPrefix(l, "$ ")
		}
	}
	if want := []string{"go run ./cmd/ti4sim invade", "go test ./..."}; fmt.Sprintf("%q", commands) != fmt.Sprintf("%q", want) {
		t.Errorf("README.md quick start commands = %q, want %q", commands, want)
	}
	text := strings.Join(readme.lines, "\n")
	for _, f := range files[1:] {
		if !strings.Contains(text, "]("+f.name+")") {
			t.Errorf("README.md does not link to %s", f.name)
		}
	}
}
