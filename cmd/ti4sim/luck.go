package main

import (
	"context"
	"errors"
	"strings"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/listflag"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/luck"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/internal/lazy"
	"github.com/ti4sim/ti4sim/units"
)

const luckHelp = `How unlucky was that? Places what happened at the table among everything
that could have happened, exactly where the solver can (otherwise by
simulation, with standard errors), and always says which tail.

ti4sim luck space|ground [battle flags] --attacker-left UNITS --defender-left UNITS
  The battle as for ti4sim space or ground (-a, -d, factions, cards,
  --scenario FILE...), and the units each side had left at the end ("" for
  none). The whole combat is solved to its end states and the end is ranked
  for each side: exactly where the solver can (followed for 30 rounds; a
  combat still going then counts as drawn), else simulated. A run that
  gives trials (-n, or a --scenario document: ti4sim scenario writes them)
  is simulated, with standard errors; add --prefer-exact for exact where
  possible, or --exact for exact or an error.
  Worse for a side: lost < drew < won (a combat stopped unfinished counts
  as drew); then fewer resources kept by the side (its units left at their
  cost: fighters and infantry 0.5, structures 0); then more kept by the
  opponent. "This or worse" is P(an end ranked at or below this one), "1 in
  N" its reciprocal, the percentile P(worse) + ½P(as good); "this or
  better" the other tail. Also the resources each side lost beside their
  expectation, and the chance of losing this much or more. Damage is not
  ranked.

ti4sim luck invade [flags of invade] --attacker-left|--defender-left UNITS --attacker-on|--defender-on "NAME: UNITS"
  A whole invasion as for ti4sim invade (space combat, bombardment, space
  cannon defense, ground combat; one planet, or a system's with --planet),
  and what was left: --attacker-left the attacker's units in space (ships,
  ground forces that did not land), --defender-left the defender's ships,
  --attacker-on and --defender-on each side's units left on a planet
  ("UNITS" alone for one planet without --planet; a planet not given:
  none). The attacker holds the planets where its ground forces are left.
  The invasion's end states are solved (exact where the solver can, else
  simulated; the commit policy, --commit, splits the ground forces: give
  the split you made) and the end is ranked for each side: more planets
  held first (the attacker's taken, the defender's kept), then resources
  kept by the side (every unit left, in space and on the planets), then
  fewer kept by the opponent.

ti4sim luck roll --dice "3 at 6, 2 at 9 reroll" --hits 1
  One roll: N dice hitting on H or more each (modifiers applied; "reroll":
  missed dice are rolled again). Exact P(hits ≤ h) (the unlucky tail),
  P(hits ≥ h) (the lucky tail), the percentile and the expected hits.

ti4sim luck totals --expected-x10 123 --actual 7
  A player's totals as the AsyncTI4 bot keeps them (expectedHitsTimes10 and
  actualHits in its saves and its web data). The totals do not say which
  dice were rolled, so only bounds exist: the largest the tail can be over
  every mix of dice with that expectation (every die hitting on 10, when
  the hits are at least one from the expectation: Hoeffding 1956), the
  Chernoff bound (any dice), and the smallest (0: dice that always hit make
  the same totals). They bound how common the result can be, never how
  rare.

Examples:
  ti4sim luck space -a "2 dreadnought, 2 cruiser" -d "3 destroyer, 2 cruiser" --attacker-left "" --defender-left "1 cruiser"
  ti4sim luck ground -a "5 infantry" -d "3 infantry" --attacker-left "1 infantry" --defender-left "" -o json
  ti4sim luck invade -a "1 dreadnought, 1 carrier, 2 infantry" -d "1 infantry" --attacker-left "1 dreadnought, 1 carrier" --defender-left "" --defender-on "1 infantry"
  ti4sim luck invade -a "2 dreadnought, 2 carrier, 6 infantry" --planet "A: 3 infantry" --planet "B: 1 infantry" --commit "A: 4 infantry; B: 2 infantry" --attacker-left "2 dreadnought, 2 carrier" --defender-left "" --attacker-on "A: 1 infantry" --attacker-on "B: 2 infantry"
  ti4sim luck roll --dice "3 at 6, 2 at 9" --hits 0
  ti4sim luck totals --expected-x10 512 --actual 38`

func luckCommand() *command {
	lr := &luckRun{}
	return &command{
		name:    "luck",
		summary: "how unlucky was that: a battle's end, a roll or the bot's totals among what could happen",
		usage:   "ti4sim luck space|ground|invade|roll|totals [flags]",
		help:    luckHelp,
		flagSet: lr.newFlags,
		run:     lr.run,
	}
}

// luckRun holds the flags of luck's flag set built last.
type luckRun struct {
	rf *runFlags
	df *docFlags
	lf struct {
		attackerLeft, defenderLeft, dice string
		attackerOn, defenderOn           []string
		hits, expected10, actual         int
	}
}

// newFlags is luck's flag set: invade's own flags (--planet, --commit,
// --bombard, --attacker-on, --defender-on) too, which the document
// refuses for a space or a ground combat.
func (lr *luckRun) newFlags() *pflag.FlagSet {
	fs := pflag.NewFlagSet("luck", pflag.ContinueOnError)
	fs.SortFlags = false
	l := &lr.lf
	fs.StringVar(&l.attackerLeft, "attacker-left", "", "`UNITS` the attacker had left at the end, as -a (\"\": none) (space, ground; invade: its units left in space, ships and ground forces not landed)")
	fs.StringVar(&l.defenderLeft, "defender-left", "", "`UNITS` the defender had left at the end (\"\": none) (space, ground; invade: its ships left)")
	listflag.StringArray(fs, &l.attackerOn, "attacker-on", "", "invade: the attacker's ground forces left on a planet, `\"NAME: UNITS\"` (as --planet; one planet without --planet: \"UNITS\"); repeatable; a planet not given: none")
	listflag.StringArray(fs, &l.defenderOn, "defender-on", "", "invade: the defender's units left on a planet, `\"NAME: UNITS\"` (one planet without --planet: \"UNITS\"); repeatable; a planet not given: none")
	fs.StringVar(&l.dice, "dice", "", "`DICE` of one roll: \"N at H\", comma-separated, each optionally \"reroll\" (roll)")
	fs.IntVar(&l.hits, "hits", 0, "the hits the roll scored, 0..the dice (roll)")
	fs.IntVar(&l.expected10, "expected-x10", 0, "the bot's expected hits ×10 of a player, 0..1000000 (totals)")
	fs.IntVar(&l.actual, "actual", 0, "the bot's actual hits of a player, 0..--expected-x10 (totals)")
	lr.df = addDocFlags(fs, true)
	lr.rf = addRunFlags(fs)
	return fs
}

// luckFlags are the JSON paths of luck's own flags.
var luckFlags = lazy.Value[map[string]string]{Build: func() map[string]string {
	return map[string]string{
		"result.attacker_left": "--attacker-left", "result.defender_left": "--defender-left",
		"result.planets": "--attacker-on or --defender-on",
		"roll.dice":      "--dice", "roll.hits": "--hits", "roll": "--dice",
		"totals.expected_hits_x10": "--expected-x10", "totals.actual_hits": "--actual",
	}
}}

func (lr *luckRun) run(ctx context.Context, c *command, args []string, e *env) error {
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		if _, err := leadingAction(c, args, e, "ti4sim luck space|ground|invade|roll|totals [flags]"); err != nil {
			return err
		}
	}
	var d scenario.Luck
	var err error
	switch args[0] {
	case "roll", "totals":
		d, err = lr.numbers(c, args[0], args[1:], e)
	case "space", "ground", "invade":
		d, err = lr.battle(c, args, e)
	default:
		return usageErrorf("luck: unknown question %s; allowed: space, ground, invade, roll, totals", echo.Quote(args[0]))
	}
	if err == nil {
		if err = d.Check(); err == nil {
			e.workers = lr.rf.workers
			err = answer.Luck(ctx, &d, e.answerEnv(), lr.rf.format(), e.stdout)
		}
	}
	return lr.usage(err)
}

// numbers reads a roll or totals question: its own flags only.
func (lr *luckRun) numbers(c *command, kind string, args []string, e *env) (scenario.Luck, error) {
	fs := lr.newFlags()
	if err := parseFlags(c, fs, args, e); err != nil {
		return scenario.Luck{}, err
	}
	if err := lr.rf.validate(); err != nil {
		return scenario.Luck{}, err
	}
	own := map[string][]string{"roll": {"dice", "hits"}, "totals": {"expected-x10", "actual"}}[kind]
	var stray string
	fs.Visit(func(f *pflag.Flag) {
		if f.Name != "output" && f.Name != own[0] && f.Name != own[1] && stray == "" {
			stray = f.Name
		}
	})
	if stray != "" {
		return scenario.Luck{}, usageErrorf("--%s: not a flag of luck %s", stray, kind)
	}
	for _, f := range own {
		if !fs.Changed(f) {
			return scenario.Luck{}, usageErrorf("--%s is missing: luck %s needs --%s and --%s", f, kind, own[0], own[1])
		}
	}
	d := scenario.Luck{Version: scenario.Version}
	if kind == "totals" {
		d.Totals = &scenario.LuckTotals{Expected10: lr.lf.expected10, Actual: lr.lf.actual}
		return d, nil
	}
	dice, err := luck.ParseDice(lr.lf.dice)
	if err != nil {
		return d, usageErrorf("--dice: %v", err)
	}
	d.Roll = &scenario.LuckRoll{Hits: lr.lf.hits}
	for _, x := range dice {
		d.Roll.Dice = append(d.Roll.Dice, scenario.LuckDice{N: x.N, HitsOn: x.HitsOn, Reroll: x.Reroll})
	}
	return d, nil
}

// battle reads a battle's end: the battle as space or ground reads it,
// and the units left.
func (lr *luckRun) battle(c *command, args []string, e *env) (scenario.Luck, error) {
	act, err := leadingAction(c, args, e, "ti4sim luck space|ground|invade|roll|totals [flags]", "space", "ground", "invade")
	if err != nil {
		return scenario.Luck{}, err
	}
	fs := lr.newFlags()
	if err := parseFlags(c, fs, args[1:], e); err != nil {
		return scenario.Luck{}, err
	}
	for _, f := range []string{"dice", "hits", "expected-x10", "actual"} {
		if fs.Changed(f) {
			return scenario.Luck{}, usageErrorf("--%s: a flag of luck roll or luck totals, not of luck %s", f, args[0])
		}
	}
	for _, f := range []string{"attacker-left", "defender-left"} {
		if !fs.Changed(f) {
			return scenario.Luck{}, usageErrorf("--%s is missing: give the units each side had left (\"\" for none)", f)
		}
	}
	cd := scenario.Combat{Version: scenario.Version, Action: actionNames.Get()[act]}
	if lr.df.document != "" {
		if cd, err = readDocument(e, lr.df.document, scenario.DecodeCombat); err != nil {
			return scenario.Luck{}, err
		}
		if cd.Action != actionNames.Get()[act] {
			return scenario.Luck{}, usageErrorf("--scenario %s: the document's action is %s, not %s", lr.df.document, cd.Action, args[0])
		}
	} else if !fs.Changed("attacker") || !fs.Changed("defender") && !fs.Changed("planet") {
		return scenario.Luck{}, usageErrorf("give the battle: -a and -d (or --scenario FILE)")
	}
	if err := checkRunFlags(fs, lr.rf); err != nil {
		return scenario.Luck{}, err
	}
	if err := lr.df.apply(&cd); err != nil {
		return scenario.Luck{}, err
	}
	lr.rf.applyRun(fs, &cd.Run)
	res := &scenario.LuckResult{Scenario: cd}
	for _, s := range []struct {
		text string
		dst  *[]scenario.Units
		flag string
	}{{lr.lf.attackerLeft, &res.AttackerLeft, "--attacker-left"}, {lr.lf.defenderLeft, &res.DefenderLeft, "--defender-left"}} {
		if *s.dst, err = leftUnits(cd.Ruleset, s.text); err != nil {
			return scenario.Luck{}, usageErrorf("%s: %v", s.flag, err)
		}
	}
	if res.Planets, err = lr.planetsLeft(cd); err != nil {
		return scenario.Luck{}, err
	}
	return scenario.Luck{Version: scenario.Version, Result: res}, nil
}

// planetsLeft reads --attacker-on and --defender-on: "NAME: UNITS" each,
// or "UNITS" for the one planet of an invasion without --planet.
func (lr *luckRun) planetsLeft(cd scenario.Combat) ([]scenario.LuckPlanet, error) {
	var out []scenario.LuckPlanet
	at := map[string]int{}
	for side, list := range [][]string{lr.lf.attackerOn, lr.lf.defenderOn} {
		flag := []string{"--attacker-on", "--defender-on"}[side]
		for _, v := range list {
			name, text := "", v
			if n, t, ok := strings.Cut(v, ":"); ok {
				name, text = strings.TrimSpace(n), t
			}
			k := scenario.PlanetIndex(cd.System.Planets, name)
			if k < 0 && len(cd.System.Planets) == 0 {
				return nil, usageErrorf("%s %s: the invasion has one planet (no --planet): give \"UNITS\" without a name", flag, echo.Quote(v))
			}
			if k < 0 {
				return nil, usageErrorf("%s %s: no planet is named %s (give it with --planet)", flag, echo.Quote(v), echo.Quote(name))
			}
			us, err := leftUnits(cd.Ruleset, text)
			if err != nil {
				return nil, usageErrorf("%s %s: %v", flag, echo.Quote(v), err)
			}
			key := strings.ToLower(name)
			i, ok := at[key]
			if !ok {
				i, at[key] = len(out), len(out)
				out = append(out, scenario.LuckPlanet{Name: name})
			}
			dst := []*[]scenario.Units{&out[i].AttackerLeft, &out[i].DefenderLeft}[side]
			if *dst != nil {
				return nil, usageErrorf("%s: planet %s is given twice", flag, echo.Quote(name))
			}
			*dst = us
		}
	}
	return out, nil
}

// leftUnits reads units left in the ruleset's grammar ("" or blank: none).
func leftUnits(ruleset, text string) ([]scenario.Units, error) {
	if strings.TrimSpace(text) == "" {
		return []scenario.Units{}, nil
	}
	g := combat.EditionTI4
	if ruleset != "" {
		var err error
		if g, err = combat.ParseEdition(ruleset); err != nil {
			return nil, err
		}
	}
	parse := units.ParseFleet
	if g == combat.EditionTI3SA {
		parse = units.ParseFleetTI3
	}
	f, err := parse(text)
	if err != nil {
		return nil, err
	}
	return scenario.Entries(g, f), nil
}

// usage names the flag of a luck document's error: luck's own, or the
// battle's.
func (lr *luckRun) usage(err error) error {
	var de *scenario.Error
	if !errors.As(err, &de) {
		return err
	}
	if rest, ok := strings.CutPrefix(de.Path, "result.planets["); ok {
		for suffix, flag := range map[string]string{".attacker_left": "--attacker-on", ".defender_left": "--defender-on"} {
			if strings.Contains(rest, suffix) {
				return usageErrorf("%s: %s", flag, de.Msg)
			}
		}
	}
	top, _, _ := strings.Cut(de.Path, "[")
	for p := top; p != ""; p, _ = cutLast(p) { // the longest path with a flag
		if flag, ok := luckFlags.Get()[p]; ok {
			return usageErrorf("%s: %s", flag, de.Msg)
		}
	}
	if p, ok := strings.CutPrefix(de.Path, "result.scenario"); ok {
		return lr.df.usage(&scenario.Error{Path: strings.TrimPrefix(p, "."), Msg: de.Msg})
	}
	if de.Path == "" {
		return usageErrorf("luck: %s", de.Msg)
	}
	return usageErrorf("%s: %s", de.Path, de.Msg)
}

// cutLast drops a path's last element: "roll.dice" → "roll", "roll" → "".
func cutLast(path string) (string, bool) {
	i := strings.LastIndexByte(path, '.')
	if i < 0 {
		return "", false
	}
	return path[:i], true
}
