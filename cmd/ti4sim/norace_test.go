//go:build !race

package main

// Built without the race detector: TestRegress runs every scenario
// (race_test.go has the race build's value).

// raceEnabled reports a build with the race detector.
const raceEnabled = false
