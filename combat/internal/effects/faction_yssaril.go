package effects

// yssarilTexts lists the texts of the Yssaril Tribes that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func yssarilTexts() []Effect {
	return []Effect{
		outside("ysia-yssrila", "movement"),
		outside("blackshade-infiltrator", "a deploy after Stall Tactics"),
	}
}
