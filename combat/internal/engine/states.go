package engine

// stateSpace enumerates one side's unit states in one combat: for each
// participating slot, how many units are alive and how many of those are
// damaged. A state is a mixed-radix number of per-slot codes — or, when
// the two sides' mixed-radix codes multiply past a joint code (dense not
// nil), the number a densecodes table gives the state the first time it is
// met; either way state 0 is "no unit left". The fast round path and the
// exact solver share it.
type stateSpace struct {
	slots   []uint8
	sizes   []uint32
	strides []uint32
	// pairs[j][c] is the (alive, damaged) of code c of slot j.
	pairs [][][2]uint16
	// sustain[j] is true when slot j's units have Sustain Damage (and so
	// damaged states).
	sustain []bool
	// n is the number of states: the product of sizes, or with dense the
	// codes the table may give (its capacity).
	n int
	// dense, when set, numbers the states as they are met (densecodes.go);
	// copies of the space share it.
	dense *denseCodes
	// units[s*len(slots)+j] is the (alive, damaged) of slot j in state s,
	// so that decoding needs no division.
	units [][2]uint16
}

// maxStates bounds one side's state space for the fast path's tables;
// larger sides use the generic path. (The exact solver reads states
// lazily: stateCodes.)
const maxStates = 1 << 16

// newStateSpace enumerates the states of the given slots of side, whose
// counts can only fall from their start (no unit enters a combat midway),
// except a worn slot's, which fills from its unit's (TI3 war suns), and a
// slot units revert into, which fills from theirs (TI3 shock troops).
// ok is false when the space has more than maxStates states.
func (p *Plan) newStateSpace(side Side, slots []uint8) (ss stateSpace, ok bool) {
	ss, ok = p.stateCodes(side, slots, maxStates)
	if !ok {
		return ss, false
	}
	ss.units = make([][2]uint16, ss.n*len(slots))
	for s := range ss.n {
		for j := range slots {
			ss.units[s*len(slots)+j] = ss.pairs[j][(uint32(s)/ss.strides[j])%ss.sizes[j]]
		}
	}
	return ss, true
}

// stateCodes lays out the mixed-radix codes of newStateSpace's states
// without listing them (no units cache: unit decodes by division); ok is
// false when they number more than limit (n is then limit+1, and the
// codes past it are not used: the exact solver numbers the states densely
// instead). The exact solver uses it: it reads only the states a combat
// reaches.
func (p *Plan) stateCodes(side Side, slots []uint8, limit int) (ss stateSpace, ok bool) {
	sp := &p.Side[side]
	ss.slots = slots
	ss.n = 1
	for _, s := range slots {
		n := int(sp.Start[s])
		if sl := &sp.Slots[s]; sl.Form == FormWorn {
			n += int(sp.Start[sl.Of]) // every unit of its own may wear down into it (besides those that start worn)
		}
		if rv := sp.Revert; rv.On && rv.To == s {
			n += int(sp.Start[rv.From]) // reverting units join it (TI3 shock troops)
		}
		var pairs [][2]uint16
		for a := 0; a <= n; a++ {
			if !sp.Slots[s].Sustain {
				pairs = append(pairs, [2]uint16{uint16(a), 0})
				continue
			}
			for d := 0; d <= a; d++ {
				pairs = append(pairs, [2]uint16{uint16(a), uint16(d)})
			}
		}
		ss.strides = append(ss.strides, uint32(ss.n))
		ss.sizes = append(ss.sizes, uint32(len(pairs)))
		ss.pairs = append(ss.pairs, pairs)
		ss.sustain = append(ss.sustain, sp.Slots[s].Sustain)
		if ss.n > limit/len(pairs) {
			ss.n = limit + 1 // saturated: every slot is still laid out
			continue
		}
		ss.n *= len(pairs)
	}
	return ss, ss.n <= limit
}

// unit returns the (alive, damaged) of slot j in state s.
func (ss *stateSpace) unit(s uint32, j int) [2]uint16 {
	if ss.dense != nil {
		return ss.dense.units[int(s)*len(ss.slots)+j]
	}
	if ss.units != nil {
		return ss.units[int(s)*len(ss.slots)+j]
	}
	return ss.pairs[j][(s/ss.strides[j])%ss.sizes[j]]
}

// code returns the code of (alive, damaged) in slot j.
func (ss *stateSpace) code(j int, alive, damaged uint16) uint32 {
	a, d := uint32(alive), uint32(damaged)
	if !ss.sustain[j] {
		return a
	}
	return a*(a+1)/2 + d
}

// slotKey returns the per-slot codes of the given unit counts (a dense
// numbering's key).
func (ss *stateSpace) slotKey(alive, damaged *[MaxSlots]uint16) slotCodes {
	var k slotCodes
	for j, slot := range ss.slots {
		k[j] = ss.code(j, alive[slot], damaged[slot])
	}
	return k
}

// encode returns the state of the given unit counts.
func (ss *stateSpace) encode(alive, damaged *[MaxSlots]uint16) uint32 {
	if ss.dense != nil {
		return ss.dense.encode(ss, alive, damaged)
	}
	var s uint32
	for j, slot := range ss.slots {
		s += ss.code(j, alive[slot], damaged[slot]) * ss.strides[j]
	}
	return s
}

// decode writes state s into alive and damaged.
func (ss *stateSpace) decode(s uint32, alive, damaged *[MaxSlots]uint16) {
	if ss.dense != nil {
		ss.dense.decode(ss, s, alive, damaged)
		return
	}
	if ss.units == nil {
		for j, slot := range ss.slots {
			u := ss.pairs[j][(s/ss.strides[j])%ss.sizes[j]]
			alive[slot], damaged[slot] = u[0], u[1]
		}
		return
	}
	us := ss.units[int(s)*len(ss.slots):][:len(ss.slots)]
	for j, slot := range ss.slots {
		alive[slot], damaged[slot] = us[j][0], us[j][1]
	}
}
