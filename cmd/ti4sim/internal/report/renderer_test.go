package report

import (
	"bytes"
	"context"
	"errors"
	"testing"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/combat"
)

// TestJSONOnlyRendersAsFormatted: JSONOnly writes the bytes Formatted
// (report's functions) writes in JSON, and refuses to write tables.
func TestJSONOnlyRendersAsFormatted(t *testing.T) {
	ctx := context.Background()
	doc := &scenario.Combat{Version: scenario.Version, Action: scenario.ActionSpace}
	for name, sc := range combatCases(t) {
		r, err := combat.Run(ctx, sc, combat.Options{Trials: 1000, Seed: 1})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var want, got bytes.Buffer
		o := CombatOptions{Format: JSON, Scenario: doc}
		if err := (Formatted{}).Combat(&want, sc, r, o); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := (JSONOnly{}).Combat(&got, sc, r, o); err != nil || !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Errorf("%s: JSONOnly wrote %q (%v), Formatted %q", name, got.Bytes(), err, want.Bytes())
		}
		var table bytes.Buffer
		if err := (JSONOnly{}).Combat(&table, sc, r, CombatOptions{}); !errors.Is(err, errNotJSON) || table.Len() != 0 {
			t.Errorf("%s: JSONOnly asked for a table: %v, wrote %q", name, err, table.Bytes())
		}
	}
}
