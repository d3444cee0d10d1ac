package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service/endpoint"
)

// errShutdown is the cause with which requests still running when the
// shutdown deadline passes are cancelled.
var errShutdown = endpoint.ErrShutdown

// httpServer is the http.Server of s: its time limits, header limit and
// error log; each request's context derives from base. Serve it on a
// jsonErrorListener, so that the errors net/http answers itself are JSON.
func (s *Server) httpServer(base context.Context) *http.Server {
	return &http.Server{
		Handler:           s,
		BaseContext:       func(net.Listener) context.Context { return base },
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       s.cfg.Timeout, // a body sent slowly holds no run slot, but is cut off
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    MaxHeaderBytes,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
}

// Run serves cfg.Addr until ctx ends, then shuts down gracefully: it stops
// accepting connections, lets the requests in flight finish for up to
// cfg.ShutdownTimeout, then cancels those still running (their backends
// see their contexts end; they are answered 503) and closes what is left.
// It returns nil after a shutdown, or the error that stopped it serving.
func Run(ctx context.Context, cfg Config, b endpoint.Backend, log *slog.Logger) error {
	s, err := New(cfg, b, log)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return err
	}
	base, cancelBase := context.WithCancelCause(context.Background())
	defer cancelBase(nil)
	srv := s.httpServer(base)
	addr := ln.Addr()
	if ta, ok := addr.(*net.TCPAddr); ok && !ta.IP.IsLoopback() {
		log.Warn("listening beyond this machine: anyone who can reach the address may run simulations", "addr", addr.String())
	}
	log.Info("listening", "addr", addr.String())
	if cfg.OnListen != nil {
		cfg.OnListen(addr)
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(jsonErrorListener{ln, log}) }()
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down", "in_flight", s.inFlight.Load(), "deadline", cfg.ShutdownTimeout)
	sctx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	err = srv.Shutdown(sctx)
	if errors.Is(err, context.DeadlineExceeded) {
		// Cancel what still runs; its handlers answer 503 at once.
		log.Warn("shutdown deadline passed: cancelling the requests still running", "in_flight", s.inFlight.Load())
		cancelBase(errShutdown)
		grace, cancelGrace := context.WithTimeout(context.Background(), time.Second)
		defer cancelGrace()
		if err = srv.Shutdown(grace); err != nil {
			err = srv.Close()
		}
	}
	if err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	log.Info("stopped")
	return nil
}
