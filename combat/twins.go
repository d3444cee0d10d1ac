package combat

import "github.com/ti4sim/ti4sim/units"

// Twin slots: units that fight one combat in another form. The Nekro
// flagship's ground forces fight a space combat as if they were ships; a
// Naaz-Rokha mech in the space area flips to the Z-Grav Eidolon, a ship, for
// the space combat; the Naalu flagship's fighters are committed to the
// planet as ground forces. Each such unit type gets a twin slot, empty at
// the start, whose numbers are the other form's and which belongs to the
// target sets of that combat only (tFleet for the space combat, tGround for
// the ground combat). An effect moves the units into the twin when the
// other form begins and back when it ends, so nothing else (space cannon
// before the combat, capacity after it, the survivors reported) sees the
// twin. Units moved mid-action defeat the fixed state spaces: plans with
// twins take the generic rounds and exact mode refuses them.

// form is the form a slot's units fight in.
type form uint8

const (
	formUnit   form = iota // the unit as printed
	formShip               // fighting the space combat as a ship (tFleet)
	formGround             // fighting the ground combat as a ground force (tGround)
	formWorn               // the units after a second use of Sustain Damage (ti3.go)
)

// twinOrder returns ord with the side's twins of form f added: infantry
// and fighters first (the cheapest losses), the others after the fighters.
func (sp *sidePlan) twinOrder(ord []uint8, f form) []uint8 {
	out := append([]uint8(nil), ord...)
	for i, sl := range sp.slots {
		if sl.form != f {
			continue
		}
		k := sp.slots[sl.of].stats.Kind
		if k == units.Infantry || k == units.Fighter {
			out = append([]uint8{uint8(i)}, out...)
			continue
		}
		at := 0
		for at < len(out) && (sp.slots[out[at]].stats.Kind == units.Fighter || sp.slots[out[at]].form != formUnit) {
			at++
		}
		out = append(out[:at], append([]uint8{uint8(i)}, out[at:]...)...)
	}
	return out
}

// addTwin adds a twin of slot i in form f with stats st; false when there
// is no room.
func (sp *sidePlan) addTwin(i uint8, f form, st units.Stats) (uint8, bool) {
	if len(sp.slots) >= maxSlots {
		return 0, false
	}
	j := uint8(len(sp.slots))
	sl := sp.slots[i]
	sp.slots = append(sp.slots, slot{stats: st, zone: sl.zone, sustain: st.Sustain, costHalves: sl.costHalves, form: f, of: i})
	return j, true
}

// twinsOf returns side's twin slots of form f.
func (p *plan) twinsOf(side sideID, f form) []uint8 {
	var out []uint8
	for i, sl := range p.side[side].slots {
		if sl.form == f {
			out = append(out, uint8(i))
		}
	}
	return out
}

// twinForm is the one rule of which units fight a combat in another form:
// the form side's units of kind k take in an action act (formUnit for
// none). With the Nekro flagship (The Alastor) every ground force fights
// the space combat as a ship; the attacker's Naaz-Rokha mechs (in the space
// area) flip to the Z-Grav Eidolon; with the Naalu flagship (Matriarch) the
// attacker's fighters are committed to the invaded planet as ground forces.
// Validation (which units a scenario may hold) and addTwins both ask it.
func twinForm(s *force, idx sideID, act Action, k units.Kind) form {
	flagship := s.Fleet.Count(units.Flagship) > 0
	switch slug := s.faction().Slug; {
	case act == GroundCombat:
	case slug == "nekro" && flagship && k.GroundForce():
		return formShip
	case slug == "naaz-rokha" && idx == attacker && k == units.Mech:
		return formShip
	case slug == "naalu" && idx == attacker && flagship && act == Invasion && k == units.Fighter:
		return formGround
	}
	return formUnit
}

// addTwins adds the twin slots twinForm asks for (compileSide calls it
// before the rolls and hit orders are built; the texts' rules move the
// units): the twin of a ground force fighting as a ship, of a mech as the
// Z-Grav Eidolon (not Eidolon Maximum, a ship already), of a fighter on
// the planet.
func (sp *sidePlan) addTwins(s *force, idx sideID, sc *scenarioIn) {
	for i := range len(sp.slots) {
		sl := sp.slots[i]
		if sl.form != formUnit || sl.zone == zoneAdjacent {
			continue
		}
		st := sl.stats
		switch f := twinForm(s, idx, sc.Action, st.Kind); {
		case f == formShip && st.Kind == units.Mech && s.faction().Slug == "naaz-rokha":
			if !sl.noAbilityHits {
				sp.addTwin(uint8(i), formShip, zGravEidolon(st))
			}
		case f == formShip:
			st.Name += " (fighting as a ship)"
			sp.addTwin(uint8(i), formShip, st)
		case f == formGround:
			st.Name += " (on the planet)"
			st.Sustain = false
			sp.addTwin(uint8(i), formGround, st)
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

// moveAll moves every unit of slot from of side, damaged ones as they are,
// into slot to (a twin and its unit, either way).
func (t *trial) moveAll(side sideID, from, to uint8) {
	a, d := t.alive[side][from], t.damaged[side][from]
	if a == 0 {
		return
	}
	sp := &t.p.side[side]
	t.alive[side][to] += a
	t.damaged[side][to] += d
	t.alive[side][from], t.damaged[side][from] = 0, 0
	for tg, in := 0, sp.in[from]; in != 0; tg, in = tg+1, in>>1 {
		t.count[side][tg] -= int32(in&1) * int32(a)
	}
	for tg, in := 0, sp.in[to]; in != 0; tg, in = tg+1, in>>1 {
		t.count[side][tg] += int32(in&1) * int32(a)
	}
}

// moveTwins moves the units of the twins (into them, or back out of
// them when back).
func (t *trial) moveTwins(side sideID, twins []uint8, back bool) {
	for _, tw := range twins {
		of := t.p.side[side].slots[tw].of
		if back {
			t.moveAll(side, tw, of)
		} else {
			t.moveAll(side, of, tw)
		}
	}
}

// fightAsShips moves side's formShip twins in at the start of the space
// combat while cond holds, and back when it ends.
func (p *plan) fightAsShips(side sideID, name string, cond func(t *trial) bool) {
	twins := p.twinsOf(side, formShip)
	p.beyondExact(name)
	if len(twins) == 0 {
		return
	}
	p.noTables = true
	p.onStartOfCombat(inSpace, func(t *trial) {
		if cond(t) {
			t.moveTwins(side, twins, false)
		}
	})
	p.onEndOfCombat(inSpace, func(t *trial) {
		t.moveTwins(side, twins, true)
	})
}
