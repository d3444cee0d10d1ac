package combat

import (
	"strings"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/internal/echo"
)

// ParseOrder parses a custom order as the command line gives it: unit names
// separated by commas, optionally with "sustain=first" or "sustain=last",
// e.g. "destroyer, fighter, carrier, sustain=last". The names are those of
// Twilight Imperium 4's fleet grammar (units.ParseKind); ParseOrderFor reads
// another game's.
func ParseOrder(s string) (Order, error) {
	o, err := engine.ParseOrder(s)
	return o, inputError(err)
}

// ParseOrderFor is ParseOrder with the unit names of game g, the names its
// fleet grammar accepts: under EditionTI3SA those of units.ParseKindTI3
// ("ground force", "gf", "shock troop", "st", "mechanized unit", "mu" and
// the Twilight Imperium 4 names of the units Twilight Imperium 3 has; no
// flagship, no "II").
func ParseOrderFor(g Edition, s string) (Order, error) {
	o, err := engine.ParseOrderFor(g, s)
	return o, inputError(err)
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
	return r, inputError(err)
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
type Order = engine.Order

// Retreat is a side's retreat policy in space combat (LRR 78.5: a retreat is
// announced in the Announce Retreats step of a round, the defender first —
// if the defender announces, the attacker cannot that round — and happens
// after that round's hits are assigned, if the side still has ships and the
// opponent too). The zero Retreat never retreats. The engine assumes an
// eligible system to retreat to exists.
type Retreat = engine.Retreat
