package scenario

import (
	"fmt"
	"math"
	"slices"
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

// Check reports the first value of the document that is out of range or
// not understood, as an *Error naming its path. What depends on several
// fields at once (a card for the wrong faction, capacity) is checked when
// the scenario is built.
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
	g, err := d.game()
	if err != nil {
		return err
	}
	keys := make([]string, 0, len(d.Printings))
	for k := range d.Printings {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if _, err := combat.ParseRules([]string{k + "=" + d.Printings[k]}); err != nil {
			return errorf(join("printings", k), "%v", err)
		}
	}
	if d.System.SpaceMine && g != combat.EditionTI3SA {
		return errorf("system.space_mine", "space mines exist only under ruleset ti3-sa")
	}
	for _, s := range []struct {
		name string
		side *Side
	}{{"attacker", &d.Attacker}, {"defender", &d.Defender}} {
		if s.name == "defender" && len(s.side.Fleet) == 0 && len(d.System.Planets) > 0 {
			s.side.Fleet = []Units{{Unit: "carrier", Count: 1}} // checked as a side; a system's defender may have no ships
			err := s.side.check(s.name, g)
			s.side.Fleet = nil
			if err != nil {
				return err
			}
			continue
		}
		if err := s.side.check(s.name, g); err != nil {
			return err
		}
	}
	switch {
	case d.System.IonStorm && g != combat.EditionTI3SA:
		return errorf("system.ion_storm", "an Ion Storm is a Twilight Imperium 3 system; give ruleset ti3-sa")
	case d.System.HomeSystem && g != combat.EditionTI3SA:
		return errorf("system.home_system", "it changes only Twilight Imperium 3's bombardment; give ruleset ti3-sa")
	case d.System.Commandos < 0 || d.System.Commandos > 99:
		return errorf("system.commandos", "%d is out of range 0..99", d.System.Commandos)
	case d.System.Commandos > 0 && (g != combat.EditionTI3SA || d.Action != "invade"):
		return errorf("system.commandos", "commandos are Twilight Imperium 3's shock troops held back in an invasion; give ruleset ti3-sa and action invade")
	case d.System.Wormhole && g != combat.EditionTI3SA:
		return errorf("system.wormhole", "only Twilight Imperium 3's Dimensional Splicer reads it; give ruleset ti3-sa")
	case d.System.NegateMineHits && !d.System.SpaceMine:
		return errorf("system.negate_mine_hits", "there is no space mine; give space_mine")
	case d.System.HomeSystem && d.Action != "invade":
		return errorf("system.home_system", "it changes only an invasion's bombardment; give action invade")
	case d.Attacker.HighAlert && d.Defender.HighAlert:
		return errorf("defender.high_alert", "there is one High Alert token; give it to one side")
	}
	if d.Defender.PDS != 0 {
		return errorf("defender.pds", "only the attacker's PDS on other planets of the system are given apart; the defender's PDS go in its fleet")
	}
	if err := d.System.checkPlanets(d.Action, g); err != nil {
		return err
	}
	return d.Run.check("run")
}

// checkPlanets checks a system's planets, commit and bombard.
func (sy *System) checkPlanets(action string, g combat.Edition) error {
	if len(sy.Planets) == 0 {
		switch {
		case sy.Commit != "":
			return errorf("system.commit", "a commit policy needs the system's planets (system.planets)")
		case sy.Bombard != "":
			return errorf("system.bombard", "bombard needs the system's planets (system.planets)")
		}
		return nil
	}
	switch {
	case action != ActionInvade:
		return errorf("system.planets", "only action invade has planets")
	case len(sy.Planets) > combat.MaxPlanets:
		return errorf("system.planets", "%d planets; a system holds 1 to %d", len(sy.Planets), combat.MaxPlanets)
	case sy.Cultural:
		return errorf("system.cultural", "with planets, mark the cultural ones among the planets (system.planets[i].cultural)")
	}
	var names []string
	for i, p := range sy.Planets {
		path := fmt.Sprintf("system.planets[%d]", i)
		name := strings.TrimSpace(p.Name)
		if !combat.PlanetName(name) {
			return errorf(join(path, "name"), "%s is not a planet name (1..40 printable characters, no ':', ';' or parentheses)", echo.Quote(p.Name))
		}
		for _, n := range names {
			if strings.EqualFold(n, name) {
				return errorf(join(path, "name"), "%s is given twice", echo.Quote(name))
			}
		}
		names = append(names, name)
		if _, err := fleet(p.Units, g, join(path, "units")); err != nil {
			return err
		}
	}
	if _, err := combat.ParseCommit(sy.Commit, names, func(s string) (units.Fleet, error) { return parseFleet(g, s) }); err != nil {
		return errorf("system.commit", "%v", err)
	}
	if b := strings.TrimSpace(sy.Bombard); b != "" && !slices.ContainsFunc(names, func(n string) bool { return strings.EqualFold(n, b) }) {
		return errorf("system.bombard", "no planet is named %s (the planets: %s)", echo.Quote(b), strings.Join(names, ", "))
	}
	return nil
}

// check checks one side; path is "attacker" or "defender".
func (s *Side) check(path string, g combat.Edition) error {
	if len(s.Fleet) == 0 {
		return errorf(join(path, "fleet"), "empty: give the side's units, e.g. [{\"unit\": \"dreadnought\", \"count\": 2}]")
	}
	if _, err := fleet(s.Fleet, g, join(path, "fleet")); err != nil {
		return err
	}
	if len(s.Galvanized) > 0 {
		if _, err := fleet(s.Galvanized, g, join(path, "galvanized")); err != nil {
			return err
		}
	}
	if s.Faction != "" {
		lookup := units.LookupFaction
		if g == combat.EditionTI3SA {
			lookup = units.LookupTI3Race
		}
		if _, err := lookup(s.Faction); err != nil {
			return errorf(join(path, "faction"), "%v", err)
		}
	}
	for i, t := range s.Technologies {
		if strings.TrimSpace(t) == "" || strings.ContainsAny(t, ",") {
			return errorf(fmt.Sprintf("%s.technologies[%d]", path, i), "%s is not a technology name (see ti4sim cards)", echo.Quote(t))
		}
	}
	for i, c := range s.Cards {
		p := fmt.Sprintf("%s.cards[%d]", path, i)
		if strings.TrimSpace(c.Name) == "" || strings.ContainsAny(c.Name, ",:") {
			return errorf(join(p, "name"), "%s is not a card name (see ti4sim cards)", echo.Quote(c.Name))
		}
		if c.Copies < 0 || c.Copies > MaxCopies {
			return errorf(join(p, "copies"), "%d is out of range 1..%d", c.Copies, MaxCopies)
		}
	}
	if s.Order != "" {
		if _, err := combat.ParseOrderFor(g, s.Order); err != nil {
			return errorf(join(path, "order"), "%v", err)
		}
	}
	if (len(s.Leaders) > 0 || s.HighAlert) && g != combat.EditionTI3SA {
		key := "leaders"
		if s.HighAlert {
			key = "high_alert"
		}
		return errorf(join(path, key), "leaders and the High Alert token are Twilight Imperium 3's; give ruleset ti3-sa")
	}
	leaders := combat.TI3Leaders()
	for i, l := range s.Leaders {
		if _, ok := leaders[l]; !ok {
			return errorf(fmt.Sprintf("%s.leaders[%d]", path, i), "%s is not a leader; allowed: general, admiral, agent, scientist, diplomat", echo.Quote(l))
		}
		if slices.Contains(s.Leaders[:i], l) {
			return errorf(fmt.Sprintf("%s.leaders[%d]", path, i), "%s is given twice", l)
		}
	}
	if _, err := combat.ParsePolicy(s.Policy); err != nil {
		return errorf(join(path, "policy"), "%v", err)
	}
	if _, err := combat.ParseRetreat(s.Retreat); err != nil {
		return errorf(join(path, "retreat"), "%v", err)
	}
	for _, n := range []struct {
		key    string
		v, max int
		min    int
	}{
		{"modifier", s.Modifier, combat.MaxModifier, -combat.MaxModifier},
		{"trade_goods", s.TradeGoods, combat.MaxBudget, 0},
		{"influence", s.Influence, combat.MaxBudget, 0},
		{"command_counters", s.CommandCounters, combat.MaxBudget, 0},
		{"adjacent_pds", s.AdjacentPDS, combat.MaxAdjacentPDS, 0},
		{"pds", s.PDS, combat.MaxAdjacentPDS, 0},
	} {
		if n.v < n.min || n.v > n.max {
			return errorf(join(path, n.key), "%d is out of range %d..%d", n.v, n.min, n.max)
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

// item writes an entry in the fleet grammar: "2 dreadnought II (1 damaged)".
func (u Units) item() string {
	s := fmt.Sprintf("%d %s", u.Count, strings.TrimSpace(u.Unit))
	if u.Upgraded {
		s += " II"
	}
	if u.Damaged > 0 {
		s += fmt.Sprintf(" (%d damaged)", u.Damaged)
	}
	return s
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
