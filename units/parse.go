package units

import (
	"errors"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/internal/lazy"
)

// MaxItemCount is the largest COUNT one fleet item may give.
const MaxItemCount = 99

// ownAliases are ti4sim's own unit names (lower case, single spaces) and
// their kinds: the rules names, their plurals, and the usual short forms.
// Static data: a fleet written with these names is parsed without building
// aliases (a map of about 140 names) first.
var ownAliases = [...]struct {
	name string
	kind Kind
}{
	{"infantry", Infantry}, {"inf", Infantry}, {"gf", Infantry}, {"infantries", Infantry},
	{"mech", Mech}, {"mechs", Mech}, {"mf", Mech},
	{"fighter", Fighter}, {"fighters", Fighter}, {"ff", Fighter},
	{"destroyer", Destroyer}, {"destroyers", Destroyer}, {"dd", Destroyer},
	{"cruiser", Cruiser}, {"cruisers", Cruiser}, {"ca", Cruiser},
	{"carrier", Carrier}, {"carriers", Carrier}, {"cv", Carrier},
	{"dreadnought", Dreadnought}, {"dreadnoughts", Dreadnought}, {"dread", Dreadnought}, {"dreads", Dreadnought}, {"dn", Dreadnought},
	{"flagship", Flagship}, {"flagships", Flagship}, {"fs", Flagship},
	{"war sun", WarSun}, {"war suns", WarSun}, {"warsun", WarSun}, {"warsuns", WarSun}, {"ws", WarSun},
	{"pds", PDS},
	{"space dock", SpaceDock}, {"space docks", SpaceDock}, {"spacedock", SpaceDock}, {"dock", SpaceDock}, {"docks", SpaceDock}, {"sd", SpaceDock},
}

// ownAlias returns the kind of one of ownAliases' names, and false for any
// other key.
func ownAlias(key string) (Kind, bool) {
	for _, a := range &ownAliases {
		if a.name == key {
			return a.kind, true
		}
	}
	return 0, false
}

// aliases maps every accepted unit name (lower case, single spaces) to its
// kind: ownAliases and the names the AsyncTI4 bot accepts
// (asyncTI4Aliases). A name glued to "2" is the upgraded unit
// (upgradedCode).
var aliases = lazy.Value[map[string]Kind]{Build: func() map[string]Kind {
	own := make(map[string]Kind, len(ownAliases))
	for _, a := range &ownAliases {
		own[a.name] = a.kind
	}
	return withAsyncTI4(own)
}}

// ParseKind returns the kind named by name (any alias, any case)
// and whether the name carried an " II" suffix.
func ParseKind(name string) (k Kind, upgraded bool, err error) {
	words := strings.Fields(strings.ToLower(name))
	if n := len(words); n > 1 && words[n-1] == "ii" {
		upgraded, words = true, words[:n-1]
	}
	key := strings.Join(words, " ")
	if k, ok := ownAlias(key); ok {
		return k, upgraded, nil // the usual names: no map to build
	}
	if k, ok := aliases.Get()[key]; ok {
		return k, upgraded, nil
	}
	if k, ok := upgradedCode(key); ok && !upgraded {
		return k, true, nil
	}
	if ti3ShockTroopNames.Get()[key] {
		return 0, false, &itemError{what: fmt.Sprintf("unknown unit %s: shock troops exist only in ruleset %s", echo.Quote(key), TI3Slug),
			hint: "Twilight Imperium 4's upgraded infantry is \"infantry II\""}
	}
	if a, ok := ti3Aliases.Get()[key]; ok {
		return 0, false, &itemError{what: fmt.Sprintf("unknown unit %q: it is a Twilight Imperium 3 name (ruleset %s)", key, TI3Slug),
			hint: fmt.Sprintf("Twilight Imperium 4 calls it %s", a.kind)}
	}
	if key == "" {
		return 0, false, &itemError{what: "missing unit name", hint: "allowed: " + kindList()}
	}
	hint := "allowed: " + kindList() + ", each optionally followed by II"
	if s := suggestion(key); s != "" {
		hint = "did you mean " + s + "? " + hint
	}
	return 0, false, &itemError{what: fmt.Sprintf("unknown unit %s", echo.Quote(key)), hint: hint}
}

// itemError is a mistake in one fleet item: what is wrong, and a hint that
// follows the item's position in the message.
type itemError struct{ what, hint string }

func (e *itemError) Error() string {
	if e.hint == "" {
		return e.what
	}
	return e.what + "; " + e.hint
}

// ParseFleet parses the command-line fleet grammar:
// comma-separated items "COUNT NAME", e.g. "2 dreadnought, 1 carrier II,
// 4 fighter, 3 infantry". COUNT is 1..99 and may be omitted (1); NAME is a
// unit name or alias, optionally followed by "II". An item may end with
// "(N damaged)" (or "(damaged)" for all of them): N of its units start
// having used Sustain Damage, "(N damaged twice)" (or "(damaged twice)")
// N units having used it twice (TI3's war sun) (whether they have it is the library's to
// check: a faction's text may give it). Case and spacing do not matter; repeated items
// add up. Errors name the item and what is allowed.
func ParseFleet(s string) (Fleet, error) {
	groups, err := parseGroups(s, ti4Grammar)
	if err != nil {
		return Fleet{}, err
	}
	return NewFleet(groups...)
}

// grammar is what differs between the fleet grammars of the rulesets: how
// a unit is named.
type grammar struct {
	kind func(name string) (Kind, bool, error)
}

// ti4Grammar is the grammar of ParseFleet.
var ti4Grammar = grammar{kind: ParseKind}

// parseGroups parses the items of a fleet string with grammar gr.
func parseGroups(s string, gr grammar) ([]Group, error) {
	if strings.TrimSpace(s) == "" {
		return nil, fmt.Errorf("empty fleet: give items like \"2 dreadnought, 1 carrier, 4 fighter\"")
	}
	items := strings.Split(s, ",")
	groups := make([]Group, 0, len(items))
	for i, item := range items {
		if strings.TrimSpace(item) == "" {
			return nil, fmt.Errorf("item %d is empty; remove the extra comma", i+1)
		}
		g, err := parseItem(item, gr)
		if err != nil {
			ie := err.(*itemError)
			msg := fmt.Sprintf("%s in item %d (%s)", ie.what, i+1, echo.Quote(strings.TrimSpace(item)))
			if ie.hint != "" {
				msg += "; " + ie.hint
			}
			return nil, errors.New(msg)
		}
		groups = append(groups, g)
	}
	return groups, nil
}

func parseItem(item string, gr grammar) (Group, error) {
	damaged, all, twice := 0, false, false
	if open := strings.Index(item, "("); open >= 0 {
		inner, rest, ok := strings.Cut(item[open+1:], ")")
		if !ok || strings.TrimSpace(rest) != "" {
			return Group{}, &itemError{what: "unbalanced or misplaced parenthesis", hint: "write e.g. \"2 dreadnought (1 damaged)\""}
		}
		f := strings.Fields(strings.ToLower(inner))
		if n := len(f); n >= 2 && f[n-1] == "twice" && f[n-2] == "damaged" {
			twice, f = true, append(f[:n-2:n-2], "damaged")
		}
		switch {
		case len(f) == 1 && f[0] == "damaged":
			all = true
		case len(f) == 2 && f[1] == "damaged":
			n, err := strconv.Atoi(f[0])
			if err != nil || n < 0 {
				return Group{}, &itemError{what: fmt.Sprintf("damaged count %s is not a whole number", echo.Quote(f[0])), hint: "write e.g. \"(1 damaged)\""}
			}
			damaged = n
		default:
			return Group{}, &itemError{what: fmt.Sprintf("unknown note %s", echo.Quote("("+inner+")")), hint: "allowed: (N damaged) or (damaged), (N damaged twice) or (damaged twice)"}
		}
		item = item[:open]
	}
	g, err := parseUnits(item, gr)
	if err != nil {
		return g, err
	}
	if all {
		damaged = g.Count
	}
	if damaged > g.Count {
		return Group{}, &itemError{what: fmt.Sprintf("%d damaged but only %d %s", damaged, g.Count, g.Kind)}
	}
	// Whether the unit has Sustain Damage (twice) is the library's to say:
	// the side's faction and texts may give it (Sol's carriers).
	if twice {
		g.DamagedTwice = damaged
	} else {
		g.Damaged = damaged
	}
	return g, nil
}

func parseUnits(item string, gr grammar) (Group, error) {
	words := strings.Fields(item)
	if len(words) == 0 {
		return Group{}, &itemError{what: "empty item", hint: "remove the extra comma"}
	}
	count := 1
	if w := words[0]; strings.ContainsAny(w[:1], "+-0123456789") {
		// The count may be glued to an "x" or to the name: "2x", "4ff".
		end := 1
		for end < len(w) && w[end] >= '0' && w[end] <= '9' {
			end++
		}
		num, rest := w[:end], strings.ToLower(w[end:])
		if rest != "" && rest != "x" && !(rest[0] >= 'a' && rest[0] <= 'z') {
			return Group{}, &itemError{what: fmt.Sprintf("count %s is not a whole number", echo.Quote(w)), hint: fmt.Sprintf("allowed 1..%d", MaxItemCount)}
		}
		n, err := strconv.Atoi(num)
		if err != nil {
			return Group{}, &itemError{what: fmt.Sprintf("count %s is not a whole number", echo.Quote(w)), hint: fmt.Sprintf("allowed 1..%d", MaxItemCount)}
		}
		if n < 1 || n > MaxItemCount {
			return Group{}, &itemError{what: fmt.Sprintf("count %d out of range", n), hint: fmt.Sprintf("allowed 1..%d", MaxItemCount)}
		}
		count, words = n, words[1:]
		if rest != "" && rest != "x" {
			words = append([]string{rest}, words...)
		}
	}
	k, up, err := gr.kind(strings.Join(words, " "))
	if err != nil {
		return Group{}, err
	}
	if up && !mayUpgrade(k) {
		return Group{}, &itemError{what: fmt.Sprintf("%s has no II upgrade", k)}
	}
	return Group{Kind: k, Upgraded: up, Count: count}, nil
}

// kindList lists the Twilight Imperium 4 unit names (not the TI3 shock
// troop).
func kindList() string {
	names := make([]string, 0, NumKinds)
	for _, k := range Kinds() {
		if k != ShockTroop {
			names = append(names, k.String())
		}
	}
	return strings.Join(names, ", ")
}

// suggestion returns what an unknown unit name probably meant, or "" when
// nothing is close. A name immediately followed by "2" or "ii" (or by a
// separate "2") means that unit upgraded, as players write it: "destroyer2",
// "dd2" and "carrier 2" suggest "destroyer II" and "carrier II" (the plain
// name when the unit has no II).
func suggestion(key string) string {
	stem, upgraded := key, false
	switch {
	case strings.HasSuffix(key, "2"):
		stem, upgraded = strings.TrimSpace(strings.TrimSuffix(key, "2")), true
	case strings.HasSuffix(key, "ii"):
		if k, ok := aliases.Get()[strings.TrimSuffix(key, "ii")]; ok {
			stem, upgraded = k.String(), true
		}
	}
	if stem == "" {
		return ""
	}
	k, ok := aliases.Get()[stem]
	if !ok {
		if k, ok = suggest(stem); !ok {
			return ""
		}
	}
	if upgraded && mayUpgrade(k) {
		return k.String() + " II"
	}
	return k.String()
}

// suggest returns the kind whose name or alias is closest to an unknown
// name, and false when nothing is close. Names longer than any alias by far
// get no suggestion (the edit distance would cost time for nothing).
func suggest(name string) (Kind, bool) {
	if best, ok := closest(name, slices.Collect(maps.Keys(aliases.Get()))); ok {
		return aliases.Get()[best], true
	}
	return 0, false
}

// closest returns the name among names nearest to name by edit distance
// (ties: the first in sorted order), and false when none is close enough to
// suggest. Names longer than any alias by far get no suggestion (the edit
// distance would cost time for nothing).
func closest(name string, names []string) (string, bool) {
	if len(name) > 32 {
		return "", false
	}
	sort.Strings(names)
	best, bestD := "", 1<<30
	for _, k := range names {
		if d := editDistance(name, k); d < bestD {
			best, bestD = k, d
		}
	}
	return best, bestD <= max(2, len(name)/2)
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			c := prev[j-1]
			if a[i-1] != b[j-1] {
				c++
			}
			cur[j] = min(c, prev[j]+1, cur[j-1]+1)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// UnitNames returns every unit name the fleet grammar accepts (ParseKind;
// ParseKindTI3 when ti3), lower case with single spaces, with the kind it
// names: rules names, plurals, short forms and the AsyncTI4 bot's names. A
// name may also end in " II" (the upgraded unit); the AsyncTI4 codes glued
// to "2" are not listed.
func UnitNames(ti3 bool) map[string]Kind {
	m := map[string]Kind{}
	if ti3 {
		for name, a := range ti3Aliases.Get() {
			m[name] = a.kind
		}
		return m
	}
	maps.Copy(m, aliases.Get())
	return m
}
