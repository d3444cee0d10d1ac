package service

import (
	"net/http/httptest"
	"strings"
	"testing"
)

// TestHostAllowList: listening on loopback the service answers a Host
// naming loopback (any port) or an --allow-host name, and refuses any other
// (a DNS-rebinding page's own name) with a 421 JSON error; beyond loopback
// it answers any Host unless names are allowed.
func TestHostAllowList(t *testing.T) {
	for _, tc := range []struct {
		addr    string
		allowed []string
		host    string
		ok      bool
	}{
		{"127.0.0.1:8080", nil, "127.0.0.1:8080", true},
		{"127.0.0.1:8080", nil, "127.0.0.1", true},
		{"127.0.0.1:8080", nil, "localhost:9999", true},
		{"127.0.0.1:8080", nil, "LocalHost", true},
		{"127.0.0.1:8080", nil, "[::1]:8080", true},
		{"127.0.0.1:8080", nil, "127.1.2.3:80", true},
		{"127.0.0.1:8080", nil, "attacker.example:8080", false},
		{"127.0.0.1:8080", nil, "attacker.example", false},
		{"127.0.0.1:8080", nil, "localhost.attacker.example", false},
		{"127.0.0.1:8080", nil, "10.0.0.1:8080", false},
		{"127.0.0.1:8080", nil, "", false},
		{"127.0.0.1:8080", []string{"ti4sim.example.org"}, "TI4SIM.example.org:443", true},
		{"127.0.0.1:8080", []string{"ti4sim.example.org"}, "other.example.org", false},
		{"localhost:0", nil, "attacker.example", false},
		{"[::1]:0", nil, "attacker.example", false},
		{"[::1]:0", nil, "[::1]:1234", true},
		{"0.0.0.0:8080", nil, "attacker.example", true},
		{":8080", nil, "anything.example", true},
		{"192.168.1.5:8080", []string{"ti4sim.lan"}, "ti4sim.lan:8080", true},
		{"192.168.1.5:8080", []string{"ti4sim.lan"}, "localhost:8080", true},
		{"192.168.1.5:8080", []string{"ti4sim.lan"}, "attacker.example", false},
	} {
		cfg := testConfig()
		cfg.Addr, cfg.AllowedHosts = tc.addr, tc.allowed
		s := newTestServer(t, cfg, newFake())
		for _, path := range []string{"/healthz", "/v1/combat"} {
			r := httptest.NewRequest("POST", "http://127.0.0.1"+path, strings.NewReader(`{}`))
			r.Header.Set("Content-Type", jsonType)
			if path == "/healthz" {
				r.Method = "GET"
			}
			r.Host = tc.host
			w := httptest.NewRecorder()
			s.ServeHTTP(w, r)
			if tc.ok {
				if w.Code != 200 {
					t.Errorf("listening on %s (allowed %q), Host %q, %s: %d %s; want 200", tc.addr, tc.allowed, tc.host, path, w.Code, w.Body)
				}
				continue
			}
			if w.Code != 421 {
				t.Errorf("listening on %s (allowed %q), Host %q, %s: %d; want 421", tc.addr, tc.allowed, tc.host, path, w.Code)
				continue
			}
			if e := decodeError(t, w); !strings.Contains(e.Error, "is not served here") || e.Path != "" {
				t.Errorf("Host %q: error %+v", tc.host, e)
			}
		}
	}
}

// TestAllowedHostsValidated: an --allow-host value with a port, a scheme or
// a path is refused when the service is configured.
func TestAllowedHostsValidated(t *testing.T) {
	for _, h := range []string{"ti4sim.example.org", "10.0.0.1", "::1", "[::1]", "ti4sim.local."} {
		cfg := testConfig()
		cfg.AllowedHosts = []string{h}
		if err := cfg.Validate(); err != nil {
			t.Errorf("%q refused: %v", h, err)
		}
	}
	for _, h := range []string{"", "ti4sim.example.org:8080", "http://ti4sim.example.org", "a/b", "a b", "user@host", "[::1]:80"} {
		cfg := testConfig()
		cfg.AllowedHosts = []string{h}
		if err := cfg.Validate(); err == nil {
			t.Errorf("%q accepted", h)
		}
	}
}
