package combat

import "github.com/ti4sim/ti4sim/combat/internal/effects"

// Printings chooses the printing of every card whose text changed over the
// game's life (errata and Codex reprints). The zero Printings is the
// printing in force today for each card.
type Printings struct {
	// Magen is the printing of Magen Defense Grid.
	Magen MagenPrinting
	// X89 is the printing of X-89 Bacterial Weapon.
	X89 X89Printing
	// DirectHit is the printing of the action card Direct Hit.
	DirectHit DirectHitPrinting
	// Harrow is the printing of the L1Z1X ability Harrow (its errata).
	Harrow TextPrinting
	// Matriarch is the printing of the Naalu flagship's text (reference
	// §1.7).
	Matriarch TextPrinting
	// Iconoclast is the printing of the Naalu mech's text (its reprints).
	Iconoclast IconoclastPrinting
	// Milor is the printing of the Yin agent Brother Milor (its reprints).
	Milor MilorPrinting
	// TI3Flagships is the printing of Twilight Imperium 3's flagships
	// (ruleset ti3-sa): today's Shards of the Throne table under
	// Shattered Ascension 4.0, or the standalone Shattered Ascension 4.2
	// race sheets' numbers.
	TI3Flagships TI3FlagshipsPrinting
}

// TI3FlagshipsPrinting is a printing of Twilight Imperium 3's flagships.
type TI3FlagshipsPrinting uint8

const (
	// TI3FlagshipsSA40 is today's table: the Shards of the Throne
	// flagships under Shattered Ascension 4.0.
	TI3FlagshipsSA40 TI3FlagshipsPrinting = iota
	// TI3FlagshipsSA42 is the standalone Shattered Ascension 4.2 race
	// sheets' flagships: combat value, dice and Sustain Damage count as the
	// SA combat calculator has them; a flagship with more is refused,
	// saying what.
	TI3FlagshipsSA42
)

// String returns the printing's --rules name: "sa40" or "sa42".
func (p TI3FlagshipsPrinting) String() string { return effects.TI3FlagshipsPrinting(p).String() }

// String returns the ruleset in the ParseRules grammar; Direct Hit's
// printing only when it is not the current one.
func (r Printings) String() string { return enginePrintings(r).String() }

// Validate reports a printing out of range.
func (r Printings) Validate() error { return enginePrintings(r).Validate() }

// ParseRules parses printings as the command line gives them: items
// "card=printing", e.g. "magen=omega", "x89=original". Cards: magen, x89,
// direct-hit, harrow, matriarch, iconoclast, milor, ti3-flagships.
// Printings: magen original|omega|omega2, x89
// original|omega|companion|omega2, direct-hit, harrow and matriarch
// original|current, iconoclast and milor original|omega|current,
// ti3-flagships sa40|sa42 (ruleset ti3-sa).
func ParseRules(items []string) (Printings, error) {
	r, err := effects.ParseRules(items)
	return publicPrintings(r), inputError(err)
}

// PrintingChoices returns each card that has printings (the keys of ParseRules)
// with its printings' names, today's first.
func PrintingChoices() map[string][]string {
	return effects.PrintingChoices()
}

// TextPrinting is a printing of a faction text that was corrected once:
// the current (errata'd) wording, or the original one.
type TextPrinting uint8

const (
	// TextCurrent is the errata'd wording in force today.
	TextCurrent TextPrinting = iota
	// TextOriginal is the first printing.
	TextOriginal
)

// String returns the printing's --rules name: "current" or "original".
func (p TextPrinting) String() string { return effects.TextPrinting(p).String() }

// IconoclastPrinting is a printing of the Naalu mech Iconoclast.
type IconoclastPrinting uint8

const (
	// IconoclastTE is the Thunder's Edge text in force today: a Deploy
	// ability, nothing in combat.
	IconoclastTE IconoclastPrinting = iota
	// IconoclastOmega is Codex III: other players cannot use Anti-Fighter
	// Barrage against the Naalu units in its system.
	IconoclastOmega
	// IconoclastOriginal is Prophecy of Kings: +2 to its combat rolls
	// against an opponent with at least 1 relic fragment.
	IconoclastOriginal
)

// String returns the printing's --rules name: "current", "omega" or
// "original".
func (p IconoclastPrinting) String() string { return effects.IconoclastPrinting(p).String() }

// MilorPrinting is a printing of the Yin agent Brother Milor.
type MilorPrinting uint8

const (
	// MilorTE is the Thunder's Edge text in force today: after a player's
	// unit is destroyed during combat, exhaust to let that player place 2
	// fighters in its system if it was a ship, or 2 infantry on its planet
	// if it was a ground force.
	MilorTE MilorPrinting = iota
	// MilorOmega is Codex III: the same, without "during combat".
	MilorOmega
	// MilorOriginal is Prophecy of Kings: after a player's destroyer or
	// cruiser is destroyed, that player may place up to 2 fighters in its
	// system.
	MilorOriginal
)

// String returns the printing's --rules name: "current", "omega" or
// "original".
func (p MilorPrinting) String() string { return effects.MilorPrinting(p).String() }

// DirectHitPrinting is a printing of Direct Hit (its errata).
type DirectHitPrinting uint8

const (
	// DirectHitCurrent is the errata'd text: after another player's ship
	// uses Sustain Damage to cancel a hit produced by your units or
	// abilities, destroy that ship.
	DirectHitCurrent DirectHitPrinting = iota
	// DirectHitOriginal is the first printing: only hits produced by your
	// units.
	DirectHitOriginal
)

// String returns the printing's --rules name: "current" or "original".
func (d DirectHitPrinting) String() string { return effects.DirectHitPrinting(d).String() }

// MagenPrinting is a printing of Magen Defense Grid (base game, Codex I,
// Codex IV).
type MagenPrinting uint8

const (
	// MagenOmega2 is the Codex IV text in force today: when a system with
	// the holder's structures is activated, 1 infantry is placed with each
	// of them; at the start of ground combat on a planet with the holder's
	// structures, 1 hit on an opponent's ground force, mandatory.
	MagenOmega2 MagenPrinting = iota
	// MagenOmega is Codex I: the same start-of-combat hit, which the holder
	// may decline, and no infantry.
	MagenOmega
	// MagenOriginal is the base game: at the start of a round of ground
	// combat on a planet with the holder's Planetary Shield units, the
	// opponent makes no combat rolls that round; once per invasion.
	MagenOriginal
)

// String returns the printing's --rules name: "omega2", "omega" or
// "original".
func (m MagenPrinting) String() string { return effects.MagenPrinting(m).String() }

// X89Printing is a printing of X-89 Bacterial Weapon (base game, Codex I, Game
// Companion, Codex IV).
type X89Printing uint8

const (
	// X89Omega2 is the Codex IV text in force today: the hits of the
	// holder's bombardment and ground combat rolls are doubled.
	X89Omega2 X89Printing = iota
	// X89Omega is Codex I: after the holder's bombardment destroys at least
	// 1 of the opponent's infantry, all the opponent's infantry on that
	// planet are destroyed.
	X89Omega
	// X89Companion is the TI4 Game Companion's wording of the Ω card:
	// ground forces instead of infantry, so mechs too.
	X89Companion
	// X89Original is the base game: an action destroying all infantry on a
	// planet in a system with the holder's Bombardment ships.
	X89Original
)

// String returns the printing's --rules name: "omega2", "omega",
// "companion" or "original".
func (x X89Printing) String() string { return effects.X89Printing(x).String() }

// Choices returns each text whose player's choice a side may state in
// Side.Choices ("TEXT=CHOICE"), with its choices, the default first.
func Choices() map[string][]string { return effects.ChoiceNames() }
