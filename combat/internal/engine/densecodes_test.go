package engine

import (
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/units"
)

// densePlan builds the plan of an action between two fleets, each side in
// the given order ("" for the default).
func densePlan(t *testing.T, action Action, att, def, order string) *Plan {
	t.Helper()
	var f [2]units.Fleet
	for i, s := range []string{att, def} {
		var err error
		if f[i], err = units.ParseFleet(s); err != nil {
			t.Fatal(err)
		}
	}
	var o Order
	if order != "" {
		var err error
		if o, err = ParseOrder(order); err != nil {
			t.Fatal(err)
		}
	}
	p, err := NewPlan(&Input{Action: action, Attacker: Force{Fleet: f[0], Order: o}, Defender: Force{Fleet: f[1], Order: o}}, nil, noEffects{})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// solveCodes solves plan p exactly, its chains' states numbered densely
// when sparse is set, the sides optimal where opt says, and returns the
// solver.
func solveCodes(t *testing.T, p *Plan, sparse bool, maxStates int, opt [2]bool) (*Solver, error) {
	t.Helper()
	s := &Solver{Ctx: context.Background(), P: p, MaxStates: maxStates, Left: NewExactLeft(p), sparseCodes: sparse, Optimal: opt}
	return s, s.Solve()
}

// floatsNear walks two values of one type and reports every float64 field,
// element or map value that differs by more than tol.
func floatsNear(path string, a, b reflect.Value, tol float64, errs *[]string) {
	switch a.Kind() {
	case reflect.Float64:
		if x, y := a.Float(), b.Float(); math.Abs(x-y) > tol || math.IsNaN(x) != math.IsNaN(y) {
			*errs = append(*errs, fmt.Sprintf("%s: %.17g vs %.17g", path, x, y))
		}
	case reflect.Struct:
		for i := range a.NumField() {
			if a.Type().Field(i).IsExported() {
				floatsNear(path+"."+a.Type().Field(i).Name, a.Field(i), b.Field(i), tol, errs)
			}
		}
	case reflect.Slice, reflect.Array:
		if a.Len() != b.Len() {
			*errs = append(*errs, fmt.Sprintf("%s: length %d vs %d", path, a.Len(), b.Len()))
			return
		}
		for i := range a.Len() {
			floatsNear(fmt.Sprintf("%s[%d]", path, i), a.Index(i), b.Index(i), tol, errs)
		}
	case reflect.Map:
		if a.Len() != b.Len() {
			*errs = append(*errs, fmt.Sprintf("%s: %d keys vs %d", path, a.Len(), b.Len()))
			return
		}
		for _, k := range a.MapKeys() {
			floatsNear(fmt.Sprintf("%s[%v]", path, k), a.MapIndex(k), b.MapIndex(k), tol, errs)
		}
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				*errs = append(*errs, path+": nil vs not")
			}
			return
		}
		floatsNear(path, a.Elem(), b.Elem(), tol, errs)
	default:
		if a.CanInterface() && !reflect.DeepEqual(a.Interface(), b.Interface()) {
			*errs = append(*errs, fmt.Sprintf("%s: %v vs %v", path, a.Interface(), b.Interface()))
		}
	}
}

// TestDenseCodesMatchMixedRadix solves battles the mixed-radix codes hold
// twice, the second time with every chain numbered densely as its states
// are met (the numbering a combat whose codes pass a joint code takes),
// the optimal hit assignment among them (an optimal side keeps its
// mixed-radix codes: its policy indexes its whole space): every figure of the two results — outcomes, survivors, losses, rounds,
// units left — must agree to 1e-12 (only the order of sums differs), and
// the dense chains of a combat alone must have met no more states than
// the estimate (an invasion's ground forces also fall to the capacity
// check, outside it).
func TestDenseCodesMatchMixedRadix(t *testing.T) {
	for _, c := range []struct {
		action        Action
		att, def, ord string
		opt           [2]bool
	}{
		{SpaceCombat, "3 cruiser, 2 destroyer, 4 fighter", "2 dreadnought, 1 carrier, 3 fighter", "", [2]bool{}},
		{SpaceCombat, "2 war sun, 4 dreadnought, 2 carrier, 8 fighter", "6 cruiser, 6 destroyer, 3 carrier, 12 fighter, 2 dreadnought", "", [2]bool{}},
		{SpaceCombat, "2 dreadnought, 2 destroyer, 5 fighter", "2 dreadnought, 2 destroyer, 5 fighter", "cruiser, destroyer, fighter", [2]bool{}},
		{SpaceCombat, "2 dreadnought, 2 cruiser, 2 fighter", "1 dreadnought, 2 destroyer, 2 fighter", "", [2]bool{true, false}},
		{SpaceCombat, "2 dreadnought, 2 cruiser, 2 fighter", "1 dreadnought, 2 destroyer, 2 fighter", "", [2]bool{true, true}},
		{GroundCombat, "4 infantry, 2 mech", "3 infantry, 2 mech", "", [2]bool{}},
		{Invasion, "2 dreadnought, 1 carrier, 4 infantry, 1 mech", "1 cruiser, 3 infantry, 1 mech, 1 pds", "", [2]bool{}},
	} {
		var res [2]Result
		for k, sparse := range []bool{false, true} {
			s, err := solveCodes(t, densePlan(t, c.action, c.att, c.def, c.ord), sparse, DefaultMaxStates, c.opt)
			if err != nil {
				t.Fatalf("%s vs %s (dense %v): %v", c.att, c.def, sparse, err)
			}
			res[k] = s.Result()
			for _, ch := range s.chains {
				est, _ := s.reachEstimate(ch)
				for side := range NumSides {
					if d := ch.ss[side].dense; (sparse && !c.opt[side]) != (d != nil) {
						t.Fatalf("%s vs %s: dense %v, the %s's numbering %v", c.att, c.def, sparse, side, d)
					} else if sparse && c.action != Invasion && !c.opt[side] && d.met() > est[side]+1 {
						t.Errorf("%s vs %s: the %s met %d states, estimated %d (and state 0)", c.att, c.def, side, d.met(), est[side])
					}
				}
			}
		}
		var errs []string
		floatsNear("Result", reflect.ValueOf(res[0]), reflect.ValueOf(res[1]), 1e-12, &errs)
		if len(errs) > 0 {
			t.Errorf("%s vs %s: mixed-radix and dense answers differ:\n%s", c.att, c.def, strings.Join(errs, "\n"))
		}
	}
}

// TestDenseCodesLargestBenchBattle solves the largest bench battle, whose
// sides' mixed-radix codes multiply past a joint code (71,400 × 103,275):
// it is numbered densely (the states each side reaches: its estimate, not
// its whole space), and the space combat's states stay within the
// estimate.
func TestDenseCodesLargestBenchBattle(t *testing.T) {
	p := densePlan(t, SpaceCombat, "2 war sun, 6 dreadnought, 4 carrier, 16 fighter, 4 cruiser", "8 cruiser, 8 destroyer, 4 carrier, 16 fighter, 4 dreadnought", "")
	s, err := solveCodes(t, p, false, DefaultMaxStates, [2]bool{})
	if err != nil {
		t.Fatal(err)
	}
	c := s.chains[0]
	est, more := s.reachEstimate(c)
	for side := range NumSides {
		d := c.ss[side].dense
		switch {
		case d == nil:
			t.Fatalf("the %s's states are not numbered densely", side)
		case more[side] || d.met() > est[side]+1:
			t.Errorf("the %s met %d states, estimated %d (more: %v)", side, d.met(), est[side], more[side])
		case uint64(c.ss[Attacker].n)*uint64(c.ss[Defender].n) > maxCodes:
			t.Errorf("joint code %d × %d passes %d", c.ss[Attacker].n, c.ss[Defender].n, uint64(maxCodes))
		}
	}
}

// TestDenseCodesRefusedByMemory: a combat whose estimated joint states
// pass the bound is refused before it runs, with a NotExactError naming
// the estimate, its memory and the bound; within the bound the same
// combat is answered.
func TestDenseCodesRefusedByMemory(t *testing.T) {
	p := densePlan(t, SpaceCombat, "2 war sun, 6 dreadnought, 4 carrier, 16 fighter, 4 cruiser", "8 cruiser, 8 destroyer, 4 carrier, 16 fighter, 4 dreadnought", "")
	// 169 × 45 = 7,605 estimated: the attacker's count stops at 7,604 / 45
	// + 1 = 169.
	_, err := solveCodes(t, p, false, 7604, [2]bool{})
	var ne *NotExactError
	if !errors.As(err, &ne) || !strings.Contains(err.Error(), "may reach at least 7605 joint states (the attacker's units at least 169 states, the defender's 45; about 12 MB of memory), more than the limit of the exact solver (7604)") {
		t.Errorf("limit 7604: err %v, want the estimate's refusal", err)
	}
	if _, err := solveCodes(t, p, false, 7605, [2]bool{}); err != nil {
		t.Errorf("limit 7605: %v", err)
	}
	_, err = solveCodes(t, p, false, 100, [2]bool{}) // each side's count stops past √100 = 10
	if !errors.As(err, &ne) || !strings.Contains(err.Error(), "may reach at least 121 joint states (the attacker's units at least 11 states, the defender's at least 11;") {
		t.Errorf("limit 100: err %v, want the estimate's refusal, counted no further than needed", err)
	}
}

// TestDenseCodesFull: a dense numbering gives at most its limit of codes;
// a state past it gets code 0 and makes the chain's answer refused.
func TestDenseCodesFull(t *testing.T) {
	p := densePlan(t, SpaceCombat, "3 cruiser", "3 cruiser", "")
	c := &chain{ct: InSpace, plan: p}
	c.ss[Attacker], _ = p.stateCodes(Attacker, p.participants(Attacker, InSpace), maxCodes)
	ss := &c.ss[Attacker]
	ss.dense = newDenseCodes(ss, 3)
	ss.n = 3
	var alive, damaged [MaxSlots]uint16
	slot := ss.slots[0]
	for k, want := range []uint32{1, 2, 0} {
		alive[slot] = uint16(3 - k)
		if got := ss.encode(&alive, &damaged); got != want {
			t.Errorf("%d cruisers: code %d, want %d", alive[slot], got, want)
		}
	}
	alive[slot] = 2
	if got := ss.encode(&alive, &damaged); got != 2 {
		t.Errorf("2 cruisers again: code %d, want 2", got)
	}
	var back, dmg [MaxSlots]uint16
	ss.decode(1, &back, &dmg)
	if back[slot] != 3 || ss.unit(2, 0)[0] != 2 {
		t.Errorf("decode 1: %d cruisers, unit(2): %v; want 3 and 2", back[slot], ss.unit(2, 0))
	}
	if err := c.codesErr(); err == nil || !strings.Contains(err.Error(), "the attacker's units in space combat reach more than 3 states") {
		t.Errorf("codesErr: %v", err)
	}
}
