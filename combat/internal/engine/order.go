package engine

import (
	"strings"

	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/units"
)

// Order is a side's hit-assignment policy.
//
// Each hit is first cancelled by Sustain Damage of an undamaged unit that has
// it (in the order of Kinds), and otherwise destroys the first unit in Kinds
// that can take it, a damaged unit before an undamaged one of the same kind.
// With SustainLast the side instead destroys units that cannot sustain first
// and uses Sustain Damage only when every unit left could sustain ("don't
// risk a card that destroys a damaged unit"). Forced targets of the rules (anti-fighter barrage hits
// only fighters, space cannon defense only committed ground forces) apply
// whatever the order.
//
// The zero Order is the default policy: fighter, destroyer, cruiser,
// carrier, dreadnought, flagship, war sun in space; infantry, mech on the
// ground.
type Order struct {
	// Kinds lists kinds from first lost to last. Kinds not listed follow the
	// listed ones in the default order. Structures never take hits and may
	// not be listed.
	Kinds []units.Kind
	// SustainLast keeps Sustain Damage for the last hits.
	SustainLast bool
	// Optimal makes the side choose the casualties of every combat round
	// itself, Sustain Damage included, to maximise its chance to win
	// (optimal.go); exact mode only. Kinds and SustainLast still order the
	// hits outside combat rounds (space cannon, barrage, bombardment).
	Optimal bool
}

// ParseOrder parses a custom order as the command line gives it: unit names
// separated by commas, optionally with "sustain=first" or "sustain=last",
// e.g. "destroyer, fighter, carrier, sustain=last". The names are those of
// Twilight Imperium 4's fleet grammar (units.ParseKind); ParseOrderFor reads
// another game's.
func ParseOrder(s string) (Order, error) { return ParseOrderFor(EditionTI4, s) }

// ParseOrderFor is ParseOrder with the unit names of game g, the names its
// fleet grammar accepts: under EditionTI3SA those of units.ParseKindTI3
// ("ground force", "gf", "shock troop", "st", "mechanized unit", "mu" and
// the Twilight Imperium 4 names of the units Twilight Imperium 3 has; no
// flagship, no "II").
func ParseOrderFor(g Edition, s string) (Order, error) {
	var o Order
	parseKind, name := units.ParseKind, units.Kind.String
	switch g {
	case EditionTI4:
	case EditionTI3SA:
		parseKind, name = units.ParseKindTI3, units.KindNameTI3
	default:
		return o, Inputf("", "Edition", "order: unknown game %d", g)
	}
	if strings.TrimSpace(s) == "" {
		return o, Inputf("", "Order", "empty order: give unit names like \"fighter, destroyer, carrier\", optionally with sustain=last")
	}
	seen := map[units.Kind]bool{}
	for i, item := range strings.Split(s, ",") {
		w := strings.ToLower(strings.TrimSpace(item))
		switch {
		case w == "":
			return o, Inputf("", "Order", "item %d of the order is empty", i+1)
		case strings.HasPrefix(w, "sustain"):
			v := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(strings.TrimPrefix(w, "sustain")), "="))
			switch v {
			case "first":
				o.SustainLast = false
			case "last":
				o.SustainLast = true
			default:
				return o, Inputf("", "Order", "order item %s: allowed sustain=first or sustain=last", echo.Quote(item))
			}
			continue
		}
		k, up, err := parseKind(w)
		if err != nil {
			return o, Inputf("", "Order", "order item %d: %v", i+1, err)
		}
		if up {
			return o, Inputf("", "Order", "order item %d (%s): give the unit without II; the order applies to the kind", i+1, echo.Quote(item))
		}
		if k.Structure() {
			return o, Inputf("", "Order", "order item %d: %s is a structure and never takes hits", i+1, name(k))
		}
		if seen[k] {
			return o, Inputf("", "Order", "order item %d: %s listed twice", i+1, name(k))
		}
		seen[k] = true
		o.Kinds = append(o.Kinds, k)
	}
	return o, nil
}

// String returns the order in the ParseOrder grammar; "" for the default.
func (o Order) String() string {
	parts := make([]string, 0, len(o.Kinds)+1)
	for _, k := range o.Kinds {
		parts = append(parts, k.String())
	}
	if o.SustainLast {
		parts = append(parts, "sustain=last")
	}
	return strings.Join(parts, ", ")
}

// Sequence returns every kind in the order's priority: the listed kinds,
// then the others in default order.
func (o Order) Sequence() []units.Kind {
	out := append([]units.Kind(nil), o.Kinds...)
	listed := map[units.Kind]bool{}
	for _, k := range o.Kinds {
		listed[k] = true
	}
	for _, k := range units.Kinds() {
		if !listed[k] {
			out = append(out, k)
		}
	}
	return out
}

func (o Order) Validate() error {
	seen := map[units.Kind]bool{}
	for _, k := range o.Kinds {
		if k >= units.NumKinds {
			return Inputf("", "Order", "order: unknown unit kind %d", k)
		}
		if k.Structure() {
			return Inputf("", "Order", "order: %s is a structure and never takes hits", k)
		}
		if seen[k] {
			return Inputf("", "Order", "order: %s listed twice", k)
		}
		seen[k] = true
	}
	return nil
}
