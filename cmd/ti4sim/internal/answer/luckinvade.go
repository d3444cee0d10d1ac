package answer

import (
	"context"
	"fmt"
	"strings"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/report"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/luck"
	"github.com/ti4sim/ti4sim/units"
)

// luckInvasion is an invasion's end states (a system of one or more
// planets) and what each side's units cost.
type luckInvasion struct {
	sc    combat.Scenario
	res   combat.SystemResult
	cost  [2][units.NumKinds]float64
	start [2]float64
	obs   invadeEnd
	// left are the units given, as text, for the answer: each side's in
	// the space area, and on each planet.
	left   [2]string
	planet [][2]string
	// given[k] is planet k's index in the document's result.planets (-1:
	// not given).
	given []int
}

// invadeEnd is an invasion's end by unit counts, structures aside: each
// side's units in the space area (the attacker's ships and the ground
// forces it kept there), and on each planet each side's units and
// whether the attacker holds it.
type invadeEnd struct {
	space  [2]kinds
	planet [][2]kinds
	taken  []bool
}

// kinds are units by kind.
type kinds [units.NumKinds]int

// PlanetlessName names the one planet of an invasion whose planet's units
// are in the defender's fleet.
const PlanetlessName = "the planet"

// luckInvade solves the invasion to its end states and ranks the
// observed end for each side.
func luckInvade(ctx context.Context, lr *scenario.LuckResult, e *Env) (*report.LuckResult, []string, error) {
	b, err := newLuckInvasion(lr)
	if err != nil {
		return nil, nil, err
	}
	orig, _ := lr.Scenario.Scenario() // read by newLuckInvasion without error
	run := lr.Scenario.Run
	if !run.Exact && run.Trials == 0 && run.Precision == 0 {
		run.PreferExact = true // exact where the solver can, else simulated
	}
	run = normalRun(run, lr.Scenario.Normalize(orig).Run)
	if b.res, err = systemOddsBy(ctx, b.sc, run, lr.Scenario.ExactOnly(), e, combat.SolveSystemEnds, combat.RunSystemEnds); err != nil {
		return nil, nil, underResult(err)
	}
	if len(b.res.Ends) == 0 {
		return nil, nil, &scenario.Error{Path: "result.scenario", Msg: "no end states: this invasion cannot be ranked"}
	}
	out := &report.LuckResult{Action: scenario.ActionInvade, Exact: b.res.Exact, Ends: len(b.res.Ends), Worse: report.LuckWorseInvasion}
	if !b.res.Exact {
		out.Trials, out.Seed = b.res.Trials, b.res.Seed
	}
	for _, end := range b.res.Ends {
		if e := b.endOf(end); e.same(&b.obs) {
			out.ObservedP += end.P.P
		}
	}
	out.Matched = out.ObservedP > 0
	for k, p := range b.sc.Planets {
		out.Planets = append(out.Planets, report.LuckPlanet{Name: p.Name, AttackerLeft: b.planet[k][0], DefenderLeft: b.planet[k][1], Taken: b.obs.taken[k]})
	}
	for side, dst := range []*report.LuckSide{&out.Attacker, &out.Defender} {
		if *dst, err = b.side(side); err != nil {
			return nil, nil, err
		}
	}
	warn := b.res.Warnings
	if !out.Matched {
		warn = append(warn, "no end state has exactly these units left: check the units given (damage is not compared; structures are not compared); ranked anyway by planets and resources")
	}
	return out, warn, nil
}

// newLuckInvasion builds the invasion as a system (one planet: the
// defender's ground forces and structures on it, every ground force
// landing, as ti4sim invade plays it) and reads the units left.
func newLuckInvasion(lr *scenario.LuckResult) (*luckInvasion, error) {
	sc, err := lr.Scenario.Scenario()
	if err != nil {
		return nil, underResult(err)
	}
	for side, s := range map[string]combat.Side{"attacker": sc.Attacker, "defender": sc.Defender} {
		if !s.Retreat.Never() {
			return nil, &scenario.Error{Path: "result.scenario." + side + ".retreat", Msg: "luck ranks an invasion fought to its end: leave the retreat policy out"}
		}
	}
	if sc, err = asSystem(sc); err != nil {
		return nil, underResult(err)
	}
	b := &luckInvasion{sc: sc}
	whole := sc // every unit of the defender in its fleet: its units' costs
	for _, p := range sc.Planets {
		if whole.Defender.Fleet, err = units.NewFleet(append(whole.Defender.Fleet.Groups(), p.Units.Groups()...)...); err != nil {
			return nil, &scenario.Error{Path: "result.scenario.system.planets", Msg: err.Error()}
		}
	}
	whole.Planets, whole.Commit, whole.Bombard = nil, combat.Commit{}, ""
	att, def, err := combat.UnitStats(whole)
	if err != nil {
		return nil, underResult(err)
	}
	for side, st := range []map[units.Kind]units.Stats{att, def} {
		for k, s := range st {
			b.cost[side][k] = s.Cost
		}
	}
	b.start = [2]float64{b.fleetCost(0, counts(sc.Attacker.Fleet)), b.fleetCost(1, counts(whole.Defender.Fleet))}
	return b, b.readLeft(lr)
}

// asSystem is an invasion as a system: one without planets becomes one
// planet holding the defender's ground forces and structures, where every
// ground force lands (best:all, which with one planet commits them all).
func asSystem(sc combat.Scenario) (combat.Scenario, error) {
	if len(sc.Planets) > 0 {
		return sc, nil
	}
	var ships, there []units.Group
	for _, g := range sc.Defender.Fleet.Groups() {
		if g.Kind.Ship() {
			ships = append(ships, g)
		} else {
			there = append(there, g)
		}
	}
	var err error
	p := combat.Planet{Name: PlanetlessName, Cultural: sc.Cultural}
	if p.Units, err = units.NewFleet(there...); err != nil {
		return sc, err
	}
	if sc.Defender.Fleet, err = units.NewFleet(ships...); err != nil {
		return sc, err
	}
	sc.Planets, sc.Cultural, sc.Commit = []combat.Planet{p}, false, combat.Commit{Kind: combat.CommitBestAll}
	return sc, nil
}

// counts are a fleet's units by kind, structures aside (they are not
// ranked and the end states do not keep them).
func counts(f units.Fleet) (n kinds) {
	for _, g := range f.Groups() {
		if !g.Kind.Structure() {
			n[g.Kind] += g.Count
		}
	}
	return n
}

// unitCounts are an end's units by kind.
func unitCounts(lists ...[]combat.UnitCount) (n kinds) {
	for _, l := range lists {
		for _, u := range l {
			if !u.Kind.Structure() {
				n[u.Kind] += u.Alive
			}
		}
	}
	return n
}

// fleetCost is what units of side cost.
func (b *luckInvasion) fleetCost(side int, n kinds) float64 {
	c := 0.0
	for k, v := range n {
		c += float64(v) * b.cost[side][k]
	}
	return c
}

// endOf is an end state by unit counts.
func (b *luckInvasion) endOf(e combat.SystemEnd) invadeEnd {
	out := invadeEnd{space: [2]kinds{unitCounts(e.Ships[0], e.Kept), unitCounts(e.Ships[1])}}
	for _, p := range e.Planets {
		out.planet = append(out.planet, [2]kinds{unitCounts(p.Attacker), unitCounts(p.Defender)})
		out.taken = append(out.taken, p.Taken)
	}
	return out
}

// same reports whether two ends have the same units everywhere.
func (x *invadeEnd) same(y *invadeEnd) bool {
	if x.space != y.space {
		return false
	}
	for k := range x.planet {
		if x.planet[k] != y.planet[k] {
			return false
		}
	}
	return true
}

// key is how end stands for side (0 attacker, 1 defender): the planets it
// holds (the attacker's taken, the defender's the rest), then every unit
// each side kept, in space and on the planets.
func (b *luckInvasion) key(side int, end *invadeEnd) luck.Key {
	var kept [2]float64
	for s := range 2 {
		kept[s] = b.fleetCost(s, end.space[s])
		for k := range end.planet {
			kept[s] += b.fleetCost(s, end.planet[k][s])
		}
	}
	taken := 0
	for _, t := range end.taken {
		if t {
			taken++
		}
	}
	held := taken
	if side == 1 {
		held = len(end.taken) - taken
	}
	return luck.Key{Outcome: luck.Drew, Kept: kept[side], OpponentKept: kept[1-side], Planets: held}
}

// side ranks the observed end for one side.
func (b *luckInvasion) side(side int) (report.LuckSide, error) {
	obsKey := b.key(side, &b.obs)
	ends := make([]luckEnd, len(b.res.Ends))
	for i, e := range b.res.Ends {
		end := b.endOf(e)
		k := b.key(side, &end)
		ends[i] = luckEnd{p: e.P.P, key: k, lost: b.start[side] - k.Kept}
	}
	s, err := rankSide(ends, obsKey, b.start[side]-obsKey.Kept, b.res.Exact, b.res.Trials)
	if err != nil {
		return s, err
	}
	verb := map[int]string{0: "took", 1: "kept"}[side]
	s.Outcome = fmt.Sprintf("%s %d of %d", verb, obsKey.Planets, len(b.sc.Planets))
	s.Left = b.left[side]
	held := obsKey.Planets
	s.Planets = &held
	return s, nil
}

// readLeft reads the units left: in the space area (the defender's ships
// only: its ground forces are on their planets) and on each planet, no
// more of a kind than the side had there.
func (b *luckInvasion) readLeft(lr *scenario.LuckResult) error {
	sc := &b.sc
	kp := len(sc.Planets)
	b.obs = invadeEnd{planet: make([][2]kinds, kp), taken: make([]bool, kp)}
	b.planet = make([][2]string, kp)
	b.given = make([]int, kp)
	for k := range b.given {
		b.given[k] = -1
	}
	var err error
	var space [2]units.Fleet
	for side, path := range []string{"result.attacker_left", "result.defender_left"} {
		us := [][]scenario.Units{lr.AttackerLeft, lr.DefenderLeft}[side]
		if space[side], err = b.parse(us, path); err != nil {
			return err
		}
		b.obs.space[side], b.left[side] = counts(space[side]), space[side].String()
	}
	for _, g := range space[1].Groups() {
		if !g.Kind.Ship() {
			return &scenario.Error{Path: "result.defender_left", Msg: fmt.Sprintf("%s: the defender's ground forces and structures are left on their planet; give them in result.planets", g.Kind)}
		}
	}
	planets := make([]scenario.Planet, 0, kp)
	if len(lr.Scenario.System.Planets) > 0 {
		planets = lr.Scenario.System.Planets
	}
	for i, lp := range lr.Planets {
		k := scenario.PlanetIndex(planets, lp.Name)
		b.given[k] = i
		path := fmt.Sprintf("result.planets[%d]", i)
		for side, us := range [][]scenario.Units{lp.AttackerLeft, lp.DefenderLeft} {
			f, err := b.parse(us, path+[]string{".attacker_left", ".defender_left"}[side])
			if err != nil {
				return err
			}
			b.obs.planet[k][side], b.planet[k][side] = counts(f), f.String()
		}
		b.obs.taken[k] = b.obs.planet[k][0] != kinds{}
	}
	return b.checkLeft()
}

// parse reads units left in the scenario's grammar.
func (b *luckInvasion) parse(us []scenario.Units, path string) (units.Fleet, error) {
	if len(us) == 0 {
		return units.Fleet{}, nil
	}
	parse := units.ParseFleet
	if b.sc.Edition == combat.EditionTI3SA {
		parse = units.ParseFleetTI3
	}
	f, err := parse(scenario.FleetText(us))
	if err != nil {
		return f, &scenario.Error{Path: path, Msg: err.Error()}
	}
	return f, nil
}

// checkLeft refuses more units left than a side had: the attacker's
// everywhere together, the defender's ships and each planet's units.
func (b *luckInvasion) checkLeft() error {
	sc := &b.sc
	att := b.obs.space[0]
	for k := range sc.Planets {
		for kind, n := range b.obs.planet[k][0] {
			att[kind] += n
		}
		if kind, ok := over(b.obs.planet[k][1], counts(sc.Planets[k].Units)); ok {
			return &scenario.Error{Path: fmt.Sprintf("result.planets[%d].defender_left", b.given[k]), Msg: fmt.Sprintf("%d %s left on %s, but the defender had %d there",
				b.obs.planet[k][1][kind], kind, planetLabel(sc.Planets[k].Name), counts(sc.Planets[k].Units)[kind])}
		}
	}
	if kind, ok := over(att, counts(sc.Attacker.Fleet)); ok {
		return &scenario.Error{Path: "result.attacker_left", Msg: fmt.Sprintf("%d %s left in space and on the planets together, but the attacker had %d", att[kind], kind, counts(sc.Attacker.Fleet)[kind])}
	}
	if kind, ok := over(b.obs.space[1], counts(sc.Defender.Fleet)); ok {
		return &scenario.Error{Path: "result.defender_left", Msg: fmt.Sprintf("%d %s left, but the defender had %d", b.obs.space[1][kind], kind, counts(sc.Defender.Fleet)[kind])}
	}
	return nil
}

// over is the first kind of which left has more than had.
func over(left, had kinds) (units.Kind, bool) {
	for k := range left {
		if left[k] > had[k] {
			return units.Kind(k), true
		}
	}
	return 0, false
}

func planetLabel(name string) string {
	if name == PlanetlessName {
		return name
	}
	return strings.TrimSpace(name)
}
