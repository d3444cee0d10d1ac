package combat

import (
	"github.com/ti4sim/ti4sim/combat/internal/effects"
	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/internal/fault"
	"github.com/ti4sim/ti4sim/units"
)

// UnitStats returns, for each side of sc, the stats of each kind of unit
// it fields as the engine plays it: the faction's unit with the side's
// unit upgrades, technologies and other texts applied (of a kind in
// several forms, the first the fleet lists). Units outside the fight (PDS
// in adjacent systems or on other planets) and rolls that no unit makes
// are left out; so are sc's planets, bombardment focus and commit policy,
// which it does not read. It refuses a scenario the engine cannot
// compile, naming the input at fault. The fleet advisor reads its
// candidates' costs and capacities here.
func UnitStats(sc Scenario) (attacker, defender map[units.Kind]units.Stats, err error) {
	defer fault.Catch(&err, engine.StepOf)
	in := sc.internal()
	p, err := effects.Compile(&in)
	if err != nil {
		return nil, nil, err
	}
	return fieldedStats(&p.Side[engine.Attacker]), fieldedStats(&p.Side[engine.Defender]), nil
}

// fieldedStats is UnitStats for one side's plan.
func fieldedStats(sp *engine.SidePlan) map[units.Kind]units.Stats {
	out := map[units.Kind]units.Stats{}
	for _, sl := range sp.Slots {
		if sl.Form == engine.FormUnit && !sl.NotUnit && sl.Report {
			if _, ok := out[sl.Stats.Kind]; !ok {
				out[sl.Stats.Kind] = sl.Stats
			}
		}
	}
	return out
}
