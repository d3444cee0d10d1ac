package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestHelpTopicsAreDocs checks that the topics of `ti4sim help TOPIC` are
// exactly the pages of docs/ on disk and that each prints its page byte for
// byte, so the terminal's help and docs/ cannot drift apart.
func TestHelpTopicsAreDocs(t *testing.T) {
	pages, err := filepath.Glob(filepath.Join(repoRoot, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, p := range pages {
		want = append(want, strings.TrimSuffix(filepath.Base(p), ".md"))
	}
	if got := helpTopics(); !slices.Equal(got, want) {
		t.Fatalf("helpTopics() = %q, want the pages of docs/ %q", got, want)
	}
	for i, topic := range want {
		if lookupCommand(topic) != nil {
			t.Errorf("docs/%s.md: topic %q is also a command, so `ti4sim help %s` cannot print it", topic, topic, topic)
		}
		page, err := os.ReadFile(pages[i])
		if err != nil {
			t.Fatal(err)
		}
		stdout, stderr, code := runCLI(t, "help", topic)
		if code != exitOK || stderr != "" {
			t.Errorf("help %s: exit %d, stderr %q", topic, code, stderr)
		}
		if stdout != string(page) {
			t.Errorf("`ti4sim help %s` does not print docs/%s.md as it is (%d bytes, want %d)", topic, topic, len(stdout), len(page))
		}
		if !strings.HasPrefix(stdout, "# ti4sim: ") {
			t.Errorf("docs/%s.md does not start with a \"# ti4sim: \" title, which the overview lists", topic)
		}
	}
}

// TestHelpOverviewListsTopics checks that `ti4sim help` lists every command
// and every docs/ page, each with its title.
func TestHelpOverviewListsTopics(t *testing.T) {
	stdout, _, code := runCLI(t, "help")
	if code != exitOK {
		t.Fatalf("help: exit %d", code)
	}
	for _, c := range commands() {
		if !strings.Contains(stdout, "\n  "+c.name+" ") {
			t.Errorf("help does not list the command %s", c.name)
		}
	}
	topics := helpTopics()
	if len(topics) < 10 {
		t.Fatalf("%d help topics, want the pages of docs/", len(topics))
	}
	for _, topic := range topics {
		title := helpTopicTitle(topic)
		if title == "" || !strings.Contains(stdout, "\n  "+topic+" ") || !strings.Contains(stdout, " "+title+"\n") {
			t.Errorf("help does not list the topic %s (%q)", topic, title)
		}
	}
}

// TestHelpUnknownTopic checks that an unknown command or topic is a usage
// error naming the commands and the topics.
func TestHelpUnknownTopic(t *testing.T) {
	for _, name := range []string{"nope", "../README", "cli.md", ""} {
		stdout, stderr, code := runCLI(t, "help", name)
		if code != exitUsage || stdout != "" {
			t.Errorf("help %q: exit %d, stdout %q; want exit %d and nothing on stdout", name, code, stdout, exitUsage)
		}
		for _, want := range append([]string{"unknown command or topic", "space"}, helpTopics()...) {
			if !strings.Contains(stderr, want) {
				t.Errorf("help %q: stderr %q does not name %q", name, stderr, want)
			}
		}
	}
}
