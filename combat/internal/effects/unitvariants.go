package effects

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ti4sim/ti4sim/combat/internal/engine"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/internal/lazy"
)

// applyVariants lays out the side's unit variants, each the text of its
// faction file: the galvanized units (Last Bastion), Eidolon Maximum
// (Naaz-Rokha), the Corsair (Mentak), the ship The Cavalry names (Nomad).
// It returns the warnings.
func applyVariants(sp *engine.SidePlan, s *engine.Force, sc *Scenario) (warnings []string) {
	warnings = append(warnings, galvanizedSlots(sp, s)...)
	if _, ok := factionItemCount(s, "eidolon-maximum"); ok && s.FactionOrNone().Slug == "naaz-rokha" {
		eidolonMaximumSlots(sp)
	}
	if _, ok := factionItemCount(s, "the-tables-grace"); ok && s.FactionOrNone().Slug == "mentak" {
		warnings = append(warnings, corsairSlots(sp)...)
	}
	if n, ok := factionItemCount(s, "the-cavalry"); ok {
		if e, w := cavalry(sp, n); e == "" {
			warnings = append(warnings, w)
		}
	}
	return warnings
}

// factionCounts are the faction items (notes, leaders, breakthroughs) that
// take a number after ':' and its range: The Cavalry's Memoria printing,
// the "Support for the Throne" cards Imperator counts, the systems The
// Egeiro counts, the Ral Nel infantry Alarum calls on, the mechs Dunlain
// Reaper deploys. Other faction items take none.
var factionCounts = lazy.Value[map[string][2]int]{Build: func() map[string][2]int {
	return map[string][2]int{
		"the-cavalry":    {1, 2},
		"imperator":      {0, 7},
		"the-egeiro":     {0, 30},
		"alarum":         {0, 20},
		"dunlain-reaper": {0, 20},
	}
}}

// factionItemCount returns the number given with a faction item among the
// side's cards ("imperator:2" → 2; "imperator" → 1), and whether the side
// lists the item. Notes, leaders and breakthroughs are given as cards.
func factionItemCount(s *engine.Force, slug string) (int, bool) {
	for _, it := range s.Cards {
		name, num, hasNum := strings.Cut(it, ":")
		if techSlug(strings.TrimSpace(name)) != slug {
			continue
		}
		if !hasNum {
			return 1, true
		}
		n, _ := strconv.Atoi(strings.TrimSpace(num)) // validated by checkFactionItem
		return n, true
	}
	return 0, false
}

// checkFactionItem validates the number after ':' of a faction item.
func checkFactionItem(item, slug string, n int, hasNum bool) error {
	r, takes := factionCounts.Get()[slug]
	switch {
	case !hasNum:
		return nil
	case !takes:
		return fmt.Errorf("%s: %s takes no number after ':' (only %s do)", echo.Quote(item), slug, "the-cavalry, imperator, the-egeiro, alarum, dunlain-reaper")
	case n < r[0] || n > r[1]:
		return fmt.Errorf("%s: the number after ':' must be %d..%d for %s", echo.Quote(item), r[0], r[1], slug)
	}
	return nil
}
