package effects

// deepwroughtTexts lists the texts of the Deepwrought Scholarate that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func deepwroughtTexts() []Effect {
	return []Effect{
		outside("dws-luminous", "movement"),
		outside("eanautic", "production, and a withdrawal on activation"),
		outside("research-team", "a choice to coexist instead of fighting: simulate only a ground combat that is fought"),
	}
}
