package combat

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"

	"github.com/ti4sim/ti4sim/combat/internal/effects"
	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// TestSeamFields checks that every type the library declares in place of
// an engine type has the engine type's fields, by name and in order, so
// that a field added to the engine cannot be dropped at the seam unseen.
func TestSeamFields(t *testing.T) {
	pairs := []struct{ public, engine any }{
		{Result{}, engine.Result{}}, {SideResult{}, engine.SideResult{}}, {Outcomes{}, engine.Outcomes{}},
		{Probability{}, engine.Probability{}}, {Mean{}, engine.Mean{}}, {Counts{}, engine.Counts{}},
		{Phase{}, engine.Phase{}}, {Rounds{}, engine.Rounds{}}, {State{}, engine.State{}},
		{Survivor{}, engine.Survivor{}}, {UnitCount{}, engine.UnitCount{}}, {UnitsLeft{}, engine.UnitsLeft{}},
		{SystemResult{}, engine.SystemResult{}}, {PlanetResult{}, engine.PlanetResult{}},
		{Options{}, engine.Options{}}, {Order{}, engine.Order{}}, {Retreat{}, engine.Retreat{}},
		{NotExactError{}, engine.NotExactError{}}, {Printings{}, effects.Printings{}},
		{BoardState{}, effects.BoardState{}}, {CardInfo{}, effects.CardInfo{}},
	}
	for _, p := range pairs {
		pt, et := reflect.TypeOf(p.public), reflect.TypeOf(p.engine)
		if pt.NumField() != et.NumField() {
			t.Errorf("%v has %d fields, %v %d", pt, pt.NumField(), et, et.NumField())
			continue
		}
		for i := range pt.NumField() {
			pf, ef := pt.Field(i), et.Field(i)
			if pf.Name != ef.Name || pf.Type.Kind() != ef.Type.Kind() {
				t.Errorf("%v field %d is %s (%v), %v's %s (%v)", pt, i, pf.Name, pf.Type.Kind(), et, ef.Name, ef.Type.Kind())
			}
		}
	}
}

// TestSeamConstants checks the constants the compile-time check in
// seam.go cannot: the commit target (a float), the card kinds and the
// technology slugs (strings).
func TestSeamConstants(t *testing.T) {
	if DefaultCommitTarget != engine.DefaultCommitTarget {
		t.Errorf("DefaultCommitTarget %v, the engine's %v", DefaultCommitTarget, engine.DefaultCommitTarget)
	}
	for _, c := range []struct{ public, engine string }{
		{TechMagen, effects.TechMagen}, {TechX89, effects.TechX89},
		{string(KindTechnology), string(effects.KindTechnology)}, {string(KindActionCard), string(effects.KindActionCard)},
		{string(KindAgenda), string(effects.KindAgenda)}, {string(KindRelic), string(effects.KindRelic)},
		{string(KindNote), string(effects.KindNote)},
	} {
		if c.public != c.engine {
			t.Errorf("card kind %q, the effects' %q", c.public, c.engine)
		}
	}
}

// sameJSON fails the test unless the library's and the engine's forms of
// an answer encode alike: every field carried, nil slices kept nil.
func sameJSON(t *testing.T, what string, public, internal any) {
	t.Helper()
	a, err := json.Marshal(public)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(internal)
	if err != nil {
		t.Fatal(err)
	}
	if string(a) != string(b) {
		t.Errorf("%s: the library's result differs from the engine's:\n%s\n%s", what, a, b)
	}
}

// TestSeamResults checks that the results convert whole: simulated and
// exact, with a space phase, states, retreat states, a system.
func TestSeamResults(t *testing.T) {
	ctx := context.Background()
	fleet := func(s string) units.Fleet {
		f, err := units.ParseFleet(s)
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	invade := Scenario{Action: Invasion,
		Attacker: Side{Fleet: fleet("2 dreadnought, 1 carrier, 3 infantry, 2 fighter")},
		Defender: Side{Fleet: fleet("1 destroyer, 2 infantry, 1 pds")}}
	limited := Scenario{Action: GroundCombat, MaxRounds: 2,
		Attacker: Side{Fleet: fleet("3 infantry, 1 mech")}, Defender: Side{Fleet: fleet("3 infantry")}}
	retreat := Scenario{Action: SpaceCombat,
		Attacker: Side{Fleet: fleet("3 cruiser")}, Defender: Side{Fleet: fleet("2 dreadnought"), Retreat: Retreat{Best: true}}}
	eo := engine.Options{Trials: 2000, Seed: 7}
	var covered [3]bool // a space phase, states, retreat states
	for _, sc := range []Scenario{invade, limited, retreat} {
		s, err := solver(ctx, sc, MaxExactStates)
		if err != nil {
			t.Fatal(err)
		}
		r := s.Result()
		sameJSON(t, "exact "+sc.Action.String(), publicResult(r), r)
		covered[0] = covered[0] || r.Space != nil
		covered[1] = covered[1] || r.States != nil
		covered[2] = covered[2] || r.RetreatWhen != nil
		if sc.Attacker.Retreat.Best || sc.Defender.Retreat.Best {
			continue
		}
		p, err := compileForTrials(ctx, &sc)
		if err != nil {
			t.Fatal(err)
		}
		var acc engine.Tally
		if err := p.Batch(ctx, eo.Runner(), &acc); err != nil {
			t.Fatal(err)
		}
		r = p.Result(&acc, eo)
		sameJSON(t, "simulated "+sc.Action.String(), publicResult(r), r)
	}
	if covered != [3]bool{true, true, true} {
		t.Errorf("the scenarios cover a space phase, states, retreat states: %v", covered)
	}
	sys := Scenario{Action: Invasion,
		Attacker: Side{Fleet: fleet("2 dreadnought, 1 carrier, 4 infantry")}, Defender: Side{Fleet: fleet("1 destroyer")},
		Planets: []Planet{{Name: "A", Units: fleet("1 infantry")}, {Name: "B", Units: fleet("2 infantry, 1 pds")}}}
	plan, err := compileSystem(ctx, &sys)
	if err != nil {
		t.Fatal(err)
	}
	sr, err := plan.Run(ctx, eo)
	if err != nil {
		t.Fatal(err)
	}
	sameJSON(t, "simulated system", publicSystemResult(sr), sr)
	if sr, err = plan.Solve(ctx, MaxExactStates); err != nil {
		t.Fatal(err)
	}
	sameJSON(t, "exact system", publicSystemResult(sr), sr)
}

// TestSeamNotExact checks that errors.As finds the library's
// NotExactError whether the engine's is the error or wrapped in it, and
// that the message is the engine's.
func TestSeamNotExact(t *testing.T) {
	inner := engine.NotExact("exact mode cannot express %s", "a test")
	for _, err := range []error{inner, fmt.Errorf("planet A: %w; give the split", inner)} {
		want := err.Error()
		seamError(&err)
		var ne *NotExactError
		if !errors.As(err, &ne) || ne.Reason != "exact mode cannot express a test" {
			t.Errorf("%v: errors.As finds %v", err, ne)
		}
		if err.Error() != want {
			t.Errorf("message %q, want %q", err.Error(), want)
		}
	}
	var err error = context.Canceled
	seamError(&err)
	if err != context.Canceled {
		t.Errorf("seamError changed an error without NotExactError: %v", err)
	}
}
