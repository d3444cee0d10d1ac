package scenario

import (
	"errors"
	"fmt"

	"github.com/ti4sim/ti4sim/units"
)

// Homebrew reads the document's unit files into a catalogue of homebrew
// factions (nil when it carries none). A fault is an *Error at
// units[i].data naming the unit and field; a ruleset other than ti4 takes
// none (the files hold Twilight Imperium 4 units).
func (d *Combat) Homebrew() (*units.Homebrew, error) {
	if len(d.Units) == 0 {
		return nil, nil
	}
	if d.Ruleset != "" && d.Ruleset != "ti4" {
		return nil, errorf("units", "unit files hold Twilight Imperium 4 units; ruleset %s takes none", d.Ruleset)
	}
	files := make([]units.UnitFile, len(d.Units))
	for i, f := range d.Units {
		files[i] = units.UnitFile{Name: f.Name, Data: []byte(f.Data)}
	}
	hb, err := units.LoadHomebrew(files)
	var he *units.HomebrewError
	if errors.As(err, &he) {
		return nil, errorf(fmt.Sprintf("units[%d].data", he.File), "%s", he.Error())
	}
	return hb, err
}
