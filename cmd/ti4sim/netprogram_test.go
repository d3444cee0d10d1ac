package main

import (
	"context"
	"encoding/pem"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestNoNetworkLinked: the ti4sim program links no HTTP, TLS or service
// code (their initialisation and size cost every command at start); serve
// and import's fetches run ti4sim-net. pflag's IP flags still link net.
func TestNoNetworkLinked(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/ti4sim/ti4sim/cmd/ti4sim").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range strings.Fields(string(out)) {
		if p == "net/http" || strings.HasPrefix(p, "net/http/") || p == "crypto/tls" || p == "github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service" {
			t.Errorf("ti4sim links %s: the network belongs to ti4sim-net", p)
		}
	}
}

// tlsGameServer serves the AsyncTI4 save at /pbd10972.txt over TLS (404
// elsewhere) and writes its certificate as PEM to a file that
// SSL_CERT_FILE names for this test and the programs it starts (Go's
// crypto/x509 reads it on Linux).
func tlsGameServer(t *testing.T) *httptest.Server {
	t.Helper()
	save, err := os.ReadFile(asyncSave)
	if err != nil {
		t.Fatal(err)
	}
	webData, err := os.ReadFile(asyncWebData)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/pbd10972.txt":
			w.Write(save)
		case "/api/public/game/pbd10972/web-data":
			w.Write(webData)
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	cert := filepath.Join(t.TempDir(), "cert.pem")
	if err := os.WriteFile(cert, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw}), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv("SSL_CERT_FILE", cert)
	return srv
}

// TestNetProgram runs the built programs: ti4sim serve's help is
// ti4sim-net's; ti4sim serve's process becomes ti4sim-net (exec, on Linux)
// and dies by SIGPIPE on a broken stdout, as a Go program does; ti4sim import asyncti4 https://... fetches through
// ti4sim-net (a local TLS server) and prints what reading the file
// prints; an answer of 404 is exit 2 naming it, and --game's 404 keeps
// its wording; a ti4sim with no ti4sim-net beside it or on PATH says
// so in one line and exits 1.
func TestNetProgram(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binaries")
	}
	bin := buildBinary(t)
	netBin := filepath.Join(filepath.Dir(bin), "ti4sim-net")
	want, err := os.ReadFile(filepath.Join(repoRoot, "testdata", "asyncti4_pbd10972_310.json"))
	if err != nil {
		t.Fatal(err)
	}
	srv := tlsGameServer(t)

	t.Run("serve help", func(t *testing.T) {
		help, err := exec.Command(bin, "serve", "--help").Output()
		if err != nil || !strings.HasPrefix(string(help), "Usage: ti4sim serve [--addr 127.0.0.1:8080] [flags]\n") || !strings.Contains(string(help), "--max-trials int") {
			t.Fatalf("ti4sim serve --help: %v\n%s", err, help)
		}
		again, err := exec.Command(bin, "help", "serve").Output()
		if err != nil || string(again) != string(help) {
			t.Errorf("ti4sim help serve: %v; differs from serve --help:\n%s", err, again)
		}
	})
	t.Run("serve becomes ti4sim-net", func(t *testing.T) {
		cmd, _, _ := startServe(t, bin)
		proc := fmt.Sprintf("/proc/%d/", cmd.Process.Pid)
		exe, err := os.Readlink(proc + "exe")
		if err != nil {
			t.Skipf("no /proc: %v", err)
		}
		if exe != netBin {
			t.Errorf("the process of ti4sim serve runs %s, want %s", exe, netBin)
		}
		// A broken stdout kills the server by SIGPIPE, as any Go program
		// writing to fd 1 (ti4sim's own commands ignore SIGPIPE and exit
		// 1 "writing output"). runNetProgram restores SIGPIPE's default
		// before exec; Go's runtime would die by it even if the ignore
		// were inherited, so this checks the behaviour, not that call.
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		r.Close()
		help := exec.Command(bin, "serve", "--help")
		help.Stdout = w
		err = help.Run()
		w.Close()
		if ws, ok := help.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGPIPE {
			t.Errorf("ti4sim serve --help into a closed pipe: %v; want killed by SIGPIPE, as a Go program is", err)
		}
	})
	t.Run("import https", func(t *testing.T) {
		cmd := exec.Command(bin, "import", "asyncti4", srv.URL+"/pbd10972.txt", "--tile", "310")
		var errb strings.Builder
		cmd.Stderr = &errb
		out, err := cmd.Output()
		if err != nil || string(out) != string(want) {
			t.Fatalf("import asyncti4 %s/pbd10972.txt: %v, stderr %q:\n%s", srv.URL, err, errb.String(), out)
		}
		cmd = exec.Command(bin, "import", "asyncti4", srv.URL+"/missing", "--tile", "310")
		errb.Reset()
		cmd.Stderr = &errb
		if err := cmd.Run(); cmd.ProcessState.ExitCode() != exitUsage || strings.Count(errb.String(), "\n") != 1 ||
			!strings.HasPrefix(errb.String(), "ti4sim: import asyncti4: fetching ") || !strings.Contains(errb.String(), "the server answered 404 Not Found") {
			t.Errorf("a 404: %v, stderr %q", err, errb.String())
		}
	})
	t.Run("game 404", func(t *testing.T) {
		var out, errb strings.Builder
		e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, botAPI: srv.URL,
			fetch: func(ctx context.Context, address string) ([]byte, error) { return fetchBy(ctx, netBin, address) }}
		c := lookupCommand("import")
		code := fail(&errb, c.run(context.Background(), c, []string{"asyncti4", "--game", "pbd2", "--tile", "310"}, e))
		if code != exitUsage || !strings.Contains(errb.String(), "404 Not Found (no such game, or a fog-of-war game") {
			t.Errorf("--game pbd2: exit %d, stderr %q", code, errb.String())
		}
		out.Reset()
		errb.Reset()
		code = fail(&errb, c.run(context.Background(), c, []string{"asyncti4", "--game", "pbd10972", "--tile", "310"}, e))
		if code != exitOK || out.String() != string(want) {
			t.Errorf("--game pbd10972: exit %d, stderr %q:\n%s", code, errb.String(), out.String())
		}
	})
	t.Run("missing", func(t *testing.T) {
		alone := filepath.Join(t.TempDir(), "ti4sim")
		data, err := os.ReadFile(bin)
		if err == nil {
			err = os.WriteFile(alone, data, 0o755)
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, args := range [][]string{{"serve"}, {"help", "serve"}, {"import", "asyncti4", srv.URL + "/pbd10972.txt", "--tile", "310"}} {
			cmd := exec.Command(alone, args...)
			cmd.Env = append(os.Environ(), "PATH="+t.TempDir())
			var errb strings.Builder
			cmd.Stderr = &errb
			_ = cmd.Run()
			want := "needs the program ti4sim-net, found neither beside " + alone + " nor on PATH; install both with: go install github.com/ti4sim/ti4sim/cmd/ti4sim@latest github.com/ti4sim/ti4sim/cmd/ti4sim/ti4sim-net@latest\n"
			if code := cmd.ProcessState.ExitCode(); code != exitRuntime || strings.Count(errb.String(), "\n") != 1 || !strings.HasPrefix(errb.String(), "ti4sim: ") || !strings.HasSuffix(errb.String(), want) {
				t.Errorf("%q with no ti4sim-net: exit %d, stderr %q; want exit 1 and one line ending %q", args, code, errb.String(), want)
			}
		}
	})
}
