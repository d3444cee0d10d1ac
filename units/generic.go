package units

// generic holds the generic units of the base game and Prophecy of Kings,
// unupgraded [0] and upgraded [1], with their printed numbers
// (as transcribed in AsyncTI4 baseUnits.json, ti-assistant techs.ts, TTPG
// unit-attrs; war sun capacity 6 per AS and TA). A zero Stats (empty Name)
// means the upgrade does not exist. Flagships are faction units and have no
// generic entry.
var generic = [NumKinds][2]Stats{
	Infantry: {
		{Kind: Infantry, Name: "Infantry I", Cost: 0.5, Combat: Roll{8, 1}},
		{Kind: Infantry, Name: "Infantry II", Upgraded: true, Cost: 0.5, Combat: Roll{7, 1}, Revive: Roll{6, 1},
			Text: "after it is destroyed, roll a die: on 6 or more it returns to the home system at the start of its owner's next turn"},
	},
	Mech: {
		{Kind: Mech, Name: "Mech", Cost: 2, Combat: Roll{6, 1}, Sustain: true},
	},
	Fighter: {
		{Kind: Fighter, Name: "Fighter I", Cost: 0.5, Combat: Roll{9, 1}},
		{Kind: Fighter, Name: "Fighter II", Upgraded: true, Cost: 0.5, Combat: Roll{8, 1}, Move: 2,
			Text: "may move without being transported; fighters beyond capacity count against the fleet pool"},
	},
	Destroyer: {
		{Kind: Destroyer, Name: "Destroyer I", Cost: 1, Combat: Roll{9, 1}, Move: 2, AFB: Roll{9, 2}},
		{Kind: Destroyer, Name: "Destroyer II", Upgraded: true, Cost: 1, Combat: Roll{8, 1}, Move: 2, AFB: Roll{6, 3}},
	},
	Cruiser: {
		{Kind: Cruiser, Name: "Cruiser I", Cost: 2, Combat: Roll{7, 1}, Move: 2},
		{Kind: Cruiser, Name: "Cruiser II", Upgraded: true, Cost: 2, Combat: Roll{6, 1}, Move: 3, Capacity: 1},
	},
	Carrier: {
		{Kind: Carrier, Name: "Carrier I", Cost: 3, Combat: Roll{9, 1}, Move: 1, Capacity: 4},
		{Kind: Carrier, Name: "Carrier II", Upgraded: true, Cost: 3, Combat: Roll{9, 1}, Move: 2, Capacity: 6},
	},
	Dreadnought: {
		{Kind: Dreadnought, Name: "Dreadnought I", Cost: 4, Combat: Roll{5, 1}, Move: 1, Capacity: 1,
			Sustain: true, Bombardment: Roll{5, 1}},
		{Kind: Dreadnought, Name: "Dreadnought II", Upgraded: true, Cost: 4, Combat: Roll{5, 1}, Move: 2, Capacity: 1,
			Sustain: true, Bombardment: Roll{5, 1}, DirectHitImmune: true,
			Text: "cannot be destroyed by Direct Hit"},
	},
	WarSun: {
		{Kind: WarSun, Name: "War Sun", Cost: 12, Combat: Roll{3, 3}, Move: 2, Capacity: 6,
			Sustain: true, Bombardment: Roll{3, 3}, RemovesPlanetaryShield: true,
			Text: "other players' units in its system lose Planetary Shield"},
	},
	PDS: {
		{Kind: PDS, Name: "PDS I", PlanetaryShield: true, SpaceCannon: Roll{6, 1}},
		{Kind: PDS, Name: "PDS II", Upgraded: true, PlanetaryShield: true, SpaceCannon: Roll{5, 1},
			SpaceCannonAdjacent: true, Text: "may fire Space Cannon at ships in adjacent systems"},
	},
	SpaceDock: {
		{Kind: SpaceDock, Name: "Space Dock I", Production: 2, ProductionPlusResources: true,
			Text: "up to 3 fighters in its system do not count against capacity"},
		{Kind: SpaceDock, Name: "Space Dock II", Upgraded: true, Production: 4, ProductionPlusResources: true,
			Text: "up to 3 fighters in its system do not count against capacity"},
	},
}

// Generic returns the generic unit of kind k, upgraded or not. ok is false
// when no such generic unit exists (flagships, mech II, war sun II).
func Generic(k Kind, upgraded bool) (s Stats, ok bool) {
	if k >= NumKinds {
		return Stats{}, false
	}
	i := 0
	if upgraded {
		i = 1
	}
	s = generic[k][i]
	return s, s.Name != ""
}

// HasUpgrade reports whether kind k has a generic "II" upgrade.
func HasUpgrade(k Kind) bool {
	_, ok := Generic(k, true)
	return ok
}
