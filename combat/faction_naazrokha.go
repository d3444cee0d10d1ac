package combat

import (
	"github.com/ti4sim/ti4sim/units"
)

// supercharge (Naaz-Rokha technology): "At the start of a combat round, you
// may exhaust this card to apply +1 to the result of each of your unit's
// combat rolls during this combat round." Once per action (it readies in
// the status phase). Policy: in the first round of the first combat the
// holder fights in the action (space, else ground). Not anti-fighter
// barrage, bombardment or space cannon (TR).
func supercharge(p *plan, sc *Scenario, holder int) {
	defer p.addEffect("Supercharge (a modifier in one round)", false)
	firstRoundsBonus(p, holder, 1)
}

// viszElVir (Naaz-Rokha flagship; catalog text: "Naaz-Rokha mechs in its
// system roll 1 additional die in combat"). Each of the side's mechs rolls
// one more combat die while the flagship is in the system. Only an invasion
// has both (a ground combat alone has no ships). The flagship, in the space
// area, may be destroyed before the ground combat: at the start of every
// ground combat round, if it is alive, a hidden roller gets one die for
// each of the side's mechs alive, at the mechs' own threshold (auras and
// later static modifiers included; the round's roll modifiers apply to it
// as to every die). That acts at the start of rounds, so exact mode refuses
// it. Not modelled: mechs in the space area do not fight in space combat in
// this engine, so no space die is added (they have no space combat roll to
// add to).
func viszElVir(p *plan, sc *Scenario, holder int) {
	defer p.addEffect("Visz el Vir", true)
	mech, okM := groundSlot(p, holder, units.Mech)
	flag, okFlagship := groundSlot(p, holder, units.Flagship)
	if !okM || !okFlagship || sc.Action != Invasion {
		factionIdle(p, "Visz el Vir", holder, "no Naaz-Rokha mech fights a ground combat with it here")
		return
	}
	thr, ok := p.rollerThr(holder, rollGround, mech)
	if !ok {
		return
	}
	extra, ok := hiddenRoller(p, holder, "Visz el Vir's die", thr)
	if !ok {
		return
	}
	p.hooks.startOfRound[onGround] = append(p.hooks.startOfRound[onGround], func(t *trial) {
		t.alive[holder][extra] = 0
		if t.alive[holder][flag] > 0 {
			t.alive[holder][extra] = t.alive[holder][mech]
		}
	})
	p.hooks.slotModifier[rollGround] = append(p.hooks.slotModifier[rollGround], func(t *trial, side int, s uint8) int {
		if side != holder || s != extra {
			return 0
		}
		own, _ := groundThreshold(t, side, extra)
		m, _ := groundThreshold(t, side, mech)
		return own - m
	})
	p.addEffect("Visz el Vir (dice while the flagship lives)", false)
}
