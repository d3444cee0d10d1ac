package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// TestWriteFiles: every regular file of the FS lands under the same path
// in the folder (made, with its subfolders), a file already there is
// overwritten, and the count is the files written.
func TestWriteFiles(t *testing.T) {
	page := fstest.MapFS{
		"index.html":             {Data: []byte("<!doctype html>")},
		"engine.json":            {Data: []byte(`{"engine": "service"}`)},
		"js/app.js":              {Data: []byte("export {}")},
		"vendor/chart/chart.js":  {Data: []byte("chart")},
		"empty":                  {Mode: os.ModeDir},
		"vendor/chart/VERSION":   {Data: []byte("4.6.1\n")},
		"js/lib/format.js":       {Data: []byte("")},
		"vendor/chart/LICENSE":   {Data: []byte("MIT")},
		"vendor/chart/extra.txt": {Data: []byte("x")},
	}
	dir := filepath.Join(t.TempDir(), "site")
	if err := os.MkdirAll(filepath.Join(dir, "js"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "js", "app.js"), []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	n, err := writeFiles(dir, page)
	if err != nil {
		t.Fatal(err)
	}
	if n != 8 {
		t.Errorf("wrote %d files, want 8", n)
	}
	for name, f := range page {
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if f.Mode.IsDir() {
			if st, err := os.Stat(filepath.Join(dir, name)); err != nil || !st.IsDir() {
				t.Errorf("%s: not a folder (%v)", name, err)
			}
			continue
		}
		if err != nil || !bytes.Equal(got, f.Data) {
			t.Errorf("%s: %q (%v), want %q", name, got, err, f.Data)
		}
	}
}

// TestWriteFilesError: a folder that cannot be made is an error, not a
// silently partial site.
func TestWriteFilesError(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := writeFiles(filepath.Join(file, "site"), fstest.MapFS{"index.html": {Data: []byte("x")}}); err == nil {
		t.Error("writing under a file: no error")
	}
}

// TestCheckSiteDir: a new, empty or previous site folder may be written;
// a file may not; a folder of other files only with --force.
func TestCheckSiteDir(t *testing.T) {
	root := t.TempDir()
	mk := func(name string, files map[string]string) string {
		dir := filepath.Join(root, name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		for f, data := range files {
			if err := os.WriteFile(filepath.Join(dir, f), []byte(data), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	file := filepath.Join(root, "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		dir    string
		force  bool
		errHas string // "" when allowed
	}{
		{"new folder", filepath.Join(root, "new", "site"), false, ""},
		{"empty folder", mk("empty", nil), false, ""},
		{"previous site", mk("site", map[string]string{"engine.json": siteEngineJSON, "index.html": "x", "notes.txt": "mine"}), false, ""},
		{"other files", mk("other", map[string]string{"notes.txt": "mine"}), false, "--force"},
		{"other files, forced", mk("other2", map[string]string{"notes.txt": "mine"}), true, ""},
		{"the served page's engine", mk("served", map[string]string{"engine.json": `{"engine": "service"}`}), false, "no site written before"},
		{"a broken engine.json", mk("broken", map[string]string{"engine.json": `{"engine":`}), false, "no site written before"},
		{"a file", file, false, "is a file, not a folder"},
		{"a file, forced", file, true, "is a file, not a folder"},
	} {
		err := checkSiteDir(tc.dir, tc.force)
		switch {
		case tc.errHas == "" && err != nil:
			t.Errorf("%s: %v, want it allowed", tc.name, err)
		case tc.errHas != "" && (err == nil || !strings.Contains(err.Error(), tc.errHas)):
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.errHas)
		case tc.errHas != "":
			var ue *usageError
			if !errors.As(err, &ue) {
				t.Errorf("%s: %v is no usage error", tc.name, err)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(root, "new")); err == nil {
		t.Error("checking a new folder made it")
	}
}

func TestSiteUsageErrors(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	usageFails(t, "give the folder", "site")
	usageFails(t, "one folder expected, got 2", "site", "a", "b")
	usageFails(t, "unknown flag: --out", "site", "--out", "a")
	usageFails(t, "is a file, not a folder", "site", file)
	usageFails(t, "--go is empty", "site", t.TempDir(), "--go", "")
	usageFails(t, "--source is empty", "site", t.TempDir(), "--source", "")
	usageFails(t, "is not a folder", "site", t.TempDir(), "--source", file)
}

// TestSiteBuildFailures: without the Go toolchain, or run outside ti4sim's
// module source, site says what it needs (exit 1) and writes nothing.
func TestSiteBuildFailures(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "site")
	_, stderr, code := runCLI(t, "site", dir, "--go", filepath.Join(t.TempDir(), "no-go"))
	if code != exitRuntime || !strings.Contains(stderr, "needs the Go toolchain") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("no toolchain: exit %d, stderr %q; want 1 and one line saying the Go toolchain is needed", code, stderr)
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH")
	}
	_, stderr, code = runCLI(t, "site", dir, "--source", t.TempDir())
	if code != exitRuntime || !strings.Contains(stderr, "needs ti4sim's module source") || !strings.Contains(stderr, "go.mod") {
		t.Errorf("no module source: exit %d, stderr %q; want 1 and a line naming the module source", code, stderr)
	}
	if _, err := os.Stat(dir); err == nil {
		t.Error("a failed build wrote the site's folder")
	}
}

// TestSiteHelpExamples: each `ti4sim site` example of the help parses and
// passes the folder check. They are run with a go command that does not
// exist, so each stops at the build, having written nothing (a real build
// is TestSiteEndToEnd's).
func TestSiteHelpExamples(t *testing.T) {
	t.Chdir(t.TempDir())
	var help bytes.Buffer
	if err := siteCommand().writeHelp(&help); err != nil {
		t.Fatal(err)
	}
	n := 0
	for line := range strings.Lines(help.String()) {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "ti4sim site ") {
			continue
		}
		args, err := shellWords(strings.TrimPrefix(line, "ti4sim "))
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		n++
		// A flag is given once: the example's --go, if any, is replaced.
		if i := slices.Index(args, "--go"); i >= 0 && i+1 < len(args) {
			args = slices.Delete(args, i, i+2)
		}
		_, stderr, code := runCLI(t, append(args, "--go", "/nonexistent/go")...)
		if code != exitRuntime || !strings.Contains(stderr, "needs the Go toolchain") {
			t.Errorf("%q: exit %d, %q; want the build to be reached", line, code, stderr)
		}
	}
	if n < 2 {
		t.Errorf("%d site examples in the help, want at least 2", n)
	}
	if entries, _ := os.ReadDir("."); len(entries) != 0 {
		t.Errorf("the examples wrote %d entries", len(entries))
	}
}

// TestSiteEndToEnd runs the real command: it builds ti4sim.wasm with the
// Go toolchain from this module's source (GOOS=js GOARCH=wasm: half a
// minute or more of CPU on a cold build cache, so -short skips it) and
// checks the folder holds the page, engine.json naming the wasm engine,
// the toolchain's wasm_exec.js and a WebAssembly module.
func TestSiteEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the WebAssembly engine: slow")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH")
	}
	dir := filepath.Join(t.TempDir(), "public")
	stdout, stderr, code := runCLI(t, "site", dir, "--source", filepath.Join("..", ".."))
	if code != 0 || stderr != "" || !strings.HasPrefix(stdout, "ti4sim site: wrote ") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	if b := read("engine.json"); string(b) != siteEngineJSON {
		t.Errorf("engine.json %q, want %q", b, siteEngineJSON)
	}
	if b := read("index.html"); len(b) == 0 {
		t.Error("index.html is empty")
	}
	if b := read("worker.js"); !bytes.Contains(b, []byte(`importScripts("wasm_exec.js")`)) {
		t.Error("worker.js does not load wasm_exec.js")
	}
	if b := read("wasm_exec.js"); !bytes.Contains(b, []byte("globalThis.Go = class")) {
		t.Error("wasm_exec.js is not the Go toolchain's loader")
	}
	wasm := read("ti4sim.wasm")
	if len(wasm) < 1<<20 || !bytes.HasPrefix(wasm, []byte("\x00asm")) {
		t.Errorf("ti4sim.wasm: %d bytes starting %q, want a WebAssembly module", len(wasm), wasm[:min(4, len(wasm))])
	}
	checkSiteCompressed(t, dir, wasm)
	var cat struct {
		Rulesets []struct{ Name string }
		Factions []struct{ Slug string }
	}
	if err := json.Unmarshal(read(siteCatalog), &cat); err != nil || len(cat.Rulesets) < 2 || len(cat.Factions) < 20 {
		t.Errorf("%s: %v; %d rulesets, %d factions: want the catalogue", siteCatalog, err, len(cat.Rulesets), len(cat.Factions))
	}
	// A second run writes over the site without --force.
	_, stderr, code = runCLI(t, "site", dir, "--go", "/nonexistent/go")
	if code != exitRuntime || !strings.Contains(stderr, "needs the Go toolchain") {
		t.Errorf("rewriting the site: exit %d, %q; want it allowed up to the build", code, stderr)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	for _, want := range []string{"engine.json", "index.html", "ti4sim.wasm", "ti4sim.wasm.gz", "wasm_exec.js", "worker.js", siteCatalog, siteCatalog + ".gz"} {
		if !slices.Contains(names, want) {
			t.Errorf("the site lacks %s: %v", want, names)
		}
	}
}

// maxWasmGzip is the most the engine may weigh gzip-compressed: the
// download of a player opening the static site for the first time.
const maxWasmGzip = 3_000_000

// checkSiteCompressed checks the site's gzip copies: ti4sim.wasm.gz is
// ti4sim.wasm (wasm) and at most maxWasmGzip bytes; the catalogue, the
// page's scripts and style sheet have theirs, each the file's bytes; a
// file under 1 KiB (engine.json) has none.
func checkSiteCompressed(t *testing.T, dir string, wasm []byte) {
	t.Helper()
	for _, name := range []string{"ti4sim.wasm", siteCatalog, "index.html", "style.css", "js/app.js", "vendor/chart.umd.min.js", "wasm_exec.js"} {
		z, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)+".gz"))
		if err != nil {
			t.Errorf("no gzip copy of %s: %v", name, err)
			continue
		}
		zr, err := gzip.NewReader(bytes.NewReader(z))
		if err != nil {
			t.Errorf("%s.gz: %v", name, err)
			continue
		}
		got, err := io.ReadAll(zr)
		want, _ := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s.gz is not %s (%v)", name, name, err)
		}
		if name == "ti4sim.wasm" {
			t.Logf("ti4sim.wasm: %d bytes, %d gzip-compressed", len(wasm), len(z))
			if len(z) > maxWasmGzip {
				t.Errorf("ti4sim.wasm.gz is %d bytes, over the %d the static site's first visit may download", len(z), maxWasmGzip)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "engine.json.gz")); err == nil {
		t.Error("engine.json, 20 bytes, has a gzip copy")
	}
}

// TestWasmEngineDependencies: the WebAssembly engine (wasmPackage, built
// for js/wasm) links the answers and nothing of HTTP, TLS, the network,
// the command line's flags and tables or cryptography, which would add
// megabytes to the static site's download (pflag alone linked net: 48 KB
// of the gzip-compressed engine).
func TestWasmEngineDependencies(t *testing.T) {
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH")
	}
	out, err := goTool(t.Context(), "go", filepath.Join("..", ".."), "list", "-deps", wasmPackage)
	if err != nil {
		t.Fatal(err)
	}
	deps := strings.Fields(out)
	for _, want := range []string{"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer", "github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service/endpoint", "syscall/js"} {
		if !slices.Contains(deps, want) {
			t.Errorf("the engine does not import %s", want)
		}
	}
	for _, d := range deps {
		switch {
		case d == "net", d == "net/http", strings.HasPrefix(d, "net/http/"), d == "crypto/tls", strings.HasPrefix(d, "crypto/"), d == "os/exec",
			d == "github.com/spf13/pflag", strings.HasPrefix(d, "github.com/olekukonko/tablewriter"),
			d == "github.com/ti4sim/ti4sim/cmd/ti4sim", d == "github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service":
			t.Errorf("the WebAssembly engine depends on %s", d)
		}
	}
}
