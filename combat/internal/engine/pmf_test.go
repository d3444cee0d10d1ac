package engine

import (
	"math"
	"testing"
)

// TestBinomialPMF: the binomial is right where it can be worked by hand,
// sums to 1, and does not underflow for many dice far from the mode.
func TestBinomialPMF(t *testing.T) {
	// Binomial(3, 0.3) by hand: 0.7³, 3·0.3·0.7², 3·0.3²·0.7, 0.3³.
	want := []float64{0.343, 0.441, 0.189, 0.027}
	got := binomialPMF(3, 0.3)
	for k := range want {
		if math.Abs(got[k]-want[k]) > 1e-15 {
			t.Errorf("Binomial(3, 0.3) at %d: %v, want %v", k, got[k], want[k])
		}
	}
	// 400 dice hitting on a 10 (q = 0.1): P(X = 400) = 1e-400 underflows,
	// P(X = 0) = 0.9^400 ≈ 4.97e-19 does not; the mode is 40.
	pmf := binomialPMF(400, 0.1)
	sum := 0.0
	for _, p := range pmf {
		if math.IsNaN(p) || p < 0 {
			t.Fatalf("Binomial(400, 0.1) holds %v", p)
		}
		sum += p
	}
	if math.Abs(sum-1) > 1e-13 {
		t.Errorf("Binomial(400, 0.1) sums to %v", sum)
	}
	if p0 := math.Pow(0.9, 400); math.Abs(pmf[0]-p0) > 1e-12*p0 {
		t.Errorf("Binomial(400, 0.1) at 0: %v, want 0.9^400 = %v", pmf[0], p0)
	}
	// The terms up to 2 of Binomial(10, 0.5) scaled by the largest, C(10, 2) = 45:
	// 1/45, 10/45, 1.
	var b [3]float64
	BinomialTerms(b[:], 10, 0.5)
	for k, w := range []float64{1.0 / 45, 10.0 / 45, 1} {
		if math.Abs(b[k]-w) > 1e-15 {
			t.Errorf("binomialTerms(10, 0.5) at %d: %v, want %v", k, b[k], w)
		}
	}
}
