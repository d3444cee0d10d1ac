package combat

// factionRulesE returns one group of modelled faction texts, by ability
// slug (empty until its texts are modelled).
func factionRulesE() map[string]factionRule {
	return nil
}
