// Package fetch fetches an AsyncTI4 game (a save, web-data or game state)
// over HTTPS for ti4sim import asyncti4 URL and --game. It is the network
// program ti4sim-net's (its fetch command); the ti4sim program links no
// HTTP client and runs ti4sim-net fetch instead. The service and the page's
// engine fetch nothing.
package fetch

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/cliflag"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/importer"
	"github.com/ti4sim/ti4sim/internal/echo"
)

// Timeout bounds each whole fetch of NewClient's client.
const Timeout = 30 * time.Second

// NewClient is the client of ti4sim import asyncti4's fetches: Timeout
// bounds each whole fetch, and a redirect may not leave HTTPS.
func NewClient() *http.Client {
	return &http.Client{Timeout: Timeout, CheckRedirect: httpsOnlyRedirect}
}

// httpsOnlyRedirect refuses a redirect to an address that is not https://
// (and more than 10 redirects, as net/http's default does).
func httpsOnlyRedirect(req *http.Request, via []*http.Request) error {
	if req.URL.Scheme != "https" {
		return fmt.Errorf("redirected to %s: a game is fetched over HTTPS only", echo.Quote(req.URL.Redacted()))
	}
	if len(via) >= 10 {
		return fmt.Errorf("stopped after 10 redirects")
	}
	return nil
}

// StatusError is an answer other than 200: the address fetched (its
// password redacted), the status line's text ("404 Not Found") and code.
type StatusError struct {
	Address, Status string
	Code            int
}

func (e *StatusError) Error() string {
	return "fetching " + echo.Quote(e.Address) + ": " + cliflag.Answered + e.Status
}

// StatusCode is the answer's HTTP status code.
func (e *StatusError) StatusCode() int { return e.Code }

// Save fetches an AsyncTI4 game (a save, web-data or game state) over
// HTTPS with the client (whose Timeout bounds the whole fetch): an address
// that is not https://, an answer other than 200 (a *StatusError) or a
// body over maxBytes bytes is an error.
func Save(ctx context.Context, client *http.Client, address string, maxBytes int64) ([]byte, error) {
	u, err := importer.AsyncTI4Address(address)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("fetching %s: %v", echo.Quote(u.Redacted()), err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, &StatusError{Address: u.Redacted(), Status: resp.Status, Code: resp.StatusCode}
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("fetching %s: %v", echo.Quote(u.Redacted()), err)
	}
	if int64(len(data)) > maxBytes {
		return nil, fmt.Errorf("fetching %s: the answer is over %d bytes", echo.Quote(u.Redacted()), maxBytes)
	}
	return data, nil
}
