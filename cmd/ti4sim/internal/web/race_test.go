//go:build race

package web_test

// Built with the race detector (go test -race). The browser tests skip
// themselves then (browserSkipReason): the race detector sees nothing of
// what runs in Chromium or in the separately built ti4sim binary they
// drive, and building and driving it would only lengthen CI's race run.

// raceEnabled reports a build with the race detector.
const raceEnabled = true
