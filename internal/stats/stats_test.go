package stats

import (
	"math"
	"testing"
)

// TestWilson checks the Wilson interval against values computed by hand from
// its formula with z = 1.959963985 (e.g. k=50, n=100: centre 0.5, half-width
// 1.96·sqrt(0.0025+0.96/40000)/1.0384 = 0.0962).
func TestWilson(t *testing.T) {
	cases := []struct {
		k, n   int64
		lo, hi float64
	}{
		{50, 100, 0.403831, 0.596169},
		{0, 10, 0, 0.277533},
		{10, 10, 0.722467, 1},
		{1, 1000, 0.000177, 0.005643}, // centre 0.0029096, half-width 0.0027330
	}
	for _, c := range cases {
		lo, hi := Wilson(c.k, c.n)
		if math.Abs(lo-c.lo) > 1e-6 || math.Abs(hi-c.hi) > 1e-6 {
			t.Errorf("Wilson(%d, %d) = [%.6f, %.6f], want [%.6f, %.6f]", c.k, c.n, lo, hi, c.lo, c.hi)
		}
	}
	if math.Abs(Z95-1.959963985) > 1e-9 {
		t.Errorf("Z95 = %v", Z95)
	}
}

func TestMeanSE(t *testing.T) {
	// Observations 1, 2, 3, 4: mean 2.5, sample variance 5/3, SE sqrt(5/12).
	m, se := MeanSE(10, 30, 4)
	if m != 2.5 || math.Abs(se-math.Sqrt(5.0/12)) > 1e-12 {
		t.Errorf("MeanSE = %v, %v", m, se)
	}
	if m, se := MeanSE(7, 49, 1); m != 7 || se != 0 {
		t.Errorf("one observation: %v, %v", m, se)
	}
}
