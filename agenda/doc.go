// Package agenda computes the odds of an agenda vote in Twilight Imperium 4
// under the companion's Preliminary Voting variant (Game Companion 3.4), or
// the base game's single vote (LRR 8, Agenda Phase: [BaseVote] in
// [Agenda.Procedure]), either by seeded Monte Carlo simulation
// ([Simulate]) or by exact enumeration for small tables ([Exact]).
//
// # The rules modelled
//
// Preliminary vote (3.4.2): every voter secretly chooses an outcome (or
// abstains) and the planets they vote with; all reveal at once. An outcome
// wins outright when it received more votes than twice the votes for all
// other outcomes combined ([TwoThirds]): exactly twice is not enough,
// abstentions are not votes, and a vote with no votes at all has no
// majority.
//
// Final vote (3.4.3): when there is no two-thirds majority, players vote
// again "as normal": in order starting with the player to the left of the
// speaker and going clockwise (the speaker votes last), except that Argent
// Flight (a voter with Zeal) always votes first. Final votes are added to
// the preliminary ones, which stay on the outcome they were cast for; any
// player may choose a different outcome in the final vote (or abstain, or
// vote after abstaining in the preliminary vote). The outcome with the most
// votes wins; ties, and a vote with no votes at all, are broken by the
// speaker ([Plurality]).
//
// Bribery (errata 1.1.1): after the speaker votes in the final vote, a
// player spends trade goods to cast that many more votes for the outcome on
// which they voted. Players choose; the simulator's policy ([BribeNeeded])
// is to spend exactly the trade goods that make that outcome win against
// the tally at that moment (ties going to the speaker's preference) when
// the budget covers it, and nothing otherwise. Usually the speaker votes
// last, so the tally is final; when Argent Flight is the speaker it votes
// first and Bribery is decided before the others' final votes, against the
// tally so far. Several holders act starting with the speaker and going
// clockwise, each seeing the earlier bribes. There is no Bribery in the
// preliminary vote (there is no moment "after the speaker votes", and the
// variant forbids transactions until it is revealed).
//
// Duel: with [Agenda.Duel], the final vote of a two-player agenda gets
// Twilight Imperium 3 Shattered Ascension's duel vote die ([DuelDie]):
// after the final votes, a d10 adds votes to the speaker's outcome or to
// the other one.
//
// Seating: Agenda.Voters are in clockwise order, wrapping around; the voter
// after the speaker in that list sits to their left and opens the final
// vote, after Argent Flight if that is another player
// ([Agenda.FinalOrder]).
//
// # Interpretation
//
// The companion does not say how a player's planets are split between the
// two votes. Here a voter has a number of available votes (their ready
// influence, possibly uncertain: a range lo..hi, every value equally
// likely); the planet votes they put into the preliminary vote are
// exhausted, and only the votes they held back can be cast in the final
// vote. By default everything goes into the preliminary vote, so a voter
// adds nothing in the final vote unless they held votes back
// ([Voter.Final], [Voter.PrelimCap]), have extra votes from cards
// ([Voter.Extra]), Zeal, or Bribery.
//
// A voter's "outcome on which they voted" (for Bribery) is their most
// recent choice: their final-vote choice once they have taken their
// final-vote turn, otherwise their preliminary choice. By default the
// final-vote choice repeats the preliminary choice, abstention included
// ([Voter.Then] nil); any voter may be given a different final-vote table,
// since the companion lets every player change outcome. Unless told
// otherwise ([Agenda.SpeakerPrefers]) the speaker breaks ties in favour of
// their own final-vote choice, then their preliminary choice, then the
// outcomes in order. A voter's choices are drawn independently of the
// others' (the model has no strategic voting beyond Bribery).
//
// Argent Flight's Zeal ("when you cast at least 1 vote, cast 1 additional
// vote for each player in the game including you") triggers, by default, in
// each of the two votes in which the Argent voter casts at least one vote,
// because the variant has them cast votes twice; [ZealOnce] limits it to the
// first.
//
// The library never prints, reads no globals and never uses the global
// random generator: every random draw comes from the per-chunk streams of
// internal/montecarlo, so a seeded run gives bit-identical results for any
// number of workers.
package agenda
