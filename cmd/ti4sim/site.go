package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service/endpoint"
	"github.com/ti4sim/ti4sim/internal/echo"
)

// A site is the browser page written as plain files for a static host
// (ti4sim site): the page's embedded files, engine.json naming the
// WebAssembly engine, that engine (ti4sim.wasm and the Go toolchain's
// loader wasm_exec.js), the catalogue the engine answers as catalog.json
// (the page builds its form from it while the engine loads), and a gzip
// copy FILE.gz beside each file worth compressing, for the hosts that
// serve precompressed files (nginx's gzip_static, Netlify, a CDN).
const (
	// siteEngineJSON is engine.json as a site has it: the page runs
	// ti4sim.wasm in its Web Worker (worker.js) instead of posting to a
	// service.
	siteEngineJSON = `{"engine": "wasm"}` + "\n"
	// wasmPackage is the package compiled to ti4sim.wasm: the engine's
	// js/wasm main, which links the answers and nothing of the command
	// line or of HTTP.
	wasmPackage = "github.com/ti4sim/ti4sim/cmd/ti4sim/internal/web/wasm"
	// siteCatalog is the name of the catalogue in the site.
	siteCatalog = "catalog.json"
)

// siteBuild says how to build the engine: the Go toolchain's go command
// and the folder of ti4sim's module source it builds from.
type siteBuild struct {
	goCmd  string
	source string
}

// writeSite writes the site of page into dir: it checks dir
// (checkSiteDir), builds the engine into a temporary folder first (the
// slow step, and the one likely to fail: a failed build leaves dir as it
// was) with engine.json, the catalogue and the gzip copies, then writes
// page's files and those. It returns the number of files written.
func writeSite(ctx context.Context, dir string, page fs.FS, b siteBuild, force bool) (int, error) {
	if err := checkSiteDir(dir, force); err != nil {
		return 0, err
	}
	tmp, err := os.MkdirTemp("", "ti4sim-site-")
	if err != nil {
		return 0, err
	}
	defer os.RemoveAll(tmp)
	if err := buildEngine(ctx, b, tmp); err != nil {
		return 0, err
	}
	cat, err := engineCatalog()
	if err != nil {
		return 0, err
	}
	for name, b := range map[string][]byte{"engine.json": []byte(siteEngineJSON), siteCatalog: cat} {
		if err := os.WriteFile(filepath.Join(tmp, name), b, 0o644); err != nil {
			return 0, err
		}
	}
	if err := compressFiles(tmp, page); err != nil {
		return 0, err
	}
	n, err := writeFiles(dir, page)
	if err != nil {
		return n, err
	}
	m, err := writeFiles(dir, os.DirFS(tmp))
	return n + m, err
}

// engineCatalog is the catalogue the site's engine answers: the service's
// with its default limits, as the WebAssembly engine runs it, where
// GOMAXPROCS is 1 (so 2 runs at once, endpoint.DefaultConfig).
func engineCatalog() ([]byte, error) {
	cfg := endpoint.DefaultConfig()
	cfg.MaxConcurrent = 2
	s, err := endpoint.New(cfg, answer.NewBackend(), slog.New(slog.DiscardHandler))
	if err != nil {
		return nil, err
	}
	return s.Catalog()
}

// compressible are the extensions of the site's files a host may serve
// gzip-compressed.
var compressible = []string{".html", ".css", ".js", ".json", ".wasm", ".svg", ".txt", ".md"}

// compressFiles writes into out, beside the files out holds already (the
// engine, engine.json, the catalogue), FILE.gz for each file of out and
// of page worth compressing: at least 1 KiB, of a compressible kind, and
// made smaller by a tenth at least by gzip's best compression.
func compressFiles(out string, page fs.FS) error {
	for _, files := range []fs.FS{page, os.DirFS(out)} {
		err := fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || !d.Type().IsRegular() || !slices.Contains(compressible, path.Ext(p)) {
				return err
			}
			b, err := fs.ReadFile(files, p)
			if err != nil || len(b) < 1024 {
				return err
			}
			var z bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&z, gzip.BestCompression) // a valid level
			zw.Write(b)                                            // a bytes.Buffer does not fail
			zw.Close()
			if z.Len() > len(b)*9/10 {
				return nil
			}
			to := filepath.Join(out, filepath.FromSlash(p)+".gz")
			if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
				return err
			}
			return os.WriteFile(to, z.Bytes(), 0o644)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// checkSiteDir reports whether a site may be written into dir: a folder
// that does not exist yet (it is made), an empty folder, or a site written
// before (its engine.json names the wasm engine; the site's files are
// overwritten, others left as they are). Any other folder that holds
// files is refused unless force is set, so that a mistyped name does not
// scatter the page among someone's files. A file named dir is refused.
func checkSiteDir(dir string, force bool) error {
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	case !st.IsDir():
		return usageErrorf("site: %s is a file, not a folder: give the folder to write the site into", echo.Quote(dir))
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	if len(entries) == 0 || force || isSite(dir) {
		return nil
	}
	return usageErrorf("site: %s holds files and no site written before (an engine.json naming the wasm engine): give a new or empty folder, or --force to write the site among its files", echo.Quote(dir))
}

// isSite reports whether dir holds a site: an engine.json naming the wasm
// engine.
func isSite(dir string) bool {
	b, err := os.ReadFile(filepath.Join(dir, "engine.json"))
	if err != nil {
		return false
	}
	var e struct {
		Engine string `json:"engine"`
	}
	return json.Unmarshal(b, &e) == nil && e.Engine == "wasm"
}

// writeFiles writes every regular file of files into dir under the same
// path, making dir and the folders it needs; a file already there is
// overwritten. It returns the number of files written.
func writeFiles(dir string, files fs.FS) (int, error) {
	n := 0
	err := fs.WalkDir(files, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		to := filepath.Join(dir, filepath.FromSlash(p))
		switch {
		case d.IsDir():
			return os.MkdirAll(to, 0o755)
		case !d.Type().IsRegular():
			return nil
		}
		b, err := fs.ReadFile(files, p)
		if err != nil {
			return err
		}
		if err := os.WriteFile(to, b, 0o644); err != nil {
			return err
		}
		n++
		return nil
	})
	return n, err
}

// buildEngine builds ti4sim.wasm into out with b's Go toolchain
// (GOOS=js GOARCH=wasm, trimmed paths, no symbol table), run in b.source,
// and copies the loader of the same toolchain, $(go env GOROOT)/lib/wasm/
// wasm_exec.js, next to it: the loader must match the compiler.
func buildEngine(ctx context.Context, b siteBuild, out string) error {
	goCmd, err := exec.LookPath(b.goCmd)
	if err != nil {
		return fmt.Errorf("site: building ti4sim.wasm needs the Go toolchain: %v (install Go, https://go.dev/dl, or name its go command with --go)", err)
	}
	if st, err := os.Stat(b.source); err != nil || !st.IsDir() {
		return usageErrorf("site: --source %s is not a folder: give ti4sim's module source, the folder holding its go.mod", echo.Quote(b.source))
	}
	wasm, err := filepath.Abs(filepath.Join(out, "ti4sim.wasm"))
	if err != nil {
		return err
	}
	if _, err := goTool(ctx, goCmd, b.source, "build", "-trimpath", "-ldflags=-s -w", "-o", wasm, wasmPackage); err != nil {
		return fmt.Errorf("site: building ti4sim.wasm needs ti4sim's module source (--source %s: the folder holding its go.mod) and the Go toolchain (--go %s): %v", b.source, b.goCmd, err)
	}
	goroot, err := goTool(ctx, goCmd, b.source, "env", "GOROOT")
	if err != nil {
		return fmt.Errorf("site: asking the Go toolchain (--go %s) for its GOROOT: %v", b.goCmd, err)
	}
	loader := filepath.Join(strings.TrimSpace(goroot), "lib", "wasm", "wasm_exec.js")
	js, err := os.ReadFile(loader)
	if err != nil {
		return fmt.Errorf("site: the Go toolchain's WebAssembly loader: %v", err)
	}
	return os.WriteFile(filepath.Join(out, "wasm_exec.js"), js, 0o644)
}

// goTool runs the go command with args in dir, for GOOS=js GOARCH=wasm,
// and returns its standard output; a failure's error holds the end of
// what it printed on standard error.
func goTool(ctx context.Context, goCmd, dir string, args ...string) (string, error) {
	defaultBrokenPipeForChildren()
	cmd := exec.CommandContext(ctx, goCmd, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return "", ctx.Err()
		}
		msg := strings.Join(strings.Fields(stderr.String()), " ")
		if r := []rune(msg); len(r) > 400 {
			msg = "…" + string(r[len(r)-400:])
		}
		if msg == "" {
			return "", fmt.Errorf("go %s: %v", args[0], err)
		}
		return "", fmt.Errorf("go %s: %v: %s", args[0], err, msg)
	}
	return stdout.String(), nil
}
