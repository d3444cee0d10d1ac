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
	rollSCO     rollKind = iota // space cannon offense: ships, sustain allowed
	rollAFB                     // anti-fighter barrage: fighters only, no sustain
	rollSpace                   // space combat round: ships
	rollBombard                 // bombardment: ground forces on the planet
	rollSCD                     // space cannon defense: committed ground forces
	rollGround                  // ground combat round: ground forces
	numRollKinds
)

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
type hooks struct {
	// startOfCombat runs at the start of a combat, before anti-fighter
	// barrage (space) or the first round (ground); attacker's effects first.
	startOfCombat [numCombatTypes][]func(t *trial)
	// startOfRound runs at the start of every combat round.
	startOfRound [numCombatTypes][]func(t *trial)
	// endOfRound runs after hits of a round are assigned.
	endOfRound [numCombatTypes][]func(t *trial)
	// rollModifier returns a modifier to add to side's dice of kind r this
	// round, on top of the static modifiers compiled into the thresholds.
	rollModifier []func(t *trial, side int, r rollKind) int
	// beforeAssign may cancel hits produced against side by a roll of kind
	// r; it returns the hits left to assign.
	beforeAssign []func(t *trial, side int, r rollKind, hits int) int
	// afterAssign runs after side has assigned the hits of a roll of kind r.
	afterAssign []func(t *trial, side int, r rollKind)
}
