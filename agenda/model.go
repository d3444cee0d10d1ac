package agenda

import (
	"math"
	"math/bits"
	"math/rand/v2"
)

// drawn marks a table whose result needs a random draw.
const drawn = -2

// table is a probability table compiled for drawing with one Uint64.
type table struct {
	// prob is each outcome's effective probability and abst the
	// abstention's; they sum to 1 (a sum within probTolerance of 1 counts
	// as 1 and is rescaled). The exact enumeration uses them.
	prob []float64
	abst float64
	// cum[i] is the cumulative probability of outcomes 0..i scaled to
	// 2^64: a draw u picks the first i with u < cum[i].
	cum []uint64
	// last is the result when u passes every threshold: -1 (abstain), or
	// the last outcome with positive probability when abst is 0.
	last int
	// fixed is the result when no draw is needed, or drawn.
	fixed int
}

func compileTable(p []float64) table {
	k := len(p)
	t := table{prob: make([]float64, k), cum: make([]uint64, k), last: -1, fixed: drawn}
	sum := 0.0
	for _, x := range p {
		sum += x
	}
	full := sum >= 1-probTolerance
	scale := 1.0
	if full {
		scale = 1 / sum
	} else {
		t.abst = 1 - sum
	}
	positive, only := 0, -1
	s := 0.0
	for i, x := range p {
		x *= scale
		t.prob[i] = x
		if x > 0 {
			positive++
			only = i
			if full {
				t.last = i
			}
		}
		s += x
		if s >= 1 {
			t.cum[i] = math.MaxUint64
		} else {
			t.cum[i] = uint64(s * 0x1p64)
		}
	}
	switch {
	case positive == 0:
		t.fixed = -1
	case positive == 1 && full:
		t.fixed = only
	}
	return t
}

// draw returns an outcome index or -1 for abstention.
func (t *table) draw(rng *rand.PCG) int {
	if t.fixed != drawn {
		return t.fixed
	}
	u := rng.Uint64()
	for i, c := range t.cum {
		if u < c {
			return i
		}
	}
	return t.last
}

// cvoter is a voter compiled for the trial loop.
type cvoter struct {
	v      *Voter
	lo     int
	span   uint64 // number of possible vote counts
	choice table
	keep   bool
	then   table
}

// votes draws the number of available votes.
func (c *cvoter) votes(rng *rand.PCG) int {
	if c.span <= 1 {
		return c.lo
	}
	hi, _ := bits.Mul64(rng.Uint64(), c.span)
	return c.lo + int(hi)
}

// cbribe is a Bribery holder in resolution order.
type cbribe struct {
	index int // in Agenda.Bribery
	voter int
	tg    int
}

// model is a validated Agenda compiled for simulation and enumeration.
type model struct {
	a       *Agenda
	k, n    int
	players int
	voters  []cvoter
	order   []int // final-vote order
	spkPos  int   // position of the speaker in order
	speaker int
	bribers []cbribe
	// fixedRank is the speaker's tie ranking when given explicitly; nil
	// when it follows the speaker's own choices.
	fixedRank []int
	baseRank  []int
}

func compile(a *Agenda) (*model, error) {
	if err := a.Validate(); err != nil {
		return nil, err
	}
	m := &model{a: a, k: len(a.Outcomes), n: len(a.Voters), players: a.PlayerCount(), speaker: a.Speaker}
	m.voters = make([]cvoter, m.n)
	played := a.asPlayed()
	for i := range played {
		v := &played[i]
		c := cvoter{v: v, lo: v.Votes.Lo, span: uint64(v.Votes.Hi - v.Votes.Lo + 1), choice: compileTable(v.Choice), keep: v.Then == nil}
		if !c.keep {
			c.then = compileTable(v.Then)
		}
		m.voters[i] = c
	}
	m.order = a.FinalOrder()
	for p, i := range m.order {
		if i == a.Speaker {
			m.spkPos = p
		}
	}
	// Bribery resolves starting with the speaker and going clockwise.
	for d := 0; d < m.n; d++ {
		s := (a.Speaker + d) % m.n
		for bi, b := range a.Bribery {
			if b.Voter == s {
				m.bribers = append(m.bribers, cbribe{index: bi, voter: s, tg: b.TradeGoods})
			}
		}
	}
	m.baseRank = rankOf(m.k, nil)
	if a.SpeakerPrefers != nil {
		m.fixedRank = rankOf(m.k, a.SpeakerPrefers)
	}
	return m, nil
}

// rank returns the speaker's tie ranking given the speaker's preliminary
// choice c1 and final-vote choice c2 (-1 for abstention), written into buf
// unless the ranking is fixed.
func (m *model) rank(buf []int, c1, c2 int) []int {
	if m.fixedRank != nil {
		return m.fixedRank
	}
	copy(buf, m.baseRank)
	if c1 >= 0 {
		buf[c1] = -1
	}
	if c2 >= 0 {
		buf[c2] = -2
	}
	return buf
}
