package units

// Faction data: every faction's flagship, mech and faction unit upgrades,
// and the combat-relevant texts the numbers do not capture.
//
// Numbers are those printed on the faction sheets and the flagship, mech,
// faction technology and promissory note cards (base game, Prophecy of
// Kings, Codex, Thunder's Edge), as transcribed by ti-assistant (TA),
// AsyncTI4 (AS) and TTPG. Where a number or fact is not in those
// transcriptions' common data, the comment next to it
// names the public file it comes from:
//
//   - AS pok.json = AsyncTI4/TI4_map_generator_bot
//     src/main/resources/data/units/pok.json
//   - AS te_units.json = the same repository, data/units/te_units.json
//   - AS keleres.json = the same repository, data/units/keleres.json
//   - AS te_techs.json = the same repository, data/technologies/te_techs.json
//   - AS te_abilities.json = the same repository, data/abilities/te_abilities.json
//   - TA leaders = ti-assistant/ti-assistant server/data/prophecyofkings/leaders.ts
//   - TA pok techs = ti-assistant/ti-assistant server/data/prophecyofkings/techs.ts
//   - TA codex techs, TA planets = the same repository's data files for
//     Codex III technologies and for planets
//
// Every Text is our own summary of the card; the engine decides which of
// these effects it models.

// arborec: the Arborec.
func arborec() *Faction {
	fs := flagship("Duha Menaimon", Roll{7, 2}, 1, 5,
		"after its system is activated, the Arborec may produce up to 5 units there (production, not combat)")
	m := mech("Letani Behemoth",
		"has Planetary Shield and Production 2; may be placed instead of an infantry when Mitosis is used")
	m.PlanetaryShield = true
	m.Production = 2
	// Letani Warrior I has no text and no revive (AS pok.json: no "ability").
	lw1 := Stats{Kind: Infantry, Name: "Letani Warrior I", Cost: 0.5, Combat: Roll{8, 1}, Production: 1,
		Text: "infantry with Production 1"}
	lw2 := Stats{Kind: Infantry, Name: "Letani Warrior II", Upgraded: true, Cost: 0.5, Combat: Roll{7, 1},
		Production: 2, Revive: Roll{6, 1},
		Text: "infantry with Production 2; after it is destroyed, roll a die: on 6 or more it returns to the home system at the start of its owner's next turn"}
	return newFaction("arborec", "The Arborec", []string{"the arborec"},
		[]Stats{fs, m, lw1, lw2},
		[]Ability{
			{"duha-menaimon", "Duha Menaimon", AbilityKindFlagship, fs.Text},
			{"letani-behemoth", "Letani Behemoth", AbilityKindMech, "its Planetary Shield keeps its planet from being bombarded unless something removes the shield; it also has Production 2"},
			{"letani-warrior-ii", "Letani Warrior II", AbilityKindUnit, "upgraded infantry: combat 7, Production 2, and the Infantry II revive roll (6 or more)"},
		})
}

// argent: the Argent Flight.
func argent() *Faction {
	fs := flagship("Quetzecoatl", Roll{7, 2}, 1, 3,
		"other players cannot fire Space Cannon at the Argent's ships in its system")
	m := mech("Aerie Sentinel",
		"does not use capacity while transported or while in a space area with an Argent ship that has capacity (not combat)")
	swa1 := Stats{Kind: Destroyer, Name: "Strike Wing Alpha I", Cost: 1, Combat: Roll{8, 1}, Move: 2, Capacity: 1,
		AFB: Roll{9, 2}, Text: "destroyer with capacity 1"}
	swa2 := Stats{Kind: Destroyer, Name: "Strike Wing Alpha II", Upgraded: true, Cost: 1, Combat: Roll{7, 1}, Move: 2,
		Capacity: 1, AFB: Roll{6, 3},
		Text: "capacity 1; each of its Anti-Fighter Barrage dice that shows 9 or 10 also destroys 1 enemy infantry in the space area of the active system"}
	return newFaction("argent", "The Argent Flight",
		[]string{"argent flight", "the argent flight", "argent-flight"},
		[]Stats{fs, m, swa1, swa2},
		[]Ability{
			{"raid-formation", "Raid Formation", AbilityKindAbility, "when Argent units use Anti-Fighter Barrage, each hit beyond the opponent's fighters damages one of the opponent's ships that has Sustain Damage (the Argent player chooses which)"},
			{"strike-wing-alpha-ii", "Strike Wing Alpha II", AbilityKindUnit, swa2.Text},
			{"quetzecoatl", "Quetzecoatl", AbilityKindFlagship, fs.Text},
			{"aerie-sentinel", "Aerie Sentinel", AbilityKindMech, m.Text},
			// TA leaders, "Trrakan Aun Zulok".
			{"trrakan-aun-zulok", "Trrakan Aun Zulok", AbilityKindLeader, "commander: when Argent units roll for a unit ability (Anti-Fighter Barrage, Space Cannon, Bombardment), one of those units rolls 1 additional die"},
			{"strike-wing-ambuscade", "Strike Wing Ambuscade", AbilityKindNote, "promissory note: when the holder's units roll for a unit ability, one of those units rolls 1 additional die; then the note goes back to the Argent player"},
		})
}

// creuss: the Ghosts of Creuss.
func creuss() *Faction {
	fs := flagship("Hil Colish", Roll{5, 1}, 1, 3,
		"its system contains a delta wormhole; it may move before or after the other Creuss ships (movement only)")
	m := mech("Icarus Drive",
		"after any system is activated, it may be removed from the board to place or move a Creuss wormhole token there (not combat)")
	return newFaction("creuss", "The Ghosts of Creuss",
		[]string{"ghosts", "ghost", "ghosts of creuss", "the ghosts of creuss", "ghosts-of-creuss"},
		[]Stats{fs, m},
		[]Ability{
			{"dimensional-splicer", "Dimensional Splicer", AbilityKindTechnology, "at the start of a space combat in a system with a wormhole and a Creuss ship, the Creuss player may produce 1 hit and assign it to one of the opponent's ships"},
			{"hil-colish", "Hil Colish", AbilityKindFlagship, fs.Text},
			{"icarus-drive", "Icarus Drive", AbilityKindMech, m.Text},
		})
}

// empyrean: the Empyrean.
func empyrean() *Faction {
	fs := flagship("Dynamo", Roll{5, 2}, 1, 3,
		"after any player's unit in its system or an adjacent one uses Sustain Damage, the Empyrean may pay 2 influence to repair that unit")
	m := mech("Watcher",
		"may be removed from a system that holds or is next to another player's units to cancel an action card that player plays")
	return newFaction("empyrean", "The Empyrean", []string{"the empyrean"},
		[]Stats{fs, m},
		[]Ability{
			{"dynamo", "Dynamo", AbilityKindFlagship, fs.Text},
			{"watcher", "Watcher", AbilityKindMech, m.Text + " (e.g. a Direct Hit or Shields Holding)"},
		})
}

// hacan: the Emirates of Hacan.
func hacan() *Faction {
	fs := flagship("Wrath of Kenara", Roll{7, 2}, 1, 3,
		"after the Hacan roll any die in a space combat in its system, they may pay 1 trade good to add 1 to that result")
	m := mech("Pride of Kenara",
		"its planet's card may be traded; the units there then move to another Hacan planet (not combat)")
	return newFaction("hacan", "The Emirates of Hacan",
		[]string{"emirates", "emirates of hacan", "the emirates of hacan", "emirates-of-hacan"},
		[]Stats{fs, m},
		[]Ability{
			{"wrath-of-kenara", "Wrath of Kenara", AbilityKindFlagship, fs.Text},
			{"pride-of-kenara", "Pride of Kenara", AbilityKindMech, m.Text},
		})
}

// jolNar: the Universities of Jol-Nar.
func jolNar() *Faction {
	fs := flagship("J.N.S. Hylarim", Roll{6, 2}, 1, 3,
		"each of its combat dice that shows 9 or 10 before modifiers produces 2 additional hits")
	m := mech("Shield Paling", "Jol-Nar infantry on its planet ignore Fragile")
	return newFaction("jol-nar", "The Universities of Jol-Nar",
		[]string{"jolnar", "jol nar", "universities", "universities of jol-nar", "the universities of jol-nar", "universities-of-jol-nar"},
		[]Stats{fs, m},
		[]Ability{
			{"fragile", "Fragile", AbilityKindAbility, "-1 to every Jol-Nar combat roll (not to unit-ability rolls)"},
			{"jns-hylarim", "J.N.S. Hylarim", AbilityKindFlagship, fs.Text},
			{"shield-paling", "Shield Paling", AbilityKindMech, m.Text},
			// TA leaders, "Ta Zern" (its Thunder's Edge entry names a replacement
			// commander, Agnlan Oln).
			{"ta-zern", "Ta Zern", AbilityKindLeader, "commander: after Jol-Nar units roll dice for a unit ability, any of those dice may be rerolled (Thunder's Edge replaces this commander with Agnlan Oln)"},
		})
}

// keleres: the Council Keleres (Codex III).
func keleres() *Faction {
	fs := flagship("Artemiris", Roll{7, 2}, 1, 6,
		"other players must pay 2 influence to activate its system (not combat)")
	// AS keleres.json: Omniopiares, cost 2, combat 6, Sustain Damage.
	m := mech("Omniopiares", "other players must pay 1 influence to commit ground forces to its planet")
	// keleresa, keleresm and keleresx are the AsyncTI4 bot's codes of the
	// Keleres set up as the Argent, Mentak or Xxcha variant: the choice
	// changes the home system and starting technologies, not the units.
	return newFaction("keleres", "The Council Keleres",
		[]string{"council keleres", "the council keleres", "council-keleres", "keleresa", "keleresm", "keleresx"},
		[]Stats{fs, m},
		[]Ability{
			{"artemiris", "Artemiris", AbilityKindFlagship, fs.Text + " (Thunder's Edge rewords the cost as a price to activate the system)"},
			{"omniopiares", "Omniopiares", AbilityKindMech, m.Text},
			// TA codex techs, "IIHQ Modernization" (Codex III); Custodia
			// Vigilia's legendary ability: TA planets, "Custodia Vigilia".
			{"iihq-modernization", "I.I.H.Q. Modernization", AbilityKindTechnology, "the Keleres gain the Custodia Vigilia planet and its legendary ability: while they control Mecatol Rex, the planet gains Space Cannon 5 and Production 3 (they are also neighbours of every player in or next to the Mecatol Rex system; no assimilator token can go on it)"},
		})
}

// l1z1x: the L1Z1X Mindnet.
func l1z1x() *Faction {
	fs := flagship("[0.0.1]", Roll{5, 2}, 1, 5,
		"in space combat, hits from this ship and from L1Z1X dreadnoughts in its system must be assigned to non-fighter ships if possible")
	m := mech("Annihilator",
		"while it is not in the ground combat, it may use its Bombardment on planets in its system as if it were a ship")
	m.Bombardment = Roll{8, 1}
	sd1 := Stats{Kind: Dreadnought, Name: "Super-Dreadnought I", Cost: 4, Combat: Roll{5, 1}, Move: 1, Capacity: 2,
		Sustain: true, Bombardment: Roll{5, 1}, Text: "dreadnought with capacity 2"}
	sd2 := Stats{Kind: Dreadnought, Name: "Super-Dreadnought II", Upgraded: true, Cost: 4, Combat: Roll{4, 1}, Move: 2,
		Capacity: 2, Sustain: true, Bombardment: Roll{4, 1}, DirectHitImmune: true,
		Text: "capacity 2; cannot be destroyed by Direct Hit"}
	return newFaction("l1z1x", "The L1Z1X Mindnet",
		[]string{"l1", "mindnet", "l1z1x mindnet", "the l1z1x mindnet", "l1z1x-mindnet"},
		[]Stats{fs, m, sd1, sd2},
		[]Ability{
			{"harrow", "Harrow", AbilityKindAbility, "at the end of each ground combat round, L1Z1X ships in the active system may bombard the opponent's ground forces on that planet again (Planetary Shield blocks it; only while L1Z1X is the active player)"},
			{"super-dreadnought-ii", "Super-Dreadnought II", AbilityKindUnit, "upgraded dreadnought: combat 4, move 2, capacity 2, Bombardment 4, immune to Direct Hit"},
			{"0-0-1", "[0.0.1]", AbilityKindFlagship, fs.Text},
			{"annihilator", "Annihilator", AbilityKindMech, m.Text + " (Bombardment 8)"},
			// TA leaders, "2RAM".
			{"2ram", "2RAM", AbilityKindLeader, "commander: Planetary Shield does not stop L1Z1X Bombardment"},
		})
}

// letnev: the Barony of Letnev.
func letnev() *Faction {
	fs := flagship("Arc Secundus", Roll{5, 2}, 1, 3,
		"other players' units in its system lose Planetary Shield; it is repaired at the start of each space combat round")
	fs.Bombardment = Roll{5, 3}
	fs.RemovesPlanetaryShield = true
	m := mech("Dunlain Reaper",
		"Deploy: at the start of a ground combat round, the Letnev may pay 2 resources to replace 1 of their infantry in that combat with a mech")
	return newFaction("letnev", "The Barony of Letnev",
		[]string{"barony", "barony of letnev", "the barony of letnev", "barony-of-letnev"},
		[]Stats{fs, m},
		[]Ability{
			{"munitions-reserves", "Munitions Reserves", AbilityKindAbility, "at the start of each space combat round, the Letnev may pay 2 trade goods to reroll any of their dice during that round"},
			{"non-euclidean-shielding", "Non-Euclidean Shielding", AbilityKindTechnology, "each use of Sustain Damage by a Letnev unit cancels 2 hits instead of 1"},
			{"l4-disruptors", "L4 Disruptors", AbilityKindTechnology, "during a Letnev invasion, no unit may fire Space Cannon at Letnev units (no Space Cannon Defense)"},
			{"arc-secundus", "Arc Secundus", AbilityKindFlagship, fs.Text + "; Bombardment 5 (x3)"},
			{"dunlain-reaper", "Dunlain Reaper", AbilityKindMech, m.Text},
			// TA leaders, "Viscount Unlenn".
			{"viscount-unlenn", "Viscount Unlenn", AbilityKindLeader, "agent: at the start of a space combat round, exhaust to pick 1 ship in the active system; it rolls 1 additional die that round"},
			{"war-funding", "War Funding", AbilityKindNote, "promissory note: at the start of a space combat round the Letnev player loses 2 trade goods and the holder may reroll any of their dice that round; Codex I's War Funding Ω instead lets the holder, after both sides roll, reroll all of the opponent's dice and any of their own"},
			{"gravleash-maneuvers", "Gravleash Maneuvers", AbilityKindBreakthrough, "before rolling dice in a space combat, add X to the results of 1 Letnev ship's rolls, where X is the number of Letnev ship types in the combat (ti-assistant's text says +1 but keeps \"where X\"; read as +X)"},
		})
}

// mahact: the Mahact Gene-Sorcerers.
func mahact() *Faction {
	fs := flagship("Arvicon Rex", Roll{5, 2}, 1, 3,
		"+2 to its combat rolls against an opponent whose command token is not in the Mahact fleet pool")
	m := mech("Starlancer",
		"after a player whose token is in the Mahact fleet pool activates its system, the Mahact may spend that token to end the player's turn (no combat)")
	// AS pok.json: Crimson Legionnaire I text (commodity on death, no return).
	cl1 := Stats{Kind: Infantry, Name: "Crimson Legionnaire I", Cost: 0.5, Combat: Roll{8, 1},
		Text: "after it is destroyed, the Mahact gain 1 commodity or convert 1 commodity to a trade good"}
	// Crimson Legionnaire II comes back without a roll; Revive {1, 1} (every
	// result of a die succeeds) records that certainty in the Revive field.
	cl2 := Stats{Kind: Infantry, Name: "Crimson Legionnaire II", Upgraded: true, Cost: 0.5, Combat: Roll{7, 1},
		Revive: Roll{1, 1}, Text: "after it is destroyed, the Mahact gain 1 commodity or convert 1 to a trade good, and it always returns (no roll) to the home system at the start of its owner's next turn"}
	return newFaction("mahact", "The Mahact Gene-Sorcerers",
		[]string{"gene-sorcerers", "mahact gene-sorcerers", "the mahact gene-sorcerers", "mahact-gene-sorcerers"},
		[]Stats{fs, m, cl1, cl2},
		[]Ability{
			{"edict", "Edict", AbilityKindAbility, "when the Mahact win a combat, they take 1 of the opponent's command tokens into their fleet pool if they do not already hold one of that player's"},
			{"crimson-legionnaire-ii", "Crimson Legionnaire II", AbilityKindUnit, cl2.Text},
			{"arvicon-rex", "Arvicon Rex", AbilityKindFlagship, fs.Text},
			{"starlancer", "Starlancer", AbilityKindMech, m.Text},
		})
}

// mentak: the Mentak Coalition.
func mentak() *Faction {
	fs := flagship("Fourth Moon", Roll{7, 2}, 1, 3,
		"other players' ships in its system cannot use Sustain Damage")
	m := mech("Moll Terminus", "other players' ground forces on its planet cannot use Sustain Damage")
	return newFaction("mentak", "The Mentak Coalition",
		[]string{"mentak coalition", "the mentak coalition", "mentak-coalition"},
		[]Stats{fs, m},
		[]Ability{
			{"ambush", "Ambush", AbilityKindAbility, "at the start of a space combat, roll 1 die for each of up to 2 Mentak cruisers or destroyers in the system; each result at or above that ship's combat value is a hit the opponent must assign to one of their ships"},
			{"fourth-moon", "Fourth Moon", AbilityKindFlagship, fs.Text},
			{"moll-terminus", "Moll Terminus", AbilityKindMech, m.Text},
			// TA leaders, "Ipswitch Loose Cannon" (ability SLEEPER CELL).
			{"ipswitch-loose-cannon", "Ipswitch, Loose Cannon", AbilityKindLeader, "hero (Sleeper Cell): at the start of a space combat the Mentak are in, purge it; for each enemy ship destroyed in that combat, the Mentak place a ship of the same type from reinforcements in the active system"},
			// AS te_units.json "mentak_cruiser3": Corsair cost 2, combat 6, move 3,
			// capacity 2 (the same numbers as the Thunder's Edge card).
			{"the-tables-grace", "The Table's Grace", AbilityKindBreakthrough, "with Cruiser II researched, the card flips onto it: the Corsair, cost 2, combat 6, move 3, capacity 2, which may move through systems holding other players' ships when the active system holds another player's non-fighter ships"},
		})
}

// muaat: the Embers of Muaat.
func muaat() *Faction {
	fs := flagship("The Inferno", Roll{5, 2}, 1, 3,
		"action: spend a strategy-pool token to place a cruiser in its system (not combat)")
	m := mech("Ember Colossus",
		"when Star Forge is used in or next to its system, an infantry may be placed with it (not combat)")
	pws1 := Stats{Kind: WarSun, Name: "Prototype War Sun I", Cost: 12, Combat: Roll{3, 3}, Move: 1, Capacity: 6,
		Sustain: true, Bombardment: Roll{3, 3}, RemovesPlanetaryShield: true,
		Text: "other players' units in its system lose Planetary Shield"}
	pws2 := Stats{Kind: WarSun, Name: "Prototype War Sun II", Upgraded: true, Cost: 10, Combat: Roll{3, 3}, Move: 3,
		Capacity: 6, Sustain: true, Bombardment: Roll{3, 3}, RemovesPlanetaryShield: true,
		Text: "other players' units in its system lose Planetary Shield"}
	return newFaction("muaat", "The Embers of Muaat",
		[]string{"embers", "embers of muaat", "the embers of muaat", "embers-of-muaat"},
		[]Stats{fs, m, pws1, pws2},
		[]Ability{
			{"prototype-war-sun", "Prototype War Sun", AbilityKindUnit, "the Muaat war sun: I has move 1; II costs 10 and has move 3; both remove other players' Planetary Shield in their system"},
			{"the-inferno", "The Inferno", AbilityKindFlagship, fs.Text},
			{"ember-colossus", "Ember Colossus", AbilityKindMech, m.Text},
		})
}

// naalu: the Naalu Collective.
func naalu() *Faction {
	fs := flagship("Matriarch", Roll{9, 2}, 1, 6,
		"during an invasion in its system, Naalu fighters may be committed to planets as ground forces; they return to space when the combat ends, before control is settled, so they cannot take a planet alone")
	// Three printings share the numbers (AS pok.json, te_units.json); the
	// Thunder's Edge one is current.
	m := mech("Iconoclast",
		"Thunder's Edge printing: Deploy when another player gains a relic (not combat); the PoK printing gave +2 against an opponent holding a relic fragment, the Codex III Ω printing stops other players' Anti-Fighter Barrage against Naalu units in its system")
	// AS pok.json: Hybrid Crystal Fighter I has no move value and no text.
	hcf1 := Stats{Kind: Fighter, Name: "Hybrid Crystal Fighter I", Cost: 0.5, Combat: Roll{8, 1}}
	hcf2 := Stats{Kind: Fighter, Name: "Hybrid Crystal Fighter II", Upgraded: true, Cost: 0.5, Combat: Roll{7, 1}, Move: 2,
		Text: "may move without being transported; each fighter beyond capacity counts as half a ship against the fleet pool"}
	return newFaction("naalu", "The Naalu Collective",
		[]string{"naalu collective", "the naalu collective", "naalu-collective"},
		[]Stats{fs, m, hcf1, hcf2},
		[]Ability{
			{"foresight", "Foresight", AbilityKindAbility, "after another player moves ships into a system with Naalu ships, the Naalu may pay a strategy-pool token to move those ships to an adjacent system without other players' ships, before any combat (not a retreat)"},
			{"hybrid-crystal-fighter-ii", "Hybrid Crystal Fighter II", AbilityKindUnit, hcf2.Text},
			{"matriarch", "Matriarch", AbilityKindFlagship, fs.Text},
			{"iconoclast", "Iconoclast", AbilityKindMech, m.Text},
		})
}

// naazRokha: the Naaz-Rokha Alliance.
func naazRokha() *Faction {
	fs := flagship("Visz el Vir", Roll{9, 2}, 1, 4, "Naaz-Rokha mechs in its system roll 1 additional die in combat")
	// AS pok.json "naaz_mech_space": Z-Grav Eidolon, combat 8 (x2), a ship, no
	// Sustain Damage.
	m := mech("Eidolon",
		"if it is in the space area of the active system when a space combat starts, the card flips to Z-Grav Eidolon: a ship with combat 8 (x2) and no Sustain Damage, flipping back when that space combat ends")
	m.Combat = Roll{6, 2}
	return newFaction("naaz-rokha", "The Naaz-Rokha Alliance",
		[]string{"naaz", "naazrokha", "naaz rokha", "naaz-rokha alliance", "the naaz-rokha alliance", "naaz-rokha-alliance"},
		[]Stats{fs, m},
		[]Ability{
			{"supercharge", "Supercharge", AbilityKindTechnology, "at the start of a combat round, exhaust it for +1 to every Naaz-Rokha combat roll that round"},
			{"visz-el-vir", "Visz el Vir", AbilityKindFlagship, fs.Text},
			{"eidolon", "Eidolon", AbilityKindMech, m.Text},
			{"eidolon-maximum", "Absolute Synergy (Eidolon Maximum)", AbilityKindBreakthrough, "with 4 mechs in one system, return 3 of them to flip the mech card to Eidolon Maximum: combat 4 (x4), move 3, Sustain Damage, both a ship and a ground force; it cannot be assigned hits from unit abilities and is repaired at the start of every combat round"},
		})
}

// nekro: the Nekro Virus.
func nekro() *Faction {
	fs := flagship("The Alastor", Roll{9, 2}, 1, 3,
		"at the start of a space combat, any of the Nekro ground forces in its system may fight in it as if they were ships")
	m := mech("Mordred",
		"+2 to its combat rolls against an opponent with an X or Y assimilator token on one of their technologies")
	return newFaction("nekro", "The Nekro Virus",
		[]string{"nekro virus", "the nekro virus", "nekro-virus"},
		[]Stats{fs, m},
		[]Ability{
			{"technological-singularity", "Technological Singularity", AbilityKindAbility, "once per combat, after an opponent's unit is destroyed, the Nekro may gain one technology that opponent owns"},
			{"valefar-assimilator", "Valefar Assimilator X and Y", AbilityKindTechnology, "each holds the text of another player's faction technology marked with its X or Y token, which may be a combat technology"},
			{"the-alastor", "The Alastor", AbilityKindFlagship, fs.Text},
			{"mordred", "Mordred", AbilityKindMech, m.Text},
			{"valefar-assimilator-z", "Valefar Assimilator Z", AbilityKindBreakthrough, "the Nekro flagship gains the text abilities of an assimilated faction's flagship"},
		})
}

// nomad: the Nomad; its flagship has an upgrade (Memoria II).
func nomad() *Faction {
	text := "may be treated as adjacent to systems that hold Nomad mechs (movement only)"
	m1 := flagship("Memoria I", Roll{7, 2}, 1, 3, text)
	m1.AFB = Roll{8, 3}
	m2 := flagship("Memoria II", Roll{5, 2}, 2, 6, text)
	m2.Upgraded = true
	m2.AFB = Roll{5, 3}
	m := mech("Quantum Manipulator",
		"while it is in a space area during combat, its Sustain Damage may cancel a hit produced against Nomad ships in its system")
	return newFaction("nomad", "The Nomad", []string{"the nomad"},
		[]Stats{m1, m2, m},
		[]Ability{
			{"memoria-ii", "Memoria II", AbilityKindUnit, "the upgraded flagship: combat 5 (x2), move 2, capacity 6, Anti-Fighter Barrage 5 (x3)"},
			{"memoria", "Memoria", AbilityKindFlagship, text},
			{"quantum-manipulator", "Quantum Manipulator", AbilityKindMech, m.Text},
			{"the-cavalry", "The Cavalry", AbilityKindNote, "promissory note: the holder treats 1 non-fighter ship as having the Memoria's Sustain Damage, combat value and Anti-Fighter Barrage (Memoria I or II, as the Nomad has it)"},
		})
}

// saar: the Clan of Saar.
func saar() *Faction {
	fs := flagship("Son of Ragh", Roll{5, 2}, 1, 3, "")
	fs.AFB = Roll{6, 4}
	m := mech("Scavenger Zeta",
		"Deploy: after the Saar gain control of a planet, they may pay 1 trade good to place a mech there")
	// AS pok.json: Floating Factory production 5 / 7 with no "+" (a flat
	// value, unlike the generic dock's "+2").
	ff1 := Stats{Kind: SpaceDock, Name: "Floating Factory I", Move: 1, Capacity: 4, Production: 5,
		Text: "a space dock in the space area, not on a planet: it moves and retreats like a ship and is destroyed if blockaded; Production 5 whatever the planets"}
	ff2 := Stats{Kind: SpaceDock, Name: "Floating Factory II", Upgraded: true, Move: 2, Capacity: 5, Production: 7,
		Text: "a space dock in the space area, not on a planet: it moves and retreats like a ship and is destroyed if blockaded; Production 7 whatever the planets"}
	return newFaction("saar", "The Clan of Saar",
		[]string{"clan of saar", "the clan of saar", "clan-of-saar"},
		[]Stats{fs, m, ff1, ff2},
		[]Ability{
			{"floating-factory", "Floating Factory", AbilityKindUnit, "the Saar space docks sit in the space area: they are not ships, but are destroyed if the system is blockaded, and a Van Hauge does not destroy them"},
			{"son-of-ragh", "Son of Ragh", AbilityKindFlagship, "no text ability; Anti-Fighter Barrage 6 (x4)"},
			{"scavenger-zeta", "Scavenger Zeta", AbilityKindMech, m.Text},
		})
}

// sardakk: Sardakk N'orr.
func sardakk() *Faction {
	fs := flagship("C'morran N'orr", Roll{6, 2}, 1, 3, "+1 to the combat rolls of the other N'orr ships in its system")
	m := mech("Valkyrie Exoskeleton",
		"after it uses Sustain Damage in ground combat, it produces 1 hit against the opponent's ground forces on its planet")
	ex1 := Stats{Kind: Dreadnought, Name: "Exotrireme I", Cost: 4, Combat: Roll{5, 1}, Move: 1, Capacity: 1,
		Sustain: true, Bombardment: Roll{4, 2}, Text: "dreadnought with Bombardment 4 (x2)"}
	ex2 := Stats{Kind: Dreadnought, Name: "Exotrireme II", Upgraded: true, Cost: 4, Combat: Roll{5, 1}, Move: 2,
		Capacity: 1, Sustain: true, Bombardment: Roll{4, 2}, DirectHitImmune: true,
		Text: "cannot be destroyed by Direct Hit; after a space combat round it may be destroyed to destroy up to 2 ships in its system"}
	return newFaction("sardakk", "Sardakk N'orr",
		[]string{"norr", "n'orr", "sardakk n'orr", "sardakk norr", "sardakk-norr"},
		[]Stats{fs, m, ex1, ex2},
		[]Ability{
			{"unrelenting", "Unrelenting", AbilityKindAbility, "+1 to every N'orr combat roll (not to unit-ability rolls)"},
			{"valkyrie-particle-weave", "Valkyrie Particle Weave", AbilityKindTechnology, "after the dice of a ground combat round, if the opponent produced at least 1 hit, the N'orr produce 1 additional hit"},
			{"exotrireme-ii", "Exotrireme II", AbilityKindUnit, ex2.Text},
			{"cmorran-norr", "C'morran N'orr", AbilityKindFlagship, fs.Text},
			{"valkyrie-exoskeleton", "Valkyrie Exoskeleton", AbilityKindMech, m.Text},
			{"tekklar-legion", "Tekklar Legion", AbilityKindNote, "promissory note: at the start of an invasion combat the holder gets +1 on every combat roll of that combat, and if the opponent is the N'orr they get -1; then it goes back to the N'orr player"},
		})
}

// sol: the Federation of Sol.
func sol() *Faction {
	fs := flagship("Genesis", Roll{5, 2}, 1, 12,
		"at the end of the status phase, places 1 infantry in its space area (not combat)")
	m := mech("ZS Thunderbolt M2",
		"Deploy: after Orbital Drop, the Sol may pay 3 resources to place a mech on that planet")
	ac1 := Stats{Kind: Carrier, Name: "Advanced Carrier I", Cost: 3, Combat: Roll{9, 1}, Move: 1, Capacity: 6,
		Text: "carrier with capacity 6"}
	ac2 := Stats{Kind: Carrier, Name: "Advanced Carrier II", Upgraded: true, Cost: 3, Combat: Roll{9, 1}, Move: 2,
		Capacity: 8, Sustain: true, Text: "carrier with capacity 8 and Sustain Damage"}
	so1 := Stats{Kind: Infantry, Name: "Spec Ops I", Cost: 0.5, Combat: Roll{7, 1}, Text: "infantry with combat 7"}
	so2 := Stats{Kind: Infantry, Name: "Spec Ops II", Upgraded: true, Cost: 0.5, Combat: Roll{6, 1}, Revive: Roll{5, 1},
		Text: "after it is destroyed, roll a die: on 5 or more it returns to the home system at the start of its owner's next turn"}
	return newFaction("sol", "The Federation of Sol",
		[]string{"federation", "federation of sol", "the federation of sol", "federation-of-sol"},
		[]Stats{fs, m, ac1, ac2, so1, so2},
		[]Ability{
			{"spec-ops-ii", "Spec Ops II", AbilityKindUnit, "upgraded infantry: combat 6; returns home on a revive roll of 5 or more"},
			{"advanced-carrier-ii", "Advanced Carrier II", AbilityKindUnit, ac2.Text},
			{"genesis", "Genesis", AbilityKindFlagship, fs.Text},
			{"zs-thunderbolt-m2", "ZS Thunderbolt M2", AbilityKindMech, m.Text},
			// TA leaders, "Evelyn Delouis".
			{"evelyn-delouis", "Evelyn Delouis", AbilityKindLeader, "agent: at the start of a ground combat round, exhaust to pick 1 ground force in the active system; it rolls 1 additional die that round"},
		})
}

// titans: the Titans of Ul.
func titans() *Faction {
	fs := flagship("Ouranos", Roll{7, 2}, 1, 3,
		"Deploy: after the Titans activate a system with one of their PDS, they may replace that PDS with this ship")
	m := mech("Hecatoncheires",
		"Deploy: when the Titans would place a PDS on a planet, they may place a mech and an infantry there instead")
	se1 := Stats{Kind: Cruiser, Name: "Saturn Engine I", Cost: 2, Combat: Roll{7, 1}, Move: 2, Capacity: 1,
		Text: "cruiser with capacity 1"}
	se2 := Stats{Kind: Cruiser, Name: "Saturn Engine II", Upgraded: true, Cost: 2, Combat: Roll{6, 1}, Move: 3,
		Capacity: 2, Sustain: true, Text: "cruiser with capacity 2 and Sustain Damage"}
	ht1 := Stats{Kind: PDS, Name: "Hel-Titan I", Combat: Roll{7, 1}, Sustain: true, PlanetaryShield: true,
		SpaceCannon: Roll{6, 1}, Production: 1,
		Text: "a structure that is also a ground force: it fights in ground combat on its planet with combat 7 and may use Sustain Damage; it cannot be transported"}
	ht2 := Stats{Kind: PDS, Name: "Hel-Titan II", Upgraded: true, Combat: Roll{6, 1}, Sustain: true,
		PlanetaryShield: true, SpaceCannon: Roll{5, 1}, SpaceCannonAdjacent: true, Production: 1,
		Text: "a structure that is also a ground force: it fights in ground combat on its planet with combat 6 and may use Sustain Damage; it cannot be transported; its Space Cannon may fire at ships in adjacent systems"}
	return newFaction("titans", "The Titans of Ul",
		[]string{"ul", "titans of ul", "the titans of ul", "titans-of-ul"},
		[]Stats{fs, m, se1, se2, ht1, ht2},
		[]Ability{
			{"coalescence", "Coalescence", AbilityKindAbility, "units the Titans flagship or Awaken places next to another player's units must fight them in the space or ground combat step"},
			{"hel-titan", "Hel-Titan", AbilityKindUnit, "the Titans PDS is also a ground force with combat 7 (6 when upgraded) and Sustain Damage, so it defends its planet in ground combat"},
			{"saturn-engine-ii", "Saturn Engine II", AbilityKindUnit, "upgraded cruiser: combat 6, move 3, capacity 2, Sustain Damage"},
			{"ouranos", "Ouranos", AbilityKindFlagship, fs.Text},
			{"hecatoncheires", "Hecatoncheires", AbilityKindMech, m.Text},
			// TA leaders, "Tellurian" and "Ul the Progenitor" (GEOFORM, Space
			// Cannon 5 (x3)).
			{"tellurian", "Tellurian", AbilityKindLeader, "agent: when a hit is produced against any unit, exhaust to cancel that hit"},
			{"ul-the-progenitor", "Ul the Progenitor", AbilityKindLeader, "hero (Geoform): attached to Elysium, the planet gains 3 resources and 3 influence and Space Cannon 5 (x3) as if it were a unit"},
		})
}

// vuilRaith: the Vuil'raith Cabal.
func vuilRaith() *Faction {
	fs := flagship("The Terror Between", Roll{5, 2}, 1, 3,
		"captures every non-structure unit destroyed in its system, the Vuil'raith's own included")
	fs.Bombardment = Roll{5, 1}
	m := mech("Reanimator", "Vuil'raith infantry destroyed on its planet are captured instead of returning to reinforcements")
	// AS pok.json and TA pok techs: Dimensional Tear production 5 / 7, a flat
	// value (no "+" as on the generic dock).
	dt1 := Stats{Kind: SpaceDock, Name: "Dimensional Tear I", Production: 5,
		Text: "its system is a gravity rift that Vuil'raith ships do not roll for; up to 6 fighters there do not count against capacity"}
	dt2 := Stats{Kind: SpaceDock, Name: "Dimensional Tear II", Upgraded: true, Production: 7,
		Text: "its system is a gravity rift that Vuil'raith ships do not roll for; up to 12 fighters there do not count against capacity"}
	return newFaction("vuil-raith", "The Vuil'raith Cabal",
		[]string{"vuilraith", "vuil'raith", "cabal", "vuil'raith cabal", "the vuil'raith cabal", "vuil-raith-cabal"},
		[]Stats{fs, m, dt1, dt2},
		[]Ability{
			{"devour", "Devour", AbilityKindAbility, "the Vuil'raith capture the opponent's non-structure units destroyed during combat"},
			{"dimensional-tear", "Dimensional Tear", AbilityKindUnit, "the Vuil'raith space dock makes its system a gravity rift"},
			{"the-terror-between", "The Terror Between", AbilityKindFlagship, fs.Text + "; Bombardment 5"},
			{"reanimator", "Reanimator", AbilityKindMech, m.Text},
		})
}

// winnu: the Winnu.
func winnu() *Faction {
	// Salai Sai Corian rolls a variable number of dice; Dice 1 is a
	// placeholder the engine must replace (AS pok.json stores 0 dice).
	fs := flagship("Salai Sai Corian", Roll{7, 1}, 1, 3,
		"rolls one die (hitting on 7) per non-fighter ship the opponent has in its system; the stored Dice 1 is a placeholder: the engine must use the opponent's non-fighter ship count")
	m := mech("Reclaimer",
		"after a tactical action in which the Winnu took its planet, they may place a PDS or space dock there")
	return newFaction("winnu", "The Winnu", []string{"the winnu"},
		[]Stats{fs, m},
		[]Ability{
			{"salai-sai-corian", "Salai Sai Corian", AbilityKindFlagship, fs.Text},
			{"reclaimer", "Reclaimer", AbilityKindMech, m.Text},
			// TA leaders, "Rickar Rickani".
			{"rickar-rickani", "Rickar Rickani", AbilityKindLeader, "commander: +2 to every Winnu combat roll in the Mecatol Rex system, the Winnu home system and systems with a legendary planet"},
			{"imperator", "Imperator", AbilityKindBreakthrough, "+1 to every Winnu combat roll for each \"Support for the Throne\" in the opponent's play area"},
		})
}

// xxcha: the Xxcha Kingdom.
func xxcha() *Faction {
	fs := flagship("Loncara Ssodu", Roll{7, 2}, 1, 3, "may fire its Space Cannon at ships in adjacent systems")
	fs.SpaceCannon = Roll{5, 3}
	fs.SpaceCannonAdjacent = true
	m := mech("Indomitus", "may fire its Space Cannon at ships in adjacent systems")
	m.SpaceCannon = Roll{8, 1}
	m.SpaceCannonAdjacent = true
	return newFaction("xxcha", "The Xxcha Kingdom",
		[]string{"xxcha kingdom", "the xxcha kingdom", "xxcha-kingdom"},
		[]Stats{fs, m},
		[]Ability{
			{"loncara-ssodu", "Loncara Ssodu", AbilityKindFlagship, fs.Text + "; Space Cannon 5 (x3)"},
			{"indomitus", "Indomitus", AbilityKindMech, m.Text + "; Space Cannon 8"},
		})
}

// yin: the Yin Brotherhood.
func yin() *Faction {
	fs := flagship("Van Hauge", Roll{9, 2}, 1, 3,
		"when it is destroyed, every ship in its system is destroyed (ground forces and Floating Factories survive), usually making the space combat a draw")
	m := mech("Moyin's Ashes",
		"Deploy: when using Indoctrination, the Yin may pay 1 more influence to put a mech instead of an infantry in place of the opponent's unit")
	return newFaction("yin", "The Yin Brotherhood",
		[]string{"yin brotherhood", "the yin brotherhood", "yin-brotherhood"},
		[]Stats{fs, m},
		[]Ability{
			{"devotion", "Devotion", AbilityKindAbility, "after each space combat round, the Yin may destroy 1 of their cruisers or destroyers in the system to produce 1 hit on an enemy ship of their choice"},
			{"indoctrination", "Indoctrination", AbilityKindAbility, "at the start of a ground combat, the Yin may pay 2 influence to replace 1 enemy infantry in it with 1 of their own"},
			{"impulse-core", "Impulse Core", AbilityKindTechnology, "at the start of a space combat, the Yin may destroy 1 of their cruisers or destroyers there to produce 1 hit the opponent must assign to a non-fighter ship if able"},
			{"van-hauge", "Van Hauge", AbilityKindFlagship, fs.Text},
			{"moyins-ashes", "Moyin's Ashes", AbilityKindMech, m.Text},
			// TA leaders, "Brother Milor" with its Codex III Ω and Thunder's
			// Edge printings.
			{"brother-milor", "Brother Milor", AbilityKindLeader, "agent: after a player's destroyer or cruiser is destroyed, exhaust to let that player place up to 2 fighters in its system; the Ω and Thunder's Edge printings widen it to any destroyed unit (2 fighters for a ship, 2 infantry on the planet for a ground force), the Thunder's Edge one only during combat"},
			{"greyfire-mutagen", "Greyfire Mutagen Ω", AbilityKindNote, "promissory note (Codex I): at the start of a ground combat against 2 or more ground forces, the holder replaces 1 enemy infantry with 1 of their own"},
		})
}

// yssaril: the Yssaril Tribes.
func yssaril() *Faction {
	fs := flagship("Y'sia Y'ssrila", Roll{5, 2}, 2, 3, "may move through systems that hold other players' ships")
	m := mech("Blackshade Infiltrator",
		"Deploy: after the Yssaril use Stall Tactics, they may place a mech on a planet they control")
	return newFaction("yssaril", "The Yssaril Tribes",
		[]string{"yssaril tribes", "the yssaril tribes", "yssaril-tribes"},
		[]Stats{fs, m},
		[]Ability{
			{"ysia-yssrila", "Y'sia Y'ssrila", AbilityKindFlagship, fs.Text},
			{"blackshade-infiltrator", "Blackshade Infiltrator", AbilityKindMech, m.Text},
		})
}

// lastBastion: Last Bastion (Thunder's Edge).
func lastBastion() *Faction {
	fs := flagship("The Egeiro", Roll{9, 1}, 1, 3,
		"+1 to its combat rolls for each non-home system that contains a planet Last Bastion controls")
	fs.Production = 1
	m := mech("A3 Valiance", "when it is destroyed while galvanized, up to 3 Last Bastion infantry in its system become galvanized")
	// AS te_units.json: Helios production 2 / 4 marked "basicProduction":
	// "res" (added to the planet's resources), 3 fighters free.
	h1 := Stats{Kind: SpaceDock, Name: "4X41C \"Helios\" V1", Production: 2, ProductionPlusResources: true,
		Text: "its planet's resource value is 1 higher; up to 3 fighters in its system do not count against capacity"}
	h2 := Stats{Kind: SpaceDock, Name: "4X41C \"Helios\" V2", Upgraded: true, Production: 4, ProductionPlusResources: true,
		Text: "its planet's resource value is 2 higher; up to 3 fighters in its system do not count against capacity"}
	return newFaction("last-bastion", "Last Bastion",
		[]string{"bastion", "last bastion", "the last bastion"},
		[]Stats{fs, m, h1, h2},
		[]Ability{
			{"galvanize", "Galvanize", AbilityKindAbility, "a galvanized unit (marked with a token) rolls 1 additional die for its combat rolls and its unit abilities"},
			{"phoenix-standard", "Phoenix Standard", AbilityKindAbility, "at the end of a combat, Last Bastion may galvanize 1 of their units that took part"},
			// AS te_techs.json "proxima".
			{"proxima-targeting-vi", "Proxima Targeting VI", AbilityKindTechnology, "cancels 1 Bombardment hit against Last Bastion ground forces per galvanized unit present; at the start of a ground combat round Last Bastion may roll Bombardment 8 (x3) against the opponent's ground forces, then must make the same roll against their own"},
			{"the-egeiro", "The Egeiro", AbilityKindFlagship, fs.Text},
			{"a3-valiance", "A3 Valiance", AbilityKindMech, m.Text},
			{"raise-the-standard", "Raise the Standard", AbilityKindNote, "promissory note: at the end of a combat the holder galvanizes 1 unit"},
		})
}

// ralNel: the Ral Nel Consortium (Thunder's Edge).
func ralNel() *Faction {
	fs := flagship("Last Dispatch", Roll{8, 2}, 2, 4,
		"when it retreats, the Ral Nel may destroy 1 ship in the active system that lacks Sustain Damage")
	m := mech("Alarum", "at the end of a combat round on its planet, up to 2 Ral Nel ground forces may move onto it from planets in adjacent systems")
	// AS te_units.json: Linkships have no capacity value.
	l1 := Stats{Kind: Destroyer, Name: "Linkship I", Cost: 1, Combat: Roll{9, 1}, Move: 3, AFB: Roll{9, 2},
		Text: "may fire the Space Cannon of one Ral Nel structure in its space area; each structure only once"}
	l2 := Stats{Kind: Destroyer, Name: "Linkship II", Upgraded: true, Cost: 1, Combat: Roll{8, 1}, Move: 4, AFB: Roll{6, 3},
		Text: "may fire the Space Cannon of one Ral Nel structure in its space area; several linkships may use the same structure"}
	return newFaction("ral-nel", "The Ral Nel Consortium",
		[]string{"ralnel", "ral nel", "ral nel consortium", "the ral nel consortium", "ral-nel-consortium"},
		[]Stats{fs, m, l1, l2},
		[]Ability{
			// AS te_abilities.json "survivalinstinct", "miniaturization".
			{"survival-instinct", "Survival Instinct", AbilityKindAbility, "after a player activates a system with Ral Nel ships, the Ral Nel may move up to 2 of their ships in from adjacent systems without their command tokens"},
			{"miniaturization", "Miniaturization", AbilityKindAbility, "Ral Nel structures can ride on any ship without using capacity, but while in a space area they lose their unit abilities"},
			// AS te_techs.json "nanomachines".
			{"nanomachines", "Nanomachines", AbilityKindTechnology, "action: exhaust to repair all damaged Ral Nel units (it has other, non-combat actions)"},
			{"linkship", "Linkship", AbilityKindUnit, "Ral Nel destroyers can fire the Space Cannon of a structure in their space area"},
			{"last-dispatch", "Last Dispatch", AbilityKindFlagship, fs.Text},
			{"alarum", "Alarum", AbilityKindMech, m.Text},
		})
}

// crimson: the Crimson Rebellion (Thunder's Edge).
func crimson() *Faction {
	fs := flagship("Quietus", Roll{5, 2}, 1, 3,
		"while it is in a system with an active breach, other players' units in systems with active breaches lose all their unit abilities")
	m := mech("Revenant", "Deploy: when committing ground forces in a system with an active breach, the Rebellion may commit 1 mech even without units there")
	// AS te_units.json: Exiles have no capacity value.
	e1 := Stats{Kind: Destroyer, Name: "Exile I", Cost: 1, Combat: Roll{8, 1}, Move: 2, AFB: Roll{9, 2},
		Text: "at the end of any combat in its system or an adjacent one, may place an inactive breach there"}
	e2 := Stats{Kind: Destroyer, Name: "Exile II", Upgraded: true, Cost: 1, Combat: Roll{7, 1}, Move: 2, AFB: Roll{6, 3},
		Text: "at the end of any combat in its system or up to 2 systems away, may place an active or inactive breach there"}
	return newFaction("crimson", "The Crimson Rebellion",
		[]string{"rebellion", "crimson rebellion", "the crimson rebellion", "crimson-rebellion"},
		[]Stats{fs, m, e1, e2},
		[]Ability{
			// AS te_abilities.json "sundered"; AS te_techs.json "subatomic".
			{"sundered", "Sundered", AbilityKindAbility, "other players' units moved or placed into the Rebellion home system are destroyed"},
			{"subatomic-splicer", "Subatomic Splicer", AbilityKindTechnology, "when a Rebellion ship is destroyed, they may produce a ship of that type at a space dock in their home system"},
			{"exile", "Exile", AbilityKindUnit, "Rebellion destroyers place breaches after combats nearby"},
			{"quietus", "Quietus", AbilityKindFlagship, fs.Text},
			{"revenant", "Revenant", AbilityKindMech, m.Text},
		})
}

// deepwrought: the Deepwrought Scholarate (Thunder's Edge).
func deepwrought() *Faction {
	fs := flagship("D.W.S. Luminous", Roll{7, 2}, 1, 6,
		"may move through systems holding Scholarate units even if other players' units are there, gaining +1 move for each (movement only)")
	m := mech("Eanautic", "Production 1; when another player activates its system while it is coexisting, it and the infantry on its planet may withdraw to the Scholarate home system")
	m.Production = 1
	return newFaction("deepwrought", "The Deepwrought Scholarate",
		[]string{"deepwrought scholarate", "the deepwrought scholarate", "deepwrought-scholarate"},
		[]Stats{fs, m},
		[]Ability{
			// AS te_abilities.json "researchteam".
			{"research-team", "Research Team", AbilityKindAbility, "when ground forces are committed to a planet with Scholarate units, the Scholarate may choose to coexist instead of fighting a ground combat"},
			{"dws-luminous", "D.W.S. Luminous", AbilityKindFlagship, fs.Text},
			{"eanautic", "Eanautic", AbilityKindMech, m.Text},
		})
}

// firmament: the Firmament (Thunder's Edge; flips to the Obsidian).
func firmament() *Faction {
	fs := flagship("Heaven's Eye", Roll{5, 2}, 1, 3,
		"if the active system holds units of a player whose control marker is on a Firmament plot, it gets +1 move and is repaired at the end of every combat round")
	m := mech("Viper EX-23", "when ground forces are committed to its planet, the Firmament may choose to coexist; the card flips if the faction becomes the Obsidian")
	return newFaction("firmament", "The Firmament", []string{"the firmament"},
		[]Stats{fs, m},
		[]Ability{
			// AS te_abilities.json "plotsplots", "puppetsoftheblade".
			{"plots-within-plots", "Plots Within Plots", AbilityKindAbility, "the Firmament may score secret objectives other players have scored; instead of a point they take a plot card carrying that player's control marker, which Heaven's Eye keys off (not combat by itself)"},
			{"puppets-of-the-blade", "Puppets of the Blade", AbilityKindAbility, "with a plot in play, the Firmament may become the Obsidian (faction slug obsidian)"},
			{"heavens-eye", "Heaven's Eye", AbilityKindFlagship, fs.Text},
			{"viper-ex-23", "Viper EX-23", AbilityKindMech, m.Text},
		})
}

// obsidian: the Obsidian (Thunder's Edge; the Firmament's other side).
func obsidian() *Faction {
	fs := flagship("Heaven's Hollow", Roll{5, 3}, 1, 3, "")
	m := mech("Viper Hollow", "if it was coexisting when the faction flipped, the Obsidian take control of its planet and the other player's units there coexist")
	return newFaction("obsidian", "The Obsidian", []string{"the obsidian"},
		[]Stats{fs, m},
		[]Ability{
			// AS te_abilities.json "marionettes"; AS te_techs.json "parasite-obs".
			{"marionettes", "Marionettes", AbilityKindAbility, "the players whose control markers are on a plot card are that plot's puppeted players"},
			{"neural-parasite", "Neural Parasite", AbilityKindTechnology, "at the start of each Obsidian turn, destroy 1 other player's infantry in or next to a system holding Obsidian infantry"},
			{"heavens-hollow", "Heaven's Hollow", AbilityKindFlagship, "no text ability; combat 5 (x3)"},
			{"viper-hollow", "Viper Hollow", AbilityKindMech, m.Text},
		})
}

// neutral: the Thunder's Edge neutral units.
func neutral() *Faction {
	return newFaction("neutral",
		"neutral units (Thunder's Edge): generic units, never upgraded; they take hits in the fixed order printed on their reference card",
		[]string{"neutrals", "neutral units"},
		nil,
		[]Ability{
			{"neutral-hit-order", "Neutral hit order", AbilityKindNote, "neutral units have no owner to choose: hits are assigned to them in the fixed order of their reference card, not by the default policy; they use the unupgraded generic units and have no flagship or faction mech"},
		})
}
