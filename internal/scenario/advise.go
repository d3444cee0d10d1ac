package scenario

import (
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

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
	// Production, 0..50 units; absent: no limit. Not with SpaceDock.
	Production int `json:"production,omitempty"`
	// SpaceDock, 0..100, is the resources of the planet whose space dock
	// produces: the production is the dock's value.
	SpaceDock *int `json:"space_dock,omitempty"`
	// FleetPool, 0..50, are the fleet pool's tokens; absent: no limit.
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
	case d.Target < 0 || d.Target > 1 || math.IsNaN(d.Target):
		return errorf("target", "%v out of range 0 (highest chance)..1", d.Target)
	case d.Keep < 0 || d.Keep > advise.MaxCount:
		return errorf("keep", "%d out of range 0..%d", d.Keep, advise.MaxCount)
	case d.Method != "" && !slices.Contains(Methods, d.Method):
		return errorf("method", "%s is not a method; allowed: %s", echo.Quote(d.Method), strings.Join(Methods, ", "))
	}
	return d.Limits.check()
}

func (l *Limits) check() error {
	switch {
	case l.Resources < 1 || l.Resources > advise.MaxResources:
		return errorf("limits.resources", "%d out of range 1..%d", l.Resources, advise.MaxResources)
	case l.Production < 0 || l.Production > advise.MaxCount:
		return errorf("limits.production", "%d out of range 0 (no limit)..%d", l.Production, advise.MaxCount)
	case l.SpaceDock != nil && l.Production != 0:
		return errorf("limits.space_dock", "give production or a space dock, not both")
	case l.SpaceDock != nil && (*l.SpaceDock < 0 || *l.SpaceDock > advise.MaxResources):
		return errorf("limits.space_dock", "%d out of range 0..%d (the planet's resources)", *l.SpaceDock, advise.MaxResources)
	case l.FleetPool < 0 || l.FleetPool > advise.MaxCount:
		return errorf("limits.fleet_pool", "%d out of range 0 (no limit)..%d", l.FleetPool, advise.MaxCount)
	}
	for _, k := range slices.Sorted(maps.Keys(l.Supply)) {
		p := join("limits.supply", k)
		if _, _, err := units.ParseKind(k); err != nil {
			return errorf(p, "%v", err)
		}
		if n := l.Supply[k]; n < 0 || n > advise.MaxCount {
			return errorf(p, "%d out of range 0..%d", n, advise.MaxCount)
		}
	}
	for i, b := range l.Build {
		if _, _, err := units.ParseKind(b); err != nil {
			return errorf(fmt.Sprintf("limits.build[%d]", i), "%v", err)
		}
	}
	return nil
}

// Args writes the document as the flags of `ti4sim advise ACTION`.
func (d *Advise) Args() []string {
	a := d.Scenario.Args()
	add := func(flag, v string) { a = append(a, "--"+flag, v) }
	l := &d.Limits
	add("resources", strconv.Itoa(l.Resources))
	if l.Production != 0 {
		add("production", strconv.Itoa(l.Production))
	}
	if l.SpaceDock != nil {
		add("space-dock", strconv.Itoa(*l.SpaceDock))
	}
	if l.FleetPool != 0 {
		add("fleet-pool", strconv.Itoa(l.FleetPool))
	}
	if len(l.Supply) > 0 {
		add("supply", keyValues(l.Supply))
	}
	if len(l.Build) > 0 {
		add("build", strings.Join(l.Build, ","))
	}
	if l.WarSun {
		a = append(a, "--war-sun")
	}
	if d.Target != 0 {
		add("target", strconv.FormatFloat(d.Target, 'g', -1, 64))
	}
	if d.Keep != 0 {
		add("keep", strconv.Itoa(d.Keep))
	}
	if d.Method != "" {
		add("method", d.Method)
	}
	return a
}
