package effects

import (
	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// nekroTexts lists the texts of the Nekro Virus that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func nekroTexts() []Effect {
	return []Effect{
		modelled("the-alastor", theAlastor),
		modelled("mordred", mordred),
		modelled("technological-singularity", technologicalSingularity),
		appliedBy("valefar-assimilator-z", "the Nekro flagship's texts, when the faction texts attach"),
		outside("valefar-assimilator", "give the assimilated technology among the side's technologies: it is modelled as the Nekro's own"),
	}
}

// mordred (Nekro mech): "+2 to its combat rolls against an opponent with
// an X or Y assimilator token on one of their technologies". Whether the
// opponent has such a token is a board state the Nekro side gives by
// listing "assimilator-token" among its cards (boardstate.go). With it,
// every combat roll of the side's mechs gets +2: in the ground combat, and
// in the space combat when they fight as ships (The Alastor); a static
// modifier, which the exact solver replays. Without it (the default) no
// token is assumed and nothing changes; a warning says how to give one.
func mordred(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if mechTextLost(sc) {
		factionIdle(p, "Mordred", holder, "Articles of War removes the mech's printed abilities")
		return
	}
	if !boardStateHolds(sc.Side(holder), "assimilator-token") {
		p.WarnOnce("Mordred (" + holder.String() + "): the opponent is not said to have an X or Y assimilator token on a technology (list assimilator-token among the Nekro side's cards when it has), so its +2 is not applied")
		return
	}
	sp := &p.Side[holder]
	mech := func(s uint8) bool { return sp.Slots[s].Stats.Kind == units.Mech } // twins keep their kind
	p.AdjustThresholds(holder, engine.RollGround, -2, mech)
	p.AdjustThresholds(holder, engine.RollSpace, -2, mech)
}

// theAlastor (Nekro flagship): "At the start of a space
// combat, choose any number of your ground forces in this system to
// participate in that combat as if they were ships." Policy: all of them —
// the attacker's in the space area, the defender's from the planet — while
// the flagship is alive at the start of the combat. They roll their combat
// value in each round, take hits of the space combat (first: they are the
// cheapest units), keep the combat going while they live, and go back
// where they were when it ends (the defender's to the planet, for the
// ground combat). Space cannon, anti-fighter barrage and effects aimed at
// ships do not hit them.
func theAlastor(p *engine.Plan, sc *Scenario, holder engine.Side) {
	flag, ok := engine.FlagshipSlot(p, holder)
	name := "The Alastor (ground forces fight in the space combat)"
	if !ok {
		return
	}
	p.FightAsShips(holder, name, func(t *engine.Trial) bool { return t.Alive[holder][flag] > 0 })
}

// technologicalSingularity (Nekro ability): "Once per combat, after 1 of
// your opponent's units is destroyed, you may gain 1 technology that is
// owned by that player." In the numbers of a combat, the technologies that
// count once it has begun are the unit upgrades that improve a unit's
// combat value: the Nekro's units of that kind roll at the upgraded value
// from the next roll on, for the rest of the action (the technology is
// kept). Policy: in a space combat, the opponent's fighter, destroyer or
// cruiser upgrade that the Nekro lacks and that gains the most dice-points
// (units × the value gained; ties: fighter, destroyer, cruiser); in a
// ground combat, infantry. It is gained after the first of the opponent's
// units is destroyed by the combat's dice (its rounds, or the barrage in
// space). Other technologies the opponent may own (Duranium Armor, …) are
// not taken: list them among the Nekro's technologies to play one. The
// gain depends on a destruction during the rounds: exact mode refuses it
// (the destruction window).
func technologicalSingularity(p *engine.Plan, sc *Scenario, holder engine.Side) {
	const name = "Technological Singularity"
	opp := holder.Opp()
	space, inSpace := singularityUpgrade(p, sc, holder, units.Fighter, units.Destroyer, units.Cruiser)
	ground, onGround := singularityUpgrade(p, sc, holder, units.Infantry)
	inSpace = inSpace && sc.Action != engine.GroundCombat
	onGround = onGround && sc.Action != engine.SpaceCombat
	if !inSpace && !onGround {
		factionIdle(p, name, holder, "the opponent owns no unit upgrade that improves the combat value of the Nekro's units in this action")
		return
	}
	cSpace, cGround := p.Counter(), p.Counter()
	p.OnDestroyed(func(t *engine.Trial, side engine.Side, _ uint8, r engine.RollKind) {
		switch {
		case side != opp:
		case inSpace && (r == engine.RollSpace || r == engine.RollAFB):
			t.Used[cSpace] = 1
		case onGround && r == engine.RollGround:
			t.Used[cGround] = 1
		}
	})
	for _, g := range []struct {
		on   bool
		r    engine.RollKind
		c    int
		gain singularityGain
	}{{inSpace, engine.RollSpace, cSpace, space}, {onGround, engine.RollGround, cGround, ground}} {
		if !g.on {
			continue
		}
		p.OnSlotModifier(g.r, func(t *engine.Trial, side engine.Side, s uint8) int {
			// s indexes side's slots: only the holder's are read.
			if side != holder || t.Used[g.c] == 0 {
				return 0
			}
			if sl := &t.P.Side[holder].Slots[s]; sl.Stats.Kind != g.gain.kind || sl.Stats.Upgraded {
				return 0
			}
			return g.gain.by
		})
	}
}

// singularityGain is a unit upgrade Technological Singularity may take:
// the kind and how much better the upgraded unit's combat value is.
type singularityGain struct {
	kind units.Kind
	by   int
}

// singularityUpgrade picks, among kinds, the upgrade the opponent owns and
// the holder lacks that gains the holder's units the most dice-points, and
// whether there is one.
func singularityUpgrade(p *engine.Plan, sc *Scenario, holder engine.Side, kinds ...units.Kind) (singularityGain, bool) {
	own, theirs := sc.Side(holder), sc.Side(holder.Opp())
	f := own.FactionOrNone()
	var best singularityGain
	bestPoints := 0
	for _, k := range kinds {
		base, err1 := f.Unit(k, false)
		up, err2 := f.Unit(k, true)
		if err1 != nil || err2 != nil || own.Upgraded[k] || !theirs.Upgraded[k] {
			continue
		}
		by := base.Combat.Value - up.Combat.Value
		n := 0
		for i, sl := range p.Side[holder].Slots {
			if sl.Stats.Kind == k && !sl.Stats.Upgraded {
				n += int(p.Side[holder].Start[i]) * int(up.Combat.Dice)
			}
		}
		if by > 0 && n*by > bestPoints {
			best, bestPoints = singularityGain{k, by}, n*by
		}
	}
	return best, bestPoints > 0
}

// alastorForm is The Alastor's twin rule: with the flagship in the fleet,
// every ground force fights the space combat as a ship.
func alastorForm(s *engine.Force, k units.Kind) engine.Form {
	if s.Fleet.Count(units.Flagship) > 0 && k.GroundForce() {
		return engine.FormShip
	}
	return engine.FormUnit
}
