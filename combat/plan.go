package combat

import (
	"fmt"
	"slices"

	"github.com/ti4sim/ti4sim/units"
)

// sideID says which side of the action a hook, a slot list or a count
// belongs to: the attacker (the active player) or the defender. It indexes
// every per-side array of the plan and the trial.
type sideID uint8

const (
	attacker sideID = 0
	defender sideID = 1
	numSides sideID = 2
	// noSide stands for neither side (no retreat announced, none
	// retreated).
	noSide sideID = 255
)

// opp returns the other side.
func (s sideID) opp() sideID { return 1 - s }

// String returns "attacker" or "defender".
func (s sideID) String() string { return [numSides]string{"attacker", "defender"}[s] }

// maxSlots bounds the number of unit types one side can have in a plan: one
// per kind, plus room for units outside the system (adjacent PDS) and the
// faction units of later rules.
const maxSlots = 16

// RoundCap is the most combat rounds one combat is played for. A combat
// that cannot end (no unit can score a hit any more, and nothing else ends
// it) is stopped there: it is unresolved, reported as unfinished, and its
// rounds count as RoundCap. It is also the largest Scenario.MaxRounds and
// retreat round.
const RoundCap = 1000

// maxRounds is RoundCap inside the package.
const maxRounds = RoundCap

// zone is where a slot's units are.
type zone uint8

const (
	zoneSpace    zone = iota // the space area of the active system
	zonePlanet               // on the contested planet
	zoneAdjacent             // in an adjacent system (adjacent PDS)
	zoneSystem               // on another planet of the active system (the attacker's PDS)
)

// slot is one type of unit of one side.
type slot struct {
	stats units.Stats
	zone  zone
	// sustain is true when the unit may use Sustain Damage.
	sustain bool
	// costHalves is the unit's cost in half resources.
	costHalves int32
	// report is true when the slot's survivors are reported.
	report bool
	// form is formUnit, or the other form a twin slot's units take for a
	// combat (twins.go); of is then the slot whose units they are.
	form form
	of   uint8
	// noAbilityHits is true for units that hits of unit abilities cannot
	// be assigned to (Eidolon Maximum): not in tGroundAbility.
	noAbilityHits bool
	// worn, when hasWorn, is the slot the units go to when a hit finds
	// them all damaged: a second use of Sustain Damage (Twilight Imperium
	// 3's war sun, form formWorn, of this slot).
	worn    uint8
	hasWorn bool
	// galvanized is true for a slot of galvanized units (Last Bastion):
	// one more die for combat rolls and unit abilities, in its stats.
	galvanized bool
	// notUnit is true for a slot that stands for a roll no unit makes (a
	// relic's Anti-Fighter Barrage): texts that let "1 of those units"
	// roll an additional die (Plasma Scoring, Trrakan Aun Zulok) need a
	// unit of the holder among those rolling (bestRoller).
	notUnit bool
}

// roller is one slot's contribution to a kind of roll.
type roller struct {
	slot uint8
	dice uint8
	// thr is the hit threshold after every static modifier: a die hits on
	// thr or more; <= 1 always hits, >= 11 never does.
	thr int8
	// bonusFrom, when positive, makes each die whose natural result is
	// bonusFrom or more produce bonus more hits (the Jol-Nar flagship:
	// 9 or 10 before modifiers, 2 more). Such dice are rolled one by one.
	bonusFrom, bonus int8
	// perOpponentShip rolls as many dice as the opponent has non-fighter
	// ships (the Winnu flagship), instead of dice.
	perOpponentShip bool
	// loss is the dice a damaged unit rolls fewer (Twilight Imperium 3:
	// a unit that used Sustain Damage loses a die, down to 1): 0 or 1.
	loss uint8
}

// rollGroup is the rollers of one kind of roll that share a threshold: their
// dice are drawn together as one binomial.
type rollGroup struct {
	thr     int8
	members []roller
}

// groupRollers groups rollers by threshold, in ascending threshold order.
func groupRollers(rs []roller) []rollGroup {
	var gs []rollGroup
	for thr := int8(-20); thr <= 30; thr++ {
		var g rollGroup
		for _, r := range rs {
			if r.thr == thr {
				g.thr = thr
				g.members = append(g.members, r)
			}
		}
		if len(g.members) > 0 {
			gs = append(gs, g)
		}
	}
	return gs
}

// targets names a set of units that hits can be assigned to.
type targets uint8

const (
	tShips         targets = iota // ships in the space area
	tFighters                     // fighters only (anti-fighter barrage)
	tGround                       // ground forces
	tNonFighters                  // ships, non-fighters first (Graviton Laser System)
	tFleet                        // units in the space combat: ships, and units fighting as ships (twins.go)
	tGroundAbility                // ground forces that hits of unit abilities (bombardment, space cannon defense) may be assigned to
	tShipsAbility                 // ships that space cannon hits may be assigned to
	numTargets
	// numBaseTargets counts the sets before the derived ones (derivedSets).
	numBaseTargets = tFleet
)

// rollTargets is the forced target set of each roll kind; effects may
// change it for a side (sidePlan.targetOf).
var rollTargets = [numRollKinds]targets{
	rollSCO: tShipsAbility, rollAFB: tFighters, rollSpace: tFleet,
	rollBombard: tGroundAbility, rollSCD: tGroundAbility, rollGround: tGround,
	rollEffect: tShips, rollPreCombat: tShips,
}

// sidePlan is one side compiled.
type sidePlan struct {
	slots []slot
	// start and startDamaged are each slot's units, and how many of them
	// are damaged, at the start of the action.
	start        [maxSlots]uint16
	startDamaged [maxSlots]uint16
	rollers      [numRollKinds][]roller
	groups       [numRollKinds][]rollGroup
	// order lists slot indices in destruction priority for each target set.
	order       [numTargets][]uint8
	sustainLast bool
	// shields lists slots whose units have Planetary Shield.
	shields []uint8
	// throughShield are the bombardment rolls of units that bombard a
	// shielded planet (Twilight Imperium 3's war sun), in the roll's terms.
	throughShield []roller
	// shieldBreakers lists slots whose units remove other players'
	// Planetary Shield (war suns).
	shieldBreakers []uint8
	// in[s] is the set of target sets slot s belongs to, as a bit mask.
	in [maxSlots]uint8
	// count is the number of units in each target set at the start.
	count    [numTargets]int32
	hadShips bool
	// retreat is the side's retreat policy.
	retreat Retreat
	// capacity says which units need room on ships.
	capacity capacityPlan
	// targetOf[r] is the set the side's units take hits of kind r from
	// (rollTargets unless an effect changes it).
	targetOf [numRollKinds]targets
	// extraDice[r] is how many more dice the side's units rolling kind r
	// roll, at the value of the best of them (Plasma Scoring, Strike Wing
	// Ambuscade, Trrakan Aun Zulok: each gives one, and they add up).
	extraDice [numRollKinds]uint8
	// revivers lists the slots whose units may come back after being
	// destroyed (Infantry II).
	revivers []uint8
	// auras[r] are modifiers to some of the side's dice of kind r while a
	// unit of the side is alive (the Sardakk N'orr flagship's +1 to its
	// other ships).
	auras [numRollKinds][]aura
	// sustainCancels is how many hits one use of Sustain Damage cancels: 1,
	// or 2 with Non-Euclidean Shielding.
	sustainCancels int
	// special[r] is true when a roller of kind r has bonus hits or
	// opponent-dependent dice: those rolls are drawn roller by roller.
	special [numRollKinds]bool
	// sustainBlockers stop this side's units of some target sets from using
	// Sustain Damage while a unit of the other side is alive (the Mentak
	// flagship, the Mentak mech).
	sustainBlockers []sustainBlocker
	// tradeGoods and influence are what the side may spend on effects
	// (Side.TradeGoods, Side.Influence).
	tradeGoods, influence int16
	// same[tg] is the first target set holding the same units as tg in
	// the same order (tFleet is tShips unless a unit fights as a ship,
	// tGroundAbility is tGround unless a unit is immune to unit
	// abilities' hits).
	same [numTargets]targets
	// countAs[tg] is the set whose count says whether the side has units
	// of tg: tg, or the base of a derived set equal to it (derive).
	countAs [numTargets]targets
	// warnings of the side's unit variants (variants.go), for the plan.
	variantWarnings []string
	// revert, when set, turns units of one slot into units of another
	// when the side has none of the latter left (Twilight Imperium 3's
	// shock troops, ti3.go): part of the hit policy on the ground, which
	// the round tables and the exact solver apply too.
	revert reversion
	// counted lists the slots whose units count as units left (UnitsLeft),
	// and leftBins is one more than their units at the start: the bins of
	// a units-left distribution.
	counted  []uint8
	leftBins int
}

// plan is a Scenario compiled for fast trials. It is read-only once built
// and shared by every worker.
type plan struct {
	action Action
	binom  *binomTables
	side   [2]sidePlan
	steps  []func(*trial) bool
	hooks  hooks
	// canHit reports, per combat type, whether any unit of either side can
	// ever score a hit in a combat round.
	canHit   [numCombatTypes]bool
	warnings []string
	// neverEnds is true when warnings already say that a combat of the
	// scenario never ends (nobody can hit from the start).
	neverEnds bool
	// inexactNames are the effects that declared themselves beyond the
	// exact solver (beyondExact), in the order they attached.
	inexactNames []string
	// used counts the hooks registered in each window, by the window's
	// index (combat type or roll kind; 0 for a window of the whole action).
	used [numWindows][numRollKinds]int
	// hitFactor[side][r] multiplies the hits of side's rolls of kind r
	// (X-89 Bacterial Weapon ΩΩ doubles bombardment and ground combat);
	// 1 unless an effect changes it.
	hitFactor [2][numRollKinds]int
	// roundLimit stops a combat after that many rounds (0: no limit).
	roundLimit int
	// slowRounds turns the fast round tables off (TI3: its lost dice and
	// worn slots are outside the tables' round sampling, which exact mode
	// handles).
	slowRounds bool
	// ti3 is true for Twilight Imperium 3 with Shattered Ascension
	// (ti3.go): attacker announces retreats first, mutual destruction in an
	// invasion leaves the planet to the defender.
	ti3 bool
	// hasWorn is true when a slot has a worn form (its survivors are
	// reported with it).
	hasWorn bool
	// retreats is true when a side may retreat (a policy or an effect).
	retreats bool
	// noTables is set by effects that add units to a side during the
	// action (its state spaces assume counts only fall): no fast tables.
	noTables bool
	// counters is how many per-trial effect counters are given out.
	counters int
	// tabledAfterAssign[r] is how many of hooks.afterAssign[r] are a
	// side's revert (sidePlan.revert), which the round tables and the exact
	// solver apply themselves: they do not make the roll's assignment
	// unfixed.
	tabledAfterAssign [numRollKinds]int
	// noCommit is true for an invasion whose attacker has no ground
	// forces (nor fighters the Naalu flagship commits): it bombards the
	// planet and commits nothing, so no invasion takes place (LRR 15, 49).
	noCommit bool
	// fast holds the tables of each combat type's rounds, or nil where the
	// generic round must run (effects act in the rounds, or the battle is
	// too large for tables).
	fast [numCombatTypes]*fastCombat
}

// effectSet is what the effects give the compiler: the slots their texts
// add to a side (unit variants, units that fight as ships or as ground
// forces, the TI3 units), asked while the side's units are laid out, and
// the hooks they attach, asked once both sides are laid out.
type effectSet interface {
	addSlots(sp *sidePlan, s *force, side sideID)
	attach(p *plan)
}

// newPlan builds the plan of a checked input: both sides' slots, rolls and
// orders, the action's steps, capacity, the effects of fx, then what is
// derived from all of them (the fast tables). notes start the warnings.
func newPlan(sc *input, notes []string, fx effectSet) (*plan, error) {
	p := &plan{action: sc.Action, binom: binomial(), warnings: notes}
	for s := range p.hitFactor {
		for r := range p.hitFactor[s] {
			p.hitFactor[s][r] = 1
		}
	}
	for i := range numSides {
		sp, err := compileSide(sc.side(i), i, sc, fx)
		if err != nil {
			return nil, err
		}
		p.side[i] = sp
		p.warnings = append(p.warnings, sp.variantWarnings...)
	}
	switch sc.Action {
	case SpaceCombat:
		p.steps = []func(*trial) bool{(*trial).spaceCannonOffense, (*trial).spaceCombat}
	case GroundCombat:
		p.steps = []func(*trial) bool{(*trial).groundCombat}
	case Invasion:
		p.steps = []func(*trial) bool{
			(*trial).spaceCannonOffense, (*trial).spaceCombat, (*trial).invasionGate,
			(*trial).bombardment, (*trial).commitGroundForces, (*trial).spaceCannonDefense,
			(*trial).groundCombat,
		}
	}
	p.roundLimit = sc.MaxRounds
	p.noCommit = sc.Action == Invasion && p.side[attacker].count[tGround] == 0 && len(p.twinsOf(attacker, formGround)) == 0
	for i := range numSides {
		s := sc.side(i)
		p.side[i].retreat = s.Retreat
		if !s.Retreat.Never() {
			p.beyondExact(i.String() + "'s retreat policy")
		}
		p.buildCapacity(i)
	}
	if sc.MaxRounds > 0 {
		p.beyondExact("the round limit")
	}
	fx.attach(p)
	p.retreats = !(sc.Attacker.Retreat.Never() && sc.Defender.Retreat.Never()) || p.used[wRetreat][0] > 0
	// A unit that cannot use Sustain Damage (any more) cannot start damaged:
	// the state spaces of such slots have no damaged units.
	for s := range numSides {
		for i, sl := range p.side[s].slots {
			if !sl.sustain {
				p.side[s].startDamaged[i] = 0
			}
		}
	}
	p.canHit[inSpace] = p.anyCanHit(rollSpace)
	p.canHit[onGround] = p.anyCanHit(rollGround)
	p.addWarnings(sc)
	p.prepareLeft()
	if sc.Action != GroundCombat {
		p.fast[inSpace] = p.buildFast(inSpace)
	}
	if sc.Action != SpaceCombat {
		p.fast[onGround] = p.buildFast(onGround)
	}
	return p, nil
}

func (p *plan) anyCanHit(r rollKind) bool {
	if len(p.hooks.rollModifier[r]) > 0 {
		return true // a dynamic modifier may make hits possible
	}
	for s := range numSides {
		for _, ro := range p.side[s].rollers[r] {
			if ro.thr <= 10 && ro.dice > 0 {
				return true
			}
		}
	}
	return false
}

func (p *plan) addWarnings(sc *input) {
	fights := func(ct combatType, r rollKind) bool {
		return len(p.side[attacker].rollers[r]) > 0 && len(p.side[defender].rollers[r]) > 0 && !p.canHit[ct]
	}
	stop := fmt.Sprintf("the round cap of %d rounds", maxRounds)
	if sc.MaxRounds > 0 {
		stop = fmt.Sprintf("the round limit of %d", sc.MaxRounds)
	}
	if sc.Action != GroundCombat && fights(inSpace, rollSpace) {
		p.neverEnds = true
		p.warnings = append(p.warnings, "no unit on either side can score a hit in space combat with these modifiers: such a combat never ends; it is reported as unfinished, stopped at "+stop)
	}
	if sc.Action != SpaceCombat && fights(onGround, rollGround) {
		p.neverEnds = true
		p.warnings = append(p.warnings, "no unit on either side can score a hit in ground combat with these modifiers: such a combat never ends; it is reported as unfinished, stopped at "+stop)
	}
	for i := range numSides {
		s := sc.side(i)
		if up := s.Upgraded; s.AdjacentPDS > 0 && !p.ti3 && !up[units.PDS] {
			p.warnings = append(p.warnings, fmt.Sprintf("the %s's %d adjacent PDS do not fire: only PDS II may fire into an adjacent system (add pds-ii to the %s's technologies)", i.String(), s.AdjacentPDS, i.String()))
		}
	}
	for i := range numSides {
		if sc.Action == GroundCombat {
			break
		}
		cp := &p.side[i].capacity
		if len(cp.cargo) == 0 {
			continue
		}
		room, cargo := int(cp.free), 0
		for _, s := range cp.carriers {
			room += int(p.side[i].start[s]) * p.side[i].slots[s].stats.Capacity
		}
		for _, s := range cp.cargo {
			cargo += int(p.side[i].start[s])
		}
		if cargo > room {
			p.warnings = append(p.warnings, fmt.Sprintf("the %s's fighters and ground forces in space (%d) exceed what its ships can carry (%d); the excess is removed when the space combat ends", i.String(), cargo, room))
		}
	}
}

// compileSide builds side idx's plan from s: its slots, its rolls and
// its hit-assignment orders.
func compileSide(s *force, idx sideID, sc *input, fx effectSet) (sidePlan, error) {
	var sp sidePlan
	if err := sp.compileSlots(s, idx, fx); err != nil {
		return sp, err
	}
	sp.compileRolls(s, idx, sc)
	sp.compileOrders(s)
	sp.derive()
	return sp, nil
}

// addSlot appends a slot of n units of st in zone z (report: shown among
// the survivors) and returns its index.
func (sp *sidePlan) addSlot(st units.Stats, z zone, n int, report bool) uint8 {
	i := uint8(len(sp.slots))
	sp.slots = append(sp.slots, slot{
		stats: st, zone: z, sustain: st.Sustain,
		costHalves: int32(st.Cost * 2), report: report,
	})
	sp.start[i] = uint16(n)
	return i
}

// compileSlots lays out the side's units: one slot per unit type of its
// fleet (the defender's structures and ground forces on the planet), its
// adjacent PDS (with PDS II: space cannon offense only) and its PDS
// elsewhere in the system, then the slots its texts add (variants, twins,
// the TI3 units).
func (sp *sidePlan) compileSlots(s *force, idx sideID, fx effectSet) error {
	up := s.Upgraded
	f := s.faction()
	for _, g := range s.Fleet.Groups() {
		st, err := f.Unit(g.Kind, up[g.Kind])
		if err != nil {
			return err
		}
		z := zoneSpace
		if idx == defender && (g.Kind.Structure() || g.Kind.GroundForce()) {
			z = zonePlanet // the attacker's structures ride on its ships (Ral Nel)
		}
		i := sp.addSlot(st, z, g.Count, true)
		sp.startDamaged[i] = uint16(g.Damaged)
		if g.Kind.Ship() {
			sp.hadShips = true
		}
	}
	if s.AdjacentPDS > 0 && up[units.PDS] {
		st, _ := f.Unit(units.PDS, true)
		sp.addSlot(st, zoneAdjacent, s.AdjacentPDS, false)
	}
	if s.SystemPDS > 0 {
		st, _ := f.Unit(units.PDS, up[units.PDS])
		sp.addSlot(st, zoneSystem, s.SystemPDS, false)
	}
	sp.tradeGoods, sp.influence = int16(s.TradeGoods), int16(s.Influence)
	fx.addSlots(sp, s, idx)
	if len(sp.slots) > maxSlots {
		return fmt.Errorf("too many unit types (%d); at most %d", len(sp.slots), maxSlots)
	}
	return nil
}

// addRoll adds slot i's roll r (combat, space cannon, barrage,
// bombardment) when the unit has it, its threshold lowered by modifier m.
// Under TI3 a damaged unit rolls one die fewer in combat and bombardment.
func (sp *sidePlan) addRoll(i int, r rollKind, roll units.Roll, m int, ti3 bool) {
	if !roll.Has() {
		return
	}
	ro := roller{slot: uint8(i), dice: uint8(roll.Dice), thr: int8(roll.Value - m)}
	if ti3 && roll.Dice > 1 && (r == rollSpace || r == rollGround || r == rollBombard) {
		ro.loss = 1
	}
	sp.rollers[r] = append(sp.rollers[r], ro)
}

// compileRolls gives each slot the rolls its unit makes where it stands,
// with the static modifiers (the side's modifier; +1 to the defender's
// ships in a nebula, LRR 59), groups them, and lists the planetary shields,
// the shield breakers and the units that revive.
func (sp *sidePlan) compileRolls(s *force, idx sideID, sc *input) {
	var mod [numCombatTypes]int
	mod[inSpace] = s.Modifier
	mod[onGround] = s.Modifier
	if sc.Nebula && idx == defender {
		mod[inSpace]++ // LRR 59: the defender's ships in a nebula
	}
	ti3 := sc.Edition == EditionTI3SA
	for i, sl := range sp.slots {
		st, k := sl.stats, sl.stats.Kind
		switch {
		case sl.noAbilityHits && sl.zone == zoneSpace: // Eidolon Maximum: a ship and a ground force
			sp.addRoll(i, rollSpace, st.Combat, mod[inSpace], ti3)
			sp.addRoll(i, rollGround, st.Combat, mod[onGround], ti3)
		case sl.form == formShip:
			sp.addRoll(i, rollSpace, st.Combat, mod[inSpace], ti3)
		case sl.form == formGround:
			sp.addRoll(i, rollGround, st.Combat, mod[onGround], ti3)
		case sl.zone == zoneAdjacent || sl.zone == zoneSystem:
			sp.addRoll(i, rollSCO, st.SpaceCannon, 0, ti3) // space cannon offense only; never hit
		case k.Ship():
			sp.addRoll(i, rollSCO, st.SpaceCannon, 0, ti3)
			sp.addRoll(i, rollAFB, st.AFB, 0, ti3)
			sp.addRoll(i, rollSpace, st.Combat, mod[inSpace], ti3)
			if idx == attacker {
				sp.addRoll(i, rollBombard, st.Bombardment, 0, ti3)
			}
		case k.GroundForce():
			sp.addRoll(i, rollGround, st.Combat, mod[onGround], ti3)
		case k.Structure() && sl.zone == zoneSpace:
			// A Ral Nel structure carried into the space area
			// (Miniaturization): no unit abilities there.
		case k.Structure():
			sp.addRoll(i, rollSCO, st.SpaceCannon, 0, ti3)
			if idx == defender {
				sp.addRoll(i, rollSCD, st.SpaceCannon, 0, ti3)
			}
		}
		if st.PlanetaryShield && sl.zone == zonePlanet {
			sp.shields = append(sp.shields, uint8(i))
		}
		if st.RemovesPlanetaryShield && sl.zone == zoneSpace {
			sp.shieldBreakers = append(sp.shieldBreakers, uint8(i))
		}
	}
	for r := range sp.rollers {
		sp.groups[r] = groupRollers(sp.rollers[r])
	}
	sp.targetOf = rollTargets
	sp.sustainCancels = 1
	for i, sl := range sp.slots {
		if sl.stats.Revive.Has() && sl.report {
			sp.revivers = append(sp.revivers, uint8(i))
		}
	}
}

// compileOrders builds the hit-assignment orders: the policy's kind
// sequence restricted to each target set; units that are both ships and
// ground forces (Eidolon Maximum) are the last ships lost; non-fighters
// first is the ship order without fighters, then the fighters.
func (sp *sidePlan) compileOrders(s *force) {
	sp.sustainLast = s.Order.SustainLast
	for _, k := range s.Order.sequence() {
		for i, sl := range sp.slots {
			if sl.stats.Kind != k || sl.zone == zoneAdjacent || sl.zone == zoneSystem || (sl.form != formUnit && sl.form != formWorn) {
				continue
			}
			switch {
			case k.Ship():
				sp.order[tShips] = append(sp.order[tShips], uint8(i))
				if k == units.Fighter {
					sp.order[tFighters] = append(sp.order[tFighters], uint8(i))
				}
			case k.GroundForce():
				sp.order[tGround] = append(sp.order[tGround], uint8(i))
			}
		}
	}
	for i, sl := range sp.slots {
		if sl.noAbilityHits && sl.zone == zoneSpace {
			sp.order[tShips] = append(sp.order[tShips], uint8(i))
		}
	}
	for _, i := range sp.order[tShips] {
		if sp.slots[i].stats.Kind != units.Fighter {
			sp.order[tNonFighters] = append(sp.order[tNonFighters], i)
		}
	}
	sp.order[tNonFighters] = append(sp.order[tNonFighters], sp.order[tFighters]...)
	sp.order[tFleet] = sp.twinOrder(sp.order[tShips], formShip)
	sp.order[tGround] = sp.twinOrder(sp.order[tGround], formGround)
	for _, tg := range [...]targets{tShips, tFighters, tGround, tNonFighters} {
		for _, i := range sp.order[tg] {
			sp.in[i] |= 1 << tg
			sp.count[tg] += int32(sp.start[i])
		}
	}
}

// derivedSets are the target sets made from another (its base): the
// units of the space combat from the ships, and the units that hits of
// unit abilities may be assigned to from the ground forces and the ships.
var derivedSets = [...]struct{ set, base targets }{{tFleet, tShips}, {tGroundAbility, tGround}, {tShipsAbility, tShips}}

// derive rebuilds the target sets derived from others — tGroundAbility and
// tShipsAbility, the ground forces and ships without the units immune to
// unit abilities' hits — and sp.same. Effects that change the ground or
// ship orders after compileSide call it.
func (sp *sidePlan) derive() {
	for _, d := range [...]struct{ to, from targets }{{tGroundAbility, tGround}, {tShipsAbility, tShips}} {
		sp.order[d.to] = sp.order[d.to][:0]
		for _, s := range sp.order[d.from] {
			if !sp.slots[s].noAbilityHits {
				sp.order[d.to] = append(sp.order[d.to], s)
			}
		}
	}
	sp.setSame()
	// A derived set is counted apart only when it differs from its base;
	// otherwise has() reads the base's count (fewer counts to keep per
	// unit lost).
	for tg := range numTargets {
		sp.countAs[tg] = tg
	}
	for _, d := range derivedSets {
		sp.count[d.set] = 0
		for i := range sp.in {
			sp.in[i] &^= 1 << d.set
		}
		if slices.Equal(sp.order[d.set], sp.order[d.base]) {
			sp.countAs[d.set] = d.base
			continue
		}
		for _, s := range sp.order[d.set] {
			sp.in[s] |= 1 << d.set
			sp.count[d.set] += int32(sp.start[s])
		}
	}
}

// sameTargets reports whether target sets a and b hold the same units in
// the same order.
func (sp *sidePlan) sameTargets(a, b targets) bool { return sp.same[a] == sp.same[b] }

// setSame sets sp.same from the orders; effects that change an order call
// it again.
func (sp *sidePlan) setSame() {
	for tg := range numTargets {
		sp.same[tg] = tg
		for u := range tg {
			if slices.Equal(sp.order[u], sp.order[tg]) {
				sp.same[tg] = u
				break
			}
		}
	}
}

// sustainBlocker: while the other side has units in slot source, this
// side's units cannot use Sustain Damage against hits aimed at the target
// sets in sets (bit tg for target set tg). Whether the source is there is
// read at the start of an Assign Hits step (trial.freezeSustain).
type sustainBlocker struct {
	source uint8
	sets   targetSet
}

// targetSet is a set of target sets: bit tg stands for target set tg.
type targetSet uint16

// setOf returns the set holding the given target sets.
func setOf(tgs ...targets) targetSet {
	var m targetSet
	for _, tg := range tgs {
		m |= 1 << tg
	}
	return m
}

// has reports whether target set tg is in m.
func (m targetSet) has(tg targets) bool { return m&(1<<tg) != 0 }

// aura is a modifier to some slots' dice while a source slot has units
// alive.
type aura struct {
	source  uint8
	targets [maxSlots]bool
	// delta is added to the targets' hit thresholds (negative helps).
	delta int
}

// auraShift returns the threshold change the side's auras of kind r make
// to slot s with the given units alive.
func (sp *sidePlan) auraShift(r rollKind, s uint8, alive *[maxSlots]uint16) int {
	d := 0
	for i := range sp.auras[r] {
		a := &sp.auras[r][i]
		if a.targets[s] && alive[a.source] > 0 {
			d += a.delta
		}
	}
	return d
}

// adjustThresholds adds delta to the hit thresholds of side's rollers of
// kind r whose slot satisfies keep (a static modifier: +delta makes hits
// harder), and regroups them. Effects call it at compile time.
func (p *plan) adjustThresholds(side sideID, r rollKind, delta int, keep func(s uint8) bool) {
	sp := &p.side[side]
	for i := range sp.rollers[r] {
		if keep(sp.rollers[r][i].slot) {
			sp.rollers[r][i].thr += int8(delta)
		}
	}
	sp.groups[r] = groupRollers(sp.rollers[r])
}

// rollerThr returns the static threshold of side's roller of kind r for
// slot s, and whether s has one.
func (p *plan) rollerThr(side sideID, r rollKind, s uint8) (int8, bool) {
	for _, ro := range p.side[side].rollers[r] {
		if ro.slot == s {
			return ro.thr, true
		}
	}
	return 0, false
}

// addRoller gives side a roll of kind r with the given value and dice from
// a unit that is not on the board as a unit (a card's or a structure's own
// ability): a slot that is never reported nor hit, present from the start
// (effects may set its count per round instead). It returns the slot, and
// false when there is no room for it (with a warning).
func (p *plan) addRoller(side sideID, r rollKind, name string, value, dice int) (uint8, bool) {
	sp := &p.side[side]
	i := uint8(len(sp.slots))
	if int(i) >= maxSlots {
		p.warnings = append(p.warnings, name+": too many unit types to add its roll; ignored")
		return 0, false
	}
	sp.slots = append(sp.slots, slot{stats: units.Stats{Name: name, Kind: units.PDS}, zone: zoneAdjacent})
	sp.start[i] = 1
	sp.rollers[r] = append(sp.rollers[r], roller{slot: i, dice: uint8(dice), thr: int8(value)})
	sp.groups[r] = groupRollers(sp.rollers[r])
	return i, true
}

// warnOnce adds a warning unless it is already there (a law may be listed
// by both sides).
func (p *plan) warnOnce(w string) {
	if !slices.Contains(p.warnings, w) {
		p.warnings = append(p.warnings, w)
	}
}
