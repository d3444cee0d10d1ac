package effects

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// The rows of Twilight Imperium 3's racial abilities and race
// technologies (units.TI3Races; ruleset ti3-sa), by slug. A racial ability
// with a row attaches (or is outside the combat); one without a row is not
// modelled yet and warns when its race fights. A race technology is given
// among the side's technologies (its slug with or without "ti3-") and
// attaches the same way.
func ti3RaceTexts() []Effect {
	return append([]Effect{
		// Sardakk N'orr: +1 to all combat rolls (GK: space battles,
		// invasion combat and PDS; PCT adds the barrage).
		modelled("ti3-norr-fierce", ti3ShiftAll(-1)),
		modelled("ti3-berzerker-genome", ti3BerzerkerGenome),
		// Jol-Nar: -1 to all combat rolls.
		modelled("ti3-jolnar-fragile", ti3ShiftAll(1)),
		modelled("ti3-l1z1x-dreadnoughts", ti3L1Z1XDreadnoughts),
		modelled("ti3-naalu-fighters", ti3NaaluFighters),
		modelled("ti3-xxcha-diplomacy", ti3XxchaDiplomacy),
		modelled("ti3-mentak-pre-combat", ti3MentakPreCombat),
		modelled("ti3-non-euclidean-shielding", ti3NonEuclideanShielding),
		modelled("ti3-mark-ii-advanced-carriers", ti3MarkIIAdvancedCarriers),
		modelled("ti3-spec-ops-training", ti3SpecOpsTraining),
		modelled("ti3-yin-indoctrination", ti3YinIndoctrination),
		modelled("ti3-dimensional-splicer", ti3DimensionalSplicer),
		modelled("ti3-letnev-war-chest", ti3LetnevWarChest),
		modelled("ti3-jolnar-reroll", ti3JolnarReroll),
		modelled("ti3-naalu-retreat", ti3NaaluRetreat),
		modelled("ti3-valkyrie-armor", ti3ValkyrieArmor),
		modelled("ti3-exotrireme", ti3Exotrireme),
		modelled("ti3-yin-sacrifice", ti3YinSacrifice),
		appliedBy("ti3-l4-disruptors", "the Barony war chest, whose ground use it makes free"),
		appliedBy("ti3-fanaticism", "Indoctrination, which it rolls twice"),
		// The flagships (Shards of the Throne; units/ti3flagships.go).
		// Arc Secundus: its bombardment through the shield is in its
		// numbers; repaired at the start of each round (as Twilight
		// Imperium 4's Arc Secundus).
		modelled("ti3-arc-secundus", arcSecundus),
		modelled("ti3-wrath-of-kenara", wrathOfKenaraTI3),
		outside("ti3-genesis", "it lets ground forces travel without capacity; after a space battle ti4sim counts the flagship's capacity of 3 for the ground forces left in space"),
		// 0.0.1: its and the dreadnoughts' hits on non-fighter ships, as
		// Twilight Imperium 4's [0.0.1] (PCT marks both).
		modelled("ti3-0-0-1", l1z1xFlagship),
		// Fourth Moon: no Sustain Damage for the opponent's ships, as
		// Twilight Imperium 4's.
		modelled("ti3-fourth-moon", fourthMoon),
		outside("ti3-matriarch", "fleet supply, a limit on fleets outside the battle"),
		modelled("ti3-cmorran-norr", ti3CmorranNorr),
		modelled("ti3-jns-hylarim", ti3JnsHylarim),
		byNumbers("ti3-loncara-ssodu"),
		byNumbers("ti3-son-of-ragh"),
		outside("ti3-the-inferno", "it places units as an action, outside the battle"),
		// Salai Sai Corian: a die per non-fighter ship of the opponent, as
		// Twilight Imperium 4's.
		modelled("ti3-salai-sai-corian", winnuFlagship),
		outside("ti3-duha-menaimon", "it builds units, outside the battle"),
		outside("ti3-xxcha-diplomats", "it ends the opponent's activation before any combat: then there is no battle to answer"),
		outside("ti3-instinct-training", "it cancels an action card: leave the card out of the run"),
		outside("ti3-hacan-trade", "trade agreements and trade goods: economy"),
		outside("ti3-sol-reinforcements", "ground forces and command counters gained as actions"),
		outside("ti3-mentak-piracy", "trade goods stolen as an action and salvaged after a battle"),
		outside("ti3-yssaril-cards", "action cards and movement"),
		outside("ti3-saar-floating-factories", "space docks that move and build"),
		outside("ti3-muaat-war-sun", "a starting war sun and supernova movement"),
		outside("ti3-winnu-economy", "economy and movement"),
		outside("ti3-arborec-growth", "production by ground forces"),
		outside("ti3-nekro-assimilation", "technologies copied between combats"),
		// Issue 28 B, texts the SA combat calculator offers (its SA 4.2
		// sheets; ti3sa42refused.go refuses those TI3 does not have).
		// Magmus Reactor, TI3's card (GK 577: "Warsuns gain +1 Movement and
		// have a base cost of 10"; RD "The Embers of Muaat"): movement and
		// the build cost; SA 4.2's card of that name (+1 to war suns leaving
		// a supernova, as the calculator plays it) is another sheet's.
		outside("ti3-magmus-reactor", "war sun movement and build cost (10), outside the battle; the war sun's resources lost stay its printed 12"),
		outside("ti3-nova-seed", "it replaces a system with a supernova as an action"),
		// The SA 4.2 flagships' numbers (--rules ti3-flagships=sa42;
		// units.TI3FlagshipsSA42): numbers only, no text found.
		byNumbers("ti3-sa42-flagship"),
	}, ti3CalcTexts()...)
}

// ti3CalcTexts are the rows of the texts the SA combat calculator offers
// (ti3calctexts.go, ti3sa42texts.go).
func ti3CalcTexts() []Effect {
	return []Effect{
		modelled("ti3-chaos-mapping", ti3SaarChaosMapping),
		modelled("ti3-archon-energy-shell", ti3XxchaArchonEnergyShell),
		// The SA 4.2 sheets' texts the calculator offers (ti3sa42texts.go).
		modelled("ti3-deep-roots", ti3ArborecDeepRoots),
		appliedBy("ti3-magma-obliterator", "the war suns' slots, one war sun with 2 more bombardment dice"),
		modelled("ti3-saimoc-infused-hulls", ti3LetnevSaimocInfusedHulls),
		modelled("ti3-advanced-fleet-tactics", ti3SolAdvancedFleetTactics),
		modelled("ti3-versatile-combat-tactics", ti3SolVersatileCombatTactics),
		modelled("ti3-adaptable-ordnance-rigs", ti3MentakAdaptableOrdnanceRigs),
		outside("ti3-krotoan-start", "starting technologies: give Hylar V Laser and Gen Synthesis among the side's technologies"),
	}
}

// ti3ShiftAll is a modifier of delta to all the holder's combat rolls.
func ti3ShiftAll(delta int) func(p *engine.Plan, sc *Scenario, holder engine.Side) {
	return func(p *engine.Plan, sc *Scenario, holder engine.Side) {
		shiftAllRolls(p, holder, delta, func(uint8) bool { return true })
	}
}

// slotsOfKind keeps the slots of side's units of the kinds ks.
func slotsOfKind(p *engine.Plan, side engine.Side, ks ...units.Kind) func(uint8) bool {
	return func(s uint8) bool { return slices.Contains(ks, p.Side[side].Slots[s].Stats.Kind) }
}

// ti3BerzerkerGenome attaches ti3-berzerker-genome. Shattered Ascension's
// Berzerker Genome: a combat round in which the holder scored scores one
// more hit.
func ti3BerzerkerGenome(p *engine.Plan, sc *Scenario, holder engine.Side) {
	p.Side[holder].AddHitOnScore(engine.RollSpace)
	p.Side[holder].AddHitOnScore(engine.RollGround)
}

// ti3L1Z1XDreadnoughts attaches ti3-l1z1x-dreadnoughts. L1Z1X: dreadnoughts
// +1 in space battles; ground forces +1 when attacking in invasion combat.
func ti3L1Z1XDreadnoughts(p *engine.Plan, sc *Scenario, holder engine.Side) {
	p.AdjustThresholds(holder, engine.RollSpace, -1, slotsOfKind(p, holder, units.Dreadnought))
	if holder == engine.Attacker && sc.Action == engine.Invasion {
		p.AdjustThresholds(holder, engine.RollGround, -1, slotsOfKind(p, holder, units.Infantry, units.ShockTroop))
	}
}

// ti3NaaluFighters attaches ti3-naalu-fighters. Naalu: fighters +1 in space
// battles.
func ti3NaaluFighters(p *engine.Plan, sc *Scenario, holder engine.Side) {
	p.AdjustThresholds(holder, engine.RollSpace, -1, slotsOfKind(p, holder, units.Fighter))
}

// ti3XxchaDiplomacy attaches ti3-xxcha-diplomacy. Xxcha: the opponent gets
// -1 in the first round of every space battle and invasion combat (TI3: in
// attack and defense).
func ti3XxchaDiplomacy(p *engine.Plan, sc *Scenario, holder engine.Side) {
	p.RoundOneModifier(holder.Opp(), engine.InSpace, -1)
	if sc.Action != engine.SpaceCombat {
		p.RoundOneModifier(holder.Opp(), engine.OnGround, -1)
	}
}

// ti3MentakPreCombat attaches ti3-mentak-pre-combat. Mentak: before the
// first round of a space battle, up to 2 of its cruisers or destroyers fire
// one die each — the best 2 (cruisers first), at their values with Hylar V
// and High Alert. They are counted at the start: only fighters fall before
// (the barrage).
func ti3MentakPreCombat(p *engine.Plan, sc *Scenario, holder engine.Side) {
	s := sc.Side(holder)
	left := 2
	for _, k := range []units.Kind{units.Cruiser, units.Destroyer} {
		n := min(left, s.Fleet.Count(k))
		if n == 0 {
			continue
		}
		left -= n
		st, err := s.FactionOrNone().Unit(k, false)
		if err != nil {
			continue
		}
		value := st.Combat.Value
		if ti3Holds(s, "hylar-v-assault-laser") {
			value--
		}
		if s.HighAlert {
			value--
		}
		p.AddRoller(holder, engine.RollPreCombat, "Mentak pre-combat shot ("+k.String()+")", value, n)
	}
}

// ti3NonEuclideanShielding attaches ti3-non-euclidean-shielding. Letnev's
// Noneuclidean Shielding: a unit using Sustain Damage cancels 2 hits (SA's
// lost die still follows each use).
func ti3NonEuclideanShielding(p *engine.Plan, sc *Scenario, holder engine.Side) {
	p.Side[holder].SetSustainCancels(2)
}

// ti3MarkIIAdvancedCarriers attaches ti3-mark-ii-advanced-carriers. Sol's
// Mark II Advanced Carriers: carriers carry 8 and sustain.
func ti3MarkIIAdvancedCarriers(p *engine.Plan, sc *Scenario, holder engine.Side) {
	sp := &p.Side[holder]
	for i, sl := range sp.Slots {
		if sl.Stats.Kind == units.Carrier {
			st := sl.Stats
			st.Capacity, st.Sustain = 8, true
			sp.SetStats(uint8(i), st)
			sp.GiveSustain(uint8(i), false)
		}
	}
}

// ti3SpecOpsTraining attaches ti3-spec-ops-training. Sol's Spec Ops
// Training: in invasion combat each die showing a natural 1 is rerolled
// once.
func ti3SpecOpsTraining(p *engine.Plan, sc *Scenario, holder engine.Side) {
	p.Side[holder].SetRerollOnes(engine.RollGround)
}

// ti3YinIndoctrination attaches ti3-yin-indoctrination. Yin Indoctrination:
// attacking in an invasion, before the combat, 1 die at 5: a defending
// ground force (a shock troop when none is left) is destroyed and replaced
// by one of the Yin's; twice with Fanaticism.
func ti3YinIndoctrination(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if holder != engine.Attacker || sc.Action == engine.SpaceCombat {
		factionIdle(p, "Indoctrination", holder, "it acts only for the attacker of an invasion")
		return
	}
	times := 1
	if _, ok := ti3RaceTechHeld(sc.Side(holder), "ti3-fanaticism"); ok {
		times = 2
	}
	addInfantryReplacer(p, sc, holder, replacer{name: "Indoctrination", minOpp: 1, die: 5, times: times, also: []units.Kind{units.ShockTroop}})
}

// ti3DimensionalSplicer attaches ti3-dimensional-splicer. Creuss Dimensional
// Splicer: at the start of a space battle in a system with a wormhole where
// the Creuss have ships, 1 hit on an enemy ship they choose: the costliest
// ship the hit destroys, else a Sustain Damage on the costliest.
// Deterministic: exact mode replays it.
func ti3DimensionalSplicer(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if !sc.Wormhole || sc.Action == engine.GroundCombat {
		factionIdle(p, "Dimensional Splicer", holder, "it acts at the start of a space battle in a system with a wormhole (the system's wormhole)")
		return
	}
	addSplicerHit(p, holder) // as Twilight Imperium 4's (faction_creuss.go)
}

// ti3LetnevWarChest attaches ti3-letnev-war-chest. Letnev's war chest:
// before each round of a space battle or an invasion combat, 2 trade goods
// for +1 to its ships' rolls (space) or +2 to its ground forces' (ground)
// that round; the ground use is free with L4 Disruptors. Policy: paid every
// round while the trade goods last (--attacker-trade-goods), the space
// battle's rounds first.
func ti3LetnevWarChest(p *engine.Plan, sc *Scenario, holder engine.Side) {
	_, l4 := ti3RaceTechHeld(sc.Side(holder), "ti3-l4-disruptors")
	if sc.Side(holder).TradeGoods < 2 && !(l4 && sc.Action != engine.SpaceCombat) {
		factionIdle(p, "Barony war chest", holder, "it costs 2 trade goods a round and the side has fewer (give them with --"+holder.String()+"-trade-goods)")
		return
	}
	addWarChest(p, holder, l4)
}

// ti3JolnarReroll attaches ti3-jolnar-reroll. Jol-Nar's rerolls: after
// rolling, a command counter from the strategy allocation for each die
// rerolled. Policy: every missed die of a space battle or invasion combat
// round is rerolled while the counters last (--attacker-command-counters),
// the best chances first, a die missed again rerolled again.
func ti3JolnarReroll(p *engine.Plan, sc *Scenario, holder engine.Side) {
	n := sc.Side(holder).CommandCounters
	if n == 0 {
		factionIdle(p, "Jol-Nar rerolls", holder, "each costs a command counter and the side has none (give them with --"+holder.String()+"-command-counters)")
		return
	}
	p.Side[holder].AddRerollPool(n, 0, engine.RollSpace, engine.RollGround)
	p.BeyondExact("Jol-Nar rerolls (command counters spent round by round)")
}

// ti3NaaluRetreat attaches ti3-naalu-retreat. Naalu: when attacked, may
// retreat before the space battle. A choice before any roll: retreating ends
// the action with no roll, so the answer is the battle fought, and says so.
func ti3NaaluRetreat(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if holder == engine.Defender && sc.Action != engine.GroundCombat && p.Side[holder].Count[engine.TShips] > 0 {
		p.Warn("defender: the Naalu may retreat before the space battle, a choice before any roll (then no die is rolled: its ships leave intact and the attacker holds the space area); the answer is the battle fought")
	}
}

// ti3ValkyrieArmor attaches ti3-valkyrie-armor. N'orr Valkyrie Armor: at the
// end of each invasion-combat round, 1 die per casualty the N'orr took that
// round; each 10 (the die's face) destroys one of the opponent's ground
// forces, its hit order's first.
func ti3ValkyrieArmor(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if sc.Action == engine.SpaceCombat {
		factionIdle(p, "Valkyrie Armor", holder, "it acts in invasion combat")
		return
	}
	addValkyrie(p, holder)
}

// ti3Exotrireme attaches ti3-exotrireme. N'orr Exotrireme: at the end of a
// space battle round, one of its dreadnoughts destroyed to destroy 2 enemy
// ships of its choice (no Sustain Damage). Policy: once a round, the damaged
// dreadnought first, when the two costliest enemy ships cost more than it,
// or are the enemy's last ships and the N'orr keep another.
func ti3Exotrireme(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if sc.Action == engine.GroundCombat || sc.Side(holder).Fleet.Count(units.Dreadnought) == 0 {
		factionIdle(p, "Exotrireme", holder, "it needs a dreadnought in a space battle")
		return
	}
	addExotrireme(p, holder)
}

// ti3YinSacrifice attaches ti3-yin-sacrifice. Yin: right after the second
// round of a space battle, one of its cruisers or destroyers removed for 1
// hit on an enemy ship: Twilight Imperium 4's Devotion after round 2 only,
// with its policy (the cheapest cruiser or destroyer, when the Yin keep
// another ship and the hit destroys a ship costing at least as much, or the
// enemy's last).
func ti3YinSacrifice(p *engine.Plan, sc *Scenario, holder engine.Side) {
	s := sc.Side(holder)
	if sc.Action == engine.GroundCombat || s.Fleet.Count(units.Cruiser)+s.Fleet.Count(units.Destroyer) == 0 {
		factionIdle(p, "Sacrifice", holder, "it needs a cruiser or destroyer in a space battle")
		return
	}
	addDevotion(p, sc, holder, 2)
}

// ti3CmorranNorr attaches ti3-cmorran-norr. C'morran N'orr: "You receive +1
// to your space combat rolls in this system", its own included (Twilight
// Imperium 4's: the other ships).
func ti3CmorranNorr(p *engine.Plan, sc *Scenario, holder engine.Side) {
	addFlagshipAura(p, holder, true)
}

// ti3JnsHylarim attaches ti3-jns-hylarim.
func ti3JnsHylarim(p *engine.Plan, sc *Scenario, holder engine.Side) {
	if i := p.FlagshipRoller(holder, engine.RollSpace); i >= 0 {
		sp := &p.Side[holder]
		sp.DieByDie(engine.RollSpace)
		ro := sp.Rollers[engine.RollSpace][i]
		ro.BonusFrom, ro.Bonus = 10, 2 // a 10: 3 hits in all
		sp.SetRoller(engine.RollSpace, i, ro)
	}
}

// ti3RaceRow returns the row of a TI3 race's text with this slug.
func ti3RaceRow(slug string) (Effect, bool) {
	for _, e := range ti3RaceTexts() {
		if e.Slug == slug {
			return e, true
		}
	}
	return Effect{}, false
}

// ti3RaceTech returns the race technology of side s's race called name
// ("berzerker-genome" or "ti3-berzerker-genome"), and whether it is one.
func ti3RaceTech(s *engine.Force, name string) (units.Ability, bool) {
	f := s.FactionOrNone()
	slug := techSlug(name)
	for _, a := range f.Abilities {
		if a.Kind == units.AbilityKindTechnology && (a.Slug == slug || a.Slug == "ti3-"+slug) {
			return a, true
		}
	}
	return units.Ability{}, false
}

// applyTI3RaceTechs attaches the race technologies among the sides' TI3
// technologies, or warns for one not modelled yet.
func applyTI3RaceTechs(p *engine.Plan, sc *Scenario) {
	for side := range engine.NumSides {
		s := sc.Side(side)
		for _, t := range s.TI3Techs {
			a, ok := ti3RaceTech(s, t)
			if !ok {
				continue
			}
			e, ok := ti3RaceRow(a.Slug)
			switch {
			case ok && e.attach != nil:
				p.Attached(a.Slug, side)
				e.attach(p, sc, side, 1)
			case !ok:
				p.Warn(fmt.Sprintf("%s: %s (%s race technology) is not modelled yet; the answer ignores it: %s", side.String(), a.Name, s.FactionOrNone().Name, a.Text))
			}
		}
	}
}

// addWarChest attaches the Letnev war chest of the holder (see its row):
// the bonus of the round paid for is marked at the start of each round
// and read by the roll modifier. Trade goods are spent round by round:
// exact mode refuses.
func addWarChest(p *engine.Plan, holder engine.Side, l4 bool) {
	c := p.Counter() // the bonus paid for this round
	for _, ct := range []engine.CombatType{engine.InSpace, engine.OnGround} {
		ct := ct
		bonus, cost := int32(1), int16(2)
		if ct == engine.OnGround {
			bonus = 2
			if l4 {
				cost = 0
			}
		}
		p.OnStartOfRound(ct, func(t *engine.Trial) {
			t.Mark[c] = 0
			if engine.Spend(&t.TradeGoods[holder], cost) {
				t.Mark[c] = bonus
			}
		})
		p.OnEndOfRound(ct, func(t *engine.Trial) { t.Mark[c] = 0 })
	}
	for _, r := range []engine.RollKind{engine.RollSpace, engine.RollGround} {
		p.OnRollModifier(r, func(t *engine.Trial, side engine.Side) int {
			if side != holder {
				return 0
			}
			return int(t.Mark[c])
		})
	}
	p.BeyondExact("Barony war chest (trade goods spent round by round)")
}

// addValkyrie attaches Valkyrie Armor of the holder (see its row): the
// casualties are the holder's ground units destroyed since the round's
// start.
func addValkyrie(p *engine.Plan, holder engine.Side) {
	opp := holder.Opp()
	mine := p.SlotsOf(holder, engine.TGround, func(units.Kind) bool { return true })
	theirs := p.Side[opp].Order[engine.TGround]
	c := p.Counter() // the holder's ground units destroyed before the round
	killed := func(t *engine.Trial) int32 {
		n := int32(0)
		for _, s := range mine {
			n += int32(t.Killed[holder][s])
		}
		return n
	}
	p.OnStartOfRound(engine.OnGround, func(t *engine.Trial) { t.Mark[c] = killed(t) })
	p.OnEndOfRound(engine.OnGround, func(t *engine.Trial) {
		for range t.Dice(10, int(killed(t)-t.Mark[c]), false) {
			t.TakeHit(opp, theirs, false, false)
		}
	})
	p.BeyondExact("Valkyrie Armor (dice at the end of the round)")
}

// addExotrireme attaches Exotrireme of the holder (see its row): the
// holder's dreadnought (a damaged one first) goes when the opponent's two
// most expensive ships cost more than it, or are its last ships and the
// holder keeps another; both are destroyed outright.
func addExotrireme(p *engine.Plan, holder engine.Side) {
	opp := holder.Opp()
	osp, sp := &p.Side[opp], &p.Side[holder]
	ships := engine.ShipsByValue(p, opp)
	dreads := engine.KindSlots(p, holder, engine.TShips, units.Dreadnought)
	p.OnEndOfRound(engine.InSpace, func(t *engine.Trial) {
		if !t.Has(opp, engine.TShips) {
			return
		}
		give, ok := firstAlive(t, holder, dreads)
		if !ok {
			return
		}
		var worth int32
		n := 0
		for _, s := range ships {
			for u := uint16(0); u < t.Alive[opp][s] && n < 2; u++ {
				worth += osp.Slots[s].CostHalves
				n++
			}
		}
		last := int(t.Count[opp][engine.TShips]) <= 2 && t.Count[holder][engine.TShips] > 1
		if worth <= sp.Slots[give].CostHalves && !last {
			return
		}
		t.Destroy(holder, give)
		destroyFirst(t, opp, ships)
		destroyFirst(t, opp, ships)
	})
}

// wrathOfKenaraTI3 (TI3 Hacan flagship): while it is in the battle, up to
// twice each space battle round, 1 trade good rerolls one of the Hacan's
// dice. Policy: each missed die, the best chances first, while the trade
// goods last (--attacker-trade-goods); once the flagship is destroyed,
// none. Spent round by round: exact mode refuses.
func wrathOfKenaraTI3(p *engine.Plan, sc *Scenario, holder engine.Side) {
	flags := engine.KindSlots(p, holder, engine.TShips, units.Flagship)
	tg := sc.Side(holder).TradeGoods
	if sc.Action == engine.GroundCombat || len(flags) == 0 || tg == 0 {
		factionIdle(p, "Wrath of Kenara", holder, "it rerolls for trade goods in a space battle: give the flagship and --"+holder.String()+"-trade-goods")
		return
	}
	p.Side[holder].AddRerollPool(tg, 2, engine.RollSpace)
	flag := flags[0]
	p.OnStartOfRound(engine.InSpace, func(t *engine.Trial) {
		if t.Alive[holder][flag] == 0 {
			t.RerollPool[holder] = 0
		}
	})
	p.BeyondExact("Wrath of Kenara (trade goods spent round by round)")
}

// ti3RaceTechHeld returns the race technology slug of side s's race among
// its technologies, and whether s holds it.
func ti3RaceTechHeld(s *engine.Force, slug string) (units.Ability, bool) {
	for _, t := range s.TI3Techs {
		if a, ok := ti3RaceTech(s, t); ok && a.Slug == slug {
			return a, true
		}
	}
	return units.Ability{}, false
}

// ti3RaceTechNames lists the race technologies of side s's race (for the
// error of an unknown technology).
func ti3RaceTechNames(s *engine.Force) []string {
	var out []string
	for _, a := range s.FactionOrNone().Abilities {
		if a.Kind == units.AbilityKindTechnology {
			out = append(out, strings.TrimPrefix(a.Slug, "ti3-"))
		}
	}
	return out
}

// shiftAllRolls moves by delta the thresholds of every roll of side's
// units that keep says (a modifier to "all combat rolls": rounds,
// pre-combat shots, barrage, space cannon, bombardment, through the shield
// too).
func shiftAllRolls(p *engine.Plan, side engine.Side, delta int, keep func(slot uint8) bool) {
	for _, r := range []engine.RollKind{engine.RollSpace, engine.RollGround, engine.RollAFB, engine.RollSCO, engine.RollSCD, engine.RollBombard, engine.RollPreCombat} {
		p.AdjustThresholds(side, r, delta, keep)
	}
}
