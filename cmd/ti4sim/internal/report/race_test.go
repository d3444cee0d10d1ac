//go:build race

package report

// Built with the race detector (go test -race), which runs the tests
// about ten times slower; the race run is there to find data races, which
// do not need every random document again: TestJSONEncodersMatch then
// checks a tenth of them (the plain run checks them all).

// raceEnabled reports a build with the race detector.
const raceEnabled = true
