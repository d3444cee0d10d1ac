package scenario

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Args writes the document as the command line's flags (after the command
// name `ti4sim space|ground|invade`): the CLI and the service read a
// document through them, so a document and the flags it stands for give
// the same answer byte for byte. Flags at their default are left out.
func (d *Combat) Args() []string {
	var a []string
	add := func(flag, v string) { a = append(a, "--"+flag, v) }
	addInt := func(flag string, v int) {
		if v != 0 {
			add(flag, strconv.Itoa(v))
		}
	}
	addBool := func(flag string, v bool) {
		if v {
			a = append(a, "--"+flag)
		}
	}
	if d.Ruleset != "" && d.Ruleset != "ti4" {
		add("ruleset", d.Ruleset)
	}
	if len(d.Printings) > 0 {
		add("rules", keyValues(d.Printings))
	}
	addBool("nebula", d.System.Nebula)
	addBool("entropic-scar", d.System.EntropicScar)
	addBool("cultural", d.System.Cultural)
	addBool("space-mine", d.System.SpaceMine)
	addBool("ion-storm", d.System.IonStorm)
	addBool("home-system", d.System.HomeSystem)
	addBool("negate-mine-hits", d.System.NegateMineHits)
	addBool("wormhole", d.System.Wormhole)
	addInt("commandos", d.System.Commandos)
	for _, p := range d.System.Planets {
		add("planet", p.Text())
	}
	if d.System.Commit != "" {
		add("commit", d.System.Commit)
	}
	if d.System.Bombard != "" {
		add("bombard", d.System.Bombard)
	}
	for _, s := range []struct {
		name string
		side *Side
	}{{"attacker", &d.Attacker}, {"defender", &d.Defender}} {
		n, sd := s.name, s.side
		add(n, FleetText(sd.Fleet))
		if sd.Faction != "" {
			add(n+"-faction", sd.Faction)
		}
		if len(sd.Technologies) > 0 {
			add(n+"-tech", strings.Join(sd.Technologies, ","))
		}
		if len(sd.Cards) > 0 {
			add(n+"-card", strings.Join(CardItems(sd.Cards), ","))
		}
		if sd.Order != "" {
			add(n+"-order", sd.Order)
		}
		if sd.Policy != "" {
			add(n+"-policy", sd.Policy)
		}
		if sd.Retreat != "" {
			add(n+"-retreat", sd.Retreat)
		}
		addInt(n+"-modifier", sd.Modifier)
		addInt(n+"-trade-goods", sd.TradeGoods)
		addInt(n+"-influence", sd.Influence)
		addInt(n+"-command-counters", sd.CommandCounters)
		if len(sd.Galvanized) > 0 {
			add(n+"-galvanized", FleetText(sd.Galvanized))
		}
		addInt(n+"-adjacent-pds", sd.AdjacentPDS)
		if len(sd.Leaders) > 0 {
			add(n+"-leader", strings.Join(sd.Leaders, ","))
		}
		if sd.HighAlert {
			add("high-alert", n)
		}
	}
	addInt("attacker-pds", d.Attacker.PDS)
	a = append(a, d.Run.Args()...)
	return a
}

// Args writes the run's flags.
func (r *Run) Args() []string {
	var a []string
	if r.Exact {
		a = append(a, "--exact")
	}
	if r.PreferExact {
		a = append(a, "--prefer-exact")
	}
	if r.Trials != 0 {
		a = append(a, "--trials", strconv.FormatInt(r.Trials, 10))
	}
	if r.Seed != nil {
		a = append(a, "--seed", strconv.FormatUint(*r.Seed, 10))
	}
	if r.Precision != 0 {
		a = append(a, "--precision", strconv.FormatFloat(r.Precision, 'g', -1, 64))
	}
	if r.Rounds != 0 {
		a = append(a, "--rounds", strconv.Itoa(r.Rounds))
	}
	return a
}

// Args writes a comparison as the flags of `ti4sim compare ACTION`. The
// scenario's values of the varied settings (the first variant's) are left
// out: --vary gives them.
func (d *Compare) Args() []string {
	varied := map[string]bool{}
	for _, v := range d.Vary {
		varied[v.Key] = true
	}
	sc := d.Scenario
	if len(sc.Printings) > 0 {
		sc.Printings = map[string]string{}
		for k, v := range d.Scenario.Printings {
			if !varied[k] {
				sc.Printings[k] = v
			}
		}
	}
	a := DropFlags(sc.Args(), func(name string) bool { return varied[name] }, func(name string) bool { return !boolFlags[name] })
	for _, v := range d.Vary {
		a = append(a, "--vary", v.Key+"="+strings.Join(v.Values, ";"))
	}
	return a
}

// Args writes a vote as the flags of `ti4sim vote`.
func (d *Vote) Args() []string {
	var a []string
	if d.Mode != "" {
		a = append(a, "--mode", d.Mode)
	}
	if len(d.Outcomes) > 0 {
		a = append(a, "--outcomes", strings.Join(d.Outcomes, ","))
	}
	for _, v := range d.Voters {
		a = append(a, "--voter", v)
	}
	if d.Speaker != "" {
		a = append(a, "--speaker", d.Speaker)
	}
	if len(d.SpeakerPrefers) > 0 {
		a = append(a, "--speaker-prefers", strings.Join(d.SpeakerPrefers, ","))
	}
	for _, b := range d.Bribery {
		a = append(a, "--bribery", b)
	}
	if d.Players != 0 {
		a = append(a, "--players", strconv.Itoa(d.Players))
	}
	if d.Duel != "" {
		a = append(a, "--duel="+d.Duel)
	}
	return append(a, d.Run.Args()...)
}

// Text writes the planet in --planet's grammar: "NAME[ (cultural)]: UNITS"
// ("none" for no unit).
func (p Planet) Text() string {
	name := strings.TrimSpace(p.Name)
	if p.Cultural {
		name += " (cultural)"
	}
	if len(p.Units) == 0 {
		return name + ": none"
	}
	return name + ": " + FleetText(p.Units)
}

// FleetText writes entries in the fleet grammar: "2 dreadnought, 1 carrier II".
func FleetText(us []Units) string {
	items := make([]string, len(us))
	for i, u := range us {
		items[i] = u.item()
	}
	return strings.Join(items, ", ")
}

// CardItems writes cards as the card flags' items: "name" or "name:N".
func CardItems(cs []Card) []string {
	items := make([]string, len(cs))
	for i, c := range cs {
		items[i] = c.Name
		if c.Copies != 0 {
			items[i] += ":" + strconv.Itoa(c.Copies)
		}
	}
	return items
}

// boolFlags are the flags Combat.Args writes without a value.
var boolFlags = map[string]bool{"nebula": true, "entropic-scar": true, "cultural": true, "space-mine": true, "ion-storm": true, "home-system": true, "negate-mine-hits": true, "wormhole": true, "exact": true, "prefer-exact": true}

// DropFlags returns args without the flags drop names (each "--name" and,
// when takesValue says it has one, its value), the others as they were.
func DropFlags(args []string, drop, takesValue func(name string) bool) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		name := strings.TrimPrefix(args[i], "--")
		n := 1
		if strings.HasPrefix(args[i], "--") && !strings.Contains(name, "=") && takesValue(name) && i+1 < len(args) {
			n = 2
		}
		if !drop(name) {
			out = append(out, args[i:i+n]...)
		}
		i += n - 1
	}
	return out
}

// keyValues writes a map as a flag's KEY=VALUE,... list, in key order
// (--rules, --supply).
func keyValues[V any](m map[string]V) string {
	items := make([]string, 0, len(m))
	for _, k := range slices.Sorted(maps.Keys(m)) {
		items = append(items, fmt.Sprintf("%s=%v", k, m[k]))
	}
	return strings.Join(items, ",")
}
