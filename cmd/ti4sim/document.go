package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/agenda"
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/units"
)

// The scenario document (internal/scenario) and the command line: a
// document is read through the flags it stands for (scenario.Combat.Args),
// and the flags of a run are written back as its normalised document, which
// `ti4sim scenario` prints and every -o json result echoes.

// actionNames are the documents' names of the actions.
var actionNames = map[combat.Action]string{
	combat.SpaceCombat: scenario.ActionSpace, combat.GroundCombat: scenario.ActionGround, combat.Invasion: scenario.ActionInvade,
}

// combatDocument is the normalised document of a combat run: the
// scenario the flags built (fleets with their units' canonical names,
// entries of at most 99 units), the inputs as given, and the run.
func (f *scenarioFlags) combatDocument(sc combat.Scenario, rf *runFlags, fs *pflag.FlagSet) scenario.Combat {
	d := scenario.Combat{Version: scenario.Version, Action: actionNames[sc.Action], Ruleset: f.game.String(),
		System: scenario.System{Nebula: sc.Nebula, EntropicScar: sc.EntropicScar, Cultural: sc.Cultural, SpaceMine: sc.SpaceMine, IonStorm: sc.IonStorm, HomeSystem: sc.HomeSystem, NegateMineHits: sc.NegateMineHits, Wormhole: sc.Wormhole, Commandos: sc.Commandos}}
	for _, item := range f.rules {
		k, v, _ := strings.Cut(item, "=")
		if d.Printings == nil {
			d.Printings = map[string]string{}
		}
		d.Printings[strings.ToLower(strings.TrimSpace(k))] = strings.ToLower(strings.TrimSpace(v))
	}
	d.Attacker = side(f.game, sc.Attacker, f.attackerTech, f.attackerCard, f.attackerOrder, f.attackerRetreat)
	d.Defender = side(f.game, sc.Defender, f.defenderTech, f.defenderCard, f.defenderOrder, f.defenderRetreat)
	d.Attacker.PDS = sc.Attacker.SystemPDS
	if len(sc.Planets) > 0 {
		var names []string
		for _, p := range sc.Planets {
			d.System.Planets = append(d.System.Planets, scenario.Planet{Name: p.Name, Cultural: p.Cultural, Units: unitEntries(f.game, p.Units)})
			names = append(names, p.Name)
		}
		if d.System.Planets[0].Units == nil {
			d.System.Planets[0].Units = []scenario.Units{}
		}
		for i := range d.System.Planets {
			if d.System.Planets[i].Units == nil {
				d.System.Planets[i].Units = []scenario.Units{}
			}
		}
		d.System.Commit = sc.Commit.Text(names, func(fl units.Fleet) string { return scenario.FleetText(unitEntries(f.game, fl)) })
		d.System.Bombard = sc.Bombard
	}
	d.Run = scenario.Run{Exact: f.exact, PreferExact: f.preferExact, Precision: f.precision, Rounds: sc.MaxRounds}
	if !f.exact {
		seed := rf.seed
		d.Run.Seed = &seed
		if f.precision == 0 || fs.Changed("trials") {
			d.Run.Trials = rf.trials
		}
	}
	return d
}

// side is one side of a combat document.
func side(g combat.Edition, s combat.Side, techs, cards []string, order, retreat string) scenario.Side {
	d := scenario.Side{Fleet: unitEntries(g, s.Fleet), Order: strings.TrimSpace(order), Modifier: s.Modifier,
		TradeGoods: s.TradeGoods, Influence: s.Influence, CommandCounters: s.CommandCounters, AdjacentPDS: s.AdjacentPDS, HighAlert: s.HighAlert}
	for _, l := range s.Leaders {
		if l = strings.ToLower(strings.TrimSpace(l)); l != "" {
			d.Leaders = append(d.Leaders, l)
		}
	}
	if s.Faction != nil {
		d.Faction = s.Faction.Slug
	}
	if s.Order.Optimal {
		d.Policy = "optimal"
	}
	for _, t := range techs {
		if t = strings.TrimSpace(t); t != "" {
			d.Technologies = append(d.Technologies, t)
		}
	}
	for _, c := range cards {
		name, n, hasN := strings.Cut(strings.TrimSpace(c), ":")
		card := scenario.Card{Name: strings.TrimSpace(name)}
		if hasN {
			card.Copies, _ = strconv.Atoi(strings.TrimSpace(n)) // validated with the scenario
		}
		if card.Copies == 1 {
			card.Copies = 0 // "name:1" is "name": one copy, or a count of 1
		}
		if card.Name != "" {
			d.Cards = append(d.Cards, card)
		}
	}
	if r := s.Retreat.String(); r != "never" {
		d.Retreat = r
	} else if strings.TrimSpace(retreat) != "" && strings.TrimSpace(retreat) != "never" {
		d.Retreat = strings.TrimSpace(retreat)
	}
	if !s.Galvanized.Empty() {
		d.Galvanized = unitEntries(g, s.Galvanized)
	}
	return d
}

// unitEntries writes a fleet as document entries under the ruleset's
// names: its items (units.Fleet.Items), at most scenario.MaxItemCount
// units an entry.
func unitEntries(g combat.Edition, f units.Fleet) []scenario.Units {
	name := units.Kind.String
	if g == combat.EditionTI3SA {
		name = units.KindNameTI3
	}
	var out []scenario.Units
	for _, it := range f.Items() {
		out = append(out, scenario.Units{Unit: name(it.Kind), Count: it.Count, Upgraded: it.Upgraded, Damaged: it.Damaged})
	}
	return out
}

// readDocument reads a document from a file, or standard input for "-".
func readDocument[T any](e *env, path string, decode func(io.Reader) (T, error)) (T, error) {
	var r io.Reader = e.stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			var zero T
			return zero, usageErrorf("--scenario: %v", err)
		}
		defer f.Close()
		r = f
	}
	d, err := decode(r)
	if err != nil {
		return d, usageErrorf("--scenario %s: %v", path, err)
	}
	return d, nil
}

// withDocument returns the command line a run with --scenario stands for:
// the document's flags, then the flags given, which override the
// document's (a flag given replaces the document's value, lists included).
func withDocument(docArgs, given []string, fs *pflag.FlagSet) []string {
	out := scenario.DropFlags(docArgs, func(name string) bool {
		name, _, _ = strings.Cut(name, "=")
		return fs.Lookup(name) != nil && fs.Changed(name)
	}, func(name string) bool {
		fl := fs.Lookup(name)
		return fl != nil && fl.Value.Type() != "bool" && fl.NoOptDefVal == ""
	})
	return append(out, given...)
}

// writeDocument prints a document as indented JSON.
func writeDocument(w io.Writer, d any) error {
	b, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(w, "%s\n", b); err != nil {
		return err
	}
	return nil
}

// commandOf names the command of each document action.
var commandOf = map[string]string{scenario.ActionSpace: "space", scenario.ActionGround: "ground", scenario.ActionInvade: "invade"}

// voteDocument is the normalised document of a vote run: the agenda as
// the flags built it (voters in the voter grammar, outcomes, speaker) and
// the run.
func (f *voteFlags) voteDocument(a agenda.Agenda, fs *pflag.FlagSet) scenario.Vote {
	d := scenario.Vote{Version: scenario.Version, Mode: a.Procedure.String(), Outcomes: a.Outcomes,
		Speaker: a.Voters[a.Speaker].Name, Players: a.Players, Bribery: f.bribery,
		Run: scenario.Run{Exact: f.exact, Precision: f.precision}}
	for _, v := range a.Voters {
		d.Voters = append(d.Voters, agenda.FormatVoter(v, a.Outcomes))
	}
	if p := strings.TrimSpace(f.prefers); p != "" {
		for _, o := range strings.Split(p, ",") {
			d.SpeakerPrefers = append(d.SpeakerPrefers, strings.TrimSpace(o))
		}
	}
	if duel := strings.ToLower(strings.TrimSpace(f.duel)); duel != "" && duel != "none" {
		d.Duel = duel
	}
	if !f.exact {
		seed := f.run.seed
		d.Run.Seed = &seed
		if f.precision == 0 || fs.Changed("trials") {
			d.Run.Trials = f.run.trials
		}
	}
	return d
}
