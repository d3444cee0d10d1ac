// Package scenario is ti4sim's scenario document: one versioned JSON
// document per kind of question — a combat (space, ground, invade), a
// comparison (a combat plus what varies) and an agenda vote — holding
// everything a run takes, so that a question can be saved, sent to the
// service, imported from another tool's format and echoed with its answer.
//
// A document is built three ways: decoded from JSON (Decode*, strict:
// unknown fields and values of the wrong type are errors naming their JSON
// path), set input by input from the command line's flags (Combat.Set,
// through the one table Inputs, which compare's --vary uses too), or
// imported (the importer package). Combat.Scenario, Advise.Question and
// Vote.Agenda turn it into the library's input, which the library
// validates; its errors come back at their JSON paths.
package scenario

// Version is the document version this package reads and writes.
const Version = 1

// Actions are the values of Combat.Action.
const (
	ActionSpace  = "space"
	ActionGround = "ground"
	ActionInvade = "invade"
)

// Combat is the document of one combat question: `ti4sim space|ground|invade`.
type Combat struct {
	// Version is 1.
	Version int `json:"version"`
	// Action is "space", "ground" or "invade".
	Action string `json:"action"`
	// Ruleset is the rules edition: "ti4" (the default) or "ti3-sa".
	Ruleset string `json:"ruleset"`
	// Printings chooses card printings by card: magen, x89, direct-hit,
	// harrow, matriarch, iconoclast, milor, ti3-flagships → a printing
	// name (`ti4sim compare --help`); absent cards take today's printing.
	Printings map[string]string `json:"printings,omitempty"`
	// System is the active system and its planet.
	System System `json:"system"`
	// Attacker is the active player; Defender the other.
	Attacker Side `json:"attacker"`
	Defender Side `json:"defender"`
	// Run says how to answer.
	Run Run `json:"run"`
	// Units are homebrew unit files in the AsyncTI4 bot's format (its
	// data/units/*.json, e.g. Discordant Stars' ds.json), each carried
	// whole in the document: their factions become selectable as a
	// side's faction by the file's faction id (docs/homebrew.md).
	Units []UnitFile `json:"units,omitempty"`
}

// UnitFile is one unit file carried in a document.
type UnitFile struct {
	// Name is where the file came from (e.g. "ds.json"), for messages.
	Name string `json:"name,omitempty"`
	// Data is the file's contents: a JSON array of units, as text.
	Data string `json:"data"`
}

// System describes the active system.
type System struct {
	// Nebula: +1 to the defender's ships in space combat (LRR 59).
	Nebula bool `json:"nebula,omitempty"`
	// EntropicScar: units there use no unit abilities.
	EntropicScar bool `json:"entropic_scar,omitempty"`
	// Cultural: the planet is cultural (Conventions of War).
	Cultural bool `json:"cultural,omitempty"`
	// SpaceMine: the defender has a space mine (ruleset ti3-sa only).
	SpaceMine bool `json:"space_mine,omitempty"`
	// IonStorm: the system is an Ion Storm (ruleset ti3-sa only).
	IonStorm bool `json:"ion_storm,omitempty"`
	// Commandos, 0..99: the attacker's shock troops held back as
	// commandos (ruleset ti3-sa, action invade only).
	Commandos int `json:"commandos,omitempty"`
	// Wormhole: the system has a wormhole (ruleset ti3-sa only: the
	// Creuss Dimensional Splicer acts there).
	Wormhole bool `json:"wormhole,omitempty"`
	// NegateMineHits: the attacker negates a space mine hit that would
	// destroy its ship by taking 2 hits with Sustain Damage on two other
	// ships, when it can (needs space_mine).
	NegateMineHits bool `json:"negate_mine_hits,omitempty"`
	// HomeSystem: the invaded planet is in a home system, so a
	// bombardment hit with no ground force to take it does not turn it
	// neutral (ruleset ti3-sa, action invade only).
	HomeSystem bool `json:"home_system,omitempty"`
	// Planets, for action invade only: the system's planets, 1..3, each
	// with the defender's units on it (the defender's fleet then holds
	// only its ships); absent: one planet, whose units are in the
	// defender's fleet (ti4sim invade --planet).
	Planets []Planet `json:"planets,omitempty"`
	// Commit is how the attacker splits its ground forces between the
	// planets, in --commit's grammar: "secure[:P]", "best[:all]",
	// "best:count" or "NAME: UNITS; NAME: UNITS"; absent: secure at 0.9.
	Commit string `json:"commit,omitempty"`
	// Bombard names the planet every unit with Bombardment bombards;
	// absent: the first that can be bombarded.
	Bombard string `json:"bombard,omitempty"`
}

// Planet is one planet of the system and the defender's units on it.
type Planet struct {
	// Name is the planet's name (1..40 characters, no ':', ';' or
	// parentheses), unique in the system.
	Name string `json:"name"`
	// Cultural: the planet is cultural (Conventions of War).
	Cultural bool `json:"cultural,omitempty"`
	// Units are the defender's ground forces and structures on it (none:
	// an undefended planet).
	Units []Units `json:"units"`
}

// Side is one player's units and what they hold.
type Side struct {
	// Fleet is the side's units in the active system (the defender's
	// ground forces and structures on the planet), one entry per kind.
	Fleet []Units `json:"fleet"`
	// Faction is a faction slug (`ti4sim units --faction`); absent: none.
	Faction string `json:"faction,omitempty"`
	// Technologies are technology slugs (`ti4sim cards`).
	Technologies []string `json:"technologies,omitempty"`
	// Cards are action cards, agendas, relics, promissory notes, faction
	// items and board states, each with its copies or count.
	Cards []Card `json:"cards,omitempty"`
	// Order is the hit-assignment order in the --attacker-order grammar,
	// e.g. "carrier, fighter, sustain=last"; absent: the default.
	Order string `json:"order,omitempty"`
	// Policy is "order" (absent: hits follow Order) or "optimal" (the side
	// chooses its casualties in combat rounds to maximise its chance to
	// win; exact mode, ti4sim space --attacker-policy).
	Policy string `json:"policy,omitempty"`
	// Choices state the player's choice where a text leaves one, items
	// "TEXT=CHOICE": devotion=policy|always|never,
	// impulse-core=policy|last-ship|never, exotrireme-ii=policy|never,
	// emergency-repairs=end|start, saimoc-infused-hulls=every-round|five,
	// advanced-fleet-tactics=round-up|round-down,
	// adaptable-ordnance-rigs=sustain|roll;
	// absent: each text's default, the first.
	Choices []string `json:"choices,omitempty"`
	// Retreat is "never" (absent), "after=N", "when=losing[:T]" or
	// "best[:V]" (retreat where it pays most, a retreat worth V of a win;
	// exact mode).
	Retreat string `json:"retreat,omitempty"`
	// Modifier, -9..9, is added to the side's combat rolls.
	Modifier int `json:"modifier,omitempty"`
	// AllRollsModifier, -9..9, is added to every roll of the side's units
	// (combat rounds, barrage, space cannon, bombardment, pre-combat shots).
	AllRollsModifier int `json:"all_rolls_modifier,omitempty"`
	// TradeGoods and Influence, 0..99, may be spent on faction texts.
	TradeGoods int `json:"trade_goods,omitempty"`
	Influence  int `json:"influence,omitempty"`
	// CommandCounters, 0..99, are strategy-allocation command counters
	// the side may spend (ruleset ti3-sa: the Jol-Nar reroll a die each).
	CommandCounters int `json:"command_counters,omitempty"`
	// Galvanized are units of Fleet carrying a galvanize token.
	Galvanized []Units `json:"galvanized,omitempty"`
	// AdjacentPDS, 0..99, are the side's PDS in adjacent systems.
	AdjacentPDS int `json:"adjacent_pds,omitempty"`
	// PDS, 0..99, are the attacker's PDS on its own planets in the active
	// system (the attacker only).
	PDS int `json:"pds,omitempty"`
	// Leaders (ruleset ti3-sa) are the side's leaders in the fight, each
	// with an option after a colon where it takes one (general:no-rerolls,
	// admiral:UNIT, scientist:adjacent):
	// general, admiral, agent, scientist, diplomat, each at most once.
	Leaders []string `json:"leaders,omitempty"`
	// HighAlert (ruleset ti3-sa): the side's High Alert token is in the
	// system (one side at most).
	HighAlert bool `json:"high_alert,omitempty"`
}

// Units are a number of units of one kind.
type Units struct {
	// Unit is a unit name of the ruleset's fleet grammar, e.g.
	// "dreadnought", "war sun", "ground force" (aliases accepted;
	// normalised to the canonical name).
	Unit string `json:"unit"`
	// Count is 1..99.
	Count int `json:"count"`
	// Upgraded is true for the unit's II version.
	Upgraded bool `json:"upgraded,omitempty"`
	// Damaged, 0..Count, start damaged (units with Sustain Damage only).
	Damaged int `json:"damaged,omitempty"`
	// DamagedTwice, 0..Count − Damaged, have used Sustain Damage twice
	// (ruleset ti3-sa: the war sun, which sustains twice).
	DamagedTwice int `json:"damaged_twice,omitempty"`
}

// Card is one card or faction item a side holds.
type Card struct {
	// Name is the slug (`ti4sim cards`, `ti4sim units --faction F`).
	Name string `json:"name"`
	// Copies is the number of copies, or the item's count (imperator:N);
	// absent: 1, or no count.
	Copies int `json:"copies,omitempty"`
}

// Run says how to answer a combat.
type Run struct {
	// Trials, 1..1e9, are the Monte Carlo trials (default 100000); with
	// Precision, the most trials. Absent with Exact.
	Trials int64 `json:"trials,omitempty"`
	// Seed is the random seed (default 1). Absent with Exact.
	Seed *uint64 `json:"seed,omitempty"`
	// Exact asks for the exact answer (no sampling).
	Exact bool `json:"exact,omitempty"`
	// PreferExact (combat documents only) asks for the exact answer when
	// exact mode can give one, and otherwise for the Monte Carlo answer of
	// Trials and Seed (their defaults when absent), with a warning saying
	// why it is not exact. Not with Exact.
	PreferExact bool `json:"prefer_exact,omitempty"`
	// Precision, 0 < P < 0.5: run until every outcome's 95% interval
	// half-width is below it.
	Precision float64 `json:"precision,omitempty"`
	// Rounds, 1..1000, stops the combat after that many rounds.
	Rounds int `json:"rounds,omitempty"`
}

// Compare is the document of `ti4sim compare`: a combat and what varies.
type Compare struct {
	// Version is 1.
	Version int `json:"version"`
	// Scenario is the combat every variant starts from.
	Scenario Combat `json:"scenario"`
	// Vary lists the settings that vary: every combination is a variant.
	Vary []Vary `json:"vary"`
}

// Vary is one setting of a comparison and its values (compare --vary).
type Vary struct {
	// Key is a --vary key (`ti4sim compare --help`), e.g. "magen".
	Key string `json:"key"`
	// Values are 2 or more distinct values in that flag's grammar.
	Values []string `json:"values"`
}

// Vote is the document of `ti4sim vote`.
type Vote struct {
	// Version is 1.
	Version int `json:"version"`
	// Mode is "preliminary" (the Preliminary Voting variant, default) or
	// "base" (the base game's single vote).
	Mode string `json:"mode"`
	// Outcomes are the agenda's outcomes (default for, against).
	Outcomes []string `json:"outcomes"`
	// Voters are the players in clockwise seating, each in the --voter
	// grammar ("NAME:VOTES:OUTCOME=P,...[:final=...]").
	Voters []string `json:"voters"`
	// Speaker is a voter's name (default: the first voter).
	Speaker string `json:"speaker,omitempty"`
	// SpeakerPrefers is the speaker's tie-break ranking of outcomes.
	SpeakerPrefers []string `json:"speaker_prefers,omitempty"`
	// Bribery lists "NAME:TG" (the Bribery action card's holders).
	Bribery []string `json:"bribery,omitempty"`
	// Players is the number of players (default: the voters).
	Players int `json:"players,omitempty"`
	// Duel plays the TI3 two-player vote with the duel die in the final
	// vote: "standard" or "first-round"; absent: no duel die.
	Duel string `json:"duel,omitempty"`
	// Run says how to answer.
	Run Run `json:"run"`
}
