// Package luck says how lucky or unlucky something that happened at the
// table was: where an observed result falls in the distribution of what
// could have happened. It is pure mathematics on distributions the caller
// gives (the combat solver's end states, the dice of one roll, the AsyncTI4
// bot's per-player totals): no randomness, no globals, no printing.
//
// Every answer says which tail it is. The conventions, used throughout:
//
//   - "this or worse" is P(X ≤ x) for the side's ranking (Rank) or for
//     the hits of a roll (Roll.AtMost): the chance of an outcome at most
//     as good as the observed one, the observed one included. "1 in N" is
//     its reciprocal, N = 1/P(X ≤ x).
//   - "this or better" is P(X ≥ x) (Roll.AtLeast, Tail.AtLeast).
//   - the percentile is P(X < x) + ½·P(X = x), in 0..1: the mid-rank, 0.5
//     for a result exactly in the middle, near 0 for the worst results.
//
// A battle's ends are ranked by Key: for an invasion the planets the side
// holds first, then for every battle the outcome, the resources the side
// kept and those the opponent kept.
package luck
