package engine

// The windows of the action where effects act, and the only door through
// which effects add hooks to them. Each registration method appends the
// hook to its list (hooks.go) and counts it in plan.used; the table below
// says, once per window, what a hook registered there does to the engine's
// two shortcuts:
//
//   - the fast round tables (fast.go) replace the rounds of a combat only
//     when no hook acts inside them (roundsAreFixed, rollIsFixed);
//   - the exact solver (exact.go) uses those tables for the rounds and
//     replays the engine's own code, hooks included, only around the
//     invasion (unreplayed).
//
// A new window gets a row here and a registration method; nothing else
// has to list it.

// window names one hook list of hooks.go.
type window uint8

const (
	wStartOfCombat window = iota
	wStartOfRound
	wEndOfRound
	wEndOfCombat
	wAfterResult
	wStartOfInvasion
	wAfterBombard
	wRollModifier
	wBeforeAssign
	wAfterAssign
	wOnSustain
	wOnDestroyed
	wRetreat
	wOnRetreat
	wSlotModifier
	wRerollMisses
	wBoostOne
	wBuyHits
	wRerollAll
	wAfterCommit
	wAfterRolls
	numWindows
)

// windowScope says what a window's index is.
type windowScope uint8

const (
	scopeAction windowScope = iota // one list for the whole action (index 0)
	scopeCombat                    // a list per combat type
	scopeRoll                      // a list per roll kind
)

// windowInfo states what hooks registered in a window mean for the fast
// tables and the exact solver.
type windowInfo struct {
	scope windowScope
	// inRounds: the hooks act inside combat rounds (of the indexed combat
	// type, or of every combat for an action-wide window), so the round
	// tables cannot replace those rounds. For a roll window: on the dice
	// or the hits of the indexed roll kind (rollIsFixed).
	inRounds bool
	// replayedOnInvasionRolls (roll windows): exact mode replays these
	// hooks on bombardment and space cannon defense, the rolls it plays
	// step by step; on every other roll kind it refuses them.
	replayedOnInvasionRolls bool
	// refusal, when not empty, is why exact mode refuses any hook in the
	// window ("exact mode cannot express an effect that acts …").
	refusal string
}

// windows is the table of windows, in the order exact mode checks them
// for its refusal message.
var windows = [numWindows]windowInfo{
	wStartOfCombat:   {scope: scopeCombat},
	wStartOfRound:    {scope: scopeCombat, inRounds: true, refusal: "at the start or end of combat rounds"},
	wEndOfRound:      {scope: scopeCombat, inRounds: true, refusal: "at the start or end of combat rounds"},
	wEndOfCombat:     {scope: scopeCombat},
	wAfterResult:     {scope: scopeAction},
	wStartOfInvasion: {scope: scopeAction},
	wAfterBombard:    {scope: scopeAction},
	wRollModifier:    {scope: scopeRoll, inRounds: true},
	wBeforeAssign:    {scope: scopeRoll, inRounds: true, replayedOnInvasionRolls: true},
	wAfterAssign:     {scope: scopeRoll, inRounds: true, replayedOnInvasionRolls: true},
	wOnSustain:       {scope: scopeAction, inRounds: true, refusal: "when units sustain or are destroyed"},
	wOnDestroyed:     {scope: scopeAction, inRounds: true, refusal: "when units sustain or are destroyed"},
	wRetreat:         {scope: scopeAction, inRounds: true, refusal: "on retreats"},
	wOnRetreat:       {scope: scopeAction}, // refused by exact mode when a retreat can happen (Solver.Solve)
	wSlotModifier:    {scope: scopeRoll, inRounds: true},
	wRerollMisses:    {scope: scopeRoll, inRounds: true},
	wBoostOne:        {scope: scopeRoll, inRounds: true, replayedOnInvasionRolls: true},
	wBuyHits:         {scope: scopeRoll, inRounds: true, replayedOnInvasionRolls: true},
	wRerollAll:       {scope: scopeRoll, inRounds: true},
	wAfterCommit:     {scope: scopeAction},
	wAfterRolls:      {scope: scopeCombat, inRounds: true, refusal: "on the dice of combat rounds"},
}

// use counts one hook registered in window w at index i.
func (p *Plan) use(w window, i int) { p.used[w][i]++ }

// roundsTouched reports whether a hook acts inside the rounds of combat
// type ct, other than on the dice and hits of its rolls (rollIsFixed).
func (p *Plan) roundsTouched(ct CombatType) bool {
	for w, info := range windows {
		switch {
		case !info.inRounds || info.scope == scopeRoll:
		case info.scope == scopeAction && p.used[w][0] > 0,
			info.scope == scopeCombat && p.used[w][ct] > 0:
			return true
		}
	}
	return false
}

// rollTouched reports whether a hook acts on the dice or the hits of rolls
// of kind r, beyond the ones the round tables apply themselves
// (tabledAfterAssign).
func (p *Plan) rollTouched(r RollKind) bool { return p.rollTouchedBeyond(r, false) }

// rollTouchedBeyond is rollTouched; with native, the hooks the exact
// solver plays itself (p.native) do not count.
func (p *Plan) rollTouchedBeyond(r RollKind, native bool) bool {
	for w, info := range windows {
		if info.scope != scopeRoll || !info.inRounds {
			continue
		}
		n := p.used[w][r]
		if window(w) == wAfterAssign {
			n -= p.TabledAfterAssign[r]
		}
		if native {
			n -= p.native[w][r]
		}
		if n > 0 {
			return true
		}
	}
	return false
}

// windowRefusal returns why exact mode refuses the hooks registered in
// windows with a refusal of their own, or "".
func (p *Plan) windowRefusal() string {
	for w, info := range windows {
		if info.refusal == "" {
			continue
		}
		for i, n := range p.used[w] {
			if n-p.native[w][i] > 0 {
				return info.refusal
			}
		}
	}
	return ""
}

// invasionRollRefused reports whether a hook acts on rolls of kind r
// (bombardment or space cannon defense) in a window exact mode does not
// replay.
func (p *Plan) invasionRollRefused(r RollKind) bool {
	for w, info := range windows {
		if info.scope == scopeRoll && !info.replayedOnInvasionRolls && p.used[w][r]-p.native[w][r] > 0 {
			return true
		}
	}
	return false
}

// The registration methods: one per window, named on + the window.

func (p *Plan) OnStartOfCombat(ct CombatType, f func(t *Trial)) {
	p.use(wStartOfCombat, int(ct))
	p.Hooks.startOfCombat[ct] = append(p.Hooks.startOfCombat[ct], f)
}

func (p *Plan) OnStartOfRound(ct CombatType, f func(t *Trial)) {
	p.use(wStartOfRound, int(ct))
	p.Hooks.startOfRound[ct] = append(p.Hooks.startOfRound[ct], f)
}

func (p *Plan) OnEndOfRound(ct CombatType, f func(t *Trial)) {
	p.use(wEndOfRound, int(ct))
	p.Hooks.endOfRound[ct] = append(p.Hooks.endOfRound[ct], f)
}

func (p *Plan) OnEndOfCombat(ct CombatType, f func(t *Trial)) {
	p.use(wEndOfCombat, int(ct))
	p.Hooks.endOfCombat[ct] = append(p.Hooks.endOfCombat[ct], f)
}

func (p *Plan) OnAfterResult(f func(t *Trial)) {
	p.use(wAfterResult, 0)
	p.Hooks.afterResult = append(p.Hooks.afterResult, f)
}

func (p *Plan) OnStartOfInvasion(f func(t *Trial)) {
	p.use(wStartOfInvasion, 0)
	p.Hooks.startOfInvasion = append(p.Hooks.startOfInvasion, f)
}

func (p *Plan) OnAfterBombard(f func(t *Trial, before *[MaxSlots]uint16)) {
	p.use(wAfterBombard, 0)
	p.Hooks.afterBombard = append(p.Hooks.afterBombard, f)
}

func (p *Plan) OnRollModifier(r RollKind, f func(t *Trial, side Side) int) {
	p.use(wRollModifier, int(r))
	p.Hooks.rollModifier[r] = append(p.Hooks.rollModifier[r], f)
}

func (p *Plan) OnBeforeAssign(r RollKind, f func(t *Trial, side Side, hits int) int) {
	p.use(wBeforeAssign, int(r))
	p.Hooks.beforeAssign[r] = append(p.Hooks.beforeAssign[r], f)
}

// OnBeforeAssignFirst registers f before the hooks already in the window:
// it sees the hits before any other effect cancels some.
func (p *Plan) OnBeforeAssignFirst(r RollKind, f func(t *Trial, side Side, hits int) int) {
	p.use(wBeforeAssign, int(r))
	p.Hooks.beforeAssign[r] = append([]func(*Trial, Side, int) int{f}, p.Hooks.beforeAssign[r]...)
}

func (p *Plan) OnAfterAssign(r RollKind, f func(t *Trial, side Side)) {
	p.use(wAfterAssign, int(r))
	p.Hooks.afterAssign[r] = append(p.Hooks.afterAssign[r], f)
}

// OnAfterAssignOfUnits is OnAfterAssign for a hook that reads and changes
// only the side's units and this round's uses of Sustain Damage (a repair
// after the round's hits): Monte Carlo plays it as an after-assign hook,
// and the exact solver replays it in every transition of the combat
// rounds of kind r. Such a hook may return a combat to a state it was in
// (a repair after a round without hits), so the exact solver then settles
// the combat round by round (fightRounds) instead of by falling health.
func (p *Plan) OnAfterAssignOfUnits(r RollKind, f func(t *Trial, side Side)) {
	p.OnAfterAssign(r, f)
	p.native[wAfterAssign][r]++
	p.unitHooks[r] = append(p.unitHooks[r], f)
}

func (p *Plan) OnSustained(f func(t *Trial, side Side, s uint8, r RollKind)) {
	p.use(wOnSustain, 0)
	p.Hooks.OnSustain = append(p.Hooks.OnSustain, f)
}

func (p *Plan) OnDestroyed(f func(t *Trial, side Side, s uint8, r RollKind)) {
	p.use(wOnDestroyed, 0)
	p.Hooks.onDestroyed = append(p.Hooks.onDestroyed, f)
}

func (p *Plan) OnAnnounceRetreat(f func(t *Trial, leaving Side) Side) {
	p.use(wRetreat, 0)
	p.Hooks.retreat = append(p.Hooks.retreat, f)
}

func (p *Plan) OnRetreated(f func(t *Trial, side Side)) {
	p.use(wOnRetreat, 0)
	p.Hooks.onRetreat = append(p.Hooks.onRetreat, f)
}

func (p *Plan) OnSlotModifier(r RollKind, f func(t *Trial, side Side, s uint8) int) {
	p.use(wSlotModifier, int(r))
	p.Hooks.SlotModifier[r] = append(p.Hooks.SlotModifier[r], f)
}

func (p *Plan) OnRerollMisses(r RollKind, f func(t *Trial, side Side) bool) {
	p.use(wRerollMisses, int(r))
	p.Hooks.rerollMisses[r] = append(p.Hooks.rerollMisses[r], f)
}

func (p *Plan) OnBoostOne(r RollKind, f func(t *Trial, side Side) (s uint8, delta int, ok bool)) {
	p.use(wBoostOne, int(r))
	p.Hooks.boostOne[r] = append(p.Hooks.boostOne[r], f)
}

func (p *Plan) OnBuyHits(r RollKind, f func(t *Trial, side Side) bool) {
	p.use(wBuyHits, int(r))
	p.Hooks.buyHits[r] = append(p.Hooks.buyHits[r], f)
}

func (p *Plan) OnRerollAll(r RollKind, f func(t *Trial, side Side, hits int) bool) {
	p.use(wRerollAll, int(r))
	p.Hooks.rerollAll[r] = append(p.Hooks.rerollAll[r], f)
}

func (p *Plan) OnAfterCommit(f func(t *Trial) bool) {
	p.use(wAfterCommit, 0)
	p.Hooks.afterCommit = append(p.Hooks.afterCommit, f)
}

func (p *Plan) OnAfterRolls(ct CombatType, f func(t *Trial, hits *[2]int)) {
	p.use(wAfterRolls, int(ct))
	p.Hooks.afterRolls[ct] = append(p.Hooks.afterRolls[ct], f)
}
