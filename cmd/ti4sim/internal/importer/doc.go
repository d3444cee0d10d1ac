// Package importer turns other tools' descriptions of a battle into ti4sim
// scenario documents (scenario.Combat): the share links of ti4battle.com
// (TI4Battle). What a format says that ti4sim cannot model is named in a
// warning, never dropped silently; malformed input is an error naming the
// part at fault.
//
// The unit, technology and faction codes of the AsyncTI4 Discord bot need
// no importer: ti4sim's own grammars accept them (units.ParseKind,
// units.LookupFaction, the combat package's technology names).
package importer
