package effects

import "github.com/ti4sim/ti4sim/combat/internal/engine"

// Scenario is what the effects read: the input and the printings of
// the cards that have several.
type Scenario struct {
	engine.Input
	Printings Printings
}
