package engine

import (
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/ti4sim/ti4sim/internal/stats"
	"github.com/ti4sim/ti4sim/units"
)

// Probability is an estimated probability with its 95% Wilson score
// interval: 0 <= Lo <= P <= Hi <= 1.
type Probability struct {
	P, Lo, Hi float64
}

// Mean is an estimated expected value with its standard error (SE >= 0).
type Mean struct {
	Value, SE float64
}

// Counts are the number of trials that ended each way.
type Counts struct {
	AttackerWin, Draw, DefenderWin int64
	// AttackerRetreats, DefenderRetreats and Unfinished are zero unless the
	// scenario has a retreat policy or a round limit.
	AttackerRetreats, DefenderRetreats, Unfinished int64
	// BothWipedOut counts the invasions whose ground combat left no
	// ground forces on either side, already counted in Draw or DefenderWin
	// (Outcomes.BothWipedOut).
	BothWipedOut int64
}

// Outcomes is combat.Outcomes as the engine fills it; its meaning, fields and
// ranges are documented there (combat converts it once, at its seam).
type Outcomes struct {
	AttackerWin, Draw, DefenderWin                 Probability
	AttackerRetreats, DefenderRetreats, Unfinished Probability
	// BothWipedOut (invasions only; zero otherwise) is the probability
	// that the ground combat was fought and left no ground forces on
	// either side: the Draw under Twilight Imperium 4, a part of
	// DefenderWin under Twilight Imperium 3. It does not add to the
	// outcomes above.
	BothWipedOut Probability
}

// Survivor is the expected number of one unit type left at the end.
type Survivor struct {
	// Kind is the unit's kind.
	Kind units.Kind
	// Name is the printed unit name, e.g. "Dreadnought II".
	Name string
	// Start is the number at the start, 1..units.MaxCount.
	Start int
	// Expected is the mean number left, 0..Start.
	Expected Mean
}

// SideResult is what one side keeps and loses.
type SideResult struct {
	// Survivors lists each unit type of the side's fleet in kind order.
	Survivors []Survivor
	// ResourcesLost is the expected total cost of the side's destroyed
	// units (fighters and infantry count 0.5; structures 0).
	ResourcesLost Mean
	// CapacityLost is the expected number of fighters and ground forces
	// removed because the side's ships could not carry them when the space
	// combat ended (not when a round limit stopped it). They count in
	// ResourcesLost too.
	CapacityLost Mean
	// Revived is the expected number of the side's destroyed units that
	// come back by their own ability afterwards (Infantry II: each
	// destroyed one returns on a 6 or more). They are not counted back in
	// Survivors or ResourcesLost: they return home, not to the planet.
	Revived Mean
	// Captured is the expected number of units the side captured (texts
	// that capture destroyed units); 0 without such a text.
	Captured Mean
	// Left is the distribution of the number of the side's units left at
	// the end, by outcome (UnitsLeft).
	Left UnitsLeft
}

// Rounds describes how many combat rounds were fought.
type Rounds struct {
	// Mean is the expected number of rounds (0 when no combat took place).
	Mean Mean
	// Histogram[i] is the probability of i rounds; the last bin, when
	// there are 32, holds 31 or more. Trailing empty bins are omitted.
	Histogram []float64
}

// Phase is the result of the space combat within an invasion.
type Phase struct {
	// Counts and Outcome say who held the space area after space cannon
	// offense and space combat (Draw: neither side had ships).
	Counts  Counts
	Outcome Outcomes
	// Rounds are the space combat rounds.
	Rounds Rounds
}

// Result is what Run found.
type Result struct {
	// Action is what was simulated.
	Action Action
	// Trials is the number of trials run (0 for an exact result); Seed the
	// seed used.
	Trials int64
	Seed   uint64
	// Exact is true for a Result computed by Solve: probabilities and means
	// are exact (to floating-point rounding), intervals have zero width and
	// standard errors are zero. Counts are zero.
	Exact bool
	// Counts and Outcome are the trials and probabilities of each outcome.
	Counts  Counts
	Outcome Outcomes
	// Space is the space part of an invasion; nil for other actions.
	Space *Phase
	// Invaded is the probability that the attacker committed ground
	// forces (invasions only; zero otherwise).
	Invaded Probability
	// GroundRounds are the ground combat rounds of an invasion; nil for
	// other actions.
	GroundRounds *Rounds
	// Attacker and Defender are the two sides' survivors and losses.
	Attacker, Defender SideResult
	// Rounds are all combat rounds of the action (space and ground).
	Rounds Rounds
	// States, for a scenario with a round limit, is how the units stand
	// when the combat stops, most likely first (nil otherwise).
	States []State
	// RetreatWhen, for a side whose retreat policy is best (exact mode), is
	// the states at the start of a space combat round where it announces a
	// retreat that the combat reaches, each with the chance that it does,
	// most likely first (nil otherwise).
	RetreatWhen []State
	// Warnings are things the user should know about the answer, e.g.
	// units that cannot act as given. Empty when there are none.
	Warnings []string
}

// State is one way both sides' units can stand, with its probability.
type State struct {
	P                  Probability
	Attacker, Defender []UnitCount
}

// UnitCount is how many units of one type a side has, and how many of them
// are damaged.
type UnitCount struct {
	Kind           units.Kind
	Name           string
	Alive, Damaged int
}

// exactProbability is an exact probability v: an interval of zero width.
// v is a sum of products of probabilities, which floating-point rounding
// can carry a few units in the last place past 0 or 1; it is clamped to
// [0, 1], as every Probability is.
func exactProbability(v float64) Probability {
	v = min(max(v, 0), 1)
	return Probability{P: v, Lo: v, Hi: v}
}

func probability(k, n int64) Probability {
	lo, hi := stats.Wilson(k, n)
	return Probability{P: float64(k) / float64(n), Lo: lo, Hi: hi}
}

func outcomes(c [numOutcomes]int64, n int64) (Counts, Outcomes) {
	return Counts{AttackerWin: c[AttackerWins], Draw: c[draw], DefenderWin: c[DefenderWins],
			AttackerRetreats: c[attackerRetreats], DefenderRetreats: c[defenderRetreats], Unfinished: c[unfinished]},
		Outcomes{
			AttackerWin:      probability(c[AttackerWins], n),
			Draw:             probability(c[draw], n),
			DefenderWin:      probability(c[DefenderWins], n),
			AttackerRetreats: probability(c[attackerRetreats], n),
			DefenderRetreats: probability(c[defenderRetreats], n),
			Unfinished:       probability(c[unfinished], n),
		}
}

func (h *histogram) rounds(n int64) Rounds {
	m, se := stats.MeanSE(h.sum, h.sumSq, n)
	last := len(h.bins)
	for last > 0 && h.bins[last-1] == 0 {
		last--
	}
	hist := make([]float64, last)
	for i := range hist {
		hist[i] = float64(h.bins[i]) / float64(n)
	}
	return Rounds{Mean: Mean{m, se}, Histogram: hist}
}

// Result turns merged accumulators into a Result.
func (p *Plan) Result(a *Tally, o Options) Result {
	r := Result{Action: p.action, Trials: a.N, Seed: o.Seed}
	r.Counts, r.Outcome = outcomes(a.Outcome, a.N)
	for s, sr := range []*SideResult{&r.Attacker, &r.Defender} {
		s := Side(s)
		for i, sl := range p.Side[s].Slots {
			if !sl.Report {
				continue
			}
			m, se := stats.MeanSE(a.survivors[s][i], a.survivorsSq[s][i], a.N)
			sr.Survivors = append(sr.Survivors, Survivor{
				Kind: sl.Stats.Kind, Name: sl.Stats.Name, Start: p.Side[s].reportedStart(i),
				Expected: Mean{m, se},
			})
		}
		m, se := stats.MeanSE(a.lost[s], a.lostSq[s], a.N)
		sr.ResourcesLost = Mean{m / 2, se / 2} // tallied in half resources
		m, se = stats.MeanSE(a.capacityLost[s], a.capacityLostSq[s], a.N)
		sr.CapacityLost = Mean{m, se}
		m, se = stats.MeanSE(a.captured[s], a.capturedSq[s], a.N)
		sr.Captured = Mean{m, se}
		sr.Left = p.unitsLeftOf(a, s)
		for _, i := range p.Side[s].Revivers {
			q := HitProbability(p.Side[s].Slots[i].Stats.Revive.Value)
			km, kse := stats.MeanSE(a.killed[s][i], a.killedSq[s][i], a.N)
			// E[revived] = q·E[killed]; its SE from the killed count's and the
			// die's own variance: Var = q²·Var(K)/n + q(1−q)·E[K]/n.
			sr.Revived.Value += q * km
			sr.Revived.SE = math.Sqrt(sr.Revived.SE*sr.Revived.SE + q*q*kse*kse + q*(1-q)*km/float64(a.N))
		}
	}
	switch p.action {
	case SpaceCombat:
		r.Rounds = a.rounds[InSpace].rounds(a.N)
	case GroundCombat:
		r.Rounds = a.rounds[OnGround].rounds(a.N)
	case Invasion:
		r.Rounds = a.allRounds.rounds(a.N)
		ph := &Phase{Rounds: a.rounds[InSpace].rounds(a.N)}
		ph.Counts, ph.Outcome = outcomes(a.space, a.N)
		r.Space = ph
		r.Counts.BothWipedOut, r.Outcome.BothWipedOut = a.wipedOut, probability(a.wipedOut, a.N)
		gr := a.rounds[OnGround].rounds(a.N)
		r.GroundRounds = &gr
		r.Invaded = probability(a.invaded, a.N)
	}
	r.States = p.states(a)
	r.Warnings = append(r.Warnings, p.Warnings...)
	if a.unresolved > 0 && !p.neverEnds {
		r.Warnings = append(r.Warnings, fmt.Sprintf("%d trials reached the round cap of %d rounds in one combat (no unit could score a hit any more, or none did); they are reported as unfinished", a.unresolved, MaxRounds))
	}
	return r
}

// HalfWidth returns the largest half-width of the three intervals.
func (o Outcomes) HalfWidth() float64 {
	w := 0.0
	for _, p := range []Probability{o.AttackerWin, o.Draw, o.DefenderWin} {
		w = max(w, (p.Hi-p.Lo)/2)
	}
	return w
}

// states turns the tallied end states into States, most likely first (ties
// in a fixed order, so the output is reproducible).
func (p *Plan) states(a *Tally) []State {
	if a.states == nil {
		return nil
	}
	return statesOf(p, a.states, func(n int64) Probability { return probability(n, a.N) })
}

// statesOf lists the end states of m (a count or a probability each), most
// likely first (ties: by the units), with their probabilities by prob.
func statesOf[V int64 | float64](p *Plan, m map[unitState]V, prob func(V) Probability) []State {
	keys := make([]unitState, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(x, y unitState) int {
		if c := cmp.Compare(m[y], m[x]); c != 0 {
			return c
		}
		for s := range x {
			for k := range x[s] {
				if c := slices.Compare(x[s][k][:], y[s][k][:]); c != 0 {
					return c
				}
			}
		}
		return 0
	})
	out := make([]State, 0, len(keys))
	for _, k := range keys {
		st := State{P: prob(m[k])}
		for side, list := range []*[]UnitCount{&st.Attacker, &st.Defender} {
			for _, kind := range units.DisplayOrder() {
				for i, sl := range p.Side[side].Slots {
					if sl.Report && sl.Stats.Kind == kind && k[side][0][i] > 0 {
						*list = append(*list, UnitCount{Kind: sl.Stats.Kind, Name: sl.Stats.Name, Alive: int(k[side][0][i]), Damaged: int(k[side][1][i])})
					}
				}
			}
		}
		out = append(out, st)
	}
	return out
}
