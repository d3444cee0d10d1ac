package effects

import (
	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// naazRokhaTexts lists the texts of the Naaz-Rokha Alliance that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func naazRokhaTexts() []Effect {
	return []Effect{
		modelled("eidolon", zGrav),
		modelled("eidolon-maximum", eidolonMax),
		modelled("supercharge", supercharge),
		modelled("visz-el-vir", viszElVir),
	}
}

// supercharge (Naaz-Rokha technology): "At the start of a combat round, you
// may exhaust this card to apply +1 to the result of each of your unit's
// combat rolls during this combat round." Once per action (it readies in
// the status phase). Policy: in the first round of the first combat the
// holder fights in the action (space, else ground). Not anti-fighter
// barrage, bombardment or space cannon (TR).
func supercharge(p *engine.Plan, sc *Scenario, holder engine.Side) {
	p.FirstRoundsBonus(holder, 1)
}

// viszElVir (Naaz-Rokha flagship; catalog text: "Naaz-Rokha mechs in its
// system roll 1 additional die in combat"). Each of the side's mechs rolls
// one more combat die while the flagship is in the system. Only an invasion
// has both (a ground combat alone has no ships). The flagship, in the space
// area, may be destroyed before the ground combat: at the start of every
// ground combat round, if it is alive, a hidden roller gets one die for
// each of the side's mechs alive, at the mechs' own threshold (auras and
// later static modifiers included; the round's roll modifiers apply to it
// as to every die). That acts at the start of rounds, so exact mode refuses
// it. Not modelled: mechs in the space area do not fight in space combat in
// this engine, so no space die is added (they have no space combat roll to
// add to).
func viszElVir(p *engine.Plan, sc *Scenario, holder engine.Side) {
	mech, okM := engine.GroundSlot(p, holder, units.Mech)
	flag, okFlagship := engine.GroundSlot(p, holder, units.Flagship)
	if !okM || !okFlagship || sc.Action != engine.Invasion {
		factionIdle(p, "Visz el Vir", holder, "no Naaz-Rokha mech fights a ground combat with it here")
		return
	}
	thr, ok := p.RollerThr(holder, engine.RollGround, mech)
	if !ok {
		return
	}
	extra, ok := engine.HiddenRoller(p, holder, "Visz el Vir's die", thr)
	if !ok {
		return
	}
	p.OnStartOfRound(engine.OnGround, func(t *engine.Trial) {
		t.Alive[holder][extra] = 0
		if t.Alive[holder][flag] > 0 {
			t.Alive[holder][extra] = t.Alive[holder][mech]
		}
	})
	p.OnSlotModifier(engine.RollGround, func(t *engine.Trial, side engine.Side, s uint8) int {
		if side != holder || s != extra {
			return 0
		}
		own, _ := engine.GroundThreshold(t, side, extra)
		m, _ := engine.GroundThreshold(t, side, mech)
		return own - m
	})
	p.BeyondExact("Visz el Vir (dice while the flagship lives)")
}

// zGrav (Naaz-Rokha mech Eidolon): "if it is in the space
// area of the active system when a space combat starts, the card flips to
// Z-Grav Eidolon: a ship with combat 8 (x2) and no Sustain Damage",
// flipping back when the combat ends. The attacker's mechs in the space
// area fight the space combat as Z-Grav Eidolons (after the fighters in
// the hit order), damaged ones stay damaged, and the survivors land as
// mechs. The defender's mechs are on the planet: not in the space area.
func zGrav(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if _, max := factionItemCount(sc.Side(holder), "eidolon-maximum"); max {
		return
	}
	p.FightAsShips(holder, "Eidolon (Z-Grav Eidolon in the space combat)", func(*engine.Trial) bool { return true })
}

// eidolonMax (Naaz-Rokha breakthrough Absolute Synergy, Thunder's Edge):
// the mech card flips to Eidolon Maximum — combat 4 (x4), move 3, Sustain
// Damage, "both a ship and a ground force"; "It cannot be assigned hits
// from unit abilities. Repair it at the start of every combat round." The
// side's mechs are Eidolon Maximums (unitvariants.go): the attacker's in the
// space area are ships as well as ground forces (compileSide: they fight
// the space combat, keep it going, need no capacity, then land); no space
// cannon, bombardment or space cannon defense hit may be assigned to them
// (except space cannon made to hit non-fighters first by Graviton Laser
// System: not modelled); they are repaired at the start of every round of
// either combat. The breakthrough's price (returning 3 of 4 mechs) is paid
// before the action: give the mechs left. The Naaz-Rokha only.
func eidolonMax(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if sc.Side(holder).FactionOrNone().Slug != "naaz-rokha" {
		factionIdle(p, "Eidolon Maximum", holder, "it flips the Naaz-Rokha mech card; the side is not the Naaz-Rokha")
		return
	}
	sp := &p.Side[holder]
	var mechs []uint8
	for i, sl := range sp.Slots {
		if sl.Stats.Kind == units.Mech {
			mechs = append(mechs, uint8(i))
		}
	}
	repair := func(t *engine.Trial) {
		for _, s := range mechs {
			t.Damaged[holder][s] = 0
		}
	}
	for ct := range engine.NumCombatTypes {
		p.OnStartOfRound(ct, repair)
	}
}

// eidolonMaximumSlots flips the side's mechs to Eidolon Maximum (the
// breakthrough Absolute Synergy): its numbers, Sustain Damage, a ship and
// a ground force that unit abilities cannot hit.
func eidolonMaximumSlots(sp *engine.SidePlan) {
	for i := range sp.Slots {
		if sp.Slots[i].Stats.Kind == units.Mech {
			sp.SetStats(uint8(i), eidolonMaximum(sp.Slots[i].Stats))
			sp.GiveSustain(uint8(i), true)
		}
	}
}

// eidolonMaximum is the Naaz-Rokha mech card flipped by the breakthrough
// Absolute Synergy (Thunder's Edge; AS te_units.json): combat 4 (x4), move
// 3, Sustain Damage, both a ship and a ground force.
func eidolonMaximum(mech units.Stats) units.Stats {
	st := mech
	st.Name = "Eidolon Maximum"
	st.Combat = units.Roll{Value: 4, Dice: 4}
	st.Move, st.Sustain = 3, true
	return st
}

// zGravEidolon is the Naaz-Rokha mech's space side (its mech card, AS
// te/pok units "Z-Grav Eidolon"): a ship with combat 8 (x2) and no Sustain
// Damage.
func zGravEidolon(mech units.Stats) units.Stats {
	st := mech
	st.Name = "Z-Grav Eidolon"
	st.Combat = units.Roll{Value: 8, Dice: 2}
	st.Sustain = false
	return st
}

// zGravForm is the Naaz-Rokha mech's twin rule: the attacker's mechs (in
// the space area) flip to the Z-Grav Eidolon, a ship, for the space
// combat.
func zGravForm(idx engine.Side, k units.Kind) engine.Form {
	if idx == engine.Attacker && k == units.Mech {
		return engine.FormShip
	}
	return engine.FormUnit
}
