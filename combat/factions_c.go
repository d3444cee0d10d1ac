package combat

// factionRulesC returns one group of modelled faction texts, by ability
// slug (empty until its texts are modelled).
func factionRulesC() map[string]factionRule {
	return nil
}
