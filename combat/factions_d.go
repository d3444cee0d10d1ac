package combat

// factionRulesD returns one group of modelled faction texts, by ability
// slug (empty until its texts are modelled).
func factionRulesD() map[string]factionRule {
	return nil
}
