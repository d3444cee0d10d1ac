package engine

// pendingTable holds the pending mass of each joint state of a chain, found without
// hashing: each side's states are numbered as they are met (a memo, dense
// for state spaces of up to denseStates states), and a joint state is the
// cell at (attacker's number, defender's number) of rows that grow as
// states are met. The exact sweep keeps its pending mass in one.
type pendingTable struct {
	num   [2]memo[int32]
	count [2]int32
	rows  [][]*pendingMass
}

func newPendingTable(c *chain) *pendingTable {
	return &pendingTable{num: [2]memo[int32]{newMemo[int32](c.ss[Attacker].n), newMemo[int32](c.ss[Defender].n)}}
}

// number returns side's number of state st, giving the next one to a new
// state.
func (t *pendingTable) number(side Side, st uint32) int32 {
	if k, ok := t.num[side].get(st); ok {
		return k
	}
	k := t.count[side]
	t.count[side]++
	t.num[side].set(st, k)
	return k
}

// cell returns the cell of joint state (sa, sd).
func (t *pendingTable) cell(sa, sd uint32) **pendingMass {
	a, d := t.number(Attacker, sa), t.number(Defender, sd)
	for int(a) >= len(t.rows) {
		t.rows = append(t.rows, nil)
	}
	row := t.rows[a]
	if int(d) >= len(row) {
		row = append(row, make([]*pendingMass, int(t.count[Defender])-len(row))...)
		t.rows[a] = row
	}
	return &row[d]
}
