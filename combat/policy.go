package combat

import (
	"strings"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/units"
)

// ParseOrder parses a custom order as the command line gives it: unit names
// separated by commas, optionally with "sustain=first" or "sustain=last",
// e.g. "destroyer, fighter, carrier, sustain=last". The names are those of
// Twilight Imperium 4's fleet grammar (units.ParseKind); ParseOrderFor reads
// another game's.
func ParseOrder(s string) (Order, error) {
	o, err := engine.ParseOrder(s)
	return Order(o), inputError(err)
}

// ParseOrderFor is ParseOrder with the unit names of game g, the names its
// fleet grammar accepts: under EditionTI3SA those of units.ParseKindTI3
// ("ground force", "gf", "shock troop", "st", "mechanized unit", "mu" and
// the Twilight Imperium 4 names of the units Twilight Imperium 3 has; no
// flagship, no "II").
func ParseOrderFor(g Edition, s string) (Order, error) {
	o, err := engine.ParseOrderFor(engine.Edition(g), s)
	return Order(o), inputError(err)
}

// ParsePolicy parses a hit-assignment policy as the command line gives it:
// "order" or "" (hits follow the side's Order) or "optimal" (the side
// chooses; Order.Optimal). It returns Order.Optimal's value.
func ParsePolicy(s string) (optimal bool, err error) {
	switch strings.TrimSpace(s) {
	case "", "order":
		return false, nil
	case "optimal":
		return true, nil
	}
	return false, inputf("Order", "policy %s: allowed order, optimal", echo.Quote(s))
}

// ParseRetreat parses a retreat policy as the command line gives it:
// "never", "after=N" (leave at the end of round N), "when=losing" or
// "when=losing:T" (leave when expected hits per round fall below T times the
// opponent's; T defaults to 1), "best" or "best:V" (retreat where it serves
// the side best, exact mode only; see Retreat).
func ParseRetreat(s string) (Retreat, error) {
	r, err := engine.ParseRetreat(s)
	return Retreat(r), inputError(err)
}

// Order is a side's hit-assignment policy.
//
// Each hit is first cancelled by Sustain Damage of an undamaged unit that has
// it (in the order of Kinds), and otherwise destroys the first unit in Kinds
// that can take it, a damaged unit before an undamaged one of the same kind.
// With SustainLast the side instead destroys units that cannot sustain first
// and uses Sustain Damage only when every unit left could sustain ("don't
// risk Direct Hit"). Forced targets of the rules (anti-fighter barrage hits
// only fighters, space cannon defense only committed ground forces) apply
// whatever the order.
//
// The zero Order is the default policy: fighter, destroyer, cruiser,
// carrier, dreadnought, flagship, war sun in space; infantry, mech on the
// ground.
type Order struct {
	// Kinds lists kinds from first lost to last, each at most once.
	// Kinds not listed follow the listed ones in the default order.
	// Structures (PDS, space docks) never take hits and may not be listed.
	Kinds []units.Kind
	// SustainLast keeps Sustain Damage for the last hits.
	SustainLast bool
	// Optimal makes the side choose the casualties of every combat round
	// itself, Sustain Damage included, to maximise its chance to win
	// (Optimize); exact mode only. Kinds and SustainLast still order the
	// hits outside combat rounds (space cannon, barrage, bombardment).
	Optimal bool
}

// String returns the order in the ParseOrder grammar; "" for the default.
func (o Order) String() string { return engine.Order(o).String() }

// Sequence returns every kind in the order's priority: the listed kinds,
// then the others in default order.
func (o Order) Sequence() []units.Kind { return engine.Order(o).Sequence() }

// Validate reports an unknown kind, a structure or a kind listed twice
// in Kinds.
func (o Order) Validate() error { return engine.Order(o).Validate() }

// Retreat is a side's retreat policy in space combat (LRR 78.5: a retreat is
// announced in the Announce Retreats step of a round, the defender first —
// if the defender announces, the attacker cannot that round — and happens
// after that round's hits are assigned, if the side still has ships and the
// opponent too). The zero Retreat never retreats. The engine assumes an
// eligible system to retreat to exists.
type Retreat struct {
	// AfterRound, 1..RoundCap, makes the side announce in round AfterRound
	// and leave at its end; 0 for no fixed round.
	AfterRound int
	// WhenLosing makes the side announce in any round where, at the
	// announce step, its expected hits per combat round are below
	// Threshold times the opponent's.
	WhenLosing bool
	// Threshold is the WhenLosing ratio, above 0 and at most 100; 0 means
	// 1.
	Threshold float64
	// Best makes the side retreat where that serves it best: exact mode
	// only (Solve), the other side never retreating. The side maximises
	// P(win) + Value·P(neither), neither being a retreat, a draw or a
	// combat that never ends, then the resources it keeps; Result.RetreatWhen
	// lists where it retreats.
	Best bool
	// Value, with Best only, is the worth of a retreat as a share of a
	// win: above 0 and below 1; 0 means ½ (a retreat is neither a win nor
	// a loss).
	Value float64
}

// Never reports whether the policy never retreats.
func (r Retreat) Never() bool { return engine.Retreat(r).Never() }

// String returns the policy in the ParseRetreat grammar: "never" for the
// zero Retreat.
func (r Retreat) String() string { return engine.Retreat(r).String() }

// Validate reports the first field out of range.
func (r Retreat) Validate() error { return engine.Retreat(r).Validate() }
