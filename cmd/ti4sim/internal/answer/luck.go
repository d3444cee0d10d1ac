package answer

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/report"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service/endpoint"
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/combat/luck"
	"github.com/ti4sim/ti4sim/units"
)

// Luck answers a luck document: a battle's end placed among the end
// states the solver (or a simulation) gives, a roll's hits among its
// Poisson-binomial distribution, or the bounds the bot's totals allow.
func Luck(ctx context.Context, d *scenario.Luck, e *Env, f report.Format, w io.Writer) error {
	var l report.Luck
	if d.Roll != nil || d.Totals != nil {
		// A run of the service passes its gate (a small one: no Work);
		// unadmitted, the service logs each roll as a fault.
		if _, err := admit(ctx, endpoint.Work{}, 0); err != nil {
			return err
		}
	}
	switch {
	case d.Roll != nil:
		r, err := luck.Roll(d.Roll.LibraryDice(), d.Roll.Hits)
		if err != nil {
			return &scenario.Error{Path: "roll", Msg: err.Error()}
		}
		l.Roll = &report.LuckRoll{Dice: r.Dice, Hits: r.Hits, Expected: r.Expected, AtMost: r.AtMost, AtLeast: r.AtLeast, Percentile: r.Percentile, PMF: r.PMF}
	case d.Totals != nil:
		t, err := luck.Totals(d.Totals.Expected10, d.Totals.Actual)
		if err != nil {
			path := "totals.actual_hits"
			if d.Totals.Expected10 < 0 || d.Totals.Expected10 > luck.MaxExpected10 {
				path = "totals.expected_hits_x10"
			}
			return &scenario.Error{Path: path, Msg: err.Error()}
		}
		l.Totals = &report.LuckTotals{Expected: t.Expected, Actual: t.Actual, Tail: t.Tail, Chernoff: t.Chernoff, Worst: t.Worst,
			WorstExact: t.WorstExact, OneIn: t.OneIn, ZeroPossible: t.ZeroPossible, Why: report.LuckWhy}
		if t.WorstExact {
			l.Totals.WorstDice = fmt.Sprintf("%d dice hitting on %d", t.WorstDice.N, t.WorstDice.HitsOn)
		}
	case d.Result != nil && d.Result.Scenario.Action == scenario.ActionInvade:
		r, warn, err := luckInvade(ctx, d.Result, e)
		if err != nil {
			return err
		}
		l.Result, l.Warnings = r, warn
	case d.Result != nil:
		r, warn, err := luckResult(ctx, d.Result, e)
		if err != nil {
			return err
		}
		l.Result, l.Warnings = r, warn
	default:
		return &scenario.Error{Msg: "give one of result, roll and totals"}
	}
	return e.render().Luck(w, &l, f)
}

// underResult places a scenario's error under result.scenario.
func underResult(err error) error {
	var de *scenario.Error
	if !errors.As(err, &de) {
		return err
	}
	p := "result.scenario"
	if de.Path != "" {
		p += "." + de.Path
	}
	return &scenario.Error{Path: p, Msg: de.Msg}
}

// LuckRounds are the rounds a battle is followed for its end states: the
// rounds the exact solver counts one by one (a longer round limit is not
// exact); a combat still going after them is counted as drawn, and the
// answer says how likely that is.
const LuckRounds = 30

// luckBattle is a battle's end states and what each side's units cost.
type luckBattle struct {
	sc         combat.Scenario
	res        combat.Result
	cost       [2]map[units.Kind]float64
	start      [2]float64
	fights     func(units.Kind) bool
	observed   [2]units.Fleet
	keptByUser [2]float64
}

// luckResult solves the battle to its end states and ranks the observed
// end for each side.
func luckResult(ctx context.Context, lr *scenario.LuckResult, e *Env) (*report.LuckResult, []string, error) {
	b, err := newLuckBattle(lr)
	if err != nil {
		return nil, nil, err
	}
	run := lr.Scenario.Run
	if !run.Exact && run.Trials == 0 && run.Precision == 0 {
		run.PreferExact = true // exact where the solver can, else simulated
	}
	doc := lr.Scenario.Normalize(b.sc)
	run = normalRun(run, doc.Run)
	if b.res, err = odds(ctx, b.sc, run, lr.Scenario.ExactOnly(), e); err != nil {
		return nil, nil, underResult(err)
	}
	if len(b.res.States) == 0 {
		return nil, nil, &scenario.Error{Path: "result.scenario", Msg: "no end states: this combat cannot be ranked"}
	}
	out := &report.LuckResult{Action: lr.Scenario.Action, Exact: b.res.Exact, Ends: len(b.res.States), Worse: report.LuckWorse}
	if !b.res.Exact {
		out.Trials, out.Seed = b.res.Trials, b.res.Seed
	}
	out.ObservedP = b.observedP()
	out.Matched = out.ObservedP > 0
	for side, dst := range []*report.LuckSide{&out.Attacker, &out.Defender} {
		if *dst, err = b.side(side); err != nil {
			return nil, nil, err
		}
	}
	warn := b.res.Warnings
	if p := b.unfinished(); p > 1e-12 { // below, it moves no digit shown
		warn = append(warn, fmt.Sprintf("the combat is still going after %d rounds with probability %.3g: those ends count as drew", b.sc.MaxRounds, p))
	}
	if !out.Matched {
		warn = append(warn, "no end state has exactly these units left: check the units given (damage is not compared; structures are not compared); ranked anyway by outcome and resources")
	}
	return out, warn, nil
}

// normalRun is the run to answer with: the document's, with normalised
// defaults (seed, trials) where it simulates.
func normalRun(asked, normal scenario.Run) scenario.Run {
	if asked.Exact {
		return normal
	}
	normal.PreferExact = asked.PreferExact
	return normal
}

// newLuckBattle builds the battle (to its end: no round limit unless one
// is given) and reads the units left.
func newLuckBattle(lr *scenario.LuckResult) (*luckBattle, error) {
	sc, err := lr.Scenario.Scenario()
	if err != nil {
		return nil, underResult(err)
	}
	for side, s := range map[string]combat.Side{"attacker": sc.Attacker, "defender": sc.Defender} {
		if !s.Retreat.Never() {
			return nil, &scenario.Error{Path: "result.scenario." + side + ".retreat", Msg: "luck ranks combats fought to their end: a retreat is neither a win nor a loss; leave the retreat policy out"}
		}
	}
	if sc.MaxRounds == 0 || sc.MaxRounds > LuckRounds {
		sc.MaxRounds = LuckRounds // the end states, as far as the exact solver counts
	}
	b := &luckBattle{sc: sc, fights: units.Kind.Ship}
	if sc.Action == combat.GroundCombat {
		b.fights = units.Kind.GroundForce
	}
	att, def, err := combat.UnitStats(sc)
	if err != nil {
		return nil, underResult(err)
	}
	for side, st := range []map[units.Kind]units.Stats{att, def} {
		b.cost[side] = map[units.Kind]float64{}
		for k, s := range st {
			b.cost[side][k] = s.Cost
		}
	}
	for side, s := range []*combat.Side{&sc.Attacker, &sc.Defender} {
		b.start[side] = b.fleetCost(side, s.Fleet)
		if err := b.readLeft(lr, side, s.Fleet); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// fleetCost is what a side's fleet costs.
func (b *luckBattle) fleetCost(side int, f units.Fleet) float64 {
	c := 0.0
	for _, g := range f.Groups() {
		c += float64(g.Count) * b.cost[side][g.Kind]
	}
	return c
}

// readLeft reads a side's units left: units it had, no more than it had.
func (b *luckBattle) readLeft(lr *scenario.LuckResult, side int, start units.Fleet) error {
	us, path := lr.AttackerLeft, "result.attacker_left"
	if side == 1 {
		us, path = lr.DefenderLeft, "result.defender_left"
	}
	if len(us) == 0 {
		return nil
	}
	parse := units.ParseFleet
	if b.sc.Edition == combat.EditionTI3SA {
		parse = units.ParseFleetTI3
	}
	f, err := parse(scenario.FleetText(us))
	if err != nil {
		return &scenario.Error{Path: path, Msg: err.Error()}
	}
	for _, g := range f.Groups() {
		if n := f.Count(g.Kind); n > start.Count(g.Kind) {
			return &scenario.Error{Path: path, Msg: fmt.Sprintf("%d %s left, but the side had %d", n, g.Kind, start.Count(g.Kind))}
		}
	}
	b.observed[side] = f
	b.keptByUser[side] = b.fleetCost(side, f)
	return nil
}

// key is how an end stands for side (0 attacker, 1 defender): its
// outcome, then what each side kept.
func (b *luckBattle) key(side int, fights [2]bool, kept [2]float64) luck.Key {
	k := luck.Key{Outcome: luck.Drew, Kept: kept[side], OpponentKept: kept[1-side]}
	switch {
	case fights[side] && !fights[1-side]:
		k.Outcome = luck.Won
	case !fights[side] && fights[1-side]:
		k.Outcome = luck.Lost
	}
	return k
}

// stateKeys are an end state's fighting sides and kept resources.
func (b *luckBattle) stateKeys(st combat.State) (fights [2]bool, kept [2]float64) {
	for side, list := range [][]combat.UnitCount{st.Attacker, st.Defender} {
		for _, u := range list {
			kept[side] += float64(u.Alive) * b.cost[side][u.Kind]
			fights[side] = fights[side] || b.fights(u.Kind) && u.Alive > 0
		}
	}
	return fights, kept
}

// observedKeys are the observed end's fighting sides and kept resources.
func (b *luckBattle) observedKeys() (fights [2]bool, kept [2]float64) {
	for side := range 2 {
		for _, g := range b.observed[side].Groups() {
			fights[side] = fights[side] || b.fights(g.Kind)
		}
	}
	return fights, b.keptByUser
}

// observedP is the probability of exactly the observed units (by type,
// structures and damage aside).
func (b *luckBattle) observedP() float64 {
	p := 0.0
	for _, st := range b.res.States {
		same := true
		for side, list := range [][]combat.UnitCount{st.Attacker, st.Defender} {
			n := map[units.Kind]int{}
			for _, u := range list {
				if !u.Kind.Structure() {
					n[u.Kind] += u.Alive
				}
			}
			for _, g := range b.observed[side].Groups() {
				if !g.Kind.Structure() {
					n[g.Kind] -= b.observed[side].Count(g.Kind)
				}
			}
			for _, v := range n {
				same = same && v == 0
			}
		}
		if same {
			p += st.P.P
		}
	}
	return p
}

// unfinished is the probability that both sides still fight at the end.
func (b *luckBattle) unfinished() float64 {
	p := 0.0
	for _, st := range b.res.States {
		if f, _ := b.stateKeys(st); f[0] && f[1] {
			p += st.P.P
		}
	}
	return p
}

// side ranks the observed end for one side.
func (b *luckBattle) side(side int) (report.LuckSide, error) {
	ends := make([]luckEnd, len(b.res.States))
	obsFights, obsKept := b.observedKeys()
	for i, st := range b.res.States {
		fights, kept := b.stateKeys(st)
		ends[i] = luckEnd{p: st.P.P, key: b.key(side, fights, kept), lost: b.start[side] - kept[side]}
	}
	s, err := rankSide(ends, b.key(side, obsFights, obsKept), b.start[side]-obsKept[side], b.res.Exact, b.res.Trials)
	s.Left = b.observed[side].String()
	return s, err
}

// luckEnd is one end of a battle for a side: its probability, its key
// and the resources the side lost in it.
type luckEnd struct {
	p, lost float64
	key     luck.Key
}

// rankSide places the observed end (its key and the resources the side
// lost) among ends: the tails, the resources lost beside their
// expectation, and, for a simulation (not exact) of trials, the standard
// errors.
func rankSide(ends []luckEnd, obsKey luck.Key, obsLost float64, exact bool, trials int64) (report.LuckSide, error) {
	le := make([]luck.End, len(ends))
	lostMean, lostSq, lostMore := 0.0, 0.0, 0.0
	for i, e := range ends {
		le[i] = luck.End{P: e.p, Key: e.key}
		lostMean += e.p * e.lost
		lostSq += e.p * e.lost * e.lost
		if e.lost >= obsLost-1e-9 {
			lostMore += e.p
		}
	}
	t, err := luck.Rank(le, obsKey)
	if err != nil {
		return report.LuckSide{}, err
	}
	s := report.LuckSide{Outcome: obsKey.Outcome.String(),
		ThisOrWorse: t.AtMost, ThisOrBetter: t.AtLeast, Percentile: t.Percentile,
		ResourcesLost: obsLost, ExpectedLost: lostMean, LostThisOrWorse: math.Min(1, lostMore)}
	if !math.IsInf(t.OneIn, 0) {
		s.OneIn = t.OneIn
	}
	if n := float64(trials); !exact && n > 0 {
		s.SE = math.Sqrt(t.AtMost * (1 - t.AtMost) / n)
		s.ExpectedLostSE = math.Sqrt(math.Max(0, lostSq-lostMean*lostMean) / n)
	}
	return s, nil
}
