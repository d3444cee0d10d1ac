package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/importer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/report"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/internal/echo"
)

func importCommand() *command {
	newFlags := func() *pflag.FlagSet {
		fs := pflag.NewFlagSet("import", pflag.ContinueOnError)
		fs.String("tile", "", "import asyncti4: the position of the tile whose battle to import, e.g. 310")
		fs.String("planet", "", "import asyncti4: invade only this planet of the tile (default: every planet the defender holds there)")
		fs.String("attacker", "", "import asyncti4: the attacker's faction id, when several players have ships at the tile")
		return fs
	}
	return &command{
		name:    "import",
		summary: "a ti4battle.com share link, or an AsyncTI4 game's battle at a tile, as a scenario document (JSON)",
		usage:   "ti4sim import LINK | ti4sim import asyncti4 FILE|URL --tile POS [--planet NAME] [--attacker FACTION]",
		help: `Reads a ti4battle.com share link — the page's address, which holds the
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

import asyncti4 reads a save of the AsyncTI4 Discord bot (its text format;
FILE, - for standard input, or an https:// URL, fetched with a 30 s
timeout and at most 8 MiB) and prints the battle at the tile --tile: the
attacker (the one player with ships there, or --attacker) and its units in
the space area, damaged and galvanized; the defender's ships and, when it
holds planets there, every such planet with its units (an invasion; with
--planet only that one); factions, unit upgrades, combat technologies,
unlocked commanders, relics and promissory notes in play, and the laws
that act in combat; each side's PDS in the neighbouring systems. What the
save cannot say (cards in hand, choices) or ti4sim does not read
(wormholes) is printed as warnings (see: ti4sim help asyncti4).

Examples:
  ti4sim import 'https://ti4battle.com/?attacker-faction=Sol&attacker-unit-dreadnought=2&attacker-unit-fighter=3&defender-faction=Hacan&defender-unit-cruiser=3&defender-effect-Shields+Holding=1'
  ti4sim import 'attacker-faction=Mentak&attacker-unit-dreadnought=1&attacker-unit-mech=1&defender-faction=Creuss&defender-unit-mech=1&place=Ground' > invasion.json
  ti4sim import asyncti4 pbd10972.txt --tile 310 > letnev-invasion.json`,
		flagSet: newFlags,
		run: func(ctx context.Context, c *command, args []string, e *env) error {
			fs := newFlags()
			if err := parseOperands(c, fs, args, e); err != nil {
				return err
			}
			if fs.NArg() > 0 && fs.Arg(0) == "asyncti4" {
				return importAsyncTI4(ctx, fs, e)
			}
			for _, name := range []string{"tile", "planet", "attacker"} {
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

// importAsyncTI4 is ti4sim import asyncti4 FILE|-|URL --tile POS.
func importAsyncTI4(ctx context.Context, fs *pflag.FlagSet, e *env) error {
	if fs.NArg() != 2 {
		return usageErrorf("import asyncti4: give one save: a file, - for standard input, or an https:// URL (got %d arguments)", fs.NArg()-1)
	}
	var opt importer.AsyncTI4Options
	opt.Tile, _ = fs.GetString("tile")
	opt.Planet, _ = fs.GetString("planet")
	opt.Attacker, _ = fs.GetString("attacker")
	if strings.TrimSpace(opt.Tile) == "" {
		return usageErrorf("import asyncti4: give the tile's position, e.g. --tile 310")
	}
	src := fs.Arg(1)
	var r io.Reader
	switch {
	case src == "-":
		r = e.stdin
	case strings.HasPrefix(src, "https://") || strings.HasPrefix(src, "http://"):
		data, err := fetchSave(ctx, &http.Client{Timeout: 30 * time.Second}, src)
		if err != nil {
			return usageErrorf("import asyncti4: %v", err)
		}
		r = bytes.NewReader(data)
	default:
		f, err := os.Open(src)
		if err != nil {
			return usageErrorf("import asyncti4: %v", err)
		}
		defer f.Close()
		r = f
	}
	g, err := importer.ReadAsyncTI4Save(r)
	if err != nil {
		return usageErrorf("import asyncti4: %s: %v", echo.Quote(src), err)
	}
	doc, warnings, err := importer.AsyncTI4Battle(g, opt)
	if err != nil {
		return usageErrorf("import asyncti4: %v", err)
	}
	return printImported(e, doc, warnings)
}
