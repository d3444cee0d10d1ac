//go:build !race

package combat_test

// Built without the race detector: the tests run their full trial counts
// (race_test.go has the race build's values).

// raceEnabled reports a build with the race detector.
const raceEnabled = false

// raceTrialDivisor divides the trial counts of the Monte Carlo tests: 1,
// every test at full strength.
const raceTrialDivisor = 1
