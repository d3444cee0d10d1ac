package engine

// The dice a roller's units roll once some of them are damaged (Twilight
// Imperium 3, Shattered Ascension: "Any unit using the Sustain Damage
// ability immediately loses one combat die, to a minimum of 1").

// DiceOf returns the dice the roller's units roll when alive of them are
// alive and damaged of them damaged, each unit rolling per dice (its
// printed dice, or for a roller whose dice are counted otherwise, such as
// one per opponent ship, that count): a damaged unit rolls loss fewer,
// never fewer than 1 (and none when it has none to roll).
func (ro Roller) DiceOf(alive, damaged uint16, per int) int {
	lost := max(0, min(int(ro.loss), per-1))
	return int(alive)*per - int(damaged)*lost
}

// LosesDieWhenDamaged makes a damaged unit of the roller roll one die fewer
// (down to 1), whatever its dice: for a roller whose dice are not its
// printed ones (one per opponent ship), which compileRolls could not mark
// from the printed single die (addRoll marks units with several).
func (ro *Roller) LosesDieWhenDamaged() { ro.loss = 1 }
