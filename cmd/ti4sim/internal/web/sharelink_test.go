package web_test

import (
	"testing"
	"time"
)

// A share link opened in a fresh tab loads its document into the form,
// runs it and shows the digits of the service's JSON for that document
// (the document carries its seed).

// shareArgs is the battle of the share link tests, as `ti4sim scenario`
// flags.
var shareArgs = []string{"space", "-a", "2 dreadnought, 1 carrier, 3 fighter", "-d", "3 cruiser, 2 destroyer"}

func TestBrowserShareLink(t *testing.T) {
	c := requireComponents(t)
	doc := scenarioDoc(t, c, append(shareArgs, "-n", "20000", "--seed", "7")...)
	want := wantFigures(t, serviceAnswer(t, c, "combat", doc))

	tb := newTab(t)
	tb.open(shareLink(c.served, "combat", doc))
	tb.waitAnswer(0, 60*time.Second)
	checkFigures(t, "share link on the served page", pageFigures(tb), want)
}
