package service

import (
	"testing"
	"time"
)

// TestCatalogStatesServiceLimits: the catalogue answered states the
// service's own limits, replacing the backend's max_trials (the engine's)
// and keeping the backend's other bounds and fields.
func TestCatalogStatesServiceLimits(t *testing.T) {
	cfg := testConfig()
	cfg.MaxTrials, cfg.MaxExactStates, cfg.MaxBodyBytes, cfg.Timeout, cfg.MaxConcurrent, cfg.MaxQueue = 777, 55, 4096, 1500*time.Millisecond, 3, 9
	s := newTestServer(t, cfg, catalogFake{newFake(), `{"version":1,"limits":{"max_trials":1000000000,"voters":8}}`})
	w := do(s, "GET", "/v1/catalog", "", "")
	want := `{"limits":{"heavy_dice":50000000,"max_body_bytes":4096,"max_concurrent":3,"max_dice":2000000000,"max_exact_states":55,"max_header_bytes":1048576,"max_queue":9,"max_trials":777,"timeout_seconds":1.5,"voters":8},"version":1}` + "\n"
	if w.Code != 200 || w.Body.String() != want {
		t.Errorf("GET /v1/catalog: %d %s, want %s", w.Code, w.Body, want)
	}
	for _, bad := range []string{`[]`, `{"limits":3}`, `not json`} {
		if _, err := New(cfg, catalogFake{newFake(), bad}, quietLogger()); err == nil {
			t.Errorf("a backend with the catalogue %s accepted", bad)
		}
	}
}

// catalogFake is the fake backend with another catalogue.
type catalogFake struct {
	*fakeBackend
	catalog string
}

func (c catalogFake) Catalog() []byte { return []byte(c.catalog) }
