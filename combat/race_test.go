//go:build race

package combat_test

// Built with the race detector (go test -race), which runs the engine about
// ten times slower. The race run is there to find data races, which do not
// need millions of trials; the plain run keeps the full statistical
// strength.

// raceEnabled reports a build with the race detector.
const raceEnabled = true

// raceTrialDivisor divides the trial counts of the Monte Carlo tests. Each
// tolerance is computed from the trials actually run, so a check stays at
// the same number of standard errors, only wider.
const raceTrialDivisor = 10
