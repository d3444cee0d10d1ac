package combat

import (
	"fmt"

	"github.com/ti4sim/ti4sim/units"
)

// placeUnits applies effects that change the units on the board before the
// action starts, returning the scenario to compile and notes for the
// Result. It does not change sc.
func placeUnits(sc *scenarioIn) (scenarioIn, []string, error) {
	out := *sc
	var notes []string
	if sc.Action != SpaceCombat && sc.Printings.Magen == MagenOmega2 && sc.Defender.holds(TechMagen) {
		n := sc.Defender.Fleet.Count(units.PDS) + sc.Defender.Fleet.Count(units.SpaceDock)
		if n > 0 {
			f, err := withMore(sc.Defender.Fleet, units.Infantry, n)
			if err != nil {
				return out, nil, fmt.Errorf("defender: Magen Defense Grid ΩΩ: %v", err)
			}
			out.Defender.Fleet = f
			notes = append(notes, fmt.Sprintf("Magen Defense Grid ΩΩ: the activation placed %d infantry on the planet, one with each of the defender's structures", n))
		}
	}
	return out, notes, nil
}

// compile checks sc, converts it (TI3) and builds its plan with the
// effects of its sides' texts.
func compile(sc *Scenario) (*plan, error) {
	in := sc.internal()
	resolved, err := in.resolve()
	if err != nil {
		return nil, err
	}
	placed, notes, err := placeUnits(&resolved)
	if err != nil {
		return nil, err
	}
	return newPlan(&placed.input, notes, attacher{&placed})
}

// attacher attaches the effects of a scenario's texts to a plan being
// compiled (effectSet).
type attacher struct{ sc *scenarioIn }

// addSlots splits off the side's unit variants, adds the slots of its
// units that fight in both forms, and the TI3 units.
func (a attacher) addSlots(sp *sidePlan, s *force, side sideID) {
	sp.variantWarnings = sp.applyVariants(s, a.sc)
	sp.addTwins(s, side, a.sc)
	if a.sc.Edition == EditionTI3SA {
		sp.ti3Units(s, side)
	}
}

// attach attaches the texts' hooks: the sides' technologies and cards, the
// TI3 rules, the Entropic Scar.
func (a attacher) attach(p *plan) {
	p.applyEffects(a.sc)
	if a.sc.Edition == EditionTI3SA {
		p.applyTI3(a.sc)
	}
	if a.sc.EntropicScar {
		p.applyEntropicScar(a.sc)
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
func (p *plan) applyEffects(sc *scenarioIn) {
	// Early faction texts first (the Watcher's cancellations): they change
	// which of the opponent's cards attach, whichever side holds them.
	for side := range numSides {
		p.applyFaction(sc, side, true)
	}
	for _, late := range []bool{false, true} {
		for side := range numSides {
			s := sideOf(sc, side)
			if !late && s.holds(TechMagen) {
				p.addMagen(sc, side)
			}
			if !late && s.holds(TechX89) {
				p.addX89(sc, side)
			}
			if !late {
				p.applyFaction(sc, side, false)
			}
			for _, c := range s.heldTechs() {
				if c.late == late {
					c.attach(p, sc, side, 1)
				}
			}
			cs, copies, _ := s.heldCards() // validated by Scenario.Validate
			for i, c := range cs {
				if c.late == late {
					c.attach(p, sc, side, copies[i])
				}
			}
		}
	}
}

// slotsOf returns side's slots whose kind satisfies keep, in hit order.
func (p *plan) slotsOf(side sideID, tg targets, keep func(units.Kind) bool) []uint8 {
	var out []uint8
	for _, s := range p.side[side].order[tg] {
		if keep(p.side[side].slots[s].stats.Kind) {
			out = append(out, s)
		}
	}
	return out
}

// structuresOnPlanet counts side's structures on the contested planet.
func (p *plan) structuresOnPlanet(side sideID) int {
	n := 0
	for i, sl := range p.side[side].slots {
		if sl.zone == zonePlanet && sl.stats.Kind.Structure() {
			n += int(p.side[side].start[i])
		}
	}
	return n
}
