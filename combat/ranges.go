package combat

import "github.com/ti4sim/ti4sim/combat/internal/engine"

// Range reports the values allowed for a whole-number field of Side that
// has bounds of its own (Modifier -MaxModifier..MaxModifier; AdjacentPDS
// and SystemPDS 0..MaxAdjacentPDS; TradeGoods, Influence and
// CommandCounters 0..MaxBudget), and whether it has: the bounds Validate
// checks, for front ends that describe them (the documents' JSON Schemas).
func Range(field string) (lo, hi int, ok bool) {
	for _, r := range engine.Ranges {
		if r.Field == field {
			return r.Min, r.Max, true
		}
	}
	return 0, 0, false
}
