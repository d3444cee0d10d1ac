package web_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The browser: one headless Chromium for the package, one fresh tab per
// test. Every tab fails its test on any console error, failed assertion,
// uncaught exception or browser log error, and leaves screenshots when the
// test fails. The errors of the page's Web Worker (the WebAssembly engine)
// count too: Chromium's log reports a worker's console errors and uncaught
// exceptions to its page with the source "worker" (tried with a worker
// that logs an error and throws).

// chromiumPath is the browser the tests drive, "" when none is installed.
// Debian's package is chromium; .ci/run installs it when missing.
var chromiumPath = func() string {
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}()

// browserSkipReason says why the browser tests cannot run here, or "".
func browserSkipReason() string {
	if raceEnabled {
		// The race detector finds nothing in a browser, and building and
		// driving the real binary under it would only slow CI's race run.
		return "browser tests do not run under -race"
	}
	if chromiumPath == "" {
		return "Chromium is not installed (Debian: apt-get install chromium)"
	}
	return ""
}

var (
	browserOnce   sync.Once
	browserCtx    context.Context
	browserErr    error
	browserCancel = func() {}
	profileDir    string
)

// browser starts Chromium once, headless, with a fresh profile. The
// background networking flags keep it from reaching for Google's services,
// which on a closed network only fills its log with failed connections.
func browser(t *testing.T) context.Context {
	t.Helper()
	browserOnce.Do(func() {
		profileDir, browserErr = os.MkdirTemp("", "ti4sim-chromium-")
		if browserErr != nil {
			return
		}
		allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
			chromedp.ExecPath(chromiumPath),
			chromedp.Headless,
			chromedp.NoSandbox,
			chromedp.DisableGPU,
			chromedp.NoFirstRun,
			chromedp.NoDefaultBrowserCheck,
			chromedp.UserDataDir(profileDir),
			chromedp.Flag("disable-quic", true),
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("disable-dev-shm-usage", true),
			chromedp.Flag("disable-extensions", true),
			chromedp.Flag("disable-default-apps", true),
			chromedp.Flag("disable-features", "Translate,OptimizationHints,MediaRouter"),
			chromedp.WindowSize(1280, 900),
		)
		ctx, cancelCtx := chromedp.NewContext(allocCtx)
		browserCtx = ctx
		browserCancel = func() { cancelCtx(); cancelAlloc() }
		browserErr = chromedp.Do(ctx) // starts the browser
	})
	if browserErr != nil {
		t.Fatalf("starting %s: %v", chromiumPath, browserErr)
	}
	return browserCtx
}

// stopBrowser closes Chromium; TestMain calls it after the tests.
func stopBrowser() {
	browserCancel()
	if profileDir != "" {
		_ = os.RemoveAll(profileDir)
	}
}

// tab is one browser tab of a test.
type tab struct {
	t   *testing.T
	ctx context.Context

	mu       sync.Mutex
	problems []string // console errors, exceptions, log errors
}

// newTab opens a fresh tab (desktop size, 1280×900) for t. At the end of t
// it fails t on any console error seen, then saves screenshots when t
// failed or TI4SIM_SCREENSHOTS is set, then closes the tab. opts can ask
// for a new browser context (its own cache and storage).
func newTab(t *testing.T, opts ...chromedp.ContextOption) *tab {
	t.Helper()
	ctx, cancel := chromedp.NewContext(browser(t), opts...)
	tb := &tab{t: t, ctx: ctx}
	messages := chromedp.Console(ctx)
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900)); err != nil {
		cancel()
		t.Fatalf("opening a tab: %v", err)
	}
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleException || m.Type == "assert" {
				tb.mu.Lock()
				tb.problems = append(tb.problems, describeConsole(m))
				tb.mu.Unlock()
			}
		}
	}()
	t.Cleanup(func() {
		// Let the events of the last actions arrive.
		time.Sleep(100 * time.Millisecond)
		tb.mu.Lock()
		for _, p := range tb.problems {
			t.Errorf("browser console: %s", p)
		}
		tb.mu.Unlock()
		if t.Failed() || os.Getenv("TI4SIM_SCREENSHOTS") != "" {
			tb.screenshots()
		}
		// What the page remembers (the factions, rules and method a test
		// chose) must not open the next test's page.
		forget(tb.ctx)
		cancel()
	})
	return tb
}

// describeConsole formats a console message with its place.
func describeConsole(m chromedp.ConsoleMessage) string {
	var b strings.Builder
	b.WriteString(m.String())
	if m.URL != "" {
		b.WriteString(" (" + m.URL)
		if m.Line > 0 || m.Column > 0 {
			fmt.Fprintf(&b, ":%d:%d", m.Line+1, m.Column+1)
		}
		b.WriteString(")")
	}
	if m.Source != "" {
		b.WriteString(" [" + m.Source + "]")
	}
	return b.String()
}

// do runs actions in the tab within d, failing the test on error.
func (tb *tab) do(d time.Duration, what string, actions ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, d)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		tb.t.Fatalf("%s: %v", what, err)
	}
}

// eval evaluates a JavaScript expression in the page and decodes its value.
func eval[T any](tb *tab, expr string) T {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 30*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		tb.t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}
