package importer

import (
	"slices"

	"github.com/ti4sim/ti4sim/cmd/ti4sim/internal/scenario"
	"github.com/ti4sim/ti4sim/internal/echo"
	"github.com/ti4sim/ti4sim/internal/lazy"
	"github.com/ti4sim/ti4sim/units"
)

// ti4battleEffect is one of ti4battle.com's effects (the checkboxes and
// counters of its options), as ti4sim reads it.
type ti4battleEffect struct {
	// card is what the effect is in the game: the card or text it stands
	// for, for messages.
	card string
	// place is "space" or "ground" when ti4battle uses the effect only in
	// that kind of battle; "" for both.
	place string
	// faction, when set, is the ti4sim slug of the only faction ti4battle
	// applies the effect for; nekro: a faction technology a Nekro side may
	// hold too (Valefar Assimilator).
	faction string
	nekro   bool
	// apply adds the effect, held by side i with count n ≥ 1, to the
	// document; nil: ti4sim does not model it.
	apply func(b *builder, i, n int)
}

// tech is an effect that is a technology of that slug.
func tech(slug string) func(*builder, int, int) {
	return func(b *builder, i, _ int) { b.addTech(i, slug) }
}

// card is an effect that is a card or faction item of that slug.
func card(slug string) func(*builder, int, int) {
	return func(b *builder, i, _ int) { b.addCard(i, slug, 0) }
}

// counted is a counted effect that is a card (copies) or a faction item
// with a number (imperator:N) of that slug.
func counted(slug string) func(*builder, int, int) {
	return func(b *builder, i, n int) { b.addCard(i, slug, n) }
}

// automatic is an effect that ti4sim applies on its own whenever the
// faction's units fight: nothing to add.
func automatic(*builder, int, int) {}

// ti4battleEffects maps every effect name ti4battle.com writes after
// effect- (its battle effects, by their display name) to what it is in
// ti4sim. Slugs are those `ti4sim cards` and `ti4sim units --faction F`
// list.
var ti4battleEffects = lazy.Value[map[string]ti4battleEffect]{Build: func() map[string]ti4battleEffect {
	return map[string]ti4battleEffect{
		// The board.
		"Defending in nebula": {card: "nebula (LRR 59)", place: "space", apply: func(b *builder, _, _ int) { b.doc.System.Nebula = true }},
		"Entropic Scar":       {card: "Entropic Scar anomaly", apply: func(b *builder, _, _ int) { b.doc.System.EntropicScar = true }},

		// Technologies.
		"Plasma Scoring": {card: "Plasma Scoring", apply: tech("plasma-scoring")},
		// ti4battle's Magen Defense Grid is the hit at the start of ground
		// combat, with no infantry placed (its users add that by hand): the
		// Codex I printing.
		"Magen Defense Grid": {card: "Magen Defense Grid", place: "ground", apply: func(b *builder, i, _ int) {
			b.addTech(i, "magen-defense-grid")
			b.setPrinting("magen", "omega")
		}},
		"Duranium Armor": {card: "Duranium Armor", apply: tech("duranium-armor")},
		"Assault Cannon": {card: "Assault Cannon", place: "space", apply: tech("assault-cannon")},
		// ti4battle's X-89 is today's printing (Codex IV: "Double the hits
		// produced by your units' BOMBARDMENT and ground combat rolls"; its
		// core/battleeffect/tech.ts doubles both since July 2025), which is
		// ti4sim's default printing too: nothing differs.
		"X-89 Bacterial Weapon": {card: "X-89 Bacterial Weapon", place: "ground", apply: tech("x89-bacterial-weapon")},
		"Antimass Deflectors":   {card: "Antimass Deflectors", apply: tech("antimass-deflectors")},
		"Graviton Laser System": {card: "Graviton Laser System", place: "space", apply: tech("graviton-laser-system")},

		// Action cards.
		"Bunker":                {card: "Bunker", place: "ground", apply: card("bunker")},
		"Courageous to the End": {card: "Courageous to the End", place: "space", apply: card("courageous-to-the-end")},
		"Direct Hit":            {card: "Direct Hit", place: "space", apply: counted("direct-hit")},
		"Disable":               {card: "Disable", place: "ground", apply: card("disable")},
		"Emergency Repairs":     {card: "Emergency Repairs", apply: card("emergency-repairs")},
		// ti4battle has no space docks: the battlestation's dock is added.
		"Experimental Battlestation": {card: "Experimental Battlestation", place: "space", apply: experimentalBattlestation},
		"Fighter Prototype":          {card: "Fighter Prototype", place: "space", apply: card("fighter-prototype")},
		"Fire Team":                  {card: "Fire Team", place: "ground", apply: card("fire-team")},
		"Maneuvering Jets":           {card: "Maneuvering Jets", apply: card("maneuvering-jets")},
		"Morale Boost":               {card: "Morale Boost", apply: counted("morale-boost")},
		"Shields Holding":            {card: "Shields Holding", place: "space", apply: counted("shields-holding")},
		"Blitz":                      {card: "Blitz", place: "ground", apply: card("blitz")},
		"Reflective Shielding":       {card: "Reflective Shielding", place: "space", apply: card("reflective-shielding")},
		"Scramble Frequency":         {card: "Scramble Frequency", apply: card("scramble-frequency")},
		"Solar Flare":                {card: "Solar Flare", place: "space", apply: card("solar-flare")},
		"Waylay":                     {card: "Waylay", place: "space", apply: card("waylay")},

		// Agendas (laws).
		"Publicize Weapon Schematics": {card: "Publicize Weapon Schematics", place: "space", apply: card("publicize-weapon-schematics")},
		"Prophecy of Ixth":            {card: "Prophecy of Ixth", place: "space", apply: card("prophecy-of-ixth")},
		"Articles of War":             {card: "Articles of War", apply: card("articles-of-war")},
		// ti4battle forbids bombardment outright; ti4sim's law acts on a
		// cultural planet, so the planet is made cultural.
		"Conventions of War": {card: "Conventions of War", place: "ground", apply: func(b *builder, i, _ int) {
			b.addCard(i, "conventions-of-war", 0)
			b.doc.System.Cultural = true
		}},

		// Relics.
		// ti4battle counts the space docks Lightrail Ordnance arms; ti4sim
		// arms the holder's docks on the contested planet, so they are added.
		"Lightrail Ordnance":    {card: "Lightrail Ordnance", apply: lightrailOrdnance},
		"Metali Void Shielding": {card: "Metali Void Shielding", place: "space", apply: card("metali-void-shielding")},
		"Metali Void Armaments": {card: "Metali Void Armaments", place: "space", apply: card("metali-void-armaments")},

		// The factions' cards, leaders and texts.
		"Strike Wing Ambuscade":   {card: "Strike Wing Ambuscade (Argent Flight promissory note)", apply: card("strike-wing-ambuscade")},
		"Argent Flight Commander": {card: "Trrakan Aun Zulok (Argent Flight commander)", apply: card("trrakan-aun-zulok")},
		// N deployments, one at the start of each ground combat round from
		// the first, as ti4battle plays them: dunlain-reaper:N. Without the
		// effect no mech is deployed.
		"Mech deploy":             {card: "Dunlain Reaper (Letnev mech) Deploy", place: "ground", faction: "letnev", apply: mechDeploy},
		"Non-Euclidean Shielding": {card: "Non-Euclidean Shielding (Letnev technology)", faction: "letnev", nekro: true, apply: tech("non-euclidean-shielding")},
		"L4 Disruptors":           {card: "L4 Disruptors (Letnev technology)", place: "ground", faction: "letnev", nekro: true, apply: tech("l4-disruptors")},
		// N uses at 2 trade goods each.
		"Munitions Reserves": {card: "Munitions Reserves (Letnev ability)", place: "space", faction: "letnev", apply: func(b *builder, i, n int) { b.side(i).TradeGoods += 2 * n }},
		"War Funding":        {card: "War Funding (Letnev promissory note)", place: "space", apply: card("war-funding")},
		"Barony Agent":       {card: "Viscount Unlenn (Letnev agent)", place: "space", apply: card("viscount-unlenn")},
		"Gravleash Maneuvers": {card: "Gravleash Maneuvers (Letnev breakthrough)", place: "space", faction: "letnev",
			apply: card("gravleash-maneuvers")},
		"Dimensional Splicer": {card: "Dimensional Splicer (Creuss technology)", place: "space", faction: "creuss", nekro: true, apply: tech("dimensional-splicer")},
		// The Quietus's active breach, a board state the side lists.
		"Flagship active": {card: "Quietus (Crimson Rebellion flagship)", faction: "crimson", apply: card("quietus")},
		// N repairs at 2 influence each (Dynamo is the Empyrean's flagship).
		"Empyrean flagship repair": {card: "Dynamo (Empyrean flagship)", apply: func(b *builder, i, n int) {
			if b.factions[i].Slug != "empyrean" {
				b.warnf("%s: ti4battle effect \"Empyrean flagship repair\" (card Dynamo): ti4sim repairs with Dynamo for an Empyrean side with its flagship only; ignored", sideNames[i])
				return
			}
			b.side(i).Influence += 2 * n
		}},
		// N trade goods to spend on the flagship's +1s.
		"Hacan flagship trade goods": {card: "Wrath of Kenara (Hacan flagship)", place: "space", faction: "hacan", apply: func(b *builder, i, n int) { b.side(i).TradeGoods += n }},
		"Jol-Nar commander":          {card: "Ta Zern (Jol-Nar commander)", apply: card("ta-zern")},
		// The space cannon of Custodia Vigilia on Mecatol Rex, a board state.
		"I.I.H.Q. MODERNIZATION space cannon": {card: "I.I.H.Q. Modernization (Keleres technology)", faction: "keleres", apply: iihq},
		"L1z1x commander":                     {card: "2RAM (L1Z1X commander)", place: "ground", apply: card("2ram")},
		// ti4sim's Arvicon Rex has its +2 unless the side lists the
		// opponent's token in its fleet pool (see absentEffects).
		"Mahact flagship bonus": {card: "Arvicon Rex (Mahact flagship)", place: "space", faction: "mahact", apply: automatic},
		"Mentak hero":           {card: "Ipswitch, Loose Cannon (Mentak hero)", place: "space", apply: card("ipswitch-loose-cannon")},
		// The Codex III Iconoclast: no Anti-Fighter Barrage against the Naalu.
		"Codex mech":      {card: "Iconoclast Ω (Naalu mech)", faction: "naalu", apply: func(b *builder, _, _ int) { b.setPrinting("iconoclast", "omega") }},
		"Supercharge":     {card: "Supercharge (Naaz-Rokha technology)", faction: "naaz-rokha", nekro: true, apply: tech("supercharge")},
		"Eidolon Maximum": {card: "Absolute Synergy (Naaz-Rokha breakthrough, Eidolon Maximum)", faction: "naaz-rokha", apply: card("eidolon-maximum")},
		// Mordred's +2: the opponent has an assimilator token (a board state).
		"Nekro mech bonus": {card: "Mordred (Nekro mech)", faction: "nekro", apply: card("assimilator-token")},
		// The Cavalry with Memoria I, or II (the-cavalry:2).
		"Memoria I": {card: "The Cavalry (Nomad promissory note), Memoria I", place: "space", apply: card("the-cavalry")},
		"Memoria II": {card: "The Cavalry (Nomad promissory note), Memoria II", place: "space", apply: func(b *builder, i, _ int) {
			s := b.side(i)
			s.Cards = slices.DeleteFunc(s.Cards, func(c scenario.Card) bool { return c.Name == "the-cavalry" })
			b.addCard(i, "the-cavalry", 2)
		}},
		"Exotrireme II should suicide": {card: "Exotrireme II (Sardakk N'orr dreadnought)", place: "space", faction: "sardakk", apply: func(b *builder, i, _ int) {
			b.warnf("%s: ti4battle's \"Exotrireme II should suicide\": ti4sim uses Exotrireme II's ability by its own policy", sideNames[i])
		}},
		"Valkyrie Particle Weave": {card: "Valkyrie Particle Weave (Sardakk N'orr technology)", place: "ground", faction: "sardakk", nekro: true, apply: tech("valkyrie-particle-weave")},
		"Tekklar Legion":          {card: "Tekklar Legion (Sardakk N'orr promissory note)", place: "ground", apply: card("tekklar-legion")},
		"Sol agent":               {card: "Evelyn Delouis (Sol agent)", place: "ground", apply: card("evelyn-delouis")},
		"Titans agent":            {card: "Tellurian (Titans of Ul agent)", apply: card("tellurian")},
		"Titans hero":             {card: "Ul the Progenitor (Titans of Ul hero)", apply: card("ul-the-progenitor")},
		"Winnu commander":         {card: "Rickar Rickani (Winnu commander)", apply: card("rickar-rickani")},
		"Imperator":               {card: "Imperator (Winnu breakthrough)", faction: "winnu", apply: counted("imperator")},
		// ti4sim's Yin use Devotion by its policy whenever they can.
		"Devotion":     {card: "Devotion (Yin ability)", place: "space", faction: "yin", apply: automatic},
		"Impulse Core": {card: "Impulse Core (Yin technology)", place: "space", faction: "yin", nekro: true, apply: tech("impulse-core")},
		"Yin agent":    {card: "Brother Milor (Yin agent)", apply: card("brother-milor")},

		// Thunder's Edge (ti4battle 2026).
		"The Egeiro planet bonus": {card: "The Egeiro (Last Bastion flagship)", place: "space", faction: "last-bastion", apply: counted("the-egeiro")},
		// ti4sim applies A3 Valiance whenever the mech fights.
		"A3 Valiance galvanize": {card: "A3 Valiance (Last Bastion mech)", faction: "last-bastion", apply: automatic},
		"Last Bastion agent":    {card: "Last Bastion agent"},
		"Last Bastion hero":     {card: "Last Bastion hero"},
		"Proxima Targeting VI":  {card: "Proxima Targeting VI (Last Bastion technology)", place: "ground", faction: "last-bastion", nekro: true, apply: tech("proxima-targeting-vi")},
		"Obsidian Agent":        {card: "Obsidian agent"},
		"Obsidian Commander":    {card: "Obsidian commander"},
		"Asail (Obsidian)":      {card: "Asail (plot card)", faction: "obsidian"},
		"Heaven's Eye":          {card: "Heaven's Eye (Firmament flagship)", place: "space", faction: "firmament", apply: card("heavens-eye")},
		"Firmament Agent":       {card: "Firmament agent"},
		"Asail (Firmament)":     {card: "Asail (plot card)", faction: "firmament"},
		// N infantry in the reserve the Alarum mechs call on.
		"Alarum reinforcements":                                          {card: "Alarum (Ral Nel mech)", place: "ground", faction: "ral-nel", apply: counted("alarum")},
		"Ral Nel PDS in space":                                           {card: "Miniaturization (Ral Nel ability): PDS in the space area", place: "space", faction: "ral-nel"},
		"Ral Nel galvanized PDS in space":                                {card: "Miniaturization (Ral Nel ability): galvanized PDS in the space area", place: "space", faction: "ral-nel"},
		"Ral Nel space dock with Lightrail Ordnance in space":            {card: "Miniaturization (Ral Nel ability) with Lightrail Ordnance", place: "space", faction: "ral-nel"},
		"Ral Nel galvanized space dock with Lightrail Ordnance in space": {card: "Miniaturization (Ral Nel ability) with Lightrail Ordnance, galvanized", place: "space", faction: "ral-nel"},
	}
}}

// effects applies the link's effects in its order.
func (b *builder) effects() {
	for _, ef := range b.in.effects {
		if ef.n == 0 {
			continue // ti4battle writes no effect at 0: none
		}
		e, ok := ti4battleEffects.Get()[ef.name]
		if !ok {
			b.warnf("unknown ti4battle effect %s; ignored", echo.Quote(ef.name))
			continue
		}
		if e.apply == nil {
			b.warnf("ti4battle effect %s (card %s) is not modelled by ti4sim; ignored", echo.Quote(ef.name), e.card)
			continue
		}
		if e.place == "ground" && !b.in.ground || e.place == "space" && b.in.ground {
			where := "a space"
			if b.in.ground {
				where = "a ground"
			}
			b.warnf("ti4battle effect %s (card %s) acts only in %s battles there; ignored in %s battle", echo.Quote(ef.name), e.card, e.place, where)
			continue
		}
		sides := []int{ef.side}
		if ef.side < 0 {
			sides = []int{0, 1}
		}
		applied := false
		for _, i := range sides {
			if f := b.factions[i].Slug; e.faction != "" && f != e.faction && !(e.nekro && f == "nekro") {
				continue
			}
			e.apply(b, i, ef.n)
			applied = true
		}
		if !applied {
			who := sideNames[max(ef.side, 0)] + ": "
			if ef.side < 0 {
				who = ""
			}
			b.warnf("%sti4battle effect %s (card %s) is the %s's, and ti4battle applies it to that faction only; ignored", who, echo.Quote(ef.name), e.card, e.faction)
		}
	}
}

// has reports whether side i (or both sides) gives the effect.
func (b *builder) has(i int, name string) bool {
	return slices.ContainsFunc(b.in.effects, func(ef effectInput) bool {
		return ef.name == name && ef.n > 0 && (ef.side == i || ef.side < 0)
	})
}

// absentEffects reads the faction effects whose absence from a link means
// something ti4sim would otherwise not assume.
func (b *builder) absentEffects() {
	for i := range b.in.sides {
		f := b.factions[i].Slug
		space := b.doc.Action != scenario.ActionGround
		switch {
		// ti4battle's Arvicon Rex gets its +2 only with the effect;
		// without it the opponent's token is in the Mahact fleet pool.
		case f == "mahact" && space && b.hasUnits(i, units.Flagship) && !b.has(i, "Mahact flagship bonus"):
			b.addCard(i, "fleet-pool-token", 0)
		case f == "yin" && b.doc.Action == scenario.ActionSpace && !b.has(i, "Devotion"):
			b.warnf("%s: ti4battle's Devotion is off; ti4sim's Yin use Devotion by its own policy", sideNames[i])
		}
	}
}

// experimentalBattlestation: ti4sim's Experimental Battlestation fires
// from the defender's space dock on the planet.
func experimentalBattlestation(b *builder, i, _ int) {
	if i == 0 {
		b.warnf("attacker: ti4battle effect \"Experimental Battlestation\" (card Experimental Battlestation): ti4sim's fires from the defender's space dock only; ignored")
		return
	}
	if !b.hasUnits(i, units.SpaceDock) {
		b.addUnits(i, units.SpaceDock, 1)
		b.warnf("defender: 1 space dock added: Experimental Battlestation fires from one (ti4battle has no space docks)")
	}
	b.addCard(i, "experimental-battlestation", 0)
}

// lightrailOrdnance: ti4battle counts the space docks armed; ti4sim's
// Lightrail Ordnance arms the holder's docks on the contested planet.
func lightrailOrdnance(b *builder, i, n int) {
	if i == 0 {
		b.warnf("attacker: ti4battle effect \"Lightrail Ordnance\" (card Lightrail Ordnance): ti4sim arms the holder's space docks on the contested planet only (the defender's); ignored")
		return
	}
	b.addUnits(i, units.SpaceDock, n)
	b.addCard(i, "lightrail-ordnance", 0)
	b.warnf("defender: %d space dock(s) added for Lightrail Ordnance (ti4battle counts them in the effect)", n)
}

// iihq: I.I.H.Q. Modernization and the Keleres holding Mecatol Rex, where
// ti4sim fires the planet's space cannon: a space combat, or the
// defender's planet in an invasion.
func iihq(b *builder, i, _ int) {
	b.addTech(i, "iihq-modernization")
	if b.doc.Action == scenario.ActionGround || (b.doc.Action == scenario.ActionInvade && i == 0) {
		b.warnf("%s: ti4battle effect \"I.I.H.Q. MODERNIZATION space cannon\": ti4sim fires Mecatol Rex's space cannon in a space combat or for the invaded defender only; the space cannon is ignored", sideNames[i])
		return
	}
	b.addCard(i, "mecatol-rex", 0)
}

// maxMechDeploys is the most deployments ti4sim's dunlain-reaper:N takes.
const maxMechDeploys = 20

// mechDeploy: ti4battle's "Mech deploy" count N is the Letnev's
// dunlain-reaper:N, which ti4sim plays for a side whose fleet has a mech.
func mechDeploy(b *builder, i, n int) {
	if !b.hasUnits(i, units.Mech) {
		b.warnf("%s: ti4battle effect \"Mech deploy\" (card Dunlain Reaper): ti4sim deploys the Letnev mech only for a side whose fleet has one; ignored", sideNames[i])
		return
	}
	if n > maxMechDeploys {
		b.warnf("%s: ti4battle's Mech deploy=%d: ti4sim deploys at most %d; %d", sideNames[i], n, maxMechDeploys, maxMechDeploys)
		n = maxMechDeploys
	}
	b.addCard(i, "dunlain-reaper", n)
}
