package effects

import "github.com/ti4sim/ti4sim/combat/internal/engine"

// techCards returns the generic technologies (Plasma Scoring, Antimass Deflectors, Graviton Laser System).
func techCards() []Effect {
	return []Effect{plasmaScoring(), antimassDeflectors(), gravitonLaserSystem()}
}

// Slugs of the technologies of this file that other effects look for.
const (
	slugAntimass = "antimass-deflectors"
)

// holdsCard reports whether s lists the catalog technology or card slug
// (by slug or alias) in its technologies or cards.
func holdsCard(s *engine.Force, slug string) bool {
	for _, c := range heldTechs(s) {
		if c.Slug == slug {
			return true
		}
	}
	cs, _, _ := heldCards(s)
	for _, c := range cs {
		if c.Slug == slug {
			return true
		}
	}
	return false
}

// plasmaScoring: "When 1 or more of your units use BOMBARDMENT or SPACE
// CANNON, 1 of those units may roll 1 additional die." One extra die per
// roll (TR), rolled at the best value among the holder's units that roll;
// always used.
func plasmaScoring() Effect {
	return Effect{CardInfo: CardInfo{Slug: "plasma-scoring", Name: "Plasma Scoring", Kind: KindTechnology, Copies: 1,
		Effect: "one extra die on each of the holder's Bombardment, Space Cannon Offense and Space Cannon Defense rolls, rolled at the value of its best unit in that roll; always used"},
		aliases: []string{"plasma", "ps"}, // ps: the AsyncTI4 bot's code
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			for _, r := range []engine.RollKind{engine.RollBombard, engine.RollSCO, engine.RollSCD} {
				p.Side[holder].AddExtraDice(r, 1)
			}
		}}
}

// antimassDeflectors: "When other players' units use SPACE CANNON against
// your units, apply -1 to the result of each die roll." (TR: SCO and SCD.)
// A static +1 to the opponent's space cannon thresholds. Space cannon rolls
// that cards add later in the attach order (the defender's relics and
// action cards, when the attacker holds this) must apply it themselves:
// Lightrail Ordnance does.
func antimassDeflectors() Effect {
	return Effect{CardInfo: CardInfo{Slug: slugAntimass, Name: "Antimass Deflectors", Kind: KindTechnology, Copies: 1,
		Effect: "-1 to each die of the opponent's Space Cannon rolls against the holder's units, offense (ships) and defense (ground forces); movement through asteroid fields is not modelled"},
		aliases: []string{"antimass", "antimass-deflector", "amd"}, late: true, // amd: the AsyncTI4 bot's code
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			opp := holder.Opp()
			all := func(uint8) bool { return true }
			p.AdjustThresholds(opp, engine.RollSCO, +1, all)
			p.AdjustThresholds(opp, engine.RollSCD, +1, all)
		}}
}

// gravitonLaserSystem: "You may exhaust this card before 1 or more of your
// units uses SPACE CANNON; hits produced by those units must be assigned to
// non-fighter ships if able." Space cannon against ships fires once per
// action (offense), so exhausting it then is the only use: the opponent
// assigns the holder's offense hits to non-fighter ships first, fighters
// only when no non-fighter ship is left.
func gravitonLaserSystem() Effect {
	return Effect{CardInfo: CardInfo{Slug: "graviton-laser-system", Name: "Graviton Laser System", Kind: KindTechnology, Copies: 1,
		Effect: "exhausted before the holder's Space Cannon Offense roll (once per action, always): its hits must go to the opponent's non-fighter ships while it has any, then to fighters"},
		aliases: []string{"graviton", "gls", "graviton-laser"}, // gls: also the AsyncTI4 bot's code
		attach: func(p *engine.Plan, sc *Scenario, holder engine.Side, _ int) {
			p.Side[holder.Opp()].TakesHitsOf(engine.RollSCO, engine.TNonFighters)
		}}
}
