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

// compileIn checks sc, converts it (TI3) and builds its plan with the
// effects of its sides' texts.
func compileIn(in *scenarioIn) (*plan, error) {
	resolved, err := in.resolve()
	if err != nil {
		return nil, err
	}
	placed, notes, err := placeUnits(&resolved)
	if err != nil {
		return nil, err
	}
	for i := range numSides {
		s := placed.side(i)
		s.Upgraded, _ = s.upgrades() // checked by resolve
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

// sideOf returns the scenario's side with index i.
func sideOf(sc *scenarioIn, i sideID) *force {
	return sc.side(i)
}

// factionIdle records that a faction text held by holder does nothing in
// this scenario, and why.
func factionIdle(p *plan, name string, holder sideID, why string) {
	p.warnOnce(name + " (" + holder.String() + ") does nothing: " + why)
}

// mechTextLost reports whether Articles of War (For), listed by either
// side, takes the mechs' printed texts away.
func mechTextLost(sc *scenarioIn) bool {
	return holdsCard(&sc.Attacker, "articles-of-war") || holdsCard(&sc.Defender, "articles-of-war")
}

// scenarioIn is what the effects read: the input and the printings of
// the cards that have several.
type scenarioIn struct {
	input
	Printings Printings
}
