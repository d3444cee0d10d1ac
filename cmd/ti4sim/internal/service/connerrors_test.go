package service

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// serveLoopback serves s on a loopback port with the http.Server and the
// listener Run uses, and returns its address.
func serveLoopback(t *testing.T, s *Server) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := s.httpServer(context.Background())
	go srv.Serve(jsonErrorListener{ln, s.log})
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// rawRequest sends req as written on a new connection to addr and reads
// the answer.
func rawRequest(t *testing.T, addr, req string) (*http.Response, []byte) {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(10 * time.Second))
	go io.WriteString(c, req) // a too large request is answered before it is all sent
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("%.60q: %v", req, err)
	}
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%.60q: body: %v", req, err)
	}
	return resp, body
}

// connErrors are requests net/http answers itself, before any handler: the
// status and what the JSON error says.
var connErrors = []struct {
	name, req string
	status    int
	errHas    string
}{
	{"headers over the limit", "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + strings.Repeat("a", MaxHeaderBytes+8192) + "\r\n\r\n", 431, "request headers larger than the limit of 1048576 bytes"},
	{"many headers over the limit", "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n" + strings.Repeat("X-Many: "+strings.Repeat("b", 1000)+"\r\n", 1100) + "\r\n", 431, "larger than the limit"},
	{"no Host", "GET /healthz HTTP/1.1\r\n\r\n", 400, "malformed HTTP request: missing required Host header"},
	{"malformed request line", "GARBAGE\r\n\r\n", 400, "malformed HTTP request"},
	{"malformed header", "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nNo colon here\r\n\r\n", 400, "malformed HTTP request"},
	{"unsupported transfer encoding", "POST /v1/combat HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: gzip\r\n\r\n", 501, "unsupported Transfer-Encoding"},
}

// TestConnErrorsAreJSON: the requests net/http refuses before any handler
// runs (431 headers too large, 400 malformed, 501) are answered with their
// status and a JSON error, by the real server configuration on a loopback
// port; a well-formed request on the same server is answered as usual.
func TestConnErrorsAreJSON(t *testing.T) {
	addr := serveLoopback(t, newTestServer(t, testConfig(), newFake()))
	for _, tc := range connErrors {
		t.Run(tc.name, func(t *testing.T) {
			resp, body := rawRequest(t, addr, tc.req)
			if resp.StatusCode != tc.status || resp.Header.Get("Content-Type") != "application/json" {
				t.Fatalf("%d %q %s; want %d application/json", resp.StatusCode, resp.Header.Get("Content-Type"), body, tc.status)
			}
			var e errorBody
			dec := json.NewDecoder(strings.NewReader(string(body)))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&e); err != nil || !strings.Contains(e.Error, tc.errHas) || e.Path != "" {
				t.Errorf("body %s (%v): want an error saying %q", body, err, tc.errHas)
			}
		})
	}
	resp, body := rawRequest(t, addr, "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Fine: "+strings.Repeat("a", 1000)+"\r\n\r\n")
	if resp.StatusCode != 200 || string(body) != `{"status":"ok"}`+"\n" {
		t.Errorf("a well-formed request: %d %s", resp.StatusCode, body)
	}
}

// TestNetHTTPErrorRecognised: only net/http's own error answers are
// rewritten, never a handler's answer that looks like one.
func TestNetHTTPErrorRecognised(t *testing.T) {
	for _, p := range []string{
		"HTTP/1.1 200 OK" + netHTTPErrorHeaders + "fine",
		"HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Length: 3\r\nContent-Type: text/plain; charset=utf-8\r\nDate: x\r\n\r\nabc",
		"HTTP/1.1 4xx Bad" + netHTTPErrorHeaders,
		`{"error":"HTTP/1.1 400 Bad Request"}`,
	} {
		if _, _, ok := netHTTPError([]byte(p)); ok {
			t.Errorf("%q taken for net/http's error answer", p)
		}
	}
}
