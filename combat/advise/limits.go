package advise

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// MaxResources bounds Limits.Resources.
const MaxResources = 100

// MaxCount bounds Limits.Production, FleetPool and every Supply
// entry.
const MaxCount = 50

// MaxBuildable bounds the fleets one question may consider: a question
// with more buildable fleets is refused (narrow it with Limits.Kinds or
// the other limits).
const MaxBuildable = 5000

// Limits are the limits a player really has on what it can bring to a
// fight by producing units (Living Rules Reference: "Producing Units",
// "Production", "Fleet Pool", "Capacity", "Reinforcements"). The units
// already in the active system or moving in are the attacker's Fleet of the
// question's scenario; they count against the fleet pool and capacity, not
// against resources, production or supply.
type Limits struct {
	// Resources, 1..MaxResources, is what the player may spend: each
	// unit at its printed cost (the side's faction and unit upgrades),
	// fighters and infantry two for one resource (an odd one costs a
	// whole resource).
	Resources int
	// Production, 0..MaxCount, is the most units the player can
	// produce: each fighter and each infantry counts as one unit (LRR
	// "Producing Units"). 0 without Dock: the default, a space dock on
	// a planet of DefaultDockResources resources (WithDefaults).
	Production int
	// Dock derives the production from a space dock on a planet with
	// DockResources resources (0..MaxResources): the faction's space
	// dock's PRODUCTION value (2, or 4 with Space Dock II) plus the
	// planet's resources, or its fixed value for a dock that has one (a
	// Saar Floating Factory: 5, 7). Not with Production.
	Dock          bool
	DockResources int
	// FleetPool, 0..MaxCount, is the command tokens in the player's
	// fleet pool: the non-fighter ships in the system may not outnumber
	// them (LRR "Fleet Pool"); with Fighter II, fighters beyond capacity
	// count against it too (Naalu Hybrid Crystal Fighter II: half of
	// them, rounded up). 0: the default, DefaultFleetPool
	// (WithDefaults); MaxCount lifts it in practice.
	FleetPool int
	// Supply, when not nil, is how many units of each kind the player has
	// left in its reinforcements, 0..MaxCount. A kind it does not
	// name: the plastic pieces of one colour (war sun 2, flagship 1,
	// dreadnought 5, carrier 4, cruiser 8, destroyer 8, mech 4) less
	// those of the kind already in the system; fighters and infantry have
	// no limit (their tokens stand in for missing pieces).
	Supply map[units.Kind]int
	// Kinds are the kinds of unit the player considers building; empty:
	// every ship it can produce and, for an invasion, its ground forces
	// (no ground force takes part in a space combat). A flagship only
	// for a faction that has one and not already in the system; a war
	// sun only with WarSun (or for the Muaat, whose Prototype War Sun
	// needs no technology).
	Kinds []units.Kind
	// WarSun is true when the player owns the War Sun unit upgrade
	// technology, which a war sun needs to be produced.
	WarSun bool
}

// The rules' limits a question that gives none is held to (WithDefaults):
// without them the advisor would recommend fleets no player can build in
// one tactical action (13 units from one dock, 9 ships for a fleet pool
// of 3).
const (
	// DefaultDockResources is the resources of the planet whose space
	// dock produces, when neither a production nor a dock is given: a
	// home system's dock (LRR "Production": a space dock's PRODUCTION is
	// 2 more than its planet's resources, 4 with Space Dock II). The
	// richest home planets of the base game's factions hold 2 to 5
	// resources (Jord 4, Arc Prime 4, Quinarra 3, Nar 2, [0.0.0] 5), most
	// often 3 or 4; 3 is the cautious middle: a production of 5 with
	// Space Dock I.
	DefaultDockResources = 3
	// DefaultFleetPool is a player's starting fleet pool when none is
	// given: the game starts with 3 command tokens there (LRR "Command
	// Tokens", setup: 3 in the tactic pool, 3 in the fleet pool, 2 in the
	// strategy pool).
	DefaultFleetPool = 3
)

// WithDefaults returns the limits with the rules' defaults for those not
// given — the production (no Production, no Dock: a space dock on a
// planet of DefaultDockResources resources) and the fleet pool (0:
// DefaultFleetPool) — and the names of the limits it set ("production",
// "fleet pool").
func (lim Limits) WithDefaults() (Limits, []string) {
	var set []string
	if lim.Production == 0 && !lim.Dock {
		lim.Dock, lim.DockResources = true, DefaultDockResources
		set = append(set, "production")
	}
	if lim.FleetPool == 0 {
		lim.FleetPool = DefaultFleetPool
		set = append(set, "fleet pool")
	}
	return lim, set
}

// plasticSupply is the number of plastic pieces of each kind in one
// player's colour (base game and Prophecy of Kings); 0: no limit (tokens).
var plasticSupply = [units.NumKinds]int{
	units.WarSun: 2, units.Flagship: 1, units.Dreadnought: 5, units.Carrier: 4,
	units.Cruiser: 8, units.Destroyer: 8, units.Mech: 4,
}

// buildKind is one kind of unit the player may build, as its side plays it.
type buildKind struct {
	kind       units.Kind
	costHalves int  // one unit's cost in half resources
	paired     bool // two for one resource
	capacity   int  // fighters and ground forces it carries
	max        int  // the most that may be built
}

// buildSpace is every fleet a question may build, before the capacity
// and fleet pool checks that need the whole fleet.
type buildSpace struct {
	kinds      []buildKind
	existing   units.Fleet
	lim        Limits
	production int // 0: no limit
	// the units already in the system
	haveShips, haveCapacity, haveFighters, haveGround int
	fighterII, halfExcess                             bool
	// invasion: a fleet needs a ground force to commit (LRR "Invasion":
	// without one the attacker cannot gain control of the planet).
	invasion bool
}

// unitStats returns the stats the side's units of each kind have in the
// engine: the faction's units with its upgrades applied, read from the
// compiled plan of a probe scenario holding one unit of every kind asked.
func unitStats(sc *combat.Scenario, kinds []units.Kind) (map[units.Kind]units.Stats, error) {
	probe := *sc
	gs := sc.Attacker.Fleet.Groups()
	ground := false
	for _, g := range gs {
		ground = ground || g.Kind.GroundForce()
	}
	for _, k := range kinds {
		if sc.Attacker.Fleet.Count(k) == 0 {
			gs = append(gs, units.Group{Kind: k, Count: 1, Upgraded: sc.Attacker.Fleet.Upgraded(k)})
			ground = ground || k.GroundForce()
		}
	}
	if sc.Action == combat.Invasion && !ground {
		// An invasion compiles only with a ground force to commit.
		gs = append(gs, units.Group{Kind: units.Infantry, Count: 1})
	}
	f, err := units.NewFleet(gs...)
	if err != nil {
		return nil, err
	}
	probe.Attacker.Fleet = f
	out, _, err := combat.UnitStats(probe)
	if err != nil {
		return nil, err
	}
	for _, k := range kinds {
		if _, ok := out[k]; !ok {
			return nil, fmt.Errorf("limits.kinds: the attacker cannot field a %s here", k)
		}
	}
	return out, nil
}

// ownWarSun reports whether the attacker's faction has a war sun of its
// own (the Muaat's Prototype War Sun), which it produces without the War
// Sun technology.
func ownWarSun(sc *combat.Scenario) bool {
	if sc.Attacker.Faction == nil {
		return false
	}
	s, err := sc.Attacker.Faction.Unit(units.WarSun, false)
	g, _ := units.Generic(units.WarSun, false)
	return err == nil && s.Name != g.Name
}

// dockStats returns the attacker's space dock as its faction and
// technologies make it, read from a probe invasion where the attacker's
// faction and technologies defend a planet with a space dock.
func dockStats(sc *combat.Scenario) (units.Stats, error) {
	probe := combat.Scenario{Action: combat.Invasion,
		Attacker: combat.Side{Fleet: mustProbeFleet(units.Group{Kind: units.Dreadnought, Count: 1}, units.Group{Kind: units.Infantry, Count: 1})},
		Defender: combat.Side{Fleet: mustProbeFleet(units.Group{Kind: units.SpaceDock, Count: 1}, units.Group{Kind: units.Infantry, Count: 1}),
			Faction: sc.Attacker.Faction, Techs: sc.Attacker.Techs}}
	_, def, err := combat.UnitStats(probe)
	if err != nil {
		return units.Stats{}, fmt.Errorf("limits.dock: %w", err)
	}
	if s, ok := def[units.SpaceDock]; ok {
		return s, nil
	}
	return units.Stats{}, errors.New("limits.dock: the attacker's faction has no space dock")
}

// mustProbeFleet builds a fleet of a few units, valid by construction.
func mustProbeFleet(gs ...units.Group) units.Fleet {
	f, err := units.NewFleet(gs...)
	if err != nil {
		panic(err) // counts of 1 of distinct kinds are always valid
	}
	return f
}

// defaultKinds are the kinds considered when Limits.Kinds is empty.
func defaultKinds(sc *combat.Scenario, lim Limits) []units.Kind {
	ks := []units.Kind{units.Dreadnought, units.Carrier, units.Cruiser, units.Destroyer, units.Fighter}
	if f := sc.Attacker.Faction; f != nil && sc.Attacker.Fleet.Count(units.Flagship) == 0 {
		if _, err := f.Unit(units.Flagship, false); err == nil {
			ks = append([]units.Kind{units.Flagship}, ks...)
		}
	}
	if lim.WarSun || ownWarSun(sc) {
		ks = append([]units.Kind{units.WarSun}, ks...)
	}
	if sc.Action == combat.Invasion {
		ks = append(ks, units.Mech, units.Infantry)
	}
	return ks
}

// check reports the first limit out of range, naming it.
func (lim *Limits) check() error {
	switch {
	case lim.Resources < 1 || lim.Resources > MaxResources:
		return fmt.Errorf("limits.resources: %d out of range 1..%d", lim.Resources, MaxResources)
	case lim.Production < 0 || lim.Production > MaxCount:
		return fmt.Errorf("limits.production: %d out of range 0 (the default: a space dock)..%d", lim.Production, MaxCount)
	case lim.Dock && lim.Production != 0:
		return errors.New("limits.production: give a production or a space dock, not both")
	case lim.DockResources < 0 || lim.DockResources > MaxResources:
		return fmt.Errorf("limits.dock_resources: %d out of range 0..%d", lim.DockResources, MaxResources)
	case !lim.Dock && lim.DockResources != 0:
		return errors.New("limits.dock_resources: a planet's resources need a space dock (Dock)")
	case lim.FleetPool < 0 || lim.FleetPool > MaxCount:
		return fmt.Errorf("limits.fleet_pool: %d out of range 0 (the default, %d)..%d", lim.FleetPool, DefaultFleetPool, MaxCount)
	}
	for k, n := range lim.Supply {
		if k >= units.NumKinds {
			return fmt.Errorf("limits.supply: unknown unit kind %d", k)
		}
		if n < 0 || n > MaxCount {
			return fmt.Errorf("limits.supply.%s: %d out of range 0..%d", k.Key(), n, MaxCount)
		}
	}
	for i, k := range lim.Kinds {
		if k >= units.NumKinds {
			return fmt.Errorf("limits.kinds: unknown unit kind %d", k)
		}
		if slices.Contains(lim.Kinds[:i], k) {
			return fmt.Errorf("limits.kinds: %s given twice", k)
		}
	}
	return nil
}

// newBuildSpace checks the question's limits against its scenario and
// prepares the enumeration of its fleets.
func newBuildSpace(sc *combat.Scenario, lim Limits) (*buildSpace, error) {
	if err := lim.check(); err != nil {
		return nil, err
	}
	kinds := lim.Kinds
	if len(kinds) == 0 {
		kinds = defaultKinds(sc, lim)
	}
	if err := checkKinds(sc, lim, kinds); err != nil {
		return nil, err
	}
	// One probe gives the stats of the kinds to build, of those already
	// there (their capacity) and of fighters (Fighter II or not).
	probed := append(slices.Clone(kinds), units.Fighter)
	for _, g := range sc.Attacker.Fleet.Groups() {
		probed = append(probed, g.Kind)
	}
	slices.Sort(probed)
	stats, err := unitStats(sc, slices.Compact(probed))
	if err != nil {
		return nil, err
	}
	bs := &buildSpace{existing: sc.Attacker.Fleet, lim: lim, production: lim.Production, invasion: sc.Action == combat.Invasion}
	if lim.Dock {
		d, err := dockStats(sc)
		if err != nil {
			return nil, err
		}
		bs.production = d.Production
		if d.ProductionPlusResources {
			bs.production += lim.DockResources
		}
	}
	for _, k := range kinds {
		bk, err := bs.newKind(sc, k, stats[k])
		if err != nil {
			return nil, err
		}
		bs.kinds = append(bs.kinds, bk)
	}
	bs.countExisting(stats)
	bs.fighterII = stats[units.Fighter].Move > 0
	bs.halfExcess = sc.Attacker.Faction != nil && sc.Attacker.Faction.Slug == "naalu"
	return bs, nil
}

// checkKinds reports the first of the kinds to build that the question
// may not build, naming it.
func checkKinds(sc *combat.Scenario, lim Limits, kinds []units.Kind) error {
	for _, k := range kinds {
		switch {
		case k.Structure() || k == units.ShockTroop:
			return fmt.Errorf("limits.kinds: %s is not built into a fleet that fights; allowed: ships and ground forces", k)
		case k.GroundForce() && sc.Action != combat.Invasion:
			return fmt.Errorf("limits.kinds: %s takes no part in a space combat; ground forces only for an invasion", k)
		case k == units.WarSun && !lim.WarSun && !ownWarSun(sc):
			return fmt.Errorf("limits.kinds: a war sun needs the War Sun technology (Limits.WarSun)")
		}
	}
	return nil
}

// newKind returns kind k, of stats s, as the question may build it: its
// cost, and the most units of it that resources, supply, production and
// the fleet pool each allow alone.
func (bs *buildSpace) newKind(sc *combat.Scenario, k units.Kind, s units.Stats) (buildKind, error) {
	lim := &bs.lim
	bk := buildKind{kind: k, capacity: s.Capacity}
	bk.paired = s.Cost == 0.5
	bk.costHalves = int(s.Cost * 2)
	if bk.paired {
		bk.costHalves = 1
	}
	if bk.costHalves < 1 {
		return bk, fmt.Errorf("limits.kinds: %s has no cost to produce it", s.Name)
	}
	supply := plasticSupply[k] - sc.Attacker.Fleet.Count(k)
	if plasticSupply[k] == 0 {
		supply = MaxCount
	}
	if n, ok := lim.Supply[k]; ok {
		supply = n
	}
	bk.max = max(0, min(supply, 2*lim.Resources/bk.costHalves))
	if bs.production > 0 {
		bk.max = min(bk.max, bs.production)
	}
	if lim.FleetPool > 0 && k.Ship() && k != units.Fighter {
		bk.max = min(bk.max, lim.FleetPool)
	}
	return bk, nil
}

// countExisting counts the units already in the system by what limits
// them: non-fighter ships (the fleet pool), their capacity, fighters and
// ground forces; stats are the units' as the side plays them.
func (bs *buildSpace) countExisting(stats map[units.Kind]units.Stats) {
	for _, g := range bs.existing.Groups() {
		switch {
		case g.Kind == units.Fighter:
			bs.haveFighters += g.Count
		case g.Kind.GroundForce():
			bs.haveGround += g.Count
		case g.Kind.Ship():
			bs.haveShips += g.Count
		}
		if g.Kind.Ship() {
			bs.haveCapacity += g.Count * stats[g.Kind].Capacity
		}
	}
}

// buildable is one fleet the player can build: counts by buildKind index
// and its cost in half resources.
type buildable struct {
	counts     []int
	costHalves int
}

// cost is the resources n units of kind k cost, in halves.
func (k *buildKind) cost(n int) int {
	if k.paired {
		return 2 * ((n + 1) / 2)
	}
	return n * k.costHalves
}

// enumerate lists every fleet within the limits, in the order of the
// nested counts (the first kind's count outermost). It stops with an
// error past MaxBuildable fleets.
func (bs *buildSpace) enumerate() ([]buildable, error) {
	var out []buildable
	counts := make([]int, len(bs.kinds))
	budget := 2 * bs.lim.Resources
	var walk func(i, spent, produced, ships int) error
	walk = func(i, spent, produced, ships int) error {
		if i == len(bs.kinds) {
			if produced == 0 && bs.existing.Empty() {
				return nil // nobody to fight
			}
			if !bs.fits(counts) {
				return nil
			}
			if len(out) == MaxBuildable {
				return fmt.Errorf("more than %d fleets are buildable within these limits: narrow the kinds to build or the limits", MaxBuildable)
			}
			out = append(out, buildable{counts: slices.Clone(counts), costHalves: spent})
			return nil
		}
		k := &bs.kinds[i]
		for n := 0; n <= k.max; n++ {
			c := spent + k.cost(n)
			if c > budget || (bs.production > 0 && produced+n > bs.production) {
				break
			}
			s := ships
			if k.kind.Ship() && k.kind != units.Fighter {
				s += n
			}
			if bs.lim.FleetPool > 0 && bs.haveShips+s > bs.lim.FleetPool {
				break
			}
			counts[i] = n
			if err := walk(i+1, c, produced+n, s); err != nil {
				return err
			}
		}
		counts[i] = 0
		return nil
	}
	if err := walk(0, 0, 0, 0); err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, bs.noneReason()
	}
	return out, nil
}

// fits checks the whole fleet's capacity and fleet pool (LRR "Capacity":
// fighters and ground forces in the space area need capacity; Fighter II:
// fighters beyond it count against the fleet pool instead), and that an
// invasion has a ground force to commit.
func (bs *buildSpace) fits(counts []int) bool {
	ships, capacity, fighters, ground := bs.haveShips, bs.haveCapacity, bs.haveFighters, bs.haveGround
	for i, k := range bs.kinds {
		n := counts[i]
		switch {
		case k.kind == units.Fighter:
			fighters += n
		case k.kind.GroundForce():
			ground += n
		default:
			ships += n
		}
		if k.kind.Ship() {
			capacity += n * k.capacity
		}
	}
	if ground > capacity || bs.invasion && ground == 0 {
		return false
	}
	excess := fighters + ground - capacity
	if excess <= 0 {
		return bs.lim.FleetPool == 0 || ships <= bs.lim.FleetPool
	}
	if !bs.fighterII {
		return false
	}
	if bs.halfExcess {
		excess = (excess + 1) / 2
	}
	return bs.lim.FleetPool == 0 || ships+excess <= bs.lim.FleetPool
}

// noneReason says why no fleet is buildable.
func (bs *buildSpace) noneReason() error {
	var why []string
	if bs.lim.FleetPool > 0 && bs.haveShips > bs.lim.FleetPool {
		why = append(why, fmt.Sprintf("the %d non-fighter ships already in the system exceed the fleet pool of %d", bs.haveShips, bs.lim.FleetPool))
	}
	if bs.invasion && bs.haveGround == 0 && !slices.ContainsFunc(bs.kinds, func(k buildKind) bool { return k.kind.GroundForce() && k.max > 0 }) {
		why = append(why, "an invasion needs a ground force, and none is there or may be built")
	}
	if bs.haveGround > bs.haveCapacity && len(why) == 0 {
		why = append(why, "the ground forces already in the system need more capacity than any buildable fleet gives")
	}
	if len(why) == 0 {
		why = append(why, "nothing the limits allow can carry the fighters and ground forces, or nothing is left to build")
	}
	return errors.New("no fleet can be built within these limits: " + strings.Join(why, "; "))
}

// fleet returns the units built and the whole fleet in the fight.
func (bs *buildSpace) fleet(b buildable) (built, all units.Fleet, err error) {
	var gs []units.Group
	for i, n := range b.counts {
		if n > 0 {
			k := bs.kinds[i]
			gs = append(gs, units.Group{Kind: k.kind, Count: n, Upgraded: bs.existing.Upgraded(k.kind)})
		}
	}
	if built, err = units.NewFleet(gs...); err != nil {
		return built, all, err
	}
	all, err = units.NewFleet(append(bs.existing.Groups(), gs...)...)
	return built, all, err
}
