package web_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The reference answers a page's figures are checked against: the
// service's JSON for a document (POST /v1/KIND) and the command line's
// (ti4sim space --scenario FILE -o json), and the share links that carry a
// document.

// serviceAnswer posts doc to the service's /v1/KIND and returns its JSON
// answer, failing t unless the status is 200.
func serviceAnswer(t *testing.T, c *components, kind string, doc []byte) []byte {
	t.Helper()
	client := &http.Client{Timeout: 60 * time.Second}
	resp, err := client.Post(c.served+"/v1/"+kind, "application/json", bytes.NewReader(doc))
	if err != nil {
		t.Fatalf("POST /v1/%s: %v", kind, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("POST /v1/%s: reading the answer: %v", kind, err)
	}
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("POST /v1/%s: %s %s\ndocument: %s", kind, resp.Status, body, doc)
	}
	return body
}

// cliAnswer runs `ti4sim ACTION --scenario FILE -o json` on doc and returns
// its output.
func cliAnswer(t *testing.T, c *components, action string, doc []byte) []byte {
	t.Helper()
	file := filepath.Join(t.TempDir(), "scenario.json")
	if err := os.WriteFile(file, doc, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(c.bin, action, "--scenario", file, "-o", "json")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("ti4sim %s --scenario %s -o json: %v\n%s", action, file, err, stderr.String())
	}
	return out
}

// scenarioDoc is the document `ti4sim scenario ARGS...` prints, compacted
// (a share link carries it as it is).
func scenarioDoc(t *testing.T, c *components, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(c.bin, append([]string{"scenario"}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("ti4sim scenario %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	var doc bytes.Buffer
	if err := json.Compact(&doc, out); err != nil {
		t.Fatalf("ti4sim scenario %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return doc.Bytes()
}

// shareLink is the page's link for a document: base URL, then
// #KIND=base64url(document) without padding.
func shareLink(base, kind string, doc []byte) string {
	return base + "/#" + kind + "=" + base64.RawURLEncoding.EncodeToString(doc)
}

// linkDocument decodes the document from a location.hash "#KIND=…".
func linkDocument(t *testing.T, hash, kind string) []byte {
	t.Helper()
	prefix := "#" + kind + "="
	if !strings.HasPrefix(hash, prefix) {
		t.Fatalf("location.hash is %q, want %s<base64url document>", hash, prefix)
	}
	doc, err := base64.RawURLEncoding.DecodeString(strings.TrimPrefix(hash, prefix))
	if err != nil {
		t.Fatalf("location.hash %q: %v", hash, err)
	}
	return doc
}
