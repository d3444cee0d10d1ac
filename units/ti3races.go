package units

import (
	"fmt"
	"strings"

	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/internal/lazy"
)

// Twilight Imperium 3's races (ruleset ti3-sa): the 10 of the base game,
// the 4 of Shattered Empire and the 3 of Shards of the Throne. Each plays
// the TI3 unit table (TI3) and lists its combat-relevant racial abilities
// and race technologies, in our own words, with their source; the combat
// package says which are modelled, which act outside the combat, and which
// are not modelled yet. Shattered Ascension v4.0 (SA, RACES) rewrites the
// N'orr Berzerker Genome; its other race changes are economy and movement.
// Sources, cited by key in the texts: GK (Stefan Sasse's TI3 race guides,
// gameknight.com), DOC ("Twilight Imperium 3rd Edition Racial Abilities"),
// RD (r/twilightimperium "[Discussion] The <race>" series), PCT (the TI3
// port Tirvy/PC_Twi, GameEffects/races), CALC (the Shattered Ascension
// combat calculator zekash-dev/ti-sa-combat-calc, src/logic/participant.ts:
// its summaries of the later standalone SA's Racial Upgrades, the only
// wording of those found). Flagships (Shards of the Throne):
// ti3flagships.go; a race without one refuses a fleet with it, saying why.

// ti3Race builds a race: the TI3 table under the race's name.
func ti3Race(slug, name string, aliases []string, abilities ...Ability) *Faction {
	us := ti3Units()
	if fl, ok := ti3Flagships.Get()[slug]; ok {
		us = append(us, fl.stats)
		abilities = append(abilities, fl.text)
	}
	f := newFaction(slug, name, aliases, us, abilities)
	f.missing = func(k Kind, upgraded bool) error {
		if k == Flagship {
			return fmt.Errorf("no flagship for %s under ruleset %s: %s", name, TI3Slug, ti3NoFlagship.Get()[slug])
		}
		return ti3Missing(k, upgraded)
	}
	return f
}

// ti3Races lists the TI3 races in the order `ti4sim units --ruleset ti3-sa`
// shows them, built at its first use.
var ti3Races = lazy.Value[[]*Faction]{Build: func() []*Faction {
	return []*Faction{
		ti3Race("letnev", "The Barony of Letnev", []string{"barony", "barony-of-letnev"},
			Ability{"ti3-letnev-war-chest", "Barony war chest", AbilityKindAbility, "before any round of a space battle or invasion combat, may pay 2 trade goods: its ships +1 that round, or its ground forces +2 (DOC; GK)"},
			Ability{"ti3-l4-disruptors", "L4 Disruptors", AbilityKindTechnology, "the war chest's ground forces +2 costs no trade goods (GK; PCT)"},
			Ability{"ti3-non-euclidean-shielding", "Noneuclidean Shielding", AbilityKindTechnology, "a unit using Sustain Damage cancels 2 hits instead of 1 (GK; PCT)"},
			Ability{"ti3-saimoc-infused-hulls", "Saimoc-Infused Hulls", AbilityKindTechnology, "after each space battle round, one of its ships that did not use Sustain Damage this round is repaired; in the first round of a space battle the opponent's fighters' hits may go to its fighters only (SA 4.2 Racial Upgrade; CALC: \"After each combat round, repair one of your participating ships that did not use Sustain Damage this round. Hits from Fighters may not be assigned to your non-Fighter ships during the first round of Space Battles.\")"},
		),
		ti3Race("hacan", "The Emirates of Hacan", []string{"emirates", "emirates-of-hacan"},
			Ability{"ti3-hacan-trade", "Masters of trade", AbilityKindAbility, "trade agreements and trade goods (RD)"},
		),
		ti3Race("sol", "The Federation of Sol", []string{"federation", "federation-of-sol"},
			Ability{"ti3-sol-reinforcements", "Reinforcements", AbilityKindAbility, "gains ground forces and command counters as actions (DOC; GK)"},
			Ability{"ti3-mark-ii-advanced-carriers", "Mark II Advanced Carriers", AbilityKindTechnology, "its carriers carry 8 and have Sustain Damage (GK; PCT)"},
			Ability{"ti3-advanced-fleet-tactics", "Advanced Fleet Tactics", AbilityKindTechnology, "in each space battle round up to 3 of its fighters and 1 carrier get +2; the opponent's anti-fighter barrage destroys at most half of its fighters, rounded up (SA 4.2 Racial Upgrade; CALC: \"During each combat round of Space Battles, up to three Fighters and one Carrier receive +2 to combat rolls. No more than half of your Fighters (round up) may be lost to Anti-Fighter Barrage.\")"},
			Ability{"ti3-versatile-combat-tactics", "Versatile Combat Tactics", AbilityKindTechnology, "its ground forces and shock troops get +2 in invasion combat rounds where it has fewer combat dice than the opponent; defending, half of its ground forces (rounded up) are immune to bombardment (SA 4.2 Racial Upgrade; CALC: \"Your Ground Forces (and Shock Troops) gain +2 to combat rolls in combat rounds where you have fewer combat dice than the opponent. During enemy Bombardment, half of your Ground Forces (round up) are immune.\")"},
			Ability{"ti3-spec-ops-training", "Spec Ops Training", AbilityKindTechnology, "in invasion combat, each die showing a natural 1 may be rerolled once (GK; PCT)"},
		),
		ti3Race("l1z1x", "The L1z1x Mindnet", []string{"l1z1x-mindnet", "lizix"},
			Ability{"ti3-l1z1x-dreadnoughts", "Dreadnought and invasion strength", AbilityKindAbility, "its dreadnoughts get +1 to their rolls in space battles, and its ground forces +1 when attacking in invasion combat (PCT r_L1z1x)"},
		),
		ti3Race("mentak", "The Mentak Coalition", []string{"coalition", "mentak-coalition"},
			Ability{"ti3-mentak-pre-combat", "Ambush", AbilityKindAbility, "before the first round of a space battle, up to 2 of its cruisers or destroyers fire one die each (PCT)"},
			Ability{"ti3-adaptable-ordnance-rigs", "Adaptable Ordnance Rigs", AbilityKindTechnology, "its cruisers carry 1 ground force; attacking, each cruiser carrying none may sustain a hit before the combat rounds or roll 1 more die in the first round of the space battle (SA 4.2 Racial Upgrade; CALC: \"Your Cruisers gain Capacity (1 Ground Force). During your actions, Cruisers not using this Capacity may either sustain damage outside of combat rounds, or make an extra combat roll in the first combat round of Space Battles.\")"},
			Ability{"ti3-mentak-piracy", "Piracy and salvage", AbilityKindAbility, "steals trade goods as an action; salvages 1 trade good from won space battles (SA RACES)"},
		),
		ti3Race("naalu", "The Naalu Collective", []string{"collective", "naalu-collective"},
			Ability{"ti3-naalu-fighters", "Naalu fighters", AbilityKindAbility, "its fighters get +1 to their rolls in space battles (DOC; RD)"},
			Ability{"ti3-naalu-retreat", "Pre-battle retreat", AbilityKindAbility, "when attacked, may retreat before the space battle (DOC; RD)"},
		),
		ti3Race("sardakk", "The Sardakk N'orr", []string{"norr", "n'orr", "sardakk-norr"},
			Ability{"ti3-norr-fierce", "Fierce warriors", AbilityKindAbility, "+1 to all its combat rolls: space battle and invasion combat rounds, pre-combat shots, anti-fighter barrage, space cannon and bombardment (GK; PCT r_Norr)"},
			Ability{"ti3-valkyrie-armor", "Valkyrie Armor", AbilityKindTechnology, "at the end of a round of invasion combat, roll 1 die for each casualty it took: for each 10, the opponent takes 1 casualty (GK 588)"},
			Ability{"ti3-exotrireme", "Exotrireme", AbilityKindTechnology, "at the end of a round of space battle, may destroy 1 of its dreadnoughts there to destroy 2 enemy ships there of its choice (GK 588; RD)"},
			Ability{"ti3-berzerker-genome", "Berzerker Genome", AbilityKindTechnology, "at the end of any combat round in which it scored at least one hit, it inflicts one more hit on the opponent (SA RACES: Berzerker Genome, the whole card rewritten)"},
		),
		ti3Race("jol-nar", "The Universities of Jol-Nar", []string{"jolnar", "universities"},
			Ability{"ti3-jolnar-fragile", "Fragile", AbilityKindAbility, "-1 to all its combat rolls: space battle and invasion combat rounds, pre-combat shots, anti-fighter barrage, space cannon and bombardment (PCT r_JolNar)"},
			Ability{"ti3-jolnar-reroll", "Technological brilliance", AbilityKindAbility, "after rolling, may spend a command counter from its strategy allocation to reroll a die (PCT)"},
		),
		ti3Race("xxcha", "The Xxcha Kingdom", []string{"kingdom", "xxcha-kingdom"},
			Ability{"ti3-xxcha-diplomats", "Diplomats", AbilityKindTechnology, "may end an opponent's activation of a system with its planet before any combat (SA: any such system, no command counter; RD; GK 599)"},
			Ability{"ti3-instinct-training", "Instinct Training", AbilityKindTechnology, "a strategy command counter cancels an action card (RD; GK 599)"},
			Ability{"ti3-archon-energy-shell", "Archon Energy Shell", AbilityKindTechnology, "as the defender, negates the first 2 hits of the opponent's combat rounds in each space battle and invasion combat (SA 4.2 Racial Upgrade; CALC: \"As the defender in Space Combat or Invasion Combat, you may negate two hits\")"},
			Ability{"ti3-xxcha-diplomacy", "Peaceful", AbilityKindAbility, "the opponent gets -1 to its combat rolls in the first round of every space battle and invasion combat against the Xxcha (RD; GK; PCT)"},
		),
		ti3Race("yssaril", "The Yssaril Tribes", []string{"tribes", "yssaril-tribes"},
			Ability{"ti3-yssaril-cards", "Action-card masters", AbilityKindAbility, "action cards and Shuttle Logistics movement (SA RACES)"},
		),
		ti3Race("yin", "The Brotherhood of Yin", []string{"brotherhood", "brotherhood-of-yin"},
			Ability{"ti3-yin-indoctrination", "Indoctrination", AbilityKindAbility, "attacking in an invasion, before the combat rolls 1 die: on 5 or more, one of the defender's ground forces is destroyed and replaced by one of its own (OMF)"},
			Ability{"ti3-yin-sacrifice", "Sacrifice", AbilityKindAbility, "right after the second round of a space battle, may remove 1 of its cruisers or destroyers in the battle to inflict 1 hit on an enemy ship in the battle (race sheet, as transcribed on studopedia.info/3-90213; PCT e_YinKamikaze)"},
			Ability{"ti3-fanaticism", "Fanaticism", AbilityKindTechnology, "Indoctrination rolls twice in each invasion combat (OMF; PCT)"},
		),
		ti3Race("saar", "The Clan of Saar", []string{"clan", "clan-of-saar"},
			Ability{"ti3-saar-floating-factories", "Floating Factories", AbilityKindAbility, "space docks move and may retreat; production while moving (SA RACES)"},
			Ability{"ti3-chaos-mapping", "Chaos Mapping", AbilityKindTechnology, "the opponent's pre-combat rolls, its anti-fighter barrage and pre-combat shots, get -1 (SA 4.2 Racial Upgrade; CALC: \"All pre-combat rolls receive -1 against you\")"},
		),
		ti3Race("muaat", "The Embers of Muaat", []string{"embers", "embers-of-muaat"},
			Ability{"ti3-muaat-war-sun", "Star forge", AbilityKindAbility, "starts with a war sun; supernova movement (PCT)"},
			Ability{"ti3-magmus-reactor", "Magmus Reactor", AbilityKindTechnology, "its war suns get +1 movement and cost 10 (GK 577; RD)"},
			Ability{"ti3-nova-seed", "Nova Seed", AbilityKindTechnology, "as an action, turns a system it controls into a supernova (GK 577; RD)"},
			Ability{"ti3-magma-obliterator", "Magma Obliterator", AbilityKindTechnology, "one of its war suns bombards with 2 more dice (SA 4.2 Racial Upgrade; CALC: \"One of your War Sun gains Bombardment (x2)\", played as 2 dice added)"},
		),
		ti3Race("winnu", "The Winnu", nil,
			Ability{"ti3-winnu-economy", "Lazax heritage", AbilityKindAbility, "economy and movement (PCT)"},
		),
		ti3Race("arborec", "The Arborec", nil,
			Ability{"ti3-arborec-growth", "Mitosis", AbilityKindAbility, "its ground forces produce units (OMF)"},
			Ability{"ti3-deep-roots", "Deep Roots", AbilityKindTechnology, "its ground forces and shock troops get -1 to their combat rolls (the standalone SA 4.2 Arborec sheet only, given as a technology: TI3's has none; CALC: \"Your Ground Forces (and Shock Troops) receive -1 to all combat rolls.\")"},
		),
		ti3Race("creuss", "The Ghosts of Creuss", []string{"ghosts", "ghosts-of-creuss"},
			Ability{"ti3-dimensional-splicer", "Dimensional Splicer", AbilityKindTechnology, "at the start of a space battle in a system with a wormhole and its ships, 1 hit on an enemy ship it chooses (PCT)"},
		),
		ti3Race("nekro", "The Nekro Virus", []string{"virus", "nekro-virus"},
			Ability{"ti3-nekro-assimilation", "Technological singularity", AbilityKindAbility, "copies technologies (PCT)"},
		),
		// The races of the standalone Shattered Ascension 4.2 (CALC offers
		// them; no SA 4.2 race sheet was found): the TI3 unit table, no racial
		// text CALC gives a combat effect, and no flagship (ti3NoFlagship).
		ti3Race("krotoan-virus", "The Krotoan Virus", []string{"krotoan"},
			Ability{"ti3-krotoan-start", "Starting technologies", AbilityKindAbility, "replaces the Nekro Virus in the standalone SA 4.2; CALC gives it no racial ability or upgrade, and starts it with Hylar V Laser and Gen Synthesis: technologies to give (ti4sim adds none)"},
		),
		ti3Race("order-of-the-last", "The Order of the Last", []string{"order"},
			Ability{"ti3-chronos-field", "Chronos Field", AbilityKindAbility, "the Order's SA 4.2 Racial Upgrade; its text was not found (CALC: \"This ability is not yet implemented.\")"},
		),
	}
}}

// TI3Races returns the Twilight Imperium 3 races (ruleset ti3-sa).
func TI3Races() []*Faction { return append([]*Faction(nil), ti3Races.Get()...) }

// IsTI3 reports whether f plays the TI3 unit table: the ruleset's table
// itself or a TI3 race.
func (f *Faction) IsTI3() bool { return f != nil && f.missing != nil }

// LookupTI3Race returns the TI3 race called name (slug or alias, any
// case); "none" (or "generic", or nothing) is the TI3 unit table itself.
func LookupTI3Race(name string) (*Faction, error) {
	if n := strings.ToLower(strings.TrimSpace(name)); n == "none" || n == "generic" || n == "" {
		return TI3(), nil // no race: the TI3 unit table
	}
	if f := findFaction(ti3Races.Get(), name); f != nil {
		return f, nil
	}
	var names []string
	for _, f := range ti3Races.Get() {
		names = append(names, f.Slug)
	}
	return nil, fmt.Errorf("unknown Twilight Imperium 3 race %s; allowed: %s", echo.Quote(name), strings.Join(names, ", "))
}
