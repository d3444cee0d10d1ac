package engine

// fightRounds is fight for a combat that may return to a state it was in —
// a hook after the assignment repairs a unit (OnAfterAssignOfUnits), so a
// round without hits on one side can raise its health, and settling states
// by falling health no longer visits each once — or whose state includes
// the copies left of cards spent as it goes (roundcards.go: each live
// state's key is its joint state with those copies above). It carries the joint
// distribution forward round by round instead, exactly: in round r the
// mass of each live state goes, by every pair of hit counts (the pair with
// no hit included: it may repair), to the states the round leaves it in;
// mass in a state where a side has no units left ends there in round r.
// Retreats, a round limit and rolls that change with the round act as in
// settleRounds. Like a trial, a combat still going after MaxRounds rounds is
// stopped as never ending (unfinished). The loop also stops when the mass
// still fighting falls below fightRoundsRest (1e-18, far below the
// precision of any figure reported): that rest is left out, so outcomes sum
// to 1 within it.
func (s *Solver) fightRounds(w *sweep, start map[uint32]float64) (map[uint32]*absorbed, [2]map[uint32]*roundsHist, float64, error) {
	c, nd := w.c, w.nd
	ls := &liveStates{num: map[uint64]int32{}}
	start0 := c.plan.startCounters().pack() << 32
	if s.copies != nil {
		start0 = s.copies.pack() << 32
	}
	for _, j := range sortedKeys(start) {
		if j/nd == 0 || j%nd == 0 {
			w.absorbedIn(j).hist[0] += start[j] // ended before the first roll
			continue
		}
		ls.add(uint64(j)|start0, start[j])
	}
	for r := 1; len(ls.touched) > 0; r++ {
		if err := s.Ctx.Err(); err != nil {
			return nil, [2]map[uint32]*roundsHist{}, 0, err
		}
		ls.advance()
		if len(ls.codes) > s.MaxStates {
			return nil, [2]map[uint32]*roundsHist{}, 0, NotExact("exact mode: the %s combat reaches more than %d joint states, the limit of the exact solver (%d)", combatName(c.ct), s.MaxStates, s.MaxStates)
		}
		bin := min(r, histBins-1)
		for _, k := range ls.live {
			ls.carry(w, k, r, bin)
		}
		if ls.endRound(w, r) {
			break
		}
	}
	return w.final, w.fled, w.occupancy, nil
}

// liveStates are fightRounds' live states. They are numbered as they are
// met, their mass kept in slices by number: next[k] is the mass in state
// codes[k] at the start of the next round, touched the numbers that hold
// some, in the order they were first reached (a fixed order: sums are
// reproducible); cur[k] is the mass of a state live in this round.
type liveStates struct {
	num           map[uint64]int32
	codes         []uint64 // a joint state, the counted cards' copies above it
	cur, next     []float64
	queued        []bool
	live, touched []int32
	// trans[k] caches the transitions of state number k in a round whose
	// hit distributions are its plain ones and where nobody retreats: the
	// states the hits lead it to with their chances. Every such round
	// repeats them, so the state numbers are looked up once.
	trans [][]roundEdge
	// ga and gd are the ways a round leaves each side (roundOutcomes),
	// reused from state to state.
	ga, gd []sideOutcome
}

// roundEdge is one transition of a live state in a round: to ≥ 0, a live
// state's number; to < 0, a final state, its code −to−1; w its chance.
type roundEdge struct {
	to int64
	w  float64
}

// absorbedIn returns the mass absorbed in final joint state j, made empty
// on first use.
func (w *sweep) absorbedIn(j uint32) *absorbed {
	a, ok := w.final[j]
	if !ok {
		a = &absorbed{}
		w.final[j] = a
	}
	return a
}

// number returns the number of state j (its joint state, the copies
// above), numbering it if it is new.
func (ls *liveStates) number(j uint64) int32 {
	k, ok := ls.num[j]
	if !ok {
		k = int32(len(ls.codes))
		ls.num[j] = k
		ls.codes = append(ls.codes, j)
		ls.cur, ls.next, ls.queued = append(ls.cur, 0), append(ls.next, 0), append(ls.queued, false)
	}
	return k
}

// touch adds mass m to state number k for the next round.
func (ls *liveStates) touch(k int32, m float64) {
	if !ls.queued[k] {
		ls.queued[k] = true
		ls.touched = append(ls.touched, k)
	}
	ls.next[k] += m
}

// add adds mass m to state j for the next round.
func (ls *liveStates) add(j uint64, m float64) { ls.touch(ls.number(j), m) }

// advance starts a round: the states touched in the last are live, their
// mass moved from next to cur.
func (ls *liveStates) advance() {
	ls.live, ls.touched = append(ls.live[:0], ls.touched...), ls.touched[:0]
	for _, k := range ls.live {
		ls.cur[k], ls.next[k], ls.queued[k] = ls.next[k], 0, false
	}
}

// carry carries the mass of live state number k through round r (its
// rounds counted in bin): to the states the round leaves it in, or to the
// final state where it ends.
func (ls *liveStates) carry(w *sweep, k int32, r, bin int) {
	c, nd := w.c, w.nd
	j, cnt, m := uint32(ls.codes[k]), unpackCounters(ls.codes[k]>>32), ls.cur[k]
	w.occupancy += m
	sa, sd := j/nd, j%nd
	pa, pd := c.pmfOf(Attacker, sa), c.pmfOf(Defender, sd)
	pa, pd, p00, boosted := w.roundPMFs(j, r, pa, pd, pa[0]*pd[0])
	if w.limit == 0 && !w.retreats && p00 >= 1 && c.nextOf(Attacker, sa, 0) == sa && c.nextOf(Defender, sd, 0) == sd {
		// Nobody can hit, nothing changes and nobody may retreat: the
		// combat never ends (its rounds: the round cap, as in settle).
		// With a retreat policy the rounds go on, as in a trial, until a
		// side announces one (after=N) or the round cap.
		a := w.absorbedIn(j)
		a.stuck = true
		a.hist[histBins-1] += m
		w.occupancy += m * float64(MaxRounds-r)
		return
	}
	leaving := NoSide
	if w.retreats {
		leaving = w.leaving(j, r)
	}
	if !boosted && leaving == NoSide {
		ls.carryPlain(w, k, m, bin, pa, pd, cnt)
		return
	}
	ls.carrySpread(w, j, m, bin, leaving, pa, pd, cnt)
}

// carryPlain carries mass m of live state number k through a round whose
// hit distributions are its plain ones (pa, pd) and where nobody retreats,
// by its cached transitions (trans).
func (ls *liveStates) carryPlain(w *sweep, k int32, m float64, bin int, pa, pd []float64, cnt counters) {
	for int(k) >= len(ls.trans) {
		ls.trans = append(ls.trans, nil)
	}
	if ls.trans[k] == nil {
		es := ls.plainEdges(w, uint32(ls.codes[k]), pa, pd, cnt)
		ls.trans[k] = es
	}
	for _, e := range ls.trans[k] {
		if e.to < 0 {
			w.absorbedIn(uint32(-e.to - 1)).hist[bin] += m * e.w
			continue
		}
		ls.touch(int32(e.to), m*e.w)
	}
}

// plainEdges returns the transitions of joint state j, with the counted
// cards' copies cnt, in a round of hit distributions pa and pd: each pair
// of the ways it leaves the sides with a chance, numbering the live states
// they lead to.
func (ls *liveStates) plainEdges(w *sweep, j uint32, pa, pd []float64, cnt counters) []roundEdge {
	c, nd := w.c, w.nd
	sa, sd := j/nd, j%nd
	ls.ga, ls.gd = c.roundOutcomes(ls.ga[:0], Attacker, sa, sd, pd, cnt), c.roundOutcomes(ls.gd[:0], Defender, sd, sa, pa, cnt)
	es := make([]roundEdge, 0, len(ls.ga)*len(ls.gd))
	for _, a := range ls.ga {
		for _, d := range ls.gd {
			if a.w*d.w == 0 {
				continue
			}
			n := a.st*nd + d.st
			e := roundEdge{to: -int64(n) - 1, w: a.w * d.w}
			if a.st != 0 && d.st != 0 {
				e.to = int64(ls.number(uint64(n) | joinCounters(a, d)<<32))
			}
			es = append(es, e)
		}
	}
	return es
}

// carrySpread carries mass m of joint state j, with the counted cards'
// copies cnt, through a round of hit distributions pa and pd after which
// side leaving (or NoSide) retreats: the hits that lead a side to one
// state taken together (leaveGrouped), the pair with no hit included: it
// may repair.
func (ls *liveStates) carrySpread(w *sweep, j uint32, m float64, bin int, leaving Side, pa, pd []float64, cnt counters) {
	c, nd := w.c, w.nd
	sa, sd := j/nd, j%nd
	ls.ga, ls.gd = c.roundOutcomes(ls.ga[:0], Attacker, sa, sd, pd, cnt), c.roundOutcomes(ls.gd[:0], Defender, sd, sa, pa, cnt)
	for _, a := range ls.ga {
		for _, d := range ls.gd {
			v := m * a.w * d.w
			if v == 0 {
				continue
			}
			n := a.st*nd + d.st
			switch {
			case a.st == 0 || d.st == 0:
				w.absorbedIn(n).hist[bin] += v
			case leaving != NoSide:
				h, ok := w.fled[leaving][n]
				if !ok {
					h = new(roundsHist)
					w.fled[leaving][n] = h
				}
				h[bin] += v
			default:
				ls.add(uint64(n)|joinCounters(a, d)<<32, v)
			}
		}
	}
}

// endRound ends round r and reports whether the combat stops there: at
// the round limit (the mass still fighting stopped by it), at MaxRounds
// (that mass never ending), or with less than fightRoundsRest still
// fighting (left out).
func (ls *liveStates) endRound(w *sweep, r int) bool {
	rest := 0.0
	for _, k := range ls.touched {
		rest += ls.next[k]
	}
	switch {
	case w.limit > 0 && r == w.limit:
		for _, k := range ls.touched {
			a := w.absorbedIn(uint32(ls.codes[k]))
			a.stopped = true
			a.hist[r] += ls.next[k]
		}
		return true
	case r >= MaxRounds:
		for _, k := range ls.touched {
			a := w.absorbedIn(uint32(ls.codes[k]))
			a.stuck = true
			a.hist[histBins-1] += ls.next[k]
		}
		return true
	}
	return rest < fightRoundsRest
}

// fightRoundsRest is the mass still fighting below which fightRounds stops.
const fightRoundsRest = 1e-18

// sideOutcome is one way a round leaves one side: its state, its Shields
// Holding copies left and its opponent's Direct Hits left, with the chance.
type sideOutcome struct {
	st            uint32
	shields, hits uint8
	w             float64
}

// roundOutcomes appends to dst the ways a round leaves side in state st,
// its opponent's hits distributed as pmf, with the counted cards' copies
// cnt (takeCounted), consecutive hit counts with the same outcome merged.
func (c *chain) roundOutcomes(dst []sideOutcome, side Side, st, oppSt uint32, pmf []float64, cnt counters) []sideOutcome {
	blk := c.blockedAt(side, oppSt) // the opponent's units at the start of the step (LRR 78.6a)
	for h, q := range pmf {
		if q == 0 {
			continue
		}
		o := sideOutcome{w: q}
		o.st, o.shields, o.hits = c.takeCounted(side, st, h, cnt.shields[side], cnt.hits[side.Opp()], blk)
		if n := len(dst) - 1; n >= 0 && dst[n].st == o.st && dst[n].shields == o.shields && dst[n].hits == o.hits {
			dst[n].w += q
			continue
		}
		dst = append(dst, o)
	}
	return dst
}

// joinCounters packs the copies the attacker's outcome a and the
// defender's d leave.
func joinCounters(a, d sideOutcome) uint64 {
	return counters{shields: [2]uint8{a.shields, d.shields}, hits: [2]uint8{d.hits, a.hits}}.pack()
}
