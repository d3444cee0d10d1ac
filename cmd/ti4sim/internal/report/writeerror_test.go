package report

import (
	"context"
	"io"
	"testing"

	"github.com/ti4sim/ti4sim/agenda"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// Every renderer returns the first write error, wherever the writer
// fails (checkWriteErrors), for each kind of output it has.

func fleet(t testing.TB, s string) units.Fleet {
	t.Helper()
	f, err := units.ParseFleet(s)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// combatCases are a simulated invasion (two outcome tables), a space
// combat stopped by a round limit (the units-left table), and an exact
// ti3-sa invasion (the wiped-out line).
func combatCases(t *testing.T) map[string]combat.Scenario {
	return map[string]combat.Scenario{
		"invasion": {Action: combat.Invasion,
			Attacker: combat.Side{Fleet: fleet(t, "2 dreadnought, 1 carrier, 4 infantry")},
			Defender: combat.Side{Fleet: fleet(t, "1 destroyer, 3 infantry, 1 pds")}},
		"space, 1 round": {Action: combat.SpaceCombat, MaxRounds: 1,
			Attacker: combat.Side{Fleet: fleet(t, "3 cruiser, 2 destroyer")},
			Defender: combat.Side{Fleet: fleet(t, "2 dreadnought, 1 carrier, 2 fighter")}},
		"ti3-sa invasion": {Action: combat.Invasion, Edition: combat.EditionTI3SA,
			Attacker: combat.Side{Fleet: fleet(t, "1 dreadnought, 1 carrier, 2 infantry")},
			Defender: combat.Side{Fleet: fleet(t, "2 infantry")}},
	}
}

func TestCombatWriteErrors(t *testing.T) {
	ctx := context.Background()
	doc := &scenario.Combat{Version: scenario.Version, Action: scenario.ActionInvade}
	for name, sc := range combatCases(t) {
		results := map[string]combat.Result{}
		r, err := combat.Run(ctx, sc, combat.Options{Trials: 1000, Seed: 1})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		results["simulated"] = r
		if sc.MaxRounds == 0 {
			if results["exact"], err = combat.Solve(ctx, sc); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		}
		for how, r := range results {
			checkWriteErrors(t, name+", "+how+", table", func(w io.Writer) error {
				return Combat(w, sc, r, CombatOptions{})
			})
			checkWriteErrors(t, name+", "+how+", json", func(w io.Writer) error {
				return Combat(w, sc, r, CombatOptions{Format: JSON, Scenario: doc})
			})
		}
	}
}

func TestCompareWriteErrors(t *testing.T) {
	base := combat.Scenario{Action: combat.Invasion,
		Attacker: combat.Side{Fleet: fleet(t, "2 dreadnought, 1 carrier, 4 infantry")},
		Defender: combat.Side{Fleet: fleet(t, "3 infantry, 1 pds")}}
	ti3 := base
	ti3.Edition = combat.EditionTI3SA
	ti3.Defender.Fleet = fleet(t, "3 infantry")
	scs := []combat.Scenario{base, ti3}
	names := []string{"ruleset=ti4", "ruleset=ti3-sa"}
	c, err := combat.Compare(context.Background(), scs, combat.Options{Trials: 1000, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	doc := &scenario.Compare{Version: scenario.Version}
	checkWriteErrors(t, "compare, table", func(w io.Writer) error {
		return Compare(w, combat.Invasion, names, scs, c, CompareOptions{})
	})
	checkWriteErrors(t, "compare, json", func(w io.Writer) error {
		return Compare(w, combat.Invasion, names, scs, c, CompareOptions{Format: JSON, Scenario: doc})
	})
}

// voteAgenda builds an agenda from voter specs, with Bribery for the
// holder (if not "") and the duel die d.
func voteAgenda(t *testing.T, p agenda.Procedure, d agenda.DuelDie, bribery string, voters ...string) agenda.Agenda {
	t.Helper()
	a := agenda.Agenda{Procedure: p, Duel: d}
	var err error
	if a.Outcomes, err = agenda.ParseOutcomes("for,against"); err != nil {
		t.Fatal(err)
	}
	for _, spec := range voters {
		v, err := agenda.ParseVoter(spec, a.Outcomes)
		if err != nil {
			t.Fatal(err)
		}
		a.Voters = append(a.Voters, v)
	}
	if bribery != "" {
		b, err := agenda.ParseBribe(bribery, a.Voters)
		if err != nil {
			t.Fatal(err)
		}
		a.Bribery = append(a.Bribery, b)
	}
	if err := a.Validate(); err != nil {
		t.Fatal(err)
	}
	return a
}

func TestVoteWriteErrors(t *testing.T) {
	ctx := context.Background()
	prelim, err := agenda.ParseProcedure("preliminary")
	if err != nil {
		t.Fatal(err)
	}
	agendas := map[string]agenda.Agenda{
		"preliminary": voteAgenda(t, prelim, agenda.NoDuel, "hacan:2",
			"argent:6:for=0.9:zeal", "hacan:4-8:against=0.8,for=0.1:final=3:then=against=1", "sol:5:for=0.5,against=0.5"),
		"base": voteAgenda(t, agenda.BaseVote, agenda.NoDuel, "hacan:2",
			"sol:5:for=1", "hacan:3-7:against=1", "jolnar:2:for=0.5,against=0.5"),
		"duel": voteAgenda(t, prelim, agenda.DuelStandard, "", "sol:5:for=1", "hacan:2-6:against=1"),
	}
	doc := &scenario.Vote{Version: scenario.Version}
	for name, a := range agendas {
		results := map[string]agenda.Result{}
		if results["simulated"], err = agenda.Simulate(ctx, a, agenda.Options{Trials: 1000, Seed: 1}); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if results["exact"], err = agenda.Exact(ctx, a); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for how, r := range results {
			checkWriteErrors(t, name+", "+how+", table", func(w io.Writer) error {
				return Vote(w, &a, &r, VoteOptions{})
			})
			checkWriteErrors(t, name+", "+how+", json", func(w io.Writer) error {
				return Vote(w, &a, &r, VoteOptions{Format: JSON, Scenario: doc})
			})
		}
	}
}

func TestCatalogTablesWriteErrors(t *testing.T) {
	sol, err := units.LookupFaction("sol")
	if err != nil {
		t.Fatal(err)
	}
	checkWriteErrors(t, "units, sol", func(w io.Writer) error { return Units(w, sol, "faction") })
	checkWriteErrors(t, "units, ti3-sa", func(w io.Writer) error { return Units(w, units.TI3(), "ruleset") })
	checkWriteErrors(t, "cards", func(w io.Writer) error { return Cards(w, combat.Cards()) })
}
