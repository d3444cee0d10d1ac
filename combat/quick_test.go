package combat

import (
	"context"
	"reflect"
	"testing"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/internal/montecarlo"
	"github.com/ti4sim/ti4sim/units"
)

// TestQuickPathSameTally checks that the quick path of a table-driven
// space or ground combat (engine's quick.go: trials counted by end state, one trial
// per end state finished the ordinary way) leaves a worker's tally exactly
// as playing every trial does, from the same streams: for space combats
// that end in the barrage, by the whole-combat table, past its rounds, or
// never (stopped at the round cap), and ground combats, over several
// batches of one worker. A scenario with space cannon, an invasion, or an
// effect in the action's windows takes the ordinary path (Quick nil).
func TestQuickPathSameTally(t *testing.T) {
	for _, tc := range []struct {
		act    Action
		a, d   string
		modA   int
		modD   int
		faster bool // the quick path applies
	}{
		{a: "3 carrier, 6 fighter", d: "1 dreadnought, 2 destroyer, 3 fighter", faster: true},
		{a: "2 destroyer", d: "3 fighter", faster: true},
		{a: "1 war sun, 2 dreadnought", d: "4 cruiser, 2 destroyer, 4 fighter", faster: true},
		{a: "1 dreadnought", d: "1 dreadnought", faster: true},
		{a: "2 dreadnought, 2 carrier, 8 fighter", d: "2 destroyer, 2 cruiser", faster: true},
		{a: "1 cruiser", d: "1 cruiser", modA: -9, modD: -9, faster: true},
		{a: "1 fighter", d: "1 dreadnought", modA: -3, modD: -4, faster: true},
		{a: "2 cruiser", d: "1 pds, 1 destroyer"},
		{act: GroundCombat, a: "6 infantry, 2 mech", d: "5 infantry, 1 mech", faster: true},
		{act: GroundCombat, a: "2 infantry", d: "3 infantry, 1 mech", faster: true},
		{act: GroundCombat, a: "2 infantry", d: "2 infantry", modA: -9, modD: -9, faster: true},
		{act: Invasion, a: "2 dreadnought, 1 carrier, 4 infantry", d: "1 destroyer, 2 infantry"},
	} {
		fa, err := units.ParseFleet(tc.a)
		if err != nil {
			t.Fatal(err)
		}
		fd, err := units.ParseFleet(tc.d)
		if err != nil {
			t.Fatal(err)
		}
		sc := Scenario{Action: tc.act, Attacker: Side{Fleet: fa, Modifier: tc.modA}, Defender: Side{Fleet: fd, Modifier: tc.modD}}
		p, err := compileForTrials(context.Background(), &sc)
		if err != nil {
			t.Fatal(err)
		}
		if (p.Quick != nil) != tc.faster {
			t.Errorf("%s vs %s: quick path %v, want %v", tc.a, tc.d, p.Quick != nil, tc.faster)
		}
		quick := engine.NewWorker(p)
		for c := range uint64(3) {
			quick.Trials(montecarlo.Stream(11, c), montecarlo.ChunkSize-int(c))
		}
		p.Quick = nil
		played := engine.NewWorker(p)
		for c := range uint64(3) {
			played.Trials(montecarlo.Stream(11, c), montecarlo.ChunkSize-int(c))
		}
		if !reflect.DeepEqual(quick.Acc, played.Acc) {
			t.Errorf("%s vs %s: the quick path's tally differs from playing every trial:\n%+v\n%+v", tc.a, tc.d, quick.Acc, played.Acc)
		}
	}
}
