package combat

// lawAndRelicCards returns the agendas and relics that act in combat.
func lawAndRelicCards() []card {
	return nil
}
