package answer

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/service/endpoint"
)

// unitsRequest is the body of POST /v1/units: homebrew unit files, as a
// combat document's units carry them.
type unitsRequest struct {
	Units []scenario.UnitFile `json:"units"`
}

// UnitsJSONAnswer is its answer: the files' factions described as the
// catalogue describes a faction (its units with the numbers the engine
// uses, its texts and how each is modelled), and what the files hold that
// ti4sim reads past or leaves out.
type UnitsJSONAnswer struct {
	Factions []CatalogFaction `json:"factions"`
	Notes    []string         `json:"notes"`
}

// unitsWant is the request's form, named in its errors.
const unitsWant = ` (want {"units": [{"name": "ds.json", "data": "<the file's text>"}]})`

// Units reads homebrew unit files (POST /v1/units) and describes their
// factions as the catalogue does, so that a form built from the catalogue
// can offer them: {"units": [{"name", "data"}]} → {"factions": [...],
// "notes": [...]}. A fault is an InputError at units or units[i].data,
// the path the same files have in a combat document.
func (b *Backend) Units(ctx context.Context, body []byte) ([]byte, error) {
	var req unitsRequest
	if err := scenario.DecodeJSON(bytes.NewReader(body), &req); err != nil {
		path, msg := "", err.Error()
		var e *scenario.Error
		if errors.As(err, &e) {
			path, msg = e.Path, e.Msg
		}
		return nil, &endpoint.InputError{Path: path, Msg: msg + unitsWant}
	}
	if err := checkUnitFiles(req.Units); err != nil {
		return nil, err
	}
	d := scenario.Combat{Units: req.Units}
	hb, err := d.Homebrew()
	if err != nil {
		return nil, inputError(err)
	}
	out := UnitsJSONAnswer{Factions: []CatalogFaction{}, Notes: append([]string{}, hb.Notes...)}
	for _, f := range hb.Factions() {
		out.Factions = append(out.Factions, catalogFactionOf(f))
	}
	var buf bytes.Buffer
	if err := json.NewEncoder(&buf).Encode(out); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// checkUnitFiles holds the files to a combat document's bounds: 1 to
// scenario.MaxUnitFiles files, each with some data.
func checkUnitFiles(files []scenario.UnitFile) error {
	switch {
	case len(files) == 0:
		return &endpoint.InputError{Path: "units", Msg: "give at least one unit file" + unitsWant}
	case len(files) > scenario.MaxUnitFiles:
		return &endpoint.InputError{Path: "units", Msg: fmt.Sprintf("%d unit files; at most %d", len(files), scenario.MaxUnitFiles)}
	}
	for i, f := range files {
		if len(f.Data) == 0 {
			return &endpoint.InputError{Path: fmt.Sprintf("units[%d].data", i), Msg: "the file is empty"}
		}
	}
	return nil
}
