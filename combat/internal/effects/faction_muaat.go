package effects

// muaatTexts lists the texts of the Embers of Muaat that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func muaatTexts() []Effect {
	return []Effect{
		byNumbers("prototype-war-sun"),
		outside("the-inferno", "an action that places a cruiser, outside combat"),
		outside("ember-colossus", "a placement when Star Forge is used"),
	}
}
