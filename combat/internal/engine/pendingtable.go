package engine

// pendingTable holds what waits in each joint state of a chain during the
// exact sweep, found without hashing: each side's states are numbered as
// they are met (a memo, dense for state spaces of up to denseStates
// states), and a joint state is the cell at (attacker's number, defender's
// number) of rows that grow as states are met. A cell holds the state's
// pending mass (nil: none).
type pendingTable struct {
	c   *chain
	num [2]memo[int32]
	// codes[side][k] is the state numbered k, health[side][k] its health
	// (chain.healthOf), k < the side's count of states met.
	codes  [2][]uint32
	health [2][]int
	rows   [][]*pendingMass
	// pmfs[side][k] is the hit distribution of the state numbered k, once
	// asked (sweep.pmfOf).
	pmfs [2][][]float64
}

func newPendingTable(c *chain) *pendingTable {
	return &pendingTable{c: c, num: [2]memo[int32]{memoFor[int32](&c.ss[Attacker]), memoFor[int32](&c.ss[Defender])}}
}

// number returns side's number of state st, giving the next one to a new
// state.
func (t *pendingTable) number(side Side, st uint32) int32 {
	if k, ok := t.num[side].get(st); ok {
		return k
	}
	k := int32(len(t.codes[side]))
	t.codes[side] = append(t.codes[side], st)
	t.health[side] = append(t.health[side], t.c.healthOf(side, st))
	t.num[side].set(st, k)
	return k
}

// joint returns the joint state of the cell (a, d) and its joint health.
func (t *pendingTable) joint(a, d int32, nd uint32) (j uint32, health int) {
	return t.codes[Attacker][a]*nd + t.codes[Defender][d], t.health[Attacker][a] + t.health[Defender][d]
}

// cell returns the cell of joint state (sa, sd).
func (t *pendingTable) cell(sa, sd uint32) **pendingMass {
	return t.cellAt(t.number(Attacker, sa), t.number(Defender, sd))
}

// cellAt returns the cell of the states numbered a (attacker) and d
// (defender). The pointer holds until the next call.
func (t *pendingTable) cellAt(a, d int32) **pendingMass {
	if int(a) < len(t.rows) {
		if row := t.rows[a]; int(d) < len(row) {
			return &row[d]
		}
	}
	return t.grow(a, d)
}

// grow makes room for the cell (a, d): a row for every attacker state up to
// a, and row a as long as the defender's states met.
func (t *pendingTable) grow(a, d int32) **pendingMass {
	for int(a) >= len(t.rows) {
		t.rows = append(t.rows, nil)
	}
	row := t.rows[a]
	if int(d) >= len(row) {
		row = grown(row, max(len(t.codes[Defender]), int(d)+1))
		t.rows[a] = row
	}
	return &row[d]
}
