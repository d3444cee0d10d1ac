package engine

import (
	"slices"

	"github.com/ti4sim/ti4sim/units"
)

// The changes an effect may make to a plan while it is compiled, besides
// registering hooks (windows.go) and the helpers that add slots and
// rollers (toolkit.go, joining.go, twins.go, variants.go). Effects assign
// nothing of a Plan or a SidePlan themselves — the effects package's
// TestEffectsChangeThePlanThroughTheToolkit checks every assignment — so
// every way a text can alter the engine's layout is one of these methods.
// They run before the plan's derived data (orders, counts, fast tables) is
// final; methods that touch an order or a target set say so.

// Warn adds a warning to the answer.
func (p *Plan) Warn(w string) { p.Warnings = append(p.Warnings, w) }

// AddsUnits records that an effect changes a side's units during the
// action (units that join, change form or come back): the round tables
// assume the units of the start, so they are not built, and exact mode
// refuses the plan ("by adding units during the action").
func (p *Plan) AddsUnits() { p.NoTables = true }

// SetHitFactor makes each hit side scores with rolls of kind r count f
// times (2: hits that count double).
func (p *Plan) SetHitFactor(side Side, r RollKind, f int) { p.HitFactor[side][r] = f }

// PlaysTI3 switches on the rules of Twilight Imperium 3 with Shattered
// Ascension that the engine's own steps follow (the attacker announces
// retreats first; the defender keeps a planet where both sides died).
func (p *Plan) PlaysTI3() { p.Ti3 = true }

// SetSlowRounds turns the fast round tables off when slow is set: they
// have no step for the TI3 pre-combat shots after the barrage.
func (p *Plan) SetSlowRounds(slow bool) { p.SlowRounds = slow }

// SetNeutralOnBombard makes a bombardment hit that finds no ground force
// on the planet turn it neutral: the planet is bombarded even with no
// ground forces on it, and a trial where the hits outnumber the ground
// forces ends with neither player controlling it (Outcomes.Draw). It acts
// only for an invasion that commits nothing (bombardment alone): a planet
// the attacker lands on is the attacker's either way. It reports whether
// it acts.
func (p *Plan) SetNeutralOnBombard() bool {
	p.neutralOnBombard = p.noCommit
	return p.noCommit
}

// HasWornSlots records that some slot has a worn form (a second use of
// Sustain Damage): tallies then count the two forms as one unit.
func (p *Plan) HasWornSlots() { p.HasWorn = true }

// AppliedByTables records that one more of the hooks after the assignment
// of rolls of kind r is applied by the round tables themselves (the TI3
// shock troops' reversion), so it does not stop them.
func (p *Plan) AppliedByTables(r RollKind) { p.TabledAfterAssign[r]++ }

// BeforeSteps puts step before the action's steps (the TI3 space mine,
// which exact mode refuses).
func (p *Plan) BeforeSteps(step func(*Trial) bool) {
	p.Steps = append([]func(*Trial) bool{step}, p.Steps...)
}

// SetRollers replaces the side's rollers of kind r (none: nil), composes
// their thresholds from their Base (compose) and regroups them.
func (sp *SidePlan) SetRollers(r RollKind, rs []Roller) {
	sp.Rollers[r] = rs
	sp.compose(r)
}

// AppendRoller adds a roller of kind r, at its Base with the side's
// modifiers that apply to its slot (compose), and regroups.
func (sp *SidePlan) AppendRoller(r RollKind, ro Roller) {
	sp.SetRollers(r, append(sp.Rollers[r], ro))
}

// SetRoller replaces roller i of kind r with ro (its threshold composed
// from ro.Base) and regroups.
func (sp *SidePlan) SetRoller(r RollKind, i int, ro Roller) {
	sp.Rollers[r][i] = ro
	sp.SetRollers(r, sp.Rollers[r])
}

// DieByDie makes the side's rolls of kind r drawn die by die (rollers
// with bonus hits or dice that depend on the opponent's ships).
func (sp *SidePlan) DieByDie(r RollKind) { sp.Special[r] = true }

// NoRolls takes the side's rolls of kind r away: its rollers and its
// extra dice.
func (sp *SidePlan) NoRolls(r RollKind) {
	sp.SetRollers(r, nil)
	sp.ExtraDice[r] = 0
}

// AddExtraDice gives the side n more dice with rolls of kind r, rolled by
// its best unit alive in that roll.
func (sp *SidePlan) AddExtraDice(r RollKind, n int) { sp.ExtraDice[r] += uint8(n) }

// SetRerollBudget lets the side reroll up to n of its missed dice of kind r
// each roll (RerollBudget).
func (sp *SidePlan) SetRerollBudget(r RollKind, n int) { sp.RerollBudget[r] = uint8(n) }

// SetBackfire makes the dice of the side's slots marked in b backfire in
// b.Round's roll of kind b.Roll (Backfire); those rolls are then drawn
// die by die. Exact mode cannot follow it: the caller refuses it
// (Plan.BeyondExact).
func (sp *SidePlan) SetBackfire(b Backfire) {
	sp.Backfire = b
	sp.DieByDie(b.Roll)
}

// AddRerollPool adds n rerolls for the whole action (0..999) to the
// side's pool, spent on its missed dice of the kinds given
// (PooledRerolls); perRoll, when not 0, caps how many one roll of those
// kinds may use. The pool changes from round to round: the fast round
// tables are off, and exact mode must be refused by the caller
// (Plan.BeyondExact). An effect may empty it during a trial
// (Trial.RerollPool).
func (sp *SidePlan) AddRerollPool(n, perRoll int, kinds ...RollKind) {
	sp.rerollPool += int16(n)
	for _, r := range kinds {
		sp.PooledRerolls[r] = true
		if perRoll > 0 {
			sp.PoolPerRoll[r] = uint8(perRoll)
		}
	}
}

// SetRerollOnes lets the side reroll once each die of kind r that misses
// showing a natural 1 (RerollOnes).
func (sp *SidePlan) SetRerollOnes(r RollKind) { sp.RerollOnes[r] = true }

// AddHitOnScore makes the side's rolls of kind r that score at least one
// hit score one more (HitOnScore).
func (sp *SidePlan) AddHitOnScore(r RollKind) { sp.HitOnScore[r] = true }

// ClearExtraDice takes the side's extra dice of kind r away.
func (sp *SidePlan) ClearExtraDice(r RollKind) { sp.ExtraDice[r] = 0 }

// SetShields sets the slots whose units give the planet Planetary Shield.
func (sp *SidePlan) SetShields(slots []uint8) { sp.Shields = slots }

// TakesHitsOf makes the side take the hits of rolls of kind r on target
// set tg (the hits of those rolls are forced onto tg).
func (sp *SidePlan) TakesHitsOf(r RollKind, tg Targets) { sp.TargetOf[r] = tg }

// LoseSustain takes Sustain Damage from the units of slot i; none of them
// starts damaged.
func (sp *SidePlan) LoseSustain(i uint8) {
	sp.Slots[i].Sustain = false
	sp.StartDamaged[i] = 0
}

// GiveSustain gives the units of slot i Sustain Damage, and makes them
// immune to the hits of unit abilities when immune is set.
func (sp *SidePlan) GiveSustain(i uint8, immune bool) {
	sp.Slots[i].Sustain = true
	if immune {
		sp.Slots[i].NoAbilityHits = true
	}
}

// SetStats replaces the numbers of slot i's units.
func (sp *SidePlan) SetStats(i uint8, st units.Stats) { sp.Slots[i].Stats = st }

// NotUnit marks slot i as no unit (a relic or planet that rolls): never
// hit, never counted.
func (sp *SidePlan) NotUnit(i uint8) { sp.Slots[i].NotUnit = true }

// Galvanize marks slot i's units as carrying a galvanize token.
func (sp *SidePlan) Galvanize(i uint8) { sp.Slots[i].Galvanized = true }

// SetStart sets how many units of slot i the side has at the start, and
// how many of them are damaged.
func (sp *SidePlan) SetStart(i uint8, n, damaged uint16) {
	sp.Start[i], sp.StartDamaged[i] = n, damaged
}

// RemoveOneAtStart takes one unit of slot i away before the action (a
// damaged one if there is one), with the counts of its target sets.
func (sp *SidePlan) RemoveOneAtStart(i uint8) {
	sp.Start[i]--
	if sp.StartDamaged[i] > 0 {
		sp.StartDamaged[i]--
	}
	for tg, in := 0, sp.In[i]; in != 0; tg, in = tg+1, in>>1 {
		sp.Count[tg] -= int32(in & 1)
	}
}

// AppendSlot adds slot sl with no units at the start and returns its
// index, or false when the side has no room for another slot.
func (sp *SidePlan) AppendSlot(sl Slot) (uint8, bool) {
	if len(sp.Slots) >= MaxSlots {
		return 0, false
	}
	i := uint8(len(sp.Slots))
	sp.Slots = append(sp.Slots, sl)
	sp.Start[i], sp.StartDamaged[i] = 0, 0
	return i, true
}

// JoinTargets puts slot i into target set tg at position at of its order
// (len: last) and counts its units there. Call Derive after the last
// change.
func (sp *SidePlan) JoinTargets(i uint8, tg Targets, at int) {
	sp.Order[tg] = slices.Insert(sp.Order[tg], at, i)
	sp.In[i] |= 1 << tg
	sp.Count[tg] += int32(sp.Start[i])
}

// SetCargo sets the slots whose units need capacity in the space area, in
// the order they are removed when it is short.
func (sp *SidePlan) SetCargo(slots []uint8) { sp.Capacity.Cargo = slots }

// AddAura adds an aura to the side's rolls of kind r.
func (sp *SidePlan) AddAura(r RollKind, a Aura) { sp.Auras[r] = append(sp.Auras[r], a) }

// BreakShields makes slot i's units, while alive, remove the other side's
// Planetary Shield (a war sun; the Crimson flagship, Quietus).
func (sp *SidePlan) BreakShields(i uint8) { sp.ShieldBreakers = append(sp.ShieldBreakers, i) }

// BlockSustain adds a unit of the opponent's that stops the side's units
// from using Sustain Damage while it is alive.
func (sp *SidePlan) BlockSustain(b SustainBlocker) {
	sp.SustainBlockers = append(sp.SustainBlockers, b)
}

// SetSustainCancels sets how many hits one use of Sustain Damage cancels.
func (sp *SidePlan) SetSustainCancels(n int) { sp.SustainCancels = n }

// AddReviver records slot i as a unit that may come back after it is
// destroyed (its Revive roll, reported in the results).
func (sp *SidePlan) AddReviver(i uint8) { sp.Revivers = append(sp.Revivers, i) }

// AddThroughShield adds a roller that bombards through Planetary Shield:
// a bombardment roll, its threshold composed from its Base with the side's
// bombardment modifiers (compose), those recorded later too.
func (sp *SidePlan) AddThroughShield(ro Roller) {
	sp.ThroughShield = append(sp.ThroughShield, ro)
	sp.compose(RollBombard)
}

// NoThroughShield takes away the side's bombardment through Planetary
// Shield (a shield that stops war suns too).
func (sp *SidePlan) NoThroughShield() { sp.ThroughShield = nil }

// SetRevert sets the side's reversion (TI3 shock troops).
func (sp *SidePlan) SetRevert(rv Reversion) { sp.Revert = rv }

// SetWorn gives slot i the worn form w: its units move there after a
// second use of Sustain Damage.
func (sp *SidePlan) SetWorn(i, w uint8) {
	sp.Slots[i].Worn, sp.Slots[i].HasWorn = w, true
}

// FirstRoundsBonus gives holder +1 to its combat rolls in each of the
// first uses combat rounds it fights in the action (space rounds, then
// ground rounds) — a card's copies, a technology's one use — not on
// anti-fighter barrage, space cannon or bombardment. A trial plays it
// through two hooks; the exact solver reads it as plan data (bonusUses),
// and in an invasion shifts the ground combat's bonus rounds by the space
// combat's rounds (walkPlanetByRounds).
func (p *Plan) FirstRoundsBonus(holder Side, uses int) {
	c := p.Counter()
	for _, ct := range []CombatType{InSpace, OnGround} {
		mark := int32(ct)<<16 + 1 // which combat type and round the bonus is on
		p.OnStartOfRound(ct, func(t *Trial) {
			if int(t.Used[c]) < uses {
				t.Used[c]++
				t.Mark[c] = mark + int32(t.Round)
			}
		})
		r := CombatRollOf(ct)
		p.OnRollModifier(r, func(t *Trial, side Side) int {
			if side == holder && t.Mark[c] == mark+int32(t.Round) {
				return 1
			}
			return 0
		})
		p.native[wStartOfRound][ct]++
		p.native[wRollModifier][r]++
	}
	p.bonusUses[holder] = append(p.bonusUses[holder], uses)
}

// mostBonusUses is the most uses of a first-rounds bonus in an invasion
// (0 otherwise, or without one): the space combat's rounds that matter to
// the ground combat's bonus.
func (p *Plan) mostBonusUses() int {
	most := 0
	if p.action == Invasion {
		for side := range NumSides {
			for _, u := range p.bonusUses[side] {
				most = max(most, u)
			}
		}
	}
	return most
}

// RerollMisses makes side reroll once each of its dice of kind r that
// missed: in every roll (round 0), or only in that round of the combat
// whose rolls r are. Monte Carlo plays it as a reroll hook; the exact
// solver computes it in the hit distributions (a die hitting with chance q
// hits with 1 − (1 − q)²), so it counts as the engine's own. A round-bound
// reroll needs combat rolls.
func (p *Plan) RerollMisses(side Side, r RollKind, round int) {
	p.OnRerollMisses(r, func(t *Trial, s Side) bool {
		return s == side && (round == 0 || t.Round == round)
	})
	p.native[wRerollMisses][r]++
	if round == 0 {
		p.rerollAlways[side][r] = true
		return
	}
	ct := InSpace
	if r == RollGround {
		ct = OnGround
	}
	p.rerollRound[side][ct] = round
}

// RoundOneModifier adds delta to side's combat rolls in the first round
// of every combat of type ct (a text acting "in the first round of every
// space battle and invasion combat"). A trial plays it as a roll modifier;
// the exact solver reads it as plan data (roundPMFs).
func (p *Plan) RoundOneModifier(side Side, ct CombatType, delta int) {
	p.roundOneMod[side][ct] += delta
	p.OnRollModifier(CombatRollOf(ct), func(t *Trial, s Side) int {
		if s == side && t.Round == 1 {
			return delta
		}
		return 0
	})
	p.native[wRollModifier][CombatRollOf(ct)]++
}

// roundBound reports whether a side's combat rolls in combat type ct
// depend on the round: a first-rounds bonus (FirstRoundsBonus, single
// combats only), a round's reroll (RerollMisses) or a first round's
// modifier (RoundOneModifier).
func (p *Plan) roundBound(ct CombatType) bool {
	return len(p.bonusUses[Attacker])+len(p.bonusUses[Defender]) > 0 ||
		p.rerollRound[Attacker][ct]+p.rerollRound[Defender][ct] > 0 ||
		p.roundOneMod[Attacker][ct] != 0 || p.roundOneMod[Defender][ct] != 0
}

// roundReroll reports whether side rerolls its missed combat dice in round
// r of combat type ct (RerollMisses).
func (p *Plan) roundReroll(side Side, ct CombatType, r int) bool {
	return p.rerollRound[side][ct] == r
}

// roundBonus is side's bonus to its combat rolls in round r of a single
// combat (FirstRoundsBonus).
func (p *Plan) roundBonus(side Side, r int) int {
	n := 0
	for _, u := range p.bonusUses[side] {
		if r <= u {
			n++
		}
	}
	return n
}
