package scenario

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/units"
)

// Set sets one input of the document, for side ("" for a scenario's
// input), from a flag's value as the command line parsed it: a bool, an
// int, an int64, a uint64, a float64, a string, or a []string for a list
// (technologies, cards, leaders, printings as KEY=VALUE items, planets in
// --planet's grammar). A fleet is a string in the fleet grammar of the
// document's ruleset, so Set the ruleset first. A value given replaces the
// document's (a list's whole list). Errors are *Error naming the input's
// JSON path; what the library checks (ranges, names) is left to it.
func (d *Combat) Set(in *Input, side string, v any) error {
	path := in.JSONPath(side)
	switch in.Path {
	case "high_alert":
		return d.setHighAlert(v.(string))
	case "run.seed":
		seed := v.(uint64)
		d.Run.Seed = &seed
		return nil
	}
	f := d.fieldOf(in, side)
	switch x := v.(type) {
	case string:
		if f.Kind() == reflect.String {
			f.SetString(strings.TrimSpace(x))
			return nil
		}
		return d.setFleet(f, x, path) // a fleet in the fleet grammar
	case []string:
		return setList(f, x, d.edition(), path)
	}
	f.Set(reflect.ValueOf(v).Convert(f.Type()))
	return nil
}

// setHighAlert gives the High Alert token to the side named.
func (d *Combat) setHighAlert(v string) error {
	d.Attacker.HighAlert, d.Defender.HighAlert = false, false
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "":
	case "attacker":
		d.Attacker.HighAlert = true
	case "defender":
		d.Defender.HighAlert = true
	default:
		return errorf("defender.high_alert", "%s: allowed attacker or defender", echo.Quote(v))
	}
	return nil
}

// edition is the document's ruleset, TI4 when absent or not understood
// (Scenario reports a wrong one).
func (d *Combat) edition() combat.Edition {
	if d.Ruleset == "" {
		return combat.EditionTI4
	}
	g, _ := combat.ParseEdition(d.Ruleset)
	return g
}

// setFleet reads a fleet in the ruleset's grammar into f (entries of at
// most MaxItemCount units; none for an empty text).
func (d *Combat) setFleet(f reflect.Value, text, path string) error {
	var entries []Units
	if strings.TrimSpace(text) != "" {
		fl, err := parseFleet(d.edition(), text)
		if err != nil {
			return errorf(path, "%v", err)
		}
		entries = Entries(d.edition(), fl)
	}
	f.Set(reflect.ValueOf(entries))
	return nil
}

// setList sets a list field from the items of a flag.
func setList(f reflect.Value, items []string, g combat.Edition, path string) error {
	switch f.Interface().(type) {
	case []string:
		var out []string
		for _, it := range items {
			if it = strings.TrimSpace(it); it != "" {
				out = append(out, it)
			}
		}
		f.Set(reflect.ValueOf(out))
	case []Card:
		cards, err := parseCards(items, path)
		if err != nil {
			return err
		}
		f.Set(reflect.ValueOf(cards))
	case map[string]string:
		m := map[string]string{}
		for _, it := range items {
			k, v, ok := strings.Cut(it, "=")
			if !ok {
				_, err := combat.ParseRules([]string{it})
				return errorf(path, "%v", err)
			}
			m[strings.ToLower(strings.TrimSpace(k))] = strings.ToLower(strings.TrimSpace(v))
		}
		f.Set(reflect.ValueOf(m))
	case []Planet:
		var ps []Planet
		for i, it := range items {
			p, err := ParsePlanet(it, g)
			if err != nil {
				return errorf(fmt.Sprintf("%s[%d]", path, i), "%v", err)
			}
			ps = append(ps, p)
		}
		f.Set(reflect.ValueOf(ps))
	}
	return nil
}

// parseCards reads card items, "name" or "name:N".
func parseCards(items []string, path string) ([]Card, error) {
	var cards []Card
	for _, it := range items {
		name, n, hasN := strings.Cut(strings.TrimSpace(it), ":")
		c := Card{Name: strings.TrimSpace(name)}
		if c.Name == "" {
			continue
		}
		if hasN {
			var err error
			at := fmt.Sprintf("%s[%d]", path, len(cards))
			if c.Copies, err = strconv.Atoi(strings.TrimSpace(n)); err != nil {
				return nil, errorf(at, "card %s: the copies after ':' must be a whole number", echo.Quote(strings.TrimSpace(it)))
			}
			if c.Copies < 1 {
				return nil, errorf(at, "card %s: %d copies; allowed 1 or more", c.Name, c.Copies)
			}
		}
		if c.Copies == 1 {
			c.Copies = 0 // "name:1" is "name": one copy, or a count of 1
		}
		cards = append(cards, c)
	}
	return cards, nil
}

// Entries writes a fleet as document entries under the ruleset's names:
// its items (units.Fleet.Items), at most MaxItemCount units an entry.
func Entries(g combat.Edition, f units.Fleet) []Units {
	name := units.Kind.String
	if g == combat.EditionTI3SA {
		name = units.KindNameTI3
	}
	var out []Units
	for _, it := range f.Items() {
		out = append(out, Units{Unit: name(it.Kind), Count: it.Count, Upgraded: it.Upgraded, Damaged: it.Damaged, DamagedTwice: it.DamagedTwice})
	}
	return out
}

// ParsePlanet reads a planet in --planet's grammar, "NAME[ (cultural)]:
// UNITS" (UNITS empty or "none" for an undefended planet), its units in
// the fleet grammar of ruleset g.
func ParsePlanet(v string, g combat.Edition) (Planet, error) {
	name, us, ok := strings.Cut(v, ":")
	if !ok {
		return Planet{}, fmt.Errorf("%q: allowed \"NAME: UNITS\", e.g. \"Mecatol: 3 infantry, 1 pds\"", v)
	}
	p := Planet{Name: strings.TrimSpace(name), Units: []Units{}}
	// The trait, in any case: compared byte for byte on the last 10 bytes
	// (lower-casing first could change the name's length).
	const trait = "(cultural)"
	if n := len(p.Name); n >= len(trait) && strings.EqualFold(p.Name[n-len(trait):], trait) {
		p.Name, p.Cultural = strings.TrimSpace(p.Name[:n-len(trait)]), true
	}
	if !combat.PlanetName(p.Name) {
		return p, fmt.Errorf("%q: a planet needs a name before ':' (1 to 40 printable characters, no ';' or parentheses)", v)
	}
	if us = strings.TrimSpace(us); us != "" && !strings.EqualFold(us, "none") {
		f, err := parseFleet(g, us)
		if err != nil {
			return p, fmt.Errorf("%q: %v", p.Name, err)
		}
		p.Units = Entries(g, f)
	}
	return p, nil
}
