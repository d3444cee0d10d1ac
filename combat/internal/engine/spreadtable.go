package engine

// The pending spreads of the exact sweep (leaveGrouped): mass that reached
// a row of the joint states, waiting to be spread along the defender's
// axis once for all the sources that share the defender's state and the
// attacker's hit distribution. They are found without hashing: the
// spreads of one defender state and hit distribution class (a spreadRow,
// in a table by class and defender number) are indexed by their row's
// number, and kept in a slab of fixed chunks, reused once spread (a new
// spread takes the place of one just spread, still in cache).

// pendingSpread is mass waiting to be spread along the defender's axis:
// what reached row a (the attacker's state after its hits, by its number
// in the pending table) from sources whose defender's state and
// attacker's hit distribution class are those of spread row row
// (spreadRow), by rounds, with its moment; the defender's outcomes (its
// state with no hit, and grouped's) are applied once for all of it
// (spreadOne). Its rounds [lo, hi) (empty: lo > hi) are kept in bins,
// bins[i] the mass after base+i rounds, while they span at most spreadBins
// rounds, else in a full histogram (wide: 1 + its index in the table's
// wides, 0 for none).
type pendingSpread struct {
	a, row int32
	wide   int32
	lo, hi int32
	base   int32
	moment float64
	bins   [spreadBins]float64
}

// spreadBins is the number of rounds a spread keeps in place: 6, a span
// that 99% of the mirrored 30-unit battle's spreads keep to.
const spreadBins = 6

// add adds to spread p the rounds y in bins [lo, hi) scaled by scale, and
// moment to its moment.
func (st *spreadTable) add(p *pendingSpread, y *roundsHist, scale float64, lo, hi int, moment float64) {
	if p.wide == 0 && p.lo <= p.hi && lo >= int(p.base) && hi <= int(p.base)+spreadBins {
		// The rounds fit the bins as they are (most additions): no
		// widening nor rebasing to weigh.
		v := y[lo:hi]
		b := p.bins[lo-int(p.base):][:len(v)] // no bounds check in the loop
		for i := range v {
			b[i] += v[i] * scale
		}
		p.lo, p.hi = min(p.lo, int32(lo)), max(p.hi, int32(hi))
		p.moment += moment
		return
	}
	st.addFitting(p, y, scale, lo, hi, moment)
}

// addFitting is add where the rounds do not fit the spread's bins as they
// are (or it has none yet): it widens or rebases them first.
func (st *spreadTable) addFitting(p *pendingSpread, y *roundsHist, scale float64, lo, hi int, moment float64) {
	nlo, nhi := min(int(p.lo), lo), max(int(p.hi), hi)
	if p.wide == 0 && nhi-nlo > spreadBins {
		st.widen(p)
	}
	if p.wide != 0 {
		h := st.wideOf(int(p.wide) - 1)
		for i := lo; i < hi; i++ {
			h[i] += y[i] * scale
		}
	} else {
		if nlo < int(p.base) || nhi > int(p.base)+spreadBins {
			p.rebase(int32(nlo))
		}
		v := y[lo:hi]
		b := p.bins[lo-int(p.base):][:len(v)] // no bounds check in the loop
		for i := range v {
			b[i] += v[i] * scale
		}
	}
	p.lo, p.hi = int32(nlo), int32(nhi)
	p.moment += moment
}

// rebase moves p's bins to start at round base (its rounds [lo, hi) fit).
func (p *pendingSpread) rebase(base int32) {
	var b [spreadBins]float64
	for i := p.lo; i < p.hi; i++ {
		b[i-base] = p.bins[i-p.base]
	}
	p.bins, p.base = b, base
}

// widen moves p's rounds to a full histogram of the table's.
func (st *spreadTable) widen(p *pendingSpread) {
	var k int
	if n := len(st.freeWide) - 1; n >= 0 {
		k, st.freeWide = int(st.freeWide[n]), st.freeWide[:n]
	} else {
		if st.wideMade%wideChunk == 0 {
			st.wides = append(st.wides, st.spare.wideChunk())
		}
		k = st.wideMade
		st.wideMade++
	}
	h := st.wideOf(k)
	for i := p.lo; i < p.hi; i++ {
		h[i] = p.bins[i-p.base]
	}
	p.wide = int32(k) + 1
}

// wideChunk is the number of full histograms in one chunk (8 kB).
const wideChunk = 32

// wideOf returns the table's full histogram k.
func (st *spreadTable) wideOf(k int) *roundsHist {
	return &st.wides[k/wideChunk][k%wideChunk]
}

// rounds returns p's mass by rounds from round p.lo to p.hi.
func (st *spreadTable) rounds(p *pendingSpread) []float64 {
	if p.wide != 0 {
		return st.wideOf(int(p.wide) - 1)[p.lo:p.hi]
	}
	return p.bins[p.lo-p.base : p.hi-p.base]
}

// spreadRow is what the sources of one defender state and attacker's hit
// distribution class share: the defender's outcomes (its states after
// the attacker's ha hits, ha ≥ 0, with their chances: grouped) and the
// pending spreads of each row (at[a-base]: 1 + the slab index of row a's
// spread, 0: none; nil when none waits: a window over the rows its
// spreads reach, not all of them), live of them; d is its defender state's
// number.
type spreadRow struct {
	d, base  int32
	outcomes []numberedState
	at       []int32
	live     int
}

// slot returns r's index slot of row a, widening its window to a (new
// slots 0), taking an emptied window of the table's when it has none.
func (st *spreadTable) slot(r *spreadRow, a int32) *int32 {
	if r.at == nil {
		r.base = a
		r.at = st.window(1, 32)
	}
	if a < r.base { // widen down: the window moves
		n := int(r.base-a) + len(r.at)
		at := st.window(n, 2*n)
		copy(at[r.base-a:], r.at)
		st.dropWindow(r.at)
		r.at, r.base = at, a
	}
	if i := int(a - r.base); i >= len(r.at) {
		if i < cap(r.at) {
			r.at = r.at[:i+1] // zero past the length: emptied windows are all zero
		} else {
			at := st.window(i+1, 2*(i+1))
			copy(at, r.at)
			st.dropWindow(r.at)
			r.at = at
		}
	}
	return &r.at[a-r.base]
}

// window returns an all-zero window of n slots, with room for want when
// made: an emptied one of the table's if the last emptied has room for
// n, else a new one.
func (st *spreadTable) window(n, want int) []int32 {
	if k := len(st.freeAt) - 1; k >= 0 && cap(st.freeAt[k]) >= n {
		at := st.freeAt[k][:n]
		st.freeAt = st.freeAt[:k]
		return at
	}
	return make([]int32, n, max(n, want))
}

// dropWindow gives the table a window no longer used, emptied.
func (st *spreadTable) dropWindow(at []int32) {
	clear(at)
	st.freeAt = append(st.freeAt, at[:0])
}

// spreadChunk is the number of spreads in one chunk of the slab (20 kB).
const spreadChunk = 256

// spreadTable holds a sweep's pending spreads and what spreading them
// reads.
type spreadTable struct {
	// slab holds the spreads in chunks (spread k: slab[k/spreadChunk][k%
	// spreadChunk]), made of them; free the indexes of those spread
	// (reused); buckets[h] the indexes of those waiting at joint health h
	// (settling by joint health).
	slab    [][]pendingSpread
	made    int32
	free    []int32
	buckets [][]int32
	// wides are the full histograms of the spreads whose rounds span more
	// than spreadBins, in chunks of wideChunk, wideMade of them made;
	// freeWide the indexes of those free.
	wides    [][]roundsHist
	wideMade int
	freeWide []int32
	// rows are the spread rows, rowOf[cls][d] 1 + the index of the row of
	// hit distribution class cls and the defender's state numbered d (0:
	// none yet); freeAt, emptied rows' index slices (all zero) for reuse.
	rows   []spreadRow
	rowOf  [][]int32
	freeAt [][]int32
	// ahead sums what readAhead reads of the spreads spread next, before
	// they are needed (their memory on its way meanwhile): read by
	// nothing.
	ahead int32
	// spare holds the chunks of the solver's finished sweeps, taken
	// before new ones are made (nil: always new).
	spare *spareChunks
}

func newSpreadTable(healths int, spare *spareChunks) spreadTable {
	return spreadTable{buckets: make([][]int32, healths), spare: spare}
}

// spareChunks are the slab and histogram chunks of a solver's finished
// sweeps, reused by its next: an invasion's exact solve fights one ground
// combat per way the space combat can end, each small, and making each
// its own first chunks (28 kB zeroed) cost more than its sums.
type spareChunks struct {
	spreads [][]pendingSpread
	wides   [][]roundsHist
}

// spreadChunk returns a slab chunk of spreadChunk spreads, a spare one
// when there is one (its contents stale: spreadTo sets a spread whole
// before use).
func (sc *spareChunks) spreadChunk() []pendingSpread {
	if sc != nil {
		if n := len(sc.spreads) - 1; n >= 0 {
			c := sc.spreads[n]
			sc.spreads = sc.spreads[:n]
			return c
		}
	}
	return make([]pendingSpread, spreadChunk)
}

// wideChunk returns a chunk of wideChunk full histograms, all zero.
func (sc *spareChunks) wideChunk() []roundsHist {
	if sc != nil {
		if n := len(sc.wides) - 1; n >= 0 {
			c := sc.wides[n]
			sc.wides = sc.wides[:n]
			clear(c)
			return c
		}
	}
	return make([]roundsHist, wideChunk)
}

// release gives st's chunks to its spares once its sweep is done.
func (st *spreadTable) release() {
	if st.spare == nil {
		return
	}
	st.spare.spreads = append(st.spare.spreads, st.slab...)
	st.spare.wides = append(st.spare.wides, st.wides...)
	st.slab, st.wides = nil, nil
}

func (st *spreadTable) spread(k int32) *pendingSpread {
	return &st.slab[k/spreadChunk][k%spreadChunk]
}

// readAhead reads, while spreads[i] is spread, what spreadOne will read
// first of the spreads after it: the spread two ahead and the spread row
// of the one after. A row's spreads were made rows ago and wait out of
// cache; read ahead, they arrive while the spread before them is
// gathered (the mirrored 30-unit battle's spreadOne had spent 490 of its
// 1,740 ms of profile waiting on them).
func (st *spreadTable) readAhead(spreads []int32, i int) {
	if i+2 < len(spreads) {
		st.ahead += st.spread(spreads[i+2]).row
	}
	if i+1 < len(spreads) {
		st.ahead += int32(len(st.rows[st.spread(spreads[i+1]).row].outcomes))
	}
}

// spreadRow returns the index of the spread row of the defender's state
// numbered d against hit distributions of class cls, whose outcomes are
// all (the defender's outcomes table's).
func (w *sweep) spreadRow(d, cls int32, all []numberedState) int32 {
	st := &w.spreads
	for int(cls) >= len(st.rowOf) {
		st.rowOf = append(st.rowOf, nil)
	}
	if int(d) >= len(st.rowOf[cls]) {
		st.rowOf[cls] = grown(st.rowOf[cls], max(len(w.pending.codes[Defender]), w.c.tableSize(Defender), int(d)+1))
	}
	if k := st.rowOf[cls][d]; k != 0 {
		return k - 1
	}
	if st.rows == nil {
		st.rows = make([]spreadRow, 0, min(16*max(1, w.c.tableSize(Defender)), 4096)) // a row per class met: 30 for the mirrored battle
	}
	st.rows = append(st.rows, spreadRow{d: d, outcomes: all})
	st.rowOf[cls][d] = int32(len(st.rows))
	return int32(len(st.rows) - 1)
}

// spreadTo returns the pending spread of row a in spread row ri, adding a
// new one to the bucket of its joint health (or, row by row, to its row):
// it is spread before that bucket (row) is settled. The pointer holds
// until the next call.
func (w *sweep) spreadTo(ri, a int32) *pendingSpread {
	st := &w.spreads
	r := &st.rows[ri]
	if i := int(a - r.base); uint(i) < uint(len(r.at)) && r.at[i] != 0 {
		return st.spread(r.at[i] - 1)
	}
	return w.newSpread(r, ri, a)
}

// newSpread is spreadTo's new spread of row a in spread row r (index ri).
func (w *sweep) newSpread(r *spreadRow, ri, a int32) *pendingSpread {
	st := &w.spreads
	slot := st.slot(r, a)
	var k int32
	if n := len(st.free) - 1; n >= 0 {
		k, st.free = st.free[n], st.free[:n]
	} else {
		if st.made%spreadChunk == 0 {
			st.slab = append(st.slab, st.spare.spreadChunk())
		}
		k = st.made
		st.made++
	}
	*slot = k + 1
	r.live++
	p := st.spread(k)
	*p = pendingSpread{a: a, row: ri, lo: histBins, hi: 0}
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
	r := &st.rows[p.row]
	h, lo := st.rounds(p), int(p.lo)
	if w.rows != nil {
		w.rows.gather(w, r.outcomes, h, lo, p.moment) // row p.a is being gathered
	} else {
		for _, g := range r.outcomes {
			if g.w != 0 {
				w.putAt(p.a, g.n, h, lo, g.w).moment += p.moment * g.w
			}
		}
	}
	r.at[p.a-r.base] = 0
	if r.live--; r.live == 0 {
		st.dropWindow(r.at)
		r.at = nil
	}
	if p.wide != 0 {
		*st.wideOf(int(p.wide) - 1) = roundsHist{}
		st.freeWide = append(st.freeWide, p.wide-1)
	}
	st.free = append(st.free, k) // reused by spreadTo
}

// grown returns s with zeros appended up to n entries at least, its
// capacity at least doubled when it grows (the states met keep growing).
func grown[T any](s []T, n int) []T {
	if n <= len(s) {
		return s
	}
	if n > cap(s) {
		s = append(make([]T, 0, max(n, 2*cap(s))), s...)
	}
	var zero T
	for len(s) < n {
		s = append(s, zero)
	}
	return s
}
