package importer

import (
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/units"
)

// AsyncTI4Options chooses the battle of a game.
type AsyncTI4Options struct {
	Tile     string // the tile's position, e.g. "310"
	Planet   string // optional: invade only this planet of the tile
	Attacker string // optional: the attacker's faction id, when the save cannot tell
	// Ground makes the battle the ground combat on Planet (a live combat
	// there, AsyncTI4LiveCombat): each side's units on that planet.
	Ground bool
}

// tileBuilder turns one tile of a game into a combat document.
type tileBuilder struct {
	g        *AsyncTI4Game
	t        *AsyncTI4Tile
	opt      AsyncTI4Options
	byColor  map[string]*AsyncTI4Player
	att, def *AsyncTI4Player
	doc      scenario.Combat
	warnings []string
}

// AsyncTI4Battle makes the scenario document of the battle at a tile of a
// game: the attacker's units in the space area, the defender's ships and,
// when it has units on or controls a planet there, every such planet with
// its units (an invasion); factions, unit upgrades, combat technologies,
// unlocked commanders, relics, promissory notes in play and laws that
// ti4sim models. What the save cannot say is in the warnings, never
// guessed. A tile that is not on the map, or holds no two opposing
// players, or whose attacker the save cannot tell, is an error.
func AsyncTI4Battle(g *AsyncTI4Game, opt AsyncTI4Options) (scenario.Combat, []string, error) {
	t, ok := g.Tiles[strings.TrimSpace(opt.Tile)]
	if !ok {
		return scenario.Combat{}, nil, fmt.Errorf("no tile at position %s in game %s (%d tiles)", echo.Quote(clip(opt.Tile)), echo.Quote(clip(g.Name)), len(g.Tiles))
	}
	b := &tileBuilder{g: g, t: t, opt: opt, byColor: map[string]*AsyncTI4Player{}}
	for i := range g.Players {
		b.byColor[colorID(g.Players[i].Color)] = &g.Players[i]
	}
	b.doc = scenario.Combat{Version: scenario.Version, Action: scenario.ActionSpace, Ruleset: "ti4"}
	var err error
	if opt.Ground {
		err = b.ground()
	} else if err = b.sides(); err == nil {
		err = b.fill()
	}
	if err != nil {
		return scenario.Combat{}, nil, err
	}
	if _, err := b.doc.Scenario(); err != nil {
		return scenario.Combat{}, nil, fmt.Errorf("tile %s: the battle read is not one ti4sim can run: %v", t.Position, err)
	}
	b.doc.System.Nebula = nebulaTiles.Get()[strings.ToLower(t.ID)]
	b.warnings = append(b.warnings, g.Notes...)
	b.warnings = append(b.warnings,
		"the tile's anomaly is read for the base game's and Prophecy of Kings' nebulae (tiles 42, 68) only: set system.nebula for another expansion's nebula",
		"cards in hand (action cards, promissory notes) are not read: playing one is a choice; add it to a side's cards")
	return b.doc, b.warnings, nil
}

// sides picks the attacker and the defender: the attacker is the one
// player with units in the space area facing another player's units there
// or on a planet; the defender that other player.
func (b *tileBuilder) sides() error {
	present := map[*AsyncTI4Player]bool{}
	inSpace := map[*AsyncTI4Player]bool{}
	for _, h := range b.t.Holders {
		for _, st := range h.Stacks {
			p := b.byColor[st.Color]
			if p == nil {
				b.warnings = append(b.warnings, fmt.Sprintf("units of colour %s on %s belong to no player: left out", echo.Quote(clip(st.Color)), echo.Quote(clip(h.Name))))
				continue
			}
			if st.Count() > 0 {
				present[p] = true
				if h.Name == "space" {
					inSpace[p] = true
				}
			}
		}
		if p := b.byColor[h.Controller]; p != nil && h.Name != "space" {
			present[p] = true
		}
	}
	names := func(m map[*AsyncTI4Player]bool) []string {
		var out []string
		for p := range m {
			out = append(out, p.Faction)
		}
		sort.Strings(out)
		return out
	}
	if b.opt.Attacker != "" {
		for p := range present {
			if p.Faction == strings.ToLower(strings.TrimSpace(b.opt.Attacker)) {
				b.att = p
			}
		}
		if b.att == nil {
			return fmt.Errorf("attacker %s has no units at tile %s; there: %s", echo.Quote(clip(b.opt.Attacker)), b.t.Position, strings.Join(names(present), ", "))
		}
	} else {
		if len(inSpace) != 1 {
			return fmt.Errorf("tile %s: %d players have ships there (%s): the save does not say who activated the system; give the attacker's faction (--attacker)", b.t.Position, len(inSpace), strings.Join(names(inSpace), ", "))
		}
		for p := range inSpace {
			b.att = p
		}
		b.warnings = append(b.warnings, fmt.Sprintf("the attacker is taken to be %s, the one player with ships in the system (the save does not say who activated it)", b.att.Faction))
	}
	delete(present, b.att)
	if len(present) == 0 {
		return fmt.Errorf("tile %s holds no battle: only %s has units there", b.t.Position, b.att.Faction)
	}
	if len(present) != 1 {
		return fmt.Errorf("tile %s: %s faces %d other players (%s): want exactly one", b.t.Position, b.att.Faction, len(present), strings.Join(names(present), ", "))
	}
	for p := range present {
		b.def = p
	}
	return nil
}

// fill writes the sides, the planets and the action into the document.
func (b *tileBuilder) fill() error {
	att, attG, err := b.units(b.att, "space")
	if err != nil {
		return err
	}
	def, defG, err := b.units(b.def, "space")
	if err != nil {
		return err
	}
	planets, err := b.planets()
	if err != nil {
		return err
	}
	if len(planets) > 0 {
		b.doc.Action = scenario.ActionInvade
		b.doc.System.Planets = planets
	}
	if len(att) == 0 {
		return fmt.Errorf("tile %s: the attacker %s has no units in the space area", b.t.Position, b.att.Faction)
	}
	if len(def) == 0 && len(planets) == 0 {
		return fmt.Errorf("tile %s: the defender %s has no units there to fight", b.t.Position, b.def.Faction)
	}
	b.doc.Attacker = b.side(b.att, att, attG)
	b.doc.Defender = b.side(b.def, def, defG)
	b.doc.Attacker.PDS = min(b.pdsOn(b.att, b.t), units.MaxItemCount)
	b.adjacentPDS()
	b.laws()
	return nil
}

// pdsOn counts a player's PDS on the planets of a tile.
func (b *tileBuilder) pdsOn(p *AsyncTI4Player, t *AsyncTI4Tile) int {
	n := 0
	for _, h := range t.Holders {
		for _, st := range h.Stacks {
			if h.Name != "space" && st.Code == "pd" && b.byColor[st.Color] == p {
				n += st.Count()
			}
		}
	}
	return n
}

// adjacentPDS counts each side's PDS in the systems next to the tile on
// the grid (they fire into it with PDS II: ti4sim decides by the side's
// technologies) and names a third player's PDS there and what is not read.
func (b *tileBuilder) adjacentPDS() {
	var att, def int
	third := map[string]int{}
	for _, t := range b.g.Tiles {
		if !adjacentTiles(b.t, t) {
			continue
		}
		att += b.pdsOn(b.att, t)
		def += b.pdsOn(b.def, t)
		for i := range b.g.Players {
			if p := &b.g.Players[i]; p != b.att && p != b.def {
				third[p.Faction] += b.pdsOn(p, t)
			}
		}
	}
	b.doc.Attacker.AdjacentPDS = min(att, units.MaxItemCount)
	b.doc.Defender.AdjacentPDS = min(def, units.MaxItemCount)
	for _, f := range slices.Sorted(maps.Keys(third)) {
		if third[f] > 0 {
			b.warnings = append(b.warnings, fmt.Sprintf("%s, a third player, has %d PDS in adjacent systems: ti4sim fights two sides, they are left out", f, third[f]))
		}
	}
	if b.g.CustomAdjacency {
		b.warnings = append(b.warnings, "the map's hyperlanes and custom adjacencies are not read: PDS in systems adjacent only through them are not counted")
	}
	b.warnings = append(b.warnings, "adjacency is the map's neighbouring positions and the wormholes of base-game and Prophecy of Kings systems and gamma tokens: other expansions' wormholes, Creuss wormhole tokens and ranges beyond adjacent are not read")
}

// planets returns the planets where the defender has units or control,
// each with its units; with --planet only that one.
func (b *tileBuilder) planets() ([]scenario.Planet, error) {
	var out []scenario.Planet
	found := false
	for _, h := range b.t.Holders {
		if h.Name == "space" {
			continue
		}
		if b.opt.Planet != "" && !strings.EqualFold(h.Name, strings.TrimSpace(b.opt.Planet)) {
			continue
		}
		found = true
		us, gal, err := b.units(b.def, h.Name)
		if err != nil {
			return nil, err
		}
		if len(gal) > 0 {
			b.warnings = append(b.warnings, fmt.Sprintf("galvanized units on %s are read as plain units: a planet's units carry no galvanize token in a document", h.Name))
		}
		if len(us) == 0 && b.byColor[h.Controller] != b.def {
			continue
		}
		if mine, _, _ := b.units(b.att, h.Name); len(mine) > 0 {
			b.warnings = append(b.warnings, fmt.Sprintf("the attacker's units already on %s are left out, but for its PDS (they fire space cannon offense)", h.Name))
		}
		out = append(out, scenario.Planet{Name: h.Name, Units: us})
	}
	if b.opt.Planet != "" && !found {
		return nil, fmt.Errorf("tile %s has no planet %s", b.t.Position, echo.Quote(clip(b.opt.Planet)))
	}
	if len(out) > 3 {
		return nil, fmt.Errorf("tile %s: the defender holds %d planets; ti4sim invades at most 3: choose one (--planet)", b.t.Position, len(out))
	}
	return out, nil
}

// units returns a player's units in one holder of the tile, one entry per
// kind, and those carrying a galvanize token.
func (b *tileBuilder) units(p *AsyncTI4Player, holder string) (all, galvanized []scenario.Units, err error) {
	upgraded := upgradedCodes(p.UnitsOwned)
	for _, h := range b.t.Holders {
		if h.Name != holder {
			continue
		}
		for _, st := range h.Stacks {
			if b.byColor[st.Color] != p || st.Count() == 0 {
				continue
			}
			k, _, perr := units.ParseKind(st.Code)
			if perr != nil {
				b.warnings = append(b.warnings, fmt.Sprintf("%s's %d %s on %s: not a unit ti4sim models, left out", p.Faction, st.Count(), echo.Quote(clip(st.Code)), holder))
				continue
			}
			if st.Count() > units.MaxItemCount {
				return nil, nil, fmt.Errorf("%s has %d %s on %s: at most %d", p.Faction, st.Count(), k, holder, units.MaxItemCount)
			}
			u := scenario.Units{Unit: k.String(), Count: st.Count(), Upgraded: upgraded[st.Code], Damaged: st.States[1] + st.States[3]}
			all = append(all, u)
			if g := st.States[2] + st.States[3]; g > 0 {
				galvanized = append(galvanized, scenario.Units{Unit: u.Unit, Count: g, Upgraded: u.Upgraded})
			}
		}
	}
	return all, galvanized, nil
}

// side fills a document side: faction, technologies, leaders, relics and
// notes ti4sim models.
func (b *tileBuilder) side(p *AsyncTI4Player, fleet, galvanized []scenario.Units) scenario.Side {
	s := scenario.Side{Fleet: fleet, Galvanized: galvanized}
	if s.Fleet == nil {
		s.Fleet = []scenario.Units{}
	}
	f, err := units.LookupFaction(p.Faction)
	if err != nil {
		b.warnings = append(b.warnings, fmt.Sprintf("faction %s is not one ti4sim knows: its units fight as the generic units", echo.Quote(clip(p.Faction))))
	} else {
		s.Faction = f.Slug
		b.leaders(p, f, &s)
	}
	var left []string
	for _, t := range p.Techs {
		if slug, ok := combat.TechnologySlug(t); ok {
			s.Technologies = append(s.Technologies, slug)
		} else {
			left = append(left, t)
		}
	}
	if len(left) > 0 {
		b.warnings = append(b.warnings, fmt.Sprintf("%s's technologies that act outside combat or that ti4sim does not model, left out: %s", p.Faction, strings.Join(left, ", ")))
	}
	b.relicsAndNotes(p, &s)
	if len(s.Galvanized) > 0 && s.Faction != "last-bastion" && !slices.Contains(s.Cards, scenario.Card{Name: "raise-the-standard"}) {
		b.warnings = append(b.warnings, fmt.Sprintf("%s's galvanized units are read as plain units: only the Last Bastion galvanize (or a holder of their Raise the Standard)", p.Faction))
		s.Galvanized = nil
	}
	return s
}

// leaders adds an unlocked commander ti4sim models, and names the ready
// agent and unlocked hero whose use is a choice.
func (b *tileBuilder) leaders(p *AsyncTI4Player, f *units.Faction, s *scenario.Side) {
	for _, l := range p.Leaders {
		a, ok := factionLeader(f, l.Type)
		if !ok || l.Locked || !combat.Modelled(a.Slug) {
			continue
		}
		if _, outside := combat.OutsideCombat(a.Slug); outside {
			continue
		}
		switch {
		case l.Type == "commander":
			s.Cards = append(s.Cards, scenario.Card{Name: a.Slug})
		case !l.Exhausted:
			b.warnings = append(b.warnings, fmt.Sprintf("%s's %s %s is ready: using it is a choice, not assumed (add %s to the side's cards)", p.Faction, l.Type, a.Name, a.Slug))
		}
	}
}

// relicsAndNotes adds the player's relics and the promissory notes in its
// play area that ti4sim models, matched by name.
func (b *tileBuilder) relicsAndNotes(p *AsyncTI4Player, s *scenario.Side) {
	known := map[string]string{}
	for _, c := range combat.Cards() {
		known[squash(c.Slug)] = c.Slug
	}
	for _, name := range units.FactionNames() {
		if f, err := units.LookupFaction(name); err == nil {
			for _, a := range f.Abilities {
				if a.Kind == units.AbilityKindNote {
					known[squash(a.Slug)] = a.Slug
				}
			}
		}
	}
	for _, id := range append(slices.Clone(p.Relics), p.Notes...) {
		if slug, ok := known[squash(id)]; ok {
			s.Cards = append(s.Cards, scenario.Card{Name: slug})
		}
	}
}

// laws adds the laws in play that ti4sim models: a law for all to the
// attacker's cards (it acts on both sides), an elected one to the elected
// player's side.
func (b *tileBuilder) laws() {
	for _, id := range b.g.Laws {
		slug, ok := asyncLaws.Get()[id]
		if !ok {
			continue
		}
		who, elected := b.g.Elected[id]
		switch {
		case !elected:
			b.doc.Attacker.Cards = append(b.doc.Attacker.Cards, scenario.Card{Name: slug})
		case who == b.att.Faction || colorID(who) == colorID(b.att.Color):
			b.doc.Attacker.Cards = append(b.doc.Attacker.Cards, scenario.Card{Name: slug})
		case who == b.def.Faction || colorID(who) == colorID(b.def.Color):
			b.doc.Defender.Cards = append(b.doc.Defender.Cards, scenario.Card{Name: slug})
		}
	}
}
