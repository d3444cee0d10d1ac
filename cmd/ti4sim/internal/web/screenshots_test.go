package web_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
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
