package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/listflag"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/report"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/units"
)

func unitsCommand() *command {
	var faction, output, ruleset string
	var files []string
	newFlags := func() *pflag.FlagSet {
		fs := pflag.NewFlagSet("units", pflag.ContinueOnError)
		fs.StringVar(&faction, "faction", "none", "faction whose units to list (allowed: "+strings.Join(units.FactionNames(), ", ")+", or one of --units)")
		listflag.StringArray(fs, &files, "units", "", "load homebrew units from a unit file in the AsyncTI4 bot's format; with no --faction, list its factions and what it leaves out (see: docs/homebrew.md); repeatable")
		fs.StringVar(&ruleset, "ruleset", rulesetTI4, "ruleset whose units to list (allowed: "+strings.Join(rulesets, ", ")+")")
		fs.StringVarP(&output, "output", "o", "table", "output format: table or json")
		return fs
	}
	return &command{
		name:    "units",
		summary: "the unit catalog, with the numbers the engine uses",
		usage:   "ti4sim units [--ruleset ti4|ti3-sa] [--faction F] [--units FILE] [-o table|json]",
		help: `Lists every unit a faction can field, unupgraded and upgraded, with the
numbers the engine uses: cost, combat value and dice, move, capacity and unit
abilities (Sustain Damage, Anti-Fighter Barrage, Space Cannon, Bombardment,
Planetary Shield, Production).

--ruleset ti3-sa lists the units of Twilight Imperium 3 with the Shattered
Ascension v4.0 patch instead: no unit upgrades except the shock troop, no
flagships and no races (so no --faction).

--units FILE loads a homebrew unit file in the AsyncTI4 bot's format (e.g.
Discordant Stars' ds.json): its factions are listed by id, and --faction
then names one of them.

Examples:
  ti4sim units
  ti4sim units -o json
  ti4sim units --ruleset ti3-sa
  ti4sim units --units ds.json --faction tnelis`,
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
				hb, err := loadUnitFiles(files)
				if err != nil {
					return err
				}
				if hb != nil && !fs.Changed("faction") {
					return writeHomebrew(e.stdout, hb, output)
				}
				if f, err = hb.LookupFaction(faction); err != nil {
					return usageErrorf("--faction: %v", err)
				}
				if err := writeFaction(e.stdout, f, what, output); err != nil || output != "table" {
					return err
				}
				return writeNotes(e.stdout, hb.NotesOf(f.Slug))
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
			if len(files) > 0 {
				return usageErrorf("--units: unit files hold Twilight Imperium 4 units; not with --ruleset %s", ruleset)
			}
			return writeFaction(e.stdout, f, what, output)
		},
	}
}

// writeFaction lists a faction's units as a table or JSON.
func writeFaction(w io.Writer, f *units.Faction, what, output string) error {
	switch output {
	case "table":
		return report.Units(w, f, what)
	case "json":
		return writeUnitsJSON(w, f)
	}
	return usageErrorf("--output %s: allowed table or json", echo.Quote(output))
}

// loadUnitFiles reads the --units files into a catalogue (nil for none).
func loadUnitFiles(paths []string) (*units.Homebrew, error) {
	if len(paths) == 0 {
		return nil, nil
	}
	files := make([]units.UnitFile, len(paths))
	for i, p := range paths {
		data, err := readLimited(p, scenario.MaxDocumentBytes)
		if err != nil {
			return nil, usageErrorf("--units: %v", err)
		}
		files[i] = units.UnitFile{Name: filepath.Base(p), Data: data}
	}
	hb, err := units.LoadHomebrew(files)
	if err != nil {
		return nil, usageErrorf("--units: %v", err)
	}
	return hb, nil
}

// writeHomebrew lists the loaded factions (slug, name, units placed) and
// the notes on what the files leave out.
func writeHomebrew(w io.Writer, hb *units.Homebrew, output string) error {
	type faction struct {
		Faction string   `json:"faction"`
		Name    string   `json:"name"`
		Units   []string `json:"units"`
	}
	var fs []faction
	for _, f := range hb.Factions() {
		var names []string
		for _, u := range hb.Units {
			if u.Faction == f.Slug && u.Loaded {
				names = append(names, u.Stats.Name)
			}
		}
		fs = append(fs, faction{f.Slug, f.Name, names})
	}
	switch output {
	case "json":
		return json.NewEncoder(w).Encode(struct {
			Factions []faction `json:"factions"`
			Notes    []string  `json:"notes"`
		}{fs, append([]string{}, hb.Notes...)})
	case "table":
		ew := report.NewErrWriter(w)
		for _, f := range fs {
			fmt.Fprintf(ew, "%-14s %s\n", f.Faction, strings.Join(f.Units, ", "))
		}
		if err := ew.Err(); err != nil {
			return err
		}
		return writeNotes(w, hb.Notes)
	}
	return usageErrorf("--output %s: allowed table or json", echo.Quote(output))
}

// writeNotes writes notes under a heading; nothing for none.
func writeNotes(w io.Writer, notes []string) error {
	if len(notes) == 0 {
		return nil
	}
	ew := report.NewErrWriter(w)
	fmt.Fprintf(ew, "\nNotes:\n")
	for _, n := range notes {
		fmt.Fprintf(ew, "  - %s\n", n)
	}
	return ew.Err()
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
