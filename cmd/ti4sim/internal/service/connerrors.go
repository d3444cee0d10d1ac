package service

import (
	"bytes"
	"fmt"
	"log/slog"
	"net"
	"strconv"
	"strings"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service/endpoint"
)

// MaxHeaderBytes is the most bytes of request line and headers a request
// may have (http.Server.MaxHeaderBytes; net/http reads 4 KiB more before it
// gives up); more is answered 431.
const MaxHeaderBytes = endpoint.MaxHeaderBytes

// net/http answers a request it cannot read (headers too large, a
// malformed request line or header, an unsupported Transfer-Encoding)
// itself, before any handler runs, by writing on the connection in one
// Write the status line, these headers, and a text body. jsonErrorConn
// recognises that write and answers the same status as a JSON error
// instead, so that every error the service sends is JSON.
//
// Why here: a handler never sees such a request, and enforcing a header
// limit in a middleware under a larger MaxHeaderBytes would still leave
// net/http's own answer for headers beyond that. The write is recognised
// exactly: the status line followed at once by these two headers and the
// blank line; a handler's answer never starts so (its headers are written
// sorted and always carry Date). Should net/http change its wording, the
// plain answer goes out unchanged, and TestConnErrorsAreJSON says so.
const netHTTPErrorHeaders = "\r\nContent-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n"

// jsonErrorListener hands out connections whose net/http error answers
// are rewritten as JSON (jsonErrorConn).
type jsonErrorListener struct {
	net.Listener
	log *slog.Logger
}

// Accept waits for the next connection.
func (l jsonErrorListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &jsonErrorConn{Conn: c, log: l.log}, nil
}

// jsonErrorConn is a connection whose net/http error answers are JSON.
type jsonErrorConn struct {
	net.Conn
	log *slog.Logger
}

// Write writes p, or the JSON form of p when p is net/http's own error
// answer; it reports len(p) written when the answer is.
func (c *jsonErrorConn) Write(p []byte) (int, error) {
	status, text, ok := netHTTPError(p)
	if !ok {
		return c.Conn.Write(p)
	}
	msg := "malformed HTTP request"
	if _, detail, ok := strings.Cut(text, ": "); ok {
		msg += ": " + detail
	}
	switch status {
	case 431:
		msg = fmt.Sprintf("request headers larger than the limit of %d bytes", MaxHeaderBytes)
	case 501:
		msg = "unsupported Transfer-Encoding: send the body with Content-Length or chunked"
	}
	c.log.Info("request refused unread", "remote", c.RemoteAddr().String(), "status", status, "err", text)
	b := bytes.NewBuffer(endpoint.ErrorJSON(endpoint.Failure{Status: status, Msg: msg}, ""))
	head := fmt.Sprintf("HTTP/1.1 %s\r\nContent-Type: application/json\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\nContent-Length: %d\r\n\r\n", statusLine(p), b.Len())
	if _, err := c.Conn.Write(append([]byte(head), b.Bytes()...)); err != nil {
		return 0, err
	}
	return len(p), nil
}

// netHTTPError reports whether p is net/http's own error answer, with its
// status and its text (the body).
func netHTTPError(p []byte) (status int, text string, ok bool) {
	s := string(p)
	rest, found := strings.CutPrefix(s, "HTTP/1.1 ")
	if !found || len(rest) < 4 || rest[3] != ' ' {
		return 0, "", false
	}
	status, err := strconv.Atoi(rest[:3])
	line, body, found := strings.Cut(rest, netHTTPErrorHeaders)
	if err != nil || status < 400 || status > 599 || !found || strings.ContainsAny(line, "\r\n") {
		return 0, "", false
	}
	return status, strings.TrimPrefix(body, rest[:4]), true
}

// statusLine is the status and reason of net/http's error answer p, its
// detail (after a colon) left out: "400 Bad Request".
func statusLine(p []byte) string {
	line, _, _ := strings.Cut(strings.TrimPrefix(string(p), "HTTP/1.1 "), "\r\n")
	line, _, _ = strings.Cut(line, ":")
	return line
}
