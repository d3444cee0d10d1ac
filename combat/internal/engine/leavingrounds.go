package engine

// The rounds at which a joint state's mass leaves it (settleMass): with
// p00 the chance that neither side hits in a roll, the mass that scores
// its first hit in round r is y[r] = m[r−1] + p00·y[r−1], the last bin
// takes what is left of the total, and foldTails folds the tails at or
// below foldEps into the nearest bin above it. Past the rounds m holds, y
// only shrinks (by p00 a round): once a bin is at most foldEps and too
// small to change what is left (the remainder) or the bin the tail folds
// into — below half a unit in the last place of each — the bins after it
// change nothing either, and the recurrence stops there. The sums are the
// same, bit for bit, without the bins that cannot change them: most of a
// big combat's states hold their mass in a few rounds, and this spares
// the recurrence, the remainder and the fold over the other twenty-odd.

// leavingRounds sets w.y to the rounds at which the mass m (total of it,
// 0 ≤ p00 < 1) leaves its state and returns the bins [lo, hi) of w.y that
// hold it, its tails folded (foldTails) where w.fold.
func (w *sweep) leavingRounds(m *roundsHist, total, p00 float64) (lo, hi int) {
	y := &w.y
	*y = roundsHist{}
	first := firstBin(m) + 1 // y is 0 before: the same sums without the zeros
	last := lastBin(m)
	if !w.fold || last >= histBins-2 || first >= histBins-1 {
		return w.leavingRest(m, total, p00, first, first)
	}
	// target is at most the bin a tail would fold into: the last bin
	// above foldEps, else the first.
	r, left, target := first, total, 0.0
	for ; r < histBins-1; r++ {
		v := m[r-1] + p00*y[r-1]
		t := (1 - p00) * v
		if r > last && v <= foldEps && negligible(v, target) {
			// m[r:] is 0: the bins from r on shrink, none changes the bin
			// they fold into, and the last bin is at most rest (left only
			// shrinks): exact when no term changes left, else negligible.
			rest := max(left, 0) / (1 - p00)
			if left <= 0 || negligible(t, left) || (rest <= foldEps && negligible(rest, target)) {
				if lo, hi, ok := foldBelow(y, first, r, v, rest); ok {
					w.shortened++
					return lo, hi
				}
				break
			}
		}
		y[r] = v
		left -= t
		if v > foldEps || r == first {
			target = v
		}
	}
	return w.leavingRest(m, left, p00, first, r)
}

// negligible tells whether t ≥ 0 added to (or taken from) x > 0 leaves x
// as it is (x + t and x − t round to x), for x ≥ 2^-960 (a bound that keeps
// x·halfUlp exact).
func negligible(t, x float64) bool {
	return x >= 0x1p-960 && t < x*halfUlp
}

// halfUlp is a factor below which a term added to (or taken from) a
// normal float64 x leaves it as it is: for 0 ≤ t < |x|·halfUlp, x ± t
// rounds to x (half a unit in the last place of x, or of the float64
// below x where x is a power of two, is at least |x|·2^-54).
const halfUlp = 0x1p-54

// leavingRest runs the recurrence from bin r on (y[:r] set, left the total
// less their share), gives the last bin what is left and folds the tails
// where w.fold.
func (w *sweep) leavingRest(m *roundsHist, left, p00 float64, first, r int) (lo, hi int) {
	y := &w.y
	for ; r < histBins-1; r++ {
		y[r] = m[r-1] + p00*y[r-1]
		left -= (1 - p00) * y[r]
	}
	y[histBins-1] = max(left, 0) / (1 - p00)
	if !w.fold {
		return firstBin(y), histBins
	}
	return y.foldTailsFrom(foldEps, min(first, histBins-1))
}

// foldBelow is foldTails for rounds y whose bins before first are 0 and
// from z on are not set: those would be at most v ≤ foldEps, shrinking,
// the last bin last (or, where last is a bound, at most last and
// negligible beside the bin it folds into). ok: the fold is done, the
// bins from z on too small to change the bin they fold into (which then
// takes last, as foldTails adds it after them); else y is left as it was.
func foldBelow(y *roundsHist, first, z int, v, last float64) (lo, hi int, ok bool) {
	if last > foldEps {
		return 0, 0, false // the last bin stays: foldTails folds no tail above
	}
	lo = first
	for lo < z && y[lo] <= foldEps {
		lo++
	}
	if lo == z { // nothing above foldEps: everything into its first bin
		acc := y[first]
		for i := first + 1; i < z; i++ {
			acc += y[i]
		}
		if !negligible(v, acc) {
			return 0, 0, false
		}
		clear(y[first+1 : z])
		y[first] = acc + last
		return first, first + 1, true
	}
	hi = z
	for y[hi-1] <= foldEps {
		hi--
	}
	low := y[lo]
	for i := first; i < lo; i++ {
		low += y[i]
	}
	acc := y[hi-1]
	if hi-1 == lo {
		acc = low
	}
	for i := hi; i < z; i++ {
		acc += y[i]
	}
	if !negligible(v, acc) {
		return 0, 0, false
	}
	clear(y[first:lo])
	y[lo] = low
	clear(y[hi:z])
	y[hi-1] = acc + last
	return lo, hi, true
}

// lastBin returns the last bin of h that holds mass (0 when none does).
func lastBin(h *roundsHist) int {
	hi := histBins - 1
	for hi > 0 && h[hi] == 0 {
		hi--
	}
	return hi
}
