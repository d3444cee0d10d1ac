package combat

// factionRulesA returns one group of modelled faction texts, by ability slug.
func factionRulesA() map[string]factionRule {
	return nil
}
