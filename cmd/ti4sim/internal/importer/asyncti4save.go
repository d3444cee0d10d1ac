package importer

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/ti4sim/ti4sim/internal/echo"
)

// MaxAsyncTI4Save is the largest save ReadAsyncTI4Save reads (bytes); the
// bot's saves of finished 8-player games are under 200 KB.
const MaxAsyncTI4Save = 8 << 20

// AsyncTI4Game is what ti4sim reads of an AsyncTI4 bot save: the laws in
// play, the players and the map's tiles. Facts of the format, from the
// bot's reader (AsyncTI4/TI4_map_generator_bot,
// src/main/java/ti4/map/persistence/GameLoadService.java): three header
// lines (owner id, owner name, game name); "-gameinfo-" lines "key value";
// per player "-player-", its id and name lines, then "key value" lines up
// to "-endplayer-"; then per tile "-tile-", "TILEID POSITION", and per unit
// holder ("space" or a planet) "-units-", its name, lines
// "COLOUR—CODE N0,N1,N2,N3" (an em dash; the counts are by state: healthy,
// damaged, galvanized, damaged and galvanized — WebTileUnitData.java),
// "-endunits-", and its tokens ("control_COLOUR.png" for a planet's
// controller) between "-planettokens-" and "-planetendtokens-".
type AsyncTI4Game struct {
	Name    string
	Laws    []string          // law ids in play, e.g. "articles_war"
	Elected map[string]string // law id → the faction elected by it ("law_info")
	Players []AsyncTI4Player
	// CustomAdjacency: the map has custom adjacencies or hyperlanes
	// (customAdjacentTiles, adjacencyOverrides, customHyperlaneData).
	CustomAdjacency bool
	Tiles           map[string]*AsyncTI4Tile // by position, e.g. "310"
	// Notes are what the input could not say, for every battle's warnings
	// (web-data: that it carries no custom adjacencies).
	Notes []string
}

// AsyncTI4Player is one player's combat-relevant state.
type AsyncTI4Player struct {
	Faction    string   // the bot's faction id, e.g. "letnev"
	Color      string   // e.g. "purple"
	UnitsOwned []string // unit ids, e.g. "dreadnought2", "l1z1x_mech"
	Techs      []string // technology ids, e.g. "da", "dn2"
	Relics     []string
	Notes      []string // promissory notes in its play area
	Leaders    []AsyncTI4Leader
}

// AsyncTI4Leader is one of a player's leaders.
type AsyncTI4Leader struct {
	ID, Type          string // e.g. "l1z1xcommander", "commander"
	Exhausted, Locked bool
}

// AsyncTI4Tile is one system of the map.
type AsyncTI4Tile struct {
	ID, Position string
	Holders      []AsyncTI4Holder // "space" first as the save lists it
}

// AsyncTI4Holder is the space area or a planet of a tile.
type AsyncTI4Holder struct {
	Name       string
	Stacks     []AsyncTI4Stack
	Controller string   // colour id of its control token, if any
	Tokens     []string // its other tokens, e.g. "token_gamma.png"
}

// AsyncTI4Stack is one colour's units of one code in a holder.
type AsyncTI4Stack struct {
	Color, Code string
	States      [4]int // healthy, damaged, galvanized, damaged and galvanized
}

// Count is the number of units of the stack.
func (s AsyncTI4Stack) Count() int { return s.States[0] + s.States[1] + s.States[2] + s.States[3] }

// saveReader reads a save line by line, counting lines for errors.
type saveReader struct {
	sc   *bufio.Scanner
	line int
	game *AsyncTI4Game
}

// ReadAsyncTI4Save reads an AsyncTI4 bot save (its text format). Parts
// ti4sim does not need are skipped; a save that ends early, a unit line
// that is not "COLOUR—CODE COUNTS", a tile line that is not "ID POSITION"
// or a save over MaxAsyncTI4Save is an error naming the line.
func ReadAsyncTI4Save(r io.Reader) (*AsyncTI4Game, error) {
	sc := bufio.NewScanner(io.LimitReader(r, MaxAsyncTI4Save+1))
	sc.Buffer(make([]byte, 0, 64<<10), MaxAsyncTI4Save+1)
	s := &saveReader{sc: sc, game: &AsyncTI4Game{Tiles: map[string]*AsyncTI4Tile{}, Elected: map[string]string{}}}
	err := s.read()
	if sc.Err() != nil { // a read error or an over-long line explains an early end
		err = sc.Err()
	}
	if err == bufio.ErrTooLong {
		err = fmt.Errorf("the save is over %d bytes", MaxAsyncTI4Save)
	}
	if err != nil {
		return nil, err
	}
	return s.game, nil
}

func (s *saveReader) next() (string, bool) {
	if !s.sc.Scan() {
		return "", false
	}
	s.line++
	return strings.TrimRight(s.sc.Text(), "\r"), true
}

func (s *saveReader) errorf(format string, args ...any) error {
	return fmt.Errorf("save line %d: %s", s.line, fmt.Sprintf(format, args...))
}

func (s *saveReader) read() error {
	for i := 0; i < 3; i++ {
		l, ok := s.next()
		if !ok {
			return s.errorf("the save ends in its three header lines: not an AsyncTI4 save")
		}
		if i == 2 {
			s.game.Name = strings.TrimSpace(l)
		}
	}
	l, _ := s.next()
	if l != "-mapinfo-" {
		return s.errorf("%s where an AsyncTI4 save has -mapinfo-", echo.Quote(clip(l)))
	}
	for {
		l, ok := s.next()
		if !ok {
			return nil
		}
		var err error
		switch l {
		case "-gameinfo-":
			err = s.readGameInfo()
		case "-player-":
			err = s.readPlayer()
		case "-tile-":
			err = s.readTile()
		}
		if err != nil {
			return err
		}
	}
}

func (s *saveReader) readGameInfo() error {
	for {
		l, ok := s.next()
		if !ok {
			return s.errorf("the save ends inside -gameinfo-")
		}
		if l == "-endgameinfo-" {
			return nil
		}
		key, value, _ := strings.Cut(l, " ")
		switch key {
		case "customAdjacentTiles", "adjacencyOverrides", "customHyperlaneData":
			s.game.CustomAdjacency = s.game.CustomAdjacency || strings.TrimSpace(value) != ""
		}
		if key == "law" {
			// "law warrant,63;articles_war,438;": ids with their card numbers.
			for _, item := range splitList(value, ";") {
				id, _, _ := strings.Cut(item, ",")
				s.game.Laws = append(s.game.Laws, id)
			}
		} else if key == "law_info" {
			// "law_info warrant,yssaril;censure,letnev;"
			for _, item := range splitList(value, ";") {
				if id, who, ok := strings.Cut(item, ","); ok {
					s.game.Elected[id] = who
				}
			}
		}
	}
}

func (s *saveReader) readPlayer() error {
	for i := 0; i < 2; i++ { // its Discord id and user name: not kept
		if _, ok := s.next(); !ok {
			return s.errorf("the save ends inside -player-")
		}
	}
	var p AsyncTI4Player
	for {
		l, ok := s.next()
		if !ok {
			return s.errorf("the save ends inside -player-")
		}
		if l == "-endplayer-" {
			s.game.Players = append(s.game.Players, p)
			return nil
		}
		key, value, _ := strings.Cut(l, " ")
		value = strings.TrimSpace(value)
		switch key {
		case "faction":
			p.Faction = value
		case "color":
			p.Color = value
		case "units_owned":
			p.UnitsOwned = splitList(value, ",")
		case "tech":
			p.Techs = splitList(value, ",")
		case "relics":
			p.Relics = splitList(value, ",")
		case "promissory_notes_play_area":
			p.Notes = splitList(value, ",")
		case "leaders":
			p.Leaders = readLeaders(value)
		}
	}
}

// readLeaders reads "id,type,tg,exhausted,locked[,active];..." items.
func readLeaders(value string) []AsyncTI4Leader {
	var out []AsyncTI4Leader
	for _, item := range splitList(value, ";") {
		f := strings.Split(item, ",")
		if len(f) < 5 {
			continue
		}
		out = append(out, AsyncTI4Leader{ID: f[0], Type: f[1], Exhausted: f[3] == "true", Locked: f[4] == "true"})
	}
	return out
}

func (s *saveReader) readTile() error {
	l, ok := s.next()
	if !ok {
		return s.errorf("the save ends after -tile-")
	}
	f := strings.Fields(l)
	if len(f) != 2 {
		return s.errorf("tile line %s: want \"TILEID POSITION\"", echo.Quote(clip(l)))
	}
	t := &AsyncTI4Tile{ID: f[0], Position: f[1]}
	s.game.Tiles[t.Position] = t
	for {
		l, ok := s.next()
		if !ok {
			return s.errorf("the save ends inside tile %s", echo.Quote(clip(t.Position)))
		}
		switch l {
		case "-endtile-":
			return nil
		case "-units-":
			if err := s.readHolder(t); err != nil {
				return err
			}
		}
	}
}

func (s *saveReader) readHolder(t *AsyncTI4Tile) error {
	name, ok := s.next()
	if !ok {
		return s.errorf("the save ends after -units-")
	}
	h := AsyncTI4Holder{Name: strings.ToLower(strings.TrimSpace(name))}
	inTokens := false
	for {
		l, ok := s.next()
		if !ok {
			return s.errorf("the save ends inside %s of tile %s", echo.Quote(clip(h.Name)), echo.Quote(clip(t.Position)))
		}
		switch {
		case l == "-endunits-" || l == "-planettokens-":
			inTokens = l == "-planettokens-"
		case l == "-planetendtokens-":
			t.Holders = append(t.Holders, h)
			return nil
		case strings.HasPrefix(l, "-"): // another section of an older save (-unitdamage-): not read
		case inTokens:
			if c, ok := strings.CutPrefix(strings.TrimSpace(l), "control_"); ok {
				h.Controller = strings.TrimSuffix(c, ".png")
			} else if len(h.Tokens) < 100 {
				h.Tokens = append(h.Tokens, strings.TrimSpace(l))
			}
		default:
			st, err := s.readStack(l)
			if err != nil {
				return err
			}
			h.Stacks = append(h.Stacks, st)
		}
	}
}

// readStack reads "COLOUR—CODE N0,N1,N2,N3" (missing counts are 0).
func (s *saveReader) readStack(l string) (AsyncTI4Stack, error) {
	key, counts, ok := strings.Cut(strings.TrimSpace(l), " ")
	color, code, ok2 := strings.Cut(key, "—")
	if !ok || !ok2 || color == "" || code == "" {
		return AsyncTI4Stack{}, s.errorf("unit line %s: want \"COLOUR—CODE COUNTS\", e.g. \"ppl—dn 2,1\"", echo.Quote(clip(l)))
	}
	st := AsyncTI4Stack{Color: color, Code: code}
	nums := strings.Split(strings.TrimSpace(counts), ",")
	if len(nums) > 4 {
		return st, s.errorf("unit line %s: %d counts, at most 4 (healthy, damaged, galvanized, both)", echo.Quote(clip(l)), len(nums))
	}
	for i, n := range nums {
		v, err := strconv.Atoi(strings.TrimSpace(n))
		if err != nil || v < 0 || v > 999 {
			return st, s.errorf("unit line %s: count %s is not a whole number 0..999", echo.Quote(clip(l)), echo.Quote(clip(n)))
		}
		st.States[i] = v
	}
	return st, nil
}

// splitList splits a save list, dropping empty items.
func splitList(s, sep string) []string {
	var out []string
	for _, item := range strings.Split(s, sep) {
		if item = strings.TrimSpace(item); item != "" {
			out = append(out, item)
		}
	}
	return out
}

// clip shortens text quoted in an error.
func clip(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:60]) + "…"
	}
	return s
}
