package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestInterruptStopsOptimalSolves starts the real binary on optimal hit
// assignments that take seconds (10 s and more), sends SIGINT (Ctrl-C)
// once it is solving (300 ms, and on Linux 200 ms of its own CPU time:
// on a loaded machine a process 300 ms old may not have reached main, and
// a SIGINT before main's handler ends it as the runtime does, not with
// 130), and measures how long the process takes to exit: the
// issue's target is 100 ms; the test fails only past a generous second
// (the machine is shared), and checks the exit status 130 and the one line
// on stderr.
func TestInterruptStopsOptimalSolves(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and starts long solves")
	}
	bin := buildBinary(t)
	for _, c := range []struct {
		name string
		args []string
	}{
		{"both sides optimal", []string{"space", "-a", "2 dreadnought, 2 carrier, 6 fighter, 1 cruiser", "-d", "2 dreadnought, 2 carrier, 6 fighter, 1 cruiser",
			"--attacker-policy", "optimal", "--defender-policy", "optimal"}},
		{"best response", []string{"space", "-a", "6 dreadnought, 4 carrier, 12 fighter, 3 cruiser", "-d", "6 dreadnought, 4 carrier, 12 fighter, 3 cruiser",
			"--attacker-policy", "optimal"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command(bin, c.args...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			time.Sleep(300 * time.Millisecond)
			waitBusy(cmd.Process.Pid, 200*time.Millisecond, 20*time.Second)
			start := time.Now()
			if err := cmd.Process.Signal(os.Interrupt); err != nil {
				t.Fatal(err)
			}
			var err error
			select {
			case err = <-done:
			case <-time.After(20 * time.Second):
				cmd.Process.Kill()
				t.Fatal("still running 20 s after SIGINT")
			}
			lat := time.Since(start)
			t.Logf("%s: exited %v after SIGINT", c.name, lat)
			var ee *exec.ExitError
			if !errors.As(err, &ee) || ee.ExitCode() != 130 {
				t.Fatalf("exit: %v, want status 130 (stderr %q)", err, stderr.String())
			}
			if got := stderr.String(); got != "ti4sim: interrupted\n" {
				t.Errorf("stderr %q, want the one line \"ti4sim: interrupted\"", got)
			}
			if lat > time.Second {
				t.Errorf("exited %v after SIGINT, want well under 1 s (target 100 ms)", lat)
			}
		})
	}
}

// waitBusy waits, on Linux, until process pid has used cpu of processor
// time (user and system, /proc/PID/stat fields 14 and 15, in clock ticks
// of 10 ms), or until limit; elsewhere it returns at once.
func waitBusy(pid int, cpu, limit time.Duration) {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			return
		}
		// The command's name (field 2) is in parentheses and may hold
		// spaces: the fields are counted after its closing one.
		f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
		if len(f) < 13 {
			return
		}
		utime, _ := strconv.Atoi(f[11])
		stime, _ := strconv.Atoi(f[12])
		if time.Duration(utime+stime)*10*time.Millisecond >= cpu {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}
