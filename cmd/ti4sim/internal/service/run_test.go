package service

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestRunShutsDownGracefully: Run reports its address, serves, and when
// its context ends cancels a run still going at the shutdown deadline
// (answered 503, shutting down) and returns nil.
func TestRunShutsDownGracefully(t *testing.T) {
	cfg := testConfig()
	cfg.Addr = "127.0.0.1:0"
	cfg.ShutdownTimeout = 50 * time.Millisecond
	addr := make(chan string, 1)
	cfg.OnListen = func(a net.Addr) { addr <- a.String() }
	f := newFake()
	ctx, stop := context.WithCancel(context.Background())
	ran := make(chan error, 1)
	go func() { ran <- Run(ctx, cfg, f, quietLogger()) }()
	url := "http://" + <-addr
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("listening on %s", url)
	}
	answered := make(chan int, 1)
	var body errorBody
	go func() {
		resp, err := http.Post(url+"/v1/combat", jsonType, strings.NewReader(`{"do":"block"}`))
		if err != nil {
			answered <- -1
			return
		}
		json.NewDecoder(resp.Body).Decode(&body)
		resp.Body.Close()
		answered <- resp.StatusCode
	}()
	<-f.started
	stop()
	if err := <-ran; err != nil {
		t.Fatalf("Run: %v", err)
	}
	if code := <-answered; code != 503 || !strings.Contains(body.Error, "shutting down") {
		t.Errorf("the run cancelled by the shutdown answered %d %+v", code, body)
	}
	if err := <-f.done; err != context.Canceled {
		t.Errorf("the backend's context ended with %v", err)
	}
}

// TestRunRefusesBadConfig: Run checks the Config before listening.
func TestRunRefusesBadConfig(t *testing.T) {
	cfg := testConfig()
	cfg.MaxConcurrent = 0
	if err := Run(context.Background(), cfg, newFake(), quietLogger()); err == nil || !strings.Contains(err.Error(), "max concurrent") {
		t.Errorf("err = %v", err)
	}
}
