package engine

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/units"
)

// TestRowOrderMatchesJointOrder solves 40 seeded random battles — space
// combats of 10 to 30 units a side (war suns, Sustain Damage, barrages),
// ground combats and invasions of up to 24 ground forces a side, and the
// mirrored 30-unit space battle — settled row by row (rowsweep.go) and by
// joint health only: every figure of the two results (outcomes, rounds,
// their histogram, survivors, units left) must agree within 1e-12, and
// the two orders must actually differ somewhere (the row order ran).
func TestRowOrderMatchesJointOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 400))
	ships := []rowKind{{"war sun", 2}, {"dreadnought", 8}, {"cruiser", 8}, {"destroyer", 8}, {"carrier", 4}, {"fighter", 10}}
	ground := []rowKind{{"infantry", 16}, {"mech", 4}}
	mirror := "8 dreadnought, 6 cruiser, 6 destroyer, 10 fighter"
	differs, most := false, 0.0
	for i := range 41 {
		act, f := SpaceCombat, [2]string{rowFleet(rng, ships, 10+rng.IntN(21)), rowFleet(rng, ships, 10+rng.IntN(21))}
		switch {
		case i == 40:
			f = [2]string{mirror, mirror}
		case i%8 == 6:
			act, f = GroundCombat, [2]string{rowFleet(rng, ground, 24), rowFleet(rng, ground, 24)}
		case i%8 == 7:
			act = Invasion
			f = [2]string{rowFleet(rng, ships[1:3], 6) + ", " + rowFleet(rng, ground, 20), rowFleet(rng, ships[2:4], 4) + ", " + rowFleet(rng, ground, 20)}
		}
		var figs [2][]float64
		for k, joint := range []bool{false, true} {
			figs[k] = solveFigures(t, act, f, joint)
		}
		if len(figs[0]) != len(figs[1]) {
			t.Fatalf("%v %s vs %s: %d figures by rows, %d by joint health", act, f[0], f[1], len(figs[0]), len(figs[1]))
		}
		for k := range figs[0] {
			x, y := figs[0][k], figs[1][k]
			if !(math.Abs(x-y) <= 1e-12) {
				t.Errorf("%v %s vs %s: figure %d is %.17g by rows, %.17g by joint health", act, f[0], f[1], k, x, y)
			}
			differs, most = differs || x != y, max(most, math.Abs(x-y))
		}
	}
	t.Logf("largest difference: %g", most)
	if !differs {
		t.Error("the two orders agree bit for bit everywhere: the row order never ran")
	}
}

type rowKind struct {
	name string
	most int
}

// rowFleet draws up to left units of the given kinds (at least one).
func rowFleet(rng *rand.Rand, kinds []rowKind, left int) string {
	var b strings.Builder
	for _, k := range kinds {
		if n := min(left, rng.IntN(k.most+1)); n > 0 {
			fmt.Fprintf(&b, ", %d %s", n, k.name)
			left -= n
		}
	}
	if b.Len() == 0 {
		return "1 " + kinds[0].name
	}
	return b.String()[2:]
}

// TestRowOrderHandsBack abandons the row order after its first row, as a
// hit that does not lower its side's health makes it do: the combat must
// then be settled by joint health from its start, every figure the same
// bit for bit as settling it by joint health only (nothing of the
// abandoned sweep left in the answer).
func TestRowOrderHandsBack(t *testing.T) {
	for _, f := range [][2]string{
		{"8 dreadnought, 6 cruiser, 6 destroyer, 10 fighter", "8 dreadnought, 6 cruiser, 6 destroyer, 10 fighter"},
		{"2 war sun, 4 dreadnought, 2 carrier, 8 fighter", "6 cruiser, 6 destroyer, 3 carrier, 12 fighter, 2 dreadnought"},
	} {
		joint := solveFigures(t, SpaceCombat, f, true)
		s := solveWith(t, SpaceCombat, f, func(s *Solver) { s.abandonRows = true })
		var back []float64
		floats(reflect.ValueOf(s.Result()), &back)
		if !reflect.DeepEqual(back, joint) {
			t.Errorf("%s vs %s: handed back, the figures differ from the joint-health order's", f[0], f[1])
		}
	}
}

// solveFigures solves action act between fleets f exactly, by joint health
// only when joint, and returns every float64 of its result.
func solveFigures(t *testing.T, act Action, f [2]string, joint bool) []float64 {
	t.Helper()
	s := solveWith(t, act, f, func(s *Solver) { s.jointOrder = joint })
	var out []float64
	floats(reflect.ValueOf(s.Result()), &out)
	return out
}

// solveWith solves action act between fleets f exactly with a solver set
// by set, and returns the solver.
func solveWith(t *testing.T, act Action, f [2]string, set func(*Solver)) *Solver {
	t.Helper()
	var force [2]Force
	for side := range f {
		fl, err := units.ParseFleet(f[side])
		if err != nil {
			t.Fatal(err)
		}
		force[side] = Force{Fleet: fl}
	}
	p, err := NewPlan(&Input{Action: act, Attacker: force[0], Defender: force[1]}, nil, noEffects{})
	if err != nil {
		t.Fatal(err)
	}
	s := &Solver{Ctx: context.Background(), P: p, MaxStates: 1 << 22, Left: NewExactLeft(p)}
	set(s)
	if err := s.Solve(); err != nil {
		t.Fatalf("%v %s vs %s: %v", act, f[0], f[1], err)
	}
	return s
}

// floats appends every float64 reachable in v (fields, elements,
// pointers), in order.
func floats(v reflect.Value, out *[]float64) {
	switch v.Kind() {
	case reflect.Float64:
		*out = append(*out, v.Float())
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			floats(v.Elem(), out)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			floats(v.Field(i), out)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			floats(v.Index(i), out)
		}
	}
}
