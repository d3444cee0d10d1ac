package main

import (
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/units"
)

// scenarioFlags are the flags that describe a combat scenario, shared by
// space, ground, invade and compare.
type scenarioFlags struct {
	document                         string // --scenario FILE
	attacker, defender               string
	attackerFaction, defenderFaction string
	attackerTech, defenderTech       []string
	attackerCard, defenderCard       []string
	attackerOrder, defenderOrder     string
	attackerModifier                 int
	defenderModifier                 int
	adjacentPDS                      int
	attackerAdjacentPDS, attackerPDS int
	rules                            []string
	nebula, entropicScar, spaceMine  bool
	exact, preferExact               bool
	precision                        float64
	attackerRetreat, defenderRetreat string
	attackerPolicy, defenderPolicy   string
	rounds                           int
	cultural                         bool
	attackerTG, defenderTG           int
	attackerCC, defenderCC           int
	attackerInf, defenderInf         int
	attackerGalv, defenderGalv       string
	ruleset                          string
	game                             combat.Edition
	attackerLeader, defenderLeader   []string
	highAlert                        string
	ionStorm                         bool
	homeSystem                       bool
	negateMineHits                   bool
	wormhole                         bool
	commandos                        int
	// planets (--planet), commit and bombard: an invasion of a system of
	// several planets (planetflags.go).
	planets         []string
	commit, bombard string
	// attackerGiven, defenderGiven and roundsGiven say whether the flag
	// was on the command line (set by noteGiven): an empty -a "" is a
	// mistake, not a request for the built-in example.
	attackerGiven, defenderGiven, roundsGiven bool
}

// noteGiven records which of the flags whose absence means something were
// given on the command line.
func (f *scenarioFlags) noteGiven(fs *pflag.FlagSet) {
	f.attackerGiven, f.defenderGiven, f.roundsGiven = fs.Changed("attacker"), fs.Changed("defender"), fs.Changed("rounds")
}

func addScenarioFlags(fs *pflag.FlagSet) *scenarioFlags {
	f := &scenarioFlags{}
	fs.StringVar(&f.document, "scenario", "", "read the scenario from a scenario document (JSON; - for standard input); flags given as well override its fields (see: ti4sim scenario)")
	fs.StringVarP(&f.attacker, "attacker", "a", "", "attacker's units, e.g. \"2 dreadnought, 1 carrier II, 4 fighter, 3 infantry\"")
	fs.StringVarP(&f.defender, "defender", "d", "", "defender's units: ships in space; ground forces, pds and space dock on the planet")
	fs.StringVar(&f.attackerFaction, "attacker-faction", "", "attacker's faction (allowed: "+strings.Join(units.FactionNames(), ", ")+")")
	fs.StringVar(&f.defenderFaction, "defender-faction", "", "defender's faction")
	fs.StringSliceVar(&f.attackerTech, "attacker-tech", nil, "attacker's technologies, comma-separated (unit upgrades: "+strings.Join(combat.Technologies(), ", ")+")")
	fs.StringSliceVar(&f.defenderTech, "defender-tech", nil, "defender's technologies, e.g. pds-ii")
	fs.StringSliceVar(&f.attackerCard, "attacker-card", nil, "attacker's action cards, agendas, relics, promissory notes, faction notes, leaders and breakthroughs, and board states (assimilator-token, fleet-pool-token, mecatol-rex); `NAME`:N for N copies or a count (see: ti4sim cards; ti4sim units --faction F)")
	fs.StringSliceVar(&f.defenderCard, "defender-card", nil, "defender's action cards, agendas, relics, promissory notes, faction items and board states, like --attacker-card")
	fs.StringVar(&f.attackerRetreat, "attacker-retreat", "", "attacker's retreat policy: never, after=N, when=losing, when=losing:T, or best / best:V (retreat where it pays most, a retreat worth V of a win, default 0.5; exact, and lists where to retreat)")
	fs.StringVar(&f.defenderRetreat, "defender-retreat", "", "defender's retreat policy, like --attacker-retreat")
	fs.IntVar(&f.rounds, "rounds", 0, fmt.Sprintf("stop the combat after N rounds and show the state then (space and ground), 1..%d", combat.RoundCap))
	fs.StringVar(&f.attackerOrder, "attacker-order", "", "attacker's hit assignment: unit names first-lost first, optionally sustain=last")
	fs.StringVar(&f.defenderOrder, "defender-order", "", "defender's hit assignment, like --attacker-order")
	fs.StringVar(&f.attackerPolicy, "attacker-policy", "", "order (default: hits follow --attacker-order) or optimal: the attacker chooses its casualties in combat rounds to maximise its chance to win; shows the odds under both, the gain and the first round's decisions (exact)")
	fs.StringVar(&f.defenderPolicy, "defender-policy", "", "order or optimal, like --attacker-policy; both optimal: a zero-sum game each round, solved exactly")
	fs.IntVar(&f.attackerModifier, "attacker-modifier", 0, "flat modifier to the attacker's combat rolls, -9..9")
	fs.IntVar(&f.defenderModifier, "defender-modifier", 0, "flat modifier to the defender's combat rolls, -9..9")
	fs.IntVar(&f.attackerTG, "attacker-trade-goods", 0, "trade goods the attacker may spend on effects (Munitions Reserves, Wrath of Kenara), 0..99")
	fs.IntVar(&f.defenderTG, "defender-trade-goods", 0, "trade goods the defender may spend on effects, 0..99")
	fs.IntVar(&f.attackerCC, "attacker-command-counters", 0, "--ruleset ti3-sa: command counters of the attacker's strategy allocation it may spend (the Jol-Nar reroll a die for each), 0..99")
	fs.IntVar(&f.defenderCC, "defender-command-counters", 0, "--ruleset ti3-sa: the defender's, like --attacker-command-counters")
	fs.IntVar(&f.attackerInf, "attacker-influence", 0, "influence the attacker may spend on effects (Indoctrination, Dynamo), 0..99")
	fs.IntVar(&f.defenderInf, "defender-influence", 0, "influence the defender may spend on effects, 0..99")
	fs.StringVar(&f.attackerGalv, "attacker-galvanized", "", "attacker's units carrying a galvanize token (Last Bastion), a part of --attacker, e.g. \"1 dreadnought, 2 infantry\"")
	fs.StringVar(&f.defenderGalv, "defender-galvanized", "", "defender's galvanized units, like --attacker-galvanized")
	fs.IntVar(&f.adjacentPDS, "defender-adjacent-pds", 0, "defender's PDS in adjacent systems, 0..99 (fire in space cannon offense only with PDS II)")
	fs.IntVar(&f.attackerAdjacentPDS, "attacker-adjacent-pds", 0, "attacker's PDS in adjacent systems, 0..99 (fire in space cannon offense only with PDS II)")
	fs.IntVar(&f.attackerPDS, "attacker-pds", 0, "attacker's PDS on its own planets in the active system, 0..99 (fire in space cannon offense only; never hit)")
	fs.StringVar(&f.ruleset, "ruleset", "ti4", "`NAME` of the rules edition: ti4, or ti3-sa (Twilight Imperium 3 with Shattered Ascension: its units, rules and technologies; see: ti4sim units --ruleset ti3-sa)")
	fs.StringSliceVar(&f.rules, "rules", nil, "card printings, e.g. magen=omega,x89=original (magen: original, omega, omega2; x89: original, omega, companion, omega2 — default omega2; direct-hit, harrow, matriarch: original, current; iconoclast: original, omega, current — default current)")
	fs.BoolVar(&f.nebula, "nebula", false, "the active system is a nebula: +1 to the defender's ships' combat rolls")
	fs.BoolVar(&f.entropicScar, "entropic-scar", false, "the active system is an entropic scar: units there use no unit abilities")
	fs.BoolVar(&f.spaceMine, "space-mine", false, "the defender has a space mine in the system (--ruleset ti3-sa): each attacking non-fighter ship rolls 1 die at 9 on entering")
	fs.BoolVar(&f.negateMineHits, "negate-mine-hits", false, "with --space-mine: the attacker negates a mine hit that would destroy its ship by taking 2 hits with Sustain Damage on two other ships, when it can")
	fs.BoolVar(&f.cultural, "cultural", false, "the contested planet is cultural (Conventions of War)")
	fs.StringSliceVar(&f.attackerLeader, "attacker-leader", nil, "--ruleset ti3-sa: the attacker's leaders in the fight, comma-separated: general, admiral, agent, scientist, diplomat (see: ti4sim units --ruleset ti3-sa)")
	fs.StringSliceVar(&f.defenderLeader, "defender-leader", nil, "--ruleset ti3-sa: the defender's leaders in the fight, like --attacker-leader")
	fs.StringVar(&f.highAlert, "high-alert", "", "--ruleset ti3-sa: the `SIDE` (attacker or defender) whose High Alert token is in the system: +1 to all its combat rolls there")
	fs.BoolVar(&f.ionStorm, "ion-storm", false, "--ruleset ti3-sa: the system is an Ion Storm: no space cannon fires into it, its fighters make no combat rolls")
	fs.IntVar(&f.commandos, "commandos", 0, "--ruleset ti3-sa, invade: the attacker's shock troops held back as commandos (they neither fight nor take hits; eliminated if the invasion fails)")
	fs.BoolVar(&f.wormhole, "wormhole", false, "--ruleset ti3-sa: the system has a wormhole (the Creuss Dimensional Splicer acts there)")
	fs.BoolVar(&f.homeSystem, "home-system", false, "--ruleset ti3-sa, invade: the planet is in a home system, so a bombardment hit with no ground force to take it does not turn it neutral")
	fs.BoolVar(&f.exact, "exact", false, "exact answer by a Markov chain over unit states instead of sampling (takes no -n, --seed or --precision)")
	fs.BoolVar(&f.preferExact, "prefer-exact", false, "the exact answer when exact mode can give one, otherwise the Monte Carlo answer of -n and --seed with a warning saying why")
	fs.Float64Var(&f.precision, "precision", 0, "run until every outcome's 95% interval half-width is below this (0 < P < 0.5); -n is then the most trials")
	return f
}

// example is a command's built-in scenario, used when no fleet is given.
type example struct {
	attacker, defender string
}

// scenario builds and validates the combat.Scenario the flags describe. All
// errors are usage errors naming the flag at fault.
func (f *scenarioFlags) scenario(act combat.Action, ex example) (combat.Scenario, error) {
	sc := combat.Scenario{Action: act, Nebula: f.nebula}
	if err := f.planetsGiven(); err != nil {
		return sc, err
	}
	if err := f.useFleets(ex); err != nil {
		return sc, err
	}
	if err := f.setGame(&sc); err != nil {
		return sc, err
	}
	var err error
	if sc.Attacker, err = f.side("attacker", f.attacker, f.attackerFaction, f.attackerTech, f.attackerOrder, f.attackerModifier); err != nil {
		return sc, err
	}
	if sc.Defender, err = f.side("defender", f.defender, f.defenderFaction, f.defenderTech, f.defenderOrder, f.defenderModifier); err != nil {
		return sc, err
	}
	if sc.Attacker.Order.Optimal, err = combat.ParsePolicy(f.attackerPolicy); err != nil {
		return sc, usageErrorf("--attacker-policy: %v", err)
	}
	if sc.Defender.Order.Optimal, err = combat.ParsePolicy(f.defenderPolicy); err != nil {
		return sc, usageErrorf("--defender-policy: %v", err)
	}
	if err := f.setCounts(&sc); err != nil {
		return sc, err
	}
	if err := f.setExtras(&sc); err != nil {
		return sc, err
	}
	if len(f.planets) > 0 || f.commit != "" || f.bombard != "" {
		if err := f.setPlanets(&sc); err != nil {
			return sc, err
		}
		return sc, nil
	}
	if err := sc.Validate(); err != nil {
		return sc, usageErrorf("%v", err)
	}
	return sc, nil
}

// useFleets takes the built-in example's fleets when neither -a nor -d is
// given, and otherwise requires both, neither empty.
func (f *scenarioFlags) useFleets(ex example) error {
	if len(f.planets) > 0 {
		// A system: the attacker's fleet is needed; the defender's ships
		// may be none.
		if !f.attackerGiven || strings.TrimSpace(f.attacker) == "" {
			return usageErrorf("--planet: give the attacker's units with -a (and the defender's ships with -d, if any)")
		}
		return nil
	}
	switch {
	case !f.attackerGiven && !f.defenderGiven:
		f.attacker, f.defender = ex.attacker, ex.defender
	case !f.attackerGiven:
		return usageErrorf("--attacker (-a) is missing; give both fleets, or neither for the built-in example")
	case !f.defenderGiven:
		return usageErrorf("--defender (-d) is missing; give both fleets, or neither for the built-in example")
	}
	for _, fl := range []struct{ name, fleet string }{{"attacker", f.attacker}, {"defender", f.defender}} {
		if strings.TrimSpace(fl.fleet) == "" {
			return usageErrorf("--%s (-%s): empty fleet: give units such as \"2 dreadnought, 1 carrier\" (leave out both -a and -d for the built-in example)", fl.name, fl.name[:1])
		}
	}
	return nil
}

// setGame sets the game-wide settings of sc: the ruleset (edition), round
// cap, card printings, Entropic Scar, Cultural, space mines (TI3 only);
// and checks --precision.
func (f *scenarioFlags) setGame(sc *combat.Scenario) error {
	game, err := combat.ParseEdition(f.ruleset)
	if err != nil {
		return usageErrorf("--ruleset: %v", err)
	}
	f.game = game
	if f.rounds < 0 || f.rounds > combat.RoundCap || f.roundsGiven && f.rounds == 0 { // 0 when left out: no limit
		return usageErrorf("--rounds %d out of range: allowed 1..%d", f.rounds, combat.RoundCap)
	}
	sc.MaxRounds = f.rounds
	rules, err := combat.ParseRules(f.rules)
	if err != nil {
		return usageErrorf("--rules: %v", err)
	}
	sc.Printings = rules
	sc.Edition = game
	sc.EntropicScar, sc.Cultural = f.entropicScar, f.cultural
	if f.spaceMine && game != combat.EditionTI3SA {
		return usageErrorf("--space-mine: space mines exist only in --ruleset ti3-sa")
	}
	sc.SpaceMine = f.spaceMine
	if f.precision < 0 || f.precision >= 0.5 || f.precision != f.precision {
		return usageErrorf("--precision %v out of range: allowed 0 < P < 0.5 (e.g. 0.001)", f.precision)
	}
	return nil
}

// setCounts sets each side's PDS in and next to the system, trade goods
// and influence, each within its range.
func (f *scenarioFlags) setCounts(sc *combat.Scenario) error {
	for _, b := range []struct {
		flag string
		n    int
		dst  *int
	}{
		{"defender-adjacent-pds", f.adjacentPDS, &sc.Defender.AdjacentPDS},
		{"attacker-adjacent-pds", f.attackerAdjacentPDS, &sc.Attacker.AdjacentPDS},
		{"attacker-pds", f.attackerPDS, &sc.Attacker.SystemPDS},
	} {
		if b.n < 0 || b.n > combat.MaxAdjacentPDS {
			return usageErrorf("--%s %d out of range: allowed 0..%d", b.flag, b.n, combat.MaxAdjacentPDS)
		}
		*b.dst = b.n
	}
	for _, b := range []struct {
		flag string
		n    int
		dst  *int
	}{
		{"attacker-trade-goods", f.attackerTG, &sc.Attacker.TradeGoods}, {"defender-trade-goods", f.defenderTG, &sc.Defender.TradeGoods},
		{"attacker-influence", f.attackerInf, &sc.Attacker.Influence}, {"defender-influence", f.defenderInf, &sc.Defender.Influence},
		{"attacker-command-counters", f.attackerCC, &sc.Attacker.CommandCounters}, {"defender-command-counters", f.defenderCC, &sc.Defender.CommandCounters},
	} {
		if b.n < 0 || b.n > combat.MaxBudget {
			return usageErrorf("--%s %d out of range: allowed 0..%d", b.flag, b.n, combat.MaxBudget)
		}
		*b.dst = b.n
	}
	return nil
}

// setExtras sets each side's galvanized units, action cards and retreat
// plan.
func (f *scenarioFlags) setExtras(sc *combat.Scenario) error {
	var err error
	for _, g := range []struct {
		flag, text string
		dst        *units.Fleet
	}{{"attacker-galvanized", f.attackerGalv, &sc.Attacker.Galvanized}, {"defender-galvanized", f.defenderGalv, &sc.Defender.Galvanized}} {
		if g.text == "" {
			continue
		}
		if *g.dst, err = units.ParseFleet(g.text); err != nil {
			return usageErrorf("--%s: %v", g.flag, err)
		}
	}
	sc.Attacker.Cards, sc.Defender.Cards = f.attackerCard, f.defenderCard
	sc.Attacker.Leaders, sc.Defender.Leaders = f.attackerLeader, f.defenderLeader
	switch strings.ToLower(strings.TrimSpace(f.highAlert)) {
	case "":
	case "attacker":
		sc.Attacker.HighAlert = true
	case "defender":
		sc.Defender.HighAlert = true
	default:
		return usageErrorf("--high-alert %s: allowed attacker or defender", echo.Quote(f.highAlert))
	}
	sc.IonStorm = f.ionStorm
	sc.HomeSystem = f.homeSystem
	sc.NegateMineHits = f.negateMineHits
	sc.Wormhole = f.wormhole
	if f.commandos < 0 || f.commandos > units.MaxCount {
		return usageErrorf("--commandos %d out of range: allowed 0..%d", f.commandos, units.MaxCount)
	}
	sc.Commandos = f.commandos
	if sc.Attacker.Retreat, err = combat.ParseRetreat(f.attackerRetreat); err != nil {
		return usageErrorf("--attacker-retreat: %v", err)
	}
	if sc.Defender.Retreat, err = combat.ParseRetreat(f.defenderRetreat); err != nil {
		return usageErrorf("--defender-retreat: %v", err)
	}
	return nil
}

func (f *scenarioFlags) side(name, fleet, faction string, techs []string, order string, mod int) (combat.Side, error) {
	var s combat.Side
	var err error
	parse := f.parseFleet
	if name == "defender" && len(f.planets) > 0 && strings.TrimSpace(fleet) == "" {
		fleet = "" // a system whose defender has no ships
	} else if s.Fleet, err = parse(fleet); err != nil {
		return s, usageErrorf("--%s: %v", name, err)
	}
	if faction != "" {
		lookup := units.LookupFaction
		if f.game == combat.EditionTI3SA {
			lookup = units.LookupTI3Race
		}
		if s.Faction, err = lookup(faction); err != nil {
			return s, usageErrorf("--%s-faction: %v", name, err)
		}
	}
	s.Techs = techs
	if order != "" {
		if s.Order, err = combat.ParseOrderFor(f.game, order); err != nil {
			return s, usageErrorf("--%s-order: %v", name, err)
		}
	}
	if mod < -combat.MaxModifier || mod > combat.MaxModifier {
		return s, usageErrorf("--%s-modifier %d out of range: allowed -%d..%d", name, mod, combat.MaxModifier, combat.MaxModifier)
	}
	s.Modifier = mod
	return s, nil
}
