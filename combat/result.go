package combat

import "github.com/ti4sim/ti4sim/units"

// Result is what Run (by simulation) or Solve (exactly) found for one
// action: how it ends, what each side keeps and loses, and how many
// combat rounds it takes.
type Result struct {
	// Action is what was simulated (the Scenario's Action).
	Action Action
	// Trials is the number of trials run, 1..MaxTrials (fewer than
	// Options.Trials when a precision target was met first); 0 for an
	// exact result.
	Trials int64
	// Seed is the seed used (Options.Seed).
	Seed uint64
	// Exact is true for a Result computed by Solve: probabilities and means
	// are exact (to floating-point rounding), intervals have zero width and
	// standard errors are zero. Counts are zero.
	Exact bool
	// Counts are the trials that ended each way; the outcomes' counts
	// add up to Trials.
	Counts Counts
	// Outcome is the probability of each outcome; they add up to 1.
	Outcome Outcomes
	// Space is the space part of an invasion; nil for other actions.
	Space *Phase
	// Invaded is the probability that the attacker committed ground
	// forces (invasions only; zero otherwise).
	Invaded Probability
	// GroundRounds are the ground combat rounds of an invasion; nil for
	// other actions.
	GroundRounds *Rounds
	// Attacker and Defender are the two sides' survivors and losses.
	Attacker, Defender SideResult
	// Rounds are all combat rounds of the action (space and ground).
	Rounds Rounds
	// States, for a scenario with a round limit (Scenario.MaxRounds), is
	// how the units stand when the combat stops, most likely first (nil
	// otherwise). Their probabilities add up to 1.
	States []State
	// RetreatWhen, for a side whose retreat policy is best (Retreat.Best,
	// exact mode), is the states at the start of a space combat round
	// where it announces a retreat that the combat reaches, each with the
	// chance that it does, most likely first (nil otherwise).
	RetreatWhen []State
	// Warnings are things the user should know about the answer, e.g.
	// units that cannot act as given. Empty when there are none.
	Warnings []string
}

// Probability is an estimated probability with its 95% Wilson score
// interval: 0 <= Lo <= P <= Hi <= 1.
type Probability struct {
	// P is the estimate, 0..1: the share of trials, or the exact
	// probability.
	P float64
	// Lo and Hi bound the 95% Wilson score interval of P, Lo <= P <= Hi;
	// both equal P for an exact result.
	Lo, Hi float64
}

// Mean is an estimated expected value with its standard error (SE >= 0).
type Mean struct {
	// Value is the estimate: the mean over the trials, or the exact
	// expected value.
	Value float64
	// SE is the standard error of Value, >= 0; 0 for an exact result.
	SE float64
}

// Counts are the number of trials that ended each way.
type Counts struct {
	// AttackerWin, Draw and DefenderWin are the trials of each outcome
	// (Outcomes), 0..Trials.
	AttackerWin, Draw, DefenderWin int64
	// AttackerRetreats, DefenderRetreats and Unfinished are zero unless the
	// scenario has a retreat policy or a round limit.
	AttackerRetreats, DefenderRetreats, Unfinished int64
	// BothWipedOut counts the invasions whose ground combat left no
	// ground forces on either side, already counted in Draw or DefenderWin
	// (Outcomes.BothWipedOut).
	BothWipedOut int64
}

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
type Outcomes struct {
	// AttackerWin, Draw and DefenderWin are the three ways an action
	// ends, as above.
	AttackerWin, Draw, DefenderWin Probability
	// AttackerRetreats and DefenderRetreats are a side's ships leaving
	// the space combat by its retreat policy (Side.Retreat); Unfinished a
	// combat stopped by a round limit or the round cap. Zero without a
	// retreat policy or a round limit (Unfinished: and a combat that
	// ends).
	AttackerRetreats, DefenderRetreats, Unfinished Probability
	// BothWipedOut (invasions only; zero otherwise) is the probability
	// that the ground combat was fought and left no ground forces on
	// either side: the Draw under Twilight Imperium 4, a part of
	// DefenderWin under Twilight Imperium 3. It does not add to the
	// outcomes above.
	BothWipedOut Probability
}

// HalfWidth returns the largest half-width of the three intervals
// (AttackerWin, Draw, DefenderWin): 0 for an exact result.
func (o Outcomes) HalfWidth() float64 { return engineOutcomes(o).HalfWidth() }

// Phase is the result of the space combat within an invasion.
type Phase struct {
	// Counts and Outcome say who held the space area after space cannon
	// offense and space combat (Draw: neither side had ships).
	Counts  Counts
	Outcome Outcomes
	// Rounds are the space combat rounds.
	Rounds Rounds
}

// Rounds describes how many combat rounds were fought.
type Rounds struct {
	// Mean is the expected number of rounds, 0..RoundCap (0 when no
	// combat took place).
	Mean Mean
	// Histogram[i] is the probability of i rounds; the last bin, when
	// there are 32, holds 31 or more. Trailing empty bins are omitted.
	// The bins add up to 1.
	Histogram []float64
}

// SideResult is what one side keeps and loses.
type SideResult struct {
	// Survivors lists each unit type of the side's fleet in kind order.
	Survivors []Survivor
	// ResourcesLost is the expected total cost of the side's destroyed
	// units (fighters and infantry count 0.5; structures 0), >= 0.
	ResourcesLost Mean
	// CapacityLost is the expected number of fighters and ground forces
	// removed because the side's ships could not carry them when the space
	// combat ended (LRR 16; not when a round limit stopped it), >= 0.
	// They count in ResourcesLost too.
	CapacityLost Mean
	// Revived is the expected number of the side's destroyed units that
	// come back by their own ability afterwards (Infantry II: each
	// destroyed one returns on a 6 or more), >= 0. They are not counted
	// back in Survivors or ResourcesLost: they return home, not to the
	// planet.
	Revived Mean
	// Captured is the expected number of units the side captured (texts
	// that capture destroyed units), >= 0; 0 without such a text.
	Captured Mean
	// Left is the distribution of the number of the side's units left at
	// the end, by outcome (UnitsLeft).
	Left UnitsLeft
}

// Survivor is the expected number of one unit type left at the end.
type Survivor struct {
	// Kind is the unit's kind.
	Kind units.Kind
	// Name is the printed unit name, e.g. "Dreadnought II".
	Name string
	// Start is the number at the start, 1..units.MaxCount.
	Start int
	// Expected is the mean number left, 0..Start.
	Expected Mean
}

// State is one way both sides' units can stand, with its probability.
type State struct {
	// P is the probability that the units stand so.
	P Probability
	// Attacker and Defender are each side's units by type, in display
	// order; a type with no unit left is left out.
	Attacker, Defender []UnitCount
}

// UnitCount is how many units of one type a side has, and how many of them
// are damaged.
type UnitCount struct {
	// Kind is the unit's kind; Name its printed name, e.g.
	// "Dreadnought II".
	Kind units.Kind
	Name string
	// Alive is the number of units, 1..units.MaxCount; Damaged, 0..Alive,
	// those of them that have used Sustain Damage.
	Alive, Damaged int
}

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
type UnitsLeft struct {
	// AttackerWin, Draw and DefenderWin split the outcomes of the same
	// names (Outcomes) by the units left.
	AttackerWin, Draw, DefenderWin []float64
	// AttackerRetreats, DefenderRetreats and Unfinished do the same for
	// the retreats and the unfinished combats.
	AttackerRetreats, DefenderRetreats, Unfinished []float64
}

// AtLeast is the probability that the side has at least n units left,
// whatever the outcome: the bins from n up of every outcome's slice,
// 0..1.
func (u *UnitsLeft) AtLeast(n int) float64 { return engineUnitsLeft(u).AtLeast(n) }
