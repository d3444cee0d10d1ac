package agenda

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"github.com/ti4sim/ti4sim/internal/fault"
)

// MaxExactStates bounds the number of distinct partial tallies Exact keeps
// at any step; beyond it Exact refuses with ErrTooLarge. It keeps memory
// under a few hundred megabytes.
const MaxExactStates = 4_000_000

// MaxExactWork bounds the number of (partial tally, behaviour) pairs Exact
// combines in all, a few seconds of work; Exact refuses with ErrTooLarge
// before starting a step that would pass it.
const MaxExactWork = 100_000_000

// The limits in force; tests lower them.
var exactStateLimit, exactWorkLimit = MaxExactStates, MaxExactWork

// ErrInternal is matched (errors.Is) by the error of a panic inside
// Simulate or Exact: a bug in ti4sim, never a fault of the input.
var ErrInternal = fault.ErrInternal

// ErrTooLarge is wrapped by the error Exact returns when an agenda is too
// large to enumerate; Simulate handles any valid agenda.
var ErrTooLarge = errors.New("too large for exact enumeration")

// contrib is one possible behaviour of a voter: preliminary choice and the
// votes cast there, final-vote choice and the votes cast there (choices -1
// for abstention), with its probability.
type contrib struct {
	c1, pv, c2, fv int
	p              float64
}

// contribs enumerates voter i's behaviours, merging equal ones, in a fixed
// order (so that floating-point sums are reproducible). When the voter's
// choices matter only through their votes (anonymous: not the speaker, not
// a Bribery holder), a choice with no votes cast is recorded as abstention
// so that more behaviours merge.
func (m *model) contribs(i int, anonymous bool) []contrib {
	cv := &m.voters[i]
	var out []contrib
	index := map[[4]int]int{}
	add := func(c contrib) {
		if c.p == 0 {
			return
		}
		if anonymous && c.pv == 0 {
			c.c1 = -1
		}
		if anonymous && c.fv == 0 {
			c.c2 = -1
		}
		key := [4]int{c.c1, c.pv, c.c2, c.fv}
		if j, ok := index[key]; ok {
			out[j].p += c.p
			return
		}
		index[key] = len(out)
		out = append(out, c)
	}
	pa := 1 / float64(cv.span)
	for a := cv.v.Votes.Lo; a <= cv.v.Votes.Hi; a++ {
		pp, fp := cv.v.split(a)
		for c1 := -1; c1 < m.k; c1++ {
			p1 := cv.choice.abst
			if c1 >= 0 {
				p1 = cv.choice.prob[c1]
			}
			cast1, z := cv.v.prelimCast(c1, pp, m.players)
			if cv.keep {
				add(contrib{c1, cast1, c1, cv.v.finalCast(c1, fp, m.players, z), pa * p1})
				continue
			}
			for c2 := -1; c2 < m.k; c2++ {
				p2 := cv.then.abst
				if c2 >= 0 {
					p2 = cv.then.prob[c2]
				}
				add(contrib{c1, cast1, c2, cv.v.finalCast(c2, fp, m.players, z), pa * p1 * p2})
			}
		}
	}
	return out
}

// states is an insertion-ordered set of enumeration states (packed
// partial tallies) with their probabilities; insertion order makes the
// floating-point sums reproducible. The index is an open-addressing hash
// table (linear probing, at most half full) holding 1 + the position of
// each key.
type states struct {
	keys  []uint64
	probs []float64
	table []int32
	shift uint
}

func newStates() *states {
	return &states{table: make([]int32, 1<<10), shift: 64 - 10}
}

func (s *states) add(k uint64, p float64) {
	mask := uint64(len(s.table) - 1)
	for h := (k * 0x9e3779b97f4a7c15) >> s.shift; ; h = (h + 1) & mask {
		j := s.table[h]
		if j == 0 {
			s.keys = append(s.keys, k)
			s.probs = append(s.probs, p)
			s.table[h] = int32(len(s.keys))
			if 2*len(s.keys) > len(s.table) {
				s.grow()
			}
			return
		}
		if s.keys[j-1] == k {
			s.probs[j-1] += p
			return
		}
	}
}

func (s *states) grow() {
	s.table = make([]int32, 2*len(s.table))
	s.shift--
	mask := uint64(len(s.table) - 1)
	for i, k := range s.keys {
		h := (k * 0x9e3779b97f4a7c15) >> s.shift
		for s.table[h] != 0 {
			h = (h + 1) & mask
		}
		s.table[h] = int32(i + 1)
	}
}

func (s *states) reset() {
	s.keys = s.keys[:0]
	s.probs = s.probs[:0]
	clear(s.table)
}

// layout packs a partial tally into one uint64 in mixed radix: field f
// holds a value 0..max[f] and is worth stride[f]. Adding v to field f is
// adding v*stride[f] to the key, since no field passes its maximum.
type layout struct {
	max, stride []uint64
}

// field appends a field holding 0..max and returns its index, or false
// when the key would pass 64 bits.
func (l *layout) field(max uint64) (int, bool) {
	s := uint64(1)
	if n := len(l.max); n > 0 {
		hi, lo := bits.Mul64(l.stride[n-1], l.max[n-1]+1)
		if hi != 0 {
			return 0, false
		}
		s = lo
	}
	if hi, _ := bits.Mul64(s, max+1); hi != 0 {
		return 0, false
	}
	l.max = append(l.max, max)
	l.stride = append(l.stride, s)
	return len(l.max) - 1, true
}

func (l *layout) get(key uint64, f int) int {
	return int(key / l.stride[f] % (l.max[f] + 1))
}

// Exact computes the odds of agenda a exactly, by enumerating every voter's
// possible behaviour and merging equal partial tallies (dynamic
// programming), and with the duel die (Agenda.Duel) convolves the final
// tally with its ten faces. It follows the same rules as Simulate, so the
// two agree up to sampling noise. It is meant for small tables: the cost grows with the
// number of distinct tallies, so two outcomes with 8 voters take
// milliseconds, 4 outcomes with 8 voters of uncertain influence or 12
// voters with single-digit votes about a second, while many voters who
// hold votes back and switch among 4 outcomes are too many. It returns an error wrapping ErrTooLarge when more than
// MaxExactStates partial tallies or MaxExactWork steps are needed or a
// partial tally does not fit in 64 bits (it refuses before doing that much
// work, within a few seconds at worst), an error naming the bad input when
// a is invalid, ctx.Err(), or an error when ctx is nil.
func Exact(ctx context.Context, a Agenda) (Result, error) {
	return ExactWithin(ctx, a, MaxExactStates)
}

// ExactWithin is Exact with a lower bound on the partial tallies kept at
// any step, 1..MaxExactStates (a service's per-request limit, which bounds
// the memory: about 70 bytes a tally): an agenda that needs more is
// refused with ErrTooLarge before the step that would pass it ends.
func ExactWithin(ctx context.Context, a Agenda, maxStates int) (_ Result, err error) {
	defer fault.Catch(&err, fault.Named("the vote's exact count"))
	if ctx == nil {
		return Result{}, errNilContext
	}
	if maxStates < 1 || maxStates > MaxExactStates {
		return Result{}, fmt.Errorf("exact tally limit %d out of range: allowed 1..%d", maxStates, MaxExactStates)
	}
	m, err := compile(&a)
	if err != nil {
		return Result{}, err
	}
	// The preliminary vote is simultaneous and final votes add up, so the
	// voters can be enumerated in any order as long as the state keeps
	// apart what Bribery must not see. A state holds the preliminary tally
	// P; the final votes F cast before Bribery; when voters vote after the
	// speaker (Argent Flight is the speaker), the final votes L they will
	// add after Bribery; and the choice each Bribery holder other than the
	// speaker will have when Bribery resolves. The speaker comes last and
	// is not stored: each of their behaviours is combined with each state
	// to settle the vote.
	late := m.order[m.spkPos+1:]
	early := m.order[:m.spkPos]
	cs := m.allContribs()
	key, err := newStateLayout(m, cs, late)
	if err != nil {
		return Result{}, err
	}
	e := &enumeration{ctx: ctx, m: m, cs: cs, key: key, cur: newStates(), nxt: newStates(), since: pollWork, // look at once
		maxStates: maxStates}
	if maxStates == MaxExactStates {
		e.maxStates = exactStateLimit // the engine's own limit, which tests move
	}
	e.cur.add(0, 1)
	for _, i := range late {
		if err := e.expand(i, true); err != nil {
			return Result{}, err
		}
	}
	for _, i := range early {
		if err := e.expand(i, false); err != nil {
			return Result{}, err
		}
	}
	t, err := e.settle(a.Duel, len(a.Bribery))
	if err != nil {
		return Result{}, err
	}
	return t.result(&a), nil
}

// allContribs enumerates every voter's behaviours. A voter's choices are
// anonymous (matter only through their votes) unless they are the speaker,
// who breaks ties, or hold Bribery, which looks at their choice.
func (m *model) allContribs() [][]contrib {
	isBriber := make([]bool, m.n)
	for _, b := range m.bribers {
		isBriber[b.voter] = true
	}
	cs := make([][]contrib, m.n)
	for i := range cs {
		cs[i] = m.contribs(i, i != m.speaker && !isBriber[i])
	}
	return cs
}

// stateLayout is the packed key of an enumeration state: for each outcome
// the field of the preliminary tally P, of the final votes F cast before
// Bribery and of the final votes L cast after it, and for each voter the
// field of the choice Bribery will see (1 + the outcome, 0 for abstention),
// or -1 for voters whose choice is not stored.
type stateLayout struct {
	layout
	p, f, l []int
	choice  []int
}

// newStateLayout sizes each field of the state key by the most votes the
// voters other than the speaker can put there (late voters' final votes go
// to L, the others' to F), or returns an error wrapping ErrTooLarge when
// the key does not fit in 64 bits.
func newStateLayout(m *model, cs [][]contrib, late []int) (stateLayout, error) {
	k := m.k
	maxP, maxF, maxL := make([]uint64, k), make([]uint64, k), make([]uint64, k)
	for i := range cs {
		if i == m.speaker {
			continue
		}
		fmax := maxF
		if slices.Contains(late, i) {
			fmax = maxL
		}
		bp, bf := make([]uint64, k), make([]uint64, k)
		for _, c := range cs[i] {
			if c.c1 >= 0 {
				bp[c.c1] = max(bp[c.c1], uint64(c.pv))
			}
			if c.c2 >= 0 {
				bf[c.c2] = max(bf[c.c2], uint64(c.fv))
			}
		}
		for o := range k {
			maxP[o] += bp[o]
			fmax[o] += bf[o]
		}
	}
	var l stateLayout
	l.p, l.f, l.l = make([]int, k), make([]int, k), make([]int, k)
	ok := true
	for o := range k {
		var okP, okF, okL bool
		l.p[o], okP = l.field(maxP[o])
		l.f[o], okF = l.field(maxF[o])
		l.l[o], okL = l.field(maxL[o])
		ok = ok && okP && okF && okL
	}
	l.choice = make([]int, m.n)
	for i := range l.choice {
		l.choice[i] = -1
	}
	for _, b := range m.bribers {
		if b.voter != m.speaker && ok {
			l.choice[b.voter], ok = l.field(uint64(k))
		}
	}
	if !ok {
		return stateLayout{}, fmt.Errorf("a partial tally does not fit in 64 bits: %w", ErrTooLarge)
	}
	return l, nil
}

// enumeration is Exact's dynamic programme in progress: every voter's
// behaviours, the state key layout, the states reached so far (cur, with
// nxt as the buffer for the next step) and the work done.
type enumeration struct {
	ctx      context.Context
	m        *model
	cs       [][]contrib
	key      stateLayout
	cur, nxt *states
	work     int
	// maxStates bounds the partial tallies of a step.
	maxStates int
	// since counts the combinations since ctx was last looked at (poll).
	since int
}

// pollWork is how many combinations of a state and a behaviour (each a
// hash table insert or a settled vote, some tens of nanoseconds) the
// enumeration does between two looks at its context: about a millisecond.
const pollWork = 1 << 15

// poll counts n more combinations and returns ctx.Err() once pollWork
// have passed since it last looked, nil otherwise: the look goes by the
// work done, not by the states, since a voter or speaker with many
// behaviours makes each state costly.
func (e *enumeration) poll(n int) error {
	if e.since += n; e.since < pollWork {
		return nil
	}
	e.since = 0
	return e.ctx.Err()
}

// charge counts n more combinations of states and behaviours, and returns
// an error wrapping ErrTooLarge when the total passes the work limit.
func (e *enumeration) charge(n int) error {
	e.work += n
	if e.work > exactWorkLimit {
		return fmt.Errorf("more than %d combinations of partial tallies and voter behaviours: %w", exactWorkLimit, ErrTooLarge)
	}
	return nil
}

// expand adds voter i's behaviours to every state; isLate voters vote
// after Bribery. A Bribery holder remembers the choice Bribery will see:
// the final-vote choice, or the preliminary one if they vote after it.
func (e *enumeration) expand(i int, isLate bool) error {
	cs := e.cs[i]
	deltas := e.deltas(i, isLate)
	if err := e.charge(len(e.cur.keys) * len(cs)); err != nil {
		return err
	}
	e.nxt.reset()
	for j, key := range e.cur.keys {
		if err := e.poll(len(cs)); err != nil {
			return err
		}
		p := e.cur.probs[j]
		for d, c := range cs {
			e.nxt.add(key+deltas[d], p*c.p)
		}
		if len(e.nxt.keys) > e.maxStates {
			return fmt.Errorf("more than %d partial tallies: %w", e.maxStates, ErrTooLarge)
		}
	}
	e.cur, e.nxt = e.nxt, e.cur
	return nil
}

// deltas returns the key increment of each of voter i's behaviours.
func (e *enumeration) deltas(i int, isLate bool) []uint64 {
	l := &e.key
	fField := l.f
	if isLate {
		fField = l.l
	}
	deltas := make([]uint64, len(e.cs[i]))
	for j, c := range e.cs[i] {
		if c.c1 >= 0 {
			deltas[j] += uint64(c.pv) * l.stride[l.p[c.c1]]
		}
		if c.c2 >= 0 {
			deltas[j] += uint64(c.fv) * l.stride[fField[c.c2]]
		}
		if f := l.choice[i]; f >= 0 {
			choice := c.c2
			if isLate {
				choice = c.c1
			}
			deltas[j] += uint64(choice+1) * l.stride[f]
		}
	}
	return deltas
}

// settled is the probability Exact has gathered: each outcome's chance of
// passing in the preliminary vote and in the final vote, the chance of no
// preliminary majority, and for each Bribery card the chance it is used
// and the mean trade goods spent on it.
type settled struct {
	prelim, final []float64
	noMaj         float64
	used, spent   []float64
}

// settler combines the speaker's behaviours with every state to settle the
// vote: the decoded tallies of the current state and scratch buffers.
type settler struct {
	settled
	m          *model
	key        *stateLayout
	faces      []duelFace // the duel die's faces, equal swings merged
	p0, f0, l0 []int      // the state's P, F and L tallies
	t, td      []int      // the tally being settled, and with a duel face applied
	rbuf       []int
	wins       []int // faces (of 10) won by each outcome
}

// settle combines each of the speaker's behaviours with every state and
// settles the vote; nBribery is the number of Bribery cards.
func (e *enumeration) settle(duel DuelDie, nBribery int) (*settled, error) {
	k := e.m.k
	s := &settler{
		settled: settled{
			prelim: make([]float64, k), final: make([]float64, k),
			used: make([]float64, nBribery), spent: make([]float64, nBribery),
		},
		m: e.m, key: &e.key,
		p0: make([]int, k), f0: make([]int, k), l0: make([]int, k),
		t: make([]int, k), rbuf: make([]int, k),
	}
	spk := e.cs[e.m.speaker]
	if err := e.charge(len(e.cur.keys) * len(spk)); err != nil {
		return nil, err
	}
	// The duel die (Agenda.Duel): the final tally is convolved with its
	// faces, equal swings merged.
	s.faces = []duelFace{{0, 10}}
	s.wins = make([]int, k)
	if duel != NoDuel {
		s.faces = duelFaces(duel)
		if err := e.charge(len(e.cur.keys) * len(spk) * (len(s.faces) - 1)); err != nil {
			return nil, err
		}
	}
	s.td = make([]int, k)
	for j, key := range e.cur.keys {
		if err := e.poll(len(spk) * len(s.faces)); err != nil {
			return nil, err
		}
		for o := range k {
			s.p0[o], s.f0[o], s.l0[o] = s.key.get(key, s.key.p[o]), s.key.get(key, s.key.f[o]), s.key.get(key, s.key.l[o])
		}
		for _, c := range spk {
			s.behaviour(key, c, e.cur.probs[j]*c.p)
		}
	}
	return &s.settled, nil
}

// behaviour settles the vote of the decoded state key when the speaker
// behaves as c, together with probability p: a two-thirds preliminary
// majority passes at once; otherwise the final votes cast before Bribery,
// then Bribery, then the late final votes, then the duel die decide.
func (s *settler) behaviour(key uint64, c contrib, p float64) {
	t := s.t
	copy(t, s.p0)
	if c.c1 >= 0 {
		t[c.c1] += c.pv
	}
	if x, ok := TwoThirds(t); ok {
		s.prelim[x] += p
		return
	}
	s.noMaj += p
	for o := range t {
		t[o] += s.f0[o]
	}
	if c.c2 >= 0 {
		t[c.c2] += c.fv
	}
	rank := s.m.rank(s.rbuf, c.c1, c.c2)
	s.bribe(key, c, p, rank)
	for o := range t {
		t[o] += s.l0[o]
	}
	s.finalVote(c, p, rank)
}

// bribe lets each Bribery holder, in turn, buy the votes their choice
// needs to win the final tally so far if they have the trade goods: the
// speaker's choice is their final-vote choice, another holder's is the
// one stored in the state key.
func (s *settler) bribe(key uint64, c contrib, p float64, rank []int) {
	for _, b := range s.m.bribers {
		x := c.c2
		if b.voter != s.m.speaker {
			x = s.key.get(key, s.key.choice[b.voter]) - 1
		}
		if x < 0 {
			continue
		}
		if need := bribeNeeded(s.t, x, rank); need > 0 && need <= b.tg {
			s.t[x] += need
			s.used[b.index] += p
			s.spent[b.index] += p * float64(need)
		}
	}
}

// finalVote credits the final tally's winner with p, or with the duel die
// each outcome's share of the faces it wins.
func (s *settler) finalVote(c contrib, p float64, rank []int) {
	if len(s.faces) == 1 {
		s.final[plurality(s.t, rank)] += p
		return
	}
	// Count the faces each outcome wins, then weigh them once, so
	// that a fixed vote gives exactly n/10.
	x := speakerOutcome(c.c1, c.c2)
	clear(s.wins)
	for _, f := range s.faces {
		copy(s.td, s.t)
		applySwing(s.td, x, f.swing)
		s.wins[plurality(s.td, rank)] += f.n
	}
	for o, n := range s.wins {
		if n > 0 {
			s.final[o] += p * float64(n) / 10
		}
	}
}

// exactProb is p as an exact probability: no confidence interval, and
// clamped to [0, 1] against rounding.
func exactProb(p float64) Prob {
	p = min(max(p, 0), 1)
	return Prob{P: p, Lo: p, Hi: p}
}

// result reports the settled probabilities of agenda a.
func (t *settled) result(a *Agenda) Result {
	k := len(t.prelim)
	r := Result{
		Outcomes: append([]string(nil), a.Outcomes...), Exact: true,
		Prelim: make([]Prob, k), Final: make([]Prob, k), Overall: make([]Prob, k),
		NoMajority: exactProb(t.noMaj),
	}
	for o := range k {
		r.Prelim[o] = exactProb(t.prelim[o])
		r.Final[o] = exactProb(t.final[o])
		r.Overall[o] = exactProb(t.prelim[o] + t.final[o])
	}
	if t.noMaj > 0 {
		r.FinalIfHeld = make([]Prob, k)
		for o := range k {
			r.FinalIfHeld[o] = exactProb(t.final[o] / t.noMaj)
		}
	}
	for i, b := range a.Bribery {
		r.Bribery = append(r.Bribery, BriberyResult{
			Voter: a.Voters[b.Voter].Name, TradeGoods: b.TradeGoods, Used: exactProb(t.used[i]), MeanSpent: t.spent[i],
		})
	}
	return r
}
