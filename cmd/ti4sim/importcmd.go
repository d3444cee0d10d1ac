package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/importer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/report"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/internal/echo"
)

// importHelp is ti4sim import's help.
const importHelp = `Reads a ti4battle.com share link — the page's address, which holds the
battle in its query — or just its query, and prints the battle as a ti4sim
combat scenario document (indented JSON) on standard output.

Units, upgrades (a faction's own upgraded unit included: ti4sim resolves
faction units), damaged and galvanized units, factions, technologies,
action cards, agendas, relics, leaders and faction texts are mapped to
ti4sim's names. place=Ground is an invasion when the attacker has ships to
bombard or the defender PDS to fire space cannon defense, else a ground
combat; otherwise a space combat. "Risk Direct Hit" unchecked is the order
sustain=last. What ti4sim does not model, or reads differently, is printed
on standard error as "ti4sim: warning: ..." lines; the exit status is 0.
A malformed link (not a link or query, a count that is not a whole number
0..99, a repeated parameter) is a usage error.

Quote the link: the shell gives "&" a meaning of its own.

import asyncti4 reads a game of the AsyncTI4 Discord bot — its text save or
its web-data JSON (told apart by the first character: "{" is JSON), FILE,
- for standard input, or an https:// URL, fetched with a 30 s timeout and
at most 8 MiB; or, with --game ID, the game's web-data from the bot's
public API (https://bot.asyncti4.com/api/public/game/ID/web-data) — and
prints the battle at the tile --tile: the attacker (the one player with
ships there, or --attacker) and its units in the space area, damaged and
galvanized; the defender's ships and, when it holds planets there, every
such planet with its units (an invasion; with --planet only that one);
factions, unit upgrades, combat technologies, unlocked commanders, relics
and promissory notes in play, and the laws that act in combat; each
side's PDS in the neighbouring systems. With no --tile, the live combat
that the bot's game state names (--game fetches it from .../ID/game-state;
--state FILE reads one): its tile, and on a planet the ground combat
there, the active player attacking; a game state naming none is a usage
error asking for --tile. What the game cannot say (cards in hand, choices)
or ti4sim does not read (wormholes) is printed as warnings (see: ti4sim
help asyncti4).

Examples:
  ti4sim import 'https://ti4battle.com/?attacker-faction=Sol&attacker-unit-dreadnought=2&attacker-unit-fighter=3&defender-faction=Hacan&defender-unit-cruiser=3&defender-effect-Shields+Holding=1'
  ti4sim import 'attacker-faction=Mentak&attacker-unit-dreadnought=1&attacker-unit-mech=1&defender-faction=Creuss&defender-unit-mech=1&place=Ground' > invasion.json
  ti4sim import asyncti4 pbd10972.txt --tile 310 > letnev-invasion.json
  ti4sim import asyncti4 --game pbd10972 --tile 310 > letnev-invasion.json`

func importCommand() *command {
	newFlags := func() *pflag.FlagSet {
		fs := pflag.NewFlagSet("import", pflag.ContinueOnError)
		fs.String("tile", "", "import asyncti4: the position of the tile whose battle to import, e.g. 310")
		fs.String("planet", "", "import asyncti4: invade only this planet of the tile (default: every planet the defender holds there)")
		fs.String("attacker", "", "import asyncti4: the attacker's faction id, when several players have ships at the tile")
		fs.String("game", "", "import asyncti4: the bot's game id, e.g. pbd10972: fetch its web-data (and, with no --tile, its game state) from the bot's public API")
		fs.String("state", "", "import asyncti4: the bot's game-state JSON (FILE, - or https:// URL) naming the live combat, imported when --tile is not given")
		return fs
	}
	return &command{
		name:    "import",
		summary: "a ti4battle.com share link, or an AsyncTI4 game's battle at a tile, as a scenario document (JSON)",
		usage:   "ti4sim import LINK | ti4sim import asyncti4 FILE|URL|--game ID [--tile POS] [--state FILE] [--planet NAME] [--attacker FACTION]",
		help:    importHelp,
		flagSet: newFlags,
		run: func(ctx context.Context, c *command, args []string, e *env) error {
			fs := newFlags()
			if err := parseOperands(c, fs, args, e); err != nil {
				return err
			}
			if fs.NArg() > 0 && fs.Arg(0) == "asyncti4" {
				return importAsyncTI4(ctx, fs, e)
			}
			for _, name := range []string{"tile", "planet", "attacker", "game", "state"} {
				if fs.Changed(name) {
					return usageErrorf("import: --%s is for ti4sim import asyncti4 FILE --tile POS", name)
				}
			}
			switch fs.NArg() {
			case 0:
				return usageErrorf("import: give a ti4battle.com link, e.g. ti4sim import 'https://ti4battle.com/?attacker-unit-dreadnought=2&...'")
			case 1:
			default:
				return usageErrorf("import: one link expected, got %d arguments; the second: %s", fs.NArg(), echo.Quote(fs.Arg(1)))
			}
			doc, warnings, err := importer.TI4Battle(fs.Arg(0))
			if err != nil {
				return usageErrorf("import: %v", err)
			}
			return printImported(e, doc, warnings)
		},
	}
}

// printImported prints an imported document on standard output and its
// warnings on standard error.
func printImported(e *env, doc scenario.Combat, warnings []string) error {
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	w := report.NewErrWriter(e.stdout)
	fmt.Fprintf(w, "%s\n", out)
	if w.Err() != nil {
		return w.Err()
	}
	ew := report.NewErrWriter(e.stderr)
	for _, m := range warnings {
		fmt.Fprintf(ew, "ti4sim: warning: %s\n", m)
	}
	return ew.Err()
}

// asyncTI4API is the AsyncTI4 bot's public API, which --game reads (the
// bot's web map, AsyncTI4/ti4_web_new, reads games from
// https://bot.asyncti4.com/api/public/game).
const asyncTI4API = "https://bot.asyncti4.com"

// isGameID reports whether id is a game id of the bot (e.g. pbd10972),
// one path segment: 1 to 100 of A-Z, a-z, 0-9, _ and - (the regular
// expression ^[A-Za-z0-9_-]{1,100}$, matched by hand: with no regexp
// compiled or run anywhere in a process, the regexp package's Unicode
// tables are left out of the binary's initialisation).
func isGameID(id string) bool {
	if len(id) < 1 || len(id) > 100 {
		return false
	}
	for i := range len(id) {
		c := id[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// asyncTI4Source is where ti4sim import asyncti4 reads a game: an
// operand (FILE, - or URL) or --game ID.
type asyncTI4Source struct {
	ctx   context.Context
	e     *env
	fetch func(ctx context.Context, address string) ([]byte, error) // env.fetch, or netFetch
	api   string                                                    // the bot's API root: asyncTI4API, or env.botAPI in tests
	game  string                                                    // --game
}

// importAsyncTI4 is ti4sim import asyncti4 FILE|-|URL|--game ID [--tile POS].
func importAsyncTI4(ctx context.Context, fs *pflag.FlagSet, e *env) error {
	var opt importer.AsyncTI4Options
	opt.Tile, _ = fs.GetString("tile")
	opt.Planet, _ = fs.GetString("planet")
	opt.Attacker, _ = fs.GetString("attacker")
	state, _ := fs.GetString("state")
	src := asyncTI4Source{ctx: ctx, e: e, fetch: e.fetch, api: e.botAPI}
	src.game, _ = fs.GetString("game")
	if src.fetch == nil {
		src.fetch = netFetch
	}
	if src.api == "" {
		src.api = asyncTI4API
	}
	switch {
	case fs.Changed("game") && fs.NArg() != 1:
		return usageErrorf("import asyncti4: give --game ID or a FILE, not both")
	case !fs.Changed("game") && fs.NArg() != 2:
		return usageErrorf("import asyncti4: give one game: a save or web-data file, - for standard input, an https:// URL, or --game ID (got %d arguments)", fs.NArg()-1)
	case fs.Changed("game") && !isGameID(src.game):
		return usageErrorf("import asyncti4: --game %s: a game id is letters, digits, - and _, e.g. pbd10972", echo.Quote(src.game))
	case fs.Changed("game") && fs.Changed("state"):
		return usageErrorf("import asyncti4: --state is for a FILE: --game fetches the game's state itself")
	case fs.Changed("tile") && fs.Changed("state"):
		return usageErrorf("import asyncti4: --state names the live combat: give it, or --tile, not both")
	case fs.Changed("tile") && strings.TrimSpace(opt.Tile) == "":
		return usageErrorf("import asyncti4: give the tile's position, e.g. --tile 310")
	}
	name, data, err := src.read(fs.Arg(1), "web-data")
	if err != nil {
		return readFailed(err)
	}
	g, err := importer.ReadAsyncTI4(bytes.NewReader(data))
	if err != nil {
		return usageErrorf("import asyncti4: %s: %v", echo.Quote(name), err)
	}
	var live []string
	if !fs.Changed("tile") {
		if opt, live, err = src.liveCombat(g, state, opt); err != nil {
			return err
		}
	}
	doc, warnings, err := importer.AsyncTI4Battle(g, opt)
	if err != nil {
		return usageErrorf("import asyncti4: %v", err)
	}
	return printImported(e, doc, append(live, warnings...))
}

// liveCombat reads the game state (--state, or the game's with --game)
// and chooses the combat in progress; --planet and --attacker given
// replace what it names.
func (s asyncTI4Source) liveCombat(g *importer.AsyncTI4Game, state string, given importer.AsyncTI4Options) (importer.AsyncTI4Options, []string, error) {
	if s.game == "" && state == "" {
		return given, nil, usageErrorf("import asyncti4: give the tile's position, e.g. --tile 310 (a save or web-data names no live combat: --game ID or --state FILE reads the bot's game state, which does)")
	}
	name, data, err := s.read(state, "game-state")
	if err != nil {
		return given, nil, readFailed(err)
	}
	st, err := importer.ReadAsyncTI4GameState(bytes.NewReader(data))
	if err != nil {
		return given, nil, usageErrorf("import asyncti4: %s: %v", echo.Quote(name), err)
	}
	opt, warnings, err := importer.AsyncTI4LiveCombat(g, st)
	if errors.Is(err, importer.ErrNoLiveCombat) {
		return given, nil, usageErrorf("import asyncti4: %s: %v: give the tile's position, e.g. --tile 310", echo.Quote(name), err)
	}
	if err != nil {
		return given, nil, usageErrorf("import asyncti4: %v", err)
	}
	if given.Planet != "" {
		opt.Planet = given.Planet
	}
	if given.Attacker != "" {
		opt.Attacker = given.Attacker
	}
	return opt, warnings, nil
}

// read returns an input and the name to give it in errors: with --game,
// the game's document (endpoint "web-data" or "game-state") from the
// bot's API; else the operand: - standard input, an https:// URL, or a
// file; at most importer.MaxAsyncTI4Save bytes are read.
func (s asyncTI4Source) read(operand, endpoint string) (string, []byte, error) {
	if s.game != "" {
		address := s.api + "/api/public/game/" + s.game + "/" + endpoint
		data, err := s.fetch(s.ctx, address)
		var se interface{ StatusCode() int }
		if errors.As(err, &se) && se.StatusCode() == 404 {
			err = fmt.Errorf("game %s: %v (no such game, or a fog-of-war game, whose state the bot does not publish)", echo.Quote(s.game), err)
		}
		return address, data, err
	}
	var r io.Reader
	switch {
	case operand == "-":
		r = s.e.stdin
	case strings.HasPrefix(operand, "https://") || strings.HasPrefix(operand, "http://"):
		data, err := s.fetch(s.ctx, operand)
		return operand, data, err
	default:
		f, err := os.Open(operand)
		if err != nil {
			return operand, nil, err
		}
		defer f.Close()
		r = f
	}
	data, err := io.ReadAll(io.LimitReader(r, importer.MaxAsyncTI4Save+1))
	return operand, data, err
}

// readFailed is import asyncti4's error for a game it could not read: a
// usage error (the file, URL or game named is at fault), but a missing
// ti4sim-net is a runtime failure.
func readFailed(err error) error {
	if m := (*missingNetProgram)(nil); errors.As(err, &m) {
		return fmt.Errorf("import asyncti4: %w", err)
	}
	return usageErrorf("import asyncti4: %v", err)
}
