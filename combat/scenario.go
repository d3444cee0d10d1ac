package combat

import (
	"context"

	"github.com/ti4sim/ti4sim/combat/internal/effects"
	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// Side is one player in the scenario.
//
// The attacker (the active player) has ships and, in an invasion, ground
// forces in the space area, committed to the planet in the invasion. The
// defender has ships in the space area and ground forces and structures
// (PDS, space docks) on the contested planet.
type Side struct {
	// Fleet is the side's units in the active system.
	Fleet units.Fleet
	// Faction is the side's faction; nil means no faction (generic units).
	Faction *units.Faction
	// Techs are technologies the side holds, by slug. Unit upgrades
	// ("dreadnought-ii", "pds-ii", ...) upgrade every unit of that kind,
	// including adjacent PDS. See Technologies for the accepted names.
	Techs []string
	// Order is the side's hit-assignment policy; the zero value is the
	// default policy (see Order).
	Order Order
	// Modifier is a flat modifier, -9..+9, applied to the side's combat
	// rolls (space and ground combat rounds; not anti-fighter barrage,
	// space cannon or bombardment).
	Modifier int
	// AllRollsModifier is a flat modifier, -9..+9, applied to every roll
	// the side's units make: combat rounds, anti-fighter barrage, space
	// cannon offense and defense, bombardment and the pre-combat shots
	// (the rolls of cards and relics included). It adds to Modifier in the
	// combat rounds.
	AllRollsModifier int
	// Cards are the action cards, promissory notes, agendas and relics the
	// side holds, by slug, "slug:N" for N copies (see Cards), its faction
	// items (notes, leaders, breakthroughs), and the board states its
	// faction's texts read (see BoardStates).
	Cards []string
	// Retreat is the side's retreat policy in space combat.
	Retreat Retreat
	// Choices state what the player decides where a text leaves it to
	// them, items "TEXT=CHOICE" (see Choices): devotion=policy|always|never,
	// impulse-core=policy|last-ship|never, exotrireme-ii=policy|never,
	// emergency-repairs=end|start, saimoc-infused-hulls=every-round|five,
	// advanced-fleet-tactics=round-up|round-down,
	// adaptable-ordnance-rigs=sustain|roll.
	// A text not named follows its default, the first choice.
	Choices []string
	// AdjacentPDS is the number of the side's PDS in systems adjacent to
	// the active system, 0..99. They fire in space cannon offense only if
	// the side's PDS are upgraded (PDS II; LRR 77.2), the attacker's
	// first; they are never hit.
	AdjacentPDS int
	// SystemPDS is the number of the attacker's PDS on its own planets in
	// the active system, 0..99 (the attacker's fleet is in the space area
	// and cannot hold them). They fire in space cannon offense (LRR 77.2:
	// each player, the active one first, fires its space cannon in the
	// active system), not in space cannon defense (only the defender's
	// units on the invaded planet fire then); they are not ships and are
	// never hit. Must be 0 for the defender, whose PDS on the contested
	// planet are in its fleet.
	SystemPDS int
	// TradeGoods, 0..MaxBudget, are the trade goods the side may spend on
	// effects during the action (Munitions Reserves, Wrath of Kenara);
	// effects that need more than are left do nothing.
	TradeGoods int
	// Influence, 0..MaxBudget, is the influence the side may spend on
	// effects during the action (Indoctrination, Dynamo).
	Influence int
	// CommandCounters, 0..MaxBudget, are the command counters of the
	// side's strategy allocation it may spend during the action (Twilight
	// Imperium 3: the Jol-Nar reroll a die for each).
	CommandCounters int
	// Galvanized are the side's units that carry a galvanize token (Last
	// Bastion, Thunder's Edge): each rolls 1 additional die for its combat
	// rolls and unit abilities. A subset of Fleet; only the Last Bastion
	// galvanize, or a side holding their Raise the Standard note.
	Galvanized units.Fleet
	// Leaders are the side's Twilight Imperium 3 leaders in the fight,
	// each at most once: general, admiral, agent, scientist, diplomat
	// (EditionTI3SA only; see TI3Leaders for what each does).
	Leaders []string
	// HighAlert: the side has the High Alert token in the active system
	// (EditionTI3SA only; one side at most).
	HighAlert bool
}

// Scenario is one question to simulate.
type Scenario struct {
	// Action is what to simulate.
	Action Action
	// Attacker is the active player.
	Attacker Side
	// Defender is the other player.
	Defender Side
	// Nebula is true when the active system is a nebula: the defender
	// applies +1 to its ships' combat rolls in space combat (LRR 59).
	Nebula bool
	// Edition is the rules edition the scenario is played under:
	// Twilight Imperium 4 (the zero value) or Twilight Imperium 3 with
	// Shattered Ascension (ti3.go).
	Edition Edition
	// Printings chooses the printing of each card whose text changed; the
	// zero value is today's.
	Printings Printings
	// MaxRounds, 0..1000, stops the combat after that many rounds and
	// reports the state then (space and ground combat only); 0: no limit.
	MaxRounds int
	// Cultural is true when the contested planet has the cultural trait
	// (Conventions of War forbids bombarding it).
	Cultural bool
	// EntropicScar is true when the active system is an entropic scar
	// (Thunder's Edge anomaly).
	EntropicScar bool
	// SpaceMine is true when the defender has a space mine in the active
	// system (Twilight Imperium 3 with Shattered Ascension only; ti3.go).
	SpaceMine bool
	// NegateMineHits is true when the attacker negates a space mine hit
	// that would destroy its ship by taking 2 hits on other non-fighter
	// ships (SA Space Mines: "The victim of a Space Mines hit may negate
	// the specific hit by taking 2 hits to non-fighter ships in the same
	// fleet"); done only when two other ships can take them with Sustain
	// Damage. Needs SpaceMine.
	NegateMineHits bool
	// IonStorm is true when the active system is an Ion Storm (Twilight
	// Imperium 3 only): no space cannon fires at units in it, and its
	// fighters make no combat rolls.
	IonStorm bool
	// HomeSystem is true when the invaded planet is in a home system
	// (Twilight Imperium 3 only). Shattered Ascension: "A non-Home System
	// planet without Ground Forces present taking a bombardment hit
	// reverts immediately to neutral status"; a home planet does not.
	HomeSystem bool
	// Wormhole is true when the active system has a wormhole (Twilight
	// Imperium 3 only: the Creuss Dimensional Splicer acts there).
	Wormhole bool
	// Commandos, 0..the attacker's shock troops, are the attacker's shock
	// troops held back as commandos in an invasion (Twilight Imperium 3
	// with Shattered Ascension only; SA Shock Troops: "These do not
	// participate in combat and cannot be taken as casualties, but they
	// can capture 1 building each after a successful invasion. All
	// commandos are automatically eliminated in case of a failed
	// invasion").
	Commandos int
	// Planets, for an invasion of a system with one to MaxPlanets planets
	// (RunSystem, SolveSystem): each planet's defending units; the
	// defender's Fleet then holds only its ships. Empty for Run and Solve,
	// whose invasion is of one planet whose units are in the defender's
	// Fleet.
	Planets []Planet
	// Commit is how the attacker splits its ground forces between the
	// planets (RunSystem, SolveSystem only).
	Commit Commit
	// Bombard names the planet every unit with Bombardment bombards
	// (RunSystem, SolveSystem); empty: the first planet in order that can
	// be bombarded (ground forces on it, not shielded against the
	// attacker's units, not spared by Conventions of War).
	Bombard string
	// planetOfSystem marks the scenario of a system's space area or
	// planet (systemPlans): the defender may have no unit.
	planetOfSystem bool
}

// Validate reports the first reason the scenario cannot be simulated,
// naming the side and the input at fault.
func (sc *Scenario) Validate() error {
	in := sc.internal()
	_, err := in.Resolve()
	return inputError(err)
}

// compile checks sc and builds its plan, for the exact solver.
func compile(sc *Scenario) (*engine.Plan, error) {
	if sc.system() {
		return nil, planetsNeedSystem(sc)
	}
	in := sc.internal()
	p, err := effects.Compile(&in)
	return p, inputError(err)
}

// system reports whether sc has planets, a bombardment focus or a commit
// policy: RunSystem and SolveSystem answer it, Run and Solve refuse it.
func (sc *Scenario) system() bool {
	return len(sc.Planets) > 0 || sc.Bombard != "" || sc.Commit.Kind != CommitSecure || sc.Commit.Target != 0 || len(sc.Commit.Split) > 0
}

// compileForTrials is compile with the fast round tables Monte Carlo
// trials use.
// planetsNeedSystem is the error for planets, a bombardment focus or a
// commit policy given to a one-planet entry point, naming the field given.
func planetsNeedSystem(sc *Scenario) error {
	field := "Planets"
	switch {
	case len(sc.Planets) > 0:
	case sc.Bombard != "":
		field = "Bombard"
	default:
		field = "Commit"
	}
	return inputf(field, "planets: a scenario with planets or a commit policy is run by RunSystem or SolveSystem")
}

func compileForTrials(ctx context.Context, sc *Scenario) (*engine.Plan, error) {
	if sc.Attacker.Order.Optimal || sc.Defender.Order.Optimal {
		return nil, errOptimalSampled
	}
	if sc.Attacker.Retreat.Best || sc.Defender.Retreat.Best {
		return nil, errBestRetreatSampled
	}
	p, err := compile(sc)
	if err != nil {
		return nil, err
	}
	p.BuildTables(ctx)
	return p, nil
}

// MaxAdjacentPDS bounds Side.AdjacentPDS.
const MaxAdjacentPDS = 99

// MaxBudget bounds Side.TradeGoods and Side.Influence.
const MaxBudget = 99

// MaxModifier bounds Side.Modifier: a flat modifier beyond ±9 already makes
// every die hit or miss.
const MaxModifier = 9

// Action is what a Scenario simulates.
type Action uint8

const (
	// SpaceCombat is space cannon offense, start-of-combat effects,
	// anti-fighter barrage and space combat rounds to the end.
	SpaceCombat Action = iota
	// GroundCombat is a ground combat alone, start-of-combat effects
	// included.
	GroundCombat
	// Invasion is the whole tactical action against one planet: space
	// cannon offense, space combat (if both sides have ships),
	// bombardment, commitment of the attacker's ground forces, space
	// cannon defense, ground combat and control of the planet.
	Invasion
)

// String returns the command name of the action: "space", "ground" or
// "invade".
func (a Action) String() string { return engine.Action(a).String() }
