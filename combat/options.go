package combat

import "github.com/ti4sim/ti4sim/combat/internal/engine"

// MaxTrials is the largest Options.Trials.
const MaxTrials = engine.MaxTrials

// RoundCap is the most combat rounds one combat is played for. A combat
// that cannot end (no unit can score a hit any more, and nothing else ends
// it) is stopped there: it is unresolved, reported as unfinished, and its
// rounds count as RoundCap. It is also the largest Scenario.MaxRounds and
// retreat round.
const RoundCap = engine.RoundCap

// Options control a run.
type Options = engine.Options
