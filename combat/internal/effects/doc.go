// Package effects holds every text the combat engine knows — technologies,
// action cards, agendas, relics, promissory notes, faction abilities,
// faction technologies, leaders, unit texts, the Twilight Imperium 3
// rules — and turns a checked scenario into a plan: it resolves the input
// (check.go, the TI3 conversion in ti3.go), asks the engine to lay out the
// units, and attaches each side's texts to the plan (Compile).
//
// It sees the engine only through the engine's exported API: the Plan it
// builds, the registration methods of the hook windows (engine
// windows.go), the toolkit for slots and rollers (engine toolkit.go,
// joining.go, twins.go) and the Trial its hooks read during a trial. The
// engine knows no card or faction; nothing here is imported by it.
//
// # Where things are
//
//   - effect.go: the Effect type, one row per text, and its row builders
//     (modelled, modelledEarly, appliedBy, byNumbers, outside).
//   - catalog.go: the catalogue — the card rows (catalog) and the faction
//     rows (factionTexts, gathered from factionFiles) — and the public
//     views of it (Cards, Modelled, OutsideCombat).
//   - faction_<slug>.go: one file per faction. It opens with the
//     faction's rows (<faction>Texts) and holds the function of each
//     modelled text.
//   - cards_tech.go, cards_space.go, cards_ground.go, cards_law.go, and a
//     file for each card with more to say (assaultcannon.go, duranium.go,
//     magen.go, moraleboost.go, shieldsholding.go, x89.go): the cards by
//     family.
//   - ti3.go: Twilight Imperium 3 with Shattered Ascension; entropic.go:
//     the Entropic Scar; unitvariants.go and twinforms.go: texts applied
//     while the units are laid out.
//
// # Adding a faction text
//
//  1. Find its slug in the faction's units.Ability list (units package);
//     `ti4sim units --faction F` lists them with how each is modelled.
//
//  2. In faction_<slug>.go, write the function that attaches it, with a
//     doc comment quoting the text, the policy the engine plays when the
//     text offers a choice, and what is not modelled:
//
//     func fooBar(p *engine.Plan, sc *Scenario, holder engine.Side)
//
//     Register its hooks with the plan's On… methods (OnStartOfRound,
//     OnBeforeAssign, OnDestroyed, …) and nothing else: registering is
//     what tells the round tables and the exact solver that the text acts
//     in that window. If the text keeps something the exact solver cannot
//     follow (a choice made round by round, captured units), call
//     p.BeyondExact with its name so that exact mode refuses it by name.
//     When the text does nothing in a scenario, say so with factionIdle.
//
//  3. Add its row to the faction's <faction>Texts list: modelled("foo-bar",
//     fooBar), or outside("foo-bar", "why") for a text that acts outside
//     the action.
//
//  4. Test it in combat/faction_<slug>_test.go against a value derived
//     independently (a binomial, a small chain, the reference package),
//     and update the `units --faction` golden when the listing changes.
//
// That is all: no registry elsewhere, no list of windows to edit. A new
// faction adds its file and one entry in factionFiles.
//
// # Adding a card
//
// Add an Effect row to its family's list (techCards, spaceCards,
// groundCards, lawAndRelicCards) with its CardInfo (slug, printed name,
// kind, copies, the effect as modelled) and its attach function, which
// receives the number of copies the side holds. Cards that change what
// other cards set up (every space cannon roll, every bombardment roll) are
// late: they attach after all others.
package effects
