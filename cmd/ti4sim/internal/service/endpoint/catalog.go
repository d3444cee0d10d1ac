package endpoint

import (
	"encoding/json"
	"fmt"
)

// serviceLimits are the limits the service enforces, as GET /v1/catalog
// states them under "limits" (beside the backend's own bounds of a
// document, which they replace where they share a name: max_trials).
type serviceLimits struct {
	MaxTrials      int64   `json:"max_trials"`
	MaxExactStates int     `json:"max_exact_states"`
	MaxDice        float64 `json:"max_dice"`
	HeavyDice      float64 `json:"heavy_dice"`
	MaxBodyBytes   int64   `json:"max_body_bytes"`
	MaxHeaderBytes int     `json:"max_header_bytes"`
	TimeoutSeconds float64 `json:"timeout_seconds"`
	MaxConcurrent  int     `json:"max_concurrent"`
	MaxQueue       int     `json:"max_queue"`
}

// catalogWithLimits returns the backend's catalogue cat (a JSON object)
// with cfg's limits set in its "limits" object, so that a client reads the
// limits of the service it talks to, not the engine's.
func catalogWithLimits(cat []byte, cfg Config) ([]byte, error) {
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(cat, &doc); err != nil || doc == nil {
		return nil, fmt.Errorf("the backend's catalogue is not a JSON object: %v", err)
	}
	limits := map[string]json.RawMessage{}
	if raw, ok := doc["limits"]; ok {
		if err := json.Unmarshal(raw, &limits); err != nil || limits == nil {
			return nil, fmt.Errorf("the backend's catalogue limits are not a JSON object: %v", err)
		}
	}
	own, _ := json.Marshal(serviceLimits{MaxTrials: cfg.MaxTrials, MaxExactStates: cfg.MaxExactStates,
		MaxDice: cfg.MaxDice, HeavyDice: HeavyDice, MaxBodyBytes: cfg.MaxBodyBytes, MaxHeaderBytes: MaxHeaderBytes, TimeoutSeconds: cfg.Timeout.Seconds(),
		MaxConcurrent: cfg.MaxConcurrent, MaxQueue: cfg.MaxQueue}) // numbers always marshal
	if err := json.Unmarshal(own, &limits); err != nil {
		return nil, err
	}
	doc["limits"], _ = json.Marshal(limits)
	out, err := json.Marshal(doc)
	return append(out, '\n'), err
}
