package engine

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestLeavingRoundsBitForBit works out the rounds at which a state's mass
// leaves it (leavingRounds) for 20,000 seeded random states — mass in a
// few rounds or many, tails at and around foldEps, p00 from 0 to 0.99 —
// and compares them with the whole recurrence over every bin followed by
// foldTails (leavingRoundsWhole, the sweep's code before leavingRounds):
// every bin and the bins returned must be the same bit for bit, with
// foldTails and without it, and the shortened recurrence must have run
// for a third of them at least (else this compares the whole recurrence
// with itself).
func TestLeavingRoundsBitForBit(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 4))
	p00s := []float64{0, 1e-30, 1e-12, 1e-8, 1e-6, 1e-4, 0.01, 0.3, 0.64, 0.99}
	const n = 20000
	w := &sweep{fold: true}
	for i := range n {
		m := randomMass(rng)
		p00 := p00s[rng.IntN(len(p00s))]
		if rng.IntN(8) == 0 {
			p00 = rng.Float64() * 0.5
		}
		w.fold = i%10 != 0
		total := m.sum()
		lo, hi := w.leavingRounds(&m, total, p00)
		got := w.y
		want, wlo, whi := leavingRoundsWhole(&m, total, p00, w.fold)
		if lo != wlo || hi != whi || got != want {
			t.Fatalf("case %d (p00 %g, fold %v, m %v): bins [%d, %d) %v, want [%d, %d) %v", i, p00, w.fold, m, lo, hi, got, wlo, whi, want)
		}
	}
	t.Logf("the recurrence stopped early for %d of %d states", w.shortened, n)
	if w.shortened < n/3 {
		t.Errorf("the recurrence stopped early for %d of %d states, want a third at least", w.shortened, n)
	}
}

// randomMass draws a state's mass by rounds: a window of up to 8 rounds
// of mass between 1e-12 and 1, sometimes with tiny entries at and around
// foldEps next to it, or mass in the last bin.
func randomMass(rng *rand.Rand) roundsHist {
	var m roundsHist
	lo := rng.IntN(16)
	width := 1 + rng.IntN(8)
	for r := lo; r < min(lo+width, histBins); r++ {
		m[r] = math.Pow(10, -12*rng.Float64())
	}
	if rng.IntN(3) == 0 { // tiny tails
		for r := max(lo-3, 0); r < min(lo+width+3, histBins); r++ {
			if m[r] == 0 && rng.IntN(2) == 0 {
				m[r] = foldEps * math.Pow(10, 2*rng.Float64()-1)
			}
		}
	}
	if rng.IntN(20) == 0 {
		m[histBins-1] = rng.Float64()
	}
	return m
}

// leavingRoundsWhole is the recurrence over every bin, the remainder in
// the last bin and foldTails (where fold), as the sweep worked them out
// before leavingRounds.
func leavingRoundsWhole(m *roundsHist, total, p00 float64, fold bool) (y roundsHist, lo, hi int) {
	first := firstBin(m) + 1
	for r := first; r < histBins-1; r++ {
		y[r] = m[r-1] + p00*y[r-1]
	}
	left := total
	for r := first; r < histBins-1; r++ {
		left -= (1 - p00) * y[r]
	}
	y[histBins-1] = max(left, 0) / (1 - p00)
	lo, hi = firstBin(&y), histBins
	if fold {
		lo, hi = y.foldTails(foldEps)
	}
	return y, lo, hi
}
