package combat

// combatType indexes the two kinds of combat in hook tables.
type combatType uint8

const (
	inSpace combatType = iota
	onGround
	numCombatTypes
)

// rollKind is a kind of dice roll. Each kind has its own dice, targets and
// rules for modifiers and Sustain Damage.
type rollKind uint8

const (
	rollSCO       rollKind = iota // space cannon offense: ships, sustain allowed
	rollAFB                       // anti-fighter barrage: fighters only, no sustain
	rollSpace                     // space combat round: ships
	rollBombard                   // bombardment: ground forces on the planet
	rollSCD                       // space cannon defense: committed ground forces
	rollGround                    // ground combat round: ground forces
	rollEffect                    // hits an effect produces against ships (Reflective Shielding)
	rollPreCombat                 // pre-combat shots after the barrage (Twilight Imperium 3's Assault Cannon)
	numRollKinds
)

func (r rollKind) String() string {
	return [numRollKinds]string{"space cannon offense", "anti-fighter barrage", "space combat", "bombardment", "space cannon defense", "ground combat", "effect", "pre-combat shot"}[r]
}

// combatRoll reports whether modifiers to "combat rolls" apply to r (LRR 56:
// they do not touch anti-fighter barrage, space cannon or bombardment).
func (r rollKind) combatRoll() bool { return r == rollSpace || r == rollGround }

// sustainable reports whether Sustain Damage may cancel hits of r
// (non-fighter ships cannot sustain anti-fighter barrage hits, which only
// fighters take anyway).
func (r rollKind) sustainable() bool { return r != rollAFB }

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
	startOfCombat [numCombatTypes][]func(t *trial)
	// startOfRound runs at the start of every combat round.
	startOfRound [numCombatTypes][]func(t *trial)
	// endOfRound runs after hits of a round are assigned.
	endOfRound [numCombatTypes][]func(t *trial)
	// endOfCombat runs when a combat ends (or would have been fought: it
	// runs after the space combat step and the ground combat step even
	// when no combat took place), after its winner is known and before
	// capacity is checked.
	endOfCombat [numCombatTypes][]func(t *trial)
	// afterResult runs once the action's outcome is settled (units that
	// leave after control is established: the Matriarch's original
	// printing).
	afterResult []func(t *trial)
	// startOfInvasion runs when the invasion takes place, before
	// bombardment.
	startOfInvasion []func(t *trial)
	// afterBombard runs after the bombardment's hits are assigned, with the
	// defender's units as they were before it.
	afterBombard []func(t *trial, before *[maxSlots]uint16)
	// rollModifier[r] returns a modifier to add to side's dice of kind r
	// this round, on top of the static modifiers compiled into thresholds.
	rollModifier [numRollKinds][]func(t *trial, side sideID) int
	// beforeAssign[r] may cancel hits produced against side by a roll of
	// kind r; it returns the hits left to assign.
	beforeAssign [numRollKinds][]func(t *trial, side sideID, hits int) int
	// afterAssign[r] runs after side has assigned the hits of a roll of
	// kind r.
	afterAssign [numRollKinds][]func(t *trial, side sideID)
	// onSustain runs when a unit of side in slot s uses Sustain Damage to
	// cancel a hit of a roll of kind r.
	onSustain []func(t *trial, side sideID, s uint8, r rollKind)
	// onDestroyed runs when a hit of a roll of kind r destroys a unit of
	// side in slot s.
	onDestroyed []func(t *trial, side sideID, s uint8, r rollKind)
	// retreat runs at the Announce Retreats step with the side that
	// announces a retreat (or -1) and returns who retreats (Rout,
	// Intercept).
	retreat []func(t *trial, leaving sideID) sideID
	// onRetreat runs when side's ships retreat from the space combat.
	onRetreat []func(t *trial, side sideID)
	// slotModifier[r] returns a modifier for one slot's dice of kind r this
	// roll (Fighter Prototype); rolls with it are drawn slot by slot.
	slotModifier [numRollKinds][]func(t *trial, side sideID, s uint8) int
	// rerollMisses[r] says whether side rerolls its missed dice of a roll
	// of kind r once (Fire Team).
	rerollMisses [numRollKinds][]func(t *trial, side sideID) bool
	// boostOne[r] may pick one unit of side (of slot s) whose dice of a
	// roll of kind r get +delta (Gravleash Maneuvers); ok false: none.
	boostOne [numRollKinds][]func(t *trial, side sideID) (s uint8, delta int, ok bool)
	// buyHits[r] says whether side may spend a trade good on each of its
	// dice of a roll of kind r that missed by 1, to add 1 to it (Wrath of
	// Kenara): the dice that missed by 1 are bought while trade goods last.
	buyHits [numRollKinds][]func(t *trial, side sideID) bool
	// rerollAll[r] sees side's hits with a roll of kind r and says whether
	// side must reroll all its dice (the opponent's Scramble Frequency).
	rerollAll [numRollKinds][]func(t *trial, side sideID, hits int) bool
	// afterCommit runs after the attacker commits its ground forces; false
	// sends them back to the space area: no invasion (Parley).
	afterCommit []func(t *trial) bool
	// afterRolls[ct] sees both sides' hits of a combat round before they
	// are assigned and may change them (Valkyrie Particle Weave): hits[0]
	// are the attacker's, hits[1] the defender's.
	afterRolls [numCombatTypes][]func(t *trial, hits *[2]int)
}

// beyondExact records that exact mode cannot express the effect name —
// what it keeps or chooses is more than the solver's state (a choice made
// round by round, captured units, repairs that make the chain cyclic) —
// so Solve refuses, naming it. What the solver does not replay because of
// the window an effect acts in needs no such call: registering in the
// window says it (windows.go).
func (p *plan) beyondExact(name string) {
	p.inexactNames = append(p.inexactNames, name)
}

// inexact returns the names of the effects the exact solver cannot
// express, in the order they attached.
func (p *plan) inexact() []string { return p.inexactNames }
