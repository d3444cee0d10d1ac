package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/pflag"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/answer"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/listflag"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/units"
)

// docFlags are the flags of a combat document, shared by space, ground,
// invade, compare and advise: one per input of scenario.Inputs (each
// side's once a side), and --scenario. They fill a document
// (scenario.Combat), which alone is the input: a flag's value goes into
// its field by scenario.Combat.Set, nothing downstream knows where a value
// came from.
type docFlags struct {
	fs       *pflag.FlagSet
	document string   // --scenario FILE
	units    []string // --units FILE, repeatable
}

// fillFlagHelp fills the catalogue's names into the help of fs's flags
// (the inputs' help says FACTIONS, TECHNOLOGIES and ROUNDCAP): called only
// when the help is shown, since listing every faction builds the whole
// catalogue, which a command that only runs never needs.
func fillFlagHelp(fs *pflag.FlagSet) {
	fill := strings.NewReplacer(
		"FACTIONS", strings.Join(units.FactionNames(), ", "),
		"TECHNOLOGIES", strings.Join(combat.Technologies(), ", "),
		"ROUNDCAP", fmt.Sprint(combat.RoundCap))
	fs.VisitAll(func(f *pflag.Flag) { f.Usage = fill.Replace(f.Usage) })
}

// addDocFlags registers the document's flags on fs; invade adds the
// system's (--planet, --commit, --bombard).
func addDocFlags(fs *pflag.FlagSet, invade bool) *docFlags {
	f := &docFlags{fs: fs}
	fs.StringVar(&f.document, "scenario", "", "read the scenario from a scenario document (JSON; - for standard input); flags given as well override its fields (see: ti4sim scenario)")
	listflag.StringArray(fs, &f.units, "units", "", "load homebrew units from a unit file in the AsyncTI4 bot's format (its data/units/*.json, e.g. Discordant Stars' ds.json); its factions become selectable by the file's faction id; repeatable; the file goes into the document (see: docs/homebrew.md)")
	answer.AddDocFlags(fs, invade, func(in *scenario.Input, j int) string {
		return in.Usage[min(j, len(in.Usage)-1)] // placeholders filled by fillFlagHelp
	})
	return f
}

// apply sets the document's fields of the flags given, the ruleset first
// (it chooses the fleets' grammar), the others in the order of
// scenario.Inputs. A flag given replaces the document's value.
func (f *docFlags) apply(d *scenario.Combat) error {
	if err := f.readUnits(d); err != nil {
		return err
	}
	return answer.ApplyFlags(f.fs, d, f.usage)
}

// readUnits adds each --units file to the document's unit files (after
// any the --scenario document carries) and reads them, so that a fault
// names the file.
func (f *docFlags) readUnits(d *scenario.Combat) error {
	for _, path := range f.units {
		data, err := readLimited(path, scenario.MaxDocumentBytes)
		if err != nil {
			return usageErrorf("--units: %v", err)
		}
		if len(d.Units) >= scenario.MaxUnitFiles {
			return usageErrorf("--units %s: at most %d unit files", path, scenario.MaxUnitFiles)
		}
		d.Units = append(d.Units, scenario.UnitFile{Name: filepath.Base(path), Data: string(data)})
	}
	if len(f.units) == 0 {
		return nil
	}
	if _, err := d.Homebrew(); err != nil {
		var e *scenario.Error
		if errors.As(err, &e) {
			return usageErrorf("--units: %s", e.Msg)
		}
		return usageErrorf("--units: %v", err)
	}
	return nil
}

// readLimited reads a file of at most limit bytes.
func readLimited(path string, limit int64) ([]byte, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	data, err := io.ReadAll(io.LimitReader(fh, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: larger than %d bytes", path, limit)
	}
	return data, nil
}

// usage turns a document's error into the command line's: at the flag of
// its input when that flag was given (or the document came from no file),
// else at its path in the --scenario document.
func (f *docFlags) usage(err error) error {
	var e *scenario.Error
	if !errors.As(err, &e) {
		return err
	}
	if e.Path == "vary" || strings.HasPrefix(e.Path, "vary[") {
		return usageErrorf("--vary %s", e.Msg)
	}
	flag := answer.FlagOf(strings.TrimPrefix(e.Path, "scenario."))
	name, _, _ := strings.Cut(strings.TrimPrefix(flag, "--"), " ") // "--planet 2"
	fl := f.fs.Lookup(name)
	if fl == nil {
		flag = "" // not a flag of this command: the document's path names it
	}
	given := fl != nil && fl.Changed
	switch {
	case f.document != "" && !given && e.Path != "":
		return usageErrorf("--scenario %s: %s: %s", f.document, e.Path, e.Msg)
	case flag != "":
		return usageErrorf("%s: %s", flag, e.Msg)
	case e.Path != "":
		return usageErrorf("%s: %s", e.Path, e.Msg)
	}
	return usageErrorf("%s", e.Msg)
}

// fleets takes the built-in example's fleets when neither side's is given
// (by -a, -d or the document), and otherwise requires both, neither empty;
// a system of planets needs the attacker's fleet only.
func (f *docFlags) fleets(d *scenario.Combat, ex example) error {
	given := func(side string, doc []scenario.Units) (bool, bool) {
		v, _ := f.fs.GetString(side)
		if f.fs.Changed(side) {
			return true, strings.TrimSpace(v) == ""
		}
		// A Keleres defender of Mecatol Rex may have no units (the
		// library checks it).
		return len(doc) > 0 || side == "defender" && d.Defender.ListsCard("mecatol-rex"), false
	}
	if len(d.System.Planets) == 0 {
		for _, g := range []struct{ flag, v string }{{"commit", d.System.Commit}, {"bombard", d.System.Bombard}} {
			if g.v != "" {
				return usageErrorf("--%s: give the system's planets with --planet", g.flag)
			}
		}
	}
	a, aEmpty := given("attacker", d.Attacker.Fleet)
	def, dEmpty := given("defender", d.Defender.Fleet)
	if len(d.System.Planets) > 0 {
		if !a || aEmpty {
			return usageErrorf("--planet: give the attacker's units with -a (and the defender's ships with -d, if any)")
		}
		return nil
	}
	switch {
	case !a && !def:
		in, _ := scenario.InputAt("attacker.fleet")
		if err := d.Set(in, "attacker", ex.attacker); err != nil {
			return err
		}
		return d.Set(in, "defender", ex.defender)
	case !a:
		return usageErrorf("--attacker (-a) is missing; give both fleets, or neither for the built-in example")
	case !def:
		return usageErrorf("--defender (-d) is missing; give both fleets, or neither for the built-in example")
	case aEmpty || dEmpty && !d.Defender.ListsCard("mecatol-rex"):
		side := map[bool]string{true: "attacker", false: "defender"}[aEmpty]
		return usageErrorf("--%s (-%s): empty fleet: give units such as \"2 dreadnought, 1 carrier\" (leave out both -a and -d for the built-in example)", side, side[:1])
	}
	return nil
}

// exampleFleets gives a comparison's scenario the built-in example's
// fleets when no side's fleet is given by a flag or the document (a side
// that varies then takes its values from --vary); a side given alone
// needs the other given or varied.
func (f *docFlags) exampleFleets(d *scenario.Combat, ex example, vary []scenario.Vary) error {
	varied := map[string]bool{}
	for _, v := range vary {
		varied[v.Key] = true
	}
	given := map[string]bool{"attacker": len(d.Attacker.Fleet) > 0, "defender": len(d.Defender.Fleet) > 0}
	if f.fs.Changed("attacker") && !given["attacker"] || f.fs.Changed("defender") && !given["defender"] {
		side := map[bool]string{true: "attacker", false: "defender"}[f.fs.Changed("attacker") && !given["attacker"]]
		return usageErrorf("--%s (-%s): empty fleet: give units such as \"2 dreadnought, 1 carrier\" (leave out both -a and -d for the built-in example)", side, side[:1])
	}
	in, _ := scenario.InputAt("attacker.fleet")
	for _, side := range []string{"attacker", "defender"} {
		switch {
		case given[side]:
		case given["attacker"] || given["defender"]:
			if !varied[side] {
				return usageErrorf("--%s (-%s) is missing; give both fleets, or neither for the built-in example", side, side[:1])
			}
		default:
			text := map[string]string{"attacker": ex.attacker, "defender": ex.defender}[side]
			if err := d.Set(in, side, text); err != nil {
				return err
			}
		}
	}
	return nil
}
