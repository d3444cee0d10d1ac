package effects

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// mentakTexts lists the texts of the Mentak Coalition that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func mentakTexts() []Effect {
	return []Effect{
		modelled("ambush", ambush),
		modelled("fourth-moon", fourthMoon),
		modelled("moll-terminus", mollTerminus),
		modelled("ipswitch-loose-cannon", ipswitch),
		appliedBy("the-tables-grace", "unit variants, when the units are laid out"),
	}
}

// ambush (Mentak ability): "At the start of a space combat, you may roll 1
// die for each of up to 2 of your cruisers or destroyers in the system. For
// each result equal to or greater than that ship's combat value, produce 1
// hit; your opponent must assign it to 1 of their ships." The dice use the
// printed combat value: modifiers to combat rolls do not apply (TR). The
// opponent assigns the hits in its hit order and may sustain them. Policy:
// always used, with the 2 ships of the best combat value alive then.
// Exact mode refuses it only where it can roll: a space combat with a
// cruiser or destroyer of the holder's.
func ambush(p *engine.Plan, sc *Scenario, holder engine.Side) {
	sp := &p.Side[holder]
	ships := p.SlotsOf(holder, engine.TShips, func(k units.Kind) bool { return k == units.Cruiser || k == units.Destroyer })
	if sc.Action == engine.GroundCombat || len(ships) == 0 {
		return // no space combat, or no ship to roll: nothing for exact mode to refuse
	}
	p.BeyondExact("Ambush (dice at the start of a space combat)")
	slices.SortStableFunc(ships, func(a, b uint8) int {
		return cmp.Compare(sp.Slots[a].Stats.Combat.Value, sp.Slots[b].Stats.Combat.Value)
	})
	var value [engine.MaxSlots]int
	for _, s := range ships {
		value[s] = sp.Slots[s].Stats.Combat.Value
	}
	opp := holder.Opp()
	p.OnStartOfCombat(engine.InSpace, func(t *engine.Trial) {
		hits, left := 0, 2
		for _, s := range ships {
			n := min(int(t.Alive[holder][s]), left)
			hits += t.Dice(value[s], n, false)
			if left -= n; left == 0 {
				break
			}
		}
		if hits > 0 {
			t.Assign(opp, engine.RollEffect, hits)
		}
	})
}

// fourthMoon (Mentak flagship): "Other players' ships in this system cannot
// use SUSTAIN DAMAGE." While the flagship is in the system: against space
// cannon offense, space combat rolls and effects' hits, whatever target set
// the hits are forced onto. In a round's Assign Hits step the flagship's
// presence is read at the start of the step (LRR 78.6a), so a flagship
// destroyed by that round's hits still forbids it.
func fourthMoon(p *engine.Plan, sc *Scenario, holder engine.Side) {
	flags := engine.KindSlots(p, holder, engine.TShips, units.Flagship)
	if sc.Action == engine.GroundCombat || len(flags) == 0 {
		return
	}
	p.Side[holder.Opp()].BlockSustain(engine.SustainBlocker{Source: flags[0], Sets: engine.SetOf(engine.TShips, engine.TNonFighters, engine.TFleet, engine.TShipsAbility)})
}

// mollTerminus (Mentak mech): "Other players' ground forces on this planet
// cannot use SUSTAIN DAMAGE." While a Mentak mech is on the planet: the
// defender's always are, so the attacker's ground forces, on the planet
// once committed (LRR 49), cannot sustain the space cannon defense's hits
// nor the ground combat's; the attacker's mechs of an invasion land at the
// commitment, so the defender's ground forces may still sustain
// bombardment hits, not ground combat hits. In a round's Assign Hits step
// the mechs' presence is read at the start of the step (LRR 87 with
// 78.6a). Articles of War takes the text away.
func mollTerminus(p *engine.Plan, sc *Scenario, holder engine.Side) {
	mechs := engine.KindSlots(p, holder, engine.TGround, units.Mech)
	switch {
	case sc.Action == engine.SpaceCombat || len(mechs) == 0:
		return
	case mechTextLost(sc):
		factionIdle(p, "Moll Terminus", holder, "Articles of War takes the mechs' texts away")
		return
	}
	opp := &p.Side[holder.Opp()]
	if holder == engine.Defender || sc.Action == engine.GroundCombat {
		opp.BlockSustain(engine.SustainBlocker{Source: mechs[0], Sets: engine.SetOf(engine.TGround, engine.TGroundAbility)})
		return
	}
	// The attacker's mechs reach the planet at the commitment: a slot of
	// its own, never hit nor reported, holds the attacker's mechs on the
	// planet, set at the start of each ground combat round.
	landed, ok := p.Side[holder].AppendSlot(engine.Slot{Stats: units.Stats{Name: "Moll Terminus (on the planet)", Kind: units.Mech}, Zone: engine.ZoneAdjacent})
	if !ok {
		p.Warn("Moll Terminus: too many unit types to model it; ignored")
		return
	}
	opp.BlockSustain(engine.SustainBlocker{Source: landed, Sets: engine.SetOf(engine.TGround)})
	p.OnStartOfRound(engine.OnGround, func(t *engine.Trial) {
		n := uint16(0)
		for _, s := range mechs {
			n += t.Alive[holder][s]
		}
		t.Alive[holder][landed] = n
	})
}

// ipswitch (Mentak hero, Ipswitch, Loose Cannon; Sleeper Cell): "At the
// start of a space combat the Mentak are in, purge this card; for each
// enemy ship destroyed in that combat, place a ship of the same type from
// your reinforcements in the active system." Listed among a side's cards,
// the hero is that side's; policy: it is always used, in the action's space
// combat (once per action: it is purged). Each of the opponent's ships
// destroyed by a hit during the space combat — its rounds, the
// anti-fighter barrage, and effects' hits within it — gives the holder one
// ship of that kind (its own faction unit, upgraded as the side is:
// joinSlot), which joins the combat once the roll's hits are assigned (for
// the barrage and the rounds, where both sides' hits come together, once
// both sides have assigned them): it takes none of that roll's hits, rolls
// in the following rounds, and keeps the holder in the combat if the holder
// had no ship left. The holder's plan gets one hidden slot per kind of
// ship the opponent has; a kind with no room left (maxSlots) gives nothing,
// with a warning. A flagship is placed only when the holder has none in
// the fleet, and once. The ships come from the reinforcements: not listed
// among the Survivors (a warning says so), their losses not counted in
// ResourcesLost; the outcome counts them. Not modelled: the reinforcements'
// limits (other than the flagship's), ships destroyed without a hit
// (Devotion, Van Hauge), and ships that join the opponent during the
// action (Brother Milor's fighters) unless their slot exists when this
// text is attached. Gained ships stay for the rest of an invasion (they
// carry ground forces, and bombard: joinSlot). Units join during the action: no fast tables, and exact
// mode refuses.
func ipswitch(p *engine.Plan, sc *Scenario, holder engine.Side) {
	const name = "Ipswitch, Loose Cannon"
	opp := holder.Opp()
	if sc.Action == engine.GroundCombat {
		factionIdle(p, name, holder, "there is no space combat in a ground combat")
		return
	}
	kinds, kindOf := shipKinds(&p.Side[opp])
	if len(kinds) == 0 || len(p.Side[holder].Order[engine.TShips]) == 0 {
		factionIdle(p, name, holder, "there is no space combat (a side has no ship)")
		return
	}
	js := ipswitchSlots(p, sc, holder, name, kinds)
	p.WarnOnce(fmt.Sprintf("%s: the ships it gives the %s are not listed among its survivors (they were not in the fleet); the outcome counts them", name, holder.String()))
	// Ships to place, one byte per kind: kinds 0..3 in mark[c0], 4..7 in
	// mark[c1] (at most 255 of a kind per roll).
	c0, c1 := p.Counter(), p.Counter()
	p.OnDestroyed(func(t *engine.Trial, side engine.Side, s uint8, r engine.RollKind) {
		if side != opp || (r != engine.RollSpace && r != engine.RollAFB && r != engine.RollEffect) || !t.Fought[engine.InSpace] || t.Fought[engine.OnGround] {
			return
		}
		j := kindOf[s]
		if j < 0 || !js.ok[j] {
			return
		}
		c, sh := c0, 8*uint(j)
		if j >= 4 {
			c, sh = c1, 8*uint(j-4)
		}
		if (t.Mark[c]>>sh)&0xff < 0xff {
			t.Mark[c] += 1 << sh
		}
	})
	place := func(t *engine.Trial) { js.place(t, holder, len(kinds), c0, c1) }
	// Both sides' hits of a barrage or a round come together: place once
	// the second of them (the attacker's) is assigned; an effect's hits
	// once the opponent has assigned them.
	both := func(t *engine.Trial, side engine.Side) {
		if side == engine.Attacker {
			place(t)
		}
	}
	p.OnAfterAssign(engine.RollSpace, both)
	p.OnAfterAssign(engine.RollAFB, both)
	p.OnAfterAssign(engine.RollEffect, func(t *engine.Trial, side engine.Side) {
		if side == opp {
			place(t)
		}
	})
	p.BeyondExact(name + " (a ship for each enemy ship destroyed in the space combat)")
}

// shipKinds lists the kinds of ship of a side's plan, in its hit order,
// and each slot's index in that list (-1: not a ship).
func shipKinds(sp *engine.SidePlan) (kinds []units.Kind, kindOf [engine.MaxSlots]int8) {
	for s := range kindOf {
		kindOf[s] = -1
	}
	for _, s := range sp.Order[engine.TShips] {
		k := sp.Slots[s].Stats.Kind
		if !k.Ship() {
			continue
		}
		j := slices.Index(kinds, k)
		if j < 0 {
			j = len(kinds)
			kinds = append(kinds, k)
		}
		kindOf[s] = int8(j)
	}
	return kinds, kindOf
}

// ipswitchJoins are the holder's joining slots for the opponent's ship
// kinds: at[j] the slot for kinds[j], ok[j] whether it has one, flag[j]
// whether it is the flagship's.
type ipswitchJoins struct {
	at       [8]uint8
	ok, flag [8]bool
}

// ipswitchSlots gives the holder a joining slot for each of the
// opponent's ship kinds (none for a flagship when its own is present).
func ipswitchSlots(p *engine.Plan, sc *Scenario, holder engine.Side, name string, kinds []units.Kind) ipswitchJoins {
	var js ipswitchJoins
	hasFlag := sc.Side(holder).Fleet.Count(units.Flagship) > 0
	for j, k := range kinds {
		if k == units.Flagship && hasFlag {
			p.WarnOnce(fmt.Sprintf("%s (%s): the holder's flagship is already in the system; a destroyed flagship gives nothing", name, holder.String()))
			continue
		}
		i, err := p.JoinSlot(&sc.Input, holder, k, "Ipswitch")
		if err != nil {
			p.Warn(fmt.Sprintf("%s: %v; destroyed %ss give nothing", name, err, k))
			continue
		}
		js.at[j], js.ok[j], js.flag[j] = i, true, k == units.Flagship
	}
	return js
}

// place joins the ships counted in the marks c0 and c1 (one byte per
// kind) to the holder's slots, a flagship only if the holder has none,
// and clears the marks.
func (js *ipswitchJoins) place(t *engine.Trial, holder engine.Side, nKinds int, c0, c1 int) {
	if t.Mark[c0] == 0 && t.Mark[c1] == 0 {
		return
	}
	for j := range nKinds {
		c, sh := c0, 8*uint(j)
		if j >= 4 {
			c, sh = c1, 8*uint(j-4)
		}
		n := uint16((t.Mark[c] >> sh) & 0xff)
		if n == 0 {
			continue
		}
		if js.flag[j] {
			n = 0
			if t.Alive[holder][js.at[j]]+t.Killed[holder][js.at[j]] == 0 {
				n = 1
			}
		}
		t.Join(holder, js.at[j], int(n))
	}
	t.Mark[c0], t.Mark[c1] = 0, 0
}

// corsairSlots flips the side's Cruiser II to the Corsair (The Table's
// Grace; Thunder's Edge, AsyncTI4 te_units.json "mentak_cruiser3"): Cruiser
// II's numbers with capacity 2. It returns the warnings.
func corsairSlots(sp *engine.SidePlan) []string {
	i, ok := sp.SlotOfKind(units.Cruiser)
	if !ok {
		return nil
	}
	if !sp.Slots[i].Stats.Upgraded {
		return []string{"The Table's Grace flips Cruiser II: the side's cruisers are not upgraded; no effect"}
	}
	st := sp.Slots[i].Stats
	st.Name, st.Cost, st.Combat, st.Move, st.Capacity = "Corsair", 2, units.Roll{Value: 6, Dice: 1}, 3, 2
	sp.SetStats(i, st)
	return nil
}
