package web_test

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// Time to the first answer on the page, and the bytes it fetched for it,
// measured in headless Chromium: the standard battle (`ti4sim space` with
// no -a/-d), exact and 100,000 trials, on the served page and on the
// static WebAssembly build, the latter served twice: by a plain file
// server (http.FileServer, as python3 -m http.server: the files as they
// are, no compression) and by one that serves a file's precompressed
// copy FILE.gz when the browser accepts gzip (as nginx's gzip_static or
// Netlify do). It runs only with TI4SIM_BROWSER_TIMING=1 (runs:
// TI4SIM_BROWSER_TIMING_RUNS, default 5), logs tables and asserts no time
// (speed is never asserted by a test).
//
// "First answer" is from the navigation's start (performance.timeOrigin)
// to #result[data-state=done], opening a share link in a new browser
// context (empty cache: the page, the catalogue, the engine and, for
// WebAssembly, ti4sim.wasm are fetched and compiled). "After an edit" is
// from a click on the attacker's fighter + to the next answer; it
// includes the page's debounce of edits. The times are taken in the page
// with performance.now(), by a MutationObserver installed before the
// page's own scripts. The bytes, each response's body on the wire and
// decoded, per resource, until the first answer (headers not counted),
// are the page's Performance API's on the served page, and counted by
// the test's file servers for the static site (its Web Worker's fetches
// are not in the page's Performance API).

// answerClockJS records, in window.__answers, the time of each new answer
// shown and, in window.__clickAt, the time of the last click.
const answerClockJS = `(() => {
  window.__answers = [];
  window.__clickAt = 0;
  document.addEventListener("click", () => { window.__clickAt = performance.now(); }, true);
  new MutationObserver((ms) => {
    for (const m of ms) {
      const r = m.target;
      if (r.id !== "result" || r.dataset.state !== "done") continue;
      const seq = Number(r.dataset.seq);
      if (!window.__answers.some((a) => a.seq === seq)) {
        window.__answers.push({seq, at: performance.now(), kind: document.getElementById("result-kind")?.textContent || ""});
      }
    }
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-state", "data-seq"]});
})()`

type answerTime struct {
	Seq  int     `json:"seq"`
	At   float64 `json:"at"`
	Kind string  `json:"kind"`
}

func TestBrowserTiming(t *testing.T) {
	if os.Getenv("TI4SIM_BROWSER_TIMING") != "1" {
		t.Skip("set TI4SIM_BROWSER_TIMING=1 to measure the time to the first answer")
	}
	c := requireStatic(t)
	runs := 5
	if n, err := fmt.Sscan(os.Getenv("TI4SIM_BROWSER_TIMING_RUNS"), &runs); n != 1 || err != nil || runs < 1 {
		runs = 5
	}
	engines := timedEngines(t, c)
	modes := []struct {
		name string
		doc  []byte
	}{
		{"exact", scenarioDoc(t, c, "space", "--exact")},
		{"100,000 trials", scenarioDoc(t, c, "space", "-n", "100000", "--seed", "1")},
	}
	type cell struct {
		first, edit []float64
		kind        string
		fetched     []resourceSize
	}
	cells := make([][]cell, len(engines))
	for i := range cells {
		cells[i] = make([]cell, len(modes))
	}
	// Round by round, every engine and run in each: the machine's load
	// weighs on all of them alike.
	for range runs {
		for i, e := range engines {
			for j, m := range modes {
				f, d, k, res := timeAnswers(t, e.sizes, shareLink(e.base, "combat", m.doc))
				cl := &cells[i][j]
				cl.first, cl.edit, cl.kind, cl.fetched = append(cl.first, f), append(cl.edit, d), k, res
			}
		}
	}
	var table, sizes strings.Builder
	fmt.Fprintf(&table, "standard battle, headless Chromium %s, median (min–max) of %d runs, ms\n", chromiumVersion(t), runs)
	fmt.Fprintf(&table, "%-18s %-15s %-24s %-24s %-14s %s\n", "engine", "run", "first answer", "after an edit", "fetched", "shown as")
	for i, e := range engines {
		for j, m := range modes {
			cl := cells[i][j]
			wire, _ := totalSize(cl.fetched)
			fmt.Fprintf(&table, "%-18s %-15s %-24s %-24s %-14s %s\n", e.name, m.name, spread(cl.first), spread(cl.edit), kB(wire), cl.kind)
		}
		writeSizes(&sizes, e.name, cells[i][0].fetched)
	}
	t.Log("\n" + table.String() + "\n" + sizes.String())
}

// timedEngine is a page to time: its base URL and, for the static site,
// the count of what its file server sends (nil: the page's Performance
// API counts).
type timedEngine struct {
	name, base string
	sizes      *sizeLog
}

// timedEngines are the served page, the static site served plain and with
// its .gz copies, and, when TI4SIM_BROWSER_TIMING_BASE is
// "SERVED_URL,SITE_DIR" (another build's `ti4sim serve` and `ti4sim site`
// folder, e.g. the commit before a change), that build's served page and
// site (with its .gz copies, if it has any): timed in the same rounds,
// under the same load.
func timedEngines(t *testing.T, c *components) []timedEngine {
	plainSizes, gzSizes := &sizeLog{}, &sizeLog{}
	engines := []timedEngine{
		{"served", c.served, nil},
		{"static", serveCounted(t, plainSizes.counting(http.FileServer(http.Dir(c.siteDir)))), plainSizes},
		{"static .gz", serveCounted(t, gzSizes.counting(staticGzip(c.siteDir))), gzSizes},
	}
	if other := os.Getenv("TI4SIM_BROWSER_TIMING_BASE"); other != "" {
		served, dir, ok := strings.Cut(other, ",")
		if !ok {
			t.Fatalf("TI4SIM_BROWSER_TIMING_BASE=%q: want SERVED_URL,SITE_DIR", other)
		}
		baseSizes := &sizeLog{}
		engines = append(engines,
			timedEngine{"served (base)", served, nil},
			timedEngine{"static (base)", serveCounted(t, baseSizes.counting(staticGzip(dir))), baseSizes})
	}
	return engines
}

// resourceSize is what a resource cost: its URL's path, its
// Content-Encoding, its body's bytes on the wire and decoded.
type resourceSize struct {
	path, encoding string
	wire, body     int64
}

// totalSize sums the bytes on the wire and decoded of fetched.
func totalSize(fetched []resourceSize) (wire, body int64) {
	for _, r := range fetched {
		wire += r.wire
		body += r.body
	}
	return wire, body
}

// writeSizes writes the table of the resources fetched to the first answer.
func writeSizes(b *strings.Builder, engine string, fetched []resourceSize) {
	fmt.Fprintf(b, "%s: fetched to the first answer (empty cache)\n", engine)
	fmt.Fprintf(b, "  %-28s %-9s %12s %12s\n", "resource", "encoding", "on the wire", "decoded")
	for _, r := range fetched {
		enc := r.encoding
		if enc == "" {
			enc = "-"
		}
		fmt.Fprintf(b, "  %-28s %-9s %12s %12s\n", r.path, enc, kB(r.wire), kB(r.body))
	}
	wire, body := totalSize(fetched)
	fmt.Fprintf(b, "  %-28s %-9s %12s %12s\n", "total", "", kB(wire), kB(body))
}

// kB formats a byte count in kilobytes (1000 bytes).
func kB(n int64) string { return fmt.Sprintf("%.1f kB", float64(n)/1000) }

// sizeLog counts what a file server of the test sends per resource: the
// body on the wire and decoded. It sees what the page's Performance API
// does not: the Web Worker's fetches (worker.js, wasm_exec.js,
// ti4sim.wasm).
type sizeLog struct {
	mu    sync.Mutex
	order []string
	res   map[string]*resourceSize
}

// counting wraps h so that what it sends is counted in l.
func (l *sizeLog) counting(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		cw := &countingWriter{ResponseWriter: w}
		h.ServeHTTP(cw, r)
		decoded := int64(cw.body.Len())
		enc := w.Header().Get("Content-Encoding")
		if enc == "gzip" {
			if zr, err := gzip.NewReader(bytes.NewReader(cw.body.Bytes())); err == nil {
				decoded, _ = io.Copy(io.Discard, zr)
			}
		}
		l.add(r.URL.Path, enc, int64(cw.body.Len()), decoded)
	})
}

// countingWriter keeps the body a handler writes.
type countingWriter struct {
	http.ResponseWriter
	body bytes.Buffer
}

func (w *countingWriter) Write(b []byte) (int, error) {
	w.body.Write(b)
	return w.ResponseWriter.Write(b)
}

// reset forgets what was counted.
func (l *sizeLog) reset() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.order, l.res = nil, map[string]*resourceSize{}
}

// sizes are the resources sent since the last reset, in the order they
// were asked.
func (l *sizeLog) sizes() []resourceSize {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []resourceSize
	for _, k := range l.order {
		out = append(out, *l.res[k])
	}
	return out
}

// add counts wire bytes on the wire and decoded bytes of path's body.
func (l *sizeLog) add(path, encoding string, wire, decoded int64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.res == nil {
		l.res = map[string]*resourceSize{}
	}
	r, ok := l.res[path]
	if !ok {
		r = &resourceSize{path: path, encoding: encoding}
		l.res[path] = r
		l.order = append(l.order, path)
	}
	r.wire += wire
	r.body += decoded
}

// performanceSizesJS lists, from the page's Performance API, the
// navigation and every resource fetched: its path, its body's bytes on
// the wire (encodedBodySize) and decoded (decodedBodySize).
const performanceSizesJS = `performance.getEntriesByType("navigation").concat(performance.getEntriesByType("resource")).map((e) => {
  const u = new URL(e.name);
  return {path: u.pathname + u.search, wire: e.encodedBodySize, body: e.decodedBodySize};
})`

// pageSizes are the resources the page itself fetched (Performance API):
// all of the served page's, which runs no Web Worker.
func pageSizes(tb *tab) []resourceSize {
	var out []resourceSize
	for _, e := range eval[[]struct {
		Path       string `json:"path"`
		Wire, Body int64
	}](tb, performanceSizesJS) {
		enc := ""
		if e.Wire < e.Body {
			enc = "compressed"
		}
		out = append(out, resourceSize{path: e.Path, encoding: enc, wire: e.Wire, body: e.Body})
	}
	return out
}

// timeAnswers opens link in a new browser context and returns the time
// from navigation to the first answer, from a click on the attacker's
// fighter + to the next answer, how the first answer was computed, and
// what was fetched until the first answer: counted by sizes, or, when
// nil, by the page's Performance API.
func timeAnswers(t *testing.T, sizes *sizeLog, link string) (first, afterEdit float64, kind string, fetched []resourceSize) {
	t.Helper()
	tb := newTab(t, chromedp.WithNewBrowserContext())
	if _, err := chromedp.Call(tb.ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: answerClockJS}); err != nil {
		t.Fatal(err)
	}
	if sizes != nil {
		sizes.reset()
	}
	tb.open(link)
	tb.waitAnswer(0, 120*time.Second)
	if sizes != nil {
		fetched = sizes.sizes()
	} else {
		fetched = pageSizes(tb)
	}
	answers := eval[[]answerTime](tb, `window.__answers`)
	if len(answers) == 0 {
		t.Fatal("no answer recorded")
	}
	seq := tb.resultSeq()
	tb.click("#a-inc-fighter", 1)
	tb.waitAnswer(seq, 120*time.Second)
	after := eval[[]answerTime](tb, `window.__answers`)
	clickAt := eval[float64](tb, `window.__clickAt`)
	last := after[len(after)-1]
	return answers[0].At, last.At - clickAt, answers[0].Kind, fetched
}

// staticGzip serves the site folder dir as a host with precompressed
// files does (nginx's gzip_static): a request for FILE from a browser that
// accepts gzip gets FILE.gz when there is one, with Content-Encoding: gzip
// and FILE's type; everything else as http.FileServer serves it.
func staticGzip(dir string) http.Handler {
	files := http.FileServer(http.Dir(dir))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		name := r.URL.Path
		if strings.HasSuffix(name, "/") {
			name += "index.html"
		}
		gz := filepath.Join(dir, filepath.FromSlash(path.Clean("/"+name))) + ".gz"
		if _, err := os.Stat(gz); err != nil || !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			files.ServeHTTP(w, r)
			return
		}
		w.Header().Set("Content-Encoding", "gzip")
		w.Header().Set("Vary", "Accept-Encoding")
		w.Header().Set("Content-Type", staticTypes[path.Ext(name)])
		http.ServeFile(w, r, gz)
	})
}

// serveCounted serves h on a free loopback port until t ends.
func serveCounted(t *testing.T, h http.Handler) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { _ = srv.Close() })
	return "http://" + ln.Addr().String()
}

// staticTypes are the Content-Types of the site's precompressed files.
var staticTypes = map[string]string{
	".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8", ".js": "text/javascript; charset=utf-8",
	".json": "application/json", ".wasm": "application/wasm",
}

// spread formats the median and the range of times in milliseconds.
func spread(ms []float64) string {
	s := append([]float64(nil), ms...)
	sort.Float64s(s)
	return fmt.Sprintf("%.0f (%.0f–%.0f)", s[len(s)/2], s[0], s[len(s)-1])
}

// chromiumVersion is the browser's product, e.g. HeadlessChrome/148.0.7778.167.
func chromiumVersion(t *testing.T) string {
	v, err := chromedp.CallBrowser(browser(t), cdpbrowser.GetVersion, cdp.Empty{})
	if err != nil {
		return "?"
	}
	return v.Product
}
