package engine

import (
	"github.com/ti4sim/ti4sim/internal/montecarlo"
)

// pilotTrials is the number of trials DicePerTrial plays to learn how
// many rounds a trial lasts: enough for a mean within a few percent, few
// enough to cost a few milliseconds for the largest fleets.
const pilotTrials = 64

// pilotSeed seeds the pilot's stream, the same for every run, so that an
// estimate (and a refusal) depends on the scenario alone, never on the
// run's seed.
const pilotSeed = 0x70696c6f74 // "pilot"

// combatRolls are the roll kinds rolled each combat round, by combat.
var combatRolls = [NumCombatTypes]RollKind{InSpace: RollSpace, OnGround: RollGround}

// onceRolls are the roll kinds rolled once an action at most, by action:
// space cannon offense, the barrage and pre-combat shots before a space
// combat; bombardment and space cannon defense in an invasion.
var onceRolls = [...][]RollKind{
	SpaceCombat:  {RollSCO, RollAFB, RollPreCombat},
	GroundCombat: {},
	Invasion:     {RollSCO, RollAFB, RollPreCombat, RollBombard, RollSCD},
}

// DicePerTrial estimates the dice one trial of p rolls: the dice both
// sides start with in each combat's rounds times the mean rounds of that
// combat over a pilot of pilotTrials trials, plus the dice rolled once
// (space cannon, barrage, bombardment, pre-combat shots). Units destroyed
// roll no more, so it estimates from above. The Monte Carlo engine draws
// about as many random numbers as dice are rolled, or fewer (grouped
// dice, round tables), so dice measure a run's work.
func (p *Plan) DicePerTrial() float64 {
	w := NewWorker(p)
	w.Trials(montecarlo.Stream(pilotSeed, 0), pilotTrials)
	dice := 0.0
	for ct, r := range combatRolls {
		rounds := float64(w.Acc.rounds[ct].sum) / float64(w.Acc.N)
		dice += rounds * float64(p.startDice(r))
	}
	for _, r := range onceRolls[p.action] {
		dice += float64(p.startDice(r))
	}
	return max(dice, 1)
}

// startDice is the dice both sides' units roll in one roll of kind r at
// the start.
func (p *Plan) startDice(r RollKind) int {
	n := 0
	for s := range NumSides {
		sp := &p.Side[s]
		for _, ro := range sp.Rollers[r] {
			per := int(ro.Dice)
			if ro.PerOpponentShip {
				per = p.Side[s.Opp()].ships()
			}
			n += int(sp.Start[ro.Slot]) * per
		}
		if len(sp.Rollers[r]) > 0 {
			n += int(sp.ExtraDice[r])
		}
	}
	return n
}

// ships is the side's ships at the start (non-fighter ships and
// fighters alike: an upper count for dice rolled per opponent ship).
func (sp *SidePlan) ships() int {
	n := 0
	for i, sl := range sp.Slots {
		if sl.Zone == ZoneSpace {
			n += int(sp.Start[i])
		}
	}
	return n
}
