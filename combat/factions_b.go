package combat

// factionRulesB returns one group of modelled faction texts, by ability slug.
func factionRulesB() map[string]factionRule {
	return nil
}
