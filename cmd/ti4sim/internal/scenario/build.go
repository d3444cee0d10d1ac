package scenario

import (
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/internal/lazy"
	"github.com/ti4sim/ti4sim/units"
)

// actions are the library's actions by document name.
var actions = lazy.Value[map[string]combat.Action]{Build: func() map[string]combat.Action {
	return map[string]combat.Action{ActionSpace: combat.SpaceCombat, ActionGround: combat.GroundCombat, ActionInvade: combat.Invasion}
}}

// Scenario builds the library's input from the document, the one way every
// front end (the command line's flags, a document file, the service, the
// page) reaches the library: it reads the document's grammars (fleets,
// orders, retreats, printings, the commit policy), copies its plain values
// into the library's fields by the names Inputs gives, and lets the
// library validate the whole (combat.Scenario.Validate, or
// ValidateSystem for a system of planets). Every error is an *Error at the
// JSON path of the input at fault, found from the library's
// *combat.InputError through Inputs ("" when no one input is).
func (d *Combat) Scenario() (combat.Scenario, error) {
	if err := d.checkExactOnly(); err != nil {
		return combat.Scenario{}, err
	}
	sc, err := d.build()
	if err != nil {
		return sc, err
	}
	if len(sc.Planets) > 0 {
		err = sc.ValidateSystem()
	} else {
		err = sc.Validate()
	}
	return sc, located(err)
}

// located turns a validation error into an *Error at its input's path
// (the whole document's when the library names no input): the library's
// validation reports only faults of the input.
func located(err error) error {
	var in *combat.InputError
	if err == nil {
		return nil
	}
	if !errors.As(err, &in) {
		return &Error{Msg: err.Error()}
	}
	path, msg := PathOf(in), in.Msg
	if path == "" && in.Side != "" {
		msg = in.Error() // no one field: the side stays in the message
	}
	return &Error{Path: path, Msg: msg}
}

// build reads the document into a combat.Scenario, unvalidated.
func (d *Combat) build() (combat.Scenario, error) {
	act, ok := actions.Get()[d.Action]
	if !ok {
		return combat.Scenario{}, errorf("action", "%s is not an action; allowed: space, ground, invade", echo.Quote(d.Action))
	}
	g, err := d.game()
	if err != nil {
		return combat.Scenario{}, err
	}
	sc := combat.Scenario{Action: act, Edition: g}
	hb, err := d.Homebrew()
	if err != nil {
		return sc, err
	}
	keys := slices.Sorted(maps.Keys(d.Printings))
	items := make([]string, len(keys))
	for i, k := range keys {
		items[i] = k + "=" + d.Printings[k]
		if _, err := combat.ParseRules(items[i : i+1]); err != nil {
			return combat.Scenario{}, errorf(join("printings", k), "%v", err)
		}
	}
	if sc.Printings, err = combat.ParseRules(items); err != nil {
		return sc, errorf("printings", "%v", err)
	}
	for _, s := range []struct {
		name string
		doc  *Side
		lib  *combat.Side
	}{{"attacker", &d.Attacker, &sc.Attacker}, {"defender", &d.Defender, &sc.Defender}} {
		if err := s.doc.build(s.lib, s.name, g, hb); err != nil {
			return sc, err
		}
	}
	if d.Defender.PDS != 0 {
		return sc, errorf("defender.pds", "only the attacker's PDS on other planets of the system are given apart; the defender's PDS go in its fleet")
	}
	d.copyValues(&sc)
	return sc, d.System.build(&sc, g)
}

// copyValues copies the document's plain values (switches, whole numbers)
// into the library's fields of the same input (Inputs' Field).
func (d *Combat) copyValues(sc *combat.Scenario) {
	for i := range Inputs {
		in := &Inputs[i]
		sides := in.Sides
		if len(sides) == 0 {
			sides = []string{""}
		}
		for _, side := range sides {
			src := d.fieldOf(in, side)
			if k := src.Kind(); k != reflect.Bool && k != reflect.Int {
				continue
			}
			dst := reflect.ValueOf(sc).Elem()
			switch side {
			case "attacker":
				dst = dst.FieldByName("Attacker")
			case "defender":
				dst = dst.FieldByName("Defender")
			}
			if f := dst.FieldByName(in.Field); f.IsValid() && f.Kind() == src.Kind() {
				f.Set(src)
			}
		}
	}
}

// build reads one side: its fleet and the grammars of its inputs; its
// faction is a built-in one or one of hb's (nil: none loaded).
func (s *Side) build(out *combat.Side, side string, g combat.Edition, hb *units.Homebrew) error {
	var err error
	if out.Fleet, err = fleet(s.Fleet, g, side+".fleet"); err != nil {
		return err
	}
	if len(s.Galvanized) > 0 {
		if out.Galvanized, err = fleet(s.Galvanized, g, side+".galvanized"); err != nil {
			return err
		}
	}
	if s.Faction != "" {
		lookup := hb.LookupFaction
		if g == combat.EditionTI3SA {
			lookup = units.LookupTI3Race
		}
		if out.Faction, err = lookup(s.Faction); err != nil {
			return errorf(side+".faction", "%v", err)
		}
	}
	out.Techs = slices.Clone(s.Technologies)
	out.Cards = CardItems(s.Cards)
	out.Leaders = slices.Clone(s.Leaders)
	out.Choices = slices.Clone(s.Choices)
	if s.Order != "" {
		if out.Order, err = combat.ParseOrderFor(g, s.Order); err != nil {
			return errorf(side+".order", "%v", err)
		}
	}
	if out.Order.Optimal, err = combat.ParsePolicy(s.Policy); err != nil {
		return errorf(side+".policy", "%v", err)
	}
	if out.Retreat, err = combat.ParseRetreat(s.Retreat); err != nil {
		return errorf(side+".retreat", "%v", err)
	}
	return nil
}

// build reads the system's planets, commit policy and bombardment focus.
func (sy *System) build(sc *combat.Scenario, g combat.Edition) error {
	if len(sy.Planets) == 0 {
		switch {
		case sy.Commit != "":
			return errorf("system.commit", "a commit policy needs the system's planets (system.planets)")
		case sy.Bombard != "":
			return errorf("system.bombard", "bombard needs the system's planets (system.planets)")
		}
		return nil
	}
	if sy.Cultural {
		return errorf("system.cultural", "with planets, mark a cultural planet among the planets (\"NAME (cultural): UNITS\")")
	}
	var names []string
	for i, p := range sy.Planets {
		f, err := fleet(p.Units, g, fmt.Sprintf("system.planets[%d].units", i))
		if err != nil {
			return err
		}
		sc.Planets = append(sc.Planets, combat.Planet{Name: strings.TrimSpace(p.Name), Cultural: p.Cultural, Units: f})
		names = append(names, strings.TrimSpace(p.Name))
	}
	var err error
	if sc.Commit, err = combat.ParseCommit(sy.Commit, names, func(s string) (units.Fleet, error) { return parseFleet(g, s) }); err != nil {
		return errorf("system.commit", "%v", err)
	}
	sc.Bombard = strings.TrimSpace(sy.Bombard)
	return nil
}

// ExactOnly names the input that only exact mode answers (an optimal hit
// policy, the best retreat), or "" if none: such a run is solved exactly
// whatever its run says (Normalize marks it exact).
func (d *Combat) ExactOnly() string {
	for _, s := range []struct {
		name string
		side *Side
	}{{"attacker", &d.Attacker}, {"defender", &d.Defender}} {
		if strings.TrimSpace(s.side.Policy) == "optimal" {
			return s.name + ".policy"
		}
		if r, err := combat.ParseRetreat(s.side.Retreat); err == nil && r.Best {
			return s.name + ".retreat"
		}
	}
	return ""
}

// checkExactOnly refuses a sampling setting given with an input that only
// exact mode answers.
func (d *Combat) checkExactOnly() error {
	what := d.ExactOnly()
	if what == "" {
		return nil
	}
	what = map[bool]string{true: "an optimal hit policy", false: "the best retreat"}[strings.HasSuffix(what, ".policy")]
	for _, r := range []struct {
		key   string
		given bool
	}{{"trials", d.Run.Trials != 0}, {"seed", d.Run.Seed != nil}, {"precision", d.Run.Precision != 0}, {"prefer_exact", d.Run.PreferExact}} {
		if r.given {
			return errorf("run."+r.key, "%s is solved exactly: drop it", what)
		}
	}
	return nil
}

// Normalize returns the document a run of sc (built from d by Scenario)
// echoes: fleets as entries under their units' canonical names, the
// faction's slug, the inputs as given but trimmed, the retreat in its
// canonical form, and the run with its defaults (seed 1, 100000 trials
// unless a precision target without trials; none for an exact run).
func (d *Combat) Normalize(sc combat.Scenario) Combat {
	n := *d
	n.Version, n.Ruleset = Version, sc.Edition.String()
	n.Attacker = d.Attacker.normalize(sc.Edition, sc.Attacker)
	n.Defender = d.Defender.normalize(sc.Edition, sc.Defender)
	n.System.Planets = nil
	for i, p := range sc.Planets {
		n.System.Planets = append(n.System.Planets, Planet{Name: p.Name, Cultural: p.Cultural, Units: Entries(sc.Edition, p.Units)})
		if n.System.Planets[i].Units == nil {
			n.System.Planets[i].Units = []Units{}
		}
	}
	if len(sc.Planets) > 0 {
		names := make([]string, len(sc.Planets))
		for i, p := range sc.Planets {
			names[i] = p.Name
		}
		n.System.Commit = sc.Commit.Text(names, func(fl units.Fleet) string { return FleetText(Entries(sc.Edition, fl)) })
		n.System.Bombard = sc.Bombard
	}
	n.Run = d.Run.normalize(d.ExactOnly() != "")
	return n
}

// normalize is a run with its defaults.
func (r Run) normalize(exact bool) Run {
	if exact || r.Exact {
		return Run{Exact: true, Rounds: r.Rounds}
	}
	seed := uint64(DefaultSeed)
	if r.Seed != nil {
		seed = *r.Seed
	}
	r.Seed = &seed
	if r.Trials == 0 && r.Precision == 0 {
		r.Trials = DefaultTrials
	}
	return r
}

// normalize is one side as a run echoes it.
func (s Side) normalize(g combat.Edition, lib combat.Side) Side {
	n := s // plain values as given; a field added later is echoed without a line here
	n.Fleet, n.Order, n.Faction, n.Policy, n.Retreat, n.Leaders, n.Galvanized = Entries(g, lib.Fleet), strings.TrimSpace(s.Order), "", "", "", nil, nil
	if n.Fleet == nil {
		n.Fleet = []Units{} // a side with no units (Keleres on Mecatol Rex): [], as the schema reads
	}
	for _, l := range s.Leaders {
		if l = strings.ToLower(strings.TrimSpace(l)); l != "" {
			n.Leaders = append(n.Leaders, l)
		}
	}
	n.Choices = nil
	for _, c := range s.Choices {
		if c = strings.ToLower(strings.TrimSpace(c)); c != "" {
			n.Choices = append(n.Choices, c)
		}
	}
	if lib.Faction != nil {
		n.Faction = lib.Faction.Slug
	}
	if lib.Order.Optimal {
		n.Policy = "optimal"
	}
	if r := lib.Retreat.String(); r != "never" {
		n.Retreat = r
	} else if t := strings.TrimSpace(s.Retreat); t != "" && t != "never" {
		n.Retreat = t
	}
	n.Technologies = nil
	for _, t := range s.Technologies {
		if t = strings.TrimSpace(t); t != "" {
			n.Technologies = append(n.Technologies, t)
		}
	}
	n.Cards = nil
	for _, c := range s.Cards {
		c.Name = strings.TrimSpace(c.Name)
		if c.Copies == 1 {
			c.Copies = 0 // one copy, or a count of 1
		}
		n.Cards = append(n.Cards, c)
	}
	if !lib.Galvanized.Empty() {
		n.Galvanized = Entries(g, lib.Galvanized)
	}
	return n
}
