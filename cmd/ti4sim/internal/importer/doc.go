// Package importer turns other tools' descriptions of a battle into ti4sim
// scenario documents (scenario.Combat): the share links of ti4battle.com
// (TI4Battle) and the saves of the AsyncTI4 Discord bot (ReadAsyncTI4Save,
// then AsyncTI4Battle for the battle at a tile; FetchAsyncTI4 fetches a
// save over HTTPS). What a format says that ti4sim cannot model, or does
// not say, is named in a warning, never dropped silently or guessed;
// malformed input is an error naming the part at fault.
//
// The unit, technology and faction codes of the AsyncTI4 bot need no
// translation table: ti4sim's own grammars accept them (units.ParseKind,
// units.LookupFaction, combat.TechnologySlug).
package importer
