package engine

import (
	"encoding/binary"
	"math"
)

// outcomeTable memoizes, for one side of the exact sweep, where a roll
// leaves it: from its state numbered n (pendingTable) against the
// opponent's hit distribution of class cls (hitClasses), its states after
// the opponent's 0, 1, … hits with their chances, consecutive hit counts
// that lead to one state taken together (grouped), as numbers. Each
// pair is worked out once, not once per joint state that asks.
type outcomeTable struct {
	side Side
	// byClass[cls][n] are the outcomes of pair (n, cls); arena holds their
	// entries, in chunks that double up to outcomeChunk (a full one is
	// left, not copied).
	byClass [][]sideOutcomes
	arena   []numberedState
	// nexts[n] are the numbers of the states after 0, 1, … hits from the
	// state numbered n, -1 for those not yet numbered (grouped).
	nexts [][]int32
}

// sideOutcomes are a side's outcomes from one state against one hit
// distribution: all of them (after 0 hits or more) and those after at
// least one hit (hit), as grouped lists them from 0 and from 1; lower:
// every state of hit has less health than the state they leave.
type sideOutcomes struct {
	all, hit []numberedState
	lower    bool
}

// numberedState is a side's state by its number in the pending table,
// with a chance.
type numberedState struct {
	n int32
	w float64
}

// outcomes returns side's outcomes from its state numbered n against the
// opponent's hit distribution pmf, of class cls.
func (w *sweep) outcomes(side Side, n, cls int32, pmf []float64) *sideOutcomes {
	o := &w.outcomeTables[side]
	for int(cls) >= len(o.byClass) {
		o.byClass = append(o.byClass, nil)
	}
	if int(n) >= len(o.byClass[cls]) {
		o.byClass[cls] = grown(o.byClass[cls], max(len(w.pending.codes[side]), w.c.tableSize(side), int(n)+1))
	}
	so := &o.byClass[cls][n]
	if so.all != nil {
		return so
	}
	st := w.pending.codes[side][n]
	so.all = o.grouped(w, n, st, pmf, 0)
	// After one hit or more: the list from 0 without its first entry (no
	// hit), unless that entry took in hits too (the first hit that may
	// come left the state as it was).
	switch {
	case pmf[0] == 0:
		so.hit = so.all
	case !firstHitStays(w.c, side, st, pmf):
		so.hit = so.all[1:]
	default:
		so.hit = o.grouped(w, n, st, pmf, 1)
	}
	so.lower = true
	for _, g := range so.hit {
		so.lower = so.lower && w.pending.health[side][g.n] < w.pending.health[side][n]
	}
	return so
}

// firstHitStays tells whether the least number of hits pmf may score (at
// least one) leaves side's state st as it was.
func firstHitStays(c *chain, side Side, st uint32, pmf []float64) bool {
	for h := 1; h < len(pmf); h++ {
		if pmf[h] != 0 {
			return c.nextOf(side, st, h) == st
		}
	}
	return false
}

// outcomeChunk is the most entries of a chunk of an outcome table's arena
// (but for one list longer).
const outcomeChunk = 4096

// grouped lists, in the arena, side's states after from, from+1, … hits
// from the state st numbered n, as numbers, each with the summed chance
// pmf gives the hits that lead there (consecutive hit counts that lead to
// one state merged: a side's state after h hits is its state after its
// health's worth for every larger h, and equal states are consecutive).
// The numbers of st's states after each count are kept (nexts), so its
// lists against other distributions look no state up again; new states
// are numbered in the order the list meets them.
func (o *outcomeTable) grouped(w *sweep, n int32, st uint32, pmf []float64, from int) []numberedState {
	c := w.c
	c.nextOf(o.side, st, len(pmf)-1) // the memo's row holds every count now
	row, _ := c.rows[o.side].get(st)
	nums := o.nextNumbers(n, len(pmf))
	if len(o.arena)+len(pmf) > cap(o.arena) {
		o.arena = make([]numberedState, 0, max(64, min(outcomeChunk, 2*cap(o.arena)), len(pmf)))
	}
	start, last := len(o.arena), uint32(0)
	for h := from; h < len(pmf); h++ {
		if pmf[h] == 0 {
			continue
		}
		if k := len(o.arena) - 1; k >= start && row[h] == last {
			o.arena[k].w += pmf[h]
			continue
		}
		k := nums[h]
		if k < 0 {
			k = w.pending.number(o.side, row[h])
			nums[h] = k
		}
		last = row[h]
		o.arena = append(o.arena, numberedState{k, pmf[h]})
	}
	return o.arena[start:len(o.arena):len(o.arena)]
}

// nextNumbers returns the numbers of the states after 0, 1, … hits from
// the state numbered n, at least m of them (-1: not yet numbered).
func (o *outcomeTable) nextNumbers(n int32, m int) []int32 {
	if int(n) >= len(o.nexts) {
		o.nexts = grown(o.nexts, int(n)+1)
	}
	nums := o.nexts[n]
	for len(nums) < m {
		nums = append(nums, -1)
	}
	o.nexts[n] = nums
	return nums
}

// hitClasses numbers one side's hit distributions by content (the same
// number for equal ones), remembered by slice and by the state that rolls
// them.
type hitClasses struct {
	// last[n] is the distribution last asked for the state numbered n and
	// its class: a state rolls its own distribution but in rounds with a
	// bonus.
	last      []pmfOfClass
	bySlice   map[*float64]int32
	byContent map[string]int32
}

// pmfOfClass is a hit distribution (its first entry's address: nil for
// none) and its class.
type pmfOfClass struct {
	pmf *float64
	cls int32
}

// classOf returns the class of hit distribution pmf rolled in the state
// numbered n.
func (h *hitClasses) classOf(n int32, pmf []float64) int32 {
	for int(n) >= len(h.last) {
		h.last = append(h.last, pmfOfClass{})
	}
	if l := h.last[n]; l.pmf == &pmf[0] {
		return l.cls
	}
	k := h.class(pmf)
	h.last[n] = pmfOfClass{&pmf[0], k}
	return k
}

// class numbers pmf by content, remembered by slice.
func (h *hitClasses) class(pmf []float64) int32 {
	if h.bySlice == nil {
		h.bySlice, h.byContent = map[*float64]int32{}, map[string]int32{}
	}
	if k, ok := h.bySlice[&pmf[0]]; ok {
		return k
	}
	b := make([]byte, 0, 8*len(pmf))
	for _, v := range pmf {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
	}
	key := string(b)
	k, ok := h.byContent[key]
	if !ok {
		k = int32(len(h.byContent))
		h.byContent[key] = k
	}
	h.bySlice[&pmf[0]] = k
	return k
}
