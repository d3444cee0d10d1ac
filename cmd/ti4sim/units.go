package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

func unitsCommand() *command {
	var faction, output string
	newFlags := func() *pflag.FlagSet {
		fs := pflag.NewFlagSet("units", pflag.ContinueOnError)
		fs.StringVar(&faction, "faction", "none", "faction whose units to list (allowed: "+strings.Join(units.FactionNames(), ", ")+")")
		fs.StringVarP(&output, "output", "o", "table", "output format: table or json")
		return fs
	}
	return &command{
		name:    "units",
		summary: "the unit catalog, with the numbers the engine uses",
		usage:   "ti4sim units [--faction F] [-o table|json]",
		help: `Lists every unit a faction can field, unupgraded and upgraded, with the
numbers the engine uses: cost, combat value and dice, move, capacity and unit
abilities (Sustain Damage, Anti-Fighter Barrage, Space Cannon, Bombardment,
Planetary Shield, Production).

Examples:
  ti4sim units
  ti4sim units -o json`,
		flagSet: newFlags,
		run: func(ctx context.Context, c *command, args []string, e *env) error {
			fs := newFlags()
			if err := parseFlags(c, fs, args, e); err != nil {
				return err
			}
			f, err := units.LookupFaction(faction)
			if err != nil {
				return usageErrorf("--faction: %v", err)
			}
			switch output {
			case "table":
				return writeUnitsTable(e.stdout, f)
			case "json":
				return writeUnitsJSON(e.stdout, f)
			}
			return usageErrorf("--output %q: allowed table or json", output)
		},
	}
}

func rollText(name string, r units.Roll) string {
	if !r.Has() {
		return ""
	}
	if r.Dice == 1 {
		return fmt.Sprintf("%s %d", name, r.Value)
	}
	return fmt.Sprintf("%s %d (x%d)", name, r.Value, r.Dice)
}

func abilities(s units.Stats) string {
	var a []string
	if s.Sustain {
		a = append(a, "Sustain Damage")
	}
	for _, r := range []string{rollText("Anti-Fighter Barrage", s.AFB), rollText("Space Cannon", s.SpaceCannon), rollText("Bombardment", s.Bombardment)} {
		if r != "" {
			a = append(a, r)
		}
	}
	if s.PlanetaryShield {
		a = append(a, "Planetary Shield")
	}
	if s.Production > 0 {
		p := fmt.Sprintf("Production %d", s.Production)
		if s.ProductionPlusResources {
			p = fmt.Sprintf("Production resources+%d", s.Production)
		}
		a = append(a, p)
	}
	return strings.Join(a, ", ")
}

func dash(v int) string {
	if v == 0 {
		return "-"
	}
	return fmt.Sprint(v)
}

func writeUnitsTable(w io.Writer, f *units.Faction) error {
	fmt.Fprintf(w, "Units of faction %s: %s, with the numbers the engine uses\n", f.Slug, f.Name)
	t := newTable(w, "Unit", "Cost", "Combat", "Move", "Capacity", "Abilities")
	var notes []string
	for _, s := range f.Units() {
		cost := "-"
		switch {
		case s.Cost == 0.5:
			cost = "1 (x2)"
		case s.Cost > 0:
			cost = fmt.Sprint(s.Cost)
		}
		combat := "-"
		if s.Combat.Has() {
			combat = rollText("", s.Combat)[1:]
		}
		if err := t.Append(s.Name, cost, combat, dash(s.Move), dash(s.Capacity), abilities(s)); err != nil {
			return err
		}
		if s.Text != "" {
			notes = append(notes, fmt.Sprintf("  %s: %s", s.Name, s.Text))
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	if len(notes) > 0 {
		fmt.Fprintf(w, "Unit texts:\n%s\n", strings.Join(notes, "\n"))
	}
	if len(f.Abilities) > 0 {
		fmt.Fprintln(w, "Faction texts (modelled; outside combat, with why; or not modelled yet: a run where one would act warns about it):")
		for _, a := range f.Abilities {
			status := "not modelled yet"
			if why, ok := combat.OutsideCombat(a.Slug); ok {
				status = "outside combat: " + why
			} else if combat.Modelled(a.Slug) {
				status = "modelled"
			}
			fmt.Fprintf(w, "  %s (%s, %s; %s): %s\n", a.Name, a.Kind, a.Slug, status, a.Text)
		}
	}
	return nil
}

type jsonUnit struct {
	Name                   string      `json:"name"`
	Kind                   string      `json:"kind"`
	Upgraded               bool        `json:"upgraded"`
	Cost                   float64     `json:"cost"`
	Combat                 *units.Roll `json:"combat,omitempty"`
	Move                   int         `json:"move"`
	Capacity               int         `json:"capacity"`
	SustainDamage          bool        `json:"sustain_damage"`
	AntiFighterBarrage     *units.Roll `json:"anti_fighter_barrage,omitempty"`
	SpaceCannon            *units.Roll `json:"space_cannon,omitempty"`
	SpaceCannonAdjacent    bool        `json:"space_cannon_adjacent,omitempty"`
	Bombardment            *units.Roll `json:"bombardment,omitempty"`
	PlanetaryShield        bool        `json:"planetary_shield,omitempty"`
	RemovesPlanetaryShield bool        `json:"removes_planetary_shield,omitempty"`
	Production             int         `json:"production,omitempty"`
	ProductionPlusRes      bool        `json:"production_plus_resources,omitempty"`
	DirectHitImmune        bool        `json:"direct_hit_immune,omitempty"`
	Text                   string      `json:"text,omitempty"`
}

func rollPtr(r units.Roll) *units.Roll {
	if !r.Has() {
		return nil
	}
	return &r
}

func writeUnitsJSON(w io.Writer, f *units.Faction) error {
	out := struct {
		Faction string     `json:"faction"`
		Units   []jsonUnit `json:"units"`
	}{Faction: f.Slug}
	for _, s := range f.Units() {
		out.Units = append(out.Units, jsonUnit{
			Name: s.Name, Kind: s.Kind.Key(), Upgraded: s.Upgraded, Cost: s.Cost,
			Combat: rollPtr(s.Combat), Move: s.Move, Capacity: s.Capacity, SustainDamage: s.Sustain,
			AntiFighterBarrage: rollPtr(s.AFB), SpaceCannon: rollPtr(s.SpaceCannon),
			SpaceCannonAdjacent: s.SpaceCannonAdjacent, Bombardment: rollPtr(s.Bombardment),
			PlanetaryShield: s.PlanetaryShield, RemovesPlanetaryShield: s.RemovesPlanetaryShield,
			Production: s.Production, ProductionPlusRes: s.ProductionPlusResources,
			DirectHitImmune: s.DirectHitImmune, Text: s.Text,
		})
	}
	return json.NewEncoder(w).Encode(out)
}
