package scenario

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/advise"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/units"
)

// Advise is the document of `ti4sim advise` (POST /v1/advise): a fight
// and what the attacker may build for it.
type Advise struct {
	// Version is 1.
	Version int `json:"version"`
	// Scenario is the fight: action space or invade, ruleset ti4, one
	// planet. The attacker's fleet holds the units already in the active
	// system or moving in, and may be empty. Its run gives trials and seed
	// for the fleets simulated; method, not run.exact, chooses exact mode.
	Scenario Combat `json:"scenario"`
	// Limits are what the attacker can build.
	Limits Limits `json:"limits"`
	// Target, 0..1: absent or 0, the highest chance to win; above 0, the
	// cheapest fleet with at least that chance.
	Target float64 `json:"target,omitempty"`
	// Keep, 0..50, is N of the table's "P(keeps at least N units)"
	// (absent: 1).
	Keep int `json:"keep,omitempty"`
	// Method is auto (absent: exact when it applies to every fleet,
	// otherwise trials), exact or trials.
	Method string `json:"method,omitempty"`
}

// Limits are a player's limits on what it builds (advise.Limits).
type Limits struct {
	// Resources, 1..100, to spend.
	Resources int `json:"resources"`
	// Production, 0..50 units; absent (and no SpaceDock): a space dock
	// on a planet of 3 resources, a home system's (advise.Limits
	// WithDefaults; the answer says so). Not with SpaceDock.
	Production int `json:"production,omitempty"`
	// SpaceDock, 0..100, is the resources of the planet whose space dock
	// produces: the production is the dock's value.
	SpaceDock *int `json:"space_dock,omitempty"`
	// FleetPool, 0..50, are the fleet pool's tokens; absent: 3, a
	// player's starting fleet pool (the answer says so); 50 lifts it in
	// practice.
	FleetPool int `json:"fleet_pool,omitempty"`
	// Supply is the units of a kind left in the reinforcements, by unit
	// name (0..50); a kind absent: its plastic pieces less those there.
	Supply map[string]int `json:"supply,omitempty"`
	// Build are the unit kinds to consider; absent: every ship and, for
	// an invasion, the ground forces.
	Build []string `json:"build,omitempty"`
	// WarSun: the attacker owns the War Sun technology.
	WarSun bool `json:"war_sun,omitempty"`
}

// Methods are the values of Advise.Method.
var Methods = []string{"auto", "exact", "trials"}

// DecodeAdvise reads an advise document (see DecodeCombat).
func DecodeAdvise(r io.Reader) (Advise, error) {
	var d Advise
	err := decodeChecked(r, &d, "advise", d.Check)
	return d, err
}

// placeholder stands for an empty attacker fleet while the rest of the
// scenario is checked: an advise scenario's attacker may have no units.
var placeholder = []Units{{Unit: "destroyer", Count: 1}}

// Check reports the first value of an advise document out of range, as an
// *Error naming its path.
func (d *Advise) Check() error {
	if d.Version != Version {
		return errorf("version", "%d is not a version this build reads; allowed: %d", d.Version, Version)
	}
	sc := d.Scenario
	if len(sc.Attacker.Fleet) == 0 {
		sc.Attacker.Fleet = placeholder
	}
	if err := sc.Check(); err != nil {
		e := err.(*Error)
		return &Error{Path: under("scenario", e.Path), Msg: e.Msg}
	}
	switch {
	case sc.Action != ActionSpace && sc.Action != ActionInvade:
		return errorf("scenario.action", "%s: advise a space combat or an invasion (space, invade)", echo.Quote(sc.Action))
	case sc.Ruleset != "" && sc.Ruleset != "ti4":
		return errorf("scenario.ruleset", "the fleet advisor knows Twilight Imperium 4's production rules only")
	case len(sc.System.Planets) > 0:
		return errorf("scenario.system.planets", "advise the invasion of one planet")
	case sc.Run.Exact:
		return errorf("scenario.run.exact", "choose exact mode with method: exact")
	case sc.Run.PreferExact:
		return errorf("scenario.run.prefer_exact", "method auto (the default) is exact where it can be")
	case sc.Run.Precision != 0:
		return errorf("scenario.run.precision", "every fleet runs the same trials: give trials, not a precision")
	case d.Method != "" && !slices.Contains(Methods, d.Method):
		return errorf("method", "%s is not a method; allowed: %s", echo.Quote(d.Method), strings.Join(Methods, ", "))
	}
	return d.Limits.check()
}

// check reads the limits' unit names; their numbers are the advisor's to
// check (advise.Fleet).
func (l *Limits) check() error {
	if l.SpaceDock != nil && l.Production != 0 {
		return errorf("limits.space_dock", "give production or a space dock, not both")
	}
	for _, k := range slices.Sorted(maps.Keys(l.Supply)) {
		p := join("limits.supply", k)
		if _, _, err := units.ParseKind(k); err != nil {
			return errorf(p, "%v", err)
		}
	}
	for i, b := range l.Build {
		if _, _, err := units.ParseKind(b); err != nil {
			return errorf(fmt.Sprintf("limits.build[%d]", i), "%v", err)
		}
	}
	return nil
}

// AdviseTrials are the trials per fleet when the fleets are simulated and
// no trials are given.
const AdviseTrials = 20000

// Question builds the library's question from the document (checked by
// Check): its fight through Combat.Scenario, with the attacker's units
// already there (maybe none: a placeholder stands in while the rest of
// the fight is checked, and an invasion's needs a ground force), and its
// limits. Errors are *Error at their paths.
func (d *Advise) Question() (advise.Question, error) {
	var q advise.Question
	sc := d.Scenario
	there, err := fleet(sc.Attacker.Fleet, combat.EditionTI4, "scenario.attacker.fleet")
	if err != nil {
		return q, err
	}
	switch {
	case sc.Action == ActionInvade && there.Count(units.Infantry)+there.Count(units.Mech) == 0:
		sc.Attacker.Fleet = append(slices.Clone(sc.Attacker.Fleet), Units{Unit: "infantry", Count: 1})
	case len(sc.Attacker.Fleet) == 0:
		sc.Attacker.Fleet = placeholder
	}
	if q.Scenario, err = sc.Scenario(); err != nil {
		if e, ok := err.(*Error); ok {
			return q, &Error{Path: under("scenario", e.Path), Msg: e.Msg}
		}
		return q, err
	}
	q.Scenario.Attacker.Fleet = there
	l := &d.Limits
	q.Limits = advise.Limits{Resources: l.Resources, Production: l.Production, FleetPool: l.FleetPool, WarSun: l.WarSun}
	if l.SpaceDock != nil {
		q.Limits.Dock, q.Limits.DockResources = true, *l.SpaceDock
	}
	for _, k := range slices.Sorted(maps.Keys(l.Supply)) {
		kind, _, _ := units.ParseKind(k) // checked
		if q.Limits.Supply == nil {
			q.Limits.Supply = map[units.Kind]int{}
		}
		if _, dup := q.Limits.Supply[kind]; dup {
			return q, errorf(join("limits.supply", k), "%s given twice", kind)
		}
		q.Limits.Supply[kind] = l.Supply[k]
	}
	for _, b := range l.Build {
		kind, _, _ := units.ParseKind(b) // checked
		q.Limits.Kinds = append(q.Limits.Kinds, kind)
	}
	q.Target, q.Keep = d.Target, max(d.Keep, 1)
	switch d.Method {
	case "exact":
		q.Method = advise.MethodExact
	case "trials":
		q.Method = advise.MethodTrials
	}
	return q, nil
}

// Normalize returns the document an advice echoes: its fight normalised
// (Combat.Normalize, the units already there as entries, none as []),
// the trials per fleet (AdviseTrials when absent; none for method exact),
// the limits under the units' canonical names, and Keep and Method left
// out at their defaults.
func (d *Advise) Normalize(q advise.Question) Advise {
	n := *d
	n.Version = Version
	n.Scenario = d.Scenario.Normalize(q.Scenario)
	if n.Scenario.Attacker.Fleet == nil {
		n.Scenario.Attacker.Fleet = []Units{}
	}
	switch {
	case d.Method == "exact":
		n.Scenario.Run.Trials, n.Scenario.Run.Seed = 0, nil
	case d.Scenario.Run.Trials == 0:
		n.Scenario.Run.Trials = AdviseTrials
	}
	if n.Keep == 1 {
		n.Keep = 0
	}
	if n.Method == "auto" {
		n.Method = ""
	}
	n.Limits.Supply, n.Limits.Build = nil, nil
	for k, v := range q.Limits.Supply {
		if n.Limits.Supply == nil {
			n.Limits.Supply = map[string]int{}
		}
		n.Limits.Supply[k.String()] = v
	}
	for _, k := range q.Limits.Kinds {
		n.Limits.Build = append(n.Limits.Build, k.String())
	}
	return n
}
