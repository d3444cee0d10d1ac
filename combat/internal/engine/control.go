package engine

// planetHolder is who holds the planet once the ground combat step is
// over, one rule for Monte Carlo (Trial.result) and the exact solver
// (Solver.groundPhase): the attacker with ground forces left takes it
// (LRR 49.5: it gains control); otherwise, when a ground combat was fought
// and left neither side with ground forces, nobody holds it (a draw) —
// except in Twilight Imperium 3's invasions, where the defender keeps a
// planet on which both sides died; otherwise the defender keeps it.
func (p *Plan) planetHolder(attackerHas, defenderHas, fought bool) outcome {
	switch {
	case attackerHas:
		return AttackerWins
	case fought && !defenderHas && !(p.Ti3 && p.action == Invasion):
		return draw
	}
	return DefenderWins
}
