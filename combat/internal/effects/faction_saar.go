package effects

// saarTexts lists the texts of the Clan of Saar that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func saarTexts() []Effect {
	return []Effect{
		byNumbers("son-of-ragh"),
		outside("scavenger-zeta", "a deploy after the planet is taken"),
		outside("floating-factory", "space docks in the space area: they do not fight"),
	}
}
