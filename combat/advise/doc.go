// Package advise answers what a player should build for a fight: given
// the defender as it stands, the units the attacker already has there and
// what it can produce, which fleet has the highest chance to win, or which
// is the cheapest to reach a chance to win (Question.Target), with the
// table of the fleets no other fleet beats (Advice.Pareto).
//
// Fleet lists every fleet buildable under Twilight Imperium 4's production
// rules (Living Rules Reference: "Producing Units": each unit at its cost
// for the side's faction and upgrades, fighters and infantry two for one
// resource; "Production": a PRODUCTION limit, or a space dock's on a
// planet; "Fleet Pool": the non-fighter ships, and with Fighter II the
// fighters beyond capacity; "Capacity": fighters and ground forces need
// room on the ships; "Reinforcements": the plastic pieces left; a war sun
// needs its technology, a flagship a faction that has one), and evaluates
// each with package combat: its exact solver where it applies, Monte Carlo
// trials of common random numbers otherwise. It assumes no monotonicity (a
// bigger fleet can win less often) and stops early only where the cost
// order proves that no costlier fleet can be the answer.
package advise
