package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/internal/lazy"
)

// combatCommand builds space, ground or invade: they differ only in the
// action, the built-in example and the help text.
func combatCommand(name string, act combat.Action, summary, help string, ex example) *command {
	cc := &combatRun{name: name, act: act, ex: ex}
	return &command{
		name:    name,
		summary: summary,
		usage:   "ti4sim " + name + " [-a FLEET -d FLEET] [flags]",
		helpFrom: func() string {
			return strings.Replace(help, "\nExamples:", roundCapHelp.Get()+"\n\nExamples:", 1)
		},
		flagSet: cc.newFlags,
		run:     cc.run,
	}
}

// combatRun is one of space, ground or invade: its action and built-in
// example, and the flags of the flag set built last.
type combatRun struct {
	name string
	act  combat.Action
	ex   example
	rf   *runFlags
	df   *docFlags
}

// newFlags builds a fresh flag set, whose values rf and df then hold.
func (cc *combatRun) newFlags() *pflag.FlagSet {
	fs := pflag.NewFlagSet(cc.name, pflag.ContinueOnError)
	fs.SortFlags = false
	cc.df = addDocFlags(fs, cc.act == combat.Invasion)
	cc.rf = addRunFlags(fs)
	return fs
}

// run parses args into the document and answers it.
func (cc *combatRun) run(ctx context.Context, c *command, args []string, e *env) error {
	d, err := cc.document(c, args, e)
	if err != nil {
		return err
	}
	e.workers = cc.rf.workers
	return cc.df.usage(answer.Combat(ctx, &d, e.answerEnv(), cc.rf.format(), e.stdout))
}

// document reads the question: the --scenario document when one is
// given, the flags given over it, the built-in example's fleets when no
// fleet is given; and checks the run flags that go together.
func (cc *combatRun) document(c *command, args []string, e *env) (scenario.Combat, error) {
	fs := cc.newFlags()
	if err := parseFlags(c, fs, args, e); err != nil {
		return scenario.Combat{}, err
	}
	d := scenario.Combat{Version: scenario.Version, Action: actionNames.Get()[cc.act]}
	if cc.df.document != "" {
		doc, err := readDocument(e, cc.df.document, scenario.DecodeCombat)
		if err != nil {
			return d, err
		}
		if doc.Action != actionNames.Get()[cc.act] {
			return d, usageErrorf("--scenario %s: the document's action is %s; run ti4sim %s --scenario %s", cc.df.document, doc.Action, commandOf.Get()[doc.Action], cc.df.document)
		}
		d = doc
	}
	if err := checkRunFlags(fs, cc.rf); err != nil {
		return d, err
	}
	if err := cc.df.apply(&d); err != nil {
		return d, err
	}
	cc.rf.applyRun(fs, &d.Run)
	if err := cc.df.fleets(&d, cc.ex); err != nil {
		return d, err
	}
	return d, cc.df.usage(d.Run.Check())
}

// checkRunFlags checks the run flags of a combat that go together.
func checkRunFlags(fs *pflag.FlagSet, rf *runFlags) error {
	if err := rf.validate(); err != nil {
		return err
	}
	exact, _ := fs.GetBool("exact")
	prefer, _ := fs.GetBool("prefer-exact")
	if exact {
		if err := checkExact(fs); err != nil {
			return err
		}
		if prefer {
			return usageErrorf("--prefer-exact: give --exact (exact or an error) or --prefer-exact (exact when possible, otherwise simulated), not both")
		}
	}
	if rounds, _ := fs.GetInt("rounds"); fs.Changed("rounds") && rounds == 0 {
		return usageErrorf("--rounds 0 out of range: allowed 1..%d", combat.RoundCap)
	}
	precision, _ := fs.GetFloat64("precision")
	return checkPrecision(fs, precision)
}

// example is a command's built-in scenario, used when no fleet is given.
type example struct {
	attacker, defender string
}

// roundCapHelp is the help's note on combats that cannot end.
var roundCapHelp = lazy.Value[string]{Build: func() string {
	return fmt.Sprintf(`
A combat that cannot end (no unit can score a hit any more) is stopped at
the round cap of %d rounds: it is reported as unfinished, and its rounds
count as %d, by simulation and by --exact alike.`, combat.RoundCap, combat.RoundCap)
}}

func spaceCommand() *command {
	return combatCommand("space", combat.SpaceCombat,
		"space cannon offense, anti-fighter barrage and space combat",
		`Simulates space cannon offense (the defender's PDS fire at the attacker's
ships), anti-fighter barrage and the rounds of a space combat to the end.
Outcomes: who has ships left (draw: neither).

With no -a/-d it runs the standard example, a defender whose space dock
gives its fighters room:
  -a "3 carrier, 6 fighter" -d "1 dreadnought, 2 destroyer, 3 fighter, 1 space dock"

Examples:
  ti4sim space -a "2 dreadnought, 1 carrier, 4 fighter" -d "3 cruiser, 2 destroyer II"
  ti4sim space -a "1 war sun, 2 dread" -d "4 destroyer, 1 pds II" --defender-adjacent-pds 2
  ti4sim space -a "3 cruiser" -d "2 dread" --nebula -o json
  ti4sim space -a "2 dread, 4 fighter" -d "6 fighter" --attacker-order "fighter, dread, sustain=last"`,
		spaceExample)
}

// The built-in examples of space, ground and invade (also used by compare).
// They are legal positions: every side's fighters and ground forces in space
// fit its capacity (LRR 16; the defender's space dock holds up to 3 of its
// fighters, the Space Dock unit card).
var (
	spaceExample  = example{"3 carrier, 6 fighter", "1 dreadnought, 2 destroyer, 3 fighter, 1 space dock"}
	groundExample = example{"4 infantry, 1 mech", "3 infantry II"}
	invadeExample = example{"2 dreadnought, 1 carrier, 2 fighter, 4 infantry", "1 destroyer, 2 fighter, 3 infantry, 1 pds, 1 space dock"}
)

func groundCommand() *command {
	return combatCommand("ground", combat.GroundCombat,
		"a ground combat alone",
		`Simulates a ground combat on one planet: rounds until one side or neither has
ground forces. Only infantry and mechs fight; the defender may list pds and
space docks on the planet (they do not fight). Outcomes: who has ground
forces left (draw: neither).

With no -a/-d it runs the example -a "4 infantry, 1 mech" -d "3 infantry II".

Examples:
  ti4sim ground -a "5 infantry" -d "2 infantry, 1 mech"
  ti4sim ground -a "3 inf II, 2 mech" -d "4 inf" --defender-modifier -1 -o json`,
		groundExample)
}

func invadeCommand() *command {
	return combatCommand("invade", combat.Invasion,
		"the whole tactical action against a planet, or a system of up to 3",
		`Simulates a tactical action against one planet: space cannon offense, space
combat (if both sides have ships), bombardment, commitment of all the
attacker's ground forces, space cannon defense, ground combat and control.
The attacker's ground forces start in the space area; the defender's ground
forces and structures (pds, space dock) are on the planet. The invasion
happens only if the attacker has ships left after the space combat.
Outcomes: attacker wins = the attacker controls the planet; defender wins =
the defender keeps it (or no invasion took place); draw = the ground combat
ended with no ground forces on either side. Under --ruleset ti3-sa the
defender keeps a planet where the ground combat wiped out both sides: those
trials count as defender wins, shown again on the line "of which: ground
combat wiped out both" (JSON: both_wiped_out), and there is no draw. A
combat that can never end (no unit can score a hit) is unfinished, in both
rulesets.

A system of several planets: give each with --planet "NAME: UNITS" (up to
3, most valuable first; -d then holds only the defender's ships). The space
area is fought once with every planet's units present; every unit with
Bombardment bombards one planet (the first that can be bombarded, or
--bombard NAME); the ground forces are split by --commit: secure[:P]
(default secure:0.9: planet by planet, the cheapest force that takes it
with chance P, judged exactly), best[:all] or best:count (the split that
maximises the chance to take every planet, or the expected number taken),
or a split "NAME: UNITS; NAME: UNITS". The answer: the chance to take every
planet, each number of planets and each planet, with the units left.

With no -a/-d it runs the example (the planet's space dock gives the
defender's fighters room):
  -a "2 dreadnought, 1 carrier, 2 fighter, 4 infantry"
  -d "1 destroyer, 2 fighter, 3 infantry, 1 pds, 1 space dock"

Examples:
  ti4sim invade -a "1 war sun, 1 carrier, 4 infantry" -d "2 infantry, 1 mech, 1 pds"
  ti4sim invade -a "2 dread II, 2 carrier, 6 inf" -d "1 cruiser, 4 inf, 2 pds II" -n 1000000 -o json
  ti4sim invade -a "2 dreadnought, 2 carrier, 7 infantry, 1 mech" -d "1 cruiser" --planet "Arinam: 2 infantry, 1 pds" --planet "Meer: 3 infantry" --commit best --exact`,
		invadeExample)
}
