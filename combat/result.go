package combat

import "github.com/ti4sim/ti4sim/combat/internal/engine"

// Counts are the number of trials that ended each way.
type Counts = engine.Counts

// Mean is an estimated expected value with its standard error (SE >= 0).
type Mean = engine.Mean

// Outcomes are the probabilities of the three ways an action ends. Their
// meaning depends on the action: for a space combat, who has ships
// left; for a ground combat, who has ground forces left; for an invasion,
// AttackerWin is "the attacker controls the planet", DefenderWin "the
// defender still controls it (with ground forces left, or no invasion took
// place)", and Draw "the ground combat ended with no ground forces on
// either side" under Twilight Imperium 4. Under Twilight Imperium 3
// (EditionTI3SA) the defender keeps a planet where the ground combat wiped
// out both sides: those trials are part of DefenderWin, and Draw is 0 (a
// combat that never ends is Unfinished, in both games). BothWipedOut says how many trials ended with
// both sides' ground forces wiped out whatever the game; it is a part of
// Draw (TI4) or of DefenderWin (TI3), not an outcome of its own.
//
// With retreat policies, a space combat can also end with a side's ships
// retreating (AttackerRetreats, DefenderRetreats); in an invasion an
// attacker retreat means no invasion. Unfinished is a combat still going
// on when it was stopped: after the last round of a round limit
// (Scenario.MaxRounds), or at the round cap (RoundCap) for a combat that
// never ends because no unit can score a hit any more (its rounds count as
// RoundCap). All outcome probabilities add up to 1.
type Outcomes = engine.Outcomes

// Phase is the result of the space combat within an invasion.
type Phase = engine.Phase

// Probability is an estimated probability with its 95% Wilson score
// interval: 0 <= Lo <= P <= Hi <= 1.
type Probability = engine.Probability

// Result is what Run found.
type Result = engine.Result

// Rounds describes how many combat rounds were fought.
type Rounds = engine.Rounds

// SideResult is what one side keeps and loses.
type SideResult = engine.SideResult

// State is one way both sides' units can stand, with its probability.
type State = engine.State

// Survivor is the expected number of one unit type left at the end.
type Survivor = engine.Survivor

// UnitCount is how many units of one type a side has, and how many of them
// are damaged.
type UnitCount = engine.UnitCount

// UnitsLeft is the distribution of the number of units a side has left
// when the action ends, split by how it ends: AttackerWin[k] is the
// probability that the action ends with the attacker winning and the side
// having exactly k units left, and so on for each outcome of Outcomes.
//
// Units are counted as Survivors counts them: every unit of the side's
// survivor kinds still there at the end, so for an invasion the ships left
// in the space area plus the ground forces on the planet (and, for the
// defender, its structures unless the attacker took the planet). A unit in
// another form at the end (a Twilight Imperium 3 war sun that used Sustain
// Damage twice) counts once, as its unit; rolls that no unit makes (a
// relic's Anti-Fighter Barrage), adjacent PDS and units that joined during
// the action (they are not among the survivors) do not count.
//
// Each slice adds up to its outcome's probability; it is empty when that
// probability is 0, and its trailing zero bins are left out, so k runs
// from 0 to at most the side's units at the start (no effect adds units of
// the survivor kinds; they only move between them). A Monte Carlo result's
// bins are trial shares, an exact result's exact probabilities.
type UnitsLeft = engine.UnitsLeft
