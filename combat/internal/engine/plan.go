package engine

import (
	"context"
	"fmt"
	"slices"

	"github.com/ti4sim/ti4sim/units"
)

// MaxSlots bounds the number of unit types one side can have in a plan: one
// per kind, plus room for units outside the system (adjacent PDS) and the
// faction units of later rules.
const MaxSlots = 16

// RoundCap is the most combat rounds one combat is played for. A combat
// that cannot end (no unit can score a hit any more, and nothing else ends
// it) is stopped there: it is unresolved, reported as unfinished, and its
// rounds count as RoundCap. It is also the largest Scenario.MaxRounds and
// retreat round.
const RoundCap = 1000

// MaxRounds is RoundCap inside the package.
const MaxRounds = RoundCap

// zone is where a slot's units are.
type zone uint8

const (
	ZoneSpace    zone = iota // the space area of the active system
	ZonePlanet               // on the contested planet
	ZoneAdjacent             // in an adjacent system (adjacent PDS)
	zoneSystem               // on another planet of the active system (the attacker's PDS)
)

// Slot is one type of unit of one side.
type Slot struct {
	Stats units.Stats
	Zone  zone
	// Sustain is true when the unit may use Sustain Damage.
	Sustain bool
	// CostHalves is the unit's cost in half resources.
	CostHalves int32
	// Report is true when the slot's survivors are reported.
	Report bool
	// Form is formUnit, or the other form a twin slot's units take for a
	// combat (twins.go); of is then the slot whose units they are.
	Form Form
	Of   uint8
	// NoAbilityHits is true for units that hits of unit abilities cannot
	// be assigned to (a mech that is also a ship): not in tGroundAbility.
	NoAbilityHits bool
	// Worn, when hasWorn, is the slot the units go to when a hit finds
	// them all damaged: a second use of Sustain Damage (Twilight Imperium
	// 3's war sun, form formWorn, of this slot).
	Worn    uint8
	HasWorn bool
	// Galvanized is true for a slot of units with a galvanize token:
	// one more die for combat rolls and unit abilities, in its stats.
	Galvanized bool
	// NotUnit is true for a slot that stands for a roll no unit makes (a
	// relic's Anti-Fighter Barrage): texts that let "1 of those units"
	// roll an additional die need a
	// unit of the holder among those rolling (bestRoller).
	NotUnit bool
}

// Roller is one slot's contribution to a kind of roll.
type Roller struct {
	Slot uint8
	Dice uint8
	// Base is the roll's value before any modifier: the unit's printed
	// value, or the value a text gives the roll. A text that "sets" a
	// value sets Base (or, when the text is relative, adds a modifier):
	// never its threshold (thr).
	Base int8
	// thr is the hit threshold: a die hits on thr or more; <= 1 always
	// hits, >= 11 never does. It is composed in one place,
	// SidePlan.compose: Base plus every static modifier of the side that
	// applies to the roller's slot and kind (Plan.AdjustThresholds), so
	// no text can drop another's modifier. Unexported so that no effect
	// sets it: effects read it through Threshold.
	thr int8
	// BonusFrom, when positive, makes each die whose natural result is
	// bonusFrom or more produce bonus more hits (e.g. 9 or 10 before
	// modifiers, 2 more). Such dice are rolled one by one.
	BonusFrom, Bonus int8
	// PerOpponentShip rolls as many dice as the opponent has non-fighter
	// ships, instead of dice.
	PerOpponentShip bool
	// loss is the dice a damaged unit rolls fewer (Twilight Imperium 3:
	// a unit that used Sustain Damage loses a die, down to 1): 0 or 1.
	loss uint8
}

// Threshold is the roller's hit threshold as composed (thr): a die hits on
// it or more; 1 or less always hits, 11 or more never does.
func (r *Roller) Threshold() int8 { return r.thr }

// rollGroup is the rollers of one kind of roll that share a threshold: their
// dice are drawn together as one binomial.
type rollGroup struct {
	thr     int8
	members []Roller
}

// GroupRollers groups rollers by threshold, in ascending threshold order.
func GroupRollers(rs []Roller) []rollGroup {
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

// Targets names a set of units that hits can be assigned to.
type Targets uint8

const (
	TShips         Targets = iota // ships in the space area
	TFighters                     // fighters only (anti-fighter barrage)
	TGround                       // ground forces
	TNonFighters                  // ships, non-fighters first (hits that must go to non-fighters first)
	TFleet                        // units in the space combat: ships, and units fighting as ships (twins.go)
	TGroundAbility                // ground forces that hits of unit abilities (bombardment, space cannon defense) may be assigned to
	TShipsAbility                 // ships that space cannon hits may be assigned to
	numTargets
	// numBaseTargets counts the sets before the derived ones (derivedSets).
	numBaseTargets = TFleet
)

// rollTargets is the forced target set of each roll kind; effects may
// change it for a side (sidePlan.targetOf).
var rollTargets = [NumRollKinds]Targets{
	RollSCO: TShipsAbility, RollAFB: TFighters, RollSpace: TFleet,
	RollBombard: TGroundAbility, RollSCD: TGroundAbility, RollGround: TGround,
	RollEffect: TShips, RollPreCombat: TShips,
}

// SidePlan is one side compiled.
type SidePlan struct {
	Slots []Slot
	// Start and startDamaged are each slot's units, and how many of them
	// are damaged, at the start of the action.
	Start        [MaxSlots]uint16
	StartDamaged [MaxSlots]uint16
	Rollers      [NumRollKinds][]Roller
	Groups       [NumRollKinds][]rollGroup
	// mods are the side's static modifiers to each kind of roll, in the
	// order they were given (the input's, then the texts'): compose adds
	// them to the rollers' Base.
	mods [NumRollKinds][]staticMod
	// everyRoll is added to the threshold of every roll of the side,
	// whichever kind and whichever slot (the input's AllRollsModifier,
	// negated: +1 to the rolls is -1 to the threshold); compose adds it.
	everyRoll int8
	// Order lists slot indices in destruction priority for each target set.
	Order       [numTargets][]uint8
	sustainLast bool
	// Shields lists slots whose units have Planetary Shield.
	Shields []uint8
	// ThroughShield are the bombardment rolls of units that bombard a
	// shielded planet (Twilight Imperium 3's war sun), in the roll's terms.
	ThroughShield []Roller
	// ShieldBreakers lists slots whose units remove other players'
	// Planetary Shield (war suns).
	ShieldBreakers []uint8
	// In[s] is the set of target sets slot s belongs to, as a bit mask.
	In [MaxSlots]uint8
	// Count is the number of units in each target set at the start.
	Count    [numTargets]int32
	hadShips bool
	// Retreat is the side's retreat policy.
	Retreat Retreat
	// Capacity says which units need room on ships.
	Capacity capacityPlan
	// TargetOf[r] is the set the side's units take hits of kind r from
	// (rollTargets unless an effect changes it).
	TargetOf [NumRollKinds]Targets
	// ExtraDice[r] is how many more dice the side's units rolling kind r
	// roll, at the value of the best of them (each text that gives one
	// adds one).
	ExtraDice [NumRollKinds]uint8
	// RerollBudget[r] is how many of the side's missed dice of kind r
	// it may reroll each roll, the best chances first; a die rerolled and
	// missed again may be rerolled again while the budget lasts (a
	// leader's rerolls each round).
	RerollBudget [NumRollKinds]uint8
	// RerollOnes[r]: each of the side's dice of kind r that misses
	// showing a natural 1 is rerolled once (after any other reroll of the
	// misses; a reroll of the budget's too), the new result kept.
	RerollOnes [NumRollKinds]bool
	// PooledRerolls[r]: after a roll of kind r (and its RerollBudget), the
	// side rerolls each die still a miss once, the best chances first,
	// while its pool of rerolls for the whole action lasts (rerollPool at
	// the start, Trial.RerollPool during it).
	PooledRerolls [NumRollKinds]bool
	rerollPool    int16
	// PoolPerRoll[r], when not 0, is the most pooled rerolls one roll of
	// kind r may use.
	PoolPerRoll [NumRollKinds]uint8
	// HitOnScore[r]: a roll of kind r that scores at least one hit scores
	// one more (a text that inflicts a further hit at the end of a round
	// in which its holder scored).
	HitOnScore [NumRollKinds]bool
	// Revivers lists the slots whose units may come back after being
	// destroyed (Infantry II).
	Revivers []uint8
	// Auras[r] are modifiers to some of the side's dice of kind r while a
	// unit of the side is alive (a flagship's +1 to its other ships).
	Auras [NumRollKinds][]Aura
	// SustainCancels is how many hits one use of Sustain Damage cancels: 1,
	// or 2 with a text that makes one use cancel two.
	SustainCancels int
	// Special[r] is true when a roller of kind r has bonus hits or
	// opponent-dependent dice: those rolls are drawn roller by roller.
	Special [NumRollKinds]bool
	// Backfire makes some of the side's dice hit the side itself
	// (SetBackfire); its Round is 0 when none do.
	Backfire Backfire
	// SustainBlockers stop this side's units of some target sets from using
	// Sustain Damage while a unit of the other side is alive.
	SustainBlockers []SustainBlocker
	// tradeGoods and influence are what the side may spend on effects
	// (Side.TradeGoods, Side.Influence).
	tradeGoods, influence int16
	// same[tg] is the first target set holding the same units as tg in
	// the same order (tFleet is tShips unless a unit fights as a ship,
	// tGroundAbility is tGround unless a unit is immune to unit
	// abilities' hits).
	same [numTargets]Targets
	// countAs[tg] is the set whose count says whether the side has units
	// of tg: tg, or the base of a derived set equal to it (derive).
	countAs [numTargets]Targets
	// warnings of the side's unit variants (variants.go), for the plan.
	VariantWarnings []string
	// Revert, when set, turns units of one slot into units of another
	// when the side has none of the latter left (Twilight Imperium 3's
	// shock troops, set by the effects' ti3.go): part of the hit policy on the ground, which
	// the round tables and the exact solver apply too.
	Revert Reversion
	// counted lists the slots whose units count as units left (UnitsLeft),
	// and leftBins is one more than their units at the start: the bins of
	// a units-left distribution.
	counted  []uint8
	leftBins int
}

// Plan is a Scenario compiled for fast trials. It is read-only once built
// and shared by every worker.
type Plan struct {
	action Action
	binom  *binomTables
	Side   [2]SidePlan
	Steps  []func(*Trial) bool
	Hooks  hooks
	// canHit reports, per combat type, whether any unit of either side can
	// ever score a hit in a combat round.
	canHit   [NumCombatTypes]bool
	Warnings []string
	// neverEnds is true when warnings already say that a combat of the
	// scenario never ends (nobody can hit from the start).
	neverEnds bool
	// inexactNames are the effects that declared themselves beyond the
	// exact solver (beyondExact), in the order they attached.
	inexactNames []string
	// used counts the hooks registered in each window, by the window's
	// index (combat type or roll kind; 0 for a window of the whole action).
	used [numWindows][NumRollKinds]int
	// native counts, among them, the hooks the exact solver plays itself
	// from plan data (FirstRoundsBonus), which do not make it refuse.
	native [numWindows][NumRollKinds]int
	// bonusUses lists, per side, the uses of each first-rounds bonus
	// (FirstRoundsBonus): +1 to its combat rolls in round r for each
	// entry ≥ r, in a single combat.
	bonusUses [NumSides][]int
	// roundOneMod[side][ct] is added to side's combat rolls in the first
	// round of every combat of type ct (RoundOneModifier).
	roundOneMod [NumSides][NumCombatTypes]int
	// rerollAlways[side][r]: side rerolls its missed dice of kind r in
	// every roll; rerollRound[side][ct], when not 0, the round of combat
	// type ct in which it rerolls its missed combat dice (RerollMisses).
	rerollAlways [NumSides][NumRollKinds]bool
	rerollRound  [NumSides][NumCombatTypes]int
	// counted are the cards whose copies the exact solver keeps in a
	// combat's state (roundcards.go).
	counted countedCards
	// unitHooks[r] are the after-assign hooks of combat rolls r the exact
	// solver replays in its transitions (OnAfterAssignOfUnits).
	unitHooks [NumRollKinds][]func(t *Trial, side Side)
	// HitFactor[side][r] multiplies the hits of side's rolls of kind r
	// (an effect may double bombardment and ground combat hits);
	// 1 unless an effect changes it.
	HitFactor [2][NumRollKinds]int
	// roundLimit stops a combat after that many rounds (0: no limit).
	roundLimit int
	// SlowRounds turns the fast round tables off (TI3: its lost dice and
	// worn slots are outside the tables' round sampling, which exact mode
	// handles).
	SlowRounds bool
	// Ti3 is true for Twilight Imperium 3 with Shattered Ascension
	// (set by the effects' ti3.go): attacker announces retreats first, mutual destruction in an
	// invasion leaves the planet to the defender.
	Ti3 bool
	// HasWorn is true when a slot has a worn form (its survivors are
	// reported with it).
	HasWorn bool
	// retreats is true when a side may retreat (a policy or an effect).
	retreats bool
	// NoTables is set by effects that add units to a side during the
	// action (its state spaces assume counts only fall): no fast tables.
	NoTables bool
	// counters is how many per-trial effect counters are given out.
	counters int
	// texts are the slugs of the texts attached to the plan, with their
	// holder (Attached), in the order they attached.
	texts []AttachedText
	// TabledAfterAssign[r] is how many of hooks.afterAssign[r] are a
	// side's revert (sidePlan.revert), which the round tables and the exact
	// solver apply themselves: they do not make the roll's assignment
	// unfixed.
	TabledAfterAssign [NumRollKinds]int
	// noCommit is true for an invasion whose attacker has no ground
	// forces (nor fighters committed as ground forces): it bombards the
	// planet and commits nothing, so no invasion takes place (LRR 15, 49).
	noCommit bool
	// neutralOnBombard is true when a bombardment hit on the planet with
	// no ground forces to take it turns the planet neutral, for an
	// invasion that commits nothing (SetNeutralOnBombard).
	neutralOnBombard bool
	// Fast holds the tables of each combat type's rounds, or nil where the
	// generic round must run (effects act in the rounds, or the battle is
	// too large for tables).
	Fast [NumCombatTypes]*fastCombat
	// Quick, when not nil, plays the whole action from the tables and
	// tallies trials by their end state (quick.go); nil turns it off.
	Quick *quickCombat
}

// Backfire is a round in which the dice of some of a side's slots that
// show a natural result of UpTo or less each inflict a hit on their own
// side, besides hitting or missing as usual (Trial.Backfired counts them;
// the effect that sets it assigns them).
type Backfire struct {
	// Roll is the kind of roll (a combat round's) and Round its round,
	// 1..MaxRounds (0: no backfire).
	Roll  RollKind
	Round int
	// UpTo is the highest natural result that backfires, 1..10.
	UpTo int
	// Slots marks the side's slots whose dice backfire.
	Slots [MaxSlots]bool
}

// effectSet is what the effects give the compiler: the slots their texts
// add to a side (unit variants, units that fight as ships or as ground
// forces, the TI3 units), asked while the side's units are laid out, and
// the hooks they attach, asked once both sides are laid out.
type effectSet interface {
	AddSlots(sp *SidePlan, s *Force, side Side) []string
	Attach(p *Plan)
}

// NewPlan builds the plan of a checked input: both sides' slots, rolls and
// orders, the action's steps, capacity, the effects of fx, then what is
// derived from all of them (the fast tables). notes start the warnings.
func NewPlan(sc *Input, notes []string, fx effectSet) (*Plan, error) {
	p := &Plan{action: sc.Action, binom: Binomial(), Warnings: notes}
	for s := range p.HitFactor {
		for r := range p.HitFactor[s] {
			p.HitFactor[s][r] = 1
		}
	}
	for i := range NumSides {
		sp, err := compileSide(sc.Side(i), i, sc, fx)
		if err != nil {
			return nil, err
		}
		p.Side[i] = sp
		p.Warnings = append(p.Warnings, sp.VariantWarnings...)
	}
	p.Steps = samplers(sc.Action)
	p.roundLimit = sc.MaxRounds
	p.noCommit = sc.Action == Invasion && p.Side[Attacker].Count[TGround] == 0 && len(p.TwinsOf(Attacker, FormGround)) == 0
	for i := range NumSides {
		s := sc.Side(i)
		p.Side[i].Retreat = s.Retreat
		p.buildCapacity(i)
	}
	fx.Attach(p)
	for s := range NumSides {
		for r := range NumRollKinds {
			p.Side[s].compose(RollKind(r)) // every text attached: the thresholds the trials read
		}
	}
	p.retreats = !(sc.Attacker.Retreat.Never() && sc.Defender.Retreat.Never()) || p.used[wRetreat][0] > 0
	if err := p.checkStartDamaged(sc); err != nil {
		return nil, err
	}
	p.canHit[InSpace] = p.anyCanHit(RollSpace)
	p.canHit[OnGround] = p.anyCanHit(RollGround)
	p.addWarnings(sc)
	p.prepareLeft()
	return p, nil
}

// checkStartDamaged refuses units given as damaged that have no Sustain
// Damage once every text is attached: whether a unit has it is known only
// here, from the side's faction and texts (TI3 Sol's Mark II Advanced
// Carriers, Twilight Imperium 4's Advanced Carrier II). A text that takes
// the ability away from units that had it (Publicize Weapon Schematics, the
// Entropic Scar: SidePlan.LoseSustain) has already made them undamaged;
// texts that only stop units from using it (The Fourth Moon, Crimson's
// Quietus: SustainBlocker) keep a damaged unit damaged.
func (p *Plan) checkStartDamaged(sc *Input) error {
	for s := range NumSides {
		for i, sl := range p.Side[s].Slots {
			if !sl.Sustain && p.Side[s].StartDamaged[i] > 0 {
				name := sl.Stats.Kind.String()
				if sc.Edition == EditionTI3SA {
					name = units.KindNameTI3(sl.Stats.Kind)
				}
				return Inputf(s.String(), "Fleet", "%s cannot be damaged: it has no Sustain Damage", name)
			}
		}
	}
	return nil
}

// checkDamagedTwice refuses units given as damaged twice
// (units.Group.DamagedTwice) that are not in a worn slot once the texts
// have laid the side out: only a unit that sustains twice (TI3's war sun)
// has one.
func (sp *SidePlan) checkDamagedTwice(s *Force, idx Side) error {
	for _, g := range s.Fleet.Groups() {
		if g.DamagedTwice == 0 {
			continue
		}
		n := 0
		for i, sl := range sp.Slots {
			if sl.Form == FormWorn && sp.Slots[sl.Of].Stats.Kind == g.Kind {
				n += int(sp.Start[i])
			}
		}
		if n < g.DamagedTwice {
			return Inputf(idx.String(), "Fleet", "%s cannot be damaged twice: it has Sustain Damage once at most", g.Kind)
		}
	}
	return nil
}

// reportedStart is the units slot i reports at the start: its own, and
// those of its worn form that start worn (a TI3 war sun given as damaged
// twice), reported with it as its survivors are.
func (sp *SidePlan) reportedStart(i int) int {
	n := int(sp.Start[i])
	for j, sl := range sp.Slots {
		if sl.Form == FormWorn && int(sl.Of) == i {
			n += int(sp.Start[j])
		}
	}
	return n
}

// BuildTables builds the fast round tables that Monte Carlo trials use
// where they apply (fast.go); the exact solver has its own chains. Call it
// once, after NewPlan and before any trial. Building a large joint table
// takes up to a second: when ctx ends first, it is left out (trials would
// take the slower path, but a run with that ctx stops before its first
// chunk).
func (p *Plan) BuildTables(ctx context.Context) {
	if p.action != GroundCombat {
		p.Fast[InSpace] = p.BuildFast(ctx, InSpace)
	}
	if p.action != SpaceCombat {
		p.Fast[OnGround] = p.BuildFast(ctx, OnGround)
	}
	p.Quick = p.buildQuick()
}

func (p *Plan) anyCanHit(r RollKind) bool {
	if len(p.Hooks.rollModifier[r]) > 0 {
		return true // a dynamic modifier may make hits possible
	}
	for s := range NumSides {
		for _, ro := range p.Side[s].Rollers[r] {
			if ro.thr <= 10 && ro.Dice > 0 {
				return true
			}
		}
	}
	return false
}

func (p *Plan) addWarnings(sc *Input) {
	fights := func(ct CombatType, r RollKind) bool {
		return len(p.Side[Attacker].Rollers[r]) > 0 && len(p.Side[Defender].Rollers[r]) > 0 && !p.canHit[ct]
	}
	stop := fmt.Sprintf("the round cap of %d rounds", MaxRounds)
	if sc.MaxRounds > 0 {
		stop = fmt.Sprintf("the round limit of %d", sc.MaxRounds)
	}
	if sc.Action != GroundCombat && fights(InSpace, RollSpace) {
		p.neverEnds = true
		ends := "such a combat never ends; it is reported as unfinished"
		if p.retreats { // a retreat policy may still end it (LRR 78.5)
			ends = "such a combat ends only by a side's retreat, and is otherwise reported as unfinished"
		}
		p.Warnings = append(p.Warnings, "no unit on either side can score a hit in space combat with these modifiers: "+ends+", stopped at "+stop)
	}
	if sc.Action != SpaceCombat && fights(OnGround, RollGround) {
		p.neverEnds = true
		p.Warnings = append(p.Warnings, "no unit on either side can score a hit in ground combat with these modifiers: such a combat never ends; it is reported as unfinished, stopped at "+stop)
	}
	for i := range NumSides {
		s := sc.Side(i)
		if up := s.Upgraded; s.AdjacentPDS > 0 && !p.Ti3 && !up[units.PDS] {
			p.Warnings = append(p.Warnings, fmt.Sprintf("the %s's %d adjacent PDS do not fire: only PDS II may fire into an adjacent system (add pds-ii to the %s's technologies)", i.String(), s.AdjacentPDS, i.String()))
		}
	}
	for i := range NumSides {
		if sc.Action == GroundCombat {
			break
		}
		cp := &p.Side[i].Capacity
		if len(cp.Cargo) == 0 {
			continue
		}
		room, cargo := int(cp.free), 0
		for _, s := range cp.carriers {
			room += int(p.Side[i].Start[s]) * p.Side[i].Slots[s].Stats.Capacity
		}
		for _, s := range cp.Cargo {
			cargo += int(p.Side[i].Start[s])
		}
		if cargo > room {
			p.Warnings = append(p.Warnings, fmt.Sprintf("the %s's fighters and ground forces in space (%d) exceed what its ships can carry (%d); the excess is removed when the space combat ends", i.String(), cargo, room))
		}
	}
}

// compileSide builds side idx's plan from s: its slots, its rolls and
// its hit-assignment orders.
func compileSide(s *Force, idx Side, sc *Input, fx effectSet) (SidePlan, error) {
	var sp SidePlan
	if err := sp.compileSlots(s, idx, fx); err != nil {
		return sp, err
	}
	sp.compileRolls(s, idx, sc)
	sp.compileOrders(s)
	sp.Derive()
	return sp, nil
}

// addSlot appends a slot of n units of st in zone z (report: shown among
// the survivors) and returns its index.
func (sp *SidePlan) addSlot(st units.Stats, z zone, n int, report bool) uint8 {
	i := uint8(len(sp.Slots))
	sp.Slots = append(sp.Slots, Slot{
		Stats: st, Zone: z, Sustain: st.Sustain,
		CostHalves: int32(st.Cost * 2), Report: report,
	})
	sp.Start[i] = uint16(n)
	return i
}

// compileSlots lays out the side's units: one slot per unit type of its
// fleet (the defender's structures and ground forces on the planet), its
// adjacent PDS (with PDS II: space cannon offense only) and its PDS
// elsewhere in the system, then the slots its texts add (variants, twins,
// the TI3 units).
func (sp *SidePlan) compileSlots(s *Force, idx Side, fx effectSet) error {
	up := s.Upgraded
	f := s.FactionOrNone()
	for _, g := range s.Fleet.Groups() {
		st, err := f.Unit(g.Kind, up[g.Kind])
		if err != nil {
			return err
		}
		z := ZoneSpace
		if idx == Defender && (g.Kind.Structure() || g.Kind.GroundForce()) {
			z = ZonePlanet // the attacker's structures ride on its ships (Ral Nel)
		}
		i := sp.addSlot(st, z, g.Count, true)
		sp.StartDamaged[i] = uint16(g.Damaged)
		if g.Kind.Ship() {
			sp.hadShips = true
		}
	}
	if s.AdjacentPDS > 0 && up[units.PDS] {
		st, _ := f.Unit(units.PDS, true)
		sp.addSlot(st, ZoneAdjacent, s.AdjacentPDS, false)
	}
	if s.SystemPDS > 0 {
		st, _ := f.Unit(units.PDS, up[units.PDS])
		sp.addSlot(st, zoneSystem, s.SystemPDS, false)
	}
	sp.tradeGoods, sp.influence = int16(s.TradeGoods), int16(s.Influence)
	sp.VariantWarnings = fx.AddSlots(sp, s, idx)
	if err := sp.checkDamagedTwice(s, idx); err != nil {
		return err
	}
	if len(sp.Slots) > MaxSlots {
		return fmt.Errorf("too many unit types (%d); at most %d", len(sp.Slots), MaxSlots)
	}
	return nil
}

// addRoll adds slot i's roll r (combat, space cannon, barrage,
// bombardment) when the unit has it, at its printed value (the side's
// modifiers are composed onto it: compose). Under TI3 a damaged unit rolls
// one die fewer in combat and bombardment.
func (sp *SidePlan) addRoll(i int, r RollKind, roll units.Roll, ti3 bool) {
	if !roll.Has() {
		return
	}
	ro := Roller{Slot: uint8(i), Dice: uint8(roll.Dice), Base: int8(roll.Value)}
	if ti3 && roll.Dice > 1 && (r == RollSpace || r == RollGround || r == RollBombard) {
		ro.loss = 1
	}
	sp.Rollers[r] = append(sp.Rollers[r], ro)
}

// compileRolls gives each slot the rolls its unit makes where it stands,
// at their printed values, with the static modifiers of the input (the
// side's modifier; +1 to the defender's ships in a nebula, LRR 59) recorded
// for the combat rounds (compose), and lists the planetary shields, the
// shield breakers and the units that revive.
func (sp *SidePlan) compileRolls(s *Force, idx Side, sc *Input) {
	var mod [NumCombatTypes]int
	mod[InSpace] = s.Modifier
	mod[OnGround] = s.Modifier
	if sc.Nebula && idx == Defender {
		mod[InSpace]++ // LRR 59: the defender's ships in a nebula
	}
	ti3 := sc.Edition == EditionTI3SA
	sp.everyRoll = int8(-s.AllRollsModifier)
	for i, sl := range sp.Slots {
		st, k := sl.Stats, sl.Stats.Kind
		switch {
		case sl.NoAbilityHits && sl.Zone == ZoneSpace: // a ship and a ground force
			sp.addRoll(i, RollSpace, st.Combat, ti3)
			sp.addRoll(i, RollGround, st.Combat, ti3)
		case sl.Form == FormShip:
			sp.addRoll(i, RollSpace, st.Combat, ti3)
		case sl.Form == FormGround:
			sp.addRoll(i, RollGround, st.Combat, ti3)
		case sl.Zone == ZoneAdjacent || sl.Zone == zoneSystem:
			sp.addRoll(i, RollSCO, st.SpaceCannon, ti3) // space cannon offense only; never hit
		case k.Ship():
			sp.addRoll(i, RollSCO, st.SpaceCannon, ti3)
			sp.addRoll(i, RollAFB, st.AFB, ti3)
			sp.addRoll(i, RollSpace, st.Combat, ti3)
			if idx == Attacker {
				sp.addRoll(i, RollBombard, st.Bombardment, ti3)
			}
		case k.GroundForce():
			sp.addRoll(i, RollGround, st.Combat, ti3)
		case k.Structure() && sl.Zone == ZoneSpace:
			// A Ral Nel structure carried into the space area
			// (Miniaturization): no unit abilities there.
		case k.Structure():
			sp.addRoll(i, RollSCO, st.SpaceCannon, ti3)
			if idx == Defender {
				sp.addRoll(i, RollSCD, st.SpaceCannon, ti3)
			}
		}
		if st.PlanetaryShield && sl.Zone == ZonePlanet {
			sp.Shields = append(sp.Shields, uint8(i))
		}
		if st.RemovesPlanetaryShield && sl.Zone == ZoneSpace {
			sp.ShieldBreakers = append(sp.ShieldBreakers, uint8(i))
		}
	}
	// The side's modifier is to its combat rolls, the combat rounds' (not
	// space cannon, barrage, bombardment nor the pre-combat shots: Side.Modifier).
	all := func(uint8) bool { return true }
	sp.addModifier(RollSpace, -mod[InSpace], all)
	sp.addModifier(RollGround, -mod[OnGround], all)
	for r := range sp.Rollers {
		sp.compose(RollKind(r))
	}
	sp.TargetOf = rollTargets
	sp.SustainCancels = 1
	for i, sl := range sp.Slots {
		if sl.Stats.Revive.Has() && sl.Report {
			sp.Revivers = append(sp.Revivers, uint8(i))
		}
	}
}

// compileOrders builds the hit-assignment orders: the policy's kind
// sequence restricted to each target set; units that are both ships and
// ground forces are the last ships lost; non-fighters
// first is the ship order without fighters, then the fighters.
func (sp *SidePlan) compileOrders(s *Force) {
	sp.sustainLast = s.Order.SustainLast
	for _, k := range s.Order.Sequence() {
		for i, sl := range sp.Slots {
			if sl.Stats.Kind != k || sl.Zone == ZoneAdjacent || sl.Zone == zoneSystem || (sl.Form != FormUnit && sl.Form != FormWorn) {
				continue
			}
			switch {
			case k.Ship():
				sp.Order[TShips] = append(sp.Order[TShips], uint8(i))
				if k == units.Fighter {
					sp.Order[TFighters] = append(sp.Order[TFighters], uint8(i))
				}
			case k.GroundForce():
				sp.Order[TGround] = append(sp.Order[TGround], uint8(i))
			}
		}
	}
	for i, sl := range sp.Slots {
		if sl.NoAbilityHits && sl.Zone == ZoneSpace {
			sp.Order[TShips] = append(sp.Order[TShips], uint8(i))
		}
	}
	for _, i := range sp.Order[TShips] {
		if sp.Slots[i].Stats.Kind != units.Fighter {
			sp.Order[TNonFighters] = append(sp.Order[TNonFighters], i)
		}
	}
	sp.Order[TNonFighters] = append(sp.Order[TNonFighters], sp.Order[TFighters]...)
	sp.Order[TFleet] = sp.twinOrder(sp.Order[TShips], FormShip)
	sp.Order[TGround] = sp.twinOrder(sp.Order[TGround], FormGround)
	for _, tg := range [...]Targets{TShips, TFighters, TGround, TNonFighters} {
		for _, i := range sp.Order[tg] {
			sp.In[i] |= 1 << tg
			sp.Count[tg] += int32(sp.Start[i])
		}
	}
}

// derivedSets are the target sets made from another (its base): the
// units of the space combat from the ships, and the units that hits of
// unit abilities may be assigned to from the ground forces and the ships.
var derivedSets = [...]struct{ set, base Targets }{{TFleet, TShips}, {TGroundAbility, TGround}, {TShipsAbility, TShips}}

// Derive rebuilds the target sets derived from others — tGroundAbility and
// tShipsAbility, the ground forces and ships without the units immune to
// unit abilities' hits — and sp.same. Effects that change the ground or
// ship orders after compileSide call it.
func (sp *SidePlan) Derive() {
	for _, d := range [...]struct{ to, from Targets }{{TGroundAbility, TGround}, {TShipsAbility, TShips}} {
		sp.Order[d.to] = sp.Order[d.to][:0]
		for _, s := range sp.Order[d.from] {
			if !sp.Slots[s].NoAbilityHits {
				sp.Order[d.to] = append(sp.Order[d.to], s)
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
		sp.Count[d.set] = 0
		for i := range sp.In {
			sp.In[i] &^= 1 << d.set
		}
		if slices.Equal(sp.Order[d.set], sp.Order[d.base]) {
			sp.countAs[d.set] = d.base
			continue
		}
		for _, s := range sp.Order[d.set] {
			sp.In[s] |= 1 << d.set
			sp.Count[d.set] += int32(sp.Start[s])
		}
	}
}

// sameTargets reports whether target sets a and b hold the same units in
// the same order.
func (sp *SidePlan) sameTargets(a, b Targets) bool { return sp.same[a] == sp.same[b] }

// setSame sets sp.same from the orders; effects that change an order call
// it again.
func (sp *SidePlan) setSame() {
	for tg := range numTargets {
		sp.same[tg] = tg
		for u := range tg {
			if slices.Equal(sp.Order[u], sp.Order[tg]) {
				sp.same[tg] = u
				break
			}
		}
	}
}

// SustainBlocker: while the other side has units in slot source, this
// side's units cannot use Sustain Damage against hits aimed at the target
// sets in sets (bit tg for target set tg). Whether the source is there is
// read at the start of an Assign Hits step (trial.freezeSustain).
type SustainBlocker struct {
	Source uint8
	Sets   targetSet
}

// targetSet is a set of target sets: bit tg stands for target set tg.
type targetSet uint16

// SetOf returns the set holding the given target sets.
func SetOf(tgs ...Targets) targetSet {
	var m targetSet
	for _, tg := range tgs {
		m |= 1 << tg
	}
	return m
}

// has reports whether target set tg is in m.
func (m targetSet) has(tg Targets) bool { return m&(1<<tg) != 0 }

// Aura is a modifier to some slots' dice while a source slot has units
// alive.
type Aura struct {
	Source  uint8
	Targets [MaxSlots]bool
	// Delta is added to the targets' hit thresholds (negative helps).
	Delta int
}

// AuraShift returns the threshold change the side's auras of kind r make
// to slot s with the given units alive.
func (sp *SidePlan) AuraShift(r RollKind, s uint8, alive *[MaxSlots]uint16) int {
	d := 0
	for i := range sp.Auras[r] {
		a := &sp.Auras[r][i]
		if a.Targets[s] && alive[a.Source] > 0 {
			d += a.Delta
		}
	}
	return d
}

// staticMod is a static modifier to the threshold of some slots' rolls of
// one kind: +delta makes hits harder.
type staticMod struct {
	delta int8
	slots [MaxSlots]bool
}

// addModifier records a static modifier of delta to the side's rolls of
// kind r by the slots keep says, among the slots the side has now (a slot
// added later — a card's own roll, units that join — takes its own value),
// and recomposes the kind's thresholds.
func (sp *SidePlan) addModifier(r RollKind, delta int, keep func(s uint8) bool) {
	if delta == 0 {
		return
	}
	m := staticMod{delta: int8(delta)}
	for i := range sp.Slots {
		m.slots[i] = keep(uint8(i))
	}
	sp.mods[r] = append(sp.mods[r], m)
	sp.compose(r)
}

// compose is the one place a roll's threshold is made: each roller of kind
// r gets thr = Base + the side's modifier to every roll (everyRoll) + the
// sum of the side's static modifiers of kind r that apply to its slot,
// whenever the roller was added and whichever text added
// it or set its Base; then the rollers are regrouped. It recomputes from
// Base each time, so the order in which texts attach does not matter and a
// text that sets a value cannot drop another's modifier. Modifiers that
// depend on the trial (auras, round modifiers, hooks) are added to thr
// during the roll. It runs at compile time only: the trials read the
// composed thresholds and groups.
func (sp *SidePlan) compose(r RollKind) {
	sp.composeAll(r, sp.Rollers[r])
	if r == RollBombard {
		sp.composeAll(r, sp.ThroughShield) // the same roll, through the shield
	}
	sp.Groups[r] = GroupRollers(sp.Rollers[r])
}

// composeAll composes the thresholds of rollers rs of kind r (compose).
func (sp *SidePlan) composeAll(r RollKind, rs []Roller) {
	for i := range rs {
		ro := &rs[i]
		thr := int(ro.Base) + int(sp.everyRoll)
		for j := range sp.mods[r] {
			if m := &sp.mods[r][j]; m.slots[ro.Slot] {
				thr += int(m.delta)
			}
		}
		ro.thr = int8(max(-20, min(30, thr)))
	}
}

// AdjustThresholds gives side a static modifier of delta to the hit
// thresholds of its rolls of kind r by the slots keep says (+delta makes
// hits harder): recorded, and composed onto every roller of those slots,
// those added later too (compose). Effects call it at compile time.
func (p *Plan) AdjustThresholds(side Side, r RollKind, delta int, keep func(s uint8) bool) {
	p.Side[side].addModifier(r, delta, keep)
}

// RollerThr returns the static threshold of side's roller of kind r for
// slot s, and whether s has one.
func (p *Plan) RollerThr(side Side, r RollKind, s uint8) (int8, bool) {
	for _, ro := range p.Side[side].Rollers[r] {
		if ro.Slot == s {
			return ro.thr, true
		}
	}
	return 0, false
}

// AddRoller gives side a roll of kind r with the given value and dice from
// a unit that is not on the board as a unit (a card's or a structure's own
// ability): a slot that is never reported nor hit, present from the start
// (effects may set its count per round instead). It returns the slot, and
// false when there is no room for it (with a warning).
func (p *Plan) AddRoller(side Side, r RollKind, name string, value, dice int) (uint8, bool) {
	sp := &p.Side[side]
	i := uint8(len(sp.Slots))
	if int(i) >= MaxSlots {
		p.Warnings = append(p.Warnings, name+": too many unit types to add its roll; ignored")
		return 0, false
	}
	sp.Slots = append(sp.Slots, Slot{Stats: units.Stats{Name: name, Kind: units.PDS}, Zone: ZoneAdjacent})
	sp.Start[i] = 1
	sp.AppendRoller(r, Roller{Slot: i, Dice: uint8(dice), Base: int8(value)})
	return i, true
}

// WarnOnce adds a warning unless it is already there (a law may be listed
// by both sides).
func (p *Plan) WarnOnce(w string) {
	if !slices.Contains(p.Warnings, w) {
		p.Warnings = append(p.Warnings, w)
	}
}
