package engine

import (
	"math"
	"math/big"
)

// BinomMaxN is the largest number of dice one table draw covers; a larger
// group is drawn as a sum of groups of at most this size, which is exact
// because a sum of independent binomials with the same p is binomial.
const BinomMaxN = 64

// binomTables holds, for each hit threshold t = 2..10 (a die hits on t or
// more, probability (11-t)/10) and each number of dice n = 0..binomMaxN,
// the cumulative distribution of the number of hits scaled to 2^64:
// cdf[t][n][k] = floor(2^64 · P(X <= k)), saturated to MaxUint64 at k = n.
// It is computed exactly with integer arithmetic by buildBinomial, and never
// written again (a constant table, like math's).
type binomTables [11][BinomMaxN + 1][]uint64

// Binomial returns the table every plan shares. Natively it is
// binomialTable, generated from buildBinomial into binomtable.go as static
// data (building it took a few milliseconds of math/big at every process's
// first battle); the WebAssembly engine, whose download the static data
// would grow by 150 kB, builds it at its first battle (binomial_wasm.go).
func Binomial() *binomTables { return binomial() }

// buildBinomial computes the table; TestBinomialTableGenerated checks
// binomtable.go against it and rewrites the file with -update-binomial.
func buildBinomial() *binomTables {
	var tab binomTables
	two64 := new(big.Int).Lsh(big.NewInt(1), 64)
	term, cum, v, den := new(big.Int), new(big.Int), new(big.Int), big.NewInt(1)
	ten := big.NewInt(10)
	for n := 0; n <= BinomMaxN; n++ {
		if n > 0 {
			den.Mul(den, ten) // 10^n
		}
		for t := 2; t <= 10; t++ {
			a, b := int64(11-t), int64(t-1) // hit and miss faces out of 10
			// term(k) = C(n,k)·a^k·b^(n-k), an integer, from term(0) = b^n by
			// term(k+1) = term(k)·(n-k)·a / ((k+1)·b), an exact division.
			term.Exp(big.NewInt(b), big.NewInt(int64(n)), nil)
			cum.SetInt64(0)
			cdf := make([]uint64, n+1)
			for k := 0; k <= n; k++ {
				if k > 0 {
					term.Mul(term, big.NewInt(int64(n-k+1)*a))
					term.Quo(term, big.NewInt(int64(k)*b))
				}
				cum.Add(cum, term)
				v.Mul(cum, two64)
				v.Quo(v, den)
				if k == n || !v.IsUint64() {
					cdf[k] = math.MaxUint64
				} else {
					cdf[k] = v.Uint64()
				}
			}
			tab[t][n] = cdf
		}
	}
	return &tab
}

// HitProbability returns the chance that one die with hit threshold t hits:
// 1 for t <= 1, 0 for t >= 11.
func HitProbability(t int) float64 {
	switch {
	case t <= 1:
		return 1
	case t >= 11:
		return 0
	}
	return float64(11-t) / 10
}

// DrawCDF returns the smallest k with u < cdf[k] (cdf's last entry counts as
// infinite), i.e. a sample of the distribution for a uniform u.
func DrawCDF(cdf []uint64, u uint64) int {
	if len(cdf) <= 12 {
		// Short tables: a forward scan ends after about mean+1 steps.
		last := len(cdf) - 1
		for k := 0; k < last; k++ {
			if u < cdf[k] {
				return k
			}
		}
		return last
	}
	lo, hi := 0, len(cdf)-1
	for lo < hi {
		mid := int(uint(lo+hi) >> 1)
		if u < cdf[mid] {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}

// scanCDF is drawCDF by a forward scan, for tables whose most probable
// entries come first, where the scan ends after a step or two.
func scanCDF(cdf []uint64, u uint64) uint32 {
	last := uint32(len(cdf) - 1)
	for k := uint32(0); k < last; k++ {
		if u < cdf[k] {
			return k
		}
	}
	return last
}

// Uniform draws a number in [0, 1) from the trial's generator.
func Uniform(t *Trial) float64 {
	return float64(t.Rng.Uint64()>>11) * 0x1p-53
}
