package importer

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/units"
)

// maxCount is the largest count a ti4battle parameter may give: ti4sim's
// largest count of one unit kind.
const maxCount = units.MaxItemCount

// TI4Battle reads a ti4battle.com share link — the page's address, which
// holds the whole battle in its query — or just its query string, into a
// combat document. The warnings name what ti4sim does not model or reads
// differently; each is one line. A malformed link (not a link or query, a
// count that is not a whole number in range, a repeated parameter) is an
// error naming the parameter.
//
// The query is form-encoded (application/x-www-form-urlencoded, as the
// page writes it with URLSearchParams): names and values are decoded, "+"
// being a space. Its parameters, <side> being attacker or defender:
// <side>-faction, <side>-unit-<unit>=N, <side>-damaged-<unit>=N,
// <side>-galvanized-<unit>=N, <side>-upgrade-<unit>=true,
// <side>-risk-direct-hit=false, <side>-effect-<name>=N, effect-<name>=N
// (a symmetrical effect: both sides) and place=Ground.
func TI4Battle(link string) (scenario.Combat, []string, error) {
	params, warnings, err := ti4battleParams(link)
	if err != nil {
		return scenario.Combat{}, nil, err
	}
	in, err := readTI4Battle(params)
	if err != nil {
		return scenario.Combat{}, nil, err
	}
	b := &builder{in: in, warnings: warnings}
	b.build()
	return b.doc, b.warnings, nil
}

// param is one name=value pair of a query, decoded.
type param struct{ key, value string }

// ti4battleParams returns the decoded parameters of a ti4battle link or
// query, in their order, and warnings about the link itself.
func ti4battleParams(link string) ([]param, []string, error) {
	var warnings []string
	s := strings.TrimSpace(link)
	if s == "" {
		return nil, nil, fmt.Errorf("empty link: give a ti4battle.com link or its query")
	}
	query := s
	lower := strings.ToLower(s)
	if strings.Contains(s, "://") || strings.HasPrefix(lower, "ti4battle.com") || strings.HasPrefix(lower, "www.ti4battle.com") {
		if !strings.Contains(s, "://") {
			s = "https://" + s
		}
		u, err := url.Parse(s)
		if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
			return nil, nil, fmt.Errorf("malformed link %s: want https://ti4battle.com/?...", echo.Quote(link))
		}
		if h := strings.ToLower(u.Hostname()); h != "ti4battle.com" && h != "www.ti4battle.com" {
			warnings = append(warnings, fmt.Sprintf("the link is to %s, not ti4battle.com; its query is read as ti4battle's", echo.Quote(u.Host)))
		}
		if u.Path != "" && u.Path != "/" {
			warnings = append(warnings, fmt.Sprintf("the link's path %s is not ti4battle's page \"/\"; its query is read as ti4battle's", echo.Quote(u.Path)))
		}
		if u.RawQuery == "" {
			return nil, nil, fmt.Errorf("the link %s holds no battle: ti4battle.com writes the battle in the query (after \"?\"), and drops it when no side has units", echo.Quote(link))
		}
		query = u.RawQuery
	} else {
		query = strings.TrimPrefix(query, "?")
		if !strings.Contains(query, "=") {
			return nil, nil, fmt.Errorf("%s is neither a ti4battle.com link nor its query (NAME=VALUE&...)", echo.Quote(link))
		}
	}
	var params []param
	seen := map[string]bool{}
	for _, piece := range strings.Split(query, "&") {
		if piece == "" {
			continue
		}
		k, v, _ := strings.Cut(piece, "=")
		key, err := url.QueryUnescape(k)
		if err != nil {
			return nil, nil, fmt.Errorf("parameter %s: malformed %%-encoding in its name", echo.Quote(k))
		}
		value, err := url.QueryUnescape(v)
		if err != nil {
			return nil, nil, fmt.Errorf("parameter %s: malformed %%-encoding in its value %s", echo.Quote(key), echo.Quote(v))
		}
		if seen[key] {
			return nil, nil, fmt.Errorf("parameter %s given twice", echo.Quote(key))
		}
		seen[key] = true
		params = append(params, param{key, value})
	}
	if len(params) == 0 {
		return nil, nil, fmt.Errorf("%s holds no parameters", echo.Quote(link))
	}
	return params, warnings, nil
}

// ti4battleInput is a ti4battle link's battle, read but not yet
// interpreted.
type ti4battleInput struct {
	ground bool // place=Ground
	sides  [2]sideInput
	// effects lists the effects in the link's order; a symmetrical one
	// (effect-<name>) has side -1.
	effects  []effectInput
	warnings []string
}

// sideInput is one side's parameters.
type sideInput struct {
	faction      string
	factionGiven bool
	count        [len(ti4battleUnits)]int
	damaged      [len(ti4battleUnits)]int
	galvanized   [len(ti4battleUnits)]int
	upgrade      [len(ti4battleUnits)]bool
	noRisk       bool // risk-direct-hit=false
}

// effectInput is one effect parameter.
type effectInput struct {
	name string
	side int // 0 attacker, 1 defender, -1 both (symmetrical)
	n    int
}

var sideNames = [2]string{"attacker", "defender"}

// readTI4Battle sorts the parameters; unknown ones become warnings.
func readTI4Battle(params []param) (*ti4battleInput, error) {
	in := &ti4battleInput{}
	for _, p := range params {
		if p.key == "place" {
			in.readPlace(p.value)
			continue
		}
		if name, ok := strings.CutPrefix(p.key, "effect-"); ok {
			n, err := count(p)
			if err != nil {
				return nil, err
			}
			in.effects = append(in.effects, effectInput{name: name, side: -1, n: n})
			continue
		}
		side := -1
		rest := ""
		for i, s := range sideNames {
			if r, ok := strings.CutPrefix(p.key, s+"-"); ok {
				side, rest = i, r
			}
		}
		if side < 0 {
			in.warnUnknown(p.key)
			continue
		}
		if err := in.readSideParam(p, side, rest); err != nil {
			return nil, err
		}
	}
	return in, nil
}

// warnUnknown notes a parameter ti4battle does not have.
func (in *ti4battleInput) warnUnknown(key string) {
	in.warnings = append(in.warnings, fmt.Sprintf("unknown ti4battle parameter %s; ignored", echo.Quote(key)))
}

// readPlace reads the place parameter. ti4battle reads place=Ground as a
// ground battle and any other value as space; links from 2026 write
// "ground", so case does not matter.
func (in *ti4battleInput) readPlace(value string) {
	switch strings.ToLower(strings.TrimSpace(value)) {
	case "ground":
		in.ground = true
	case "space":
	default:
		in.warnings = append(in.warnings, fmt.Sprintf("parameter \"place\": %s is neither Ground nor Space; read as space, as ti4battle does", echo.Quote(value)))
	}
}

// readSideParam reads parameter p of side (0 attacker, 1 defender), whose
// key is the side's prefix and rest: faction, risk-direct-hit,
// effect-NAME, or unit-, damaged-, galvanized- or upgrade-UNIT.
func (in *ti4battleInput) readSideParam(p param, side int, rest string) error {
	sd := &in.sides[side]
	switch what, unit, _ := strings.Cut(rest, "-"); {
	case rest == "faction":
		sd.faction, sd.factionGiven = p.value, true
	case rest == "risk-direct-hit":
		v, err := boolean(p)
		if err != nil {
			return err
		}
		sd.noRisk = !v
	case what == "effect":
		n, err := count(p)
		if err != nil {
			return err
		}
		in.effects = append(in.effects, effectInput{name: unit, side: side, n: n})
	case what == "unit" || what == "damaged" || what == "galvanized" || what == "upgrade":
		return in.readUnitParam(p, sd, what, unit)
	default:
		in.warnUnknown(p.key)
	}
	return nil
}

// readUnitParam reads a side's unit-, damaged-, galvanized- or
// upgrade-UNIT parameter (what is the part before UNIT). An unknown unit
// is warned about and ignored, but its value is still checked: a
// malformed one is an error.
func (in *ti4battleInput) readUnitParam(p param, sd *sideInput, what, unit string) error {
	i := ti4battleUnitIndex(unit)
	if i < 0 {
		if unit == "other" || unit == "nonunit" {
			in.warnings = append(in.warnings, fmt.Sprintf("parameter %s: %q is ti4battle's internal placeholder, not a unit; ignored", echo.Quote(p.key), unit))
		} else {
			in.warnings = append(in.warnings, fmt.Sprintf("parameter %s: unknown ti4battle unit %s; ignored", echo.Quote(p.key), echo.Quote(unit)))
		}
		if what == "upgrade" {
			_, err := boolean(p)
			return err
		}
		_, err := count(p)
		return err
	}
	if what == "upgrade" {
		v, err := boolean(p)
		if err != nil {
			return err
		}
		sd.upgrade[i] = v
		return nil
	}
	n, err := count(p)
	if err != nil {
		return err
	}
	switch what {
	case "unit":
		sd.count[i] = n
	case "damaged":
		sd.damaged[i] = n
	case "galvanized":
		sd.galvanized[i] = n
	}
	return nil
}

// count reads a parameter's value as a count, 0..maxCount.
func count(p param) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(p.value))
	if err != nil {
		return 0, fmt.Errorf("parameter %s: %s is not a whole number", echo.Quote(p.key), echo.Quote(p.value))
	}
	if n < 0 || n > maxCount {
		return 0, fmt.Errorf("parameter %s: %d out of range: allowed 0..%d", echo.Quote(p.key), n, maxCount)
	}
	return n, nil
}

// boolean reads a parameter's value as true or false.
func boolean(p param) (bool, error) {
	switch strings.TrimSpace(p.value) {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, fmt.Errorf("parameter %s: %s; allowed true or false", echo.Quote(p.key), echo.Quote(p.value))
}
