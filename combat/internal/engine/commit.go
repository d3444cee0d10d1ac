package engine

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
)

// CommitKind names a way to split the attacker's ground forces between
// the planets of a system (LRR 49.2: the active player may commit any of
// its ground forces in the space area to any planets of the system).
type CommitKind uint8

const (
	// CommitSecure, the default: planet by planet in the order given (put
	// the most valuable first), the cheapest force that takes the planet
	// with at least the target chance, judged exactly from its defenders
	// after bombardment; a planet that what is left cannot take to the
	// target gets nothing. What is left then goes, one unit at a time
	// (the cheapest first), to the planet whose chance it raises most
	// (the first planet that got forces when it raises none), so every
	// ground force lands; with one planet, all on it.
	CommitSecure CommitKind = iota
	// CommitFixed is the user's split: each planet in order gets what it
	// asks for while the ground forces last; the rest stay in space.
	CommitFixed
	// CommitBestAll commits every ground force in the split that
	// maximises the chance of taking every planet, seeing every planet's
	// defenders after bombardment (ties: the expected number of planets
	// taken, then the split met first).
	CommitBestAll
	// CommitBestCount is CommitBestAll maximising the expected number of
	// planets taken (ties: the chance of taking all).
	CommitBestCount
)

// DefaultCommitTarget is CommitSecure's default target chance.
const DefaultCommitTarget = 0.9

// CommitPolicy is how the attacker's ground forces are split between the
// planets of a system. The split is decided after every planet's
// bombardment, from the ground forces in the space area and each planet's
// defenders then. CommitSecure and the best splits judge a planet's odds
// exactly as if the attacker's ships were all still present (ships act on
// the ground only through effects, such as bombardment after a ground
// combat round), so that the
// decision depends on the ground forces alone; what follows the decision
// is played (or solved) with the ships actually left.
type CommitPolicy struct {
	Kind CommitKind
	// Target is CommitSecure's target chance, in (0, 1].
	Target float64
	// Fixed is CommitFixed's split: Fixed[k][slot] ground forces of the
	// attacker's slot for planet k.
	Fixed [MaxPlanets][MaxSlots]uint16
	// Ctx bounds the exact solves behind the odds (nil: none), and
	// MaxStates their joint states (0: DefaultMaxStates).
	Ctx       context.Context
	MaxStates int

	sys  *SystemPlan
	odds []*planetOdds
	// cheapest are the attacker's ground-force slots, cheapest first.
	cheapest []uint8
	// mu guards decisions and the odds (Monte Carlo workers share them).
	mu        sync.Mutex
	decisions map[commitKey][MaxPlanets][MaxSlots]uint16
	// err is the first failure of an exact solve behind a decision, or
	// the context's end (poll: a decision may weigh many splits).
	err  error
	poll poll
}

// commitKey is a decision's input: the pool's code and each planet's
// defenders' code.
type commitKey [1 + MaxPlanets]uint32

// Err returns the first failure of the exact solves behind the policy's
// decisions (then the decisions were made without them).
func (c *CommitPolicy) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// String describes the policy.
func (c *CommitPolicy) String() string {
	switch c.Kind {
	case CommitFixed:
		return "fixed"
	case CommitBestAll:
		return "best:all"
	case CommitBestCount:
		return "best:count"
	}
	return fmt.Sprintf("secure:%g", c.Target)
}

// prepare readies the policy for sys: the planets' odds for the policies
// that need them.
func (c *CommitPolicy) prepare(sys *SystemPlan) error {
	c.sys = sys
	c.decisions = map[commitKey][MaxPlanets][MaxSlots]uint16{}
	c.cheapest = slices.Clone(sys.ground)
	slices.SortStableFunc(c.cheapest, func(a, b uint8) int {
		return cmp.Compare(sys.Space.Side[Attacker].Slots[a].CostHalves, sys.Space.Side[Attacker].Slots[b].CostHalves)
	})
	if c.Kind == CommitFixed {
		return nil
	}
	if c.Kind == CommitSecure && (c.Target <= 0 || c.Target > 1) {
		return Inputf("", "Commit", "commit target %g out of range: allowed (0, 1]", c.Target)
	}
	ctx := c.Ctx
	if ctx == nil {
		ctx = context.Background()
	}
	c.poll = poll{ctx: ctx}
	for k, p := range sys.Planets {
		o, err := newPlanetOdds(ctx, p, c.MaxStates)
		if err != nil {
			return fmt.Errorf("the commit policy %s judges each planet's odds exactly, and planet %s cannot be: %w; give the split instead", c, sys.Names[k], err)
		}
		c.odds = append(c.odds, o)
	}
	return nil
}

// decide returns the split of pool between the planets whose defenders
// after bombardment are after[k] (damaged[k] of them damaged).
func (c *CommitPolicy) decide(pool *Pool, after, damaged []*[MaxSlots]uint16) [MaxPlanets][MaxSlots]uint16 {
	var split [MaxPlanets][MaxSlots]uint16
	ground := c.sys.ground
	if c.Kind == CommitFixed {
		left := pool.Alive
		for k := range after {
			for _, g := range ground {
				n := min(c.Fixed[k][g], left[g])
				split[k][g] = n
				left[g] -= n
			}
		}
		return split
	}
	c.mu.Lock() // before the codes: a densely numbered chain numbers the states it meets
	defer c.mu.Unlock()
	var key commitKey
	key[0] = c.odds[0].g.ss[Attacker].encode(&pool.Alive, &[MaxSlots]uint16{})
	for k := range after {
		key[1+k] = c.odds[k].g.ss[Defender].encode(after[k], damaged[k])
	}
	if s, ok := c.decisions[key]; ok {
		return s
	}
	if c.err != nil {
		// Failed or cancelled: the answer is discarded (Err), so weigh no
		// split; every trial of the chunk being played asks again.
		return split
	}
	var d [MaxPlanets]uint32
	copy(d[:], key[1:])
	switch c.Kind {
	case CommitSecure:
		split = c.secure(pool.Alive, d[:len(after)])
	default:
		split = c.best(pool.Alive, d[:len(after)])
	}
	c.decisions[key] = split
	return split
}

// take is P(planet k is taken | force f lands on it, its defenders in
// state d), exact; 0 after a failure (kept in c.err), and at once once
// one has happened or the context has ended: the splits left are then
// weighed for nothing.
func (c *CommitPolicy) take(k int, f *[MaxSlots]uint16, d uint32) float64 {
	if c.err == nil {
		c.err = c.poll.stopped()
	}
	if c.err != nil {
		return 0
	}
	v, err := c.odds[k].take(f, d)
	if err != nil && c.err == nil {
		c.err = err
	}
	return v
}

// forces lists every force within pool, cheapest first (cost, then fewer
// units, then fewer of the later slots).
func (c *CommitPolicy) forces(pool [MaxSlots]uint16) [][MaxSlots]uint16 {
	ground := c.sys.ground
	out := [][MaxSlots]uint16{{}}
	for _, g := range ground {
		var next [][MaxSlots]uint16
		for _, f := range out {
			for n := uint16(0); n <= pool[g]; n++ {
				f2 := f
				f2[g] = n
				next = append(next, f2)
			}
		}
		out = next
	}
	cost := func(f *[MaxSlots]uint16) (halves int32, units int) {
		for _, g := range ground {
			halves += int32(f[g]) * c.sys.Space.Side[Attacker].Slots[g].CostHalves
			units += int(f[g])
		}
		return halves, units
	}
	// Stable: equals keep the enumeration order.
	slices.SortStableFunc(out, func(a, b [MaxSlots]uint16) int {
		ha, ua := cost(&a)
		hb, ub := cost(&b)
		return cmp.Or(cmp.Compare(ha, hb), cmp.Compare(ua, ub))
	})
	return out
}

// secure is CommitSecure's split.
func (c *CommitPolicy) secure(pool [MaxSlots]uint16, d []uint32) [MaxPlanets][MaxSlots]uint16 {
	var split [MaxPlanets][MaxSlots]uint16
	left := pool
	first := -1
	for k := range d {
		for _, f := range c.forces(left)[1:] {
			if c.take(k, &f, d[k]) >= c.Target-1e-12 {
				split[k] = f
				for _, g := range c.sys.ground {
					left[g] -= f[g]
				}
				if first < 0 {
					first = k
				}
				break
			}
		}
	}
	// What is left goes, one unit at a time (the cheapest first), where
	// it raises a planet's chance most (the first planet that got forces
	// when it raises none).
	first = max(first, 0)
	for _, g := range c.cheapest {
		for ; left[g] > 0; left[g]-- {
			target, gain := first, 1e-12
			for k := range d {
				f := split[k]
				f[g]++
				if v := c.take(k, &f, d[k]) - c.take(k, &split[k], d[k]); v > gain {
					target, gain = k, v
				}
			}
			split[target][g]++
		}
	}
	return split
}

// best is CommitBestAll's or CommitBestCount's split: every split of the
// whole pool, the best by the policy's objective.
func (c *CommitPolicy) best(pool [MaxSlots]uint16, d []uint32) [MaxPlanets][MaxSlots]uint16 {
	var bestSplit [MaxPlanets][MaxSlots]uint16
	bestKey := [2]float64{math.Inf(-1), math.Inf(-1)}
	var cur [MaxPlanets][MaxSlots]uint16
	var walk func(k int, left [MaxSlots]uint16)
	walk = func(k int, left [MaxSlots]uint16) {
		last := k == len(d)-1
		options := [][MaxSlots]uint16{left}
		if !last {
			options = c.forces(left)
		}
		for _, f := range options {
			cur[k] = f
			if !last {
				rest := left
				for _, g := range c.sys.ground {
					rest[g] -= f[g]
				}
				walk(k+1, rest)
				continue
			}
			all, count := 1.0, 0.0
			for j := range d {
				p := c.take(j, &cur[j], d[j])
				all *= p
				count += p
			}
			key := [2]float64{all, count}
			if c.Kind == CommitBestCount {
				key = [2]float64{count, all}
			}
			if key[0] > bestKey[0]+1e-12 || (key[0] > bestKey[0]-1e-12 && key[1] > bestKey[1]+1e-12) {
				bestKey, bestSplit = key, cur
			}
		}
	}
	walk(0, pool)
	return bestSplit
}

// planetOdds solves one planet's landing exactly: P(the attacker takes the
// planet | force f lands on it with its defenders in state d), with the
// attacker's ships at their start. It is the exact solver's own walk of
// the steps from the commitment on (space cannon defense, the ground
// combat, control), remembered by (f, d).
type planetOdds struct {
	ctx       context.Context
	maxStates int
	p         *Plan
	g         *chain
	ships     [MaxSlots]uint16
	damaged   [MaxSlots]uint16
	memo      map[uint64]float64
}

func newPlanetOdds(ctx context.Context, p *Plan, maxStates int) (*planetOdds, error) {
	if err := planRefusal(p); err != nil {
		return nil, err
	}
	if maxStates <= 0 {
		maxStates = DefaultMaxStates
	}
	s := &Solver{Ctx: ctx, P: p, MaxStates: maxStates, Left: NewExactLeft(p)}
	if err := s.refusal(); err != nil {
		return nil, err
	}
	g, err := s.newChain(OnGround)
	if err != nil {
		return nil, err
	}
	o := &planetOdds{ctx: ctx, p: p, g: g, maxStates: maxStates, memo: map[uint64]float64{}}
	o.ships = p.Side[Attacker].Start
	o.damaged = p.Side[Attacker].StartDamaged
	return o, nil
}

// take returns P(taken | f lands, defenders in state d).
func (o *planetOdds) take(f *[MaxSlots]uint16, d uint32) (float64, error) {
	a := o.g.ss[Attacker].encode(f, &[MaxSlots]uint16{})
	key := uint64(a)<<32 | uint64(d)
	if v, ok := o.memo[key]; ok {
		return v, nil
	}
	v, err := o.landing(a, d, &o.ships, &o.damaged, false)
	if err != nil {
		return 0, err
	}
	o.memo[key] = v.take
	return v.take, nil
}

// landingValue is what landing a force on a planet leads to: the chance
// the attacker takes it, that the ground combat wiped out both sides and
// that the ground forces landed (a text may send them back), the expected
// units left of each side's slots, and the ground rounds' mean (0: no
// ground combat).
type landingValue struct {
	take, wiped, invaded float64
	alive                [2][MaxSlots]float64
	rounds               float64
	// ends, when asked, are the landing's end states (SystemPlan.Ends).
	ends []weightedLanding
}

// landing solves the steps from the commitment on, from joint ground
// state (a, d) with the attacker's ships as given, and its end states
// when ends is true.
func (o *planetOdds) landing(a, d uint32, ships, damaged *[MaxSlots]uint16, ends bool) (landingValue, error) {
	sub := &Solver{Ctx: o.ctx, P: o.p, MaxStates: o.maxStates, Left: NewExactLeft(o.p)}
	if ends {
		sub.planetEnds = map[landingEnd]float64{}
	}
	sub.shipsDamaged = *damaged
	nd := uint32(o.g.ss[Defender].n)
	st := planetState{g: o.g, m: 1, dist: map[uint32]float64{a*nd + d: 1}, ships: ships, damaged: *damaged}
	if err := sub.walkPlanet([]step{stepCommit, stepSpaceCannonDefense, stepGroundCombat}, st); err != nil {
		return landingValue{}, err
	}
	if err := o.g.codesErr(); err != nil {
		return landingValue{}, err
	}
	v := landingValue{take: sub.outcome[AttackerWins], wiped: sub.wipedOut, invaded: sub.invaded}
	v.alive = sub.alive
	v.rounds = sub.meanRounds[OnGround]
	if ends {
		v.ends = sortedLandings(sub.planetEnds)
	}
	return v, nil
}

// planRefusal returns why plan p's texts cannot be solved exactly (the
// checks combat's Solve makes before solving), or nil.
func planRefusal(p *Plan) error {
	if names := p.Inexact(); len(names) > 0 {
		return NotExact("exact mode cannot express %s", strings.Join(names, ", "))
	}
	if w := p.Unreplayed(); w != "" {
		return NotExact("exact mode cannot express an effect that acts %s", w)
	}
	return nil
}
