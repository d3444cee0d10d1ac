package engine

// RevertingRolls are the rolls after whose assignment a side's units
// revert (sidePlan.revert): those that hit ground forces.
var RevertingRolls = [...]RollKind{RollGround, RollBombard, RollSCD}

// Reversion turns every unit of slot from into a unit of slot to whenever
// the side has units in from and none in to (a TI3 shock troop left
// without ground forces becomes one). The zero reversion does nothing.
type Reversion struct {
	From, To uint8
	On       bool
}

// due reports whether the reversion acts on these units.
func (rv Reversion) due(alive *[MaxSlots]uint16) bool {
	return rv.On && alive[rv.From] > 0 && alive[rv.To] == 0
}

// apply reverts the units of a state (alive and damaged counts): what the
// tables and the exact solver do; trial.revert does it on a trial.
func (rv Reversion) apply(alive, damaged *[MaxSlots]uint16) {
	if rv.due(alive) {
		alive[rv.To], damaged[rv.To] = alive[rv.From], damaged[rv.From]
		alive[rv.From], damaged[rv.From] = 0, 0
	}
}

// Revert applies the side's reversion to the trial, keeping its counts.
func (t *Trial) Revert(side Side) {
	if rv := t.P.Side[side].Revert; rv.due(&t.Alive[side]) {
		t.moveAll(side, rv.From, rv.To)
	}
}
