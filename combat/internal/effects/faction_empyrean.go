package effects

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// empyreanTexts lists the texts of the Empyrean that the engine knows, each
// modelled (with the function that attaches it), applied elsewhere, said
// by the unit's printed numbers, or acting outside the action (with why).
func empyreanTexts() []Effect {
	return []Effect{
		modelled("dynamo", dynamo),
		modelledEarly("watcher", watcher),
	}
}

// dynamo (Empyrean flagship, Dynamo): "After any player's unit in this
// system or an adjacent system uses SUSTAIN DAMAGE, you may spend 2
// influence to repair that unit." Policy: while the flagship is alive,
// each time one of the holder's own units in the system (ships, and ground
// forces on the planet) uses Sustain Damage, against any roll or effect,
// the holder spends 2 of its Side.Influence (tracked per trial) to repair
// it, while at least 2 are left. A unit uses Sustain Damage at most once
// per assignment of hits (LRR 1.18: an ability resolves once per
// occurrence of its timing event; LRR 87): the repaired unit cannot cancel
// another hit of the same roll, so its repair is kept in trial.repairs and
// made when the assignment ends (afterAssign) — the same as repairing it
// at once and barring it from the rest of the assignment, since a hit it
// would take then destroys it either way. From the next assignment on it
// may sustain again. Without 2 influence a warning says it does nothing.
// Not modelled: repairing other players' units (never in the holder's
// interest here) and units in adjacent systems; influence is not counted
// as resources lost. The repair happens in hooks on sustaining and after
// assignments: exact mode refuses.
//
// The flagship in an adjacent system (the board state flagship-adjacent,
// the flagship not in the fleet): "this system or an adjacent system"
// reaches the active system, so the same repairs are made, in any combat
// — a ground combat alone too, where the holder's mechs sustain — and the
// flagship, out of the combat, is never destroyed.
func dynamo(p *engine.Plan, sc *Scenario, holder engine.Side) {
	flag, ok := engine.FlagshipSlot(p, holder)
	adjacent := boardStateHolds(sc.Side(holder), "flagship-adjacent")
	switch {
	case !ok && !adjacent, sc.Action == engine.GroundCombat && !adjacent:
		return
	case sc.Side(holder).Influence < 2:
		factionIdle(p, "Dynamo", holder, "it needs 2 influence per repair and the side has less (give it with --"+holder.String()+"-influence)")
		return
	}
	p.OnSustained(func(t *engine.Trial, side engine.Side, s uint8, _ engine.RollKind) {
		if side == holder && (adjacent || t.Alive[holder][flag] > 0) && engine.Spend(&t.Influence[holder], 2) {
			t.Repairs[holder][s]++
		}
	})
	repair := func(t *engine.Trial, side engine.Side) {
		if side != holder {
			return
		}
		for s, n := range t.Repairs[holder] {
			// A repaired unit destroyed later in the same assignment
			// was damaged then: only the damaged ones left are repaired.
			n = min(n, t.Damaged[holder][s])
			t.Damaged[holder][s] -= n
			t.SustainedRound[holder][s] -= min(n, t.SustainedRound[holder][s])
			t.Repairs[holder][s] = 0
		}
	}
	for r := range engine.NumRollKinds {
		if r.Sustainable() {
			p.OnAfterAssign(r, repair)
		}
	}
	p.BeyondExact("Dynamo (repairs for 2 influence)")
}

// watcher (Empyrean mech): "may be removed from a system that holds or is
// next to another player's units to cancel an action card that player
// plays." Policy: when the Empyrean have a mech in the fleet and the
// opponent lists action cards, one copy of the opponent's first listed
// action card is cancelled (it does not attach), and one Empyrean mech (a
// damaged one first) is removed from the system before the action: it
// does not fight, it is not a loss (it goes back to the reinforcements),
// and the survivors count one mech fewer. The warnings name the card. It is
// not used when the mech is the Empyrean's only unit, nor, in an action
// with a ground combat, their last ground force (they would give up the
// ground combat to cancel a card). Articles of War takes the text away.
//
// The cancellation edits the opponent's card list in the plan's copy of the
// scenario (placeUnits' copy; the caller's Scenario is untouched). It is an
// early rule: applyEffects attaches it before any other text or card of
// either side, so every card of the opponent can be cancelled.
//
// Not modelled: cancelling a card the opponent plays in reply during the
// action (the policy picks one card before the action), cancelling a card
// that would do nothing (the first listed action card is cancelled
// whatever it does), and the choice of which mech leaves in an invasion
// (the only mech group of the fleet loses one).
func watcher(p *engine.Plan, sc *Scenario, holder engine.Side) {
	const name = "Watcher"
	opp := holder.Opp()
	o := sc.Side(opp)
	at, c, copies, found := firstActionCard(o)
	mechs := p.SlotsOf(holder, engine.TGround, func(k units.Kind) bool { return k == units.Mech })
	mechs = slices.DeleteFunc(mechs, func(s uint8) bool { return p.Side[holder].Start[s] == 0 || !p.Side[holder].Slots[s].Report })
	switch {
	case mechTextLost(sc):
		factionIdle(p, name, holder, "Articles of War takes the mechs' texts away")
		return
	case !found:
		factionIdle(p, name, holder, "the "+opp.String()+" lists no action card to cancel")
		return
	case len(mechs) == 0:
		factionIdle(p, name, holder, "no mech of the fleet can be removed")
		return
	case sc.Side(holder).Fleet.Len() < 2:
		factionIdle(p, name, holder, "the mech is the "+holder.String()+"'s only unit")
		return
	case sc.Action != engine.SpaceCombat && groundForces(sc.Side(holder)) < 2:
		factionIdle(p, name, holder, "the mech is the "+holder.String()+"'s last ground force")
		return
	}
	// Cancel one copy: a new list, so that the caller's slice is untouched.
	item := o.Cards[at]
	cardName := strings.TrimSpace(item)
	if i := strings.LastIndex(cardName, ":"); i >= 0 {
		cardName = strings.TrimSpace(cardName[:i])
	}
	cards := make([]string, 0, len(o.Cards))
	for i, it := range o.Cards {
		switch {
		case i != at:
			cards = append(cards, it)
		case copies > 1:
			cards = append(cards, cardName+":"+strconv.Itoa(copies-1))
		}
	}
	o.Cards = cards
	// The mech leaves before the action: one fewer at the start.
	sp := &p.Side[holder]
	m := mechs[0]
	for _, s := range mechs {
		if sp.StartDamaged[s] > 0 {
			m = s
			break
		}
	}
	sp.RemoveOneAtStart(m)
	left := ""
	switch {
	case copies == 2:
		left = " (1 copy left)"
	case copies > 2:
		left = fmt.Sprintf(" (%d copies left)", copies-1)
	}
	p.WarnOnce(fmt.Sprintf("%s: the %s removes 1 mech from the system to cancel the %s's %s%s; the mech does not fight and is not a loss", name, holder.String(), opp.String(), c.Name, left))
}

// groundForces counts the ground forces of side s's fleet.
func groundForces(s *engine.Force) int {
	n := 0
	for _, g := range s.Fleet.Groups() {
		if g.Kind.GroundForce() {
			n += g.Count
		}
	}
	return n
}

// firstActionCard finds the first action card among side s's card items:
// its index in s.Cards, the card and its copies.
func firstActionCard(s *engine.Force) (int, Effect, int, bool) {
	for i, item := range s.Cards {
		name, n := strings.TrimSpace(item), 1
		if j := strings.LastIndex(name, ":"); j >= 0 {
			k, err := strconv.Atoi(strings.TrimSpace(name[j+1:]))
			if err != nil {
				continue
			}
			name, n = name[:j], k
		}
		if a, _, isFaction := factionAbility(name); isFaction && a.Kind != units.AbilityKindTechnology && a.Kind != units.AbilityKindAbility {
			continue // a faction item (see heldCards)
		}
		if c, ok := lookupCard(name); ok && c.Kind == KindActionCard {
			return i, c, n, true
		}
	}
	return 0, Effect{}, 0, false
}

// flagshipAdjacent reports whether side s, of the faction with this slug,
// lists the board state placing its flagship in an adjacent system, for the
// flagship text slug (only Dynamo reads one).
func flagshipAdjacent(s *engine.Force, faction, text string) bool {
	b, ok := lookupBoardState("flagship-adjacent")
	return ok && b.Faction == faction && b.Text == text && boardStateHolds(s, b.Slug)
}
