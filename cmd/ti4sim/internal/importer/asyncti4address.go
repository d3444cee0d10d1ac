package importer

import (
	"fmt"
	"net/url"

	"github.com/ti4sim/ti4sim/internal/echo"
)

// AsyncTI4Address parses the address of an AsyncTI4 game to fetch (ti4sim
// import asyncti4 URL, --game): a game is fetched over HTTPS only, so an
// address that is not https://HOST/... is an error.
func AsyncTI4Address(address string) (*url.URL, error) {
	u, err := url.Parse(address)
	if err != nil || u.Scheme != "https" || u.Host == "" {
		return nil, fmt.Errorf("%s: a game is fetched over HTTPS only (https://HOST/...)", echo.Quote(address))
	}
	return u, nil
}
