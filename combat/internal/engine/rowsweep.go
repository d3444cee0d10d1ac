package engine

import "errors"

// The row-by-row order of the exact sweep. Where every hit lowers the
// health of the side that takes it, the joint states can be settled row by
// row — the attacker's states from the highest health down, and in each
// row the defender's likewise — instead of by joint health: a state's mass
// goes to its own row only where the attacker takes no hit (a lower
// defender's health, later in the row), and to the rows below otherwise,
// through the pending spreads (spreadTable), all spread when their row
// begins. The mass of the row being settled then lives in one dense row of
// cells, so the many additions of a row's spreads stay in cache: the same
// sums as by joint health, in another order. A hit that does not lower its
// side's health (met as the sweep goes) hands the combat back to the
// joint-health sweep from the start (errNotByRows).

// rowSweep is the row-by-row sweep's state (sweep.rows).
type rowSweep struct {
	// row is the attacker's state being settled (its number), ha its
	// health; settling: its cells are being settled (no longer receiving
	// its spreads), hd the defender's health being settled.
	row      int32
	ha, hd   int
	settling bool
	// cells[d] is the pending mass of the row's state with the defender's
	// state numbered d, queued[d] whether it holds some (listed in
	// byHealth by the defender's health).
	cells    []pendingMass
	queued   []bool
	byHealth [][]int32
	// rowsAt[h] lists the attacker's states of health h whose row holds
	// mass (rowQueued by number); starts[a] and spreads[a] are what waits
	// for row a: start masses by the defender's number, and the slab
	// indexes of its pending spreads.
	rowsAt    [][]int32
	rowQueued []bool
	starts    [][]numberedState
	spreads   [][]int32
	// spareLists are the spread lists of the rows settled, emptied, for
	// the rows queued next.
	spareLists [][]int32
	// cur is the state being settled; sink takes the mass of a put that
	// breaks the order (broken: the sweep is handed back).
	cur, sink pendingMass
	broken    bool
}

// errNotByRows says a hit did not lower its side's health: the combat is
// settled by joint health instead.
var errNotByRows = errors.New("engine: a hit that does not lower its side's health")

// rowsFrom is the least product of the two sides' full health for which
// the sweep settles row by row: below it a combat's states fit in cache
// either way, and the joint-health order keeps its figures bit for bit
// (the row order sums the same terms in another order: the figures agree
// to rounding, within 1.4e-14 on TestRowOrderMatchesJointOrder's battles).
const rowsFrom = 400

// byRows tells whether the sweep settles row by row: a combat of at least
// rowsFrom (health product) whose states are settled by dividing out the
// rounds without hits (no round limit, retreat or round bonus), under the
// sides' orders, with no pool.
func (w *sweep) byRows() bool {
	c := w.c
	pooled := c.ct == InSpace && (c.plan.Hooks.pools[Attacker] != nil || c.plan.Hooks.pools[Defender] != nil)
	return c.maxHealth[Attacker]*c.maxHealth[Defender] >= rowsFrom &&
		w.limit == 0 && !w.retreats && !w.bonus && c.policy == nil && !pooled
}

// fightByRows is fight's sweep row by row, from the joint distribution
// start; errNotByRows when a hit breaks its order.
func (s *Solver) fightByRows(w *sweep, start map[uint32]float64) error {
	c := w.c
	r := &rowSweep{byHealth: make([][]int32, c.maxHealth[Defender]+1), rowsAt: make([][]int32, c.maxHealth[Attacker]+1)}
	w.rows = r
	t := w.pending
	for _, j := range sortedKeys(start) {
		a, d := t.number(Attacker, j/w.nd), t.number(Defender, j%w.nd)
		r.queueRow(t, a)
		r.starts[a] = append(r.starts[a], numberedState{d, start[j]})
	}
	for ha := len(r.rowsAt) - 1; ha >= 0; ha-- {
		for _, a := range r.rowsAt[ha] { // rows of health ha are not queued while it is settled
			if err := s.Ctx.Err(); err != nil {
				return err
			}
			w.settleRow(a)
			if r.broken || s.abandonRows {
				return errNotByRows
			}
			if w.seen > s.MaxStates {
				return NotExact("exact mode: the %s combat reaches more than %d joint states, the limit of the exact solver (%d)", combatName(c.ct), s.MaxStates, s.MaxStates)
			}
		}
		r.rowsAt[ha] = nil
	}
	return nil
}

// queueRow lists row a (an attacker's number) for settling, once.
func (r *rowSweep) queueRow(t *pendingTable, a int32) {
	for int(a) >= len(r.rowQueued) {
		r.rowQueued, r.starts, r.spreads = append(r.rowQueued, false), append(r.starts, nil), append(r.spreads, nil)
	}
	if !r.rowQueued[a] {
		r.rowQueued[a] = true
		h := t.health[Attacker][a]
		r.rowsAt[h] = append(r.rowsAt[h], a)
	}
}

// queueSpread lists the new pending spread k of row a for when a begins:
// a row below the one being settled.
func (w *sweep) queueSpread(a, k int32) {
	r, t := w.rows, w.pending
	if t.health[Attacker][a] >= r.ha {
		r.broken = true
		return
	}
	r.queueRow(t, a)
	if r.spreads[a] == nil {
		if n := len(r.spareLists) - 1; n >= 0 {
			r.spreads[a], r.spareLists = r.spareLists[n], r.spareLists[:n]
		}
	}
	r.spreads[a] = append(r.spreads[a], k)
}

// settleRow settles row a: its start masses and pending spreads first,
// then its states from the defender's highest health down.
func (w *sweep) settleRow(a int32) {
	r, t := w.rows, w.pending
	r.row, r.ha, r.settling = a, t.health[Attacker][a], false
	for _, e := range r.starts[a] {
		w.putAt(a, e.n, nil, 0, e.w)
	}
	spreads := r.spreads[a]
	for i, k := range spreads {
		w.spreads.readAhead(spreads, i)
		w.spreadOne(k)
	}
	if cap(spreads) > 0 {
		r.spareLists = append(r.spareLists, spreads[:0])
	}
	r.starts[a], r.spreads[a] = nil, nil
	r.settling = true
	for hd := len(r.byHealth) - 1; hd >= 0; hd-- {
		r.hd = hd
		for _, d := range r.byHealth[hd] { // only lower health is queued meanwhile
			r.cur, r.cells[d], r.queued[d] = r.cells[d], pendingMass{}, false
			j, _ := t.joint(a, d, w.nd)
			w.settleMass(j, a, d, &r.cur)
			if r.broken {
				return
			}
		}
		r.byHealth[hd] = r.byHealth[hd][:0]
	}
}

// put is putAt in the row being settled: a state of its row, of lower
// defender's health than the one being settled once settling.
func (r *rowSweep) put(w *sweep, a, d int32, h []float64, lo int, scale float64) *pendingMass {
	t := w.pending
	hd := t.health[Defender][d]
	if a != r.row || (r.settling && hd >= r.hd) {
		r.broken = true
		return &r.sink
	}
	if int(d) >= len(r.cells) {
		r.fit(max(len(t.codes[Defender]), int(d)+1))
	}
	if !r.queued[d] {
		r.enqueue(w, d)
	}
	pm := &r.cells[d]
	pm.add(h, lo, scale)
	return pm
}

// fit makes the row's cells n long at least.
func (r *rowSweep) fit(n int) {
	if n > len(r.cells) {
		r.cells = append(r.cells, make([]pendingMass, n-len(r.cells))...)
		r.queued = append(r.queued, make([]bool, n-len(r.queued))...)
	}
}

// enqueue lists the row's state with the defender's state numbered d as
// holding mass.
func (r *rowSweep) enqueue(w *sweep, d int32) {
	r.queued[d] = true
	w.seen++
	hd := w.pending.health[Defender][d]
	r.byHealth[hd] = append(r.byHealth[hd], d)
}

// own is leaveGrouped's loop over the row being settled, for outcomes hit
// of lower defender's health than the state settled: each gets h (h[i]
// after lo+i rounds) scaled by q = p0·g.w, and q/div·mul of moment.
func (r *rowSweep) own(w *sweep, hit []numberedState, h []float64, lo int, p0, div, mul float64) {
	cells, queued := r.cells, r.queued
	for _, g := range hit {
		q := p0 * g.w
		if q == 0 {
			continue
		}
		if int(g.n) >= len(cells) {
			r.fit(len(w.pending.codes[Defender]))
			cells, queued = r.cells, r.queued
		}
		if !queued[g.n] {
			r.enqueue(w, g.n)
		}
		pm := &cells[g.n]
		pm.add(h, lo, q)
		pm.moment += q / div * mul
	}
}

// gather is spreadOne's loop in the row being gathered: each outcome g
// gets h (h[i] after lo+i rounds) scaled by g.w, and moment·g.w. Most
// spreads hold one round or two: those are added with the rounds in
// registers (the same sums as pendingMass.add).
func (r *rowSweep) gather(w *sweep, outcomes []numberedState, h []float64, lo int, moment float64) {
	r.fit(len(w.pending.codes[Defender])) // every outcome's state is numbered
	cells, queued := r.cells, r.queued
	n, h0, h1 := len(h), h[0], 0.0
	if n > 1 {
		h1 = h[1]
	}
	for _, g := range outcomes {
		if g.w == 0 {
			continue
		}
		if !queued[g.n] {
			r.enqueue(w, g.n)
		}
		pm := &cells[g.n]
		switch n {
		case 1:
			pm.hist[lo] += h0 * g.w
		case 2:
			b := pm.hist[lo : lo+2 : lo+2]
			b[0] += h0 * g.w
			b[1] += h1 * g.w
		default:
			pm.add(h, lo, g.w)
		}
		pm.moment += moment * g.w
	}
}
