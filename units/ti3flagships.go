package units

import (
	"fmt"

	"github.com/ti4sim/ti4sim/internal/lazy"
)

// Twilight Imperium 3's flagships (Shards of the Throne), one per race,
// with the race's own text. Numbers: cost, combat value × dice, move and
// capacity from the race-sheet digests where they give them (GK: Letnev,
// N'orr, Xxcha, Hacan, Sol; OMF: Arborec) and otherwise from the TI3 port
// Tirvy/PC_Twi (PCT, Defines.cpp FMstats, whose rows are labelled by race);
// every flagship has Sustain Damage (PCT: 2 hit points; RD: "Abilities
// Sustain Damage"), and under Shattered Ascension loses a die when it uses
// it, as any unit. The texts are our own words, with their source; PCT's
// are its implementation (UnitAbility.cpp FlagshipAbilities, the races'
// e_<Race>Flagship), the only source found for several.
//
// Four races have no flagship here, each refused with why: the Yssaril,
// Creuss and Nekro texts were not found in a source we could check (PCT
// has no Creuss row, and its Nekro effect hangs on a condition no card
// text confirms), and the Yin Van Hauge (ground forces aboard fighting in
// the space battle) is not modelled.
type ti3Flagship struct {
	stats Stats
	text  Ability
}

// ti3Flag builds a flagship's numbers: Sustain Damage, the rest as given,
// then its other abilities set by more.
func ti3Flag(name string, cost float64, combat Roll, move, capacity int, more ...func(*Stats)) Stats {
	s := Stats{Kind: Flagship, Name: name, Cost: cost, Combat: combat, Move: move, Capacity: capacity, Sustain: true}
	for _, f := range more {
		f(&s)
	}
	return s
}

// ti3Flagships are the races' flagships, by race slug.
var ti3Flagships = lazy.Value[map[string]ti3Flagship]{Build: func() map[string]ti3Flagship {
	return map[string]ti3Flagship{
		"letnev": {ti3Flag("Arc Secundus", 10, Roll{5, 2}, 1, 2, func(s *Stats) { s.Bombardment, s.BombardsThroughShield = Roll{5, 1}, true }),
			Ability{"ti3-arc-secundus", "Arc Secundus", AbilityKindFlagship, "may bombard planets that have PDS (1 die at 5, through the Planetary Shield, as PCT's bombardment of a dreadnought); at the start of each combat round it is repaired (GK 554; PCT uaBombard, uaAutoRepair)"}},
		"hacan": {ti3Flag("Wrath of Kenara", 10, Roll{7, 3}, 2, 4),
			Ability{"ti3-wrath-of-kenara", "Wrath of Kenara", AbilityKindFlagship, "while it is in the battle, up to twice each space battle round, 1 trade good rerolls one of the Hacan's dice (GK 538; PCT e_HacanFlagship)"}},
		"sol": {ti3Flag("Genesis", 10, Roll{5, 3}, 1, 3),
			Ability{"ti3-genesis", "Genesis", AbilityKindFlagship, "ground forces aboard take no capacity (GK 590; PCT uaUnlimGF)"}},
		"l1z1x": {ti3Flag("0.0.1", 11, Roll{5, 3}, 1, 2),
			Ability{"ti3-0-0-1", "0.0.1", AbilityKindFlagship, "the hits of this ship and of the L1Z1X dreadnoughts go to the opponent's non-fighter ships while there are any (PCT e_L1z1xFlagship)"}},
		"mentak": {ti3Flag("Fourth Moon", 8, Roll{5, 2}, 2, 2),
			Ability{"ti3-fourth-moon", "Fourth Moon", AbilityKindFlagship, "the opponent's ships in its system cannot use Sustain Damage (PCT e_MentakFlagship)"}},
		"naalu": {ti3Flag("Matriarch", 9, Roll{8, 2}, 1, 6),
			Ability{"ti3-matriarch", "Matriarch", AbilityKindFlagship, "raises the Naalu fleet supply by 3 (PCT e_NaaluFlagship)"}},
		"sardakk": {ti3Flag("C'morran N'orr", 10, Roll{5, 3}, 1, 2),
			Ability{"ti3-cmorran-norr", "C'morran N'orr", AbilityKindFlagship, "+1 to the N'orr's space battle rolls in its system, its own included (GK 588: \"You receive +1 to your space combat rolls in this system\"; RD; PCT e_NorrFlagship)"}},
		"jol-nar": {ti3Flag("J.N.S. Hylarim", 10, Roll{2, 2}, 2, 2),
			Ability{"ti3-jns-hylarim", "J.N.S. Hylarim", AbilityKindFlagship, "each of its dice showing a 10 produces 3 hits (PCT uaCritical 3)"}},
		"xxcha": {ti3Flag("Loncara Ssodu", 10, Roll{6, 2}, 1, 4, func(s *Stats) { s.SpaceCannon = Roll{6, 2} }),
			Ability{"ti3-loncara-ssodu", "Loncara Ssodu", AbilityKindFlagship, "fires space cannon as 2 PDS, 2 dice at 6, before the space battle (GK 599: \"May fire as 2 PDS\"; PCT uaCannon 6×2)"}},
		"saar": {ti3Flag("Son of Ragh", 10, Roll{6, 3}, 1, 4, func(s *Stats) { s.AFB = Roll{6, 4} }),
			Ability{"ti3-son-of-ragh", "Son of Ragh", AbilityKindFlagship, "anti-fighter barrage, 4 dice at 6 (PCT uaAFB 6×4)"}},
		"muaat": {ti3Flag("The Inferno", 10, Roll{5, 3}, 1, 4),
			Ability{"ti3-the-inferno", "The Inferno", AbilityKindFlagship, "places units in its system as an action (PCT e_MuaatFlagshipSpawn)"}},
		"winnu": {ti3Flag("Salai Sai Corian", 10, Roll{7, 1}, 1, 3),
			Ability{"ti3-salai-sai-corian", "Salai Sai Corian", AbilityKindFlagship, "rolls one die at 7 for each non-fighter ship of the opponent in the battle (PCT e_WinnuFlagship)"}},
		"arborec": {ti3Flag("Duha Menaimon", 10, Roll{6, 2}, 1, 5),
			Ability{"ti3-duha-menaimon", "Duha Menaimon", AbilityKindFlagship, "builds units, production 5, when it has not moved (OMF; PCT uaProduction 5)"}},
	}
}}

// ti3NoFlagship says why a race has no flagship here.
var ti3NoFlagship = lazy.Value[map[string]string]{Build: func() map[string]string {
	return map[string]string{
		"yssaril": "the Yssaril flagship's text was not found in a source we could check",
		"creuss":  "the Creuss flagship's numbers and text were not found in a source we could check",
		"nekro":   "the Nekro flagship's text was found only as an implementation (PCT) whose condition no card text confirms",
		"yin":     "the Yin flagship Van Hauge (its ground forces aboard fight in the space battle) is not modelled",
		// The standalone SA 4.2 races: no sheet found; their SA 4.2 flagships
		// (ti3NoFlagshipSA42) are refused too.
		"krotoan-virus":     "the Krotoan Virus is a race of the standalone Shattered Ascension 4.2, whose sheet was not found; its flagship The Alastor (CALC: 6 x1, reanimating a destroyed opposing ship after every round, at most 5 times) is not modelled",
		"order-of-the-last": "the Order of the Last is a race of the standalone Shattered Ascension 4.2, whose sheet was not found; its flagship Last Chance (CALC: 7 x2) has a barrage die and a bombardment die whose values CALC does not give",
	}
}}

// The flagships of the standalone Shattered Ascension 4.2 race sheets
// (printing "sa42" of the TI3 flagships; today's "sa40" is the table
// above). No race sheet of SA 4.2 was found in a source we could check: the
// numbers are the SA combat calculator's (CALC, zekash-dev/ti-sa-combat-calc,
// src/logic/participant.ts flagshipDefinitions: combat value, dice and
// Sustain Damage count per race). A flagship there with nothing more than
// those numbers plays them (cost, move and capacity stay TI3's: CALC has
// none); one with more (pre-combat shots, barrage, bombardment or space
// cannon dice whose values CALC does not give, a third Sustain Damage, or a
// text) is refused, saying what, rather than guessed.
var ti3FlagshipsSA42 = lazy.Value[map[string]struct {
	name    string
	combat  Roll
	sustain int // uses of Sustain Damage
}]{Build: func() map[string]struct {
	name    string
	combat  Roll
	sustain int // uses of Sustain Damage
} {
	return map[string]struct {
		name    string
		combat  Roll
		sustain int // uses of Sustain Damage
	}{
		"hacan":   {"Kenaran Sun", Roll{6, 2}, 2},
		"sol":     {"Genesis I", Roll{8, 2}, 1},
		"winnu":   {"Salai Sai Corian", Roll{7, 1}, 2},
		"arborec": {"Duha Menaimon", Roll{6, 2}, 2},
		"creuss":  {"Hil Colish", Roll{4, 1}, 1},
	}
}}

// ti3NoFlagshipSA42 says why a race's SA 4.2 flagship is refused.
var ti3NoFlagshipSA42 = lazy.Value[map[string]string]{Build: func() map[string]string {
	return map[string]string{
		"letnev":            "the SA 4.2 Arc Secundus (5 x2, 2 Sustain Damage) also has a pre-combat shot, a barrage die and a bombardment die whose values the source (CALC) does not give",
		"saar":              "the SA 4.2 Son of Ragh (7 x3) also has 2 barrage dice whose value the source (CALC) does not give",
		"mentak":            "the SA 4.2 Fourth Moon (4 x2) also has a pre-combat shot whose value the source (CALC) does not give, and its text was not found",
		"naalu":             "the SA 4.2 Matriarch (6 x2) has a text (half of the Naalu fighters safe from the barrage, as CALC plays it) not modelled",
		"sardakk":           "the SA 4.2 C'morran N'orr (6 x2) has a space cannon die whose value the source (CALC) does not give and a text (+1 attacking, as CALC plays it) not modelled",
		"jol-nar":           "the SA 4.2 J.N.S. Hylarim (2 x1) cancels the opponent's technologies (CALC: not implemented); not modelled",
		"xxcha":             "the SA 4.2 Loncara Ssodu (6 x2) sustains 3 times, which ti4sim's units cannot (2 at most)",
		"yssaril":           "the SA 4.2 Y'sia Y'ssrila (6 x1) has 3 pre-combat shots whose value the source (CALC) does not give and a text not modelled",
		"yin":               "the SA 4.2 Van Hauge (5 x2) has a barrage die whose value the source (CALC) does not give and a text (ground forces aboard fighting as fighters) not modelled",
		"muaat":             "the SA 4.2 The Inferno (6, a die per opposing non-fighter ship) has 3 barrage dice whose value the source (CALC) does not give",
		"l1z1x":             "the SA 4.2 0.0.1 (5 x3, 2 Sustain Damage) has a space cannon die whose value the source (CALC) does not give",
		"nekro":             "the Nekro Virus has no SA 4.2 sheet: SA 4.2 replaces it with the Krotoan Virus (--attacker-faction krotoan-virus)",
		"krotoan-virus":     "the SA 4.2 The Alastor (6 x1) reanimates a destroyed opposing ship after every round (CALC: at most 5 times), not modelled",
		"order-of-the-last": "the SA 4.2 Last Chance (7 x2) also has a barrage die and a bombardment die whose values the source (CALC) does not give",
	}
}}

// TI3FlagshipsSA42 returns the TI3 race f with its flagship as the
// standalone Shattered Ascension 4.2 race sheet has it (ti3FlagshipsSA42),
// or with none (refused, saying why) where that flagship has more than
// numbers. f itself is unchanged.
func TI3FlagshipsSA42(f *Faction) *Faction {
	if !f.IsTI3() || f.Slug == TI3().Slug {
		return f
	}
	c := *f
	c.Abilities = nil
	for _, a := range f.Abilities {
		if a.Kind != AbilityKindFlagship {
			c.Abilities = append(c.Abilities, a)
		}
	}
	c.units[Flagship][0] = Stats{}
	fl, ok := ti3FlagshipsSA42.Get()[f.Slug]
	if !ok {
		missing := f.missing
		c.missing = func(k Kind, upgraded bool) error {
			if k == Flagship {
				return fmt.Errorf("no flagship for %s under printing ti3-flagships=sa42: %s", f.Name, ti3NoFlagshipSA42.Get()[f.Slug])
			}
			return missing(k, upgraded)
		}
		return &c
	}
	old := ti3Flagships.Get()[f.Slug].stats
	c.units[Flagship][0] = ti3Flag(fl.name, old.Cost, fl.combat, old.Move, old.Capacity, func(s *Stats) { s.ExtraSustains = fl.sustain - 1 })
	c.Abilities = append(c.Abilities, Ability{"ti3-sa42-flagship", fl.name, AbilityKindFlagship,
		fmt.Sprintf("SA 4.2 numbers: %d (x%d), Sustain Damage x%d (CALC flagshipDefinitions); no text found beyond them", fl.combat.Value, fl.combat.Dice, fl.sustain)})
	return &c
}
