package engine

// The pending spreads of the exact sweep (leaveGrouped): mass that reached
// a row of the joint states, waiting to be spread along the defender's
// axis once for all the sources that share the defender's state and the
// attacker's hit distribution. They are found without hashing: the
// spreads of one defender state and hit distribution class (a spreadRow,
// in a table by class and defender number) are indexed by their row's
// number, and kept in a slab of fixed chunks, reused once spread.

// pendingSpread is mass waiting to be spread along the defender's axis:
// what reached row a (the attacker's state after its hits, by its number
// in the pending table) from sources whose defender was in the state
// numbered d and whose attacker rolled a hit distribution of class cls, by
// rounds, with its moment; the defender's outcomes (d with no hit, and
// groupNext's) are applied once for all of it (spreadRows).
type pendingSpread struct {
	a, d   int32
	cls    int32
	lo, hi int // the bins that may hold mass: [lo, hi)
	moment float64
	hist   roundsHist
}

func (p *pendingSpread) add(y *roundsHist, scale float64, lo, hi int, moment float64) {
	p.lo, p.hi = min(p.lo, lo), max(p.hi, hi)
	for i := lo; i < hi; i++ {
		p.hist[i] += y[i] * scale
	}
	p.moment += moment
}

// spreadRow is what the sources of one defender state and attacker's hit
// distribution class share: the defender's outcomes (its states after
// the attacker's ha hits, ha ≥ 0, with their chances: groupNext) and the
// pending spreads of each row (at[a]: 1 + the spread's slab index, 0:
// none; nil when none waits), live of them; d and cls are its defender
// state's number and class.
type spreadRow struct {
	d, cls   int32
	outcomes []numberedState
	at       []int32
	live     int
}

// spreadChunk is the number of spreads in one chunk of the slab.
const spreadChunk = 256

// spreadTable holds a sweep's pending spreads and what spreading them
// reads.
type spreadTable struct {
	// slab holds the spreads in chunks (spread k: slab[k/spreadChunk][k%
	// spreadChunk]), made of them; free the indexes of those spread
	// (reused); buckets[h] the indexes of those waiting at joint health h.
	slab    [][]pendingSpread
	made    int32
	free    []int32
	buckets [][]int32
	// rows[cls][d] is the spread row of hit distribution class cls and
	// the defender's state numbered d (outcomes nil until asked); freeAt,
	// emptied rows' index slices (all zero) for reuse.
	rows   [][]spreadRow
	freeAt [][]int32
}

func newSpreadTable(healths int) spreadTable {
	return spreadTable{buckets: make([][]int32, healths)}
}

func (st *spreadTable) spread(k int32) *pendingSpread {
	return &st.slab[k/spreadChunk][k%spreadChunk]
}

// spreadRow returns the spread row of the defender's state numbered d
// against hit distribution pa (class cls), whose outcomes are all (the
// defender's outcomes table's). The pointer holds until the next call.
func (w *sweep) spreadRow(d, cls int32, all []numberedState) *spreadRow {
	st := &w.spreads
	for int(cls) >= len(st.rows) {
		st.rows = append(st.rows, nil)
	}
	if int(d) >= len(st.rows[cls]) {
		st.rows[cls] = append(st.rows[cls], make([]spreadRow, max(len(w.pending.codes[Defender]), int(d)+1)-len(st.rows[cls]))...)
	}
	row := &st.rows[cls][d]
	if row.outcomes == nil {
		row.outcomes, row.d, row.cls = all, d, cls
	}
	return row
}

// spreadTo returns the pending spread of row a in spread row r, adding a
// new one to the bucket of its joint health: it is spread before that
// bucket is settled. The pointer holds until the next call.
func (w *sweep) spreadTo(r *spreadRow, a int32) *pendingSpread {
	st := &w.spreads
	if int(a) < len(r.at) && r.at[a] != 0 {
		return st.spread(r.at[a] - 1)
	}
	if int(a) >= len(r.at) {
		if r.at == nil && len(st.freeAt) > 0 {
			r.at, st.freeAt = st.freeAt[len(st.freeAt)-1], st.freeAt[:len(st.freeAt)-1]
		}
		if int(a) >= len(r.at) {
			r.at = append(r.at, make([]int32, max(len(w.pending.codes[Attacker]), int(a)+1)-len(r.at))...)
		}
	}
	var k int32
	if n := len(st.free) - 1; n >= 0 {
		k, st.free = st.free[n], st.free[:n]
	} else {
		if st.made%spreadChunk == 0 {
			st.slab = append(st.slab, make([]pendingSpread, spreadChunk))
		}
		k = st.made
		st.made++
	}
	r.at[a] = k + 1
	r.live++
	p := st.spread(k)
	*p = pendingSpread{a: a, d: r.d, cls: r.cls, lo: histBins, hi: 0}
	if w.rows != nil {
		w.queueSpread(a, k)
		return p
	}
	_, hb := w.pending.joint(a, r.d, w.nd)
	st.buckets[hb] = append(st.buckets[hb], k)
	return p
}

// spreadRows spreads the pending spreads of joint health hb along the
// defender's axis (spreadOne).
func (w *sweep) spreadRows(hb int) {
	st := &w.spreads
	for _, k := range st.buckets[hb] {
		w.spreadOne(k)
	}
	st.buckets[hb] = st.buckets[hb][:0]
}

// spreadOne spreads the pending spread k along the defender's axis: each
// of the defender's outcomes (its state after the attacker's ha hits,
// ha ≥ 0) gets the spread's rounds scaled by its chance; the spread is
// then free for reuse.
func (w *sweep) spreadOne(k int32) {
	st := &w.spreads
	p := st.spread(k)
	r := &st.rows[p.cls][p.d]
	for _, g := range r.outcomes {
		if g.w != 0 {
			w.putAt(p.a, g.n, &p.hist, g.w, p.lo, p.hi).moment += p.moment * g.w
		}
	}
	r.at[p.a] = 0
	if r.live--; r.live == 0 {
		st.freeAt = append(st.freeAt, r.at)
		r.at = nil
	}
	st.free = append(st.free, k) // reused by spreadTo
}
