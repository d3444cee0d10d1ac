package engine

// memo holds a value per state of a space of n states, computed on demand:
// in slices of all of them for a small space (pagedStates), in pages of
// memoPageSize states, each made when one of its states is first set,
// when n is small enough for a table of all the pages (fast: a
// battle reaches few of its space's states, in few pages — the mirrored
// 30-unit battle 25 pages of 64 of a side's 24,255 states, where a slice
// of all of them had been 3 MB to make, zero and scan a solve), else in a
// map (memory for the states reached only); for a space numbered densely
// as its states are met (densecodes.go), in a slice that grows with them
// (memoFor).
type memo[T any] struct {
	pages  []*memoPage[T]
	dense  []T
	have   []bool
	sparse map[uint32]T
}

// memoPage holds the values of memoPage consecutive states (have: set).
type memoPage[T any] struct {
	v    [memoPageSize]T
	have [memoPageSize]bool
}

// memoPageBits sets the states of a memo's page: memoPageSize, 64.
const (
	memoPageBits = 6
	memoPageSize = 1 << memoPageBits
)

// denseStates is the largest state space memo keeps in pages.
const denseStates = 1 << 18

// pagedStates is the least state space memo keeps in pages: a smaller
// one's slices cost less than a page.
const pagedStates = 1 << 10

func newMemo[T any](n int) memo[T] {
	switch {
	case n < pagedStates:
		return memo[T]{dense: make([]T, n), have: make([]bool, n)}
	case n <= denseStates:
		return memo[T]{pages: make([]*memoPage[T], (n+memoPageSize-1)>>memoPageBits)}
	}
	return memo[T]{sparse: map[uint32]T{}}
}

// memoFor returns the memo of space ss: newMemo's, or for a dense
// numbering an empty slice grown as states are met.
func memoFor[T any](ss *stateSpace) memo[T] {
	if ss.dense != nil {
		return memo[T]{}
	}
	return newMemo[T](ss.n)
}

func (m *memo[T]) get(st uint32) (T, bool) {
	if m.pages != nil {
		if p := m.pages[st>>memoPageBits]; p != nil {
			i := st & (memoPageSize - 1)
			return p.v[i], p.have[i]
		}
		var none T
		return none, false
	}
	if m.sparse == nil {
		if int(st) >= len(m.have) {
			var none T
			return none, false // a growing memo's state not met yet
		}
		return m.dense[st], m.have[st]
	}
	v, ok := m.sparse[st]
	return v, ok
}

func (m *memo[T]) set(st uint32, v T) {
	if m.pages != nil {
		p := m.pages[st>>memoPageBits]
		if p == nil {
			p = new(memoPage[T])
			m.pages[st>>memoPageBits] = p
		}
		i := st & (memoPageSize - 1)
		p.v[i], p.have[i] = v, true
		return
	}
	if m.sparse == nil {
		if n := int(st) + 1; n > len(m.have) {
			m.dense = append(m.dense, make([]T, n-len(m.dense))...)
			m.have = append(m.have, make([]bool, n-len(m.have))...)
		}
		m.dense[st], m.have[st] = v, true
		return
	}
	m.sparse[st] = v
}
