package combat

import "github.com/ti4sim/ti4sim/combat/internal/engine"

// NotExactError is Solve's answer to a scenario exact mode cannot answer:
// an effect it cannot express, or more unit states than its limit. Run
// answers the same scenario by simulation.
type NotExactError = engine.NotExactError
