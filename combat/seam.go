package combat

// The seam between the library's types and the engine's. The library
// declares and documents its own data types (Scenario, Options, Result,
// ...); the engine (internal/engine, internal/effects) keeps its own, the
// machinery's. Every entry point converts once here: the question in
// (Scenario.internal, engineOptions) and the answer out (publicResult,
// publicSystemResult, seamError), never per trial. Types of the same
// layout (Order, Retreat, Options, Counts, Probability, ...) convert
// with a Go conversion, which fails to compile when the two drift apart.

import (
	"errors"
	"reflect"

	"github.com/ti4sim/ti4sim/combat/internal/effects"
	"github.com/ti4sim/ti4sim/combat/internal/engine"
)

// The enumerations and the limits hold the engine's values: each line
// fails to compile (an index out of range, or a negative constant) when a
// constant differs from the engine's. TestSeamConstants checks the others.
func _() {
	var x [1]struct{}
	_ = x[MaxTrials-engine.MaxTrials]
	_ = x[RoundCap-engine.RoundCap]
	_ = x[MaxAdjacentPDS-engine.MaxAdjacentPDS]
	_ = x[MaxBudget-engine.MaxBudget]
	_ = x[MaxModifier-engine.MaxModifier]
	_ = x[MaxPlanets-engine.MaxPlanets]
	_ = x[MaxExactStates-engine.DefaultMaxStates]
	_ = x[SpaceCombat-Action(engine.SpaceCombat)]
	_ = x[GroundCombat-Action(engine.GroundCombat)]
	_ = x[Invasion-Action(engine.Invasion)]
	_ = x[EditionTI4-Edition(engine.EditionTI4)]
	_ = x[EditionTI3SA-Edition(engine.EditionTI3SA)]
	_ = x[CommitSecure-CommitKind(engine.CommitSecure)]
	_ = x[CommitFixed-CommitKind(engine.CommitFixed)]
	_ = x[CommitBestAll-CommitKind(engine.CommitBestAll)]
	_ = x[CommitBestCount-CommitKind(engine.CommitBestCount)]
	_ = x[TextCurrent-TextPrinting(effects.TextCurrent)]
	_ = x[TextOriginal-TextPrinting(effects.TextOriginal)]
	_ = x[IconoclastTE-IconoclastPrinting(effects.IconoclastTE)]
	_ = x[IconoclastOmega-IconoclastPrinting(effects.IconoclastOmega)]
	_ = x[IconoclastOriginal-IconoclastPrinting(effects.IconoclastOriginal)]
	_ = x[DirectHitCurrent-DirectHitPrinting(effects.DirectHitCurrent)]
	_ = x[DirectHitOriginal-DirectHitPrinting(effects.DirectHitOriginal)]
	_ = x[MagenOmega2-MagenPrinting(effects.MagenOmega2)]
	_ = x[MagenOmega-MagenPrinting(effects.MagenOmega)]
	_ = x[MagenOriginal-MagenPrinting(effects.MagenOriginal)]
	_ = x[X89Omega2-X89Printing(effects.X89Omega2)]
	_ = x[X89Omega-X89Printing(effects.X89Omega)]
	_ = x[X89Companion-X89Printing(effects.X89Companion)]
	_ = x[X89Original-X89Printing(effects.X89Original)]
}

// internal copies sc into the form the effects and the engine read.
func (sc *Scenario) internal() effects.Scenario {
	in := engine.Input{Attacker: sc.Attacker.internal(), Defender: sc.Defender.internal(), PlanetOfSystem: sc.planetOfSystem}
	copyPlain(reflect.ValueOf(&in).Elem(), reflect.ValueOf(sc).Elem()) // Action, Edition, Nebula, MaxRounds, Commandos, …
	return effects.Scenario{Input: in, Printings: enginePrintings(sc.Printings)}
}

// copyPlain copies the plain fields of src, a struct of the library's
// input (switches, whole numbers and the enumerations over them), to the
// fields of the same name in dst, the engine's: the one copy at the seam,
// so a new plain input needs no line here. TestSeamFields keeps the two
// types' fields alike; the enumerations' values are equal (checked above).
func copyPlain(dst, src reflect.Value) {
	t := src.Type()
	for i := range t.NumField() {
		f := t.Field(i)
		d := dst.FieldByName(f.Name)
		if !f.IsExported() || !d.IsValid() || d.Kind() != f.Type.Kind() {
			continue
		}
		switch v := src.Field(i); {
		case v.Kind() == reflect.Bool:
			d.SetBool(v.Bool())
		case v.CanInt():
			d.SetInt(v.Int())
		case v.CanUint():
			d.SetUint(v.Uint())
		}
	}
}

func (s *Side) internal() engine.Force {
	f := engine.Force{Fleet: s.Fleet, Faction: s.Faction, Techs: s.Techs, Order: engine.Order(s.Order), Cards: s.Cards,
		Retreat: engine.Retreat(s.Retreat), Galvanized: s.Galvanized, TI3Leaders: s.Leaders, Choices: s.Choices}
	copyPlain(reflect.ValueOf(&f).Elem(), reflect.ValueOf(s).Elem()) // Modifier, TradeGoods, AdjacentPDS, HighAlert, …
	return f
}

// engineOptions is o as the engine reads it.
func engineOptions(o Options) engine.Options { return engine.Options(o) }

// enginePrintings is p as the effects read it.
func enginePrintings(p Printings) effects.Printings {
	return effects.Printings{
		Magen: effects.MagenPrinting(p.Magen), X89: effects.X89Printing(p.X89),
		DirectHit: effects.DirectHitPrinting(p.DirectHit), Harrow: effects.TextPrinting(p.Harrow),
		Matriarch: effects.TextPrinting(p.Matriarch), Iconoclast: effects.IconoclastPrinting(p.Iconoclast),
		Milor: effects.MilorPrinting(p.Milor), TI3Flagships: effects.TI3FlagshipsPrinting(p.TI3Flagships),
	}
}

// publicPrintings is the effects' p as the library gives it.
func publicPrintings(p effects.Printings) Printings {
	return Printings{
		Magen: MagenPrinting(p.Magen), X89: X89Printing(p.X89),
		DirectHit: DirectHitPrinting(p.DirectHit), Harrow: TextPrinting(p.Harrow),
		Matriarch: TextPrinting(p.Matriarch), Iconoclast: IconoclastPrinting(p.Iconoclast),
		Milor: MilorPrinting(p.Milor), TI3Flagships: TI3FlagshipsPrinting(p.TI3Flagships),
	}
}

// publicResult is the engine's r as the library gives it. Slices the
// library's types share with the engine's (histograms, warnings) are
// passed on, not copied; a nil slice stays nil.
func publicResult(r engine.Result) Result {
	out := Result{
		Action: Action(r.Action), Trials: r.Trials, Seed: r.Seed, Exact: r.Exact,
		Counts: Counts(r.Counts), Outcome: publicOutcomes(r.Outcome), Invaded: Probability(r.Invaded),
		Attacker: publicSide(r.Attacker), Defender: publicSide(r.Defender), Rounds: publicRounds(r.Rounds),
		States: publicStates(r.States), RetreatWhen: publicStates(r.RetreatWhen), Warnings: r.Warnings,
	}
	if r.Space != nil {
		out.Space = &Phase{Counts: Counts(r.Space.Counts), Outcome: publicOutcomes(r.Space.Outcome), Rounds: publicRounds(r.Space.Rounds)}
	}
	if r.GroundRounds != nil {
		gr := publicRounds(*r.GroundRounds)
		out.GroundRounds = &gr
	}
	return out
}

// publicSystemResult is the engine's r as the library gives it.
func publicSystemResult(r engine.SystemResult) SystemResult {
	out := SystemResult{
		Exact: r.Exact, Trials: r.Trials, Seed: r.Seed, Commit: r.Commit,
		TakeAll: Probability(r.TakeAll), TakenMean: Mean(r.TakenMean), Space: publicOutcomes(r.Space),
		Kept: publicSurvivors(r.Kept), SpaceRounds: Mean(r.SpaceRounds), Warnings: r.Warnings,
	}
	if r.Taken != nil {
		out.Taken = make([]Probability, len(r.Taken))
		for i, p := range r.Taken {
			out.Taken[i] = Probability(p)
		}
	}
	for side := range out.Ships {
		out.Ships[side] = publicSurvivors(r.Ships[side])
		out.ResourcesLost[side] = Mean(r.ResourcesLost[side])
	}
	for _, e := range r.Ends {
		pe := SystemEnd{P: Probability(e.P), Ships: [2][]UnitCount{publicUnitCounts(e.Ships[0]), publicUnitCounts(e.Ships[1])}, Kept: publicUnitCounts(e.Kept)}
		for _, p := range e.Planets {
			pe.Planets = append(pe.Planets, PlanetEnd{Taken: p.Taken, Attacker: publicUnitCounts(p.Attacker), Defender: publicUnitCounts(p.Defender)})
		}
		out.Ends = append(out.Ends, pe)
	}
	if r.Planets != nil {
		out.Planets = make([]PlanetResult, len(r.Planets))
		for i, p := range r.Planets {
			out.Planets[i] = PlanetResult{
				Name: p.Name, Taken: Probability(p.Taken), Invaded: Probability(p.Invaded), WipedOut: Probability(p.WipedOut),
				Committed: publicSurvivors(p.Committed), Attacker: publicSurvivors(p.Attacker), Defender: publicSurvivors(p.Defender),
				GroundRounds: Mean(p.GroundRounds),
			}
		}
	}
	return out
}

func publicOutcomes(o engine.Outcomes) Outcomes {
	return Outcomes{
		AttackerWin: Probability(o.AttackerWin), Draw: Probability(o.Draw), DefenderWin: Probability(o.DefenderWin),
		AttackerRetreats: Probability(o.AttackerRetreats), DefenderRetreats: Probability(o.DefenderRetreats),
		Unfinished: Probability(o.Unfinished), BothWipedOut: Probability(o.BothWipedOut),
	}
}

// engineOutcomes is o as the engine reads it (for its methods).
func engineOutcomes(o Outcomes) engine.Outcomes {
	return engine.Outcomes{
		AttackerWin: engine.Probability(o.AttackerWin), Draw: engine.Probability(o.Draw), DefenderWin: engine.Probability(o.DefenderWin),
		AttackerRetreats: engine.Probability(o.AttackerRetreats), DefenderRetreats: engine.Probability(o.DefenderRetreats),
		Unfinished: engine.Probability(o.Unfinished), BothWipedOut: engine.Probability(o.BothWipedOut),
	}
}

// engineUnitsLeft is u as the engine reads it (for its methods).
func engineUnitsLeft(u *UnitsLeft) *engine.UnitsLeft { return (*engine.UnitsLeft)(u) }

func publicSide(s engine.SideResult) SideResult {
	return SideResult{
		Survivors: publicSurvivors(s.Survivors), ResourcesLost: Mean(s.ResourcesLost), CapacityLost: Mean(s.CapacityLost),
		Revived: Mean(s.Revived), Captured: Mean(s.Captured), Left: UnitsLeft(s.Left),
	}
}

func publicRounds(r engine.Rounds) Rounds {
	return Rounds{Mean: Mean(r.Mean), Histogram: r.Histogram}
}

func publicSurvivors(ss []engine.Survivor) []Survivor {
	if ss == nil {
		return nil
	}
	out := make([]Survivor, len(ss))
	for i, s := range ss {
		out[i] = Survivor{Kind: s.Kind, Name: s.Name, Start: s.Start, Expected: Mean(s.Expected)}
	}
	return out
}

func publicStates(ss []engine.State) []State {
	if ss == nil {
		return nil
	}
	out := make([]State, len(ss))
	for i, s := range ss {
		out[i] = State{P: Probability(s.P), Attacker: publicUnitCounts(s.Attacker), Defender: publicUnitCounts(s.Defender)}
	}
	return out
}

func publicUnitCounts(us []engine.UnitCount) []UnitCount {
	if us == nil {
		return nil
	}
	out := make([]UnitCount, len(us))
	for i, u := range us {
		out[i] = UnitCount(u)
	}
	return out
}

func publicBoardStates(bs []effects.BoardState) []BoardState {
	if bs == nil {
		return nil
	}
	out := make([]BoardState, len(bs))
	for i, b := range bs {
		out[i] = BoardState(b)
	}
	return out
}

func publicCards(cs []effects.CardInfo) []CardInfo {
	if cs == nil {
		return nil
	}
	out := make([]CardInfo, len(cs))
	for i, c := range cs {
		out[i] = CardInfo{Slug: c.Slug, Name: c.Name, Kind: CardKind(c.Kind), Copies: c.Copies, Effect: c.Effect}
	}
	return out
}

// seamError converts the engine's NotExactError in *err's chain to the
// library's, so that errors.As finds a *NotExactError: in its place when
// *err is the engine's error itself, and otherwise beside it, the message
// and the rest of the chain (errors.Is) unchanged. Entry points defer it.
func seamError(err *error) {
	var ne *engine.NotExactError
	if *err == nil || !errors.As(*err, &ne) {
		return
	}
	public := &NotExactError{Reason: ne.Reason}
	if *err == error(ne) {
		*err = public
		return
	}
	*err = &publicChain{err: *err, public: public}
}

// publicChain is an error whose chain holds an engine error, with the
// library's form of it beside: its message is err's.
type publicChain struct {
	err    error
	public error
}

func (e *publicChain) Error() string   { return e.err.Error() }
func (e *publicChain) Unwrap() []error { return []error{e.public, e.err} }
