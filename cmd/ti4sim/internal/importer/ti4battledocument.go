package importer

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/units"
)

// builder turns a ti4battle battle into a combat document.
type builder struct {
	in       *ti4battleInput
	doc      scenario.Combat
	factions [2]*units.Faction
	warnings []string
}

func (b *builder) warnf(format string, a ...any) {
	b.warnings = append(b.warnings, fmt.Sprintf(format, a...))
}

// side returns the document's side i (0 attacker, 1 defender).
func (b *builder) side(i int) *scenario.Side {
	if i == 0 {
		return &b.doc.Attacker
	}
	return &b.doc.Defender
}

// build fills b.doc.
func (b *builder) build() {
	b.warnings = append(b.warnings, b.in.warnings...)
	b.doc = scenario.Combat{Version: scenario.Version, Ruleset: "ti4", Action: b.action()}
	for i := range b.in.sides {
		b.factions[i] = b.faction(i)
		s := b.side(i)
		s.Fleet = []scenario.Units{}
		if b.factions[i] != units.NoFaction() {
			s.Faction = b.factions[i].Slug
		}
		// ti4battle's "risk Direct Hit" off: the side does not sustain
		// early with units Direct Hit could destroy, taking hits on its
		// other units first. ti4sim's sustain=last is that policy: units
		// that cannot sustain are lost first, and Sustain Damage is used
		// only when every unit left could sustain.
		if b.in.sides[i].noRisk {
			s.Order = "sustain=last"
		}
	}
	for i := range b.in.sides {
		b.units(i)
	}
	b.effects()
	b.absentEffects()
	for i := range b.in.sides {
		if len(b.side(i).Fleet) == 0 {
			b.warnf("%s has no units: the battle cannot be run as it is", sideNames[i])
		}
	}
}

// action is the document's action: ti4battle's place "Space" is a space
// combat. Its place "Ground" is the fight for a planet: the attacker's
// ships bombard and the defender's PDS fire space cannon defense before the
// ground combat, which is ti4sim's invade (with no space combat when the
// defender has no ships there); with neither, it is a ground combat alone.
func (b *builder) action() string {
	if !b.in.ground {
		return scenario.ActionSpace
	}
	a, d := &b.in.sides[0], &b.in.sides[1]
	for i, u := range ti4battleUnits {
		if (u.kind.Ship() && a.count[i] > 0) || (u.kind == units.PDS && d.count[i] > 0) {
			return scenario.ActionInvade
		}
	}
	return scenario.ActionGround
}

// faction resolves side i's faction: one of ti4battle's names, else a
// ti4sim faction name; none (generic units) when absent or unknown.
func (b *builder) faction(i int) *units.Faction {
	sd := &b.in.sides[i]
	if !sd.factionGiven {
		b.warnf("%s: no faction given: generic units (ti4battle.com would use the faction last chosen in the browser)", sideNames[i])
		return units.NoFaction()
	}
	if slug, ok := ti4battleFactions.Get()[sd.faction]; ok {
		f, err := units.LookupFaction(slug)
		if err == nil {
			return f
		}
	}
	if f, err := units.LookupFaction(sd.faction); err == nil {
		b.warnf("%s: faction %s is not one of ti4battle's names; read as ti4sim's %s", sideNames[i], echo.Quote(sd.faction), f.Slug)
		return f
	}
	b.warnf("%s: faction %s is unknown to ti4sim; generic units", sideNames[i], echo.Quote(sd.faction))
	return units.NoFaction()
}

// upgradeSlug is the technology slug of kind k's generic upgrade.
func upgradeSlug(k units.Kind) string {
	return strings.ReplaceAll(k.String(), " ", "-") + "-ii"
}

// units fills side i's fleet, galvanized units and PDS from its unit,
// upgrade, damaged and galvanized parameters.
func (b *builder) units(i int) {
	sd, s, f, who := &b.in.sides[i], b.side(i), b.factions[i], sideNames[i]
	flagship := sd.count[ti4battleUnitIndex("flagship")] > 0
	for j, u := range ti4battleUnits {
		k, n := u.kind, sd.count[j]
		upgraded := sd.upgrade[j]
		if upgraded {
			switch {
			case k == units.WarSun || k == units.Mech:
				b.warnf("%s: ti4battle has no upgrade for the %s; upgrade-%s ignored", who, k, u.name)
				upgraded = false
			case k == units.Flagship && f.Slug != "nomad":
				b.warnf("%s: only the Nomad's flagship has an upgrade (Memoria II); upgrade-flagship ignored", who)
				upgraded = false
			default:
				if _, err := f.Unit(k, true); err != nil {
					b.warnf("%s: upgrade-%s ignored: %v", who, u.name, err)
					upgraded = false
				}
			}
		}
		keep := n > 0
		switch {
		case n == 0:
		case k.GroundForce() && b.doc.Action == scenario.ActionSpace && !b.groundForceInSpace(i, k, flagship):
			b.warnf("%s: %d %s: ti4battle's space combat leaves ground forces out; ignored", who, n, k)
			keep = false
		case k.Ship() && i == 1 && b.in.ground:
			b.warnf("%s: %d %s: ships take no part in ti4battle's ground combat; ignored", who, n, k)
			keep = false
		case k == units.PDS && i == 0:
			// The attacker's PDS are on its planets in the active system.
			keep = false
			if b.doc.Action == scenario.ActionGround {
				b.warnf("%s: %d PDS: PDS outside the contested planet take no part in a ground combat; ignored", who, n)
			} else {
				s.PDS = n
			}
		}
		if upgraded && !keep && units.HasUpgrade(k) && !slices.Contains(s.Technologies, upgradeSlug(k)) {
			s.Technologies = append(s.Technologies, upgradeSlug(k))
		}
		d, g := sd.damaged[j], sd.galvanized[j]
		if !keep {
			if d > 0 && n == 0 {
				b.warnf("%s: damaged-%s=%d but no %s; ignored", who, u.name, d, k)
			}
			if g > 0 {
				b.warnf("%s: galvanized-%s=%d but no %s in the fleet; ignored", who, u.name, g, k)
			}
			continue
		}
		if d > 0 {
			st, err := f.Unit(k, upgraded)
			switch {
			case err != nil || !st.Sustain:
				b.warnf("%s: damaged-%s=%d: the %s has no Sustain Damage, and ti4battle damages only units that have it; ignored", who, u.name, d, k)
				d = 0
			case d > n:
				b.warnf("%s: damaged-%s=%d but only %d %s; %d damaged", who, u.name, d, n, k, n)
				d = n
			}
		}
		s.Fleet = append(s.Fleet, scenario.Units{Unit: k.String(), Count: n, Upgraded: upgraded, Damaged: d})
		if g > 0 {
			switch {
			case f.Slug != "last-bastion":
				b.warnf("%s: galvanized-%s=%d: in ti4sim only the Last Bastion galvanize (or a holder of their Raise the Standard); ignored", who, u.name, g)
				g = 0
			case g > n:
				b.warnf("%s: galvanized-%s=%d but only %d %s; %d galvanized", who, u.name, g, n, k, n)
				g = n
			}
			if g > 0 {
				s.Galvanized = append(s.Galvanized, scenario.Units{Unit: k.String(), Count: g})
			}
		}
	}
}

// groundForceInSpace reports whether side i's ground forces of kind k
// take part in a space combat: all of a Nekro side's with its flagship (The
// Alastor), an attacking Naaz-Rokha side's mechs (Z-Grav Eidolon), and the
// mechs whose text acts there, which ti4battle counts in its space combat
// (pgsandstrom/ti4calc issue 24; its core/factions nomad.ts, xxcha.ts,
// naalu.ts): the Nomad's (Quantum Manipulator: Sustain Damage cancels a
// hit on the ships), the Xxcha's (Indomitus: Space Cannon 8) and, with
// ti4battle's "Codex mech" effect, the Naalu's (Iconoclast Ω: no
// anti-fighter barrage against the Naalu).
func (b *builder) groundForceInSpace(i int, k units.Kind, flagship bool) bool {
	switch b.factions[i].Slug {
	case "nekro":
		return flagship
	case "naaz-rokha":
		return i == 0 && k == units.Mech
	case "nomad", "xxcha":
		return k == units.Mech
	case "naalu":
		return k == units.Mech && b.has(i, "Codex mech")
	}
	return false
}

// addTech adds a technology to side i (once).
func (b *builder) addTech(i int, slug string) {
	s := b.side(i)
	if !slices.Contains(s.Technologies, slug) {
		s.Technologies = append(s.Technologies, slug)
	}
}

// addCard adds a card to side i (once), with copies (0: one, or no count).
func (b *builder) addCard(i int, slug string, copies int) {
	s := b.side(i)
	if slices.ContainsFunc(s.Cards, func(c scenario.Card) bool { return c.Name == slug }) {
		return
	}
	s.Cards = append(s.Cards, scenario.Card{Name: slug, Copies: copies})
}

// addUnits adds n units of kind k to side i's fleet.
func (b *builder) addUnits(i int, k units.Kind, n int) {
	s := b.side(i)
	for j := range s.Fleet {
		if s.Fleet[j].Unit == k.String() && !s.Fleet[j].Upgraded {
			s.Fleet[j].Count += n
			return
		}
	}
	s.Fleet = append(s.Fleet, scenario.Units{Unit: k.String(), Count: n})
}

// hasUnits reports whether side i's fleet has a unit of kind k.
func (b *builder) hasUnits(i int, k units.Kind) bool {
	return slices.ContainsFunc(b.side(i).Fleet, func(u scenario.Units) bool { return u.Unit == k.String() })
}

// setPrinting chooses a card printing.
func (b *builder) setPrinting(card, printing string) {
	if b.doc.Printings == nil {
		b.doc.Printings = map[string]string{}
	}
	b.doc.Printings[card] = printing
}
