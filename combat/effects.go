package combat

import (
	"fmt"

	"github.com/ti4sim/ti4sim/units"
)

// placeUnits applies effects that change the units on the board before the
// action starts, returning the scenario to compile and notes for the
// Result. It does not change sc.
func placeUnits(sc *Scenario) (Scenario, []string, error) {
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
func (p *plan) applyEffects(sc *Scenario) {
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
