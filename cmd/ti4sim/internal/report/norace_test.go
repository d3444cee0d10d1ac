//go:build !race

package report

// Built without the race detector: TestJSONEncodersMatch checks every
// random document (race_test.go has the race build's value).

// raceEnabled reports a build with the race detector.
const raceEnabled = false
