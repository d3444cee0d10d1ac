package engine

// The steps of each action, in the rules' order, written once. Monte Carlo
// plays them on one trial (sample); the exact solver carries a
// distribution of states through the same list (Solver.Solve and
// Solver.walkInvasion), so a step added or moved here moves in both.

// step is one step of an action.
type step uint8

const (
	// stepSpaceCannonOffense: both sides' Space Cannon fire at the other's
	// ships, the attacker first (LRR 77.3, Space Cannon 76).
	stepSpaceCannonOffense step = iota
	// stepSpaceCombat: a space combat when both sides have ships (LRR 78):
	// start-of-combat effects, anti-fighter barrage, rounds.
	stepSpaceCombat
	// stepInvasionGate: the attacker invades only with ships left to carry
	// its ground forces (capacity, LRR 16); effects at the start of the
	// invasion (LRR 49).
	stepInvasionGate
	// stepBombardment: Bombardment of the planet (LRR 15, 49.1) unless it
	// has Planetary Shield.
	stepBombardment
	// stepCommit: the attacker commits its ground forces (LRR 49.2).
	stepCommit
	// stepSpaceCannonDefense: the planet's Space Cannon fire at the
	// committed ground forces (LRR 49.3).
	stepSpaceCannonDefense
	// stepGroundCombat: a ground combat when both sides have ground forces
	// on the planet (LRR 42, 49.4), then control.
	stepGroundCombat
	numSteps
)

// actionSteps lists each action's steps in order.
var actionSteps = [...][]step{
	SpaceCombat:  {stepSpaceCannonOffense, stepSpaceCombat},
	GroundCombat: {stepGroundCombat},
	Invasion: {
		stepSpaceCannonOffense, stepSpaceCombat, stepInvasionGate,
		stepBombardment, stepCommit, stepSpaceCannonDefense, stepGroundCombat,
	},
}

// inSpaceArea reports whether st acts in the space area (before the
// invasion's steps on the planet).
func (st step) inSpaceArea() bool { return st <= stepSpaceCombat }

// sample is each step played on one trial; false ends the action there.
var sample = [numSteps]func(*Trial) bool{
	stepSpaceCannonOffense: (*Trial).spaceCannonOffense,
	stepSpaceCombat:        (*Trial).spaceCombat,
	stepInvasionGate:       (*Trial).invasionGate,
	stepBombardment:        (*Trial).bombardment,
	stepCommit:             (*Trial).commitGroundForces,
	stepSpaceCannonDefense: (*Trial).spaceCannonDefense,
	stepGroundCombat:       (*Trial).groundCombat,
}

// samplers returns the Monte Carlo steps of action a.
func samplers(a Action) []func(*Trial) bool {
	var out []func(*Trial) bool
	for _, st := range actionSteps[a] {
		out = append(out, sample[st])
	}
	return out
}
