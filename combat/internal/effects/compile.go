package effects

import (
	"fmt"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// placeUnits applies effects that change the units on the board before the
// action starts, returning the scenario to compile and notes for the
// Result. It does not change sc.
func placeUnits(sc *Scenario) (Scenario, []string, error) {
	out := *sc
	var notes []string
	if sc.Action != engine.SpaceCombat && sc.Printings.Magen == MagenOmega2 && holds(&sc.Defender, TechMagen) {
		n := sc.Defender.Fleet.Count(units.PDS) + sc.Defender.Fleet.Count(units.SpaceDock)
		if n > 0 {
			f, err := withMore(sc.Defender.Fleet, units.Infantry, n)
			if err != nil {
				return out, nil, engine.Inputf("defender", "Fleet", "Magen Defense Grid ΩΩ: %v", err)
			}
			out.Defender.Fleet = f
			notes = append(notes, fmt.Sprintf("Magen Defense Grid ΩΩ: the activation placed %d infantry on the planet, one with each of the defender's structures", n))
		}
	}
	return out, notes, nil
}

// Compile checks sc, converts it (TI3) and builds its plan with the
// effects of its sides' texts.
func Compile(in *Scenario) (*engine.Plan, error) {
	resolved, err := in.Resolve()
	if err != nil {
		return nil, err
	}
	placed, notes, err := placeUnits(&resolved)
	if err != nil {
		return nil, err
	}
	for i := range engine.NumSides {
		s := placed.Side(i)
		s.Upgraded, _ = upgrades(s) // checked by resolve
	}
	return engine.NewPlan(&placed.Input, notes, attacher{&placed})
}

// attacher attaches the effects of a scenario's texts to a plan being
// compiled (effectSet).
type attacher struct{ sc *Scenario }

// AddSlots splits off the side's unit variants, adds the slots of its
// units that fight in both forms, and the TI3 units; it returns the
// variants' warnings.
func (a attacher) AddSlots(sp *engine.SidePlan, s *engine.Force, side engine.Side) []string {
	warnings := applyVariants(sp, s, a.sc)
	addTwins(sp, s, side, a.sc)
	if a.sc.Edition == engine.EditionTI3SA {
		ti3Units(sp, s, side)
	}
	return warnings
}

// Attach attaches the texts' hooks: the sides' technologies and cards, the
// TI3 rules, the Entropic Scar.
func (a attacher) Attach(p *engine.Plan) {
	applyEffects(p, a.sc)
	if a.sc.Edition == engine.EditionTI3SA {
		applyTI3(p, a.sc)
	}
	if a.sc.EntropicScar {
		applyEntropicScar(p, a.sc)
	}
}

// withMore returns f with n more units of kind k (of the fleet's upgrade
// state for k).
func withMore(f units.Fleet, k units.Kind, n int) (units.Fleet, error) {
	groups := append(f.Groups(), units.Group{Kind: k, Upgraded: f.Upgraded(k), Count: n})
	return units.NewFleet(groups...)
}

// applyEffects attaches the effects of the sides' technologies and cards,
// in the scenario's printings, to the plan's hooks: the attacker's first,
// since the active player resolves first in every timing window; cards that
// change what others set up (late) after all the others.
func applyEffects(p *engine.Plan, sc *Scenario) {
	// Early faction texts first (the Watcher's cancellations): they change
	// which of the opponent's cards attach, whichever side holds them.
	for side := range engine.NumSides {
		applyFaction(p, sc, side, true)
	}
	for _, late := range []bool{false, true} {
		for side := range engine.NumSides {
			s := sc.Side(side)
			if !late && holds(s, TechMagen) {
				addMagen(p, sc, side)
			}
			if !late && holds(s, TechX89) {
				addX89(p, sc, side)
			}
			if !late {
				applyFaction(p, sc, side, false)
			}
			for _, c := range heldTechs(s) {
				if c.late == late {
					p.Attached(c.Slug, side)
					c.attach(p, sc, side, 1)
				}
			}
			cs, copies, _ := heldCards(s) // validated by Scenario.Validate
			for i, c := range cs {
				if c.late == late {
					p.Attached(c.Slug, side)
					c.attach(p, sc, side, copies[i])
				}
			}
		}
	}
}
