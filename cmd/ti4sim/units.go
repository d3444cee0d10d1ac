package main

import (
	"context"
	"encoding/json"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/report"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/units"
)

func unitsCommand() *command {
	var faction, output, ruleset string
	newFlags := func() *pflag.FlagSet {
		fs := pflag.NewFlagSet("units", pflag.ContinueOnError)
		fs.StringVar(&faction, "faction", "none", "faction whose units to list (allowed: "+strings.Join(units.FactionNames(), ", ")+")")
		fs.StringVar(&ruleset, "ruleset", rulesetTI4, "ruleset whose units to list (allowed: "+strings.Join(rulesets, ", ")+")")
		fs.StringVarP(&output, "output", "o", "table", "output format: table or json")
		return fs
	}
	return &command{
		name:    "units",
		summary: "the unit catalog, with the numbers the engine uses",
		usage:   "ti4sim units [--ruleset ti4|ti3-sa] [--faction F] [-o table|json]",
		help: `Lists every unit a faction can field, unupgraded and upgraded, with the
numbers the engine uses: cost, combat value and dice, move, capacity and unit
abilities (Sustain Damage, Anti-Fighter Barrage, Space Cannon, Bombardment,
Planetary Shield, Production).

--ruleset ti3-sa lists the units of Twilight Imperium 3 with the Shattered
Ascension v4.0 patch instead: no unit upgrades except the shock troop, no
flagships and no races (so no --faction).

Examples:
  ti4sim units
  ti4sim units -o json
  ti4sim units --ruleset ti3-sa`,
		flagSet: newFlags,
		run: func(ctx context.Context, c *command, args []string, e *env) error {
			fs := newFlags()
			if err := parseFlags(c, fs, args, e); err != nil {
				return err
			}
			var f *units.Faction
			what := "faction"
			switch ruleset {
			case rulesetTI4:
				var err error
				if f, err = units.LookupFaction(faction); err != nil {
					return usageErrorf("--faction: %v", err)
				}
			case units.TI3Slug:
				f, what = units.TI3(), "ruleset"
				if fs.Changed("faction") {
					var err error
					if f, err = units.LookupTI3Race(faction); err != nil {
						return usageErrorf("--faction: %v", err)
					}
					what = "race"
				}
			default:
				return usageErrorf("--ruleset %s: allowed %s", echo.Quote(ruleset), strings.Join(rulesets, ", "))
			}
			switch output {
			case "table":
				return report.Units(e.stdout, f, what)
			case "json":
				return writeUnitsJSON(e.stdout, f)
			}
			return usageErrorf("--output %s: allowed table or json", echo.Quote(output))
		},
	}
}

// The rulesets: Twilight Imperium 4 (the default) and Twilight Imperium 3
// with Shattered Ascension.
const rulesetTI4 = "ti4"

var rulesets = []string{rulesetTI4, units.TI3Slug}

// jsonUnit is a unit as the JSON outputs and the catalogue give it.
type jsonUnit = answer.UnitJSON

func writeUnitsJSON(w io.Writer, f *units.Faction) error {
	out := struct {
		Faction string     `json:"faction"`
		Units   []jsonUnit `json:"units"`
	}{Faction: f.Slug, Units: answer.UnitsJSON(f)}
	return json.NewEncoder(w).Encode(out)
}
