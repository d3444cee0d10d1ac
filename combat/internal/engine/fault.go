package engine

import (
	"runtime"
	"strings"

	"github.com/ti4sim/ti4sim/internal/lazy"
)

// stepNames name the engine's functions that stand for a step of an
// action (LRR 77, 78, 49, 42), by method name: Monte Carlo's (*Trial) and
// the exact solver's (*Solver) share most of them.
var stepNames = lazy.Value[map[string]string]{Build: func() map[string]string {
	return map[string]string{
		"spaceCannonOffense": "space cannon offense",
		"spaceCombat":        "the space combat",
		"invasionGate":       "the invasion's start",
		"bombardment":        "bombardment",
		"commitGroundForces": "committing ground forces",
		"spaceCannonDefense": "space cannon defense",
		"groundCombat":       "the ground combat",
		"groundPhase":        "the ground combat",
		"walkPlanet":         "the invasion of the planet",
		"walkPlanetByRounds": "the invasion of the planet",
	}
}}

// partNames name the parts of a combat (LRR 78, 42) inside a step.
var partNames = lazy.Value[map[string]string]{Build: func() map[string]string {
	return map[string]string{
		"antiFighterBarrage": "anti-fighter barrage",
		"preCombatShots":     "start-of-combat shots",
		"combatRounds":       "combat rounds",
		"fastRounds":         "combat rounds",
		"fightRounds":        "combat rounds",
		"fight":              "combat rounds",
		"announceRetreats":   "retreats",
		"Assign":             "hit assignment",
	}
}}

// stageNames name the computation a panic happened in, by the function
// that runs it.
var stageNames = []struct{ suffix, name string }{
	{"engine.NewPlan", "compiling the scenario"},
	{"engine.(*Plan).Batch", "Monte Carlo trials"},
	{"engine.(*worker).Trials", "Monte Carlo trials"},
	{"engine.(*systemTrial).play", "Monte Carlo trials of the system"},
	{"engine.(*SystemPlan).Solve", "the exact solve of the system"},
	{"engine.(*Solver).Solve", "the exact solve"},
	{"engine.newOptimalPolicy", "the optimal policy"},
	{"engine.(*optimalPolicy)", "the optimal policy"},
}

// StepOf names the step of the scenario that the frames (innermost first)
// of a recovered panic were in: "the ground combat (combat rounds), Monte
// Carlo trials". It is the fault.Namer of the combat package.
func StepOf(frames []runtime.Frame) string {
	var step, part, stage string
	for _, f := range frames {
		if !strings.Contains(f.Function, "/combat/internal/engine.") {
			continue
		}
		name := f.Function[strings.LastIndexByte(f.Function, '.')+1:]
		if step == "" {
			step = stepNames.Get()[name]
		}
		if part == "" && step == "" {
			part = partNames.Get()[name]
		}
		for _, s := range stageNames {
			if stage == "" && strings.Contains(f.Function, s.suffix) {
				stage = s.name
			}
		}
	}
	switch {
	case step != "" && part != "":
		step += " (" + part + ")"
	case step == "":
		step = part
	}
	switch {
	case step == "":
		return stage
	case stage == "":
		return step
	}
	return step + " during " + stage
}
