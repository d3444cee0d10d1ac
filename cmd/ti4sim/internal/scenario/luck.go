package scenario

import (
	"fmt"
	"io"

	"github.com/ti4sim/ti4sim/combat/luck"
)

// Luck is the document of `ti4sim luck` (POST /v1/luck): what happened
// at the table, to place among what could have happened. Exactly one of
// Result, Roll and Totals is given.
type Luck struct {
	// Version is 1.
	Version int `json:"version"`
	// Result is a battle and the units each side had left after it.
	Result *LuckResult `json:"result,omitempty"`
	// Roll is one roll: its dice and the hits it scored.
	Roll *LuckRoll `json:"roll,omitempty"`
	// Totals are a player's running totals as the AsyncTI4 bot keeps
	// them.
	Totals *LuckTotals `json:"totals,omitempty"`
}

// LuckResult is a battle and how it ended.
type LuckResult struct {
	// Scenario is the battle: action space or ground (an invasion's two
	// combats are asked one at a time). Its run says exact (only exact,
	// or an error), prefer_exact (absent or false and no trials: exact
	// where possible, else simulated), or trials and seed.
	Scenario Combat `json:"scenario"`
	// AttackerLeft and DefenderLeft are the units each side had left at
	// the end (empty: none), in the scenario's fleet grammar; damage is
	// not ranked.
	AttackerLeft []Units `json:"attacker_left"`
	DefenderLeft []Units `json:"defender_left"`
}

// LuckRoll is one roll of dice and its hits.
type LuckRoll struct {
	// Dice are the roll's dice, groups of dice with the same roll.
	Dice []LuckDice `json:"dice"`
	// Hits, 0..the number of dice, are the hits the roll scored.
	Hits int `json:"hits"`
}

// LuckDice are N dice hitting on the same value (luck.Dice).
type LuckDice struct {
	// N, 1..1000, is the number of dice.
	N int `json:"n"`
	// HitsOn, 1..11, is the least face that hits, modifiers applied (1:
	// always; 11: never).
	HitsOn int `json:"hits_on"`
	// Reroll: each missed die is rolled once more.
	Reroll bool `json:"reroll,omitempty"`
}

// LuckTotals are the AsyncTI4 bot's totals of one player (its save's
// expectedHitsTimes10 and actualHits).
type LuckTotals struct {
	// Expected10, 0..1000000, is the expected hits ×10: each die rolled
	// added 11 − its "hits on".
	Expected10 int `json:"expected_hits_x10"`
	// Actual, 0..expected_hits_x10, is the hits scored.
	Actual int `json:"actual_hits"`
}

// DecodeLuck reads a luck document (see DecodeCombat).
func DecodeLuck(r io.Reader) (Luck, error) {
	var d Luck
	err := decodeChecked(r, &d, "luck", d.Check)
	return d, err
}

// LibraryDice are the roll's dice as the library takes them.
func (r *LuckRoll) LibraryDice() []luck.Dice {
	out := make([]luck.Dice, len(r.Dice))
	for i, d := range r.Dice {
		out[i] = luck.Dice{N: d.N, HitsOn: d.HitsOn, Reroll: d.Reroll}
	}
	return out
}

// Check reports the first value of a luck document out of range, as an
// *Error naming its path.
func (d *Luck) Check() error {
	if d.Version != Version {
		return errorf("version", "%d is not a version this build reads; allowed: %d", d.Version, Version)
	}
	given := 0
	for _, g := range []bool{d.Result != nil, d.Roll != nil, d.Totals != nil} {
		if g {
			given++
		}
	}
	if given != 1 {
		return errorf("", "give exactly one of result, roll and totals (%d given)", given)
	}
	switch {
	case d.Result != nil:
		return d.Result.check()
	case d.Roll != nil:
		return d.Roll.check()
	}
	return nil // the totals' ranges: the schema; actual within expected: the answer (luck.Totals)
}

// check reads the battle and the units left.
func (r *LuckResult) check() error {
	if err := r.Scenario.Check(); err != nil {
		e := err.(*Error)
		return &Error{Path: under("result.scenario", e.Path), Msg: e.Msg}
	}
	if a := r.Scenario.Action; a != ActionSpace && a != ActionGround {
		return errorf("result.scenario.action", "%s: luck ranks the end of a space or a ground combat; ask an invasion's two combats one at a time", a)
	}
	if len(r.Scenario.System.Planets) > 0 {
		return errorf("result.scenario.system.planets", "luck ranks the end of one combat, not of a system's invasion")
	}
	g, err := r.Scenario.game()
	if err != nil {
		return &Error{Path: under("result.scenario", err.(*Error).Path), Msg: err.(*Error).Msg}
	}
	for _, s := range []struct {
		us   []Units
		path string
	}{{r.AttackerLeft, "result.attacker_left"}, {r.DefenderLeft, "result.defender_left"}} {
		if len(s.us) == 0 {
			continue
		}
		if _, err := fleet(s.us, g, s.path); err != nil {
			return err
		}
	}
	return nil
}

// check reads the roll.
func (r *LuckRoll) check() error {
	if len(r.Dice) == 0 {
		return errorf("roll.dice", "no dice: give at least one group")
	}
	n := 0
	for i, d := range r.Dice {
		p := fmt.Sprintf("roll.dice[%d]", i)
		switch {
		case d.N < 1 || d.N > luck.MaxDice:
			return errorf(p+".n", "%d out of range: allowed 1..%d", d.N, luck.MaxDice)
		case d.HitsOn < 1 || d.HitsOn > 11:
			return errorf(p+".hits_on", "%d out of range: allowed 1..11", d.HitsOn)
		}
		n += d.N
	}
	if n > luck.MaxDice {
		return errorf("roll.dice", "%d dice: at most %d", n, luck.MaxDice)
	}
	if r.Hits < 0 || r.Hits > n {
		return errorf("roll.hits", "%d out of range: allowed 0..%d (the dice rolled)", r.Hits, n)
	}
	return nil
}
