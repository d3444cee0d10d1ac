//go:build js && wasm

// Command wasm is the page's engine in the browser: ti4sim's answers
// compiled to WebAssembly (GOOS=js GOARCH=wasm), as `ti4sim site` builds
// it into ti4sim.wasm. It links the answers (package answer) and the
// service's answer without transport (package endpoint), and nothing of
// the command line or of HTTP, so that the download stays small.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"syscall/js"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service/endpoint"
)

// main registers globalThis.ti4simHandle(kind, body, onProgress) and waits
// for calls.
//
// ti4simHandle answers as `ti4sim serve` with its default limits answers
// the same request, byte for byte (both answer through
// endpoint.Service.Answer): kind is combat, compare, advise, luck, vote,
// import or units (body: the JSON document the endpoint takes) or catalog
// (body ignored).
// It returns a Promise of {status, body}: the HTTP status the service
// would answer and its body as a string (an error: {"error", "path"}).
// onProgress, when a function, is called with (done, total) trials a few
// times a second during a Monte Carlo run. A kind or body that is not a
// string is read as its String form and answered as the service answers
// such a path or document (404, 400).
func main() {
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn})) // faults only: the browser's console
	srv, err := endpoint.New(endpoint.DefaultConfig(), answer.NewBackend(), log)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ti4sim:", err) // the worker sees no ti4simHandle and says so
		return
	}
	js.Global().Set("ti4simHandle", js.FuncOf(func(_ js.Value, args []js.Value) any {
		return handle(srv, args)
	}))
	select {} // answer calls until the page goes away
}

// handle answers one ti4simHandle call. The run goes on in a goroutine:
// a callback that blocked would block the browser's event loop.
func handle(srv *endpoint.Service, args []js.Value) js.Value {
	arg := func(i int) js.Value {
		if i < len(args) {
			return args[i]
		}
		return js.Undefined()
	}
	kind, body, onProgress := arg(0).String(), []byte(arg(1).String()), arg(2)
	ctx := context.Background()
	if onProgress.Type() == js.TypeFunction {
		ctx = endpoint.WithProgress(ctx, func(done, total int64) { onProgress.Invoke(done, total) })
	}
	var resolve js.Value
	executor := js.FuncOf(func(_ js.Value, a []js.Value) any {
		resolve = a[0]
		return nil
	})
	promise := js.Global().Get("Promise").New(executor) // calls executor at once
	executor.Release()
	go func() {
		status, out := srv.Answer(ctx, kind, body)
		answer := js.Global().Get("Object").New()
		answer.Set("status", status)
		answer.Set("body", string(out))
		resolve.Invoke(answer)
	}()
	return promise
}
