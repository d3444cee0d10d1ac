package web_test

import (
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/web"
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

// The form is complete before the engine answers: with the engine held
// back — the static site's ti4sim.wasm, the served page's run endpoint —
// the page has built its form from the catalogue (fetched apart from the
// engine), the rules list filled, both fleets' unit rows built and the
// TI3-only switches hidden, shows no answer, and on the static site says
// the engine is loading; the wasm download has begun. Let go, the engine
// answers the page's first battle.
func TestBrowserFormBeforeEngine(t *testing.T) {
	c := requireStatic(t)
	cfg := service.DefaultConfig()
	cfg.Page = web.Files()
	srv, err := service.New(cfg, answer.NewBackend(), slog.New(slog.DiscardHandler))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []struct {
		name, held string
		h          http.Handler
	}{
		{"static", "/ti4sim.wasm", http.FileServer(http.Dir(c.siteDir))},
		{"served", "/v1/combat", srv},
	} {
		t.Run(e.name, func(t *testing.T) {
			base, asked, release := heldServer(t, e.h, e.held)
			tb := newTab(t, chromedp.WithNewBrowserContext())
			tb.open(base + "/")
			select {
			case <-asked:
			case <-time.After(10 * time.Second):
				t.Fatalf("the page built its form without asking for %s", e.held)
			}
			if problems := eval[[]string](tb, formCompleteJS); len(problems) > 0 {
				t.Errorf("with %s held back: %s", e.held, strings.Join(problems, "; "))
			}
			loading := eval[string](tb, `(() => { const l = document.getElementById("loading"); return l.checkVisibility() ? l.textContent : ""; })()`)
			if e.name == "static" && !strings.Contains(loading, "Loading the engine") {
				t.Errorf("while ti4sim.wasm loads the status line says %q, want it to say the engine is loading", loading)
			}
			release()
			tb.waitAnswer(0, 90*time.Second)
			if l := eval[bool](tb, `document.getElementById("loading").checkVisibility()`); l {
				t.Error("the engine answered and the status line still shows")
			}
		})
	}
}

// formCompleteJS lists what is missing from the battle form, or shown too
// early.
const formCompleteJS = `(() => {
  const problems = [];
  const r = document.getElementById("ruleset");
  if (!r || r.options.length < 2) problems.push("the rules list has " + (r ? r.options.length : "no") + " options");
  for (const id of ["a-inc-fighter", "d-inc-fighter", "a-faction", "d-faction"]) {
    if (!document.getElementById(id)) problems.push("no #" + id);
  }
  const f = document.getElementById("a-faction");
  if (f && f.options.length < 20) problems.push("the attacker's faction list has " + f.options.length + " options");
  for (const el of document.querySelectorAll('[data-only="ti3-sa"], [data-only="ti3-invade"]')) {
    if (el.checkVisibility()) problems.push("a TI3 switch is shown under TI4: " + el.textContent.trim());
  }
  if (document.getElementById("result")?.dataset.state === "done") problems.push("an answer is shown before the engine answered");
  return problems;
})()`

// heldServer serves h on a free loopback port, holding every request for
// the path held until release is called (at the latest when t ends);
// asked is closed at the first such request.
func heldServer(t *testing.T, h http.Handler, held string) (base string, asked <-chan struct{}, release func()) {
	t.Helper()
	gate, first := make(chan struct{}), make(chan struct{})
	var once, askedOnce sync.Once
	release = func() { once.Do(func() { close(gate) }) }
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{ReadHeaderTimeout: 10 * time.Second, Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == held {
			askedOnce.Do(func() { close(first) })
			select {
			case <-gate:
			case <-r.Context().Done():
				return
			}
		}
		h.ServeHTTP(w, r)
	})}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() {
		release()
		_ = srv.Close()
	})
	return "http://" + ln.Addr().String(), first, release
}

// TestBrowserWasmCatalogFile: the static site's catalog.json, from which
// the page builds its form while the engine loads, is byte for byte the
// catalogue its engine answers (ti4sim.wasm's "catalog" in a worker).
func TestBrowserWasmCatalogFile(t *testing.T) {
	c := requireStatic(t)
	tb := newTab(t)
	tb.open(c.static + "/")
	got := eval[[]string](tb, `(async () => {
  const file = await (await fetch("catalog.json")).text();
  const w = new Worker("worker.js");
  const answer = await new Promise((resolve) => {
    w.onmessage = (e) => { if (e.data.id === 1) resolve(e.data); };
    w.postMessage({id: 1, kind: "catalog", body: ""});
  });
  w.terminate();
  return [String(answer.status), answer.body, file];
})()`)
	if got[0] != "200" || got[1] == "" || got[1] != got[2] {
		t.Errorf("the engine's catalogue (status %s, %d bytes) is not catalog.json (%d bytes)", got[0], len(got[1]), len(got[2]))
	}
}
