package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/report"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/web"
	"github.com/ti4sim/ti4sim/internal/echo"
)

func siteCommand() *command {
	var b siteBuild
	var force bool
	newFlags := func() *pflag.FlagSet {
		b = siteBuild{goCmd: "go", source: "."}
		force = false
		fs := pflag.NewFlagSet("site", pflag.ContinueOnError)
		fs.SortFlags = false
		fs.StringVar(&b.source, "source", b.source, "`DIR` of ti4sim's module source (the folder holding its go.mod) to build ti4sim.wasm from")
		fs.StringVar(&b.goCmd, "go", b.goCmd, "the Go toolchain's go `COMMAND` (a name on PATH or a path)")
		fs.BoolVar(&force, "force", false, "write into a folder that holds other files (the site's files are overwritten, the others left)")
		return fs
	}
	return &command{
		name:    "site",
		summary: "the browser page as a static site, the engine compiled to WebAssembly",
		usage:   "ti4sim site DIR [--source .] [--go go] [--force]",
		help: `Writes the browser page into DIR as a static site that needs no ti4sim
server: the page's files (index.html, style.css, js/, worker.js, Chart.js),
engine.json set to {"engine": "wasm"}, ti4sim.wasm (ti4sim's engine
compiled to WebAssembly: about 11 MB, 2.9 MB gzipped), wasm_exec.js, the Go
toolchain's loader for it, catalog.json (the catalogue the page builds its
form from while the engine loads), and FILE.gz, a gzip copy, beside each
file worth compressing. The page runs ti4sim.wasm in a Web Worker of the
browser and answers as ` + "`ti4sim serve`" + ` does, with its default limits: the
same numbers as the command line for the same scenario and seed.

Building ti4sim.wasm runs the Go toolchain (--go), GOOS=js GOARCH=wasm go
build, in ti4sim's module source (--source: a clone of the repository, the
folder holding its go.mod); it takes a minute or less. DIR is made when it
does not exist. A folder that already holds files is written into only
when it holds a site written before (its engine.json says "wasm"), or with
--force; the site's files are overwritten and other files left as they
are. A failed build leaves DIR untouched.

Put DIR on any static host: GitHub Pages, Netlify, an object store, nginx,
or python3's http.server to try it. Serving .wasm as application/wasm lets
the browser compile while downloading; any other type works, a little
slower. A host that serves precompressed files (nginx's gzip_static,
Caddy's precompressed, Netlify) sends the .gz copies: 2.9 MB instead of
11. Opened from the disk (file://) the page does not work: browsers
start no Worker there.

Examples:
  ti4sim site public
  ti4sim site public --force
  ti4sim site /srv/www/ti4sim --source ../ti4sim --go /usr/local/go/bin/go
  python3 -m http.server -d public 8000`,
		flagSet: newFlags,
		run: func(ctx context.Context, c *command, args []string, e *env) error {
			fs := newFlags()
			if err := parseOperands(c, fs, args, e); err != nil {
				return err
			}
			switch {
			case fs.NArg() == 0:
				return usageErrorf("site: give the folder to write the site into, e.g. ti4sim site public")
			case fs.NArg() > 1:
				return usageErrorf("site: one folder expected, got %d arguments; the second: %s", fs.NArg(), echo.Quote(fs.Arg(1)))
			case fs.Arg(0) == "":
				return usageErrorf("site: the folder's name is empty")
			case b.goCmd == "":
				return usageErrorf("site: --go is empty: give the go command, e.g. --go go")
			case b.source == "":
				return usageErrorf("site: --source is empty: give ti4sim's module source folder, e.g. --source .")
			}
			dir := fs.Arg(0)
			n, err := writeSite(ctx, dir, web.Files(), b, force)
			if err != nil {
				return err
			}
			w := report.NewErrWriter(e.stdout)
			fmt.Fprintf(w, "ti4sim site: wrote %d files into %s; serve the folder with any static host, e.g. python3 -m http.server -d %s\n", n, dir, shellWord(dir))
			return w.Err()
		},
	}
}

// shellWord quotes s for a POSIX shell when it holds anything beyond
// letters, digits and ./_-+:,=@%.
func shellWord(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789./_-+:,=@%") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
