package web_test

import (
	"testing"
)

// An error of a newer input lands on its control: the message starts with
// the control's words, never its JSON path, and the control is marked
// invalid.
func TestBrowserInputsErrorsAtControls(t *testing.T) {
	c := requireStatic(t) // the WebAssembly engine: no network error for the browser to log
	for _, tc := range []struct {
		name, doc, control, words string
	}{
		{"modifier to every roll", `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":2}],"all_rolls_modifier":12},"defender":{"fleet":[{"unit":"destroyer","count":2}]},"run":{"trials":1000,"seed":1}}`,
			"a-all-rolls-modifier", "Attacker · Modifier to every roll: "},
		{"rounds", `{"version":1,"action":"space","attacker":{"fleet":[{"unit":"cruiser","count":2}]},"defender":{"fleet":[{"unit":"destroyer","count":2}]},"run":{"trials":1000,"seed":1,"rounds":5000}}`,
			"rounds", "Stop after this many combat rounds: "},
		{"a planet's units", `{"version":1,"action":"invade","system":{"planets":[{"name":"Arinam","units":[{"unit":"infantry","count":2}]},{"name":"Meer","units":[{"unit":"infantry","count":150}]}]},"attacker":{"fleet":[{"unit":"carrier","count":1},{"unit":"infantry","count":4}]},"defender":{"fleet":[]},"run":{"trials":1000,"seed":1}}`,
			"planet-1-units", "Planet 2: the defender's units: "},
		{"a split of the ground forces", `{"version":1,"action":"invade","system":{"planets":[{"name":"Arinam","units":[{"unit":"infantry","count":2}]},{"name":"Meer","units":[{"unit":"infantry","count":1}]}],"commit":"Arinam: 9 infantry; Meer: 1 mech"},"attacker":{"fleet":[{"unit":"carrier","count":1},{"unit":"infantry","count":4}]},"defender":{"fleet":[{"unit":"cruiser","count":1}]},"run":{"trials":1000,"seed":1}}`,
			"commit-split", "Ground forces per planet: "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tb := newTab(t)
			tb.open(shareLink(c.static, "combat", []byte(tc.doc)))
			got := eval[[]string](tb, `new Promise(r => { const t0 = Date.now(); (function poll() {
  const e = document.getElementById("error");
  if (!e.hidden || Date.now() - t0 > 20000) {
    const c = document.getElementById(e.dataset.control);
    return r([e.dataset.path, e.dataset.control, e.textContent, c ? c.getAttribute("aria-invalid") || "" : ""]);
  }
  setTimeout(poll, 20);
})(); })`)
			path, control, text, invalid := got[0], got[1], got[2], got[3]
			if path == "" || control == "" || invalid != "true" {
				t.Fatalf("the page shows %q at path %q, control %q (aria-invalid %q): want the error at its control", text, path, control, invalid)
			}
			if tc.control != "" && (control != tc.control || len(text) < len(tc.words) || text[:len(tc.words)] != tc.words) {
				t.Errorf("the page shows %q on #%s (path %s), want it on #%s starting %q", text, control, path, tc.control, tc.words)
			}
			if len(text) >= len(path) && text[:len(path)] == path {
				t.Errorf("the page names the JSON path: %q", text)
			}
			t.Logf("%s: %q on #%s", path, text, control)
		})
	}
}
