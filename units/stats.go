package units

// Roll is a unit ability that rolls dice: Anti-Fighter Barrage, Space Cannon,
// Bombardment, or the unit's combat value. "Space Cannon 5 (x3)" is
// Roll{Value: 5, Dice: 3}: three dice, each a hit on 5 or more.
type Roll struct {
	// Value is the least die result (1..10) that hits before modifiers;
	// 0 means the unit does not have the ability.
	Value int `json:"value"`
	// Dice is the number of dice rolled, 1..4 for printed units; 0 when
	// Value is 0.
	Dice int `json:"dice"`
}

// Has reports whether the unit has the ability.
func (r Roll) Has() bool { return r.Value > 0 && r.Dice > 0 }

// Stats are one unit's printed numbers as the engine uses them.
type Stats struct {
	// Kind is the generic kind this unit is or replaces.
	Kind Kind
	// Name is the printed name, e.g. "Dreadnought II" or "Super-Dreadnought".
	Name string
	// Upgraded is true for a unit upgrade ("II") side.
	Upgraded bool
	// Cost is the resource cost of one unit: 0.5 for units bought two for
	// one resource, 0 for Twilight Imperium 4 structures (placed, not
	// produced); Twilight Imperium 3 structures are produced and have
	// their cost (PDS 2, space dock 4). The Twilight Imperium 3 shock
	// troop is never bought: it has the 0.5 of the ground force it was.
	Cost float64
	// Combat is the combat value and the number of combat dice; zero for
	// structures.
	Combat Roll
	// Move is the move value; 0 for units that do not move on their own.
	Move int
	// Capacity is how many fighters and ground forces the unit carries.
	Capacity int
	// Sustain is true when the unit has SUSTAIN DAMAGE.
	Sustain bool
	// ExtraSustains is how many more times than once the unit may use
	// SUSTAIN DAMAGE before it is destroyed: 0 for every Twilight
	// Imperium 4 unit, 1 for the Twilight Imperium 3 war sun ("may use
	// its Sustain Damage ability twice"). It is 0 when Sustain is false;
	// printed units have 0..1. See SustainUses.
	ExtraSustains int
	// AFB is the ANTI-FIGHTER BARRAGE ability.
	AFB Roll
	// SpaceCannon is the SPACE CANNON ability.
	SpaceCannon Roll
	// SpaceCannonAdjacent is true when the unit may fire SPACE CANNON at
	// ships in adjacent systems (PDS II).
	SpaceCannonAdjacent bool
	// Bombardment is the BOMBARDMENT ability.
	Bombardment Roll
	// BombardsThroughShield is true when the unit's BOMBARDMENT may target
	// a planet that has PLANETARY SHIELD, without removing the shield for
	// other units (Twilight Imperium 3 war sun, "Bombardment through
	// PDS"); false for every Twilight Imperium 4 unit, whose war sun
	// instead has RemovesPlanetaryShield. Only meaningful with Bombardment.
	BombardsThroughShield bool
	// PlanetaryShield is true when the unit has PLANETARY SHIELD.
	PlanetaryShield bool
	// RemovesPlanetaryShield is true when other players' units in this
	// unit's system lose PLANETARY SHIELD (war sun).
	RemovesPlanetaryShield bool
	// Production is the PRODUCTION value; with ProductionPlusResources it
	// is added to the planet's resources (space docks).
	Production int
	// ProductionPlusResources is true when Production adds to the planet's
	// resource value.
	ProductionPlusResources bool
	// DirectHitImmune is true when "Direct Hit" cannot destroy the unit.
	DirectHitImmune bool
	// Revive is the roll that brings the unit back after it is destroyed
	// (Infantry II: a die, 6 or more, returns it home at the start of its
	// owner's next turn); zero when it has none.
	Revive Roll
	// Text is the unit's printed text ability, in our own words; empty
	// when it has none.
	Text string
}

// SustainUses returns how many hits the unit can cancel with SUSTAIN DAMAGE
// from undamaged: 0 without the ability, else 1 + ExtraSustains (2 for the
// Twilight Imperium 3 war sun).
func (s Stats) SustainUses() int {
	if !s.Sustain {
		return 0
	}
	return 1 + s.ExtraSustains
}
