package importer

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/units"
)

// MaxAsyncTI4GameState is the largest game-state document read (bytes);
// the bot's are a few hundred.
const MaxAsyncTI4GameState = 1 << 20

// AsyncTI4GameState is what ti4sim reads of the bot's public game state
// (GET /api/public/game/{game}/game-state; AsyncTI4/TI4_map_generator_bot,
// src/main/java/ti4/website/model/WebGameState.java): "activePlayer" (a
// colour), "activeSystem" (a position) and "activeCombat", the combat in
// progress (WebCombat: "system", a position; "unitHolder", "space" or a
// planet; "round"; "participantColors"), which the bot reads back from
// what it stores when a combat starts (StartCombatService: the two
// factions in combat and a round tracker per faction and place).
type AsyncTI4GameState struct {
	ActivePlayer string          `json:"activePlayer"`
	ActiveSystem string          `json:"activeSystem"`
	Combat       *AsyncTI4Combat `json:"activeCombat"`
}

// AsyncTI4Combat is the combat in progress of a game state.
type AsyncTI4Combat struct {
	System       string   `json:"system"`
	UnitHolder   string   `json:"unitHolder"`
	Round        int      `json:"round"`
	Participants []string `json:"participantColors"` // colours (a faction where its player has none)
}

// ErrNoLiveCombat is AsyncTI4LiveCombat's error when the game state names
// no combat in progress.
var ErrNoLiveCombat = errors.New("the game state names no combat in progress")

// ReadAsyncTI4GameState reads the bot's game-state JSON; a value of the
// wrong type is an error (*scenario.Error) naming its JSON path.
func ReadAsyncTI4GameState(r io.Reader) (*AsyncTI4GameState, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxAsyncTI4GameState+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxAsyncTI4GameState {
		return nil, &scenario.Error{Msg: fmt.Sprintf("the game state is over %d bytes", MaxAsyncTI4GameState)}
	}
	if !IsAsyncTI4WebData(data) {
		return nil, &scenario.Error{Msg: "not the bot's game state: want a JSON object, e.g. {\"activeCombat\": {\"system\": \"310\", ...}}"}
	}
	var st AsyncTI4GameState
	if err := decodeAt("", data, &st); err != nil {
		return nil, err
	}
	return &st, nil
}

// AsyncTI4LiveCombat chooses the battle of a game that its state names as
// in progress: its tile; in space, the battle at the tile (an invasion
// when the defender holds planets there); on a planet, the ground combat
// there. The attacker is the active player when it is in the combat and
// the combat is in the system it activated; else the battle's own rule
// picks it. The warnings say what was read. No combat in progress is
// ErrNoLiveCombat.
func AsyncTI4LiveCombat(g *AsyncTI4Game, st *AsyncTI4GameState) (AsyncTI4Options, []string, error) {
	c := st.Combat
	if c == nil || strings.TrimSpace(c.System) == "" {
		return AsyncTI4Options{}, nil, ErrNoLiveCombat
	}
	opt := AsyncTI4Options{Tile: strings.TrimSpace(c.System)}
	where := "in space"
	if h := strings.ToLower(strings.TrimSpace(c.UnitHolder)); h != "" && h != "space" {
		opt.Planet, opt.Ground = h, true
		where = "on " + h
	}
	var warnings []string
	active := playerOf(g, st.ActivePlayer)
	inCombat := active != nil && slices.ContainsFunc(c.Participants, func(who string) bool { return playerOf(g, who) == active })
	if inCombat && strings.TrimSpace(st.ActiveSystem) == opt.Tile {
		opt.Attacker = active.Faction
		warnings = append(warnings, fmt.Sprintf("the live combat (the bot's game state): tile %s, %s, round %d; the attacker is %s, the active player, who activated the system", echo.Quote(clip(opt.Tile)), where, c.Round, active.Faction))
	} else {
		warnings = append(warnings, fmt.Sprintf("the live combat (the bot's game state): tile %s, %s, round %d; the game state does not say who attacks (the active player is not in it, or activated another system)", echo.Quote(clip(opt.Tile)), where, c.Round))
	}
	if c.Round > 1 {
		warnings = append(warnings, fmt.Sprintf("the combat is in its round %d: the document starts it afresh from the units there now; what fires before the first round (space cannon offense, anti-fighter barrage, bombardment) fires again", c.Round))
	}
	return opt, warnings, nil
}

// playerOf is the player of a colour (its name or id) or faction.
func playerOf(g *AsyncTI4Game, who string) *AsyncTI4Player {
	who = strings.ToLower(strings.TrimSpace(who))
	if who == "" {
		return nil
	}
	for i := range g.Players {
		p := &g.Players[i]
		if colorID(p.Color) == colorID(who) || strings.EqualFold(p.Faction, who) {
			return p
		}
	}
	return nil
}

// ground makes the ground combat on the planet opt.Planet: the attacker
// (opt.Attacker, else the one player with units there that does not
// control it) and the defender, the other player with units there, each
// with its ground forces on the planet.
func (b *tileBuilder) ground() error {
	name := strings.ToLower(strings.TrimSpace(b.opt.Planet))
	var h *AsyncTI4Holder
	for i := range b.t.Holders {
		if b.t.Holders[i].Name == name && name != "space" {
			h = &b.t.Holders[i]
		}
	}
	if h == nil {
		return fmt.Errorf("tile %s has no planet %s", b.t.Position, echo.Quote(clip(b.opt.Planet)))
	}
	var present []*AsyncTI4Player
	for _, st := range h.Stacks {
		if p := b.byColor[st.Color]; p != nil && st.Count() > 0 && !slices.Contains(present, p) {
			present = append(present, p)
		}
	}
	if err := b.groundSides(h, present); err != nil {
		return err
	}
	att, attG, err := b.groundUnits(b.att, h.Name)
	if err != nil {
		return err
	}
	def, defG, err := b.groundUnits(b.def, h.Name)
	if err != nil {
		return err
	}
	if len(att) == 0 || len(def) == 0 {
		return fmt.Errorf("tile %s: no ground combat on %s: %s has %d ground forces there, %s %d", b.t.Position, h.Name, b.att.Faction, len(att), b.def.Faction, len(def))
	}
	b.doc.Action = scenario.ActionGround
	b.doc.Attacker = b.side(b.att, att, attG)
	b.doc.Defender = b.side(b.def, def, defG)
	b.laws()
	return nil
}

// groundSides picks the attacker and the defender of a ground combat
// among the players with units on the planet.
func (b *tileBuilder) groundSides(h *AsyncTI4Holder, present []*AsyncTI4Player) error {
	factions := func() string {
		var out []string
		for _, p := range present {
			out = append(out, p.Faction)
		}
		return strings.Join(out, ", ")
	}
	if len(present) != 2 {
		return fmt.Errorf("tile %s: %d players have units on %s (%s): a ground combat has two", b.t.Position, len(present), h.Name, factions())
	}
	switch want := strings.ToLower(strings.TrimSpace(b.opt.Attacker)); {
	case want != "":
		for i, p := range present {
			if p.Faction == want {
				b.att, b.def = p, present[1-i]
			}
		}
		if b.att == nil {
			return fmt.Errorf("attacker %s has no units on %s; there: %s", echo.Quote(clip(b.opt.Attacker)), h.Name, factions())
		}
	case b.byColor[h.Controller] == present[0]:
		b.att, b.def = present[1], present[0]
	case b.byColor[h.Controller] == present[1]:
		b.att, b.def = present[0], present[1]
	default:
		return fmt.Errorf("tile %s: neither of %s controls %s: give the attacker's faction (--attacker)", b.t.Position, factions(), h.Name)
	}
	return nil
}

// groundUnits is a player's ground forces on a planet (the structures
// there do not fight a ground combat), and those galvanized.
func (b *tileBuilder) groundUnits(p *AsyncTI4Player, holder string) (all, galvanized []scenario.Units, err error) {
	us, gal, err := b.units(p, holder)
	keep := func(in []scenario.Units) []scenario.Units {
		var out []scenario.Units
		for _, u := range in {
			if k, _, err := units.ParseKind(u.Unit); err == nil && k.GroundForce() {
				out = append(out, u)
			}
		}
		return out
	}
	return keep(us), keep(gal), err
}
