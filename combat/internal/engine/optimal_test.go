package engine

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ti4sim/ti4sim/units"
)

// noEffects is an effect set with no text: plain units.
type noEffects struct{}

func (noEffects) AddSlots(*SidePlan, *Force, Side) []string { return nil }
func (noEffects) Attach(*Plan)                              {}

// solveOptimal solves the space combat of two fleets of plain units with
// the given sides optimal and returns the solver.
func solveOptimal(t *testing.T, att, def string, opt [2]bool) *Solver {
	t.Helper()
	s, err := solveOptimalWithin(t, att, def, opt, 1<<22)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// solveOptimalWithin is solveOptimal with a bound on the states and the
// error of the solve.
func solveOptimalWithin(t *testing.T, att, def string, opt [2]bool, maxStates int) (*Solver, error) {
	t.Helper()
	a, err := units.ParseFleet(att)
	if err != nil {
		t.Fatal(err)
	}
	d, err := units.ParseFleet(def)
	if err != nil {
		t.Fatal(err)
	}
	p, err := NewPlan(&Input{Action: SpaceCombat, Attacker: Force{Fleet: a}, Defender: Force{Fleet: d}}, nil, noEffects{})
	if err != nil {
		t.Fatal(err)
	}
	s := &Solver{Ctx: context.Background(), P: p, MaxStates: maxStates, Left: NewExactLeft(p), Optimal: opt}
	return s, s.Solve()
}

// TestOptimalStopsAtItsLimit checks that the best hit assignment refuses,
// naming its limit, a battle whose values pass the state bound, for a best
// response and for both sides optimal, instead of growing without end.
func TestOptimalStopsAtItsLimit(t *testing.T) {
	for _, opt := range [][2]bool{{true, false}, {false, true}, {true, true}} {
		_, err := solveOptimalWithin(t, "2 dreadnought, 2 cruiser, 2 fighter", "1 dreadnought, 2 destroyer, 2 fighter", opt, 100)
		if err == nil || !strings.Contains(err.Error(), "more than") {
			t.Errorf("optimal %v within 100 states: err %v, want the limit named", opt, err)
		}
		if _, err := solveOptimalWithin(t, "2 dreadnought, 2 cruiser, 2 fighter", "1 dreadnought, 2 destroyer, 2 fighter", opt, 1<<22); err != nil {
			t.Errorf("optimal %v: %v", opt, err)
		}
	}
}

// bruteUnit is a plain unit of the brute force: its combat value and dice,
// and Sustain Damage.
type bruteUnit struct {
	name        string
	value, dice int
	sustain     bool
}

// bruteUnits are the printed units of the tiny battles (TI4 unit cards),
// in the default order (fighter, cruiser, carrier, dreadnought, war sun).
var bruteUnits = []bruteUnit{
	{"fighter", 9, 1, false}, {"cruiser", 7, 1, false}, {"carrier", 9, 1, false},
	{"dreadnought", 5, 1, true}, {"war sun", 3, 3, true},
}

// bruteSide is a side of the brute force: per bruteUnits entry, the units
// alive and how many of them are damaged.
type bruteSide [5][2]int

// brute is an independent solver of a space combat where side opt (0
// attacker, 1 defender) tries every sequence of single-hit choices — any
// unit destroyed, damaged or not, or any undamaged unit with Sustain
// Damage using it — and keeps the best by its chance to win, then to draw;
// the other side follows the default order (Sustain Damage first, then the
// first unit in the order, a damaged one first). Hits per roll come from a
// convolution of each die's chance.
type brute struct {
	opt  int
	memo map[[2]bruteSide][3]float64
}

func (b *brute) pmf(s bruteSide) []float64 {
	pmf := []float64{1}
	for k, u := range bruteUnits {
		for range s[k][0] * u.dice {
			p := float64(11-u.value) / 10
			next := make([]float64, len(pmf)+1)
			for h, q := range pmf {
				next[h] += q * (1 - p)
				next[h+1] += q * p
			}
			pmf = next
		}
	}
	return pmf
}

func alive(s bruteSide) bool {
	for _, u := range s {
		if u[0] > 0 {
			return true
		}
	}
	return false
}

// byOrder takes h hits by the default order.
func byOrder(s bruteSide, h int) bruteSide {
	for ; h > 0; h-- {
		done := false
		for k, u := range bruteUnits { // bruteUnits is in the default order
			if u.sustain && s[k][0] > s[k][1] {
				s[k][1]++
				done = true
				break
			}
		}
		for k := range bruteUnits {
			if !done && s[k][0] > 0 {
				s[k][0]--
				if s[k][1] > 0 {
					s[k][1]--
				}
				done = true
			}
		}
	}
	return s
}

// every returns every state h hits can leave s in, over all sequences.
func every(s bruteSide, h int) map[bruteSide]bool {
	out := map[bruteSide]bool{}
	if h == 0 || !alive(s) {
		out[s] = true
		return out
	}
	for k, u := range bruteUnits {
		a, d := s[k][0], s[k][1]
		if a == 0 {
			continue
		}
		var moves []bruteSide
		if u.sustain && a > d {
			n := s
			n[k][1]++
			moves = append(moves, n)
		}
		if d > 0 {
			n := s
			n[k][0]--
			n[k][1]--
			moves = append(moves, n)
		}
		if a > d {
			n := s
			n[k][0]--
			moves = append(moves, n)
		}
		for _, n := range moves {
			for m := range every(n, h-1) {
				out[m] = true
			}
		}
	}
	return out
}

func (b *brute) value(s [2]bruteSide) [3]float64 {
	if v, ok := b.memo[s]; ok {
		return v
	}
	var v [3]float64
	switch {
	case !alive(s[0]) && !alive(s[1]):
		v[1] = 1
	case !alive(s[1]):
		v[0] = 1
	case !alive(s[0]):
		v[2] = 1
	default:
		pa, pd := b.pmf(s[0]), b.pmf(s[1])
		p00 := pa[0] * pd[0]
		win := [2]int{0, 2}[b.opt]
		for ha, qa := range pa {
			for hd, qd := range pd {
				if ha == 0 && hd == 0 {
					continue
				}
				hits := [2]int{hd, ha} // taken by each side
				var best [3]float64
				first := true
				for n := range every(s[b.opt], hits[b.opt]) {
					var next [2]bruteSide
					next[b.opt], next[1-b.opt] = n, byOrder(s[1-b.opt], hits[1-b.opt])
					w := b.value(next)
					if first || w[win] > best[win]+1e-12 || (math.Abs(w[win]-best[win]) <= 1e-12 && w[1] > best[1]+1e-12) {
						best, first = w, false
					}
				}
				for k := range v {
					v[k] += qa * qd / (1 - p00) * best[k]
				}
			}
		}
	}
	b.memo[s] = v
	return v
}

func bruteFleet(s bruteSide) string {
	var parts []string
	for k, u := range bruteUnits {
		if s[k][0] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", s[k][0], u.name))
		}
	}
	return strings.Join(parts, ", ")
}

// tinyBattles returns the battles fixed, then random ones drawn from rng
// (each kind of unit absent or 0–2 of it, at most one war sun, both sides
// with a unit) up to n in all.
func tinyBattles(rng *rand.Rand, n int, fixed ...[2]bruteSide) [][2]bruteSide {
	cases := fixed
	for len(cases) < n {
		var c [2]bruteSide
		for side := range c {
			for k := range bruteUnits {
				if rng.IntN(2) == 0 {
					c[side][k][0] = rng.IntN(3)
				}
			}
			c[side][4][0] = min(c[side][4][0], 1) // at most one war sun
		}
		if alive(c[0]) && alive(c[1]) {
			cases = append(cases, c)
		}
	}
	return cases
}

// TestOptimalMatchesBruteForce checks the best response (one side optimal,
// the other by its order) against the brute force over every assignment
// sequence, to 1e-12, on tiny battles, for either side optimal, and that
// it is never below the order's value.
func TestOptimalMatchesBruteForce(t *testing.T) {
	// Fixed cases where the choice matters, then random tiny fleets.
	cases := tinyBattles(rand.New(rand.NewPCG(16, 3)), 24,
		[2]bruteSide{{{2, 0}, {1, 0}, {1, 0}, {1, 0}, {}}, {{}, {3, 0}, {}, {1, 0}, {}}},
		[2]bruteSide{{{3, 0}, {}, {}, {}, {1, 0}}, {{2, 0}, {2, 0}, {}, {2, 0}, {}}},
	)
	gains := 0
	for _, c := range cases {
		for opt := range 2 {
			att, def := bruteFleet(c[0]), bruteFleet(c[1])
			b := &brute{opt: opt, memo: map[[2]bruteSide][3]float64{}}
			want := b.value(c)
			o := [2]bool{}
			o[opt] = true
			s := solveOptimal(t, att, def, o)
			got := [3]float64{s.outcome[0], s.outcome[1], s.outcome[2]}
			for k := range got {
				if math.Abs(got[k]-want[k]) > 1e-12 {
					t.Errorf("%s vs %s, side %d optimal: %v, brute force %v", att, def, opt, got, want)
					break
				}
			}
			plain := solveOptimal(t, att, def, [2]bool{})
			win := [2]int{0, 2}[opt]
			if got[win] < plain.outcome[win]-1e-12 {
				t.Errorf("%s vs %s, side %d optimal: wins %.15f, below the order's %.15f", att, def, opt, got[win], plain.outcome[win])
			}
			if got[win] > plain.outcome[win]+1e-9 {
				gains++
			}
		}
	}
	if gains == 0 {
		t.Error("no case where the best assignment beats the order: the cases test nothing")
	}
}

// TestBothOptimalNoDeviation checks the simultaneous game: with both sides
// optimal, a side that knows the other's strategy (every state, every pair
// of hit counts, mixed where the game is) and answers it as well as it can
// gains nothing — its best response, a dynamic programme of its own over
// the other's decisions, equals the game's value to 1e-12.
func TestBothOptimalNoDeviation(t *testing.T) {
	for _, c := range [][2]string{
		{"1 dreadnought, 2 fighter, 1 carrier", "2 cruiser, 1 dreadnought"},
		{"1 war sun, 2 fighter", "2 dreadnought, 2 cruiser"},
		{"2 cruiser, 2 fighter", "1 dreadnought, 1 carrier, 1 fighter"},
	} {
		s := solveOptimal(t, c[0], c[1], [2]bool{true, true})
		o := s.first.policy
		start := sortedKeys(s.firstStart)[0]
		game := o.valueOf(start).score()
		for dev := range NumSides {
			memo := map[uint32]float64{}
			var br func(j uint32) float64 // dev's score from j, answering the other's strategy
			br = func(j uint32) float64 {
				if v, ok := memo[j]; ok {
					return v
				}
				sa, sd := j/o.nd, j%o.nd
				score := func(v optValue) float64 {
					if dev == Attacker {
						return v.score()
					}
					return 1 - v.score()
				}
				if sa == 0 || sd == 0 {
					return score(o.terminal(sa, sd))
				}
				pa, pd := o.c.pmfOf(Attacker, sa), o.c.pmfOf(Defender, sd)
				p00 := pa[0] * pd[0]
				v := 0.0
				for ha, qa := range pa {
					for hd, qd := range pd {
						if ha == 0 && hd == 0 {
							continue
						}
						theirs := o.merged(dev.Opp(), j, ha, hd)
						mine := o.options(dev, [2]uint32{sa, sd}[dev], [2]int{hd, ha}[dev])
						best := math.Inf(-1)
						for _, m := range mine {
							e := 0.0
							for _, ws := range theirs {
								jj := m*o.nd + ws.j
								if dev == Defender {
									jj = ws.j*o.nd + m
								}
								e += ws.w * br(jj)
							}
							best = max(best, e)
						}
						v += qa * qd / (1 - p00) * best
					}
				}
				memo[j] = v
				return v
			}
			want := game
			if dev == Defender {
				want = 1 - game
			}
			if got := br(start); math.Abs(got-want) > 1e-12 {
				t.Errorf("%s vs %s: the %s answering the other's strategy scores %.15f, the game gives it %.15f", c[0], c[1], dev, got, want)
			}
		}
	}
}
