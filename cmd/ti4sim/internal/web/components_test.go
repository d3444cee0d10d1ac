package web_test

import (
	"context"
	"fmt"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ti4sim/ti4sim/internal/servetest"
)

// The browser tests drive the real components, started the way a user
// starts them: the ti4sim binary built from this checkout, `ti4sim serve`
// on a free loopback port, and the static build `ti4sim site DIR` written
// to a temporary folder and served by a plain file server. TestMain starts
// them once for the whole package and stops them at the end.

// components are the running pieces the browser tests talk to.
type components struct {
	bin       string // the ti4sim binary built from this checkout
	served    string // base URL of `ti4sim serve`, e.g. http://127.0.0.1:40123
	static    string // base URL of the loopback file server over the `ti4sim site` folder
	siteDir   string // the `ti4sim site` folder
	siteErr   error  // why the static build is missing, if it is
	serveLogs *servetest.Buffer
}

// env is set by TestMain when the browser tests can run; setupErr says why
// they cannot (nil with env nil: not attempted, see browserSkipReason).
var (
	env      *components
	setupErr error
	repoRoot string

	sourcesOnce sync.Once
	sourcesErr  error
)

func TestMain(m *testing.M) {
	os.Exit(runMain(m))
}

func runMain(m *testing.M) int {
	if browserSkipReason() != "" {
		return m.Run()
	}
	tmp, err := os.MkdirTemp("", "ti4sim-browser-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(tmp)
	root, err := filepath.Abs(filepath.Join("..", "..", "..", "..")) // the repository, from cmd/ti4sim/internal/web
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	repoRoot = root
	c, stop, err := startComponents(tmp, root)
	defer stop()
	if err != nil {
		setupErr = err
	} else {
		env = c
	}
	code := m.Run()
	stopBrowser()
	return code
}

// openSources opens every file the binary and the static build are made
// from (the module's Go and page files, go.mod, go.sum). The go command
// caches a test's result keyed by its test binary and the files the test
// process opens while its tests run (not in TestMain before m.Run); these
// tests build the binary in a child process, whose reads it does not see,
// so without this a change to the page or the engine would leave
// `go test ./...` answering a stale, cached pass. requireComponents calls
// it once.
func openSources(root string) error {
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path != root && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(name) {
		case ".go", ".js", ".html", ".css", ".json", ".mod", ".sum":
		default:
			return nil
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		return f.Close()
	})
}

// startComponents builds the binary into tmp, starts the service and the
// static build of the module at root. stop undoes whatever was started,
// even on error.
func startComponents(tmp, root string) (c *components, stop func(), err error) {
	var stops []func()
	stop = func() {
		for i := len(stops) - 1; i >= 0; i-- {
			stops[i]()
		}
	}
	c = &components{}
	if c.bin, err = servetest.Build(tmp); err != nil {
		return nil, stop, err
	}
	srv, err := servetest.Start(c.bin)
	if err != nil {
		return nil, stop, err
	}
	c.serveLogs = srv.Logs
	served := srv.URL
	stops = append(stops, srv.Stop)
	c.served = served

	dir := filepath.Join(tmp, "site")
	site := exec.Command(c.bin, "site", dir, "--source", root)
	if out, err := site.CombinedOutput(); err != nil {
		// The served page can still be tested; the WebAssembly tests
		// report this error.
		c.siteErr = fmt.Errorf("ti4sim site %s --source %s: %v\n%s", dir, root, err, out)
		return c, stop, nil
	}
	static, stopStatic, err := serveStatic(dir)
	if err != nil {
		return nil, stop, err
	}
	stops = append(stops, stopStatic)
	c.static, c.siteDir = static, dir
	return c, stop, nil
}

// serveStatic serves dir on a free loopback port as a static host would,
// with .wasm as application/wasm (which WebAssembly.instantiateStreaming
// requires).
func serveStatic(dir string) (string, func(), error) {
	if err := mime.AddExtensionType(".wasm", "application/wasm"); err != nil {
		return "", nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", nil, err
	}
	srv := &http.Server{Handler: http.FileServer(http.Dir(dir)), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	stop := func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	}
	return "http://" + ln.Addr().String(), stop, nil
}

// requireComponents skips or fails t when the browser tests cannot run (see
// browserSkipReason) and returns the running components.
func requireComponents(t *testing.T) *components {
	t.Helper()
	if reason := browserSkipReason(); reason != "" {
		if ci := os.Getenv("CI"); ci != "" && ci != "false" && ci != "0" && !raceEnabled {
			t.Fatal(reason + " (CI is set: the browser tests must run)")
		}
		t.Skip(reason)
	}
	if setupErr != nil {
		t.Fatal(setupErr)
	}
	sourcesOnce.Do(func() { sourcesErr = openSources(repoRoot) })
	if sourcesErr != nil {
		t.Fatal(sourcesErr)
	}
	return env
}

// requireStatic is requireComponents for the tests of the static
// WebAssembly build.
func requireStatic(t *testing.T) *components {
	t.Helper()
	c := requireComponents(t)
	if c.siteErr != nil {
		t.Fatal(c.siteErr)
	}
	return c
}
