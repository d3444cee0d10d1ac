package engine

import "math/rand/v2"

// The quick path of a space or ground combat whose whole action is
// table-driven (no space cannon, no effect in any window the action passes
// through): every trial starts from the same state, so a space combat's
// anti-fighter barrage is one draw from a fixed distribution, its rounds
// one draw from the whole-combat table (fastRounds' own draws, in the same
// order), and all
// that the tally needs of the trial but its rounds is a function of the
// joint state where the combat ends. A worker then only counts trials by
// end state and by rounds, and at the end of its batch finishes one trial
// per end state the ordinary way (endSpaceCombat, result) and adds it to
// its tally as many times as it was counted: the same random numbers and
// the same integer sums as playing every trial, at a few nanoseconds a
// trial.

// maxQuickStates bounds the joint states of a plan that takes the quick
// path: a worker keeps a count for each.
const maxQuickStates = 1 << 14

// quickCombat is what the quick path reads, built once per plan.
type quickCombat struct {
	ct CombatType
	f  *fastCombat
	// sa0 and sd0 are the two sides' states at the start, nd the
	// defender's number of states.
	sa0, sd0, nd uint32
	// afb[side] is the CDF of the side's barrage hits at the start, nil
	// when it has none or the combat has no barrage (then nothing is
	// drawn, as in fastRounds); afterAFB[side][h] is the side's state
	// after taking h barrage hits.
	afb      [2][]uint64
	afterAFB [2][]uint32
}

// buildQuick returns the quick path of p, or nil when p's trials need
// more than the tables: an invasion, a step added before the combat, space
// cannon, an effect at the start or end of the combat or after the result,
// a side without units in the combat, or no whole-combat table.
func (p *Plan) buildQuick() *quickCombat {
	ct, tg := InSpace, TShips
	if p.action == GroundCombat {
		ct, tg = OnGround, TGround
	}
	f := p.Fast[ct]
	if p.action == Invasion || len(p.Steps) != len(actionSteps[p.action]) || f == nil || (ct == InSpace && f.afb == nil) || f.Whole == nil {
		return nil
	}
	h := &p.Hooks
	if len(h.startOfCombat[ct])+len(h.startOfRound[ct])+len(h.endOfCombat[ct])+len(h.afterResult) > 0 {
		return nil
	}
	na, nd := f.ss[Attacker].n, f.ss[Defender].n
	if na*nd > maxQuickStates {
		return nil
	}
	q := &quickCombat{ct: ct, f: f, nd: uint32(nd)}
	var start [2]uint32
	for side := range NumSides {
		sp := &p.Side[side]
		if len(sp.Rollers[RollSCO]) > 0 || sp.Count[tg] == 0 {
			return nil
		}
		alive, damaged := sp.Start, sp.StartDamaged
		start[side] = f.ss[side].encode(&alive, &damaged)
		q.afterAFB[side] = []uint32{start[side]} // no barrage: 0 hits
	}
	q.sa0, q.sd0 = start[Attacker], start[Defender]
	if b := f.afb; ct == InSpace {
		for side := range NumSides {
			q.afb[side] = b.cdf[side][start[side]]
			w := b.in[side] + 1
			q.afterAFB[side] = b.next[side][int(start[side])*w : int(start[side]+1)*w]
		}
	}
	return q
}

// quickCounts is a worker's counts of its quick trials since its tally
// last took them (made with the worker): by end state (touched lists the states counted, each
// once) and by rounds.
type quickCounts struct {
	ends    []uint32
	touched []uint32
	rounds  [MaxRounds + 1]uint32
}

// newQuickCounts returns empty counts for the quick path q.
func newQuickCounts(q *quickCombat) *quickCounts {
	nj := q.f.ss[Attacker].n * int(q.nd)
	return &quickCounts{ends: make([]uint32, nj), touched: make([]uint32, 0, nj)}
}

// quickTrials plays n trials of plan q on the quick path into w's tally.
func (w *worker) quickTrials(q *quickCombat, rng *rand.PCG, n int) {
	qc := w.quick
	ends := qc.ends
	for range n {
		ha, hd := 0, 0
		if c := q.afb[Attacker]; c != nil {
			ha = DrawCDF(c, rng.Uint64())
		}
		if c := q.afb[Defender]; c != nil {
			hd = DrawCDF(c, rng.Uint64())
		}
		j := q.afterAFB[Attacker][hd]*q.nd + q.afterAFB[Defender][ha]
		j, round, unresolved := q.f.jointRounds(j, rng, 1)
		qc.rounds[max(round-1, 1)]++
		if unresolved { // stopped at the round cap: rare, tallied at once
			w.Acc.addEnd(&w.t, w.t.quickEnd(q, j, round, true), 1)
			continue
		}
		if ends[j] == 0 {
			qc.touched = append(qc.touched, j)
		}
		ends[j]++
	}
	w.flushQuick(q)
}

// flushQuick adds w's quick counts to its tally and clears them.
func (w *worker) flushQuick(q *quickCombat) {
	qc := w.quick
	for _, j := range qc.touched {
		// round 2: a combat that ended in its first round; the rounds are
		// counted apart.
		o := w.t.quickEnd(q, j, 2, false)
		w.Acc.addEnd(&w.t, o, int64(qc.ends[j]))
		qc.ends[j] = 0
	}
	qc.touched = qc.touched[:0]
	for r, c := range qc.rounds {
		if c == 0 {
			continue
		}
		w.Acc.rounds[q.ct].addN(r, int64(c))
		w.Acc.rounds[1-q.ct].addN(0, int64(c))
		w.Acc.allRounds.addN(r, int64(c))
		qc.rounds[r] = 0
	}
}

// quickEnd sets t to a trial of the quick path's plan whose combat ended
// in joint state j, round being the round after its last, as Play would
// have left it (with no effects, the space cannon step does nothing and
// the combat is the tables' alone), and returns its outcome.
func (t *Trial) quickEnd(q *quickCombat, j uint32, round int, unresolved bool) outcome {
	t.Reset()
	t.Fought[q.ct] = true
	t.beginCombat(q.ct)
	t.unresolved = unresolved
	t.endJoint(q.ct, q.f, q.sa0, q.sd0, j, t.Round, round)
	if q.ct == InSpace {
		t.endSpaceCombat()
	}
	return t.result()
}
