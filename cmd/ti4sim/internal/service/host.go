package service

import (
	"fmt"
	"net"
	"net/http"
	"slices"
	"strings"

	"github.com/ti4sim/ti4sim/internal/echo"
)

// hostCheck is the Host allow-list, the defence against DNS rebinding: a
// page on a name the attacker controls, made to resolve to 127.0.0.1,
// sends its requests with its own name as Host. When the service listens
// on a loopback address (127.0.0.0/8, ::1, localhost) it answers only a
// Host naming loopback — localhost, a 127.0.0.0/8 address or [::1], with
// any port or none (the port plays no part in rebinding) — or one of
// Config.AllowedHosts (--allow-host, for a proxy that passes its own name
// on). Listening beyond loopback it answers any Host unless AllowedHosts
// are given, which then are the only names answered besides loopback's.
// Any other Host is refused 421 Misdirected Request.
type hostCheck struct {
	on      bool
	allowed []string // lower case, without brackets
}

// newHostCheck is the check for a service listening on addr, answering
// the extra names too.
func newHostCheck(addr string, extra []string) hostCheck {
	h := hostCheck{on: len(extra) > 0 || loopbackAddr(addr)}
	for _, name := range extra {
		h.allowed = append(h.allowed, normalHost(name))
	}
	return h
}

// loopbackAddr reports whether the listen address addr (host:port) is a
// loopback one.
func loopbackAddr(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	return err == nil && loopbackName(normalHost(host))
}

// loopbackName reports whether host (normalHost) names this machine's
// loopback interface.
func loopbackName(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// normalHost is host in lower case, without the brackets of an IPv6
// literal and without a trailing dot.
func normalHost(host string) string {
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	return strings.TrimSuffix(strings.ToLower(host), ".")
}

// hostOf is the name of a Host header, its port (if any) removed.
func hostOf(header string) string {
	if h, _, err := net.SplitHostPort(header); err == nil {
		return normalHost(h)
	}
	return normalHost(header)
}

// permits reports whether the Host header is answered.
func (h hostCheck) permits(header string) bool {
	if !h.on {
		return true
	}
	name := hostOf(header)
	return name != "" && (loopbackName(name) || slices.Contains(h.allowed, name))
}

// checkHost refuses, 421 with a JSON error, a request whose Host the
// service does not answer (hostCheck).
func (s *Server) checkHost(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if s.hosts.permits(r.Host) {
			next.ServeHTTP(w, r)
			return
		}
		names := "localhost, 127.0.0.1 or [::1] (any port)"
		if len(s.hosts.allowed) > 0 {
			names += " or " + strings.Join(s.hosts.allowed, ", ")
		}
		writeError(w, http.StatusMisdirectedRequest, "", fmt.Sprintf("Host %s is not served here: this service answers %s; a proxy's name may be allowed with --allow-host", echo.Quote(r.Host), names))
	})
}

// validAllowedHost reports what is wrong with an --allow-host name, or nil:
// a host name (letters, digits, '-', '_', '.') or an IP address, no port.
func validAllowedHost(name string) error {
	if _, _, err := net.SplitHostPort(name); err == nil {
		return fmt.Errorf("allowed host %q: give the name without a port (every port is allowed)", name)
	}
	host := normalHost(name)
	if net.ParseIP(host) != nil {
		return nil
	}
	if host == "" || strings.IndexFunc(host, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.')
	}) >= 0 {
		return fmt.Errorf("allowed host %q: want a host name or an IP address, e.g. ti4sim.example.org", name)
	}
	return nil
}
