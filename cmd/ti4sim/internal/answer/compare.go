package answer

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/report"
	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/combat"
	"github.com/ti4sim/ti4sim/internal/echo"
)

// Compare answers a comparison document, for the command line, the
// service and the page alike: every combination of the varied values is a
// variant of the document's scenario, built as any combat document is
// (scenario.Combat.Scenario), run by combat.Compare and written by one
// renderer.
func Compare(ctx context.Context, d *scenario.Compare, e *Env, f report.Format, w io.Writer) error {
	run := d.Scenario.Run
	switch {
	case run.Exact:
		return &scenario.Error{Path: "scenario.run.exact", Msg: "a comparison is simulated: give trials, not exact"}
	case run.PreferExact:
		return &scenario.Error{Path: "scenario.run.prefer_exact", Msg: "a comparison is simulated: give trials, not prefer_exact"}
	case run.Precision != 0:
		return &scenario.Error{Path: "scenario.run.precision", Msg: "a comparison is simulated: give trials, not a precision"}
	}
	names, scs, first, err := variants(d)
	if err != nil {
		return err
	}
	doc := scenario.Compare{Version: scenario.Version, Scenario: first, Vary: d.Vary}
	if e.DocumentOnly {
		return WriteDocument(w, doc)
	}
	if len(scs) > combat.MaxVariants {
		return &scenario.Error{Path: "vary", Msg: fmt.Sprintf("%d variants; at most %d", len(scs), combat.MaxVariants)}
	}
	for i, sc := range scs {
		if sc.Attacker.Order.Optimal || sc.Defender.Order.Optimal {
			return &scenario.Error{Msg: fmt.Sprintf("variant %d: compare runs trials, and the optimal hit assignment is solved exactly only: run ti4sim %s --attacker-policy optimal (or --defender-policy) instead", i+1, sc.Action)}
		}
		if sc.Attacker.Retreat.Best || sc.Defender.Retreat.Best {
			return &scenario.Error{Msg: fmt.Sprintf("variant %d: compare runs trials, and the best retreat is solved exactly only: run ti4sim %s --attacker-retreat best (or --defender-retreat) instead", i+1, sc.Action)}
		}
	}
	co := options(first.Run, e)
	co.Admit, co.Progress = e.admitDice(ctx), e.progress(co.Trials*int64(len(scs)))
	cmp, err := combat.Compare(ctx, scs, co)
	if err != nil {
		return underScenario(runError(ctx, err))
	}
	o := report.CompareOptions{Format: f}
	if f == report.JSON {
		o.Scenario = &doc
	}
	return e.render().Compare(w, scs[0].Action, names, scs, cmp, o)
}

// underScenario puts a combat document's error under a compare
// document's "scenario".
func underScenario(err error) error {
	if e, ok := err.(*scenario.Error); ok && e.Path != "" {
		return &scenario.Error{Path: "scenario." + e.Path, Msg: e.Msg}
	}
	return err
}

// variants builds one scenario per combination of the varied values, each
// the document's scenario with the values set as their flags set them,
// and the first variant's normalised document (a comparison's echo).
func variants(d *scenario.Compare) ([]string, []combat.Scenario, scenario.Combat, error) {
	var first scenario.Combat
	combos := [][]string{{}}
	for _, v := range d.Vary {
		var next [][]string
		for _, c := range combos {
			for _, val := range v.Values {
				next = append(next, append(slices.Clone(c), val))
			}
		}
		combos = next
	}
	var names []string
	var scs []combat.Scenario
	for _, combo := range combos {
		vd := d.Scenario
		vd.Printings = maps.Clone(d.Scenario.Printings)
		var parts []string
		for i, v := range d.Vary {
			parts = append(parts, v.Key+"="+orNone(combo[i]))
		}
		name := strings.Join(parts, " ")
		for _, ruleset := range []bool{true, false} { // the ruleset first: it chooses the fleets' grammar
			for i, v := range d.Vary {
				if (v.Key == "ruleset") == ruleset {
					if err := setVaried(&vd, v.Key, combo[i]); err != nil {
						return nil, nil, first, err
					}
				}
			}
		}
		sc, err := vd.Scenario()
		if err != nil {
			if e, ok := err.(*scenario.Error); ok {
				return nil, nil, first, &scenario.Error{Path: underScenario(e).(*scenario.Error).Path, Msg: fmt.Sprintf("variant %s: %s", echo.Quote(name), e.Msg)}
			}
			return nil, nil, first, err
		}
		if len(scs) == 0 {
			first = vd.Normalize(sc)
		}
		names = append(names, name)
		scs = append(scs, sc)
	}
	return names, scs, first, nil
}

// orNone is s, or "none" when s is empty.
func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

// setVaried sets a varied setting of a variant, as its flag (or, for
// magen and x89, --rules) would.
func setVaried(d *scenario.Combat, key, val string) error {
	if _, ok := combat.PrintingChoices()[key]; ok { // a card's printing
		if d.Printings == nil {
			d.Printings = map[string]string{}
		}
		d.Printings[key] = strings.ToLower(strings.TrimSpace(val))
		return nil
	}
	switch key {
	case "nebula":
		b, err := strconv.ParseBool(val)
		if err != nil {
			return &scenario.Error{Path: "vary", Msg: fmt.Sprintf("nebula: %s is not true or false", echo.Quote(val))}
		}
		d.System.Nebula = b
		return nil
	}
	in, side := scenario.InputOfFlag(key)
	if in == nil || !isCombatFlag(key) {
		return &scenario.Error{Path: "vary", Msg: fmt.Sprintf("%s is not a setting a comparison varies", key)}
	}
	if val == "" {
		if in.Type().Kind() == reflect.String {
			return d.Set(in, side, "") // none
		}
		return d.Set(in, side, []string{}) // an empty list: none
	}
	v, err := flagText(in, val)
	if err == nil {
		err = flagError(d.Set(in, side, v))
	}
	if err != nil {
		return &scenario.Error{Path: "vary", Msg: fmt.Sprintf("%s=%s: %v", key, echo.Quote(val), err)}
	}
	return nil
}

// flagText is the value a flag of input in's kind (flagset.go's addFlag)
// parses from text s: true or false, a whole number, a number, the text
// itself (a string or a fleet), one planet, or a comma-separated list
// (fields in double quotes may hold commas, as pflag's string slices
// read them).
func flagText(in *scenario.Input, s string) (any, error) {
	t := in.Type()
	switch {
	case t.Kind() == reflect.Bool:
		b, err := strconv.ParseBool(s)
		if err != nil {
			return nil, errors.New("not true or false")
		}
		return b, nil
	case t.Kind() == reflect.Int:
		n, err := strconv.ParseInt(s, 0, strconv.IntSize)
		if err != nil {
			return nil, errors.New("not a whole number")
		}
		return int(n), nil
	case t.Kind() == reflect.Float64:
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return nil, errors.New("not a number")
		}
		return f, nil
	case t.Kind() == reflect.String || t == reflect.TypeFor[[]scenario.Units]():
		return s, nil
	case t == reflect.TypeFor[[]scenario.Planet]():
		return []string{s}, nil
	}
	list, err := csv.NewReader(strings.NewReader(s)).Read()
	if err != nil {
		return nil, fmt.Errorf("not a comma-separated list: %v", err)
	}
	return list, nil
}
