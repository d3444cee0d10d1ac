package combat

// revertingRolls are the rolls after whose assignment a side's units
// revert (sidePlan.revert): those that hit ground forces.
var revertingRolls = [...]rollKind{rollGround, rollBombard, rollSCD}

// reversion turns every unit of slot from into a unit of slot to whenever
// the side has units in from and none in to (a TI3 shock troop left
// without ground forces becomes one). The zero reversion does nothing.
type reversion struct {
	from, to uint8
	on       bool
}

// due reports whether the reversion acts on these units.
func (rv reversion) due(alive *[maxSlots]uint16) bool {
	return rv.on && alive[rv.from] > 0 && alive[rv.to] == 0
}

// apply reverts the units of a state (alive and damaged counts): what the
// tables and the exact solver do; trial.revert does it on a trial.
func (rv reversion) apply(alive, damaged *[maxSlots]uint16) {
	if rv.due(alive) {
		alive[rv.to], damaged[rv.to] = alive[rv.from], damaged[rv.from]
		alive[rv.from], damaged[rv.from] = 0, 0
	}
}

// revert applies the side's reversion to the trial, keeping its counts.
func (t *trial) revert(side sideID) {
	if rv := t.p.side[side].revert; rv.due(&t.alive[side]) {
		t.moveAll(side, rv.from, rv.to)
	}
}
