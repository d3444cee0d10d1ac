// Package combat simulates the combat steps of a Twilight Imperium 4
// tactical action: space cannon offense, anti-fighter barrage, space combat,
// bombardment, commitment of ground forces, space cannon defense, ground
// combat and control of the planet (Living Rules Reference 2.0: 89, 77, 78,
// 49, 15, 65, 42).
//
// A Scenario names the two sides and what to simulate; Run plays it many
// times with seeded random streams and returns a Result with outcome
// probabilities, 95% Wilson intervals, expected survivors and losses.
//
// # Model
//
// The engine compiles a Scenario once into a plan: each side's units become
// slots with their rolls (combat, anti-fighter barrage, space cannon,
// bombardment) and the thresholds after every static modifier, and the
// hit-assignment orders (Order). A trial then runs the steps of the
// action in rules order over small fixed arrays of unit counts, drawing each
// side's hits for a group of dice with one random number from the exact
// binomial distribution. Nothing is allocated per trial.
//
// Players choose how to assign hits; the engine follows a fixed policy (see
// Order): Sustain Damage first, then the cheapest unit, unless an order says
// otherwise. Forced targets of the rules override the policy.
package combat
