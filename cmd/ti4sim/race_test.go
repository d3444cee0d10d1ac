//go:build race

package main

// Built with the race detector (go test -race), which runs the engine about
// ten times slower. The race run is there to find data races, which do not
// need every seeded record again: TestRegress then runs a sample of its
// scenarios (the plain run checks them all).

// raceEnabled reports a build with the race detector.
const raceEnabled = true
