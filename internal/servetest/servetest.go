// Package servetest builds the ti4sim programs and starts their service on a
// loopback port, the way a user starts it, for the tests that need the
// real thing (cmd/ti4sim, cmd/ti4sim/internal/web, bench/load). It is test support:
// nothing in production imports it.
package servetest

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"
)

// Build builds both programs of the command line, ti4sim and ti4sim-net,
// into dir (so that ti4sim serve finds ti4sim-net beside it) and returns
// ti4sim's path.
func Build(dir string) (string, error) {
	out, err := exec.Command("go", "build", "-o", dir+string(filepath.Separator),
		"github.com/ti4sim/ti4sim/cmd/ti4sim", "github.com/ti4sim/ti4sim/cmd/ti4sim/ti4sim-net").CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("go build: %v\n%s", err, out)
	}
	return filepath.Join(dir, "ti4sim"), nil
}

// Buffer is a bytes.Buffer safe for a process's writes and a test's
// reads from other goroutines.
type Buffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// Server is a running `ti4sim serve`: its process, its base URL
// (http://127.0.0.1:PORT) and its log (stderr).
type Server struct {
	Cmd  *exec.Cmd
	URL  string
	Logs *Buffer
}

// listening starts the line the service prints once it listens.
const listening = "ti4sim serve: listening on "

// Start runs `bin serve --addr 127.0.0.1:0 args...` and waits, at most 30
// seconds, for the address it prints.
func Start(bin string, args ...string) (*Server, error) {
	s := &Server{Cmd: exec.Command(bin, append([]string{"serve", "--addr", "127.0.0.1:0"}, args...)...), Logs: &Buffer{}}
	s.Cmd.Stderr = s.Logs
	stdout, err := s.Cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := s.Cmd.Start(); err != nil {
		return nil, err
	}
	first := make(chan string, 1)
	go func() {
		lines := bufio.NewScanner(stdout)
		if lines.Scan() {
			first <- lines.Text()
		} else {
			first <- ""
		}
		_, _ = io.Copy(io.Discard, stdout)
	}()
	select {
	case line := <-first:
		url, ok := strings.CutPrefix(line, listening)
		if !ok {
			s.Stop()
			return nil, fmt.Errorf("ti4sim serve printed %q, want %q followed by its address; stderr:\n%s", line, listening, s.Logs)
		}
		s.URL = url
		return s, nil
	case <-time.After(30 * time.Second):
		s.Stop()
		return nil, errors.New("ti4sim serve printed no address within 30s")
	}
}

// Stop asks the service to stop (SIGTERM), as an operator does, and waits
// for it; after 10 seconds it kills it. It does nothing more when the
// process has already been waited for.
func (s *Server) Stop() {
	_ = s.Cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = s.Cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = s.Cmd.Process.Kill()
		<-done
	}
}
