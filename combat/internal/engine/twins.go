package engine

import "github.com/ti4sim/ti4sim/units"

// Twin slots: units that fight one combat in another form — ground forces
// that fight a space combat as if they were ships, a mech that flips to a
// ship for the space combat, fighters committed to the planet as ground
// forces. Each such unit type gets a twin slot, empty at
// the start, whose numbers are the other form's and which belongs to the
// target sets of that combat only (tFleet for the space combat, tGround for
// the ground combat). An effect moves the units into the twin when the
// other form begins and back when it ends, so nothing else (space cannon
// before the combat, capacity after it, the survivors reported) sees the
// twin. Units moved mid-action defeat the fixed state spaces: plans with
// twins take the generic rounds and exact mode refuses them.

// Form is the form a slot's units fight in.
type Form uint8

const (
	FormUnit   Form = iota // the unit as printed
	FormShip               // fighting the space combat as a ship (tFleet)
	FormGround             // fighting the ground combat as a ground force (tGround)
	FormWorn               // the units after a second use of Sustain Damage (the effects' ti3.go)
)

// twinOrder returns ord with the side's twins of form f added: infantry
// and fighters first (the cheapest losses), the others after the fighters.
func (sp *SidePlan) twinOrder(ord []uint8, f Form) []uint8 {
	out := append([]uint8(nil), ord...)
	for i, sl := range sp.Slots {
		if sl.Form != f {
			continue
		}
		k := sp.Slots[sl.Of].Stats.Kind
		if k == units.Infantry || k == units.Fighter {
			out = append([]uint8{uint8(i)}, out...)
			continue
		}
		at := 0
		for at < len(out) && (sp.Slots[out[at]].Stats.Kind == units.Fighter || sp.Slots[out[at]].Form != FormUnit) {
			at++
		}
		out = append(out[:at], append([]uint8{uint8(i)}, out[at:]...)...)
	}
	return out
}

// AddTwin adds a twin of slot i in form f with stats st; false when there
// is no room.
func (sp *SidePlan) AddTwin(i uint8, f Form, st units.Stats) (uint8, bool) {
	if len(sp.Slots) >= MaxSlots {
		return 0, false
	}
	j := uint8(len(sp.Slots))
	sl := sp.Slots[i]
	sp.Slots = append(sp.Slots, Slot{Stats: st, Zone: sl.Zone, Sustain: st.Sustain, CostHalves: sl.CostHalves, Form: f, Of: i})
	return j, true
}

// TwinsOf returns side's twin slots of form f.
func (p *Plan) TwinsOf(side Side, f Form) []uint8 {
	var out []uint8
	for i, sl := range p.Side[side].Slots {
		if sl.Form == f {
			out = append(out, uint8(i))
		}
	}
	return out
}

// moveAll moves every unit of slot from of side, damaged ones as they are,
// into slot to (a twin and its unit, either way).
func (t *Trial) moveAll(side Side, from, to uint8) {
	a, d := t.Alive[side][from], t.Damaged[side][from]
	if a == 0 {
		return
	}
	sp := &t.P.Side[side]
	t.Alive[side][to] += a
	t.Damaged[side][to] += d
	t.Alive[side][from], t.Damaged[side][from] = 0, 0
	for tg, in := 0, sp.In[from]; in != 0; tg, in = tg+1, in>>1 {
		t.Count[side][tg] -= int32(in&1) * int32(a)
	}
	for tg, in := 0, sp.In[to]; in != 0; tg, in = tg+1, in>>1 {
		t.Count[side][tg] += int32(in&1) * int32(a)
	}
}

// MoveTwins moves the units of the twins (into them, or back out of
// them when back).
func (t *Trial) MoveTwins(side Side, twins []uint8, back bool) {
	for _, tw := range twins {
		of := t.P.Side[side].Slots[tw].Of
		if back {
			t.moveAll(side, tw, of)
		} else {
			t.moveAll(side, of, tw)
		}
	}
}

// FightAsShips moves side's formShip twins in at the start of the space
// combat while cond holds, and back when it ends.
func (p *Plan) FightAsShips(side Side, name string, cond func(t *Trial) bool) {
	twins := p.TwinsOf(side, FormShip)
	p.BeyondExact(name)
	if len(twins) == 0 {
		return
	}
	p.NoTables = true
	p.OnStartOfCombat(InSpace, func(t *Trial) {
		if cond(t) {
			t.MoveTwins(side, twins, false)
		}
	})
	p.OnEndOfCombat(InSpace, func(t *Trial) {
		t.MoveTwins(side, twins, true)
	})
}

// MoveSome moves n units of side's slot from (undamaged, infantry) into
// slot to, keeping the target sets' counts right.
func (t *Trial) MoveSome(side Side, from, to uint8, n uint16) {
	sp := &t.P.Side[side]
	t.Alive[side][from] -= n
	t.Alive[side][to] += n
	for tg, in := 0, sp.In[from]; in != 0; tg, in = tg+1, in>>1 {
		t.Count[side][tg] -= int32(in&1) * int32(n)
	}
	for tg, in := 0, sp.In[to]; in != 0; tg, in = tg+1, in>>1 {
		t.Count[side][tg] += int32(in&1) * int32(n)
	}
}
