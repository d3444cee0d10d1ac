//go:build !(js && wasm)

package main

import (
	"context"
	"os"
	"os/signal"
)

// main runs the command line of the process (wasm.go holds the
// WebAssembly engine's main instead).
func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	code := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
