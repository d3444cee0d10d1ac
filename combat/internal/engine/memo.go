package engine

// memo holds a value per state of a space of n states, computed on demand:
// in a slice when n is small enough to allocate up front (fast), else in a
// map (memory for the states reached only); for a space numbered densely
// as its states are met (densecodes.go), in a slice that grows with them
// (memoFor).
type memo[T any] struct {
	dense  []T
	have   []bool
	sparse map[uint32]T
}

// denseStates is the largest state space memo keeps in slices.
const denseStates = 1 << 18

func newMemo[T any](n int) memo[T] {
	if n <= denseStates {
		return memo[T]{dense: make([]T, n), have: make([]bool, n)}
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
