// Package plain is a plain per-die simulation of one space battle, written
// the obvious way: every unit is a struct, every die is one random number,
// hits are assigned by walking the fleet in loss order. It is the yardstick
// of the performance page (docs/performance.md): ti4sim must cost at most a quarter of
// it on the same battle. It follows the engine's rules (anti-fighter barrage
// in round 1, Sustain Damage first, the cheapest unit lost first), which
// bench's TestPlainMatchesEngine checks.
package plain

import "math/rand/v2"

// Unit is one unit of a plain fleet.
type Unit struct {
	combat   int // hits on combat or more
	afb      int // anti-fighter barrage value, 0 for none
	afbDice  int
	sustain  bool
	damaged  bool
	fighter  bool
	priority int // loss order: lower is lost first
	alive    bool
}

// Fleet builds a fleet of generic dreadnoughts, carriers, destroyers and
// fighters in loss order: Fleet(0, 3, 0, 6) is "3 carrier, 6 fighter".
func Fleet(dreads, carriers, destroyers, fighters int) []Unit {
	var u []Unit
	for range fighters {
		u = append(u, Unit{combat: 9, fighter: true, priority: 0})
	}
	for range destroyers {
		u = append(u, Unit{combat: 9, afb: 9, afbDice: 2, priority: 1})
	}
	for range carriers {
		u = append(u, Unit{combat: 9, priority: 3})
	}
	for range dreads {
		u = append(u, Unit{combat: 5, sustain: true, priority: 4})
	}
	return u
}

func alive(u []Unit) bool {
	for i := range u {
		if u[i].alive {
			return true
		}
	}
	return false
}

func assign(u []Unit, hits int, fightersOnly bool) {
	for ; hits > 0; hits-- {
		done := false
		if !fightersOnly {
			for i := range u {
				if u[i].alive && u[i].sustain && !u[i].damaged {
					u[i].damaged, done = true, true
					break
				}
			}
		}
		if done {
			continue
		}
		for i := range u { // u is in loss order
			if u[i].alive && (!fightersOnly || u[i].fighter) {
				u[i].alive, done = false, true
				break
			}
		}
		if !done {
			return
		}
	}
}

// Battle plays one battle between fleets a and d (reset first) and returns
// 0 when the attacker wins, 1 for a draw, 2 when the defender wins.
func Battle(r *rand.Rand, a, d []Unit) int {
	for i := range a {
		a[i].alive, a[i].damaged = true, false
	}
	for i := range d {
		d[i].alive, d[i].damaged = true, false
	}
	afb := func(u []Unit) int {
		h := 0
		for i := range u {
			for range u[i].afbDice {
				if r.IntN(10)+1 >= u[i].afb {
					h++
				}
			}
		}
		return h
	}
	ha, hd := afb(a), afb(d)
	assign(d, ha, true)
	assign(a, hd, true)
	for alive(a) && alive(d) {
		roll := func(u []Unit) int {
			h := 0
			for i := range u {
				if u[i].alive && r.IntN(10)+1 >= u[i].combat {
					h++
				}
			}
			return h
		}
		ha, hd := roll(a), roll(d)
		assign(d, ha, false)
		assign(a, hd, false)
	}
	switch {
	case alive(a):
		return 0
	case alive(d):
		return 2
	}
	return 1
}
