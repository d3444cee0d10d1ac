package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFactionsPage checks that the part of docs/factions.md below the
// marker line is exactly what writeFactionsPage writes from the catalogue
// now, so the faction reference cannot go stale. With -update it rewrites
// that part, keeping everything above the marker (review the diff).
func TestFactionsPage(t *testing.T) {
	name := filepath.Join(repoRoot, "docs", "factions.md")
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	head, tail, ok := strings.Cut(string(data), "\n"+factionsPageMarker+"\n")
	if !ok {
		t.Fatalf("docs/factions.md has no line %q", factionsPageMarker)
	}
	var b bytes.Buffer
	if err := writeFactionsPage(&b); err != nil {
		t.Fatal(err)
	}
	want := b.String()
	if tail == want {
		return
	}
	if *update {
		page := head + "\n" + factionsPageMarker + "\n" + want
		if err := os.WriteFile(name, []byte(page), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	gl, wl := strings.Split(tail, "\n"), strings.Split(want, "\n")
	line := strings.Count(head, "\n") + 3 // 1-based line of the first generated line
	for i := 0; i < len(gl) && i < len(wl); i++ {
		if gl[i] != wl[i] {
			t.Fatalf("docs/factions.md:%d differs from the catalogue (run `go test ./cmd/ti4sim -run TestFactionsPage -update`):\n got %q\nwant %q", line+i, gl[i], wl[i])
		}
	}
	t.Fatalf("docs/factions.md below the marker has %d lines, the catalogue gives %d (run `go test ./cmd/ti4sim -run TestFactionsPage -update`)", len(gl), len(wl))
}

// TestFactionsPageWriteError checks that writeFactionsPage returns the
// writer's error.
func TestFactionsPageWriteError(t *testing.T) {
	want := errors.New("disk full")
	if err := writeFactionsPage(failingWriter{want}); !errors.Is(err, want) {
		t.Fatalf("writeFactionsPage on a failing writer = %v, want %v", err, want)
	}
}

type failingWriter struct{ err error }

func (f failingWriter) Write([]byte) (int, error) { return 0, f.err }
