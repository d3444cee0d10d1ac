// Package web holds ti4sim's page: the HTML, style sheet and scripts of the
// fleet builder, its Web Worker for the WebAssembly engine, and the vendored
// Chart.js (static/vendor, pinned; update-chartjs.sh moves it). The files
// are embedded: `ti4sim serve` answers them at / and `ti4sim site DIR`
// writes them, with the engine compiled to WebAssembly, for a static host.
//
// The page asks one engine for every answer. engine.json says which:
// {"engine": "service"} (as embedded: the page posts scenario documents to
// the service that served it) or {"engine": "wasm"} (as `ti4sim site`
// writes it: worker.js runs ti4sim.wasm in the browser).
package web

import (
	"embed"
	"io/fs"
)

//go:embed static
var static embed.FS

// Files returns the page's files, rooted at the folder served at /.
func Files() fs.FS {
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // "static" is embedded above
	}
	return sub
}
