package combat

import "github.com/ti4sim/ti4sim/combat/internal/effects"

// DirectHitCurrent is the errata'd text: after another player's ship
// uses Sustain Damage to cancel a hit produced by your units or
// abilities, destroy that ship.
const DirectHitCurrent = effects.DirectHitCurrent

// DirectHitOriginal is the first printing: only hits produced by your
// units.
const DirectHitOriginal = effects.DirectHitOriginal

// IconoclastOmega is Codex III: other players cannot use Anti-Fighter
// Barrage against the Naalu units in its system.
const IconoclastOmega = effects.IconoclastOmega

// IconoclastOriginal is Prophecy of Kings: +2 to its combat rolls
// against an opponent with at least 1 relic fragment.
const IconoclastOriginal = effects.IconoclastOriginal

// IconoclastTE is the Thunder's Edge text in force today: a Deploy
// ability, nothing in combat.
const IconoclastTE = effects.IconoclastTE

// MagenOmega is Codex I: the same start-of-combat hit, which the holder
// may decline, and no infantry.
const MagenOmega = effects.MagenOmega

// MagenOmega2 is the Codex IV text in force today: when a system with
// the holder's structures is activated, 1 infantry is placed with each
// of them; at the start of ground combat on a planet with the holder's
// structures, 1 hit on an opponent's ground force, mandatory.
const MagenOmega2 = effects.MagenOmega2

// MagenOriginal is the base game: at the start of a round of ground
// combat on a planet with the holder's Planetary Shield units, the
// opponent makes no combat rolls that round; once per invasion.
const MagenOriginal = effects.MagenOriginal

// TextCurrent is the errata'd wording in force today.
const TextCurrent = effects.TextCurrent

// TextOriginal is the first printing.
const TextOriginal = effects.TextOriginal

// X89Companion is the TI4 Game Companion's wording of the Ω card:
// ground forces instead of infantry, so mechs too.
const X89Companion = effects.X89Companion

// X89Omega is Codex I: after the holder's bombardment destroys at least
// 1 of the opponent's infantry, all the opponent's infantry on that
// planet are destroyed.
const X89Omega = effects.X89Omega

// X89Omega2 is the Codex IV text in force today: the hits of the
// holder's bombardment and ground combat rolls are doubled.
const X89Omega2 = effects.X89Omega2

// X89Original is the base game: an action destroying all infantry on a
// planet in a system with the holder's Bombardment ships.
const X89Original = effects.X89Original

// ParseRules parses printings as the command line gives them: items
// "card=printing", e.g. "magen=omega", "x89=original". Cards: magen, x89,
// direct-hit, harrow, matriarch, iconoclast. Printings: magen
// original|omega|omega2, x89 original|omega|companion|omega2, direct-hit,
// harrow and matriarch original|current, iconoclast original|omega|current.
func ParseRules(items []string) (Printings, error) {
	r, err := effects.ParseRules(items)
	return r, inputError(err)
}

// PrintingChoices returns each card that has printings (the keys of ParseRules)
// with its printings' names, today's first.
func PrintingChoices() map[string][]string {
	return effects.PrintingChoices()
}

// DirectHitPrinting is a printing of Direct Hit (its errata).
type DirectHitPrinting = effects.DirectHitPrinting

// IconoclastPrinting is a printing of the Naalu mech Iconoclast.
type IconoclastPrinting = effects.IconoclastPrinting

// MagenPrinting is a printing of Magen Defense Grid (base game, Codex I,
// Codex IV).
type MagenPrinting = effects.MagenPrinting

// Printings chooses the printing of every card whose text changed over the
// game's life (errata and Codex reprints). The zero Printings is the
// printing in force today for each card.
type Printings = effects.Printings

// TextPrinting is a printing of a faction text that was corrected once:
// the current (errata'd) wording, or the original one.
type TextPrinting = effects.TextPrinting

// X89Printing is a printing of X-89 Bacterial Weapon (base game, Codex I, Game
// Companion, Codex IV).
type X89Printing = effects.X89Printing
