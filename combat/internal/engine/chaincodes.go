package engine

import (
	"fmt"
	"math"
)

// How a chain numbers its joint states, and the exact solver's refusal by
// memory before it runs. A joint state is a uint32 (the attacker's state
// × the defender's state count + the defender's). Each side's states are
// mixed-radix codes when the two sides' spaces multiply within it, else
// numbered densely as met (densecodes.go), the code split between the
// sides in proportion to the states each may reach (reach.go): no combat
// is refused for the size of its codes, only for the memory its states
// would take.

// maxCodes bounds the product of the two sides' state spaces: a joint
// state is a uint32.
const maxCodes = 1<<32 - 1

// jointStateBytes is the memory the exact solver takes at its peak per
// joint state of its estimate, measured on battles whose sides' orders put
// fighters last (the barrage and the hits make each side's states
// two-dimensional): 164,025 estimated joint states peaked at 210 MB of
// resident memory, 609,961 at 955 MB, the 14,161 of the mirrored bench
// battle at 30 MB (10 MB of it the process), rounded up. It turns a count
// of joint states into the memory a player can weigh: the default bound of
// 4,194,304 joint states (DefaultMaxStates) is about 6.3 GB.
const jointStateBytes = 1600

// layCodes estimates the joint states chain c's combat may reach, refuses
// a combat whose estimate passes the solver's bound on joint states, and
// numbers the sides' states densely when their mixed-radix codes
// multiply past a joint code (or sparse is set: the test of the two
// numberings).
func (s *Solver) layCodes(c *chain, sparse bool) error {
	est, more := s.reachEstimate(c)
	if n := est[Attacker] * est[Defender]; n > s.MaxStates {
		return memoryRefusal(c.ct, n, est, more, s.MaxStates)
	}
	c.reach = est
	raw := [2]int{c.ss[Attacker].n, c.ss[Defender].n}
	if !sparse && uint64(raw[Attacker])*uint64(raw[Defender]) <= maxCodes {
		return nil
	}
	lim := jointSplit(est, raw)
	for side := range NumSides {
		ss := &c.ss[side]
		if s.Optimal[side] && int(lim[side]) == raw[side] {
			continue // an optimal side's policy indexes its whole space (its estimate): mixed-radix codes
		}
		ss.n = int(lim[side])
		ss.dense = newDenseCodes(ss, lim[side])
	}
	return nil
}

// memoryRefusal is the refusal of a combat of type ct whose sides may
// reach est states (at least, where more), n joint states, past the bound
// limit.
func memoryRefusal(ct CombatType, n int, est [2]int, more [2]bool, limit int) error {
	count := func(k int, more bool) string {
		if more {
			return fmt.Sprintf("at least %d", k)
		}
		return fmt.Sprint(k)
	}
	return NotExact("exact mode: the %s combat may reach %s joint states (the attacker's units %s states, the defender's %s; about %s of memory), more than the limit of the exact solver (%d)",
		combatName(ct), count(n, more[Attacker] || more[Defender]), count(est[Attacker], more[Attacker]), count(est[Defender], more[Defender]), memoryOf(n), limit)
}

// reachEstimate returns each side's reachable states (Plan.reachable; an
// optimal side's whole space), counted no further than it takes to tell
// that their product passes the bound on joint states (each past its
// square root first, then the larger past the bound over the smaller);
// more[side] is set where the count stopped there (the side may reach
// more).
func (s *Solver) reachEstimate(c *chain) (est [2]int, more [2]bool) {
	root := max(1, int(math.Sqrt(float64(s.MaxStates))))
	for side := range NumSides {
		if est[side], more[side] = c.ss[side].n, c.ss[side].n > s.MaxStates; more[side] {
			est[side] = s.MaxStates + 1
		}
		if !s.Optimal[side] {
			est[side], more[side] = s.P.reachable(side, c.ct, &c.ss[side], root)
		}
	}
	for side := range NumSides {
		if o := est[side.Opp()]; more[side] && !more[side.Opp()] && !s.Optimal[side] {
			est[side], more[side] = s.P.reachable(side, c.ct, &c.ss[side], s.MaxStates/o)
		}
	}
	return est, more
}

// jointSplit returns each side's share of the joint code, for sides that
// may reach est states out of raw: in proportion to est, with the same
// room to spare on both sides, and never past raw; the product stays
// within maxCodes.
func jointSplit(est, raw [2]int) [2]uint32 {
	ea, ed := float64(max(1, min(est[Attacker], raw[Attacker]))), float64(max(1, min(est[Defender], raw[Defender])))
	room := max(1, math.Sqrt(maxCodes/(ea*ed)))
	nd := uint64(min(float64(raw[Defender]), max(ed, math.Floor(ed*room)), maxCodes))
	na := min(uint64(raw[Attacker]), maxCodes/nd)
	return [2]uint32{uint32(na), uint32(nd)}
}

// memoryOf describes the memory n joint states take.
func memoryOf(n int) string {
	b := float64(n) * jointStateBytes
	if b < 1<<30 {
		return fmt.Sprintf("%.0f MB", b/(1<<20))
	}
	return fmt.Sprintf("%.1f GB", b/(1<<30))
}

// codesErr returns, when a side of chain c met more states than its
// share of the joint code (whose numbers were then wrong), the refusal;
// nil otherwise.
func (c *chain) codesErr() error {
	for side := range NumSides {
		if d := c.ss[side].dense; d != nil && d.full {
			return NotExact("exact mode: the %s's units in %s combat reach more than %d states, the limit of the exact solver", side, combatName(c.ct), d.limit)
		}
	}
	return nil
}
