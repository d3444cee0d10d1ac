package combat

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ti4sim/ti4sim/units"
)

// factionRulesI returns one group of modelled faction texts, by ability
// slug: Watcher (Empyrean mech), Moyin's Ashes (Yin mech) and Alarum (Ral
// Nel mech).
func factionRulesI() map[string]factionRule {
	return map[string]factionRule{
		"watcher":      {attach: watcher, early: true},
		"moyins-ashes": {attach: moyinsAshes},
		"alarum":       {attach: alarum},
	}
}

// ---------------------------------------------------------------------------
// Empyrean

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
func watcher(p *plan, sc *Scenario, holder int) {
	const name = "Watcher"
	defer p.addEffect(name+" (cancels an action card)", true)
	opp := 1 - holder
	o := sideOf(sc, opp)
	at, c, copies, found := firstActionCard(o)
	mechs := p.slotsOf(holder, tGround, func(k units.Kind) bool { return k == units.Mech })
	mechs = slices.DeleteFunc(mechs, func(s uint8) bool { return p.side[holder].start[s] == 0 || !p.side[holder].slots[s].report })
	switch {
	case mechTextLost(sc):
		factionIdle(p, name, holder, "Articles of War takes the mechs' texts away")
		return
	case !found:
		factionIdle(p, name, holder, "the "+sideName(opp)+" lists no action card to cancel")
		return
	case len(mechs) == 0:
		factionIdle(p, name, holder, "no mech of the fleet can be removed")
		return
	case sideOf(sc, holder).Fleet.Len() < 2:
		factionIdle(p, name, holder, "the mech is the "+sideName(holder)+"'s only unit")
		return
	case sc.Action != SpaceCombat && groundForces(sideOf(sc, holder)) < 2:
		factionIdle(p, name, holder, "the mech is the "+sideName(holder)+"'s last ground force")
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
	sp := &p.side[holder]
	m := mechs[0]
	for _, s := range mechs {
		if sp.startDamaged[s] > 0 {
			m = s
			break
		}
	}
	sp.start[m]--
	if sp.startDamaged[m] > 0 {
		sp.startDamaged[m]--
	}
	for tg, in := 0, sp.in[m]; in != 0; tg, in = tg+1, in>>1 {
		sp.count[tg] -= int32(in & 1)
	}
	left := ""
	switch {
	case copies == 2:
		left = " (1 copy left)"
	case copies > 2:
		left = fmt.Sprintf(" (%d copies left)", copies-1)
	}
	p.warnOnce(fmt.Sprintf("%s: the %s removes 1 mech from the system to cancel the %s's %s%s; the mech does not fight and is not a loss", name, sideName(holder), sideName(opp), c.Name, left))
}

// groundForces counts the ground forces of side s's fleet.
func groundForces(s *Side) int {
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
func firstActionCard(s *Side) (int, card, int, bool) {
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
	return 0, card{}, 0, false
}

// ---------------------------------------------------------------------------
// Yin

// yinMechs is how many mechs a faction has (its reinforcements and the
// board together).
const yinMechs = 4

// moyinsAshes (Yin mech): "Deploy: when using Indoctrination, the Yin may
// pay 1 more influence to put a mech instead of an infantry in place of the
// opponent's unit." Policy: whenever Indoctrination fires (it pays 2
// influence) and the Yin have 1 more left — 3 or more in all — they pay it
// and place a mech (the Yin mech's numbers, with Sustain Damage) instead of
// Indoctrination's infantry. The mech comes from the reinforcements: it is
// not listed among the Yin's survivors (the outcome counts it), its loss
// costs nothing, and with all 4 Yin mechs in the fleet there is none to
// deploy. Articles of War takes the text away.
//
// Deploy needs a mech in the reinforcements, not on the board, but
// applyFaction attaches a faction's mech texts only when the fleet holds a
// mech: without one, Moyin's Ashes is silently not applied (engine change
// needed: treat "Deploy:" mech texts as relevant whenever the fleet holds
// fewer mechs than the faction has). It replaces the infantry that
// Indoctrination (attached before it: an ability listed first) has just
// placed, in the same start-of-combat window.
func moyinsAshes(p *plan, sc *Scenario, holder int) {
	const name = "Moyin's Ashes"
	defer p.addEffect(name+" (a mech instead of Indoctrination's infantry)", true)
	s := sideOf(sc, holder)
	sp := &p.side[holder]
	ind := -1
	for i, sl := range sp.slots {
		if strings.HasSuffix(sl.stats.Name, " (Indoctrination)") {
			ind = i
		}
	}
	switch {
	case sc.Action == SpaceCombat:
		return
	case mechTextLost(sc):
		factionIdle(p, name, holder, "Articles of War takes the mechs' texts away")
		return
	case s.Influence < 3:
		factionIdle(p, name, holder, "with Indoctrination it costs 3 influence and the side has less (give it with --"+sideName(holder)+"-influence)")
		return
	case s.Fleet.Count(units.Mech) >= yinMechs:
		factionIdle(p, name, holder, "all 4 Yin mechs are in the fleet: none is left in the reinforcements to deploy")
		return
	case ind < 0:
		factionIdle(p, name, holder, "Indoctrination does not act here")
		return
	}
	mech, ok := p.hiddenGroundSlot(sc, holder, units.Mech, name, "deployed by "+name)
	if !ok {
		return
	}
	in := uint8(ind)
	p.hooks.startOfCombat[onGround] = append(p.hooks.startOfCombat[onGround], func(t *trial) {
		if t.alive[holder][in] == 0 || !spend(&t.influence[holder], 1) {
			return
		}
		// Undo Indoctrination's infantry as it was placed, and put the
		// mech in its place.
		t.join(holder, in, -1)
		t.join(holder, mech, 1)
	})
}

// ---------------------------------------------------------------------------
// Ral Nel

// alarum (Ral Nel mech): "at the end of a combat round on its planet, up to
// 2 Ral Nel ground forces may move onto it from planets in adjacent
// systems." Input: "alarum:N" among the Ral Nel side's cards, N (0..20) the
// Ral Nel infantry on planets in adjacent systems. Policy: at the end of
// each ground combat round, while a Ral Nel mech is alive on the planet
// (any of the fleet's mechs taking part in the ground combat), the
// opponent still has ground forces there and N is not exhausted, up to 2
// of them move in and fight from the next round as Ral Nel infantry (a
// hidden slot: not listed among the survivors, the outcome counts them;
// their losses cost nothing). Articles of War takes the text away.
//
// Not modelled: mechs moving in (only infantry are counted), the
// adjacency of particular planets, and moving in after the combat is won
// (it changes no outcome). The mech text attaches only when the fleet holds
// a mech (applyFaction); "alarum:N" without one is ignored silently.
func alarum(p *plan, sc *Scenario, holder int) {
	const name = "Alarum"
	defer p.addEffect(name+" (infantry move in after each ground combat round)", true)
	n, listed := factionItemCount(sideOf(sc, holder), "alarum")
	mechs := kindSlots(p, holder, tGround, units.Mech)
	switch {
	case sc.Action == SpaceCombat:
		return
	case mechTextLost(sc):
		factionIdle(p, name, holder, "Articles of War takes the mechs' texts away")
		return
	case !listed || n == 0: // N's range (0..20) is checked by Validate (factionCounts)
		factionIdle(p, name, holder, "no Ral Nel infantry on planets in adjacent systems (give them as alarum:N among the cards)")
		return
	case len(mechs) == 0:
		return
	}
	inf, ok := p.hiddenGroundSlot(sc, holder, units.Infantry, name, name)
	if !ok {
		return
	}
	opp := 1 - holder
	c := p.counter() // mark: the infantry moved in so far
	pool := int32(n)
	p.hooks.endOfRound[onGround] = append(p.hooks.endOfRound[onGround], func(t *trial) {
		if t.mark[c] >= pool || !t.has(opp, tGround) {
			return
		}
		alive := false
		for _, m := range mechs {
			alive = alive || t.alive[holder][m] > 0
		}
		if !alive {
			return
		}
		k := min(2, pool-t.mark[c])
		t.mark[c] += k
		t.join(holder, inf, int(k))
	})
}
