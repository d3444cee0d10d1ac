//go:build !(js && wasm)

package main

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"
)

// Ctrl-C (SIGINT) cancels the context a command runs under, so that a
// long solve stops with exit status 130 and "ti4sim: interrupted" rather
// than being killed mid-output. Watching a signal through os/signal costs
// every process that does it three more threads at start (os/signal's
// loop blocks one thread, and the runtime's signal-mask goroutine locks
// another and starts its template thread): with them a one-battle command
// took 3.3 ms of processor time instead of 2.7 (perf stat, -r 100). So the
// watch starts only once the process has run for interruptWatchAfter: a
// command answered sooner (a bot's one question: about 3 ms) never pays
// for it, and a person's Ctrl-C does not come that soon. A SIGINT before
// the watch starts ends the process as Go's runtime does (killed by the
// signal, as one before main always has). serve, which must shut down
// gracefully however soon it is interrupted, is ti4sim-net's, which
// watches SIGINT and SIGTERM from its first moment.

// interruptWatchAfter is how long after the start of the process the
// watch of Ctrl-C starts.
const interruptWatchAfter = 20 * time.Millisecond

// errInterrupted is the cause of a context cancelled by Ctrl-C.
var errInterrupted = errors.New("interrupt signal received")

// interruptWatch is the deferred watch of SIGINT behind one context.
type interruptWatch struct {
	cancel context.CancelCauseFunc
	timer  *time.Timer

	mu      sync.Mutex
	ch      chan os.Signal // nil until the watch starts
	stopped bool
}

// interruptible returns a context of parent cancelled by SIGINT once the
// watch has started, after the given delay, and the function that ends
// the watch and cancels the context (as signal.NotifyContext's stop does).
func interruptible(parent context.Context, after time.Duration) (context.Context, func()) {
	ctx, w := watchInterrupts(parent, after)
	return ctx, w.stop
}

// watchInterrupts is interruptible with its watch.
func watchInterrupts(parent context.Context, after time.Duration) (context.Context, *interruptWatch) {
	ctx, cancel := context.WithCancelCause(parent)
	w := &interruptWatch{cancel: cancel}
	w.timer = time.AfterFunc(after, func() { w.start(ctx) })
	return ctx, w
}

// start registers for SIGINT and cancels the context at the first one;
// it does nothing when the watch has started or stopped already.
func (w *interruptWatch) start(ctx context.Context) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.ch != nil || w.stopped {
		return
	}
	w.ch = make(chan os.Signal, 1)
	signal.Notify(w.ch, os.Interrupt)
	go func(ch <-chan os.Signal) {
		select {
		case <-ch:
			w.cancel(errInterrupted)
		case <-ctx.Done():
		}
	}(w.ch)
}

// stop ends the watch (SIGINT has its default action again) and cancels
// the context.
func (w *interruptWatch) stop() {
	w.timer.Stop()
	w.mu.Lock()
	w.stopped = true
	if w.ch != nil {
		signal.Stop(w.ch)
	}
	w.mu.Unlock()
	w.cancel(nil)
}

// ignoreBrokenPipe makes a write to a pipe whose reader has gone fail
// with EPIPE, reported like any failed write (exit status 1 and one line
// "ti4sim: writing output: ..."), where Go's runtime would otherwise kill
// a program writing to a broken pipe on fd 1 or 2 by SIGPIPE. It ignores
// SIGPIPE rather than notifying it: signal.Notify would start the threads
// interruptible avoids.
func ignoreBrokenPipe() { signal.Ignore(syscall.SIGPIPE) }

// defaultBrokenPipeForChildren undoes ignoreBrokenPipe's effect on the
// programs this one starts (the go toolchain, for ti4sim site; ti4sim-net,
// which ti4sim serve becomes by exec): an ignored
// signal stays ignored across exec, a handled one is reset to its default
// action. Notifying SIGPIPE installs Go's handler again in place of the
// ignore (signal.Reset would not: the runtime leaves an ignored signal
// ignored), so the writes of this process still fail with EPIPE.
func defaultBrokenPipeForChildren() {
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
}
