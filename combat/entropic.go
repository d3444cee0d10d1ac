package combat

// applyEntropicScar applies the Entropic Scar anomaly (reference §4.5) to the
// plan when sc.EntropicScar is set.
func (p *plan) applyEntropicScar(sc *Scenario) {
}
