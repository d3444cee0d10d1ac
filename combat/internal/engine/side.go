package engine

// Side says which side of the action a hook, a slot list or a count
// belongs to: the attacker (the active player) or the defender. It indexes
// every per-side array of the plan and the trial.
type Side uint8

const (
	Attacker Side = 0
	Defender Side = 1
	NumSides Side = 2
	// NoSide stands for neither side (no retreat announced, none
	// retreated).
	NoSide Side = 255
)

// Opp returns the other side.
func (s Side) Opp() Side { return 1 - s }

// String returns "attacker" or "defender".
func (s Side) String() string { return [NumSides]string{"attacker", "defender"}[s] }
