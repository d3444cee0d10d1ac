package main

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/importer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/report"
	"github.com/ti4sim/ti4sim/internal/echo"
)

func importCommand() *command {
	newFlags := func() *pflag.FlagSet {
		return pflag.NewFlagSet("import", pflag.ContinueOnError)
	}
	return &command{
		name:    "import",
		summary: "a ti4battle.com share link as a scenario document (JSON)",
		usage:   "ti4sim import LINK",
		help: `Reads a ti4battle.com share link — the page's address, which holds the
battle in its query — or just its query, and prints the battle as a ti4sim
combat scenario document (indented JSON) on standard output.

Units, upgrades (a faction's own upgraded unit included: ti4sim resolves
faction units), damaged and galvanized units, factions, technologies,
action cards, agendas, relics, leaders and faction texts are mapped to
ti4sim's names. place=Ground is an invasion when the attacker has ships to
bombard or the defender PDS to fire space cannon defense, else a ground
combat; otherwise a space combat. "Risk Direct Hit" unchecked is the order
sustain=last. What ti4sim does not model, or reads differently, is printed
on standard error as "ti4sim: warning: ..." lines; the exit status is 0.
A malformed link (not a link or query, a count that is not a whole number
0..99, a repeated parameter) is a usage error.

Quote the link: the shell gives "&" a meaning of its own.

Examples:
  ti4sim import 'https://ti4battle.com/?attacker-faction=Sol&attacker-unit-dreadnought=2&attacker-unit-fighter=3&defender-faction=Hacan&defender-unit-cruiser=3&defender-effect-Shields+Holding=1'
  ti4sim import 'attacker-faction=Mentak&attacker-unit-dreadnought=1&attacker-unit-mech=1&defender-faction=Creuss&defender-unit-mech=1&place=Ground' > invasion.json`,
		flagSet: newFlags,
		run: func(ctx context.Context, c *command, args []string, e *env) error {
			fs := newFlags()
			if err := parseOperands(c, fs, args, e); err != nil {
				return err
			}
			switch fs.NArg() {
			case 0:
				return usageErrorf("import: give a ti4battle.com link, e.g. ti4sim import 'https://ti4battle.com/?attacker-unit-dreadnought=2&...'")
			case 1:
			default:
				return usageErrorf("import: one link expected, got %d arguments; the second: %s", fs.NArg(), echo.Quote(fs.Arg(1)))
			}
			doc, warnings, err := importer.TI4Battle(fs.Arg(0))
			if err != nil {
				return usageErrorf("import: %v", err)
			}
			out, err := json.MarshalIndent(doc, "", "  ")
			if err != nil {
				return err
			}
			w := report.NewErrWriter(e.stdout)
			fmt.Fprintf(w, "%s\n", out)
			if w.Err() != nil {
				return w.Err()
			}
			ew := report.NewErrWriter(e.stderr)
			for _, m := range warnings {
				fmt.Fprintf(ew, "ti4sim: warning: %s\n", m)
			}
			return ew.Err()
		},
	}
}
