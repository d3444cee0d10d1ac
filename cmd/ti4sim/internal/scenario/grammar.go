// The document's values written in the command line's grammars (a fleet,
// a planet, a card item): what the library's parsers read.

package scenario

import (
	"strconv"
	"strings"
)

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
