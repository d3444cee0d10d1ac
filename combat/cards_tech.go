package combat

// techCards returns the generic technologies (Plasma Scoring, Antimass Deflectors, Graviton Laser System).
func techCards() []card {
	return nil
}
