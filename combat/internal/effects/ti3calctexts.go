package effects

import (
	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// Texts the Shattered Ascension combat calculator (CALC: zekash-dev/
// ti-sa-combat-calc, src/logic/participant.ts) offers under ruleset ti3-sa.
// They are the later standalone Shattered Ascension's (4.2 and after: its
// technology tree and its race sheets' Racial Upgrades); SA v4.0 (/shared/
// seeds) has none of them. No race sheet or card image with their printed
// words was found in text: the wordings below are the only ones found, CALC's
// descriptions (its own summary of each text) and, for Impulsion Shields, a
// second transcription of the SA technology tree in a public repository.
// Each is cited where it is modelled; where the summary leaves the play to
// the player, the side states it (choiceNames).

// TI3ImpulsionShields is the generic technology impulsion-shields.
const TI3ImpulsionShields = "impulsion-shields"

// ti3ImpulsionShieldsText is its text as ti4sim plays it.
const ti3ImpulsionShieldsText = "during the holder's actions, once each game round, 1 hit from combat rolls against it is ignored (SA technology tree: \"During your actions, once each round, ignore one hit from combat rolls (or Space Mines)\"; CALC: \"Ignore one hit from combat rolls (or Space Mines)\"): the attacker's, before it assigns the first space battle round with a hit, or the first invasion combat round with a hit when there is no space battle; not against space cannon, barrage, pre-combat shots or bombardment (a choice of the holder's: ti4sim keeps it for the rounds); a defender's does nothing"

// addImpulsionShields attaches Impulsion Shields of side (see
// ti3ImpulsionShieldsText). "During your actions": only the active player,
// the attacker. "Once each round" is the game round: one hit in the whole
// action, kept for the first combat round with a hit of the first combat
// (engine.CancelHitsEachRound, one copy: exact too).
func addImpulsionShields(p *engine.Plan, sc *Scenario, side engine.Side) {
	if side != engine.Attacker {
		factionIdle(p, "Impulsion Shields", side, "it acts during the holder's actions: for the attacker")
		return
	}
	spaceBattle := sc.Action != engine.GroundCombat && p.Side[engine.Attacker].Count[engine.TShips] > 0 && p.Side[engine.Defender].Count[engine.TShips] > 0
	switch {
	case spaceBattle:
		p.CancelHitsEachRound(side, engine.RollSpace, 1, 1)
	case sc.Action != engine.SpaceCombat:
		p.CancelHitsEachRound(side, engine.RollGround, 1, 1)
	default:
		factionIdle(p, "Impulsion Shields", side, "there is no combat round")
	}
}

// ti3SaarChaosMapping attaches ti3-chaos-mapping. Saar Chaos Mapping (CALC:
// "All pre-combat rolls receive -1 against you"): the opponent's rolls of
// the pre-combat part of a space battle — its anti-fighter barrage and its
// other pre-combat shots (Assault Cannon, the Mentak's), the two steps of
// SA 4.2's Pre-Combat (CRB Space Battle: 1.a Anti-Fighter Barrages, 1.b
// Other Pre-Combat effects) — get -1. Space cannon fire is a step of its
// own before the battle, not pre-combat. A modifier: exact too.
func ti3SaarChaosMapping(p *engine.Plan, sc *Scenario, holder engine.Side) {
	all := func(uint8) bool { return true }
	p.AdjustThresholds(holder.Opp(), engine.RollAFB, 1, all)
	p.AdjustThresholds(holder.Opp(), engine.RollPreCombat, 1, all)
}

// ti3XxchaArchonEnergyShell attaches ti3-archon-energy-shell. Xxcha Archon
// Energy Shell (CALC: "As the defender in Space Combat or Invasion Combat,
// you may negate two hits"): the defender negates the first 2 hits of its
// opponent's combat rounds in each space battle and each invasion combat,
// as they come (engine.CancelHitsEachCombat: exact too). Policy: in the
// combat rounds only (the hits of space cannon, barrage and pre-combat
// shots are taken); an attacking Xxcha's does nothing.
func ti3XxchaArchonEnergyShell(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if holder != engine.Defender {
		factionIdle(p, "Archon Energy Shell", holder, "it acts for the defender")
		return
	}
	p.CancelHitsEachCombat(holder, 2, engine.RollSpace, engine.RollGround)
}

// ti3RaceOfTech returns the TI3 race whose race technology is slug (with
// or without "ti3-"), and the technology.
func ti3RaceOfTech(slug string) (*units.Faction, units.Ability, bool) {
	for _, f := range units.TI3Races() {
		for _, a := range f.Abilities {
			if a.Kind == units.AbilityKindTechnology && (a.Slug == slug || a.Slug == "ti3-"+slug) {
				return f, a, true
			}
		}
	}
	return nil, units.Ability{}, false
}
