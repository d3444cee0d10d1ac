package fetch

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/importer"
)

// asyncSave is a real save of the AsyncTI4 bot.
var asyncSave = filepath.Join("..", "importer", "testdata", "asyncti4", "pbd10972.txt")

// TestSave serves the real save from a local TLS server.
func TestSave(t *testing.T) {
	data, err := os.ReadFile(asyncSave)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/pbd10972.txt":
			w.Write(data)
		case "/big":
			w.Write([]byte(strings.Repeat("x", importer.MaxAsyncTI4Save+1)))
		case "/to-http":
			http.Redirect(w, r, "http://"+r.Host+"/pbd10972.txt", http.StatusFound)
		case "/to-https":
			http.Redirect(w, r, "/pbd10972.txt", http.StatusFound)
		case "/slow":
			time.Sleep(2 * time.Second)
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	ctx := context.Background()
	got, err := Save(ctx, srv.Client(), srv.URL+"/pbd10972.txt", importer.MaxAsyncTI4Save)
	if err != nil || string(got) != string(data) {
		t.Fatalf("fetch: %v, %d bytes, want %d", err, len(got), len(data))
	}
	g, err := importer.ReadAsyncTI4Save(strings.NewReader(string(got)))
	if err != nil || g.Tiles["310"] == nil {
		t.Fatalf("the fetched save: %v", err)
	}
	// The CLI's client follows a redirect within HTTPS only.
	httpsOnly := *srv.Client() // a copy: srv.Client() is one client, shared
	httpsOnly.CheckRedirect = NewClient().CheckRedirect
	if got, err := Save(ctx, &httpsOnly, srv.URL+"/to-https", importer.MaxAsyncTI4Save); err != nil || string(got) != string(data) {
		t.Errorf("a redirect within HTTPS: %v", err)
	}
	if _, err := Save(ctx, &httpsOnly, srv.URL+"/to-http", importer.MaxAsyncTI4Save); err == nil || !strings.Contains(err.Error(), "HTTPS only") {
		t.Errorf("a redirect to http://: err %v, want one saying HTTPS only", err)
	}
	slow := *srv.Client() // a copy: srv.Client() is one client, shared
	slow.Timeout = 100 * time.Millisecond
	for _, c := range []struct {
		client *http.Client
		url    string
		want   string
	}{
		{srv.Client(), srv.URL + "/missing", "404"},
		{srv.Client(), srv.URL + "/big", "over"},
		{&slow, srv.URL + "/slow", "fetching"},
		{srv.Client(), strings.Replace(srv.URL, "https", "http", 1) + "/pbd10972.txt", "HTTPS only"},
	} {
		if _, err := Save(ctx, c.client, c.url, importer.MaxAsyncTI4Save); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err %v, want one containing %q", c.url, err, c.want)
		}
	}
}
