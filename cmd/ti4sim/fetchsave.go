package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"time"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/importer"
	"github.com/ti4sim/ti4sim/internal/echo"
)

// newFetchClient is the client of ti4sim import asyncti4's fetches: the
// timeout bounds each whole fetch, and a redirect may not leave HTTPS.
func newFetchClient() *http.Client {
	return &http.Client{Timeout: 30 * time.Second, CheckRedirect: httpsOnlyRedirect}
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

// statusError is an answer other than 200.
type statusError struct {
	address, status string
	code            int
}

func (e *statusError) Error() string {
	return fmt.Sprintf("fetching %s: the server answered %s", echo.Quote(e.address), e.status)
}

// fetchSave fetches an AsyncTI4 game (a save, web-data or game state)
// over HTTPS with the client (whose Timeout bounds the whole fetch) for
// ti4sim import asyncti4 URL and --game: an address that is not https://,
// an answer other than 200 (a *statusError) or a body over
// importer.MaxAsyncTI4Save bytes is an error. It is the CLI's: the
// service and the page's engine fetch nothing (and carry no HTTP client).
func fetchSave(ctx context.Context, client *http.Client, address string) ([]byte, error) {
	u, err := url.Parse(address)
	if err != nil || u.Scheme != "https" || u.Host == "" {
		return nil, fmt.Errorf("%s: a game is fetched over HTTPS only (https://HOST/...)", echo.Quote(address))
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
		return nil, &statusError{address: u.Redacted(), status: resp.Status, code: resp.StatusCode}
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, importer.MaxAsyncTI4Save+1))
	if err != nil {
		return nil, fmt.Errorf("fetching %s: %v", echo.Quote(u.Redacted()), err)
	}
	if len(data) > importer.MaxAsyncTI4Save {
		return nil, fmt.Errorf("fetching %s: the answer is over %d bytes", echo.Quote(u.Redacted()), importer.MaxAsyncTI4Save)
	}
	return data, nil
}
