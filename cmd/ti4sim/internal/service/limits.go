package service

import (
	"fmt"
	"io/fs"
	"net"
	"net/url"
	"time"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service/endpoint"
)

// Config is the service's address, limits and page. DefaultConfig gives
// the defaults; every field but OnListen and Page is a `ti4sim serve`
// flag.
type Config struct {
	// Addr is the TCP address to listen on (--addr). The default,
	// 127.0.0.1:8080, is reachable from this machine only; port 0 picks a
	// free port.
	Addr string
	// MaxTrials is the most Monte Carlo trials one request may ask for
	// (--max-trials); more is answered 422.
	MaxTrials int64
	// MaxExactStates is the most joint unit states an exact combat may
	// reach (--max-exact-states); one that reaches more is answered 422. It
	// bounds the exact solver's memory and time.
	MaxExactStates int
	// MaxBodyBytes is the largest request body (--max-body); a larger one
	// is answered 413.
	MaxBodyBytes int64
	// Timeout is the most time one request may take, waiting in the queue
	// included (--timeout); a run still going then is stopped and answered
	// 503.
	Timeout time.Duration
	// MaxDice is the most dice one request's Monte Carlo run may be
	// estimated to roll, all its variants or fleets together (--max-dice);
	// more is answered 422 before it runs, saying how many trials fit.
	// One core rolls about 2×10⁸ dice a second.
	MaxDice float64
	// MaxConcurrent is the most runs (combat, compare, advise, vote)
	// computed at once (--max-concurrent). No client holds more than
	// MaxConcurrent − 1 of them (at least 1), nor do heavy runs (over
	// HeavyDice, the best hit assignment, the advisor, exact votes)
	// together, so a light run always finds a slot soon; heavy runs use
	// all cores but one.
	MaxConcurrent int
	// MaxQueue is the most runs waiting for one of the MaxConcurrent slots
	// (--max-queue), a quarter of them (at least 1) from one client; a run
	// arriving when the queue, or its client's share, is full is answered
	// 429 with Retry-After. When a slot frees, the waiting run whose
	// client computes the fewest runs starts, the oldest first.
	MaxQueue int
	// CORSOrigins are the origins (scheme://host[:port], exact match) whose
	// pages may call the service from a browser (--cors-origin); none:
	// cross-origin calls are refused by the browser.
	CORSOrigins []string
	// AllowedHosts are the Host names (no port; any port is allowed)
	// answered besides loopback's (--allow-host), for a proxy that passes
	// its own name on. Listening on loopback the service answers loopback
	// names and these only; beyond loopback, these and loopback's when
	// some are given, any Host otherwise. Others are answered 421.
	AllowedHosts []string
	// ShutdownTimeout is how long, on SIGINT or SIGTERM, requests in
	// flight may finish before they are cancelled (--shutdown-timeout).
	ShutdownTimeout time.Duration
	// OnListen, if not nil, is called with the bound address once the
	// service listens (the address chosen for port 0).
	OnListen func(addr net.Addr)
	// Page, if not nil, are the files of a page answered at / (its
	// index.html) and at their own paths (GET and HEAD), the API's paths
	// first. nil: no page, / is 404.
	Page fs.FS
}

// Bounds of the limits: a Config outside them is refused.
const (
	// MaxTrialsLimit is the largest MaxTrials (the engine's own limit).
	MaxTrialsLimit = 1_000_000_000
	// MaxExactStatesLimit is the largest MaxExactStates (the exact
	// solver's own limit, combat.MaxExactStates).
	MaxExactStatesLimit = 1 << 22
	// MaxDiceLimit is the largest MaxDice: 10¹³ dice, about 14 hours of a
	// core.
	MaxDiceLimit = 1e13
)

// DefaultConfig returns the defaults: loopback on port 8080; 10,000,000
// trials, 2×10⁹ dice (about 10 s of a core) and 1,048,576 exact states a
// request; 1 MiB bodies; 60 s a request; GOMAXPROCS runs at once (at least
// 2) with 64 waiting; no CORS; 10 s to shut down.
func DefaultConfig() Config {
	d := endpoint.DefaultConfig()
	return Config{
		Addr:            "127.0.0.1:8080",
		MaxTrials:       d.MaxTrials,
		MaxExactStates:  d.MaxExactStates,
		MaxDice:         d.MaxDice,
		MaxBodyBytes:    d.MaxBodyBytes,
		Timeout:         d.Timeout,
		MaxConcurrent:   d.MaxConcurrent,
		MaxQueue:        d.MaxQueue,
		ShutdownTimeout: 10 * time.Second,
	}
}

// Validate reports the first field out of its range.
func (c Config) Validate() error {
	switch {
	case c.MaxTrials < 1 || c.MaxTrials > MaxTrialsLimit:
		return fmt.Errorf("max trials %d out of range: allowed 1..%d", c.MaxTrials, MaxTrialsLimit)
	case c.MaxExactStates < 1 || c.MaxExactStates > MaxExactStatesLimit:
		return fmt.Errorf("max exact states %d out of range: allowed 1..%d", c.MaxExactStates, MaxExactStatesLimit)
	case !(c.MaxDice >= 1 && c.MaxDice <= MaxDiceLimit):
		return fmt.Errorf("max dice %v out of range: allowed 1..%g", c.MaxDice, float64(MaxDiceLimit))
	case c.MaxBodyBytes < 1 || c.MaxBodyBytes > 1<<30:
		return fmt.Errorf("max body %d bytes out of range: allowed 1..%d", c.MaxBodyBytes, 1<<30)
	case c.Timeout <= 0:
		return fmt.Errorf("timeout %v out of range: must be positive", c.Timeout)
	case c.MaxConcurrent < 1 || c.MaxConcurrent > 4096:
		return fmt.Errorf("max concurrent %d out of range: allowed 1..4096", c.MaxConcurrent)
	case c.MaxQueue < 0 || c.MaxQueue > 1<<20:
		return fmt.Errorf("max queue %d out of range: allowed 0..%d", c.MaxQueue, 1<<20)
	case c.ShutdownTimeout < 0:
		return fmt.Errorf("shutdown timeout %v out of range: must not be negative", c.ShutdownTimeout)
	}
	for _, o := range c.CORSOrigins {
		u, err := url.Parse(o)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Path != "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
			return fmt.Errorf("CORS origin %q: want scheme://host[:port], e.g. http://localhost:3000", o)
		}
	}
	for _, h := range c.AllowedHosts {
		if err := validAllowedHost(h); err != nil {
			return err
		}
	}
	return nil
}

// endpoint is the part of c the answers without transport obey.
func (c Config) endpoint() endpoint.Config {
	return endpoint.Config{MaxTrials: c.MaxTrials, MaxExactStates: c.MaxExactStates, MaxDice: c.MaxDice, MaxBodyBytes: c.MaxBodyBytes,
		Timeout: c.Timeout, MaxConcurrent: c.MaxConcurrent, MaxQueue: c.MaxQueue}
}
