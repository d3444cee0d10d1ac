package web_test

import (
	"testing"
	"time"
)

// The static build (`ti4sim site DIR`, served by a plain file server)
// computes in the browser with WebAssembly, and a share link opened there
// shows the digits the command line prints for the same document:
// a seeded Monte Carlo run and an exact one.

func TestBrowserWasmShareLink(t *testing.T) {
	c := requireStatic(t)
	for _, run := range []struct {
		name string
		args []string
	}{
		{"montecarlo", []string{"-n", "20000", "--seed", "7"}},
		{"exact", []string{"--exact"}},
	} {
		t.Run(run.name, func(t *testing.T) {
			doc := scenarioDoc(t, c, append(shareArgs, run.args...)...)
			want := wantFigures(t, cliAnswer(t, c, "space", doc))

			tb := newTab(t)
			tb.open(shareLink(c.static, "combat", doc))
			if engine := eval[string](tb, `fetch("engine.json").then(r => r.json()).then(j => j.engine)`); engine != "wasm" {
				t.Fatalf("the static build's engine.json says %q, want wasm", engine)
			}
			tb.waitAnswer(0, 90*time.Second)
			checkFigures(t, "share link on the static WebAssembly build, "+run.name, pageFigures(tb), want)
		})
	}
}
