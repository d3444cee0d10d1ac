package scenario

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"

	"github.com/ti4sim/ti4sim/combat"
)

// Input is one input of a combat document: where it sits in the document,
// the command-line flag that sets it and the library field it becomes.
// Inputs is the one table the front ends read: the command line registers
// its flags from it and names a flag for an error, the service names the
// JSON path, and Combat.Scenario copies the plain values (whole numbers,
// switches) into the library's fields by their names.
type Input struct {
	// Path is the JSON path in a combat document; for an input of each
	// side, the path below the side ("modifier" for attacker.modifier).
	Path string
	// Flag is the flag's name without "--"; for an input of each side,
	// with SIDE standing for "attacker" or "defender"
	// ("SIDE-modifier").
	Flag string
	// Field is the library's field: of combat.Side for an input of each
	// side, else of combat.Scenario or combat.Options; "" for a document's
	// own setting (how to run it).
	Field string
	// Sides lists the sides that have the input: both, or the attacker
	// only (PDS on its own planets); empty for a scenario's input.
	Sides []string
	// Usage is the flag's help: one text, or one a side (the attacker's,
	// then the defender's).
	Usage []string
	// Run: the flag is one of the run flags every simulating command
	// registers itself (-n, --seed).
	Run bool
	// Invade: the flag belongs to invade alone (a system's planets).
	Invade bool
}

var bothSides = []string{"attacker", "defender"}

// help is one usage text, or one a side.
func help(s ...string) []string { return s }

// Inputs are the combat document's inputs, in the order a document's
// values are applied (the ruleset first: it chooses the fleets' grammar)
// and their flags are listed.
var Inputs = []Input{
	{Path: "fleet", Flag: "SIDE", Field: "Fleet", Sides: bothSides, Usage: help(
		"attacker's units, e.g. \"2 dreadnought, 1 carrier II, 4 fighter, 3 infantry\"",
		"defender's units: ships in space; ground forces, pds and space dock on the planet (\"\" for a Keleres defender of Mecatol Rex with none: --defender-card mecatol-rex)")},
	{Path: "faction", Flag: "SIDE-faction", Field: "Faction", Sides: bothSides, Usage: help(
		"attacker's faction (allowed: FACTIONS)", "defender's faction")},
	{Path: "technologies", Flag: "SIDE-tech", Field: "Techs", Sides: bothSides, Usage: help(
		"attacker's technologies, comma-separated (unit upgrades: TECHNOLOGIES)", "defender's technologies, e.g. pds-ii")},
	{Path: "cards", Flag: "SIDE-card", Field: "Cards", Sides: bothSides, Usage: help(
		"attacker's action cards, agendas, relics, promissory notes, faction notes, leaders and breakthroughs, and board states (assimilator-token, fleet-pool-token, mecatol-rex, flagship-adjacent); `NAME`:N for N copies or a count (see: ti4sim cards; ti4sim units --faction F)",
		"defender's action cards, agendas, relics, promissory notes, faction items and board states, like --attacker-card")},
	{Path: "choices", Flag: "SIDE-choice", Field: "Choices", Sides: bothSides, Usage: help(
		"attacker's choices where a text leaves one to the player, comma-separated TEXT=CHOICE, the default first: devotion=policy|always|never, impulse-core=policy|last-ship|never, exotrireme-ii=policy|never, emergency-repairs=end|start, saimoc-infused-hulls=every-round|five, advanced-fleet-tactics=round-up|round-down, adaptable-ordnance-rigs=sustain|roll",
		"defender's choices, like --attacker-choice")},
	{Path: "retreat", Flag: "SIDE-retreat", Field: "Retreat", Sides: bothSides, Usage: help(
		"attacker's retreat policy: never, after=N, when=losing, when=losing:T, or best / best:V (retreat where it pays most, a retreat worth V of a win, default 0.5; exact, and lists where to retreat)",
		"defender's retreat policy, like --attacker-retreat")},
	{Path: "run.rounds", Flag: "rounds", Field: "MaxRounds", Usage: help(
		"stop the combat after N rounds and show the state then (space and ground), 1..ROUNDCAP")},
	{Path: "order", Flag: "SIDE-order", Field: "Order", Sides: bothSides, Usage: help(
		"attacker's hit assignment: unit names first-lost first, optionally sustain=last", "defender's hit assignment, like --attacker-order")},
	{Path: "policy", Flag: "SIDE-policy", Field: "Order", Sides: bothSides, Usage: help(
		"order (default: hits follow --attacker-order) or optimal: the attacker chooses its casualties in combat rounds to maximise its chance to win; shows the odds under both, the gain and the first round's decisions (exact)",
		"order or optimal, like --attacker-policy; both optimal: a zero-sum game each round, solved exactly")},
	{Path: "modifier", Flag: "SIDE-modifier", Field: "Modifier", Sides: bothSides, Usage: help(
		"flat modifier to the attacker's combat rolls, -9..9", "flat modifier to the defender's combat rolls, -9..9")},
	{Path: "all_rolls_modifier", Flag: "SIDE-all-rolls-modifier", Field: "AllRollsModifier", Sides: bothSides, Usage: help(
		"flat modifier to every roll the attacker's units make, -9..9: combat rounds (added to --attacker-modifier), anti-fighter barrage, space cannon, bombardment and pre-combat shots",
		"flat modifier to every roll the defender's units make, like --attacker-all-rolls-modifier")},
	{Path: "trade_goods", Flag: "SIDE-trade-goods", Field: "TradeGoods", Sides: bothSides, Usage: help(
		"trade goods the attacker may spend on effects (Munitions Reserves, Wrath of Kenara), 0..99", "trade goods the defender may spend on effects, 0..99")},
	{Path: "command_counters", Flag: "SIDE-command-counters", Field: "CommandCounters", Sides: bothSides, Usage: help(
		"--ruleset ti3-sa: command counters of the attacker's strategy allocation it may spend (the Jol-Nar reroll a die for each), 0..99",
		"--ruleset ti3-sa: the defender's, like --attacker-command-counters")},
	{Path: "influence", Flag: "SIDE-influence", Field: "Influence", Sides: bothSides, Usage: help(
		"influence the attacker may spend on effects (Indoctrination, Dynamo), 0..99", "influence the defender may spend on effects, 0..99")},
	{Path: "galvanized", Flag: "SIDE-galvanized", Field: "Galvanized", Sides: bothSides, Usage: help(
		"attacker's units carrying a galvanize token (Last Bastion), a part of --attacker, e.g. \"1 dreadnought, 2 infantry\"",
		"defender's galvanized units, like --attacker-galvanized")},
	{Path: "adjacent_pds", Flag: "SIDE-adjacent-pds", Field: "AdjacentPDS", Sides: bothSides, Usage: help(
		"attacker's PDS in adjacent systems, 0..99 (fire in space cannon offense only with PDS II)",
		"defender's PDS in adjacent systems, 0..99 (fire in space cannon offense only with PDS II)")},
	{Path: "pds", Flag: "SIDE-pds", Field: "SystemPDS", Sides: []string{"attacker"}, Usage: help(
		"attacker's PDS on its own planets in the active system, 0..99 (fire in space cannon offense only; never hit)")},
	{Path: "ruleset", Flag: "ruleset", Field: "Edition", Usage: help(
		"`NAME` of the rules edition: ti4, or ti3-sa (Twilight Imperium 3 with Shattered Ascension: its units, rules and technologies; see: ti4sim units --ruleset ti3-sa)")},
	{Path: "printings", Flag: "rules", Field: "Printings", Usage: help(
		"card printings, e.g. magen=omega,x89=original (magen: original, omega, omega2; x89: original, omega, companion, omega2 — default omega2; direct-hit, harrow, matriarch: original, current; iconoclast, milor (Brother Milor): original, omega, current — default current; ti3-flagships (ruleset ti3-sa): sa40, today's, or sa42, the Shattered Ascension 4.2 sheets' numbers)")},
	{Path: "system.nebula", Flag: "nebula", Field: "Nebula", Usage: help(
		"the active system is a nebula: +1 to the defender's ships' combat rolls")},
	{Path: "system.entropic_scar", Flag: "entropic-scar", Field: "EntropicScar", Usage: help(
		"the active system is an entropic scar: units there use no unit abilities")},
	{Path: "system.space_mine", Flag: "space-mine", Field: "SpaceMine", Usage: help(
		"the defender has a space mine in the system (--ruleset ti3-sa): each attacking non-fighter ship rolls 1 die at 9 on entering")},
	{Path: "system.negate_mine_hits", Flag: "negate-mine-hits", Field: "NegateMineHits", Usage: help(
		"with --space-mine: the attacker negates a mine hit that would destroy its ship by taking 2 hits with Sustain Damage on two other ships, when it can")},
	{Path: "system.cultural", Flag: "cultural", Field: "Cultural", Usage: help(
		"the contested planet is cultural (Conventions of War)")},
	{Path: "leaders", Flag: "SIDE-leader", Field: "Leaders", Sides: bothSides, Usage: help(
		"--ruleset ti3-sa: the attacker's leaders in the fight, comma-separated: general, admiral, agent, scientist, diplomat; general:no-rerolls (the +1 without SA's rerolls), admiral:UNIT (on one ship of that kind, e.g. admiral:dreadnought), scientist:adjacent (with the side's adjacent PDS) (see: ti4sim units --ruleset ti3-sa)",
		"--ruleset ti3-sa: the defender's leaders in the fight, like --attacker-leader")},
	{Path: "high_alert", Flag: "high-alert", Field: "HighAlert", Sides: bothSides, Usage: help(
		"--ruleset ti3-sa: the `SIDE` (attacker or defender) whose High Alert token is in the system: +1 to all its combat rolls there")},
	{Path: "system.ion_storm", Flag: "ion-storm", Field: "IonStorm", Usage: help(
		"--ruleset ti3-sa: the system is an Ion Storm: no space cannon fires into it, its fighters make no combat rolls")},
	{Path: "system.commandos", Flag: "commandos", Field: "Commandos", Usage: help(
		"--ruleset ti3-sa, invade: the attacker's shock troops held back as commandos (they neither fight nor take hits; eliminated if the invasion fails)")},
	{Path: "system.wormhole", Flag: "wormhole", Field: "Wormhole", Usage: help(
		"--ruleset ti3-sa: the system has a wormhole (the Creuss Dimensional Splicer acts there)")},
	{Path: "system.home_system", Flag: "home-system", Field: "HomeSystem", Usage: help(
		"--ruleset ti3-sa, invade: the planet is in a home system, so a bombardment hit with no ground force to take it does not turn it neutral")},
	{Path: "run.exact", Flag: "exact", Usage: help(
		"exact answer by a Markov chain over unit states instead of sampling (takes no -n, --seed or --precision)")},
	{Path: "run.prefer_exact", Flag: "prefer-exact", Usage: help(
		"the exact answer when exact mode can give one, otherwise the Monte Carlo answer of -n and --seed with a warning saying why")},
	{Path: "run.precision", Flag: "precision", Field: "Precision", Usage: help(
		"run until every outcome's 95% interval half-width is below this (0 < P < 0.5); -n is then the most trials")},
	{Path: "system.planets", Flag: "planet", Field: "Planets", Invade: true, Usage: help(
		"invade: a planet of the system and the defender's units on it, `\"NAME[ (cultural)]: UNITS\"`, e.g. \"Mecatol: 3 infantry, 1 pds\"; repeat for up to 3 planets, most valuable first (-d then holds only the defender's ships)")},
	{Path: "system.commit", Flag: "commit", Field: "Commit", Invade: true, Usage: help(
		"invade with --planet: how the ground forces are split, `POLICY`: secure[:P] (default secure:0.9: planet by planet, the cheapest force that takes it with chance P), best[:all] or best:count (the split that maximises the chance to take every planet, or the expected number taken), or a split \"NAME: UNITS; NAME: UNITS\"")},
	{Path: "system.bombard", Flag: "bombard", Field: "Bombard", Invade: true, Usage: help(
		"invade with --planet: the `PLANET` every unit with Bombardment bombards (default: the first that can be bombarded)")},
	{Path: "run.trials", Flag: "trials", Field: "Trials", Run: true},
	{Path: "run.seed", Flag: "seed", Field: "Seed", Run: true},
}

// FlagName is the input's flag for side ("" for a scenario's input).
func (in *Input) FlagName(side string) string {
	if in.Flag == "" {
		return ""
	}
	return strings.ReplaceAll(in.Flag, "SIDE", side)
}

// JSONPath is the input's path in a combat document for side.
func (in *Input) JSONPath(side string) string {
	if len(in.Sides) == 0 {
		return in.Path
	}
	return side + "." + in.Path
}

// inputOfField finds the input of a library field: of a side's when side
// is given, else of the scenario's or the options'.
func inputOfField(side, field string) *Input {
	for i := range Inputs {
		in := &Inputs[i]
		if in.Field == field && (len(in.Sides) > 0) == (side != "") {
			return in
		}
	}
	return nil
}

// InputAt finds the input of a JSON path of a combat document (an
// element's path, "attacker.cards[2].name", finds its list's input) and
// the side it belongs to.
func InputAt(path string) (*Input, string) {
	side := ""
	for _, s := range bothSides {
		if rest, ok := strings.CutPrefix(path, s+"."); ok {
			side, path = s, rest
		}
	}
	if i := strings.IndexByte(path, '['); i >= 0 {
		path = path[:i]
	}
	for i := range Inputs {
		in := &Inputs[i]
		if in.Path == path && (side == "" && len(in.Sides) == 0 || slices.Contains(in.Sides, side)) {
			return in, side
		}
		if len(in.Sides) == 0 && side == "" && strings.HasPrefix(path, in.Path+".") && in.Path == "printings" {
			return in, side
		}
	}
	return nil, side
}

// InputOfFlag finds the input a flag sets ("attacker-tech") and its side.
func InputOfFlag(name string) (*Input, string) {
	for i := range Inputs {
		in := &Inputs[i]
		for _, side := range in.Sides {
			if in.FlagName(side) == name {
				return in, side
			}
		}
		if in.Flag == name {
			return in, ""
		}
	}
	return nil, ""
}

// PathOf is the JSON path, in a combat document, of the input a library
// error names (an element's for a list: "attacker.cards[2]"), or "".
func PathOf(e *combat.InputError) string {
	in := inputOfField(e.Side, e.Field)
	if in == nil {
		return ""
	}
	p := in.JSONPath(e.Side)
	if e.Index >= 0 {
		p += fmt.Sprintf("[%d]", e.Index)
	}
	return p
}

// fieldOf is the reflect value of the document's field at an input's path
// for side: a field of Combat, of its System or Run, or of a Side.
func (d *Combat) fieldOf(in *Input, side string) reflect.Value {
	v := reflect.ValueOf(d).Elem()
	path := in.Path
	switch side {
	case "attacker":
		v = v.FieldByName("Attacker")
	case "defender":
		v = v.FieldByName("Defender")
	}
	for key := range strings.SplitSeq(path, ".") {
		v = byJSONName(v, key)
	}
	return v
}

// byJSONName is the field of struct v whose json key is key (the first,
// were two fields to have it).
func byJSONName(v reflect.Value, key string) reflect.Value {
	t := v.Type()
	idx, ok := jsonFields.Load(t)
	if !ok {
		byKey := map[string]int{}
		for i := range t.NumField() {
			name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
			if _, dup := byKey[name]; !dup {
				byKey[name] = i
			}
		}
		idx, _ = jsonFields.LoadOrStore(t, byKey)
	}
	if i, ok := idx.(map[string]int)[key]; ok {
		return v.Field(i)
	}
	panic("scenario: no document field " + key + " in " + t.Name()) // Inputs names document fields; a test walks them
}

// jsonFields maps each document struct type met by byJSONName to its
// fields' indexes by json key (reflect.Type → map[string]int), built at the
// type's first lookup: a command looks up every input's field at least
// twice (its flag's type, then its value), and reading every field's tag
// at each lookup was about 3% of a one-battle command's CPU.
var jsonFields sync.Map

// Type is the Go type of the input's document field (a side's for an
// input of each side): what its flag holds.
func (in *Input) Type() reflect.Type {
	side := ""
	if len(in.Sides) > 0 {
		side = in.Sides[0]
	}
	var d Combat
	return d.fieldOf(in, side).Type()
}
