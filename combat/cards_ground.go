package combat

// groundCards returns the action cards of invasions and ground combat.
func groundCards() []card {
	return nil
}
