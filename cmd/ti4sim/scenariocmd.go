package main

import (
	"context"
	"strings"
)

// scenarioCommand prints the scenario document a command's flags stand
// for: `ti4sim scenario space -a ... -d ...`. Its output is what
// --scenario reads and what -o json echoes as "scenario".
func scenarioCommand() *command {
	return &command{
		name:    "scenario",
		summary: "print the scenario document (JSON) that a command's flags stand for",
		usage:   "ti4sim scenario space|ground|invade|compare|advise|vote [flags]",
		help: `Prints, as indented JSON, the scenario document that the flags of a command
stand for, checked as the command checks them, without running it. A
document is read back by the command's --scenario FILE (or - for standard
input); flags given with --scenario override the document's fields. Every
-o json result echoes the document of its question as "scenario".

The documents (version 1): a combat (space, ground, invade: the action, the
ruleset, card printings, the system, each side's fleet as unit entries with
count, upgraded and damaged, faction, technologies, cards with copies, hit
order, retreat, modifier, trade goods, influence, galvanized units, adjacent
PDS; the run: trials, seed, exact, precision, rounds), a comparison (a
combat under "scenario" and the settings that vary under "vary"), a fleet
question (advise: a combat under "scenario" whose attacker holds the units
already there, the build "limits", "target", "keep", "method"), and a
vote. Their JSON Schemas (draft 2020-12) are in cmd/ti4sim/internal/scenario/schema/.

Examples:
  ti4sim scenario space -a "2 dreadnought, 1 carrier, 4 fighter" -d "3 cruiser" > battle.json
  ti4sim space --scenario battle.json -n 1000000
  ti4sim scenario vote --voter "sol:5:for=1" --voter "hacan:4:against=1"`,
		run: func(ctx context.Context, c *command, args []string, e *env) error {
			if len(args) == 0 {
				return usageErrorf("scenario: name the command, e.g. ti4sim scenario space -a FLEET -d FLEET")
			}
			if args[0] == "-h" || args[0] == "--help" {
				if err := c.writeHelp(e.stdout); err != nil {
					return err
				}
				return errHelpShown
			}
			target := lookupCommand(args[0])
			switch {
			case target == nil || !strings.Contains(" space ground invade compare advise vote ", " "+args[0]+" "):
				return usageErrorf("scenario: %q has no scenario document; allowed: space, ground, invade, compare, advise, vote", args[0])
			}
			de := *e
			de.documentOnly = true
			return target.run(ctx, target, args[1:], &de)
		},
	}
}
