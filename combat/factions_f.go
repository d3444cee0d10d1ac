package combat

// factionRulesF returns one group of modelled faction texts, by ability
// slug. The helpers of this file end in F so as not to clash with the
// other faction files.
func factionRulesF() map[string]factionRule {
	return map[string]factionRule{}
}
