package reference

import (
	"math"
	"testing"
)

// approx fails the test when got is not want to within 1e-12.
func approx(t *testing.T, what string, got, want float64) {
	t.Helper()
	if math.Abs(got-want) > 1e-12 {
		t.Errorf("%s = %.15g, want %.15g", what, got, want)
	}
}

// TestBinomKnown checks BinomP and BinomDist against values by hand:
// C(3,1)·0.5³ = 3/8; 0.6² = 0.36; Binomial(2, 0.3) = 0.7², 2·0.3·0.7, 0.3².
func TestBinomKnown(t *testing.T) {
	approx(t, "BinomP(3, 1, 0.5)", BinomP(3, 1, 0.5), 0.375)
	approx(t, "BinomP(2, 2, 0.6)", BinomP(2, 2, 0.6), 0.36)
	approx(t, "BinomP(4, -1, 0.5)", BinomP(4, -1, 0.5), 0)
	approx(t, "BinomP(4, 5, 0.5)", BinomP(4, 5, 0.5), 0)
	approx(t, "BinomP(0, 0, 0.7)", BinomP(0, 0, 0.7), 1)
	d := BinomDist(2, 0.3)
	if len(d) != 3 {
		t.Fatalf("BinomDist(2, 0.3) has %d values, want 3", len(d))
	}
	for k, want := range []float64{0.49, 0.42, 0.09} {
		approx(t, "BinomDist(2, 0.3)", d[k], want)
	}
}

// Two dice at 0.5: both hit, 1/4. One die at 0.6 and one at 0.4: both hit,
// 0.24. Three dice at 0.5 (split 1 + 2): at least 2 is 3/8 + 1/8 = 1/2.
// One die cannot score 2.
func TestAtLeast2Known(t *testing.T) {
	approx(t, "AtLeast2(2, .5, 0, 0)", AtLeast2(2, 0.5, 0, 0), 0.25)
	approx(t, "AtLeast2(1, .6, 1, .4)", AtLeast2(1, 0.6, 1, 0.4), 0.24)
	approx(t, "AtLeast2(1, .5, 2, .5)", AtLeast2(1, 0.5, 2, 0.5), 0.5)
	approx(t, "AtLeast2(1, .9, 0, .9)", AtLeast2(1, 0.9, 0, 0.9), 0)
}
