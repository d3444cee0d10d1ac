package main

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

// Every example in a command's help runs (exit 0), with fewer trials:
// a help that shows a command the CLI refuses is a broken promise.
// Examples that redirect to or read a file are left out, and those of
// serve (a server runs until stopped: serve_test.go starts it) and site
// (each builds the WebAssembly engine, a minute of CPU: site_test.go runs
// one).
func TestHelpExamplesRun(t *testing.T) {
	for _, c := range commands() {
		if c.name == "serve" || c.name == "site" {
			continue
		}
		var help bytes.Buffer
		if err := c.writeHelp(&help); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(help.String(), "\n")
		for i := 0; i < len(lines); i++ {
			line := strings.TrimSpace(lines[i])
			if !strings.HasPrefix(line, "ti4sim ") {
				continue
			}
			for strings.HasSuffix(line, `\`) && i+1 < len(lines) {
				i++
				line = strings.TrimSuffix(line, `\`) + " " + strings.TrimSpace(lines[i])
			}
			if strings.ContainsAny(line, "<>|") || strings.Contains(line, ".json") || strings.HasPrefix(line, "ti4sim serve") || strings.HasPrefix(line, "ti4sim site") {
				continue
			}
			args, err := shellWords(strings.TrimPrefix(line, "ti4sim "))
			if err != nil {
				t.Errorf("%s help: %q: %v", c.name, line, err)
				continue
			}
			if i := slices.Index(args, "-n"); i >= 0 && i+1 < len(args) {
				args[i+1] = "2000"
			} else if !slices.Contains(args, "--exact") && slices.Contains([]string{"space", "ground", "invade", "compare", "vote"}, args[0]) {
				args = append(args, "-n", "2000")
			}
			if _, stderr, code := runCLI(t, args...); code != 0 {
				t.Errorf("%s help example %q: exit %d: %s", c.name, line, code, stderr)
			}
		}
	}
}
