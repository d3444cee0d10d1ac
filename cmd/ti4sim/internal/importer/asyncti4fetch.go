package importer

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/url"
)

// FetchAsyncTI4 fetches a save over HTTPS with the client (whose Timeout
// bounds the whole fetch): an address that is not https://, an answer
// other than 200 or a body over MaxAsyncTI4Save bytes is an error.
func FetchAsyncTI4(ctx context.Context, client *http.Client, address string) ([]byte, error) {
	u, err := url.Parse(address)
	if err != nil || u.Scheme != "https" || u.Host == "" {
		return nil, fmt.Errorf("%s: a save is fetched over HTTPS only (https://HOST/...)", clip(address))
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, err
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("fetching %s: %v", clip(u.Redacted()), err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("fetching %s: the server answered %s", clip(u.Redacted()), resp.Status)
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, MaxAsyncTI4Save+1))
	if err != nil {
		return nil, fmt.Errorf("fetching %s: %v", clip(u.Redacted()), err)
	}
	if len(data) > MaxAsyncTI4Save {
		return nil, fmt.Errorf("fetching %s: the save is over %d bytes", clip(u.Redacted()), MaxAsyncTI4Save)
	}
	return data, nil
}
