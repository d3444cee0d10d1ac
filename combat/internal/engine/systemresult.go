package engine

import (
	"context"
	"math/rand/v2"

	"github.com/ti4sim/ti4sim/internal/montecarlo"
	"github.com/ti4sim/ti4sim/internal/stats"
)

// SystemResult is the answer for a system invasion (SystemPlan).
type SystemResult struct {
	// Exact is true for an exact answer (intervals of zero width, SE 0).
	Exact bool
	// Trials and Seed are the Monte Carlo run's (0 when exact).
	Trials int64
	Seed   uint64
	// Commit names the commit policy (CommitPolicy.String).
	Commit string
	// TakeAll is the chance the attacker controls every planet at the end.
	TakeAll Probability
	// Taken[n] is the chance it controls exactly n planets, n = 0..the
	// number of planets; TakenMean is the expected number.
	Taken     []Probability
	TakenMean Mean
	// Space is who holds the space area after the space combat, as for
	// a space combat (a draw: neither side has ships; no combat: the side
	// that had ships).
	Space Outcomes
	// Ships[side] are the side's ships left in the space area after the
	// space combat and its capacity check.
	Ships [2][]Survivor
	// Kept are the attacker's ground forces left in the space area: not
	// committed, or no invasion took place.
	Kept []Survivor
	// Planets are the planets, in the order given.
	Planets []PlanetResult
	// ResourcesLost is each side's expected cost of units destroyed or
	// removed for capacity (fighters and infantry count 0.5, structures 0).
	ResourcesLost [2]Mean
	// SpaceRounds is the mean number of space combat rounds (0: none).
	SpaceRounds Mean
	// Warnings are notes on the run (its plans' warnings included).
	Warnings []string
	// Ends, when the plan asks for them (SystemPlan.Ends), are the end
	// states, most likely first; their probabilities add up to 1.
	Ends []SystemEnd
}

// PlanetResult is one planet's part of a SystemResult.
type PlanetResult struct {
	// Name is the planet's name as given.
	Name string
	// Taken is the chance the attacker controls the planet at the end.
	Taken Probability
	// Invaded is the chance the attacker's ground forces landed on it.
	Invaded Probability
	// WipedOut is the chance its ground combat left no ground forces on
	// either side (the defender keeps the planet).
	WipedOut Probability
	// Committed are the attacker's ground forces landed on it, Attacker
	// those left on it at the end (0 where none landed), Defender the
	// defender's units left on it (structures are destroyed when the
	// attacker takes it).
	Committed, Attacker, Defender []Survivor
	// GroundRounds is the mean number of its ground combat rounds (0:
	// none).
	GroundRounds Mean
}

// systemTally accumulates system trials with integer sums (exact to
// merge in any order).
type systemTally struct {
	n           int64
	taken       [MaxPlanets + 1]int64 // trials by number of planets taken
	space       [numOutcomes]int64
	ships       [2][MaxSlots]sums
	kept        [MaxSlots]sums
	lost        [2]sums
	spaceRounds sums
	planets     [MaxPlanets]planetTally
	// ends counts the trials by end state (nil: not asked).
	ends map[systemEnd]float64
}

// planetTally is one planet's part of a systemTally.
type planetTally struct {
	taken, invaded, wiped         int64
	committed, attacker, defender [MaxSlots]sums
	rounds                        sums
}

// sums are the sum and the sum of squares of a per-trial count.
type sums struct{ sum, sq int64 }

func (m *sums) add(v int64)  { m.sum += v; m.sq += v * v }
func (m *sums) merge(o sums) { m.sum += o.sum; m.sq += o.sq }

func (a *systemTally) add(st *systemTrial) {
	sys := st.sys
	a.n++
	taken := 0
	for k := range sys.Planets {
		t, pt := st.planet[k], &a.planets[k]
		if st.outcome[k] == AttackerWins {
			taken++
			pt.taken++
		}
		if st.invaded[k] {
			pt.invaded++
		}
		if st.wiped[k] {
			pt.wiped++
		}
		for _, g := range sys.ground {
			pt.committed[g].add(int64(st.committed[k][g]))
			if st.invaded[k] {
				pt.attacker[g].add(int64(t.Alive[Attacker][g]))
			}
		}
		for i, sl := range sys.Planets[k].Side[Defender].Slots {
			if sl.Zone == ZonePlanet {
				pt.defender[i].add(int64(t.Alive[Defender][i]))
			}
		}
		pt.rounds.add(int64(t.rounds[OnGround]))
	}
	a.taken[taken]++
	a.space[st.space.space]++
	for side := range NumSides {
		for i, sl := range sys.Space.Side[side].Slots {
			if sl.Stats.Kind.Ship() {
				a.ships[side][i].add(int64(st.shipsLeft[side][i]))
			}
		}
		a.lost[side].add(int64(st.lost[side]))
	}
	for _, g := range sys.ground {
		a.kept[g].add(int64(st.kept[g]))
	}
	a.spaceRounds.add(int64(st.space.rounds[InSpace]))
	if a.ends != nil {
		a.ends[st.endOf()]++
	}
}

func (a *systemTally) merge(b *systemTally) {
	a.n += b.n
	for i := range a.taken {
		a.taken[i] += b.taken[i]
	}
	for i := range a.space {
		a.space[i] += b.space[i]
	}
	for s := range 2 {
		for i := range MaxSlots {
			a.ships[s][i].merge(b.ships[s][i])
		}
		a.lost[s].merge(b.lost[s])
	}
	for i := range MaxSlots {
		a.kept[i].merge(b.kept[i])
	}
	a.spaceRounds.merge(b.spaceRounds)
	if b.ends != nil {
		if a.ends == nil {
			a.ends = map[systemEnd]float64{}
		}
		for k, v := range b.ends {
			a.ends[k] += v
		}
	}
	for k := range MaxPlanets {
		p, q := &a.planets[k], &b.planets[k]
		p.taken, p.invaded, p.wiped = p.taken+q.taken, p.invaded+q.invaded, p.wiped+q.wiped
		p.rounds.merge(q.rounds)
		for i := range MaxSlots {
			p.committed[i].merge(q.committed[i])
			p.attacker[i].merge(q.attacker[i])
			p.defender[i].merge(q.defender[i])
		}
	}
}

// systemWorker runs system trials (montecarlo.Worker).
type systemWorker struct {
	t   *systemTrial
	acc systemTally
}

func (w *systemWorker) Trials(rng *rand.PCG, n int) {
	for range n {
		w.t.play(rng)
		w.acc.add(w.t)
	}
}

// Run simulates the system o.Trials times (chunks seeded as for a single
// action: the same seed gives the same answer for every worker count).
func (sys *SystemPlan) Run(ctx context.Context, o Options) (SystemResult, error) {
	sys.Space.BuildTables(ctx)
	for _, p := range sys.Planets {
		p.BuildTables(ctx)
	}
	ws, err := montecarlo.Run(ctx, o.Runner(), func() *systemWorker {
		w := &systemWorker{t: newSystemTrial(sys)}
		if sys.Ends {
			w.acc.ends = map[systemEnd]float64{}
		}
		return w
	})
	if err != nil {
		return SystemResult{}, err
	}
	var acc systemTally
	for _, w := range ws {
		acc.merge(&w.acc)
	}
	if err := sys.Commit.Err(); err != nil {
		return SystemResult{}, err
	}
	return sys.sampledResult(&acc, o), nil
}

// sampledResult turns a tally into a SystemResult.
func (sys *SystemPlan) sampledResult(a *systemTally, o Options) SystemResult {
	prob := func(k int64) Probability {
		lo, hi := stats.Wilson(k, a.n)
		return Probability{P: float64(k) / float64(a.n), Lo: lo, Hi: hi}
	}
	mean := func(m sums) Mean {
		v, se := stats.MeanSE(m.sum, m.sq, a.n)
		return Mean{v, se}
	}
	r := SystemResult{Trials: a.n, Seed: o.Seed, Commit: sys.Commit.String()}
	kp := len(sys.Planets)
	r.TakeAll = prob(a.taken[kp])
	var sum, sumSq int64
	for n := 0; n <= kp; n++ {
		r.Taken = append(r.Taken, prob(a.taken[n]))
		sum += int64(n) * a.taken[n]
		sumSq += int64(n*n) * a.taken[n]
	}
	r.TakenMean = mean(sums{sum, sumSq})
	_, r.Space = outcomes(a.space, a.n)
	for side := range NumSides {
		for i, sl := range sys.Space.Side[side].Slots {
			if sl.Stats.Kind.Ship() && sl.Report {
				r.Ships[side] = append(r.Ships[side], survivor(sys.Space, Side(side), i, mean(a.ships[side][i])))
			}
		}
		m := mean(a.lost[side])
		r.ResourcesLost[side] = Mean{m.Value / 2, m.SE / 2}
	}
	for _, g := range sys.ground {
		r.Kept = append(r.Kept, survivor(sys.Space, Attacker, int(g), mean(a.kept[g])))
	}
	r.SpaceRounds = mean(a.spaceRounds)
	for k, p := range sys.Planets {
		pt := &a.planets[k]
		pr := PlanetResult{Name: sys.Names[k], Taken: prob(pt.taken), Invaded: prob(pt.invaded), WipedOut: prob(pt.wiped),
			GroundRounds: mean(pt.rounds)}
		for _, g := range sys.ground {
			pr.Committed = append(pr.Committed, survivor(p, Attacker, int(g), mean(pt.committed[g])))
			pr.Attacker = append(pr.Attacker, survivor(p, Attacker, int(g), mean(pt.attacker[g])))
		}
		for i, sl := range p.Side[Defender].Slots {
			if sl.Zone == ZonePlanet && sl.Report {
				pr.Defender = append(pr.Defender, survivor(p, Defender, i, mean(pt.defender[i])))
			}
		}
		r.Planets = append(r.Planets, pr)
	}
	r.Warnings = sys.warnings()
	if a.ends != nil {
		r.Ends = endsOf(sys, a.ends, func(k float64) Probability { return prob(int64(k)) })
	}
	return r
}

// survivor is slot i of side in plan p with its expected count left.
func survivor(p *Plan, side Side, i int, m Mean) Survivor {
	sl := p.Side[side].Slots[i]
	return Survivor{Kind: sl.Stats.Kind, Name: sl.Stats.Name, Start: int(p.Side[side].Start[i]), Expected: m}
}

// warnings are the plans' warnings, each once.
func (sys *SystemPlan) warnings() []string {
	var out []string
	seen := map[string]bool{}
	for _, p := range append([]*Plan{sys.Space}, sys.Planets...) {
		for _, w := range p.Warnings {
			if !seen[w] {
				seen[w] = true
				out = append(out, w)
			}
		}
	}
	return out
}
