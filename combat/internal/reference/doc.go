// Package reference holds the independent reference values the combat
// engine's tests compare it with: binomial distributions, small exact
// Markov-chain models of duels, and (for whole scenarios) an exact solver.
// They are derived from the rules — the unit numbers of the unit cards,
// hit assignment and the order of the steps of combat (LRR 78 Space
// Combat, 42 Ground Combat, 49 Invasion) — without the engine's code: only the
// public API of packages combat and units is used, to read a scenario and
// the units' numbers.
//
// Only tests import this package; nothing in production code does (it is
// internal to combat, and combat itself does not import it). Its own
// tests check it against numbers derived by hand.
package reference
