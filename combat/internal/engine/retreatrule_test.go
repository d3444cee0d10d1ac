package engine

import (
	"context"
	"math"
	"testing"

	"github.com/ti4sim/ti4sim/units"
)

// TestBestRetreatMatchesBruteForce checks the best retreat against every
// retreat rule there is on tiny battles: for each set of round-start states
// in which the attacker (then the defender) could announce, an independent
// evaluation (the brute force's hit distributions and default orders)
// gives the score P(win) + ½·P(neither); the best of them must equal the
// score of the exact solve with the best retreat, to 1e-12, and beat never
// retreating where retreating pays.
func TestBestRetreatMatchesBruteForce(t *testing.T) {
	paid := 0
	for _, c := range [][2]bruteSide{
		{{{}, {1, 0}, {}, {1, 0}, {}}, {{}, {3, 0}, {}, {}, {}}},     // 1 cruiser, 1 dreadnought vs 3 cruiser
		{{{2, 0}, {1, 0}, {}, {}, {}}, {{}, {1, 0}, {}, {1, 0}, {}}}, // 2 fighter, 1 cruiser vs 1 cruiser, 1 dreadnought
		{{{}, {}, {}, {2, 0}, {}}, {{}, {}, {}, {1, 0}, {1, 0}}},     // 2 dreadnought vs 1 dreadnought, 1 war sun
		{{{1, 0}, {2, 0}, {}, {}, {}}, {{2, 0}, {2, 0}, {}, {}, {}}}, // 1 fighter, 2 cruiser vs 2 fighter, 2 cruiser
		{{{}, {1, 0}, {1, 0}, {}, {}}, {{}, {}, {}, {1, 0}, {}}},     // 1 cruiser, 1 carrier vs 1 dreadnought
	} {
		for side := range NumSides {
			b := &brute{}
			// The round-start states both sides by order can reach.
			var states [][2]bruteSide
			seen := map[[2]bruteSide]bool{c: true}
			for queue := [][2]bruteSide{c}; len(queue) > 0; queue = queue[1:] {
				s := queue[0]
				if !alive(s[0]) || !alive(s[1]) {
					continue
				}
				states = append(states, s)
				pa, pd := b.pmf(s[0]), b.pmf(s[1])
				for ha := range pa {
					for hd := range pd {
						n := [2]bruteSide{byOrder(s[0], hd), byOrder(s[1], ha)}
						if !seen[n] {
							seen[n] = true
							queue = append(queue, n)
						}
					}
				}
			}
			if len(states) > 16 {
				t.Fatalf("%d states: too many subsets", len(states))
			}
			score := func(leave map[[2]bruteSide]bool) float64 {
				win := [2]int{0, 2}[side]
				memo := map[[2]bruteSide][3]float64{}
				var value func(s [2]bruteSide) [3]float64
				end := func(n [2]bruteSide) [3]float64 {
					var v [3]float64
					switch {
					case !alive(n[0]) && !alive(n[1]):
						v[1] = 1
					case !alive(n[1]):
						v[0] = 1
					case !alive(n[0]):
						v[2] = 1
					default:
						v[1] = 1 // retreated
					}
					return v
				}
				value = func(s [2]bruteSide) [3]float64 {
					if v, ok := memo[s]; ok {
						return v
					}
					if !alive(s[0]) || !alive(s[1]) {
						return end(s)
					}
					pa, pd := b.pmf(s[0]), b.pmf(s[1])
					p00 := pa[0] * pd[0]
					var v [3]float64
					for ha, qa := range pa {
						for hd, qd := range pd {
							n := [2]bruteSide{byOrder(s[0], hd), byOrder(s[1], ha)}
							var w [3]float64
							q := qa * qd
							switch {
							case leave[s]:
								w = end(n)
							case ha == 0 && hd == 0:
								continue
							default:
								w, q = value(n), q/(1-p00)
							}
							for k := range v {
								v[k] += q * w[k]
							}
						}
					}
					memo[s] = v
					return v
				}
				v := value(c)
				return v[win] + 0.5*v[1]
			}
			best := math.Inf(-1)
			for mask := range 1 << len(states) {
				leave := map[[2]bruteSide]bool{}
				for i, s := range states {
					if mask&(1<<i) != 0 {
						leave[s] = true
					}
				}
				best = max(best, score(leave))
			}
			never := score(nil)
			a, err := units.ParseFleet(bruteFleet(c[0]))
			if err != nil {
				t.Fatal(err)
			}
			d, err := units.ParseFleet(bruteFleet(c[1]))
			if err != nil {
				t.Fatal(err)
			}
			in := &Input{Action: SpaceCombat, Attacker: Force{Fleet: a}, Defender: Force{Fleet: d}}
			[2]*Force{&in.Attacker, &in.Defender}[side].Retreat = Retreat{Best: true}
			p, err := NewPlan(in, nil, noEffects{})
			if err != nil {
				t.Fatal(err)
			}
			s := &Solver{Ctx: context.Background(), P: p, MaxStates: 1 << 22, Left: NewExactLeft(p)}
			if err := s.Solve(); err != nil {
				t.Fatal(err)
			}
			o := s.outcome
			neither := o[draw] + o[attackerRetreats] + o[defenderRetreats] + o[unfinished]
			got := [2]float64{o[AttackerWins], o[DefenderWins]}[side] + 0.5*neither
			if math.Abs(got-best) > 1e-12 {
				t.Errorf("%s vs %s, %s retreating best: score %.15f, the best of %d rules %.15f", bruteFleet(c[0]), bruteFleet(c[1]), side, got, 1<<len(states), best)
			}
			if best > never+1e-9 {
				paid++
				if len(s.Result().RetreatWhen) == 0 {
					t.Errorf("%s vs %s, %s: retreating pays, yet no state to retreat in is reported", bruteFleet(c[0]), bruteFleet(c[1]), side)
				}
			}
		}
	}
	if paid == 0 {
		t.Error("no case where retreating pays: the cases test nothing")
	}
}
