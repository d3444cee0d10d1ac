package engine

// memo holds a value per state of a space of n states, computed on demand:
// in a slice when n is small enough to allocate up front (fast), else in a
// map (memory for the states reached only).
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

func (m *memo[T]) get(st uint32) (T, bool) {
	if m.sparse == nil {
		return m.dense[st], m.have[st]
	}
	v, ok := m.sparse[st]
	return v, ok
}

func (m *memo[T]) set(st uint32, v T) {
	if m.sparse == nil {
		m.dense[st], m.have[st] = v, true
		return
	}
	m.sparse[st] = v
}
