package engine

// fightRounds is fight for a combat that may return to a state it was in —
// a hook after the assignment repairs a unit (OnAfterAssignOfUnits), so a
// round without hits on one side can raise its health, and settling states
// by falling health no longer visits each once. It carries the joint
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
	live := map[uint32]float64{}
	for j, m := range start {
		if j/nd == 0 || j%nd == 0 {
			final(j).hist[0] += m // ended before the first roll
			continue
		}
		live[j] += m
	}
	seen := map[uint32]bool{}
	for r := 1; len(live) > 0; r++ {
		if err := s.Ctx.Err(); err != nil {
			return nil, [2]map[uint32]*roundsHist{}, 0, err
		}
		bin := min(r, histBins-1)
		next := map[uint32]float64{}
		for _, j := range sortedKeys(live) {
			m := live[j]
			seen[j] = true
			w.occupancy += m
			sa, sd := j/nd, j%nd
			pa, pd := c.pmfOf(Attacker, sa), c.pmfOf(Defender, sd)
			pa, pd, p00, _ := w.roundPMFs(j, r, pa, pd, pa[0]*pd[0])
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
			for ha, qa := range pa {
				for hd, qd := range pd {
					v := m * qa * qd
					if v == 0 {
						continue
					}
					n := c.nextOf(Attacker, sa, hd)*nd + c.nextOf(Defender, sd, ha)
					switch {
					case n/nd == 0 || n%nd == 0:
						final(n).hist[bin] += v
					case leaving != NoSide:
						h, ok := w.fled[leaving][n]
						if !ok {
							h = new(roundsHist)
							w.fled[leaving][n] = h
						}
						h[bin] += v
					default:
						next[n] += v
					}
				}
			}
		}
		if len(seen) > s.MaxStates {
			return nil, [2]map[uint32]*roundsHist{}, 0, NotExact("exact mode: the %s combat reaches more than %d joint states, the limit of the exact solver (%d)", combatName(c.ct), s.MaxStates, s.MaxStates)
		}
		rest := 0.0
		for _, m := range next {
			rest += m
		}
		switch {
		case w.limit > 0 && r == w.limit:
			for j, m := range next {
				a := final(j)
				a.stopped = true
				a.hist[r] += m
			}
			return w.final, w.fled, w.occupancy, nil
		case r >= MaxRounds:
			for j, m := range next {
				a := final(j)
				a.stuck = true
				a.hist[histBins-1] += m
			}
			return w.final, w.fled, w.occupancy, nil
		case rest < fightRoundsRest:
			return w.final, w.fled, w.occupancy, nil
		}
		live = next
	}
	return w.final, w.fled, w.occupancy, nil
}

// fightRoundsRest is the mass still fighting below which fightRounds stops.
const fightRoundsRest = 1e-18
