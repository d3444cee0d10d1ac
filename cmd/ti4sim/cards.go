package main

import (
	"context"
	"encoding/json"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/report"
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/internal/echo"
)

func cardsCommand() *command {
	var output string
	newFlags := func() *pflag.FlagSet {
		fs := pflag.NewFlagSet("cards", pflag.ContinueOnError)
		fs.StringVarP(&output, "output", "o", "table", "output format: table or json")
		return fs
	}
	return &command{
		name:    "cards",
		summary: "the technologies, action cards, agendas and relics the engine models",
		usage:   "ti4sim cards [-o table|json]",
		help: `Lists every technology, action card, agenda, relic and promissory note whose
combat effect ti4sim models, with its command-line name, the copies a side
may play, and what the engine does with it — including the play policy
where the player would choose. Technologies go in --attacker-tech and
--defender-tech; the others in --attacker-card and --defender-card, as NAME
or NAME:COPIES.

Examples:
  ti4sim cards
  ti4sim space -a "3 cruiser, 2 destroyer" -d "2 dread, 1 carrier" --attacker-tech assault-cannon --defender-card shields-holding:2`,
		flagSet: newFlags,
		run: func(ctx context.Context, c *command, args []string, e *env) error {
			fs := newFlags()
			if err := parseFlags(c, fs, args, e); err != nil {
				return err
			}
			switch output {
			case "table":
				return report.Cards(e.stdout, combat.Cards())
			case "json":
				return json.NewEncoder(e.stdout).Encode(answer.AllCards())
			}
			return usageErrorf("--output %s: allowed table or json", echo.Quote(output))
		},
	}
}
