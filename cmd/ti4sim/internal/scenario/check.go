package scenario

import (
	"fmt"
	"math"
	"strings"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/units"
)

// Limits of a document's values (the CLI's, for its flags).
const (
	// MaxItemCount bounds Units.Count (entries of one kind add up, to at
	// most units.MaxCount).
	MaxItemCount = units.MaxItemCount
	// MaxTrials bounds Run.Trials.
	MaxTrials = 1_000_000_000
	// DefaultTrials and DefaultSeed are a Monte Carlo run's when absent.
	DefaultTrials = 100000
	DefaultSeed   = 1
	// MaxRounds bounds Run.Rounds.
	MaxRounds = 1000
	// MaxCopies bounds Card.Copies.
	MaxCopies = 99
)

// game returns the document's ruleset, checked.
func (d *Combat) game() (combat.Edition, error) {
	name := d.Ruleset
	if name == "" {
		name = "ti4"
	}
	g, err := combat.ParseEdition(name)
	if err != nil {
		return g, errorf("ruleset", "%v", err)
	}
	return g, nil
}

// Check reports the first fault of the document as a document, as an
// *Error naming its path: its version and action, each side's fleet given
// and each entry whole (damaged within its count), the run asked for in
// one way. Everything about the game — names, ranges, what the ruleset,
// the action and the units allow — is the library's to check, when the
// document builds its input (Scenario): it is checked once, there.
func (d *Combat) Check() error {
	if d.Version != Version {
		return errorf("version", "%d is not a version this build reads; allowed: %d", d.Version, Version)
	}
	switch d.Action {
	case ActionSpace, ActionGround, ActionInvade:
	case "":
		return errorf("action", "missing; allowed: space, ground, invade")
	default:
		return errorf("action", "%s is not an action; allowed: space, ground, invade", echo.Quote(d.Action))
	}
	for _, s := range []struct {
		name string
		side *Side
	}{{"attacker", &d.Attacker}, {"defender", &d.Defender}} {
		if len(s.side.Fleet) == 0 && !(s.name == "defender" && (len(d.System.Planets) > 0 || s.side.ListsCard("mecatol-rex"))) {
			return errorf(s.name+".fleet", "empty: give the side's units, e.g. [{\"unit\": \"dreadnought\", \"count\": 2}]")
		}
		for _, list := range []struct {
			key string
			us  []Units
		}{{"fleet", s.side.Fleet}, {"galvanized", s.side.Galvanized}} {
			if err := entries(list.us, s.name+"."+list.key); err != nil {
				return err
			}
		}
	}
	for i, p := range d.System.Planets {
		if err := entries(p.Units, fmt.Sprintf("system.planets[%d].units", i)); err != nil {
			return err
		}
	}
	return d.Run.check("run")
}

// entries checks that each entry of a list of units is whole: a count,
// and no more damaged units than it.
func entries(us []Units, path string) error {
	for i, u := range us {
		p := fmt.Sprintf("%s[%d]", path, i)
		if u.Count < 1 || u.Count > MaxItemCount {
			return errorf(join(p, "count"), "%d is out of range 1..%d", u.Count, MaxItemCount)
		}
		if u.Damaged < 0 || u.Damaged > u.Count {
			return errorf(join(p, "damaged"), "%d is out of range 0..%d (the count)", u.Damaged, u.Count)
		}
		if u.DamagedTwice < 0 || u.DamagedTwice > u.Count-u.Damaged {
			return errorf(join(p, "damaged_twice"), "%d is out of range 0..%d (the count less the damaged)", u.DamagedTwice, u.Count-u.Damaged)
		}
	}
	return nil
}

// fleet checks and builds a fleet from its entries under ruleset g.
func fleet(us []Units, g combat.Edition, path string) (units.Fleet, error) {
	var groups []units.Group
	for i, u := range us {
		p := fmt.Sprintf("%s[%d]", path, i)
		if u.Count < 1 || u.Count > MaxItemCount {
			return units.Fleet{}, errorf(join(p, "count"), "%d is out of range 1..%d", u.Count, MaxItemCount)
		}
		if u.Damaged < 0 || u.Damaged > u.Count {
			return units.Fleet{}, errorf(join(p, "damaged"), "%d is out of range 0..%d (the count)", u.Damaged, u.Count)
		}
		if u.DamagedTwice < 0 || u.DamagedTwice > u.Count-u.Damaged {
			return units.Fleet{}, errorf(join(p, "damaged_twice"), "%d is out of range 0..%d (the count less the damaged)", u.DamagedTwice, u.Count-u.Damaged)
		}
		if strings.TrimSpace(u.Unit) == "" || strings.ContainsAny(u.Unit, ",()") {
			return units.Fleet{}, errorf(join(p, "unit"), "%s is not a unit name", echo.Quote(u.Unit))
		}
		f, err := parseFleet(g, u.item())
		if err != nil {
			return units.Fleet{}, errorf(join(p, "unit"), "%v", unitError(err))
		}
		groups = append(groups, f.Groups()...)
	}
	f, err := units.NewFleet(groups...)
	if err != nil {
		return f, errorf(path, "%v", err)
	}
	return f, nil
}

// unitError drops the grammar's item wording from a unit parse error.
func unitError(err error) string {
	msg := err.Error()
	if i := strings.Index(msg, " in item 1 ("); i >= 0 {
		if j := strings.Index(msg[i:], ")"); j >= 0 {
			msg = msg[:i] + msg[i+j+1:]
		}
	}
	return msg
}

// parseFleet is the ruleset's fleet grammar.
func parseFleet(g combat.Edition, s string) (units.Fleet, error) {
	if g == combat.EditionTI3SA {
		return units.ParseFleetTI3(s)
	}
	return units.ParseFleet(s)
}

// item writes an entry in the fleet grammar: "2 dreadnought II (1
// damaged)"; units damaged twice are an item of their own, "1 war sun
// (1 damaged twice), 1 war sun (1 damaged)".
func (u Units) item() string {
	name := strings.TrimSpace(u.Unit)
	if u.Upgraded {
		name += " II"
	}
	var items []string
	if u.DamagedTwice > 0 {
		items = append(items, fmt.Sprintf("%d %s (%d damaged twice)", u.DamagedTwice, name, u.DamagedTwice))
	}
	if n := u.Count - u.DamagedTwice; n > 0 {
		s := fmt.Sprintf("%d %s", n, name)
		if u.Damaged > 0 {
			s += fmt.Sprintf(" (%d damaged)", u.Damaged)
		}
		items = append(items, s)
	}
	return strings.Join(items, ", ")
}

// Check checks how a run is asked for (errors at run.*).
func (r *Run) Check() error { return r.check("run") }

// check checks how a run is asked for.
func (r *Run) check(path string) error {
	switch {
	case r.Trials < 0 || r.Trials > MaxTrials:
		return errorf(join(path, "trials"), "%d is out of range 1..%d", r.Trials, MaxTrials)
	case math.IsNaN(r.Precision) || r.Precision < 0 || r.Precision >= 0.5:
		return errorf(join(path, "precision"), "%v is out of range: allowed 0 < P < 0.5 (e.g. 0.001)", r.Precision)
	case r.Rounds < 0 || r.Rounds > MaxRounds:
		return errorf(join(path, "rounds"), "%d is out of range 1..%d", r.Rounds, MaxRounds)
	case r.Exact && r.PreferExact:
		return errorf(join(path, "prefer_exact"), "give exact (exact or an error) or prefer_exact (exact when possible, otherwise simulated), not both")
	case r.Exact && r.Trials != 0:
		return errorf(join(path, "trials"), "an exact answer takes no trials; drop trials or exact")
	case r.Exact && r.Seed != nil:
		return errorf(join(path, "seed"), "an exact answer draws no random numbers; drop seed or exact")
	case r.Exact && r.Precision != 0:
		return errorf(join(path, "precision"), "an exact answer has no sampling error; drop precision or exact")
	}
	return nil
}

// ListsCard reports whether the side lists the card or board state slug
// (a Keleres defender of Mecatol Rex may have no units: the library says
// when).
func (s *Side) ListsCard(slug string) bool {
	for _, c := range s.Cards {
		if strings.EqualFold(strings.TrimSpace(c.Name), slug) {
			return true
		}
	}
	return false
}
