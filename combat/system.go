package combat

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode"

	"github.com/ti4sim/ti4sim/combat/internal/effects"
	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/internal/fault"
	"github.com/ti4sim/ti4sim/units"
)

// Planet is one planet of an invaded system (Scenario.Planets).
type Planet struct {
	// Name names the planet in the result and in a commit split; unique
	// within the system, 1..40 characters.
	Name string
	// Units are the defender's ground forces and structures (PDS, space
	// docks) on it; none is allowed (an undefended planet is taken by
	// landing one ground force).
	Units units.Fleet
	// Cultural marks a cultural planet (Conventions of War: no
	// bombardment of it).
	Cultural bool
}

// MaxPlanets is the most planets a system holds.
const MaxPlanets = 3

// SystemResult is the answer for a system invasion (RunSystem,
// SolveSystem): the space combat fought once, then each planet's
// bombardment, commitment, space cannon defense, ground combat and
// control (LRR 49.2: the attacker may commit ground forces to any planets
// of the system).
type SystemResult struct {
	// Exact is true for an exact answer (intervals of zero width, SE 0).
	Exact bool
	// Trials is the number of trials run, 1..MaxTrials (0 when exact);
	// Seed the seed used.
	Trials int64
	Seed   uint64
	// Commit names the commit policy (Scenario.Commit): "secure:0.9",
	// "best:all", "best:count", or "fixed: " and the split in
	// ParseCommit's grammar.
	Commit string
	// TakeAll is the chance the attacker controls every planet at the end.
	TakeAll Probability
	// Taken[n] is the chance it controls exactly n planets, n = 0..the
	// number of planets (the chances add up to 1); TakenMean is the
	// expected number, 0..the number of planets.
	Taken     []Probability
	TakenMean Mean
	// Space is who holds the space area after the space combat, as for
	// a space combat (a draw: neither side has ships; no combat: the side
	// that had ships).
	Space Outcomes
	// Ships[side] are the side's ships left in the space area after the
	// space combat and its capacity check (0 the attacker, 1 the
	// defender).
	Ships [2][]Survivor
	// Kept are the attacker's ground forces left in the space area: not
	// committed, or no invasion took place.
	Kept []Survivor
	// Planets are the planets, in the order given (Scenario.Planets).
	Planets []PlanetResult
	// ResourcesLost is each side's expected cost of units destroyed or
	// removed for capacity (fighters and infantry count 0.5, structures
	// 0), >= 0; 0 the attacker, 1 the defender.
	ResourcesLost [2]Mean
	// SpaceRounds is the mean number of space combat rounds (0: none).
	SpaceRounds Mean
	// Warnings are notes on the run (its plans' warnings included).
	Warnings []string
	// Ends are the invasion's end states, most likely first, their
	// probabilities adding up to 1 (exact, or the trials' shares): filled
	// by SolveSystemEnds and RunSystemEnds only (nil otherwise).
	Ends []SystemEnd
}

// SystemEnd is one way a system invasion can end: every unit of both
// sides where it stands when the tactical action is over, and who
// controls each planet (LRR 49.2: the attacker may commit ground forces to
// any planets of the system; LRR 49.3: it controls a planet where it has
// ground forces after the ground combat). Damage is not told apart, nor
// structures that are not ground forces (they take part in no combat and
// are destroyed when the attacker takes their planet), so states that
// differ only by them are one end.
type SystemEnd struct {
	// P is the end's probability: exact, or its share of the trials with
	// their 95% interval.
	P Probability
	// Ships[side] are the side's ships left in the space area (0 the
	// attacker, 1 the defender), in display order; Damaged is 0.
	Ships [2][]UnitCount
	// Kept are the attacker's ground forces left in the space area (not
	// committed, sent back by a text, or no invasion took place).
	Kept []UnitCount
	// Planets are the planets in the order given (Scenario.Planets).
	Planets []PlanetEnd
}

// PlanetEnd is how one planet stands at the end of an invasion.
type PlanetEnd struct {
	// Taken: the attacker controls the planet.
	Taken bool
	// Attacker are the attacker's ground forces on the planet; Defender
	// the defender's ground forces there (structures that are not ground
	// forces aside).
	Attacker, Defender []UnitCount
}

// PlanetResult is one planet's part of a SystemResult.
type PlanetResult struct {
	// Name is the planet's name as given (Planet.Name).
	Name string
	// Taken is the chance the attacker controls the planet at the end.
	Taken Probability
	// Invaded is the chance the attacker's ground forces landed on it.
	Invaded Probability
	// WipedOut is the chance its ground combat left no ground forces on
	// either side (the defender keeps the planet).
	WipedOut Probability
	// Committed are the attacker's ground forces landed on it, Attacker
	// those left on it at the end (0 where none landed), Defender the
	// defender's units left on it (structures are destroyed when the
	// attacker takes it).
	Committed, Attacker, Defender []Survivor
	// GroundRounds is the mean number of its ground combat rounds (0:
	// none).
	GroundRounds Mean
}

// RunSystem simulates an invasion of sc's system (sc.Planets, one to
// MaxPlanets planets) o.Trials times. The space area is fought once with
// every planet's units present; then each planet is bombarded, the
// ground forces are split by sc.Commit, and each planet's space cannon
// defense, ground combat and control follow, in the planets' order (cards'
// copies, trade goods and influence are spent in that order). With one
// planet and every ground force committed, it draws exactly as Run does
// for the same invasion, so the figures are Run's for the same seed.
func RunSystem(ctx context.Context, sc Scenario, o Options) (_ SystemResult, err error) {
	return runSystem(ctx, sc, o, false)
}

// RunSystemEnds is RunSystem that also counts the trials by end state
// (SystemResult.Ends): the distribution of how the invasion ends, as
// RunSystem plays it, for ranking an observed end among them.
func RunSystemEnds(ctx context.Context, sc Scenario, o Options) (SystemResult, error) {
	return runSystem(ctx, sc, o, true)
}

func runSystem(ctx context.Context, sc Scenario, o Options, ends bool) (_ SystemResult, err error) {
	defer fault.Catch(&err, engine.StepOf)
	defer seamError(&err)
	if ctx == nil {
		return SystemResult{}, errNilContext
	}
	if err := o.Validate(); err != nil {
		return SystemResult{}, inputError(err)
	}
	if sc.Attacker.Order.Optimal || sc.Defender.Order.Optimal {
		return SystemResult{}, inputf("Order", "the optimal hit assignment is not available for a system with planets (its value would need every planet's split); use the default policy")
	}
	if sc.Attacker.Retreat.Best || sc.Defender.Retreat.Best {
		return SystemResult{}, errBestRetreatSampled
	}
	sys, err := compileSystem(ctx, &sc)
	if err != nil {
		return SystemResult{}, err
	}
	if err := admit(&o, func() Cost { return systemCost(o.Trials, sys) }); err != nil {
		return SystemResult{}, err
	}
	sys.Ends = ends
	r, err := sys.Run(ctx, engineOptions(o))
	return sc.describeCommit(publicSystemResult(r)), err
}

// describeCommit names a fixed split in full in r.Commit.
func (sc *Scenario) describeCommit(r SystemResult) SystemResult {
	if sc.Commit.Kind == CommitFixed {
		var names []string
		for _, p := range sc.Planets {
			names = append(names, strings.TrimSpace(p.Name))
		}
		r.Commit = "fixed: " + sc.Commit.Text(names, units.Fleet.String)
	}
	return r
}

// SolveSystem answers an invasion of sc's system exactly: the space
// area's exact solution composed with each planet's, for every final state
// of the space area and every combination of the planets' defenders after
// bombardment. It refuses what RunSystem can simulate but the composition
// cannot carry (cards' copies, trade goods or influence shared between the
// combats, a first-rounds bonus) and whatever Solve refuses.
func SolveSystem(ctx context.Context, sc Scenario) (SystemResult, error) {
	if ctx == nil {
		return SystemResult{}, errNilContext
	}
	return SolveSystemWithin(ctx, sc, MaxExactStates)
}

// SolveSystemWithin is SolveSystem with a bound on the joint states the
// space combat may reach, 1..MaxExactStates (a service's limit).
func SolveSystemWithin(ctx context.Context, sc Scenario, maxStates int) (_ SystemResult, err error) {
	return solveSystem(ctx, sc, maxStates, false)
}

// SolveSystemEnds is SolveSystemWithin that also gives the invasion's
// exact end states (SystemResult.Ends): the joint distribution of every
// unit left and of who controls each planet, composed as SolveSystem
// composes its answer — each final state of the space area, each planet's
// defenders after bombardment, the commit policy's split, and each
// planet's landing solved to its ends, the planets independent given
// those. It refuses (a *NotExactError) an invasion with more than
// engine's limit of distinct ends (2^17, a bound on its memory).
func SolveSystemEnds(ctx context.Context, sc Scenario, maxStates int) (SystemResult, error) {
	return solveSystem(ctx, sc, maxStates, true)
}

func solveSystem(ctx context.Context, sc Scenario, maxStates int, ends bool) (_ SystemResult, err error) {
	defer fault.Catch(&err, engine.StepOf)
	defer seamError(&err)
	if maxStates < 1 || maxStates > MaxExactStates {
		return SystemResult{}, fmt.Errorf("exact state limit %d out of range: allowed 1..%d", maxStates, MaxExactStates)
	}
	if ctx == nil {
		return SystemResult{}, errNilContext
	}
	if sc.Attacker.Order.Optimal || sc.Defender.Order.Optimal || sc.Attacker.Retreat.Best || sc.Defender.Retreat.Best {
		field := "Order"
		if !sc.Attacker.Order.Optimal && !sc.Defender.Order.Optimal {
			field = "Retreat"
		}
		return SystemResult{}, inputf(field, "the optimal hit assignment and the best retreat are not available for a system with planets")
	}
	sys, err := compileSystemWithin(ctx, &sc, maxStates)
	if err != nil {
		return SystemResult{}, err
	}
	sys.Ends = ends
	r, err := sys.Solve(ctx, maxStates)
	return sc.describeCommit(publicSystemResult(r)), err
}

// PlanetName reports whether name is a valid planet name: 1 to 40
// printable characters, none of ':', ';', '(' or ')' (the command line's
// grammar uses them), no leading or trailing space.
func PlanetName(name string) bool {
	if name == "" || len(name) > 40 || name != strings.TrimSpace(name) || strings.ContainsAny(name, ":;()") {
		return false
	}
	for _, r := range name {
		if !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// ValidateSystem reports whether sc is a valid system invasion, without
// running it.
func (sc *Scenario) ValidateSystem() error {
	_, _, err := sc.systemPlans()
	return err
}

// systemPlans checks sc's system and returns the scenario of its space
// area and of each planet.
func (sc *Scenario) systemPlans() (space Scenario, planets []Scenario, err error) {
	if sc.Action != Invasion {
		return space, nil, inputf("Planets", "planets: only an invasion has planets")
	}
	if n := len(sc.Planets); n < 1 || n > MaxPlanets {
		return space, nil, inputf("Planets", "planets: a system holds 1 to %d planets, not %d", MaxPlanets, n)
	}
	seen := map[string]bool{}
	var all []units.Group
	for _, g := range sc.Defender.Fleet.Groups() {
		if g.Kind.GroundForce() || g.Kind.Structure() {
			return space, nil, &InputError{Side: "defender", Field: "Fleet", Index: -1, Msg: fmt.Sprintf("with planets, the defender's %s go on their planet (the defender's fleet holds only ships)", plural(g.Kind))}
		}
		all = append(all, g)
	}
	for k, p := range sc.Planets {
		name := strings.TrimSpace(p.Name)
		switch {
		case !PlanetName(name):
			return space, nil, inputAtf("Planets", k, "planet %d: a name of 1 to 40 printable characters, without ':', ';' or parentheses, is needed", k+1)
		case seen[strings.ToLower(name)]:
			return space, nil, inputAtf("Planets", k, "planet %d: the name %q is given twice", k+1, name)
		}
		seen[strings.ToLower(name)] = true
		for _, g := range p.Units.Groups() {
			if !g.Kind.GroundForce() && !g.Kind.Structure() {
				return space, nil, inputAtf("Planets", k, "planet %s: %s are ships, which go in the defender's fleet, not on a planet", name, plural(g.Kind))
			}
			all = append(all, g)
		}
	}
	if len(sc.Planets) > 1 && sc.Cultural {
		return space, nil, inputf("Cultural", "cultural: with several planets, mark the cultural ones among the planets")
	}
	// The space area: the defender's ships and every planet's units.
	space = *sc
	space.Planets, space.Commit, space.Bombard, space.planetOfSystem = nil, Commit{}, "", true
	if space.Defender.Fleet, err = units.NewFleet(all...); err != nil {
		return space, nil, inputf("Planets", "planets: %v", err)
	}
	if len(sc.Planets) == 1 {
		space.Cultural = sc.Cultural || sc.Planets[0].Cultural
		return space, []Scenario{space}, nil
	}
	space.Cultural = false
	for _, p := range sc.Planets {
		ps := *sc
		ps.Planets, ps.Commit, ps.Bombard, ps.planetOfSystem = nil, Commit{}, "", true
		ps.Defender.Fleet = p.Units
		ps.Defender.AdjacentPDS = 0 // they fire in space cannon offense only
		ps.Cultural = p.Cultural
		planets = append(planets, ps)
	}
	return space, planets, nil
}

// compileSystem compiles sc's system.
func compileSystem(ctx context.Context, sc *Scenario) (*engine.SystemPlan, error) {
	return compileSystemWithin(ctx, sc, MaxExactStates)
}

// compileSystemWithin compiles sc's system, the exact solves behind its
// commit policy bounded by maxStates.
func compileSystemWithin(ctx context.Context, sc *Scenario, maxStates int) (*engine.SystemPlan, error) {
	spaceSc, planetScs, err := sc.systemPlans()
	if err != nil {
		return nil, err
	}
	space, err := compile(&spaceSc)
	if err != nil {
		return nil, err
	}
	var plans []*engine.Plan
	var names []string
	for k := range planetScs {
		names = append(names, strings.TrimSpace(sc.Planets[k].Name))
		if len(planetScs) == 1 {
			plans = append(plans, space)
			continue
		}
		p, err := compile(&planetScs[k])
		if err != nil {
			return nil, planetError(k, names[k], err)
		}
		plans = append(plans, p)
	}
	policy := &engine.CommitPolicy{Kind: engine.CommitKind(sc.Commit.Kind), Target: sc.Commit.Target, Ctx: ctx, MaxStates: maxStates}
	if policy.Kind == engine.CommitSecure && policy.Target == 0 {
		policy.Target = DefaultCommitTarget
	}
	if policy.Kind == engine.CommitFixed {
		if err := fixedCommit(sc, space, names, policy); err != nil {
			return nil, err
		}
	}
	if len(plans) > 1 {
		if err := sharedAcrossPlanets(sc, space, plans, names); err != nil {
			return nil, err
		}
	}
	at := -1
	if b := strings.TrimSpace(sc.Bombard); b != "" {
		for k, n := range names {
			if strings.EqualFold(n, b) {
				at = k
			}
		}
		if at < 0 {
			return nil, inputf("Bombard", "bombard: no planet is named %q (the planets: %s)", b, strings.Join(names, ", "))
		}
	}
	sys, err := engine.NewSystemPlan(space, plans, names, policy, at)
	return sys, inputError(err)
}

// fixedCommit checks a fixed split (CommitFixed) against the planets and
// the attacker's ground forces, and fills policy.Fixed with it.
func fixedCommit(sc *Scenario, space *engine.Plan, names []string, policy *engine.CommitPolicy) error {
	if len(sc.Commit.Split) != len(sc.Planets) {
		return inputf("Commit", "commit: the split names %d planets; the system has %d", len(sc.Commit.Split), len(sc.Planets))
	}
	var total [engine.MaxSlots]int
	for k, f := range sc.Commit.Split {
		if err := fixedSplit(space, &policy.Fixed[k], f, names[k]); err != nil {
			return err
		}
		for i, n := range policy.Fixed[k] {
			total[i] += int(n)
		}
	}
	for i, sl := range space.Side[engine.Attacker].Slots {
		if have := int(space.Side[engine.Attacker].Start[i]); total[i] > have {
			return inputf("Commit", "commit: the split lands %d %s in all; the attacker has %d", total[i], plural(sl.Stats.Kind), have)
		}
	}
	return nil
}

// sharedAcrossPlanets refuses what several planets cannot model: Mecatol
// Rex (one planet), the TI3 ruleset, and texts that each planet would
// spend again.
func sharedAcrossPlanets(sc *Scenario, space *engine.Plan, plans []*engine.Plan, names []string) error {
	for _, side := range []*Side{&sc.Attacker, &sc.Defender} {
		for _, c := range side.Cards {
			if name, _, _ := strings.Cut(strings.TrimSpace(c), ":"); strings.EqualFold(strings.TrimSpace(name), "mecatol-rex") {
				return inputf("Planets", "mecatol-rex: the Mecatol Rex system holds one planet; give it one planet")
			}
		}
	}
	if sc.Edition == EditionTI3SA {
		return inputf("Planets", "planets: several planets are modelled for ti4 only (TI3's bombardment and X-89 choose planets differently); give one planet")
	}
	for k, p := range append([]*engine.Plan{space}, plans...) {
		for _, t := range p.Texts() {
			if why, ok := effects.SharedAcrossPlanets(t.Slug); ok {
				where := "the space area"
				if k > 0 {
					where = "planet " + names[k-1]
				}
				slug := strings.TrimSuffix(t.Slug, ":original")
				field, at := textField(sc, t.Holder, slug)
				return &InputError{Side: t.Holder.String(), Field: field, Index: at,
					Msg: fmt.Sprintf("%s (%s): %s, which several planets would each spend again; ti4sim models it with one planet only", slug, where, why)}
			}
		}
	}
	return nil
}

// fixedSplit turns planet name's fleet f into counts of the attacker's
// ground-force slots of plan p, filling slots of a kind in order.
func fixedSplit(p *engine.Plan, out *[engine.MaxSlots]uint16, f units.Fleet, name string) error {
	sp := &p.Side[engine.Attacker]
	for _, g := range f.Groups() {
		if !g.Kind.GroundForce() {
			return inputf("Commit", "commit: %s: %s are not ground forces", name, plural(g.Kind))
		}
		left := g.Count
		for i, sl := range sp.Slots {
			if left == 0 {
				break
			}
			if sl.Stats.Kind == g.Kind && sl.Zone == engine.ZoneSpace {
				n := min(left, int(sp.Start[i])-int(out[i]))
				out[i] += uint16(n)
				left -= n
			}
		}
		if left > 0 {
			return inputf("Commit", "commit: %s: the attacker has %d %s fewer than the split lands there", name, left, plural(g.Kind))
		}
	}
	return nil
}

// plural names units of kind k in the plural ("infantry", "mechs").
func plural(k units.Kind) string {
	name := k.String()
	if k == units.Infantry || strings.HasSuffix(name, "s") {
		return name
	}
	return name + "s"
}

// planetError is err, the error of planet k's scenario, said of the
// planet: an input error of the defender's units there names the planet's
// element of Planets.
func planetError(k int, name string, err error) error {
	said := fmt.Errorf("planet %s: %w", name, err)
	var in *InputError
	if errors.As(err, &in) && in.Side == "defender" && in.Field == "Fleet" {
		return &InputError{Field: "Planets", Index: k, Msg: said.Error()}
	}
	return inputWithin(err, "planet "+name+": ")
}

// textField is the field of sc's side holder that gives the text slug,
// and its element: Cards or Techs when they list it, else Faction (the
// faction's own texts).
func textField(sc *Scenario, holder engine.Side, slug string) (string, int) {
	s := &sc.Attacker
	if holder == engine.Defender {
		s = &sc.Defender
	}
	for _, f := range []struct {
		name  string
		items []string
	}{{"Cards", s.Cards}, {"Techs", s.Techs}} {
		for i, it := range f.items {
			if name, _, _ := strings.Cut(strings.TrimSpace(it), ":"); strings.EqualFold(strings.TrimSpace(name), slug) {
				return f.name, i
			}
		}
	}
	return "Faction", -1
}
