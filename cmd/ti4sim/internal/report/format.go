package report

import (
	"fmt"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// Format is an output format: what the -o flag chooses.
type Format int

const (
	// Table is text for a terminal: headings and tables.
	Table Format = iota
	// JSON is one line of JSON with stable field names.
	JSON
)

// The formats the combat and comparison tables share.

// pct formats a probability as a percentage with two decimals.
func pct(p float64) string { return fmt.Sprintf("%.2f%%", 100*p) }

// interval formats a 95% interval as percentages.
func interval(p combat.Probability) string {
	return fmt.Sprintf("[%s, %s]", pct(p.Lo), pct(p.Hi))
}

// fleetText is a fleet in the unit names of the ruleset.
func fleetText(g combat.Edition, f units.Fleet) string {
	if g == combat.EditionTI3SA {
		return f.TI3String()
	}
	return f.String()
}
