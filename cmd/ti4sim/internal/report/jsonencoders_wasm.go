//go:build js && wasm

package report

// jsonEncoder is nil: the WebAssembly engine links no generated encoders
// (jsonencoders_gen.go) and writes its documents by encoding/json — their
// code would pass the static site's first download bound
// (TestSiteEndToEnd), and the engine starts once a page, not once a
// question.
func jsonEncoder(doc any) func(*jsonWriter) { return nil }
