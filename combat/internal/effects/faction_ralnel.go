package effects

import (
	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// ralNelTexts lists the texts of the Ral Nel Consortium that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func ralNelTexts() []Effect {
	return []Effect{
		modelled("miniaturization", miniaturization),
		modelled("linkship", linkship),
		modelled("last-dispatch", lastDispatch),
		modelled("alarum", alarum),
		outside("survival-instinct", "ships moved in before the combat: give them in the fleet"),
		outside("nanomachines", "an action"),
	}
}

// miniaturization (Ral Nel faction ability, Thunder's Edge): "Ral Nel structures
// can ride on any ship without using capacity, but while in a space area
// they lose their unit abilities." The attacker's fleet may list Ral Nel
// PDS and space docks: they are in the space area, need no room, take no
// hits, and have no Space Cannon, Planetary Shield or Production there
// (compileSide); Linkships may fire their Space Cannon.
func miniaturization(p *engine.Plan, sc *Scenario, holder engine.Side) {
}

// linkship (Ral Nel destroyer, Thunder's Edge): "may fire the Space Cannon
// of one Ral Nel structure in its space area" — Linkship I: "each structure
// only once"; Linkship II: "several linkships may use the same structure".
// In space cannon offense the side's Linkships in the space area fire the
// Space Cannon of its structures there (the attacker's carried PDS): with
// Linkship II every Linkship fires the best one; with Linkship I as many
// Linkships as there are such structures. Nothing before space cannon
// offense can destroy either, so the number of rolls is fixed.
func linkship(p *engine.Plan, sc *Scenario, holder engine.Side) {
	sp := &p.Side[holder]
	var pds units.Roll
	structures, ships, upgraded := 0, 0, false
	for i, sl := range sp.Slots {
		st := sl.Stats
		switch {
		case sl.Zone != engine.ZoneSpace:
		case st.Kind.Structure() && st.SpaceCannon.Has():
			structures += int(sp.Start[i])
			if pds.Value == 0 || st.SpaceCannon.Value < pds.Value {
				pds = st.SpaceCannon
			}
		case st.Kind == units.Destroyer:
			ships += int(sp.Start[i])
			upgraded = upgraded || st.Upgraded
		}
	}
	n := ships
	if !upgraded {
		n = min(ships, structures)
	}
	if structures == 0 || n == 0 || sc.Action == engine.GroundCombat {
		return
	}
	p.AddRoller(holder, engine.RollSCO, "Linkship (a structure's Space Cannon)", pds.Value, n*pds.Dice)
}

// lastDispatch (Ral Nel flagship, Thunder's Edge): "when it retreats, the
// Ral Nel may destroy 1 ship in the active system that lacks Sustain
// Damage." Policy: when the holder's ships retreat with the flagship, the
// opponent's most valuable ship without Sustain Damage is destroyed (the
// retreat itself follows the side's retreat policy).
func lastDispatch(p *engine.Plan, sc *Scenario, holder engine.Side) {
	flag, ok := engine.FlagshipSlot(p, holder)
	if !ok {
		return
	}
	opp := holder.Opp()
	var victims []uint8
	for _, s := range engine.ShipsByValue(p, opp) {
		if !p.Side[opp].Slots[s].Sustain {
			victims = append(victims, s)
		}
	}
	p.OnRetreated(func(t *engine.Trial, side engine.Side) {
		if side != holder || t.Alive[holder][flag] == 0 {
			return
		}
		for _, s := range victims {
			if t.Alive[opp][s] > 0 {
				t.Destroy(opp, s)
				return
			}
		}
	})
}

// alarum (Ral Nel mech): "at the end of a combat round on its planet, up to
// 2 Ral Nel ground forces may move onto it from planets in adjacent
// systems." Input: "alarum:N" among the Ral Nel side's cards, N (0..20) the
// Ral Nel infantry on planets in adjacent systems. Policy: at the end of
// each ground combat round, while a Ral Nel mech is alive on the planet
// (any of the fleet's mechs taking part in the ground combat), the
// opponent still has ground forces there and N is not exhausted, up to 2
// of them move in and fight from the next round as Ral Nel infantry (a
// hidden slot: not listed among the survivors, the outcome counts them;
// their losses cost nothing). Articles of War takes the text away.
//
// Not modelled: mechs moving in (only infantry are counted), the
// adjacency of particular planets, and moving in after the combat is won
// (it changes no outcome). The mech text attaches only when the fleet holds
// a mech (applyFaction); "alarum:N" without one is ignored silently.
func alarum(p *engine.Plan, sc *Scenario, holder engine.Side) {
	const name = "Alarum"
	n, listed := factionItemCount(sc.Side(holder), "alarum")
	mechs := engine.KindSlots(p, holder, engine.TGround, units.Mech)
	switch {
	case sc.Action == engine.SpaceCombat:
		return
	case mechTextLost(sc):
		factionIdle(p, name, holder, "Articles of War takes the mechs' texts away")
		return
	case !listed || n == 0: // N's range (0..20) is checked by Validate (factionCounts)
		factionIdle(p, name, holder, "no Ral Nel infantry on planets in adjacent systems (give them as alarum:N among the cards)")
		return
	case len(mechs) == 0:
		return
	}
	inf, ok := p.HiddenGroundSlot(&sc.Input, holder, units.Infantry, name, name)
	if !ok {
		return
	}
	opp := holder.Opp()
	c := p.Counter() // mark: the infantry moved in so far
	pool := int32(n)
	p.OnEndOfRound(engine.OnGround, func(t *engine.Trial) {
		if t.Mark[c] >= pool || !t.Has(opp, engine.TGround) {
			return
		}
		alive := false
		for _, m := range mechs {
			alive = alive || t.Alive[holder][m] > 0
		}
		if !alive {
			return
		}
		k := min(2, pool-t.Mark[c])
		t.Mark[c] += k
		t.Join(holder, inf, int(k))
	})
}
