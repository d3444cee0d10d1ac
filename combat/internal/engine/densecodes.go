package engine

// denseCodes numbers one side's unit states of one chain in the order the
// solver meets them, for a combat whose two sides' mixed-radix codes
// multiply past a joint code (a uint32): under a fixed hit order a side
// reaches few of its mixed-radix states (its health chain, times the
// fighters the barrage takes), so the numbers it gives stay small. State 0
// is "no unit left", as with mixed-radix codes. A chain is used by one
// goroutine at a time (the commit policy's odds under its lock), so the
// table takes no lock of its own.
type denseCodes struct {
	// index gives the number of a state by its per-slot codes
	// (stateSpace.code); units[s*k+j] is the (alive, damaged) of slot j
	// in state s, k the slots of the space.
	index map[slotCodes]uint32
	units [][2]uint16
	k     int
	// limit is the number of codes it may give (0..limit-1: the space's
	// n); full is set once a state past it was met — that state was given
	// code 0 and the answer is refused (chain.codesErr).
	limit uint32
	full  bool
}

// slotCodes are a state's per-slot codes (stateSpace.code), the key of a
// dense numbering: each fits 32 bits (a slot holds at most a few hundred
// units).
type slotCodes [MaxSlots]uint32

// newDenseCodes returns the dense numbering of space ss (its slots laid
// out by stateCodes) with room for limit states, 1 ≤ limit, state 0 (no
// unit left) numbered first.
func newDenseCodes(ss *stateSpace, limit uint32) *denseCodes {
	d := &denseCodes{index: map[slotCodes]uint32{}, k: len(ss.slots), limit: limit}
	var none [MaxSlots]uint16
	d.encode(ss, &none, &none)
	return d
}

// encode returns the number of the state of ss with the given unit counts,
// giving the next one to a state met for the first time (0, and full set,
// past the limit).
func (d *denseCodes) encode(ss *stateSpace, alive, damaged *[MaxSlots]uint16) uint32 {
	key := ss.slotKey(alive, damaged)
	if s, ok := d.index[key]; ok {
		return s
	}
	s := uint32(len(d.index))
	if s >= d.limit {
		d.full = true
		return 0
	}
	d.index[key] = s
	for _, slot := range ss.slots {
		d.units = append(d.units, [2]uint16{alive[slot], damaged[slot]})
	}
	return s
}

// decode writes state s of ss into alive and damaged.
func (d *denseCodes) decode(ss *stateSpace, s uint32, alive, damaged *[MaxSlots]uint16) {
	us := d.units[int(s)*d.k:][:d.k]
	for j, slot := range ss.slots {
		alive[slot], damaged[slot] = us[j][0], us[j][1]
	}
}

// met is the number of states numbered so far.
func (d *denseCodes) met() int { return len(d.index) }
