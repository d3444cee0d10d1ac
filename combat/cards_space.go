package combat

// spaceCards returns the action cards of space combat and space cannon.
func spaceCards() []card {
	return nil
}
