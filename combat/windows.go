package combat

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
	wOnRetreat:       {scope: scopeAction},
	wSlotModifier:    {scope: scopeRoll, inRounds: true},
	wRerollMisses:    {scope: scopeRoll, inRounds: true},
	wBoostOne:        {scope: scopeRoll, inRounds: true, replayedOnInvasionRolls: true},
	wBuyHits:         {scope: scopeRoll, inRounds: true, replayedOnInvasionRolls: true},
	wRerollAll:       {scope: scopeRoll, inRounds: true},
	wAfterCommit:     {scope: scopeAction},
	wAfterRolls:      {scope: scopeCombat, inRounds: true, refusal: "on the dice of combat rounds"},
}

// use counts one hook registered in window w at index i.
func (p *plan) use(w window, i int) { p.used[w][i]++ }

// roundsTouched reports whether a hook acts inside the rounds of combat
// type ct, other than on the dice and hits of its rolls (rollIsFixed).
func (p *plan) roundsTouched(ct combatType) bool {
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
func (p *plan) rollTouched(r rollKind) bool {
	for w, info := range windows {
		if info.scope != scopeRoll || !info.inRounds {
			continue
		}
		n := p.used[w][r]
		if window(w) == wAfterAssign {
			n -= p.tabledAfterAssign[r]
		}
		if n > 0 {
			return true
		}
	}
	return false
}

// windowRefusal returns why exact mode refuses the hooks registered in
// windows with a refusal of their own, or "".
func (p *plan) windowRefusal() string {
	for w, info := range windows {
		if info.refusal == "" {
			continue
		}
		for _, n := range p.used[w] {
			if n > 0 {
				return info.refusal
			}
		}
	}
	return ""
}

// invasionRollRefused reports whether a hook acts on rolls of kind r
// (bombardment or space cannon defense) in a window exact mode does not
// replay.
func (p *plan) invasionRollRefused(r rollKind) bool {
	for w, info := range windows {
		if info.scope == scopeRoll && !info.replayedOnInvasionRolls && p.used[w][r] > 0 {
			return true
		}
	}
	return false
}

// The registration methods: one per window, named on + the window.

func (p *plan) onStartOfCombat(ct combatType, f func(t *trial)) {
	p.use(wStartOfCombat, int(ct))
	p.hooks.startOfCombat[ct] = append(p.hooks.startOfCombat[ct], f)
}

func (p *plan) onStartOfRound(ct combatType, f func(t *trial)) {
	p.use(wStartOfRound, int(ct))
	p.hooks.startOfRound[ct] = append(p.hooks.startOfRound[ct], f)
}

func (p *plan) onEndOfRound(ct combatType, f func(t *trial)) {
	p.use(wEndOfRound, int(ct))
	p.hooks.endOfRound[ct] = append(p.hooks.endOfRound[ct], f)
}

func (p *plan) onEndOfCombat(ct combatType, f func(t *trial)) {
	p.use(wEndOfCombat, int(ct))
	p.hooks.endOfCombat[ct] = append(p.hooks.endOfCombat[ct], f)
}

func (p *plan) onAfterResult(f func(t *trial)) {
	p.use(wAfterResult, 0)
	p.hooks.afterResult = append(p.hooks.afterResult, f)
}

func (p *plan) onStartOfInvasion(f func(t *trial)) {
	p.use(wStartOfInvasion, 0)
	p.hooks.startOfInvasion = append(p.hooks.startOfInvasion, f)
}

func (p *plan) onAfterBombard(f func(t *trial, before *[maxSlots]uint16)) {
	p.use(wAfterBombard, 0)
	p.hooks.afterBombard = append(p.hooks.afterBombard, f)
}

func (p *plan) onRollModifier(r rollKind, f func(t *trial, side sideID) int) {
	p.use(wRollModifier, int(r))
	p.hooks.rollModifier[r] = append(p.hooks.rollModifier[r], f)
}

func (p *plan) onBeforeAssign(r rollKind, f func(t *trial, side sideID, hits int) int) {
	p.use(wBeforeAssign, int(r))
	p.hooks.beforeAssign[r] = append(p.hooks.beforeAssign[r], f)
}

// onBeforeAssignFirst registers f before the hooks already in the window:
// it sees the hits before any other effect cancels some.
func (p *plan) onBeforeAssignFirst(r rollKind, f func(t *trial, side sideID, hits int) int) {
	p.use(wBeforeAssign, int(r))
	p.hooks.beforeAssign[r] = append([]func(*trial, sideID, int) int{f}, p.hooks.beforeAssign[r]...)
}

func (p *plan) onAfterAssign(r rollKind, f func(t *trial, side sideID)) {
	p.use(wAfterAssign, int(r))
	p.hooks.afterAssign[r] = append(p.hooks.afterAssign[r], f)
}

func (p *plan) onSustained(f func(t *trial, side sideID, s uint8, r rollKind)) {
	p.use(wOnSustain, 0)
	p.hooks.onSustain = append(p.hooks.onSustain, f)
}

func (p *plan) onDestroyed(f func(t *trial, side sideID, s uint8, r rollKind)) {
	p.use(wOnDestroyed, 0)
	p.hooks.onDestroyed = append(p.hooks.onDestroyed, f)
}

func (p *plan) onAnnounceRetreat(f func(t *trial, leaving sideID) sideID) {
	p.use(wRetreat, 0)
	p.hooks.retreat = append(p.hooks.retreat, f)
}

func (p *plan) onRetreated(f func(t *trial, side sideID)) {
	p.use(wOnRetreat, 0)
	p.hooks.onRetreat = append(p.hooks.onRetreat, f)
}

func (p *plan) onSlotModifier(r rollKind, f func(t *trial, side sideID, s uint8) int) {
	p.use(wSlotModifier, int(r))
	p.hooks.slotModifier[r] = append(p.hooks.slotModifier[r], f)
}

func (p *plan) onRerollMisses(r rollKind, f func(t *trial, side sideID) bool) {
	p.use(wRerollMisses, int(r))
	p.hooks.rerollMisses[r] = append(p.hooks.rerollMisses[r], f)
}

func (p *plan) onBoostOne(r rollKind, f func(t *trial, side sideID) (s uint8, delta int, ok bool)) {
	p.use(wBoostOne, int(r))
	p.hooks.boostOne[r] = append(p.hooks.boostOne[r], f)
}

func (p *plan) onBuyHits(r rollKind, f func(t *trial, side sideID) bool) {
	p.use(wBuyHits, int(r))
	p.hooks.buyHits[r] = append(p.hooks.buyHits[r], f)
}

func (p *plan) onRerollAll(r rollKind, f func(t *trial, side sideID, hits int) bool) {
	p.use(wRerollAll, int(r))
	p.hooks.rerollAll[r] = append(p.hooks.rerollAll[r], f)
}

func (p *plan) onAfterCommit(f func(t *trial) bool) {
	p.use(wAfterCommit, 0)
	p.hooks.afterCommit = append(p.hooks.afterCommit, f)
}

func (p *plan) onAfterRolls(ct combatType, f func(t *trial, hits *[2]int)) {
	p.use(wAfterRolls, int(ct))
	p.hooks.afterRolls[ct] = append(p.hooks.afterRolls[ct], f)
}
