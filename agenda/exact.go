package agenda

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"slices"
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
	if ctx == nil {
		return Result{}, errNilContext
	}
	m, err := compile(&a)
	if err != nil {
		return Result{}, err
	}
	k := m.k
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
	isBriber := make([]bool, m.n)
	for _, b := range m.bribers {
		isBriber[b.voter] = true
	}
	cs := make([][]contrib, m.n)
	for i := range cs {
		cs[i] = m.contribs(i, i != m.speaker && !isBriber[i])
	}
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
	var l layout
	fieldP, fieldF, fieldL := make([]int, k), make([]int, k), make([]int, k)
	ok := true
	for o := range k {
		var okP, okF, okL bool
		fieldP[o], okP = l.field(maxP[o])
		fieldF[o], okF = l.field(maxF[o])
		fieldL[o], okL = l.field(maxL[o])
		ok = ok && okP && okF && okL
	}
	choiceField := make([]int, m.n) // voter -> field of their current choice, or -1
	for i := range choiceField {
		choiceField[i] = -1
	}
	for _, b := range m.bribers {
		if b.voter != m.speaker && ok {
			choiceField[b.voter], ok = l.field(uint64(k))
		}
	}
	if !ok {
		return Result{}, fmt.Errorf("a partial tally does not fit in 64 bits: %w", ErrTooLarge)
	}

	cur, nxt := newStates(), newStates()
	cur.add(0, 1)
	work := 0
	budget := func(i int) error {
		work += len(cur.keys) * len(cs[i])
		if work > exactWorkLimit {
			return fmt.Errorf("more than %d combinations of partial tallies and voter behaviours: %w", exactWorkLimit, ErrTooLarge)
		}
		return nil
	}
	// expand adds voter i's behaviours; isLate voters vote after Bribery.
	// A Bribery holder remembers the choice Bribery will see: the
	// final-vote choice, or the preliminary one if they vote after it.
	expand := func(i int, isLate bool) error {
		fField := fieldF
		if isLate {
			fField = fieldL
		}
		// The key increment of each behaviour.
		deltas := make([]uint64, len(cs[i]))
		for j, c := range cs[i] {
			if c.c1 >= 0 {
				deltas[j] += uint64(c.pv) * l.stride[fieldP[c.c1]]
			}
			if c.c2 >= 0 {
				deltas[j] += uint64(c.fv) * l.stride[fField[c.c2]]
			}
			if f := choiceField[i]; f >= 0 {
				choice := c.c2
				if isLate {
					choice = c.c1
				}
				deltas[j] += uint64(choice+1) * l.stride[f]
			}
		}
		if err := budget(i); err != nil {
			return err
		}
		nxt.reset()
		for j, key := range cur.keys {
			if j&0x3fff == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			p := cur.probs[j]
			for d, c := range cs[i] {
				nxt.add(key+deltas[d], p*c.p)
			}
			if len(nxt.keys) > exactStateLimit {
				return fmt.Errorf("more than %d partial tallies: %w", exactStateLimit, ErrTooLarge)
			}
		}
		cur, nxt = nxt, cur
		return nil
	}
	for _, i := range late {
		if err := expand(i, true); err != nil {
			return Result{}, err
		}
	}
	for _, i := range early {
		if err := expand(i, false); err != nil {
			return Result{}, err
		}
	}

	// The speaker's behaviours against every state.
	prelim := make([]float64, k)
	final := make([]float64, k)
	noMaj := 0.0
	used := make([]float64, len(a.Bribery))
	spent := make([]float64, len(a.Bribery))
	p0, f0, l0 := make([]int, k), make([]int, k), make([]int, k)
	t := make([]int, k)
	rbuf := make([]int, k)
	spk := cs[m.speaker]
	if err := budget(m.speaker); err != nil {
		return Result{}, err
	}
	// The duel die (Agenda.Duel): the final tally is convolved with its
	// faces, equal swings merged.
	faces := []duelFace{{0, 10}}
	wins := make([]int, k) // faces (of 10) won by each outcome
	if a.Duel != NoDuel {
		faces = duelFaces(a.Duel)
		work += len(cur.keys) * len(spk) * (len(faces) - 1)
		if work > exactWorkLimit {
			return Result{}, fmt.Errorf("more than %d combinations of partial tallies and voter behaviours: %w", exactWorkLimit, ErrTooLarge)
		}
	}
	td := make([]int, k)
	for j, key := range cur.keys {
		if j&0x3fff == 0 {
			if err := ctx.Err(); err != nil {
				return Result{}, err
			}
		}
		for o := range k {
			p0[o], f0[o], l0[o] = l.get(key, fieldP[o]), l.get(key, fieldF[o]), l.get(key, fieldL[o])
		}
		for _, c := range spk {
			p := cur.probs[j] * c.p
			copy(t, p0)
			if c.c1 >= 0 {
				t[c.c1] += c.pv
			}
			if x, ok := TwoThirds(t); ok {
				prelim[x] += p
				continue
			}
			noMaj += p
			for o := range t {
				t[o] += f0[o]
			}
			if c.c2 >= 0 {
				t[c.c2] += c.fv
			}
			rank := m.rank(rbuf, c.c1, c.c2)
			for _, b := range m.bribers {
				x := c.c2
				if b.voter != m.speaker {
					x = l.get(key, choiceField[b.voter]) - 1
				}
				if x < 0 {
					continue
				}
				if need := bribeNeeded(t, x, rank); need > 0 && need <= b.tg {
					t[x] += need
					used[b.index] += p
					spent[b.index] += p * float64(need)
				}
			}
			for o := range t {
				t[o] += l0[o]
			}
			if len(faces) == 1 {
				final[plurality(t, rank)] += p
				continue
			}
			// Count the faces each outcome wins, then weigh them once, so
			// that a fixed vote gives exactly n/10.
			x := speakerOutcome(c.c1, c.c2)
			clear(wins)
			for _, f := range faces {
				copy(td, t)
				applySwing(td, x, f.swing)
				wins[plurality(td, rank)] += f.n
			}
			for o, n := range wins {
				if n > 0 {
					final[o] += p * float64(n) / 10
				}
			}
		}
	}

	exact := func(p float64) Prob {
		p = min(max(p, 0), 1)
		return Prob{P: p, Lo: p, Hi: p}
	}
	r := Result{
		Outcomes: append([]string(nil), a.Outcomes...), Exact: true,
		Prelim: make([]Prob, k), Final: make([]Prob, k), Overall: make([]Prob, k),
		NoMajority: exact(noMaj),
	}
	for o := range k {
		r.Prelim[o] = exact(prelim[o])
		r.Final[o] = exact(final[o])
		r.Overall[o] = exact(prelim[o] + final[o])
	}
	if noMaj > 0 {
		r.FinalIfHeld = make([]Prob, k)
		for o := range k {
			r.FinalIfHeld[o] = exact(final[o] / noMaj)
		}
	}
	for i, b := range a.Bribery {
		r.Bribery = append(r.Bribery, BriberyResult{
			Voter: a.Voters[b.Voter].Name, TradeGoods: b.TradeGoods, Used: exact(used[i]), MeanSpent: spent[i],
		})
	}
	return r, nil
}
