package engine

import (
	"fmt"
	"math/rand/v2"
)

// MaxPlanets is the most planets a system invasion may hold (a Twilight
// Imperium system has at most three).
const MaxPlanets = 3

// SystemPlan is a tactical action against a system with one or more
// planets (LRR 49: the invasion covers every planet the active player
// chooses in the active system). Its space area is played once, with
// every planet's units present (their Space Cannon fire in space cannon
// offense, LRR 77); then, on each planet, in the rules' order:
// bombardment of every planet (each planet's Planetary Shield guards that
// planet only; a war sun ends every shield, LRR 65), the commitment of
// the attacker's ground forces split between the planets by the commit
// policy (it sees every planet's defenders after bombardment), space
// cannon defense on each planet at the ground forces committed to it, and
// each planet's ground combat and control, in the planets' order.
//
// With one planet, Space and Planets[0] are the same plan and a trial is
// today's one-planet invasion draw for draw.
type SystemPlan struct {
	// Space plays the space area: the defender's ships and every
	// planet's units (one planet: that planet's plan).
	Space *Plan
	// Planets[k] is the attacker's whole force against planet k's units;
	// its attacker slots are Space's, slot for slot.
	Planets []*Plan
	// Names are the planets' names, for the result.
	Names []string
	// Commit splits the attacker's ground forces between the planets.
	Commit *CommitPolicy
	// BombardAt is the planet every unit with Bombardment bombards, or -1
	// for the first planet that can be bombarded (bombardFocus).
	BombardAt int
	// Ends asks Run and Solve for the end states (SystemResult.Ends).
	Ends bool
	// ground lists the attacker's ground-force slots (the same in every
	// plan): the units the commit policy splits.
	ground []uint8
}

// NewSystemPlan checks that the plans share the attacker's slots and
// returns the system (one planet: space must be planets[0]).
func NewSystemPlan(space *Plan, planets []*Plan, names []string, commit *CommitPolicy, bombardAt int) (*SystemPlan, error) {
	if len(planets) == 0 || len(planets) > MaxPlanets {
		return nil, fmt.Errorf("a system holds 1 to %d planets, not %d", MaxPlanets, len(planets))
	}
	if len(planets) == 1 && space != planets[0] {
		return nil, fmt.Errorf("a one-planet system plays its planet's plan")
	}
	sp := &space.Side[Attacker]
	for k, p := range planets {
		if p.action != Invasion {
			return nil, fmt.Errorf("planet %s: not an invasion", names[k])
		}
		pk := &p.Side[Attacker]
		if len(pk.Slots) != len(sp.Slots) {
			return nil, fmt.Errorf("planet %s: the attacker's units are laid out differently (%d slots, not %d)", names[k], len(pk.Slots), len(sp.Slots))
		}
		for i := range sp.Slots {
			if pk.Slots[i].Stats.Kind != sp.Slots[i].Stats.Kind || pk.Slots[i].Zone != sp.Slots[i].Zone || pk.Start[i] != sp.Start[i] {
				return nil, fmt.Errorf("planet %s: the attacker's unit %d differs between planets", names[k], i)
			}
		}
	}
	if bombardAt < -1 || bombardAt >= len(planets) {
		return nil, fmt.Errorf("bombardment: planet %d of %d", bombardAt, len(planets))
	}
	s := &SystemPlan{Space: space, Planets: planets, Names: names, Commit: commit, BombardAt: bombardAt}
	for i := range sp.Slots {
		if sp.In[i]&(1<<TGround) != 0 && sp.Slots[i].Zone == ZoneSpace {
			s.ground = append(s.ground, uint8(i))
		}
	}
	if commit == nil {
		return nil, fmt.Errorf("no commit policy")
	}
	if err := commit.prepare(s); err != nil {
		return nil, err
	}
	return s, nil
}

// Pool is the attacker's ground forces in the space area, by slot, and
// how many of them are damaged.
type Pool struct {
	Alive, Damaged [MaxSlots]uint16
}

// systemTrial is one trial of a system: the space area's trial and one
// per planet (the first is the space trial when there is one planet).
type systemTrial struct {
	sys    *SystemPlan
	space  *Trial
	planet [MaxPlanets]*Trial
	// outcome[k] is planet k's outcome (AttackerWins: the attacker
	// controls it) and committed[k] what landed there.
	outcome   [MaxPlanets]outcome
	invaded   [MaxPlanets]bool
	wiped     [MaxPlanets]bool
	committed [MaxPlanets][MaxSlots]uint16
	// pool is the attacker's ground forces in space after the space
	// combat's capacity check; kept is what stayed in space.
	pool Pool
	kept [MaxSlots]uint16
	// spaceEnd is the space area's trial state after the space steps
	// (ships left), before the planets.
	shipsLeft [2][MaxSlots]uint16
	// lost is each side's destroyed units' cost over the whole action, in
	// half resources.
	lost [2]int32
}

func newSystemTrial(sys *SystemPlan) *systemTrial {
	st := &systemTrial{sys: sys, space: &Trial{P: sys.Space}}
	for k, p := range sys.Planets {
		if len(sys.Planets) == 1 {
			st.planet[k] = st.space
			continue
		}
		st.planet[k] = &Trial{P: p}
	}
	return st
}

// play runs one trial of the system with random numbers from rng.
func (st *systemTrial) play(rng *rand.PCG) {
	sys := st.sys
	t0 := st.space
	t0.Rng = rng
	t0.Reset()
	k0 := len(sys.Planets)
	st.resetPlanets(k0)
	ok := st.playSpaceArea(t0)
	st.shipsLeft = [2][MaxSlots]uint16{t0.Alive[Attacker], t0.Alive[Defender]}
	if k0 == 1 {
		st.playOne(ok)
		return
	}
	// The invasion's gate: no ship left to carry the ground forces, no
	// invasion (its start-of-invasion effects run on the bombarded planet).
	if ok && t0.P.Side[Attacker].hadShips && !t0.Has(Attacker, TShips) {
		t0.removeAll(Attacker, TGround)
		ok = false
	}
	st.takePool(t0)
	st.lost = t0.lost
	if !ok {
		o := t0.result()
		for k := range k0 {
			st.outcome[k] = o
			st.planet[k].Reset() // nothing happened on the planets
		}
		st.kept = st.pool.Alive
		return
	}
	st.bombardPlanets(t0, rng)
	st.invadePlanets()
	// What each planet cost (its bombardment too, where nothing landed).
	for k := range k0 {
		st.lost[Attacker] += st.planet[k].lost[Attacker]
		st.lost[Defender] += st.planet[k].lost[Defender]
	}
}

// resetPlanets clears the k0 planets' results of the last trial.
func (st *systemTrial) resetPlanets(k0 int) {
	for k := range k0 {
		st.outcome[k], st.invaded[k], st.wiped[k] = DefenderWins, false, false
		st.committed[k] = [MaxSlots]uint16{}
	}
	st.kept = [MaxSlots]uint16{}
}

// playSpaceArea plays on t0 the steps an effect put before the action's
// (BeforeSteps), then the space area's, and reports whether the action
// goes on.
func (st *systemTrial) playSpaceArea(t0 *Trial) bool {
	steps := actionSteps[Invasion]
	ok := true
	extra := t0.P.Steps[:len(t0.P.Steps)-len(steps)]
	for _, f := range extra {
		if ok = f(t0); !ok {
			break
		}
	}
	for _, s := range steps {
		if !ok || !s.inSpaceArea() {
			break
		}
		ok = sample[s](t0)
	}
	return ok
}

// bombardPlanets starts each planet's own trial from the space area's t0,
// with random numbers from rng; the bombardment falls on one planet
// (bombardFocus), with the effects at the start of the invasion, which all
// act through bombardment.
func (st *systemTrial) bombardPlanets(t0 *Trial, rng *rand.PCG) {
	sys := st.sys
	for k := range len(sys.Planets) {
		t := st.planet[k]
		t.Rng = rng
		t.enterPlanet(t0)
	}
	if k := sys.bombardFocus(&t0.Alive[Attacker]); k >= 0 {
		t := st.planet[k]
		for _, h := range t.P.Hooks.startOfInvasion {
			h(t)
		}
		t.bombardment()
	}
}

// invadePlanets commits the attacker's ground forces in space, seeing
// every planet after bombardment (the commit policy), and plays each
// planet's invasion with what landed there.
func (st *systemTrial) invadePlanets() {
	sys := st.sys
	k0 := len(sys.Planets)
	var after [MaxPlanets]*[MaxSlots]uint16
	var afterDamaged [MaxPlanets]*[MaxSlots]uint16
	for k := range k0 {
		after[k], afterDamaged[k] = &st.planet[k].Alive[Defender], &st.planet[k].Damaged[Defender]
	}
	split := sys.Commit.decide(&st.pool, after[:k0], afterDamaged[:k0])
	st.kept = st.pool.Alive
	for k := range k0 {
		t := st.planet[k]
		damagedLeft := st.pool.Damaged
		for _, g := range sys.ground {
			n := split[k][g]
			t.Alive[Attacker][g] = n
			d := min(n, damagedLeft[g])
			t.Damaged[Attacker][g] = d
			damagedLeft[g] -= d
			st.kept[g] -= n
		}
		st.pool.Damaged = damagedLeft
		t.recount(Attacker)
		st.committed[k] = split[k]
		if !t.Has(Attacker, TGround) {
			st.outcome[k] = DefenderWins // nothing landed: the defender keeps it
			continue
		}
		if t.commitGroundForces() {
			t.spaceCannonDefense()
			t.groundCombat()
		}
		st.invaded[k] = t.Invaded
		st.outcome[k] = t.result()
		st.wiped[k] = t.wipedOut()
		for _, h := range t.P.Hooks.afterResult {
			h(t)
		}
	}
}

// playOne is a one-planet system: the planet's steps on the space trial
// itself, as a one-planet invasion plays them, with the commit policy
// choosing what lands.
func (st *systemTrial) playOne(ok bool) {
	t := st.space
	sys := st.sys
	steps := actionSteps[Invasion]
	i := 0
	for i < len(steps) && steps[i].inSpaceArea() {
		i++
	}
	if ok {
		ok = sample[stepInvasionGate](t)
		i++
	}
	st.takePool(t)
	st.kept = st.pool.Alive
	if ok {
		ok = sample[stepBombardment](t)
		i++
	}
	if ok {
		split := sys.Commit.decide(&st.pool, []*[MaxSlots]uint16{&t.Alive[Defender]}, []*[MaxSlots]uint16{&t.Damaged[Defender]})
		all := true
		for _, g := range sys.ground {
			n := split[0][g]
			all = all && n == t.Alive[Attacker][g]
			st.kept[g] -= n
		}
		st.committed[0] = split[0]
		if !all {
			// Part of the ground forces land; the rest stay in space.
			for _, g := range sys.ground {
				n := split[0][g]
				t.Alive[Attacker][g], t.Damaged[Attacker][g] = n, min(n, t.Damaged[Attacker][g])
			}
			t.recount(Attacker)
			if !t.Has(Attacker, TGround) {
				ok = false // nothing landed: no invasion, the defender keeps the planet
			}
		}
	}
	for ; ok && i < len(steps); i++ {
		ok = sample[steps[i]](t)
	}
	st.invaded[0] = t.Invaded
	st.outcome[0] = t.result()
	st.wiped[0] = t.wipedOut()
	for _, h := range t.P.Hooks.afterResult {
		h(t)
	}
	st.lost = t.lost
}

// takePool records the attacker's ground forces in t's space area, after
// the capacity check: what the commit policy splits.
func (st *systemTrial) takePool(t *Trial) {
	for _, g := range st.sys.ground {
		st.pool.Alive[g], st.pool.Damaged[g] = t.Alive[Attacker][g], t.Damaged[Attacker][g]
	}
}

// enterPlanet starts planet trial t from the space trial t0 after the
// invasion's gate: the attacker's units as they are in space, the
// planet's defenders at their start, the space combat's rounds. Nothing
// else carries over: the texts that spend something the planets would
// share (cards' copies, exhausted cards, trade goods and influence) are
// refused for several planets (NewSystemPlan's caller), so each planet's
// per-combat counters start afresh, as each combat's do.
func (t *Trial) enterPlanet(t0 *Trial) {
	t.Reset()
	t.Alive[Attacker], t.Damaged[Attacker] = t0.Alive[Attacker], t0.Damaged[Attacker]
	t.rounds[InSpace] = t0.rounds[InSpace]
	t.Fought[InSpace] = t0.Fought[InSpace]
	t.space = t0.space
	t.Retreated = t0.Retreated
	t.recount(Attacker)
	t.recount(Defender)
}

// bombardFocus returns the planet the attacker's bombardment falls on
// (-1: none), with the attacker's units alive as ships. Each unit with Bombardment
// chooses one planet (LRR 15.1); ti4sim's policy puts them all on one:
// the planet named by BombardAt, or else the first planet in the order
// given that can be bombarded — its defender has ground forces there,
// the attacker has units that may bombard it (an effect may take its
// bombardment rolls away, as for a cultural planet) and no Planetary
// Shield stops them (LRR 65; a war sun
// in the system ends every shield). Bombarding one planet also keeps
// "one unit may roll an extra die" texts to one die for the whole step.
func (sys *SystemPlan) bombardFocus(ships *[MaxSlots]uint16) int {
	if sys.BombardAt >= 0 {
		return sys.BombardAt
	}
	for k, p := range sys.Planets {
		// Nothing touches the planets before the bombardment: their
		// defenders are at their start.
		d := &p.Side[Defender]
		if p.bombardable(ships, &d.Start, d.Count[TGround] > 0) {
			return k
		}
	}
	return -1
}

// bombardable reports whether plan p's planet, with the defender's units
// alive and ground forces on it or not (ground), can be bombarded by the
// attacker's units alive.
func (p *Plan) bombardable(alive, defender *[MaxSlots]uint16, ground bool) bool {
	if !ground {
		return false
	}
	sp := &p.Side[Attacker]
	rollers := sp.Rollers[RollBombard]
	if p.shieldedAgainst(alive, defender) {
		rollers = sp.ThroughShield
	}
	for _, ro := range rollers {
		if alive[ro.Slot] > 0 {
			return true
		}
	}
	return false
}
