package engine

// CombatType indexes the two kinds of combat in hook tables.
type CombatType uint8

const (
	InSpace CombatType = iota
	OnGround
	NumCombatTypes
)

// RollKind is a kind of dice roll. Each kind has its own dice, targets and
// rules for modifiers and Sustain Damage.
type RollKind uint8

const (
	RollSCO       RollKind = iota // space cannon offense: ships, sustain allowed
	RollAFB                       // anti-fighter barrage: fighters only, no sustain
	RollSpace                     // space combat round: ships
	RollBombard                   // bombardment: ground forces on the planet
	RollSCD                       // space cannon defense: committed ground forces
	RollGround                    // ground combat round: ground forces
	RollEffect                    // hits an effect produces against ships
	RollPreCombat                 // pre-combat shots after the barrage (Twilight Imperium 3)
	NumRollKinds
)

func (r RollKind) String() string {
	return [NumRollKinds]string{"space cannon offense", "anti-fighter barrage", "space combat", "bombardment", "space cannon defense", "ground combat", "effect", "pre-combat shot"}[r]
}

// combatRoll reports whether modifiers to "combat rolls" apply to r (LRR 56:
// they do not touch anti-fighter barrage, space cannon or bombardment).
func (r RollKind) combatRoll() bool { return r == RollSpace || r == RollGround }

// Sustainable reports whether Sustain Damage may cancel hits of r
// (non-fighter ships cannot sustain anti-fighter barrage hits, which only
// fighters take anyway).
func (r RollKind) Sustainable() bool { return r != RollAFB }

// hooks are the windows of the action where effects (cards, technologies,
// faction abilities) act. Each window is a list, so every effect is one small
// function added at compile time; an empty list costs nothing per trial.
// All functions run on the trial's goroutine and may change only the trial.
// Effects add hooks only through the registration methods of windows.go,
// which record the windows used: the fast tables and the exact solver read
// that record to know whether they still apply.
type hooks struct {
	// startOfCombat runs at the start of a combat, before anti-fighter
	// barrage (space) or the first round (ground); attacker's effects first.
	startOfCombat [NumCombatTypes][]func(t *Trial)
	// startOfRound runs at the start of every combat round.
	startOfRound [NumCombatTypes][]func(t *Trial)
	// endOfRound runs after hits of a round are assigned.
	endOfRound [NumCombatTypes][]func(t *Trial)
	// endOfCombat runs when a combat ends (or would have been fought: it
	// runs after the space combat step and the ground combat step even
	// when no combat took place), after its winner is known and before
	// capacity is checked.
	endOfCombat [NumCombatTypes][]func(t *Trial)
	// afterResult runs once the action's outcome is settled (units that
	// leave after control is established).
	afterResult []func(t *Trial)
	// startOfInvasion runs when the invasion takes place, before
	// bombardment.
	startOfInvasion []func(t *Trial)
	// afterBombard runs after the bombardment's hits are assigned, with the
	// defender's units as they were before it.
	afterBombard []func(t *Trial, before *[MaxSlots]uint16)
	// rollModifier[r] returns a modifier to add to side's dice of kind r
	// this round, on top of the static modifiers compiled into thresholds.
	rollModifier [NumRollKinds][]func(t *Trial, side Side) int
	// beforeAssign[r] may cancel hits produced against side by a roll of
	// kind r; it returns the hits left to assign.
	beforeAssign [NumRollKinds][]func(t *Trial, side Side, hits int) int
	// afterAssign[r] runs after side has assigned the hits of a roll of
	// kind r.
	afterAssign [NumRollKinds][]func(t *Trial, side Side)
	// OnSustain runs when a unit of side in slot s uses Sustain Damage to
	// cancel a hit of a roll of kind r.
	OnSustain []func(t *Trial, side Side, s uint8, r RollKind)
	// onDestroyed runs when a hit of a roll of kind r destroys a unit of
	// side in slot s.
	onDestroyed []func(t *Trial, side Side, s uint8, r RollKind)
	// retreat runs at the Announce Retreats step with the side that
	// announces a retreat (or NoSide) and returns who retreats (cards
	// that force or stop a retreat).
	retreat []func(t *Trial, leaving Side) Side
	// onRetreat runs when side's ships retreat from the space combat.
	onRetreat []func(t *Trial, side Side)
	// SlotModifier[r] returns a modifier for one slot's dice of kind r this
	// roll ; rolls with it are drawn slot by slot.
	SlotModifier [NumRollKinds][]func(t *Trial, side Side, s uint8) int
	// rerollMisses[r] says whether side rerolls its missed dice of a roll
	// of kind r once.
	rerollMisses [NumRollKinds][]func(t *Trial, side Side) bool
	// boostOne[r] may pick one unit of side (of slot s) whose dice of a
	// roll of kind r get +delta; ok false: none.
	boostOne [NumRollKinds][]func(t *Trial, side Side) (s uint8, delta int, ok bool)
	// buyHits[r] says whether side may spend a trade good on each of its
	// dice of a roll of kind r that missed by 1, to add 1 to it: the dice
	// that missed by 1 are bought while trade goods last.
	buyHits [NumRollKinds][]func(t *Trial, side Side) bool
	// rerollAll[r] sees side's hits with a roll of kind r and says whether
	// side must reroll all its dice.
	rerollAll [NumRollKinds][]func(t *Trial, side Side, hits int) bool
	// afterCommit runs after the attacker commits its ground forces; false
	// sends them back to the space area: no invasion.
	afterCommit []func(t *Trial) bool
	// afterRolls[ct] sees both sides' hits of a combat round before they
	// are assigned and may change them: hits[0]
	// are the attacker's, hits[1] the defender's.
	afterRolls [NumCombatTypes][]func(t *Trial, hits *[2]int)
	// pools[side], when set, is side's dice whose space combat hits the
	// opponent must assign to non-fighter ships (ForceToNonFighters):
	// the after-rolls hook Monte Carlo plays, as data the exact solver
	// plays itself (exactpool.go).
	pools [NumSides]*nonFighterPool
}

// BeyondExact records that exact mode cannot express the effect name —
// what it keeps or chooses is more than the solver's state (a choice made
// round by round, captured units, repairs that make the chain cyclic) —
// so Solve refuses, naming it. What the solver does not replay because of
// the window an effect acts in needs no such call: registering in the
// window says it (windows.go).
func (p *Plan) BeyondExact(name string) {
	p.inexactNames = append(p.inexactNames, name)
}

// Inexact returns the names of the effects the exact solver cannot
// express, in the order they attached.
func (p *Plan) Inexact() []string { return p.inexactNames }
