package effects

import (
	"slices"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
)

// keleresTexts lists the texts of the Council Keleres that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func keleresTexts() []Effect {
	return []Effect{
		modelled("iihq-modernization", iihqModernization),
		outside("artemiris", "a cost of activating the system, paid before the action"),
		outside("omniopiares", "a cost of committing ground forces, taken as paid: give the ground forces that land"),
	}
}

// iihqModernization (Keleres faction technology I.I.H.Q. Modernization,
// Codex III): the Keleres "gain the Custodia Vigilia planet card and its
// legendary planet ability card", whose ability reads "While you control
// Mecatol Rex, it gains SPACE CANNON 5 and PRODUCTION 3." Whether the
// active system is Mecatol Rex and the Keleres control the planet is a
// board state: the side lists "mecatol-rex" among its cards (boardstate.go;
// validation keeps it to a Keleres side holding this technology, not the
// attacker of an invasion — the planet invaded is the defender's — and not
// a ground combat alone). Then Mecatol Rex fires 1 die at 5 for the side in
// space cannon offense (LRR 77.2: each player, starting with the active
// one, fires the space cannon in the active system), and, when the Keleres
// defend Mecatol Rex in an invasion, in space cannon defense too (LRR 77
// and 49: the defender's space cannon on the invaded planet fire at the
// committed ground forces). The planet is not a unit: it is
// never hit. Antimass Deflectors, Solar Flare and Plasma Scoring treat the
// roll like any space cannon roll; an Entropic Scar removes it. Production
// does not matter here. Without the board state (the default) nothing
// happens, and a warning says how to give it. With it, the Keleres
// defender may have no units at all (keleresMecatolAlone).
func iihqModernization(p *engine.Plan, sc *Scenario, holder engine.Side) {
	const name = "I.I.H.Q. Modernization (Custodia Vigilia)"
	if !boardStateHolds(sc.Side(holder), "mecatol-rex") {
		factionIdle(p, name, holder, "the active system is not said to be Mecatol Rex under Keleres control (list mecatol-rex among the Keleres side's cards when it is)")
		return
	}
	s, ok := p.AddRoller(holder, engine.RollSCO, "Mecatol Rex (Custodia Vigilia)", 5, 1)
	if !ok || holder != engine.Defender || sc.Action != engine.Invasion {
		return
	}
	sp := &p.Side[holder]
	sp.AppendRoller(engine.RollSCD, engine.Roller{Slot: s, Dice: 1, Base: 5}) // space cannon modifiers (Antimass) compose onto it
}

// keleresMecatolAlone reports whether s, a defender, may hold no units: a
// Keleres side with I.I.H.Q. Modernization that controls Mecatol Rex
// (mecatol-rex) in a space combat or an invasion. The planet fires its
// SPACE CANNON 5 for them with no unit there (Custodia Vigilia: "While you
// control Mecatol Rex, it gains SPACE CANNON 5 and PRODUCTION 3"; LRR 77:
// every player fires the space cannon in the active system; LRR 49: the
// defender's space cannon on the invaded planet fire in space cannon
// defense), so an attacker's ships or landing ground forces meet its die
// though no unit of theirs is in the system. With no ships there is no
// space combat (LRR 78: two players' ships), and with no ground forces no
// ground combat: the invader takes the planet with any ground force that
// lands and survives space cannon defense (LRR 49, Establish Control).
func keleresMecatolAlone(s *engine.Force, act engine.Action) bool {
	return act != engine.GroundCombat && s.FactionOrNone().Slug == "keleres" &&
		slices.ContainsFunc(s.Techs, func(t string) bool { return techSlug(t) == "iihq-modernization" }) && boardStateHolds(s, "mecatol-rex")
}
