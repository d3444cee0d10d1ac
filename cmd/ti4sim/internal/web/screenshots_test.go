package web_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Screenshots of a test's tab, full page, at two sizes: desktop (1280×900)
// and phone (390×844 CSS pixels, mobile emulation, device pixel ratio 2).
// They go to the folder TI4SIM_SCREENSHOTS names, or to
// ti4sim-screenshots in the temporary folder; the test's log gives the
// paths.

// screenshotDir is where the screenshots go.
func screenshotDir() string {
	if d := os.Getenv("TI4SIM_SCREENSHOTS"); d != "" {
		return d
	}
	return filepath.Join(os.TempDir(), "ti4sim-screenshots")
}

// screenshots saves NAME-desktop.png and NAME-phone.png for the tab's
// test. Failing to take them is logged, not a failure of its own.
func (tb *tab) screenshots() {
	t := tb.t
	dir := screenshotDir()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Logf("screenshots: %v", err)
		return
	}
	name := strings.NewReplacer("/", "-", " ", "_").Replace(t.Name())
	sizes := []struct {
		suffix string
		size   chromedp.Action[chromedp.Void]
	}{
		{"desktop", chromedp.EmulateViewport(1280, 900)},
		{"phone", chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulateTouch, chromedp.EmulatePortrait, chromedp.EmulateScale(2))},
	}
	for _, s := range sizes {
		ctx, cancel := context.WithTimeout(tb.ctx, 20*time.Second)
		// The charts animate for about a second after a resize.
		err := chromedp.Do(ctx, s.size, chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`), chromedp.Sleep(1200*time.Millisecond))
		var png []byte
		if err == nil {
			png, err = chromedp.Run(ctx, chromedp.FullScreenshot(100))
		}
		cancel()
		if err != nil {
			t.Logf("screenshot %s: %v", s.suffix, err)
			continue
		}
		path := filepath.Join(dir, name+"-"+s.suffix+".png")
		if err := os.WriteFile(path, png, 0o644); err != nil {
			t.Logf("screenshot %s: %v", s.suffix, err)
			continue
		}
		t.Logf("screenshot (%s): %s", s.suffix, path)
	}
}

// shot saves the tab's first screen (the viewport) as NAME-first.png and
// the whole page as NAME-page.png in screenshotDir, and returns their
// paths; failing to take or write one fails the test.
func (tb *tab) shot(name string) []string {
	t := tb.t
	t.Helper()
	dir := screenshotDir()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, s := range []struct {
		suffix string
		take   chromedp.Action[[]byte]
	}{
		{"first", chromedp.CaptureScreenshot()},
		{"page", chromedp.FullScreenshot(100)}, // 100: a PNG
	} {
		ctx, cancel := context.WithTimeout(tb.ctx, 30*time.Second)
		png, err := chromedp.Run(ctx, s.take)
		cancel()
		if err != nil {
			t.Fatalf("screenshot %s-%s: %v", name, s.suffix, err)
		}
		if len(png) < 1000 {
			t.Fatalf("screenshot %s-%s: only %d bytes", name, s.suffix, len(png))
		}
		path := filepath.Join(dir, name+"-"+s.suffix+shotExt(png))
		if err := os.WriteFile(path, png, 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, path)
	}
	return paths
}

// shotExt is the file extension of a screenshot's bytes: a full-page
// screenshot with a quality is a JPEG, the first screen a PNG.
func shotExt(b []byte) string {
	if len(b) > 3 && b[0] == 0xFF && b[1] == 0xD8 {
		return ".jpg"
	}
	return ".png"
}

// TestBrowserScreenshots keeps screenshots of each tab, with its answer,
// at a phone's size (390×844) and a desktop's (1366×768), light and
// dark, as the test's artefacts: NAME-first is the first screen, NAME-page
// the whole page (in TI4SIM_SCREENSHOTS, or ti4sim-screenshots in the
// temporary folder). The layout tests check what they show.
func TestBrowserScreenshots(t *testing.T) {
	c := requireComponents(t)
	for _, v := range []viewport{phone, desktop} {
		t.Run(v.name, func(t *testing.T) {
			tb := newTab(t)
			tb.size(v)
			tb.open(c.served + "/")
			tb.answerTabs()
			for _, scheme := range []string{"light", "dark"} {
				tb.scheme(scheme)
				for _, name := range tabs {
					tb.showTab(name)
					tb.do(5*time.Second, "scrolling to the top", chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, 0)`), chromedp.Sleep(300*time.Millisecond))
					for _, p := range tb.shot(fmt.Sprintf("TestBrowserScreenshots-%s-%s-%s", name, v.name, scheme)) {
						t.Logf("screenshot: %s", p)
					}
				}
			}
		})
	}
}
