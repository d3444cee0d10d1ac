package effects

import "github.com/ti4sim/ti4sim/combat/internal/engine"

// winnuTexts lists the texts of the Winnu that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func winnuTexts() []Effect {
	return []Effect{
		modelled("salai-sai-corian", winnuFlagship),
		modelled("rickar-rickani", rickarRickani),
		modelled("imperator", imperator),
		outside("reclaimer", "a placement after the tactical action"),
	}
}

// winnuFlagship (Salai Sai Corian): it rolls as many combat dice as the
// opponent has non-fighter ships in the system. The dice depend on the
// other side's units, so the per-side tables and exact mode do not apply.
// Under Shattered Ascension, once damaged it rolls one die fewer, down to
// 1 (SA Units: "Any unit using the Sustain Damage ability immediately
// loses one combat die, to a minimum of 1"): its printed single die does
// not say so, its dice per ship do.
func winnuFlagship(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if i := p.FlagshipRoller(holder, engine.RollSpace); i >= 0 {
		sp := &p.Side[holder]
		ro := sp.Rollers[engine.RollSpace][i]
		ro.PerOpponentShip = true
		if sc.Edition == engine.EditionTI3SA {
			ro.LosesDieWhenDamaged()
		}
		sp.SetRoller(engine.RollSpace, i, ro)
		sp.DieByDie(engine.RollSpace)
		p.AddsUnits()
	}
	p.BeyondExact("Salai Sai Corian (dice that depend on the opponent's ships)")
}

// addCombatRollBonus gives holder's combat rolls (space and ground combat
// rounds; not anti-fighter barrage, space cannon or bombardment) a static
// +bonus.
func addCombatRollBonus(p *engine.Plan, holder engine.Side, bonus int) {
	all := func(uint8) bool { return true }
	p.AdjustThresholds(holder, engine.RollSpace, -bonus, all)
	p.AdjustThresholds(holder, engine.RollGround, -bonus, all)
}

// rickarRickani (Winnu commander, Rickar Rickani): "+2 to every Winnu
// combat roll in the Mecatol Rex system, the Winnu home system and systems
// with a legendary planet." Listed by a side (among its cards: a leader is
// not a technology), it acts for that side — the Winnu, or a player given
// the commander by the Alliance note, whose own units then roll with it.
// The scenario has no map, so the system is assumed to be one of those (the
// effect's name says so): list it only when it is. Combat rolls are the
// space and ground combat rounds' dice (LRR 56), not anti-fighter barrage,
// space cannon or bombardment. Static: exact mode solves it.
func rickarRickani(p *engine.Plan, sc *Scenario, holder engine.Side) {
	addCombatRollBonus(p, holder, 2)
}

// imperator (Winnu breakthrough, Imperator): "+1 to every Winnu combat
// roll for each 'Support for the Throne' in the opponent's play area."
// The number N, 0..7 (one note from each other player), is given as "imperator:N" among the side's
// cards (no count means 1); the holder's space and ground combat rolls get
// +N. A count out of range is reported and the text ignored. Static: exact
// mode solves it. Not modelled: the note changing hands during the action.
func imperator(p *engine.Plan, sc *Scenario, holder engine.Side) {
	n, _ := factionItemCount(sc.Side(holder), "imperator") // range checked by Validate
	addCombatRollBonus(p, holder, n)
}
