package combat

import "github.com/ti4sim/ti4sim/combat/internal/effects"

// TechMagen and TechX89 are the slugs of Magen Defense Grid and X-89
// Bacterial Weapon, the technologies with several printings (Printings).
const (
	TechMagen = "magen-defense-grid"
	TechX89   = "x89-bacterial-weapon"
)

// BoardStates returns the board-state items of the faction with this slug
// (none for a faction without).
func BoardStates(faction string) []BoardState {
	return publicBoardStates(effects.BoardStates(faction))
}

// Cards returns every card the engine models, technologies first, each
// kind by name.
func Cards() []CardInfo {
	return publicCards(effects.Cards())
}

// Modelled reports whether the engine models the faction text (an
// units.Ability) with this slug; the others produce a warning when they
// would act.
func Modelled(slug string) bool {
	return effects.Modelled(slug)
}

// OutsideCombat reports whether the faction text with this slug acts only
// outside the combats the engine simulates, and why.
func OutsideCombat(slug string) (string, bool) {
	return effects.OutsideCombat(slug)
}

// TI3Leaders returns the Twilight Imperium 3 leaders a side may have in the
// fight (Side.Leaders under EditionTI3SA), with what each does.
func TI3Leaders() map[string]string { return effects.TI3Leaders() }

// TI3HighAlert, TI3IonStorm, TI3NeutralBombardment, TI3Wormhole and
// TI3NegateMineHits say what the High Alert token (Side.HighAlert), the
// Ion Storm (Scenario.IonStorm), a bombardment alone (Scenario.HomeSystem),
// a wormhole (Scenario.Wormhole) and negating space mine hits
// (Scenario.NegateMineHits) do.
const (
	TI3HighAlert          = effects.TI3HighAlert
	TI3IonStorm           = effects.TI3IonStorm
	TI3NeutralBombardment = effects.TI3NeutralBombardment
	TI3Wormhole           = effects.TI3Wormhole
	TI3NegateMineHits     = effects.TI3NegateMineHits
)

// TI3Cards returns the Twilight Imperium 3 action cards the engine models
// (for Side.Cards under EditionTI3SA), with their text.
func TI3Cards() map[string]string { return effects.TI3Cards() }

// TI3Technologies returns the Twilight Imperium 3 technologies the engine
// models (for Side.Techs under EditionTI3SA), with their text.
func TI3Technologies() map[string]string {
	return effects.TI3Technologies()
}

// Technologies returns the technology slugs Side.Techs accepts: the unit
// upgrades and the technology cards modelled.
func Technologies() []string {
	return effects.Technologies()
}

// TechnologySlug returns the slug Side.Techs knows a technology by, given
// its slug, an alias or an AsyncTI4 code ("da" is duranium-armor, "dn2"
// dreadnought-ii), and whether the engine models it: an importer keeps a
// game's combat technologies under the names the catalogue lists and names
// the others instead of failing on them.
func TechnologySlug(name string) (string, bool) {
	return effects.TechnologySlug(name)
}

// BoardState describes a board-state item a side may list among its
// cards (Side.Cards): a fact about the board that a faction text needs
// and that no fleet, technology or card says. Without it the text acts as
// on a board where the fact is false.
type BoardState struct {
	// Slug is the command-line name, e.g. "assimilator-token".
	Slug string
	// Faction is the slug of the faction that may list it.
	Faction string
	// Text is the slug of the faction text that reads it.
	Text string
	// Meaning says what listing it asserts and what changes.
	Meaning string
}

// CardInfo describes a modelled card for listings.
type CardInfo struct {
	// Slug is the command-line name, e.g. "morale-boost".
	Slug string
	// Name is the printed name.
	Name string
	// Kind is the component type.
	Kind CardKind
	// Copies is the most copies one side may play, 1 or more: the number
	// in the deck for action cards, 1 otherwise.
	Copies int
	// Effect says, in our words, what the engine does with the card and
	// when (the play policy where the player has a choice).
	Effect string
}

// CardKind says what sort of game component a card is.
type CardKind string

// The kinds of card the engine models.
const (
	KindTechnology CardKind = "technology"
	KindActionCard CardKind = "action card"
	KindAgenda     CardKind = "agenda"
	KindRelic      CardKind = "relic"
	KindNote       CardKind = "promissory note"
)
