//go:build unix

package main

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestInterruptibleWatchesLate: the context of interruptible is not
// watching SIGINT before its delay (no registration: the watch's channel is
// nil), and once the delay has passed a SIGINT to the process cancels it
// with errInterrupted. (The SIGINT is sent only once the watch is seen to
// have started: sent before, it would end the test process.)
func TestInterruptibleWatchesLate(t *testing.T) {
	ctx, w := watchInterrupts(context.Background(), 30*time.Millisecond)
	defer w.stop()
	if watching(w) {
		t.Fatal("watching SIGINT before the delay")
	}
	deadline := time.Now().Add(10 * time.Second)
	for !watching(w) {
		if time.Now().After(deadline) {
			t.Fatal("the watch of SIGINT has not started 10 s after its 30 ms delay")
		}
		time.Sleep(time.Millisecond)
	}
	interruptSelf(t, ctx)
}

// TestInterruptWatchStop: stop ends the watch: the context is cancelled
// with no cause of a signal and the timer no longer starts a watch.
func TestInterruptWatchStop(t *testing.T) {
	ctx, w := watchInterrupts(context.Background(), time.Millisecond)
	w.stop()
	time.Sleep(20 * time.Millisecond)
	if watching(w) || ctx.Err() == nil || errors.Is(context.Cause(ctx), errInterrupted) {
		t.Errorf("after stop: watching %v, ctx %v (cause %v); want no watch and a plain cancel", watching(w), ctx.Err(), context.Cause(ctx))
	}
}

// watching reports whether w has registered for SIGINT.
func watching(w *interruptWatch) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.ch != nil
}

// interruptSelf sends SIGINT to the test process and waits for ctx to be
// cancelled by it.
func interruptSelf(t *testing.T, ctx context.Context) {
	t.Helper()
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case <-ctx.Done():
	case <-time.After(10 * time.Second):
		t.Fatal("SIGINT did not cancel the context in 10 s")
	}
	if cause := context.Cause(ctx); !errors.Is(cause, errInterrupted) {
		t.Errorf("cause %v, want errInterrupted", cause)
	}
}

// TestBrokenPipeDefaultInChildren: with SIGPIPE ignored in this process
// (ignoreBrokenPipe), a program it starts inherits the ignore; after
// defaultBrokenPipeForChildren it does not (its SigIgn mask in
// /proc/self/status lacks SIGPIPE), as site's go toolchain must not.
func TestBrokenPipeDefaultInChildren(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads the child's /proc/self/status")
	}
	ignoreBrokenPipe()
	if !childIgnoresSIGPIPE(t) {
		t.Fatal("SIGPIPE ignored here, yet not in a child: the check reads the wrong mask")
	}
	defaultBrokenPipeForChildren()
	if childIgnoresSIGPIPE(t) {
		t.Error("a child started after defaultBrokenPipeForChildren ignores SIGPIPE")
	}
}

// childIgnoresSIGPIPE starts sh and reports whether SIGPIPE is in its
// ignored signals.
func childIgnoresSIGPIPE(t *testing.T) bool {
	t.Helper()
	out, err := exec.Command("sh", "-c", "grep SigIgn /proc/self/status").Output()
	if err != nil {
		t.Fatal(err)
	}
	f := strings.Fields(string(out))
	mask, err := strconv.ParseUint(f[len(f)-1], 16, 64)
	if err != nil {
		t.Fatalf("SigIgn line %q: %v", out, err)
	}
	return mask&(1<<(uint(syscall.SIGPIPE)-1)) != 0
}
