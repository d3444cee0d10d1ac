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
	final := func(j uint32) *absorbed {
		a, ok := w.final[j]
		if !ok {
			a = &absorbed{}
			w.final[j] = a
		}
		return a
	}
	// The live states are numbered as they are met, their mass kept in a
	// slice by number: next[k] is the mass in state codes[k] at the start
	// of the next round, touched the numbers that hold some, in the order
	// they were first reached (a fixed order: sums are reproducible).
	num := map[uint64]int32{}
	var codes []uint64 // a joint state, the counted cards' copies above it
	var cur, next []float64
	var queued []bool
	var live, touched []int32
	number := func(j uint64) int32 {
		k, ok := num[j]
		if !ok {
			k = int32(len(codes))
			num[j] = k
			codes = append(codes, j)
			cur, next, queued = append(cur, 0), append(next, 0), append(queued, false)
		}
		return k
	}
	touch := func(k int32, m float64) {
		if !queued[k] {
			queued[k] = true
			touched = append(touched, k)
		}
		next[k] += m
	}
	add := func(j uint64, m float64) { touch(number(j), m) }
	start0 := c.plan.startCounters().pack() << 32
	if s.copies != nil {
		start0 = s.copies.pack() << 32
	}
	for _, j := range sortedKeys(start) {
		if j/nd == 0 || j%nd == 0 {
			final(j).hist[0] += start[j] // ended before the first roll
			continue
		}
		add(uint64(j)|start0, start[j])
	}
	var ga, gd []sideOutcome
	// trans[k] caches the transitions of state number k in a round whose
	// hit distributions are its plain ones and where nobody retreats: the
	// states the hits lead it to (to ≥ 0: a live state's number; to < 0: a
	// final state, its code −to−1) with their chances. Every such round
	// repeats them, so the state numbers are looked up once.
	type edge struct {
		to int64
		w  float64
	}
	var trans [][]edge
	for r := 1; len(touched) > 0; r++ {
		if err := s.Ctx.Err(); err != nil {
			return nil, [2]map[uint32]*roundsHist{}, 0, err
		}
		live, touched = append(live[:0], touched...), touched[:0]
		for _, k := range live {
			cur[k], next[k], queued[k] = next[k], 0, false
		}
		if len(codes) > s.MaxStates {
			return nil, [2]map[uint32]*roundsHist{}, 0, NotExact("exact mode: the %s combat reaches more than %d joint states, the limit of the exact solver (%d)", combatName(c.ct), s.MaxStates, s.MaxStates)
		}
		bin := min(r, histBins-1)
		for _, k := range live {
			j, cnt, m := uint32(codes[k]), unpackCounters(codes[k]>>32), cur[k]
			w.occupancy += m
			sa, sd := j/nd, j%nd
			pa, pd := c.pmfOf(Attacker, sa), c.pmfOf(Defender, sd)
			pa, pd, p00, boosted := w.roundPMFs(j, r, pa, pd, pa[0]*pd[0])
			if w.limit == 0 && p00 >= 1 && c.nextOf(Attacker, sa, 0) == sa && c.nextOf(Defender, sd, 0) == sd {
				// Nobody can hit and nothing changes: the combat never ends
				// (its rounds: the round cap, as in settle).
				a := final(j)
				a.stuck = true
				a.hist[histBins-1] += m
				w.occupancy += m * float64(MaxRounds-r)
				continue
			}
			leaving := NoSide
			if w.retreats {
				leaving = w.leaving(j, r)
			}
			if !boosted && leaving == NoSide {
				for int(k) >= len(trans) {
					trans = append(trans, nil)
				}
				if trans[k] == nil {
					ga, gd = c.roundOutcomes(ga[:0], Attacker, sa, pd, cnt), c.roundOutcomes(gd[:0], Defender, sd, pa, cnt)
					es := make([]edge, 0, len(ga)*len(gd))
					for _, a := range ga {
						for _, d := range gd {
							if a.w*d.w == 0 {
								continue
							}
							n := a.st*nd + d.st
							e := edge{to: -int64(n) - 1, w: a.w * d.w}
							if a.st != 0 && d.st != 0 {
								e.to = int64(number(uint64(n) | joinCounters(a, d)<<32))
							}
							es = append(es, e)
						}
					}
					trans[k] = es
				}
				for _, e := range trans[k] {
					if e.to < 0 {
						final(uint32(-e.to - 1)).hist[bin] += m * e.w
						continue
					}
					touch(int32(e.to), m*e.w)
				}
				continue
			}
			// The hits that lead a side to one state taken together
			// (leaveGrouped), the pair with no hit included: it may repair.
			ga, gd = c.roundOutcomes(ga[:0], Attacker, sa, pd, cnt), c.roundOutcomes(gd[:0], Defender, sd, pa, cnt)
			for _, a := range ga {
				for _, d := range gd {
					v := m * a.w * d.w
					if v == 0 {
						continue
					}
					n := a.st*nd + d.st
					switch {
					case a.st == 0 || d.st == 0:
						final(n).hist[bin] += v
					case leaving != NoSide:
						h, ok := w.fled[leaving][n]
						if !ok {
							h = new(roundsHist)
							w.fled[leaving][n] = h
						}
						h[bin] += v
					default:
						add(uint64(n)|joinCounters(a, d)<<32, v)
					}
				}
			}
		}
		rest := 0.0
		for _, k := range touched {
			rest += next[k]
		}
		switch {
		case w.limit > 0 && r == w.limit:
			for _, k := range touched {
				a := final(uint32(codes[k]))
				a.stopped = true
				a.hist[r] += next[k]
			}
			return w.final, w.fled, w.occupancy, nil
		case r >= MaxRounds:
			for _, k := range touched {
				a := final(uint32(codes[k]))
				a.stuck = true
				a.hist[histBins-1] += next[k]
			}
			return w.final, w.fled, w.occupancy, nil
		case rest < fightRoundsRest:
			return w.final, w.fled, w.occupancy, nil
		}
	}
	return w.final, w.fled, w.occupancy, nil
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
func (c *chain) roundOutcomes(dst []sideOutcome, side Side, st uint32, pmf []float64, cnt counters) []sideOutcome {
	for h, q := range pmf {
		if q == 0 {
			continue
		}
		o := sideOutcome{w: q}
		o.st, o.shields, o.hits = c.takeCounted(side, st, h, cnt.shields[side], cnt.hits[side.Opp()])
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
