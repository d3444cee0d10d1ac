package importer

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/internal/echo"
)

// The bot's public web-data JSON (GET /api/public/game/{game}/web-data),
// the fields ti4sim reads, as the bot writes them (AsyncTI4/
// TI4_map_generator_bot, src/main/java/ti4/spring/api/webdata/
// GameWebDataService.java and src/main/java/ti4/website/model/: the
// document's keys "gameName", "playerData" (WebPlayerArea), "lawsInPlay"
// (WebLaw), "tilePositions" ("POSITION:TILEID", WebTilePositions) and
// "tileUnitData" (WebTileUnitData: per position "space", faction →
// entities, and "planets", name → WebTilePlanet with "controlledBy" and
// "entities"; an entity (WebEntityData) is a unit, token or attachment
// with "entityId", "entityType", "count", "sustained" and "unitStates",
// its counts by state: healthy, damaged, galvanized, both)). Its other
// keys are not read.
type webData struct {
	GameName      string                     `json:"gameName"`
	PlayerData    []json.RawMessage          `json:"playerData"`
	LawsInPlay    []json.RawMessage          `json:"lawsInPlay"`
	TilePositions []string                   `json:"tilePositions"`
	TileUnitData  map[string]json.RawMessage `json:"tileUnitData"`
}

type webPlayer struct {
	Faction    string      `json:"faction"`
	Color      string      `json:"color"`
	UnitsOwned []string    `json:"unitsOwned"`
	Techs      []string    `json:"techs"`
	Relics     []string    `json:"relics"`
	Notes      []string    `json:"promissoryNotesInPlayArea"`
	Leaders    []webLeader `json:"leaders"`
}

// webLeader is the bot's Leader (src/main/java/ti4/game/Leader.java) as
// Jackson writes it.
type webLeader struct {
	ID        string `json:"id"`
	Type      string `json:"type"`
	Exhausted bool   `json:"exhausted"`
	Locked    bool   `json:"locked"`
}

type webLaw struct {
	ID          string `json:"id"`
	ElectedInfo string `json:"electedInfo"`
}

type webTile struct {
	Space   map[string][]json.RawMessage `json:"space"`
	Planets map[string]json.RawMessage   `json:"planets"`
}

type webPlanet struct {
	ControlledBy string                       `json:"controlledBy"`
	Entities     map[string][]json.RawMessage `json:"entities"`
}

type webEntity struct {
	EntityID   string `json:"entityId"`
	EntityType string `json:"entityType"`
	Count      int    `json:"count"`
	Sustained  *int   `json:"sustained"`
	UnitStates []int  `json:"unitStates"`
}

// webDataNote is said of every game read from web-data: it carries no
// custom adjacencies.
const webDataNote = "web-data does not carry the map's custom adjacencies or hyperlane links: PDS adjacent only through them are not counted"

// IsAsyncTI4WebData reports whether an input is JSON (an object, the
// web-data) rather than the bot's text save, by its first character
// other than white space.
func IsAsyncTI4WebData(data []byte) bool {
	t := bytes.TrimLeft(data, " \t\r\n\ufeff") // white space and a byte-order mark
	return len(t) > 0 && t[0] == '{'
}

// ReadAsyncTI4 reads either input of the bot: its web-data JSON (an
// object) or its text save, by the first character; at most
// MaxAsyncTI4Save bytes.
func ReadAsyncTI4(r io.Reader) (*AsyncTI4Game, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxAsyncTI4Save+1))
	if err != nil {
		return nil, err
	}
	if IsAsyncTI4WebData(data) {
		return ReadAsyncTI4WebData(bytes.NewReader(data))
	}
	return ReadAsyncTI4Save(bytes.NewReader(data))
}

// ReadAsyncTI4WebData reads the bot's web-data JSON into the same model
// of the game as a save: units keyed by faction become the player's
// colour's, "POSITION:TILEID" the tiles, "controlledBy" a planet's
// controller. A value of the wrong JSON type, a tile position that is not
// "POSITION:TILEID", unit states that do not add up to the count or an
// input over MaxAsyncTI4Save bytes is an error (*scenario.Error) naming
// its JSON path.
func ReadAsyncTI4WebData(r io.Reader) (*AsyncTI4Game, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxAsyncTI4Save+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxAsyncTI4Save {
		return nil, &scenario.Error{Msg: fmt.Sprintf("the web-data is over %d bytes", MaxAsyncTI4Save)}
	}
	var wd webData
	if err := decodeAt("", data, &wd); err != nil {
		return nil, err
	}
	g := &AsyncTI4Game{Name: wd.GameName, Tiles: map[string]*AsyncTI4Tile{}, Elected: map[string]string{}, Notes: []string{webDataNote}}
	if err := readWebPlayers(g, wd.PlayerData); err != nil {
		return nil, err
	}
	for i, raw := range wd.LawsInPlay {
		var l webLaw
		if err := decodeAt(fmt.Sprintf("lawsInPlay[%d]", i), raw, &l); err != nil {
			return nil, err
		}
		g.Laws = append(g.Laws, l.ID)
		if l.ElectedInfo != "" {
			g.Elected[l.ID] = l.ElectedInfo
		}
	}
	for i, tp := range wd.TilePositions {
		pos, id, ok := strings.Cut(tp, ":")
		if !ok || pos == "" || id == "" {
			return nil, &scenario.Error{Path: fmt.Sprintf("tilePositions[%d]", i), Msg: fmt.Sprintf("%s: want \"POSITION:TILEID\", e.g. \"310:58\"", echo.Quote(clip(tp)))}
		}
		g.Tiles[pos] = &AsyncTI4Tile{ID: id, Position: pos}
	}
	colors := map[string]string{} // faction → colour id
	for _, p := range g.Players {
		colors[p.Faction] = colorID(p.Color)
	}
	for _, pos := range slices.Sorted(maps.Keys(wd.TileUnitData)) {
		if err := readWebTile(g, colors, pos, wd.TileUnitData[pos]); err != nil {
			return nil, err
		}
	}
	return g, nil
}

func readWebPlayers(g *AsyncTI4Game, players []json.RawMessage) error {
	for i, raw := range players {
		var p webPlayer
		if err := decodeAt(fmt.Sprintf("playerData[%d]", i), raw, &p); err != nil {
			return err
		}
		ap := AsyncTI4Player{Faction: p.Faction, Color: p.Color, UnitsOwned: p.UnitsOwned, Techs: p.Techs, Relics: p.Relics, Notes: p.Notes}
		for _, l := range p.Leaders {
			ap.Leaders = append(ap.Leaders, AsyncTI4Leader{ID: l.ID, Type: l.Type, Exhausted: l.Exhausted, Locked: l.Locked})
		}
		g.Players = append(g.Players, ap)
	}
	return nil
}

// readWebTile reads one position of tileUnitData: its space area, then
// its planets by name.
func readWebTile(g *AsyncTI4Game, colors map[string]string, pos string, raw json.RawMessage) error {
	path := joinPath("tileUnitData", pos)
	var wt webTile
	if err := decodeAt(path, raw, &wt); err != nil {
		return err
	}
	t := g.Tiles[pos]
	if t == nil { // a position with no tile id ("special": off-map planets)
		t = &AsyncTI4Tile{Position: pos}
		g.Tiles[pos] = t
	}
	space := AsyncTI4Holder{Name: "space"}
	if err := readWebEntities(&space, colors, joinPath(path, "space"), wt.Space); err != nil {
		return err
	}
	t.Holders = append(t.Holders, space)
	for _, name := range slices.Sorted(maps.Keys(wt.Planets)) {
		ppath := joinPath(joinPath(path, "planets"), name)
		var wp webPlanet
		if err := decodeAt(ppath, wt.Planets[name], &wp); err != nil {
			return err
		}
		h := AsyncTI4Holder{Name: strings.ToLower(strings.TrimSpace(name))}
		if wp.ControlledBy != "" {
			h.Controller = factionColor(colors, wp.ControlledBy)
		}
		if err := readWebEntities(&h, colors, joinPath(ppath, "entities"), wp.Entities); err != nil {
			return err
		}
		t.Holders = append(t.Holders, h)
	}
	return nil
}

// factionColor is the colour id of a faction's units: its player's, or
// the faction itself when no player has it (the battle then names them
// as no player's).
func factionColor(colors map[string]string, faction string) string {
	if c, ok := colors[faction]; ok {
		return c
	}
	return faction
}

// readWebEntities reads a holder's entities by faction: units become
// stacks, tokens and attachments its tokens.
func readWebEntities(h *AsyncTI4Holder, colors map[string]string, path string, byFaction map[string][]json.RawMessage) error {
	for _, faction := range slices.Sorted(maps.Keys(byFaction)) {
		for i, raw := range byFaction[faction] {
			epath := fmt.Sprintf("%s[%d]", joinPath(path, faction), i)
			var e webEntity
			if err := decodeAt(epath, raw, &e); err != nil {
				return err
			}
			if e.EntityType != "unit" {
				if len(h.Tokens) < 100 && e.EntityID != "" {
					h.Tokens = append(h.Tokens, e.EntityID)
				}
				continue
			}
			st, err := webStack(e, epath)
			if err != nil {
				return err
			}
			st.Color = factionColor(colors, faction)
			h.Stacks = append(h.Stacks, st)
		}
	}
	return nil
}

// webStack reads a unit entity's counts by state: "unitStates" when
// given, else "count" with "sustained" of them damaged.
func webStack(e webEntity, path string) (AsyncTI4Stack, error) {
	st := AsyncTI4Stack{Code: e.EntityID}
	if e.EntityID == "" {
		return st, &scenario.Error{Path: joinPath(path, "entityId"), Msg: "missing: a unit's code, e.g. \"dn\""}
	}
	if e.Count < 0 || e.Count > 999 {
		return st, &scenario.Error{Path: joinPath(path, "count"), Msg: fmt.Sprintf("%d is not a whole number 0..999", e.Count)}
	}
	if e.UnitStates != nil {
		if len(e.UnitStates) > 4 {
			return st, &scenario.Error{Path: joinPath(path, "unitStates"), Msg: fmt.Sprintf("%d counts, at most 4 (healthy, damaged, galvanized, both)", len(e.UnitStates))}
		}
		sum := 0
		for i, n := range e.UnitStates {
			if n < 0 || n > 999 {
				return st, &scenario.Error{Path: fmt.Sprintf("%s.unitStates[%d]", path, i), Msg: fmt.Sprintf("%d is not a whole number 0..999", n)}
			}
			st.States[i] = n
			sum += n
		}
		if sum != e.Count {
			return st, &scenario.Error{Path: joinPath(path, "unitStates"), Msg: fmt.Sprintf("the states add up to %d units, the count is %d", sum, e.Count)}
		}
		return st, nil
	}
	damaged := 0
	if e.Sustained != nil {
		damaged = *e.Sustained
	}
	if damaged < 0 || damaged > e.Count {
		return st, &scenario.Error{Path: joinPath(path, "sustained"), Msg: fmt.Sprintf("%d damaged of %d units", damaged, e.Count)}
	}
	st.States[0], st.States[1] = e.Count-damaged, damaged
	return st, nil
}

// decodeAt decodes one JSON value into v, leniently as to keys the bot
// adds (its documents carry many ti4sim does not read), and names the
// path of a value of the wrong type.
func decodeAt(path string, data []byte, v any) error {
	err := json.Unmarshal(data, v)
	if err == nil {
		return nil
	}
	var te *json.UnmarshalTypeError
	var se *json.SyntaxError
	switch {
	case errors.As(err, &te):
		p := path
		for _, k := range strings.Split(te.Field, ".") {
			if k != "" {
				p = joinPath(p, k)
			}
		}
		return &scenario.Error{Path: p, Msg: fmt.Sprintf("want %s, got a JSON %s", jsonWant(te.Type.Kind().String()), te.Value)}
	case errors.As(err, &se):
		line := 1 + bytes.Count(data[:min(int(se.Offset), len(data))], []byte("\n"))
		return &scenario.Error{Path: path, Msg: fmt.Sprintf("not JSON: %v (line %d)", se, line)}
	}
	return &scenario.Error{Path: path, Msg: "not JSON: it ends before its last value is complete"}
}

// jsonWant names a Go kind as the JSON value it reads.
func jsonWant(kind string) string {
	switch kind {
	case "string":
		return "a string"
	case "int", "int64":
		return "a whole number"
	case "bool":
		return "true or false"
	case "slice":
		return "an array"
	case "map", "struct":
		return "an object"
	}
	return "another type"
}

// joinPath appends a key to a JSON path, quoting a key that is not a
// plain name in brackets, so that a path is one line.
func joinPath(path, key string) string {
	plain := key != ""
	for _, r := range key {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-') {
			plain = false
		}
	}
	switch {
	case !plain:
		return path + "[" + echo.Quote(clip(key)) + "]"
	case path == "":
		return key
	}
	return path + "." + key
}
