package units

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
var ti3Flagships = map[string]ti3Flagship{
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

// ti3NoFlagship says why a race has no flagship here.
var ti3NoFlagship = map[string]string{
	"yssaril": "the Yssaril flagship's text was not found in a source we could check",
	"creuss":  "the Creuss flagship's numbers and text were not found in a source we could check",
	"nekro":   "the Nekro flagship's text was found only as an implementation (PCT) whose condition no card text confirms",
	"yin":     "the Yin flagship Van Hauge (its ground forces aboard fight in the space battle) is not modelled",
}
