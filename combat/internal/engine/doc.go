// Package engine is the rules machine of a tactical action: it compiles a
// checked input into a Plan, plays the Plan's trials for Monte Carlo, and
// solves it exactly. It names no card and no faction: what the texts do
// reaches it through the hooks they register (package effects).
//
// # The plan and its trials
//
// NewPlan lays out each side's units as slots (a unit type with its
// numbers) with their rollers (combat, anti-fighter barrage, space cannon,
// bombardment; thresholds after every static modifier) and hit orders
// (the target sets and the side's Order), asks the effects for the slots
// and hooks they add (effectSet), then derives what the trials need: the
// capacity rules, the fast round tables, the counts of units left. After
// NewPlan a Plan is read-only; a Trial holds one play's unit counts in
// small fixed arrays, and playing it allocates nothing.
//
// # Steps and windows
//
// The steps of each action are written once (action.go, actionSteps): a
// Trial plays them (sample), the Solver carries a distribution of states
// through the same list (Solve, walkPlanet). Hooks act in windows (hooks.go)
// — the start of a combat or round, before and after hits are assigned,
// when a unit sustains or is destroyed, on retreats, at the invasion's
// steps — and effects add them only through the registration methods of
// windows.go. The windows' table there says, once per window, whether its
// hooks stop the fast round tables (fast.go) and whether the exact solver
// (exact.go) replays them; the registrations are counted, so both shortcuts
// know from the record alone whether they still apply.
//
// # Files
//
//   - input.go, side.go, edition.go, order.go, retreat.go, options.go: what
//     the engine is given.
//   - plan.go, toolkit.go, joining.go, twins.go, variants.go, revert.go,
//     capacity.go: the compiled plan and the helpers effects use to change
//     it while it is compiled.
//   - trial.go, space.go, invasion.go, control.go, batch.go, paired.go,
//     tally.go, unitsleft.go, result.go: Monte Carlo and its results.
//   - dice.go, pmf.go, fast.go, states.go, whole.go: the dice and the round
//     tables.
//   - exact.go, exactchain.go, roundshist.go, exactfight.go, settlerounds.go,
//     rounds.go, exactspace.go, exactinvasion.go, exactresult.go and
//     notexact.go: the exact solver (its entry, the chain over unit states,
//     the rounds histogram, the combat rounds, the space area, the invasion,
//     the result) and its refusals.
package engine
