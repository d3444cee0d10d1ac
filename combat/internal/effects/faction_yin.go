package effects

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// yinTexts lists the texts of the Yin Brotherhood that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func yinTexts() []Effect {
	return []Effect{
		modelled("devotion", devotion),
		modelled("indoctrination", indoctrination),
		modelled("impulse-core", impulseCore),
		modelled("van-hauge", vanHauge),
		modelled("greyfire-mutagen", greyfireMutagen),
		modelled("brother-milor", brotherMilor),
		modelled("moyins-ashes", moyinsAshes),
	}
}

// sacrificeOrder lists side's cruisers and destroyers in the space area in
// the order the side gives them up to an ability (Devotion, Impulse Core):
// the cheapest first, and of equal cost the worse combat value first.
func sacrificeOrder(p *engine.Plan, side engine.Side) []uint8 {
	sp := &p.Side[side]
	out := p.SlotsOf(side, engine.TShips, func(k units.Kind) bool { return k == units.Cruiser || k == units.Destroyer })
	slices.SortStableFunc(out, func(a, b uint8) int {
		return cmp.Or(cmp.Compare(sp.Slots[a].CostHalves, sp.Slots[b].CostHalves),
			cmp.Compare(sp.Slots[b].Stats.Combat.Value, sp.Slots[a].Stats.Combat.Value))
	})
	return out
}

// firstAlive returns the first slot of list with a unit of side alive, and
// whether there is one.
func firstAlive(t *engine.Trial, side engine.Side, list []uint8) (uint8, bool) {
	for _, s := range list {
		if t.Alive[side][s] > 0 {
			return s, true
		}
	}
	return 0, false
}

// devotion (Yin ability): "After each space battle round, you may destroy 1
// of your cruisers or destroyers in the active system to produce 1 hit and
// assign it to 1 of your opponent's ships in that system." The Yin choose
// the target; only that ship may sustain (TR). Policy: at the end of each
// space combat round, when the Yin keep another ship besides the one given
// up (the cheapest cruiser or destroyer, a destroyer first), and one hit
// destroys an opponent's ship (one without Sustain Damage, or damaged)
// that costs at least as much as the ship given up or is the opponent's
// last ship: give it up and hit the most expensive such ship. Once per
// round. Not modelled: the ruling that it cannot be used when the opponent
// retreats (the announced retreat is not visible at the end of the round).
//
// The side may state its choice instead (Side.Choices, devotion=...):
// "always" gives up a cruiser or destroyer at the end of every round while
// it has one and the opponent a ship, its last ship included, and hits the
// most expensive ship one hit destroys (else the most expensive, which may
// sustain); "never" does not use it.
func devotion(p *engine.Plan, sc *Scenario, holder engine.Side) {
	switch choiceOf(sc.Side(holder), "devotion") { // never: not attached (applyFaction)
	case "always":
		addDevotionAlways(p, sc, holder)
	default:
		addDevotion(p, sc, holder, 0)
	}
}

// addDevotionAlways attaches Devotion used at the end of every space
// combat round it can be (the choice devotion=always).
func addDevotionAlways(p *engine.Plan, sc *Scenario, holder engine.Side) {
	sac := sacrificeOrder(p, holder)
	if sc.Action == engine.GroundCombat || len(sac) == 0 {
		return
	}
	opp := holder.Opp()
	victims := engine.ShipsByValue(p, opp)
	p.OnEndOfRound(engine.InSpace, func(t *engine.Trial) {
		if !t.Has(opp, engine.TShips) {
			return
		}
		given, ok := firstAlive(t, holder, sac)
		if !ok {
			return
		}
		target, ok := engine.FirstDestroyable(t, opp, victims)
		if !ok {
			if target, ok = firstAlive(t, opp, victims); !ok {
				return
			}
		}
		t.Destroy(holder, given)
		engine.HitChosen(t, opp, target)
	})
}

// addDevotion attaches devotion's policy, after every space combat round
// or, with round 1..MaxRounds, after that round only (Twilight Imperium
// 3's Yin: right after the second round).
func addDevotion(p *engine.Plan, sc *Scenario, holder engine.Side, round int) {
	sac := sacrificeOrder(p, holder)
	if sc.Action == engine.GroundCombat || len(sac) == 0 {
		return
	}
	opp := holder.Opp()
	victims := engine.ShipsByValue(p, opp)
	slots, oppSlots := p.Side[holder].Slots, p.Side[opp].Slots
	p.OnEndOfRound(engine.InSpace, func(t *engine.Trial) {
		if (round > 0 && t.Round != round) || t.Count[holder][engine.TShips] < 2 || !t.Has(opp, engine.TShips) {
			return
		}
		given, ok := firstAlive(t, holder, sac)
		if !ok {
			return
		}
		target, ok := engine.FirstDestroyable(t, opp, victims)
		if !ok || (oppSlots[target].CostHalves < slots[given].CostHalves && t.Count[opp][engine.TShips] > 1) {
			return
		}
		t.Destroy(holder, given)
		engine.HitChosen(t, opp, target)
	})
}

// impulseCore (Yin technology): "At the start of a space combat, you may
// destroy 1 of your cruisers or destroyers in the active system to produce
// 1 hit against your opponent's ships; that hit must be assigned by your
// opponent to 1 of their non-fighter ships if able." The opponent chooses
// (its hit order over non-fighter ships, fighters only when it has no
// other) and may sustain it (TR); it resolves before anti-fighter barrage.
// Policy: used whenever the holder has a cruiser or destroyer and another
// ship, and the opponent has a non-fighter ship; the cheapest cruiser or
// destroyer is given up (a destroyer first). The side may state its choice
// instead (Side.Choices, impulse-core=...): "last-ship" uses it also when
// the ship given up is the holder's only ship (the combat then ends with
// the holder's fleet gone: a draw if the hit destroys the opponent's last
// ship); "never" does not use it.
func impulseCore(p *engine.Plan, sc *Scenario, holder engine.Side) {
	sac := sacrificeOrder(p, holder)
	choice := choiceOf(sc.Side(holder), "impulse-core") // never: not attached (applyFaction)
	if sc.Action == engine.GroundCombat || len(sac) == 0 {
		return
	}
	minShips := int32(2)
	if choice == "last-ship" {
		minShips = 1
	}
	opp := holder.Opp()
	p.OnStartOfCombat(engine.InSpace, func(t *engine.Trial) {
		if t.Count[holder][engine.TShips] < minShips || t.Count[opp][engine.TNonFighters] <= t.Count[opp][engine.TFighters] {
			return
		}
		if s, ok := firstAlive(t, holder, sac); ok {
			t.Destroy(holder, s)
			engine.AssignTo(t, opp, engine.TNonFighters, engine.RollEffect, 1)
		}
	})
}

// vanHauge (Yin flagship): "When this ship is destroyed, destroy all ships
// in this system." Every ship of both sides in the space area is destroyed
// (not ground forces, which capacity then removes); the space combat is a
// draw (TR). The destruction is checked after every assignment of hits
// against ships and at the end of every space combat round, so a flagship
// destroyed by an effect (Direct Hit, Exotrireme II) triggers it too; the
// ships destroyed are not hits and fire no effects.
func vanHauge(p *engine.Plan, sc *Scenario, holder engine.Side) {
	flags := engine.KindSlots(p, holder, engine.TShips, units.Flagship)
	if sc.Action == engine.GroundCombat || len(flags) == 0 {
		return
	}
	flag := flags[0]
	var ships [2][]uint8
	for side := range engine.NumSides {
		ships[side] = p.SlotsOf(side, engine.TShips, func(units.Kind) bool { return true })
	}
	boom := func(t *engine.Trial) {
		if t.Killed[holder][flag] == 0 {
			return
		}
		for side := range engine.NumSides {
			t.RemoveSlots(side, ships[side])
		}
	}
	for _, r := range [...]engine.RollKind{engine.RollSCO, engine.RollAFB, engine.RollSpace, engine.RollEffect} {
		p.OnAfterAssign(r, func(t *engine.Trial, _ engine.Side) { boom(t) })
	}
	p.OnEndOfRound(engine.InSpace, boom)
}

// indoctrination (Yin ability): "At the start of a ground combat, you may
// spend 2 influence to replace 1 of your opponent's participating infantry
// with 1 infantry from your reinforcements." Policy: always used when the
// opponent has an infantry in the combat and the Yin have 2 influence left
// (Side.Influence).
func indoctrination(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if sc.Side(holder).Influence < 2 && sc.Action != engine.SpaceCombat {
		factionIdle(p, "Indoctrination", holder, "it costs 2 influence and the side has less (give it with --"+holder.String()+"-influence)")
		return
	}
	addInfantryReplacer(p, sc, holder, replacer{name: "Indoctrination", minOpp: 1, influence: 2})
}

// greyfireMutagen (Yin promissory note, Ω printing): "At the start of a
// ground combat against 2 or more ground forces that are not controlled by
// the Yin player: Replace 1 of your opponent's participating infantry with
// 1 infantry from your reinforcements." Always played when it can be: the
// opponent (not the Yin) has 2 or more ground forces in the combat, one of
// them an infantry. The Yin cannot play their own note.
func greyfireMutagen(p *engine.Plan, sc *Scenario, holder engine.Side) {
	switch {
	case sc.Side(holder).FactionOrNone().Slug == "yin":
		factionIdle(p, "Greyfire Mutagen", holder, "the Yin player cannot play their own promissory note")
	case sc.Side(holder.Opp()).FactionOrNone().Slug == "yin":
		factionIdle(p, "Greyfire Mutagen", holder, "it works only against ground forces the Yin player does not control")
	default:
		addInfantryReplacer(p, sc, holder, replacer{name: "Greyfire Mutagen", minOpp: 2})
		return
	}
}

// addInfantryReplacer attaches an effect that, at the start of a ground
// combat where the opponent has at least minOpp ground forces, replaces one
// of the opponent's infantry with one of the holder's: the opponent's unit
// is removed (it counts in its ResourcesLost; it is not destroyed, so it
// does not revive), and the holder's new infantry fights in a slot of its
// own, with the holder's infantry's numbers and modifiers. If that was the
// opponent's last ground force, it loses at once (TR).
//
// The new infantry comes from the holder's reinforcements, so it is not
// reported among the holder's Survivors (it was not in the fleet) and its
// loss does not count in ResourcesLost; the outcome counts it. Units join a
// side during the action, so the fast tables and exact mode are off.
func addInfantryReplacer(p *engine.Plan, sc *Scenario, holder engine.Side, r replacer) {
	name, minOpp, influence := r.name, r.minOpp, r.influence
	opp := holder.Opp()
	oppInf := engine.KindSlots(p, opp, engine.TGround, units.Infantry)
	for _, k := range r.also {
		oppInf = append(oppInf, engine.KindSlots(p, opp, engine.TGround, k)...)
	}
	tries := max(r.times, 1)
	start := 0
	for _, s := range oppInf {
		start += int(p.Side[opp].Start[s])
	}
	switch {
	case sc.Action == engine.SpaceCombat:
		return
	case start == 0:
		factionIdle(p, name, holder, "the "+opp.String()+" has no infantry")
		return
	}
	i, ok := p.HiddenGroundSlot(&sc.Input, holder, units.Infantry, name, name)
	if !ok {
		return
	}
	if st := p.Side[holder].Slots[i].Stats; st.Revive.Has() {
		p.Side[holder].AddReviver(i)
	}
	p.OnStartOfCombat(engine.OnGround, func(t *engine.Trial) {
	tries:
		for range tries {
			if int(t.Count[opp][engine.TGround]) < minOpp {
				return
			}
			if r.die > 0 && t.Dice(r.die, 1, false) == 0 {
				continue
			}
			for _, o := range oppInf {
				if t.Alive[opp][o] > 0 && engine.Spend(&t.Influence[holder], influence) {
					t.Remove(opp, o)
					t.Join(holder, i, 1) // every target set of the slot counts it
					continue tries
				}
			}
			return
		}
	})
}

// replacer is one text that replaces an opponent's ground force with one
// of the holder's at the start of a ground combat (addInfantryReplacer).
type replacer struct {
	name string
	// minOpp is the fewest ground forces the opponent needs in the combat
	// (1 or 2); influence what each use costs (0..2).
	minOpp    int
	influence int16
	// die, when not 0, is the roll (2..10) one die must reach for a use
	// to replace; times is how many uses a combat has (0 or 1: one).
	die, times int
	// also are the opponent's other kinds that may be replaced when it has
	// no infantry left, in that order.
	also []units.Kind
}

// brotherMilor (Yin agent, Brother Milor), by its printing
// (Printings.Milor; TA prophecyofkings/leaders.ts):
//   - Thunder's Edge (today's): "After a player's unit is destroyed during
//     combat: You may exhaust this card to allow that player to place 2
//     fighters in the destroyed unit's system if it was a ship, or 2
//     infantry on its planet if it was a ground force."
//   - Codex III Ω: the same without "during combat" (any time in the
//     action phase: space cannon, bombardment too).
//   - Prophecy of Kings: "After a player's destroyer or cruiser is
//     destroyed: You may exhaust this card; if you do, that player may
//     place up to 2 fighters from their reinforcements in that unit's
//     system."
//
// Listed by a side, the agent is that side's, used on its own units.
// Policy: once per action (it exhausts), on the first of the holder's units
// the printing names destroyed by a hit where the printing allows — today's:
// any ship by anti-fighter barrage, a combat round's or an effect's hit in
// a space combat, any ground force by a ground combat round's hit; Ω: also
// ships by space cannon offense and ground forces by bombardment or space
// cannon defense; the original: a destroyer or cruiser, by space cannon
// offense or in the space combat. The units placed join after the roll's
// hits are all assigned (they take none of that roll's hits): 2 fighters
// are the holder's ships, roll in the following rounds at the holder's
// fighter value (its static modifiers included) and take hits first of its
// ships as its fighters do, needing room like its other fighters (Fighter
// I) when the space combat ends; 2 infantry join the holder's ground forces
// on the planet (placed during a space combat, infantry would not take
// part in it: LRR clarification). If the holder had no unit left there,
// they keep it in the combat. They come from the reinforcements: not
// listed among the Survivors, and their loss is not counted in
// ResourcesLost; the outcome counts them. Not modelled: units destroyed
// without a hit (Devotion's or Impulse Core's sacrifice, Van Hauge) and
// other players' units. Units join during the action: no fast tables, and
// exact mode refuses.
func brotherMilor(p *engine.Plan, sc *Scenario, holder engine.Side) {
	const name = "Brother Milor"
	printing := sc.Printings.Milor
	ships := p.SlotsOf(holder, engine.TShips, func(k units.Kind) bool {
		return printing != MilorOriginal || k == units.Destroyer || k == units.Cruiser
	})
	ground := printing != MilorOriginal && sc.Action != engine.SpaceCombat
	if sc.Action == engine.GroundCombat {
		ships = nil
	}
	if len(ships) == 0 && !ground {
		if printing == MilorOriginal { // later printings act on any destroyed unit: say what this one does
			p.WarnOnce(name + " (" + holder.String() + "), original printing: acts only when a destroyer or cruiser of the holder's is destroyed in a space combat, and the side has none in one; no fighters are placed")
		} else {
			factionIdle(p, name, holder, "the side has no ship in a space combat")
		}
		return
	}
	m := milor{c: p.Counter(), holder: holder, printing: printing}
	for _, s := range ships {
		m.trigger[s] = true
	}
	if len(ships) > 0 {
		i, err := p.JoinSlot(&sc.Input, holder, units.Fighter, name)
		if err != nil {
			p.Warn(name + ": " + err.Error() + "; ignored")
			return
		}
		m.fighters = i
	}
	if ground {
		i, ok := p.HiddenGroundSlot(&sc.Input, holder, units.Infantry, name, name)
		if !ok {
			return
		}
		m.infantry, m.ground = i, true
	}
	p.WarnOnce(fmt.Sprintf("%s: the units it gives the %s are not listed among its survivors (they were not in the fleet); the outcome counts them", name, holder.String()))
	p.OnDestroyed(func(t *engine.Trial, side engine.Side, s uint8, r engine.RollKind) {
		if side == holder && t.Used[m.c] == 0 {
			m.destroyed(t, s, r)
		}
	})
	place := func(t *engine.Trial, side engine.Side) {
		if side != holder || t.Mark[m.c] == 0 {
			return
		}
		slot := m.fighters
		if t.Mark[m.c] == milorInfantry {
			slot = m.infantry
		}
		t.Mark[m.c] = 0
		t.Join(holder, slot, 2)
	}
	for _, r := range [...]engine.RollKind{engine.RollSCO, engine.RollAFB, engine.RollSpace, engine.RollEffect, engine.RollBombard, engine.RollSCD, engine.RollGround} {
		p.OnAfterAssign(r, place)
	}
	p.BeyondExact("Brother Milor (units join the combat)")
}

// milor is Brother Milor's state in a plan: the counter (Used: the agent
// is exhausted; Mark: what to place after the assignment), the printing,
// the holder's slots whose destruction triggers it in space, and the slots
// the fighters and the infantry join.
type milor struct {
	c                  int
	holder             engine.Side
	printing           MilorPrinting
	trigger            [engine.MaxSlots]bool
	fighters, infantry uint8
	ground             bool
}

// The marks of Brother Milor's counter: 2 fighters or 2 infantry to place.
const (
	milorFighters = 1
	milorInfantry = 2
)

// destroyed marks the placement when the holder's unit in slot s, destroyed
// by a hit of roll kind r, is one the printing answers to, when it does.
func (m *milor) destroyed(t *engine.Trial, s uint8, r engine.RollKind) {
	inSpace := t.Fought[engine.InSpace] && !t.Fought[engine.OnGround]
	switch {
	case m.trigger[s] && !t.Fought[engine.OnGround]:
		ok := r == engine.RollSCO || inSpace && (r == engine.RollAFB || r == engine.RollSpace || r == engine.RollEffect)
		if m.printing == MilorTE {
			ok = inSpace && (r == engine.RollAFB || r == engine.RollSpace || r == engine.RollEffect)
		}
		if ok {
			t.Used[m.c], t.Mark[m.c] = 1, milorFighters
		}
	case m.ground && t.P.Side[m.holder].Slots[s].Stats.Kind.GroundForce():
		ok := r == engine.RollGround || r == engine.RollEffect && t.Fought[engine.OnGround]
		if m.printing == MilorOmega {
			ok = ok || r == engine.RollBombard || r == engine.RollSCD
		}
		if ok {
			t.Used[m.c], t.Mark[m.c] = 1, milorInfantry
		}
	}
}

// yinMechs is how many mechs a faction has (its reinforcements and the
// board together).
const yinMechs = 4

// moyinsAshes (Yin mech): "Deploy: when using Indoctrination, the Yin may
// pay 1 more influence to put a mech instead of an infantry in place of the
// opponent's unit." Policy: whenever Indoctrination fires (it pays 2
// influence) and the Yin have 1 more left — 3 or more in all — they pay it
// and place a mech (the Yin mech's numbers, with Sustain Damage) instead of
// Indoctrination's infantry. The mech comes from the reinforcements: it is
// not listed among the Yin's survivors (the outcome counts it), its loss
// costs nothing, and with all 4 Yin mechs in the fleet there is none to
// deploy. Articles of War takes the text away.
//
// Deploy needs a mech in the reinforcements, not on the board, but
// applyFaction attaches a faction's mech texts only when the fleet holds a
// mech: without one, Moyin's Ashes is silently not applied (engine change
// needed: treat "Deploy:" mech texts as relevant whenever the fleet holds
// fewer mechs than the faction has). It replaces the infantry that
// Indoctrination (attached before it: an ability listed first) has just
// placed, in the same start-of-combat window.
func moyinsAshes(p *engine.Plan, sc *Scenario, holder engine.Side) {
	const name = "Moyin's Ashes"
	s := sc.Side(holder)
	sp := &p.Side[holder]
	ind := -1
	for i, sl := range sp.Slots {
		if strings.HasSuffix(sl.Stats.Name, " (Indoctrination)") {
			ind = i
		}
	}
	switch {
	case sc.Action == engine.SpaceCombat:
		return
	case mechTextLost(sc):
		factionIdle(p, name, holder, "Articles of War takes the mechs' texts away")
		return
	case s.Influence < 3:
		factionIdle(p, name, holder, "with Indoctrination it costs 3 influence and the side has less (give it with --"+holder.String()+"-influence)")
		return
	case s.Fleet.Count(units.Mech) >= yinMechs:
		factionIdle(p, name, holder, "all 4 Yin mechs are in the fleet: none is left in the reinforcements to deploy")
		return
	case ind < 0:
		factionIdle(p, name, holder, "Indoctrination does not act here")
		return
	}
	mech, ok := p.HiddenGroundSlot(&sc.Input, holder, units.Mech, name, "deployed by "+name)
	if !ok {
		return
	}
	in := uint8(ind)
	p.OnStartOfCombat(engine.OnGround, func(t *engine.Trial) {
		if t.Alive[holder][in] == 0 || !engine.Spend(&t.Influence[holder], 1) {
			return
		}
		// Undo Indoctrination's infantry as it was placed, and put the
		// mech in its place.
		t.Join(holder, in, -1)
		t.Join(holder, mech, 1)
	})
}
