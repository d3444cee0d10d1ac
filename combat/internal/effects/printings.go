package effects

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/internal/lazy"
)

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
	// (ruleset ti3-sa): the Shards of the Throne numbers of today's table,
	// or the standalone Shattered Ascension 4.2 race sheets'.
	TI3Flagships TI3FlagshipsPrinting
}

// TI3FlagshipsPrinting is a printing of Twilight Imperium 3's flagships
// (units/ti3flagships.go).
type TI3FlagshipsPrinting uint8

const (
	// TI3FlagshipsSA40 is today's table: the Shards of the Throne
	// flagships under Shattered Ascension 4.0 (race-sheet digests and the
	// TI3 port PCT).
	TI3FlagshipsSA40 TI3FlagshipsPrinting = iota
	// TI3FlagshipsSA42 is the standalone Shattered Ascension 4.2 race
	// sheets' flagships as the SA combat calculator has them: numbers only,
	// a flagship with more refused (units.TI3FlagshipsSA42).
	TI3FlagshipsSA42
)

// MilorPrinting is a printing of the Yin agent Brother Milor (TA
// prophecyofkings/leaders.ts, "Brother Milor" and its omegas).
type MilorPrinting uint8

const (
	// MilorTE is the Thunder's Edge text in force today: "After a player's
	// unit is destroyed during combat: You may exhaust this card to allow
	// that player to place 2 fighters in the destroyed unit's system if it
	// was a ship, or 2 infantry on its planet if it was a ground force."
	MilorTE MilorPrinting = iota
	// MilorOmega is Codex III: the same text without "during combat".
	MilorOmega
	// MilorOriginal is Prophecy of Kings: "After a player's destroyer or
	// cruiser is destroyed: You may exhaust this card; if you do, that
	// player may place up to 2 fighters from their reinforcements in that
	// unit's system."
	MilorOriginal
)

// TextPrinting is a printing of a faction text that was corrected once:
// the current (errata'd) wording, or the original one.
type TextPrinting uint8

const (
	// TextCurrent is the errata'd wording in force today.
	TextCurrent TextPrinting = iota
	// TextOriginal is the first printing.
	TextOriginal
)

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

var magenNames = []string{MagenOmega2: "omega2", MagenOmega: "omega", MagenOriginal: "original"}
var x89Names = []string{X89Omega2: "omega2", X89Omega: "omega", X89Companion: "companion", X89Original: "original"}
var directHitNames = []string{DirectHitCurrent: "current", DirectHitOriginal: "original"}
var textNames = []string{TextCurrent: "current", TextOriginal: "original"}
var iconoclastNames = []string{IconoclastTE: "current", IconoclastOmega: "omega", IconoclastOriginal: "original"}
var milorNames = []string{MilorTE: "current", MilorOmega: "omega", MilorOriginal: "original"}
var ti3FlagshipsNames = []string{TI3FlagshipsSA40: "sa40", TI3FlagshipsSA42: "sa42"}

// String returns the printing's --rules name: "sa40" or "sa42".
func (p TI3FlagshipsPrinting) String() string { return printingName(ti3FlagshipsNames, int(p)) }

// String returns the printing's --rules name: "current" or "original".
func (p TextPrinting) String() string { return printingName(textNames, int(p)) }

// String returns the printing's --rules name: "current", "omega" or
// "original".
func (p IconoclastPrinting) String() string { return printingName(iconoclastNames, int(p)) }

// String returns the printing's --rules name: "current", "omega" or
// "original".
func (p MilorPrinting) String() string { return printingName(milorNames, int(p)) }

// String returns the printing's --rules name: "current" or "original".
func (d DirectHitPrinting) String() string { return printingName(directHitNames, int(d)) }

// String returns the printing's --rules name: "omega2", "omega" or
// "original".
func (m MagenPrinting) String() string { return printingName(magenNames, int(m)) }

// String returns the printing's --rules name: "omega2", "omega",
// "companion" or "original".
func (x X89Printing) String() string { return printingName(x89Names, int(x)) }

func printingName(names []string, i int) string {
	if i < len(names) {
		return names[i]
	}
	return fmt.Sprintf("printing(%d)", i)
}

// PrintingChoices returns each card that has printings (the keys of ParseRules)
// with its printings' names, today's first.
func PrintingChoices() map[string][]string {
	out := make(map[string][]string, len(rulesNames.Get()))
	for k, names := range rulesNames.Get() {
		out[k] = append([]string(nil), names...)
	}
	return out
}

// rulesKeys are the cards ParseRules knows, with their accepted names.
var rulesKeys = lazy.Value[map[string]string]{Build: func() map[string]string {
	return map[string]string{
		"magen": "magen", "magen-defense-grid": "magen", "mdg": "magen",
		"x89": "x89", "x-89": "x89", "x89-bacterial-weapon": "x89",
		"direct-hit": "direct-hit", "dh": "direct-hit",
		"harrow": "harrow", "matriarch": "matriarch", "iconoclast": "iconoclast",
		"milor": "milor", "brother-milor": "milor",
		"ti3-flagships": "ti3-flagships", "ti3-flagship": "ti3-flagships",
	}
}}

// rulesNames is each card's printings, by the names ParseRules accepts.
var rulesNames = lazy.Value[map[string][]string]{Build: func() map[string][]string {
	return map[string][]string{
		"magen": magenNames, "x89": x89Names, "direct-hit": directHitNames,
		"harrow": textNames, "matriarch": textNames, "iconoclast": iconoclastNames,
		"milor": milorNames, "ti3-flagships": ti3FlagshipsNames,
	}
}}

// printingAliases maps other spellings of a printing to its name.
var printingAliases = lazy.Value[map[string]string]{Build: func() map[string]string {
	return map[string]string{
		"ωω": "omega2", "ΩΩ": "omega2", "codex4": "omega2", "codex-iv": "omega2", "current": "omega2", "omegaomega": "omega2",
		"ω": "omega", "Ω": "omega", "codex1": "omega", "codex-i": "omega",
		"base": "original",
	}
}}

// ParseRules parses printings as the command line gives them: items
// "card=printing", e.g. "magen=omega", "x89=original". Cards: magen, x89,
// direct-hit, harrow, matriarch, iconoclast, milor, ti3-flagships.
// Printings: magen original|omega|omega2, x89
// original|omega|companion|omega2, direct-hit, harrow and matriarch
// original|current, iconoclast and milor original|omega|current,
// ti3-flagships sa40|sa42 (ruleset ti3-sa).
func ParseRules(items []string) (Printings, error) {
	var r Printings
	seen := map[string]bool{}
	for _, item := range items {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		k, v, ok := strings.Cut(item, "=")
		card := rulesKeys.Get()[strings.ToLower(strings.TrimSpace(k))]
		if !ok || card == "" {
			return r, engine.Inputf("", "Printings", "item %s: want CARD=PRINTING with CARD one of magen, x89, direct-hit, harrow, matriarch, iconoclast, milor, ti3-flagships", echo.Quote(item))
		}
		if seen[card] {
			return r, engine.Inputf("", "Printings", "%s given twice", card)
		}
		seen[card] = true
		v = strings.ToLower(strings.TrimSpace(v))
		names := rulesNames.Get()[card]
		if a, ok := printingAliases.Get()[v]; ok && !slices.Contains(names, v) {
			v = a
		}
		i := slices.Index(names, v)
		if i < 0 {
			return r, engine.Inputf("", "Printings", "unknown %s printing %s; allowed: %s", card, echo.Quote(v), strings.Join(names, ", "))
		}
		switch card {
		case "magen":
			r.Magen = MagenPrinting(i)
		case "x89":
			r.X89 = X89Printing(i)
		case "harrow":
			r.Harrow = TextPrinting(i)
		case "matriarch":
			r.Matriarch = TextPrinting(i)
		case "iconoclast":
			r.Iconoclast = IconoclastPrinting(i)
		case "milor":
			r.Milor = MilorPrinting(i)
		case "ti3-flagships":
			r.TI3Flagships = TI3FlagshipsPrinting(i)
		default:
			r.DirectHit = DirectHitPrinting(i)
		}
	}
	return r, nil
}

// String returns the ruleset in the ParseRules grammar; Direct Hit's
// printing only when it is not the current one.
func (r Printings) String() string {
	s := "magen=" + r.Magen.String() + ",x89=" + r.X89.String()
	if r.DirectHit != DirectHitCurrent {
		s += ",direct-hit=" + r.DirectHit.String()
	}
	if r.Harrow != TextCurrent {
		s += ",harrow=" + r.Harrow.String()
	}
	if r.Matriarch != TextCurrent {
		s += ",matriarch=" + r.Matriarch.String()
	}
	if r.Iconoclast != IconoclastTE {
		s += ",iconoclast=" + r.Iconoclast.String()
	}
	if r.Milor != MilorTE {
		s += ",milor=" + r.Milor.String()
	}
	if r.TI3Flagships != TI3FlagshipsSA40 {
		s += ",ti3-flagships=" + r.TI3Flagships.String()
	}
	return s
}

func (r Printings) Validate() error {
	if int(r.Magen) >= len(magenNames) {
		return engine.Inputf("", "Printings", "unknown Magen Defense Grid printing %d", r.Magen)
	}
	if int(r.X89) >= len(x89Names) {
		return engine.Inputf("", "Printings", "unknown X-89 Bacterial Weapon printing %d", r.X89)
	}
	if int(r.DirectHit) >= len(directHitNames) {
		return engine.Inputf("", "Printings", "unknown Direct Hit printing %d", r.DirectHit)
	}
	if int(r.Harrow) >= len(textNames) || int(r.Matriarch) >= len(textNames) {
		return engine.Inputf("", "Printings", "unknown Harrow or Matriarch printing %d/%d", r.Harrow, r.Matriarch)
	}
	if int(r.Iconoclast) >= len(iconoclastNames) {
		return engine.Inputf("", "Printings", "unknown Iconoclast printing %d", r.Iconoclast)
	}
	if int(r.Milor) >= len(milorNames) {
		return engine.Inputf("", "Printings", "unknown Brother Milor printing %d", r.Milor)
	}
	if int(r.TI3Flagships) >= len(ti3FlagshipsNames) {
		return engine.Inputf("", "Printings", "unknown TI3 flagships printing %d", r.TI3Flagships)
	}
	return nil
}
