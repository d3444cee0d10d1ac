package effects

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/units"
)

// Board states: facts about the board that a faction text needs and that
// no fleet, technology or card says — an assimilator token on the
// opponent's technology, the opponent's command token in the Mahact fleet
// pool, the Keleres holding Mecatol Rex. The side the text belongs to lists
// the fact among its cards, by slug; without it the text acts as it does on
// a board where the fact is false (the default, stated in its rule). Only
// the faction whose text reads the fact may list it: anything else is a
// usage error, never a silently ignored input.

// BoardState describes a board-state item a side may list among its cards.
type BoardState struct {
	// Slug is the command-line name, e.g. "assimilator-token".
	Slug string
	// Faction is the slug of the faction that may list it.
	Faction string
	// Text is the slug of the faction text that reads it.
	Text string
	// Meaning says what listing it asserts and what changes.
	Meaning string
}

var boardStates = []BoardState{
	{"assimilator-token", "nekro", "mordred",
		"the opponent has an X or Y assimilator token on one of its technologies: Mordred gets +2 to its combat rolls (default: no token, no +2)"},
	{"fleet-pool-token", "mahact", "arvicon-rex",
		"the opponent's command token is in the Mahact fleet pool (Edict): Arvicon Rex loses its +2 (default: not there, +2 applies)"},
	{"flagship-adjacent", "empyrean", "dynamo",
		"the Empyrean flagship is in a system adjacent to the active one (not in the fleet): Dynamo repairs the side's units in the active system after they use Sustain Damage, 2 influence each, in any combat (default: only a flagship in the fleet acts)"},
	{"mecatol-rex", "keleres", "iihq-modernization",
		"the active system is Mecatol Rex and the side controls the planet: with I.I.H.Q. Modernization (Custodia Vigilia) the planet fires Space Cannon 5 (default: not Mecatol Rex, no roll)"},
}

// BoardStates returns the board-state items of the faction with this slug
// (none for a faction without).
func BoardStates(faction string) []BoardState {
	var out []BoardState
	for _, b := range boardStates {
		if b.Faction == faction {
			out = append(out, b)
		}
	}
	return out
}

// lookupBoardState finds a board-state item by slug.
func lookupBoardState(slug string) (BoardState, bool) {
	i := slices.IndexFunc(boardStates, func(b BoardState) bool { return b.Slug == techSlug(slug) })
	if i < 0 {
		return BoardState{}, false
	}
	return boardStates[i], true
}

// checkBoardState validates a board-state item listed by side s: the
// side's faction must be the one whose text reads it, and it takes no
// number after ':'.
func checkBoardState(s *engine.Force, item string, b BoardState, hasNum bool) error {
	if hasNum {
		return fmt.Errorf("%q: the board state %s takes no number after ':'", item, b.Slug)
	}
	if f := s.FactionOrNone().Slug; f != b.Faction {
		return fmt.Errorf("%s is a board state read by the %s text %s; this side's faction is %s, not %s", b.Slug, b.Faction, b.Text, f, b.Faction)
	}
	return nil
}

// cardIndex is the element of side s's cards that lists slug (before any
// ':'), or -1.
func cardIndex(s *engine.Force, slug string) int {
	return slices.IndexFunc(s.Cards, func(it string) bool {
		name, _, _ := strings.Cut(it, ":")
		return techSlug(strings.TrimSpace(name)) == slug
	})
}

// boardStateHolds reports whether side s lists the board state slug.
func boardStateHolds(s *engine.Force, slug string) bool {
	_, ok := factionItemCount(s, slug)
	return ok
}

// validateBoardStates checks what the board states and the texts reading
// them need beyond the side's faction (checkBoardState): I.I.H.Q.
// Modernization is the Keleres' own (no assimilator token can go on it), and
// Mecatol Rex under Keleres control matters only with it, only where its
// space cannon fires: not for the attacker of an invasion (the invaded
// planet is the defender's, and the Mecatol Rex system has no other) and not
// in a ground combat alone.
func (sc *Scenario) validateBoardStates() error {
	for i, s := range []*engine.Force{&sc.Attacker, &sc.Defender} {
		i := engine.Side(i)
		name := i.String()
		iihq := slices.ContainsFunc(s.Techs, func(t string) bool { return techSlug(t) == "iihq-modernization" })
		if iihq && s.FactionOrNone().Slug != "keleres" {
			at := slices.IndexFunc(s.Techs, func(t string) bool { return techSlug(t) == "iihq-modernization" })
			return engine.InputAtf(name, "Techs", at, "iihq-modernization is a Keleres technology that cannot be assimilated; this side's faction is %s", s.FactionOrNone().Slug)
		}
		if boardStateHolds(s, "flagship-adjacent") && s.Fleet.Count(units.Flagship) > 0 {
			return engine.InputAtf(name, "Cards", cardIndex(s, "flagship-adjacent"), "flagship-adjacent: the side's flagship is in its fleet, in the active system; a faction has one flagship")
		}
		if !boardStateHolds(s, "mecatol-rex") {
			continue
		}
		at := cardIndex(s, "mecatol-rex")
		switch {
		case !iihq:
			return engine.InputAtf(name, "Cards", at, "mecatol-rex matters only to I.I.H.Q. Modernization (Custodia Vigilia's space cannon): give iihq-modernization among the side's technologies")
		case sc.Action == engine.GroundCombat:
			return engine.InputAtf(name, "Cards", at, "mecatol-rex: the planet's space cannon fires in space cannon offense and defense, not in a ground combat alone (use space or invade)")
		case sc.Action == engine.Invasion && i == engine.Attacker:
			return engine.InputAtf("attacker", "Cards", at, "mecatol-rex: the invaded planet is the defender's, and the Mecatol Rex system has no other planet for the attacker to control (use space, or give mecatol-rex to a Keleres defender)")
		}
	}
	return nil
}
