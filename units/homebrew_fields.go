package units

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"github.com/ti4sim/ti4sim/internal/echo"
)

// unit reads the record's numbers: its Stats, its base type ("" when the
// bot's base type is no unit ti4sim plays, e.g. "monument") and its
// faction's slug ("" for a generic unit). byID holds every record, for the
// upgrade chain.
func (r homebrewRecord) unit(byID map[string]homebrewRecord) (Stats, string, string, error) {
	for _, f := range []string{"baseType", "asyncId", "name", "faction", "ability", "upgradesFromUnitId", "upgradesToUnitId"} {
		if v, ok := r.fields[f]; ok && v != nil {
			if _, isStr := v.(string); !isStr {
				return Stats{}, "", "", r.errorf(f, "not a string")
			}
		}
	}
	base := strings.ToLower(strings.TrimSpace(r.str("baseType")))
	if base == "" {
		return Stats{}, "", "", r.errorf("baseType", "missing: every unit has a base type (%s)", strings.Join(homebrewKindNames(), ", "))
	}
	k, ok := homebrewKinds.Get()[base]
	if !ok {
		return Stats{}, "", "", nil
	}
	faction := strings.ToLower(strings.TrimSpace(r.str("faction")))
	s := Stats{Kind: k, Name: strings.TrimSpace(r.str("name")), Text: strings.TrimSpace(r.str("ability"))}
	if s.Name == "" {
		s.Name = r.id
	}
	var err error
	if s.Upgraded, err = r.chain(byID, base); err != nil {
		return Stats{}, "", "", err
	}
	if err := r.numbers(&s); err != nil {
		return Stats{}, "", "", err
	}
	if (k.Ship() || k.GroundForce()) && !s.Combat.Has() && faction != "" {
		return Stats{}, "", "", r.errorf("combatHitsOn", "missing: a %s fights, so it needs a combat value", k)
	}
	return s, base, faction, nil
}

// chain reads the upgrade chain: a unit is its kind's upgraded side when it
// upgrades from another unit, which must exist, be of the same base type
// and not itself be upgraded. upgradesToUnitId is checked only for its
// type: the bot's own files have it name the unit itself (ds.json,
// lizho_fighter), and the upgraded side's upgradesFromUnitId says it all.
func (r homebrewRecord) chain(byID map[string]homebrewRecord, base string) (bool, error) {
	from := strings.TrimSpace(r.str("upgradesFromUnitId"))
	if from == "" {
		return false, nil
	}
	if from == r.id {
		return false, r.errorf("upgradesFromUnitId", "names the unit itself")
	}
	src, ok := byID[from]
	if !ok {
		return false, r.errorf("upgradesFromUnitId", "%s is no unit of the files given", echo.Quote(from))
	}
	if b := strings.ToLower(strings.TrimSpace(src.str("baseType"))); b != base {
		return false, r.errorf("upgradesFromUnitId", "%s is a %s, not a %s", echo.Quote(from), echo.Quote(b), echo.Quote(base))
	}
	if !strings.EqualFold(strings.TrimSpace(src.str("faction")), strings.TrimSpace(r.str("faction"))) {
		return false, r.errorf("upgradesFromUnitId", "%s belongs to another faction", echo.Quote(from))
	}
	if strings.TrimSpace(src.str("upgradesFromUnitId")) != "" {
		return false, r.errorf("upgradesFromUnitId", "%s is itself an upgrade: a unit has two sides", echo.Quote(from))
	}
	return true, nil
}

// rollFields are the bot's fields of each roll.
var rollFields = []struct {
	hitsOn, dice string
	get          func(*Stats) *Roll
}{
	{"combatHitsOn", "combatDieCount", func(s *Stats) *Roll { return &s.Combat }},
	{"afbHitsOn", "afbDieCount", func(s *Stats) *Roll { return &s.AFB }},
	{"bombardHitsOn", "bombardDieCount", func(s *Stats) *Roll { return &s.Bombardment }},
	{"spaceCannonHitsOn", "spaceCannonDieCount", func(s *Stats) *Roll { return &s.SpaceCannon }},
}

// numbers reads the record's rolls, values and switches into s.
func (r homebrewRecord) numbers(s *Stats) error {
	for _, rf := range rollFields {
		v, err := r.whole(rf.hitsOn, 0, 10)
		if err != nil {
			return err
		}
		n, err := r.whole(rf.dice, 0, maxHomebrewDice)
		if err != nil {
			return err
		}
		_, given := r.fields[rf.dice]
		switch {
		case v == 0 && n > 0:
			return r.errorf(rf.dice, "%d dice without %s: a roll needs the value it hits on", n, rf.hitsOn)
		case v > 0 && !given:
			n = 1 // a value alone rolls one die
		case v > 0 && n == 0:
			return r.errorf(rf.dice, "0 dice for %s %d", rf.hitsOn, v)
		}
		*rf.get(s) = Roll{Value: v, Dice: n}
	}
	var err error
	if s.Cost, err = r.cost(); err != nil {
		return err
	}
	if s.Move, err = r.whole("moveValue", 0, maxHomebrewValue); err != nil {
		return err
	}
	if s.Capacity, err = r.whole("capacityValue", 0, maxHomebrewValue); err != nil {
		return err
	}
	if s.Production, s.ProductionPlusResources, err = r.production(); err != nil {
		return err
	}
	return r.switches(s)
}

// switches reads the record's true/false fields into s.
func (r homebrewRecord) switches(s *Stats) error {
	var err error
	if s.Sustain, err = r.flag("sustainDamage"); err != nil {
		return err
	}
	if s.PlanetaryShield, err = r.flag("planetaryShield"); err != nil {
		return err
	}
	if s.SpaceCannonAdjacent, err = r.flag("deepSpaceCannon"); err != nil {
		return err
	}
	if s.RemovesPlanetaryShield, err = r.flag("disablesPlanetaryShield"); err != nil {
		return err
	}
	directHit, err := r.flag("canBeDirectHit")
	if err != nil {
		return err
	}
	// Direct Hit destroys a ship that uses Sustain Damage; the bot marks
	// the ships it may destroy, and its upgraded dreadnoughts lack the
	// mark (ds.json, Chitin Hulk II).
	s.DirectHitImmune = s.Kind.Ship() && s.Sustain && !directHit
	if s.SpaceCannonAdjacent && !s.SpaceCannon.Has() {
		s.SpaceCannonAdjacent = false
	}
	return nil
}

// str returns a string field, "" when absent or not a string.
func (r homebrewRecord) str(f string) string {
	s, _ := r.fields[f].(string)
	return s
}

// number reads a field that may be a JSON number or a string of one
// ("+2"); ok is false when absent or null.
func (r homebrewRecord) number(f string) (x float64, plus, ok bool, err error) {
	v, present := r.fields[f]
	if !present || v == nil {
		return 0, false, false, nil
	}
	var text string
	switch t := v.(type) {
	case json.Number:
		text = t.String()
	case string:
		text = strings.TrimSpace(t)
		if text == "" {
			return 0, false, false, nil
		}
		plus = strings.HasPrefix(text, "+")
	default:
		return 0, false, false, r.errorf(f, "not a number")
	}
	x, perr := strconv.ParseFloat(text, 64)
	if perr != nil || math.IsNaN(x) || math.IsInf(x, 0) {
		return 0, false, false, r.errorf(f, "%s is not a number", echo.Quote(text))
	}
	return x, plus, true, nil
}

// whole reads a whole-number field in lo..hi; absent is 0.
func (r homebrewRecord) whole(f string, lo, hi int) (int, error) {
	x, _, ok, err := r.number(f)
	if err != nil || !ok {
		return 0, err
	}
	if x != math.Trunc(x) || x < float64(lo) || x > float64(hi) {
		return 0, r.errorf(f, "%v: a whole number %d..%d is wanted", x, lo, hi)
	}
	return int(x), nil
}

// cost reads the cost: 0..99 in halves (0.5: two units for 1 resource).
func (r homebrewRecord) cost() (float64, error) {
	x, _, ok, err := r.number("cost")
	if err != nil || !ok {
		return 0, err
	}
	if x < 0 || x > maxHomebrewValue || x*2 != math.Trunc(x*2) {
		return 0, r.errorf("cost", "%v: a cost 0..%d in halves is wanted", x, maxHomebrewValue)
	}
	return x, nil
}

// production reads productionValue: "+N" adds to the planet's resources.
func (r homebrewRecord) production() (int, bool, error) {
	x, plus, ok, err := r.number("productionValue")
	if err != nil || !ok {
		return 0, false, err
	}
	if x != math.Trunc(x) || x < 0 || x > maxHomebrewValue {
		return 0, false, r.errorf("productionValue", "%v: a whole number 0..%d is wanted (\"+N\": N more than the planet's resources)", x, maxHomebrewValue)
	}
	return int(x), plus, nil
}

// flag reads a true/false field (also "true"/"false" as strings); absent
// is false.
func (r homebrewRecord) flag(f string) (bool, error) {
	switch v := r.fields[f].(type) {
	case nil:
		return false, nil
	case bool:
		return v, nil
	case string:
		if b, err := strconv.ParseBool(strings.TrimSpace(v)); err == nil {
			return b, nil
		}
	}
	return false, r.errorf(f, "not true or false")
}

// homebrewKindNames lists the base types read, for messages.
func homebrewKindNames() []string {
	return []string{"infantry", "mech", "fighter", "destroyer", "cruiser", "carrier", "dreadnought", "flagship", "warsun", "pds", "spacedock"}
}
