package service

import (
	"net"
	"net/http"
)

// clientOf names the client of r for the gate's fairness: its IP address;
// on loopback, where every local program shares one address, its
// connection (address and port), so that local clients, a page and a bot,
// are told apart.
func clientOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsLoopback() {
		return r.RemoteAddr
	}
	return host
}
