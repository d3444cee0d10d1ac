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

// moveSome moves n units of side's slot from (undamaged, infantry) into
// slot to, keeping the target sets' counts right.
func (t *trial) moveSome(side sideID, from, to uint8, n uint16) {
	sp := &t.p.side[side]
	t.alive[side][from] -= n
	t.alive[side][to] += n
	for tg, in := 0, sp.in[from]; in != 0; tg, in = tg+1, in>>1 {
		t.count[side][tg] -= int32(in&1) * int32(n)
	}
	for tg, in := 0, sp.in[to]; in != 0; tg, in = tg+1, in>>1 {
		t.count[side][tg] += int32(in&1) * int32(n)
	}
}
