package engine

import (
	"slices"
	"sort"

	"github.com/ti4sim/ti4sim/units"
)

// The end states of a system invasion (SystemPlan.Ends): how every unit of
// both sides stands when the tactical action is over — each side's ships
// in the space area, the attacker's ground forces still in space, and on
// each planet the attacker's ground forces, the defender's and who
// controls it (LRR 49.2: the invasion covers every planet the attacker
// commits ground forces to). Damage is not kept, nor structures that are
// not ground forces (they fight in no combat; they are destroyed when the
// attacker takes their planet, LRR 49.3/73.1), so states differing only by
// them are one end.

// MaxSystemEnds bounds the distinct end states an exact answer lists; an
// invasion with more is not solved exactly with its ends (NotExact).
const MaxSystemEnds = 1 << 17

// SystemEnd is one end state of a system invasion with its probability
// (its share of trials for a Monte Carlo answer).
type SystemEnd struct {
	P Probability
	// Ships[side] are the side's ships left in the space area (0 the
	// attacker, 1 the defender), in display order.
	Ships [2][]UnitCount
	// Kept are the attacker's ground forces left in the space area (not
	// committed, sent back, or no invasion took place).
	Kept []UnitCount
	// Planets are the planets in the order given.
	Planets []PlanetEnd
}

// PlanetEnd is how one planet stands at the end of a system invasion.
type PlanetEnd struct {
	// Taken: the attacker controls the planet.
	Taken bool
	// Attacker are the attacker's ground forces on it, Defender the
	// defender's (structures that are not ground forces aside).
	Attacker, Defender []UnitCount
}

// systemEnd is an end state as a map key: units alive by slot (the space
// plan's for ships and kept ground forces, each planet's plan's on it).
type systemEnd struct {
	ships  [2][MaxSlots]uint16
	kept   [MaxSlots]uint16
	planet [MaxPlanets]planetEnd
}

// planetEnd is one planet's part of a systemEnd.
type planetEnd struct {
	attacker, defender [MaxSlots]uint16
	taken              bool
}

// landingEnd is an end of one planet's landing as the exact solver finds
// it: the planet's end, and the ground forces a text sent back to space.
type landingEnd struct {
	end  planetEnd
	back [MaxSlots]uint16
}

// weightedLanding is a landing end with its probability.
type weightedLanding struct {
	e landingEnd
	w float64
}

// onPlanet reports whether slot i of plan p's defender is a unit the ends
// keep on the planet: a ground force (a structure that is one included).
func onPlanet(p *Plan, i int) bool {
	sp := &p.Side[Defender]
	return sp.Slots[i].Zone == ZonePlanet && (!sp.Slots[i].Stats.Kind.Structure() || sp.In[i]&(1<<TGround) != 0)
}

// planetDefenders keeps of alive the defender's units the ends keep on
// plan p's planet.
func planetDefenders(p *Plan, alive *[MaxSlots]uint16) (out [MaxSlots]uint16) {
	for i := range p.Side[Defender].Slots {
		if onPlanet(p, i) {
			out[i] = alive[i]
		}
	}
	return out
}

// spaceShips keeps of alive side's ships in plan p's space area.
func spaceShips(p *Plan, side Side, alive *[MaxSlots]uint16) (out [MaxSlots]uint16) {
	for i, sl := range p.Side[side].Slots {
		if sl.Stats.Kind.Ship() && sl.Zone != ZonePlanet {
			out[i] = alive[i]
		}
	}
	return out
}

// recordLanding adds mass m of ground chain g's joint end state (ga, gd)
// to the landing's ends (Solver.planetEnds): taken when the attacker
// controls the planet; back when a text sent the attacker's ground forces
// back to space (no invasion).
func (s *Solver) recordLanding(g *chain, ga, gd uint32, taken, back bool, m float64) {
	if s.planetEnds == nil || m == 0 {
		return
	}
	var e landingEnd
	var dmg [MaxSlots]uint16
	var att, def [MaxSlots]uint16
	g.ss[Attacker].decode(ga, &att, &dmg)
	g.ss[Defender].decode(gd, &def, &dmg)
	if back {
		e.back = att
	} else {
		e.end.attacker = att
	}
	e.end.defender = planetDefenders(s.P, &def)
	e.end.taken = taken
	s.planetEnds[e] += m
}

// sortedLandings lists a landing's ends, most likely first (then by key,
// for a deterministic order).
func sortedLandings(m map[landingEnd]float64) []weightedLanding {
	out := make([]weightedLanding, 0, len(m))
	for e, w := range m {
		out = append(out, weightedLanding{e, w})
	}
	// sort.Slice, not slices.SortFunc: one sort for every type keeps the
	// WebAssembly engine small.
	sort.Slice(out, func(i, j int) bool {
		x, y := &out[i], &out[j]
		if x.w != y.w {
			return x.w > y.w
		}
		return compareLanding(x.e, y.e) < 0
	})
	return out
}

func compareLanding(x, y landingEnd) int {
	if c := comparePlanetEnd(x.end, y.end); c != 0 {
		return c
	}
	return slices.Compare(x.back[:], y.back[:])
}

func comparePlanetEnd(x, y planetEnd) int {
	if c := slices.Compare(x.attacker[:], y.attacker[:]); c != 0 {
		return c
	}
	if c := slices.Compare(x.defender[:], y.defender[:]); c != 0 {
		return c
	}
	switch {
	case x.taken == y.taken:
		return 0
	case y.taken:
		return -1
	}
	return 1
}

func compareSystemEnd(x, y systemEnd) int {
	for side := range x.ships {
		if c := slices.Compare(x.ships[side][:], y.ships[side][:]); c != 0 {
			return c
		}
	}
	if c := slices.Compare(x.kept[:], y.kept[:]); c != 0 {
		return c
	}
	for k := range x.planet {
		if c := comparePlanetEnd(x.planet[k], y.planet[k]); c != 0 {
			return c
		}
	}
	return 0
}

// endOf is a Monte Carlo trial's end state.
func (st *systemTrial) endOf() systemEnd {
	sys := st.sys
	var e systemEnd
	for side := range NumSides {
		e.ships[side] = spaceShips(sys.Space, Side(side), &st.shipsLeft[side])
	}
	e.kept = st.kept
	for k, p := range sys.Planets {
		t := st.planet[k]
		pe := &e.planet[k]
		pe.taken = st.outcome[k] == AttackerWins
		pe.defender = planetDefenders(p, &t.Alive[Defender])
		for _, g := range sys.ground {
			switch {
			case st.invaded[k]:
				pe.attacker[g] = t.Alive[Attacker][g]
			case st.committed[k][g] > 0:
				e.kept[g] += t.Alive[Attacker][g] // landed and sent back, or nothing fought
			}
		}
	}
	return e
}

// endsOf lists the end states of m (mass, or trials counted one by one
// in a float64, exact to 2^53), most likely first, with their
// probabilities.
func endsOf(sys *SystemPlan, m map[systemEnd]float64, prob func(float64) Probability) []SystemEnd {
	keys := make([]systemEnd, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		x, y := &keys[i], &keys[j]
		if m[*x] != m[*y] {
			return m[*x] > m[*y]
		}
		return compareSystemEnd(*x, *y) < 0
	})
	out := make([]SystemEnd, 0, len(keys))
	for _, k := range keys {
		e := SystemEnd{P: prob(m[k])}
		for side := range NumSides {
			e.Ships[side] = unitCounts(sys.Space, Side(side), &k.ships[side])
		}
		e.Kept = unitCounts(sys.Space, Attacker, &k.kept)
		for j, p := range sys.Planets {
			pe := k.planet[j]
			e.Planets = append(e.Planets, PlanetEnd{Taken: pe.taken,
				Attacker: unitCounts(p, Attacker, &pe.attacker), Defender: unitCounts(p, Defender, &pe.defender)})
		}
		out = append(out, e)
	}
	return out
}

// unitCounts lists the units of side in plan p alive as given, in
// display order (a worn form counted with its unit).
func unitCounts(p *Plan, side Side, alive *[MaxSlots]uint16) []UnitCount {
	var n [MaxSlots]int
	for i, sl := range p.Side[side].Slots {
		if sl.Form == FormWorn {
			n[sl.Of] += int(alive[i])
		} else {
			n[i] += int(alive[i])
		}
	}
	var out []UnitCount
	for _, kind := range units.DisplayOrder() {
		for i, sl := range p.Side[side].Slots {
			if sl.Stats.Kind == kind && sl.Form != FormWorn && n[i] > 0 {
				out = append(out, UnitCount{Kind: kind, Name: sl.Stats.Name, Alive: n[i]})
			}
		}
	}
	return out
}
