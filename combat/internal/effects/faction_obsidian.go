package effects

// obsidianTexts lists the texts of the Obsidian that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func obsidianTexts() []Effect {
	return []Effect{
		byNumbers("heavens-hollow"),
		outside("marionettes", "which players a plot puppets"),
		outside("viper-hollow", "control of a planet when the faction flips"),
		outside("neural-parasite", "the start of the Obsidian's turn, before any action: give the infantry left"),
	}
}
