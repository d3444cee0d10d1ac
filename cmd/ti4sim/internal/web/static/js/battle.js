// The battle form: both sides' fleets, factions, technologies, cards and
// policies, the action, the system, the printings and the run, read into a
// combat scenario document (the service's POST /v1/combat body) and written
// back from one.

import { $, h, intValue } from "./dom.js";
import * as fleetTable from "./fleettable.js";
import { More, sideControl, runControl } from "./more.js";
import { Planets } from "./planets.js";
import { attach } from "./homebrew.js";

const sides = [
  { p: "a", role: "attacker", title: "Attacker" },
  { p: "d", role: "defender", title: "Defender" },
];

// systemSwitches are the system's checkboxes: element id, document key.
const systemSwitches = [
  ["nebula", "nebula"],
  ["entropic-scar", "entropic_scar"],
  ["cultural", "cultural"],
  ["space-mine", "space_mine"],
  ["negate-mine-hits", "negate_mine_hits"],
  ["ion-storm", "ion_storm"],
  ["wormhole", "wormhole"],
  ["home-system", "home_system"],
];

// sideNumbers are a side's number inputs: element id suffix, document key.
const sideNumbers = [
  ["modifier", "modifier"],
  ["trade-goods", "trade_goods"],
  ["influence", "influence"],
  ["command-counters", "command_counters"],
  ["adjacent-pds", "adjacent_pds"],
  ["pds", "pds"],
];

// sideControls are a side's other controls: document key, element id
// suffix (the side's units table for its fleet and galvanized units, its
// cards box for its cards and leaders).
const sideControls = [
  ["fleet", "units"],
  ["galvanized", "units"],
  ["faction", "faction"],
  ["technologies", "tech"],
  ["cards", "cards"],
  ["leaders", "cards"],
  ["order", "order"],
  ["policy", "policy"],
  ["retreat", "retreat"],
  ["high_alert", "high-alert"],
  ...sideNumbers.map(([id, key]) => [key, id]),
];

// runControls are the run's and the scenario's own controls: document
// path, element id.
const runControls = [
  ["action", "action"],
  ["ruleset", "ruleset"],
  ["printings", "printings"],
  ["run.trials", "trials"],
  ["run.seed", "seed"],
  ["run.exact", "run-mode"],
  ["run.prefer_exact", "run-mode"],
  ["run.precision", "precision"],
  ["run.rounds", "rounds"],
];

// controlOf finds the form control of a combat document's JSON path (an
// element's path, "attacker.cards[2]", finds its list's control), from the
// form's own tables above: the page's one table of where each input is.
// It returns null for a path no control sets.
export function controlOf(path) {
  const bare = path.replace(/\[\d+\]/g, "");
  const [head, ...rest] = bare.split(".");
  const key = rest.join(".");
  const side = sides.find((s) => s.role === head);
  if (side) {
    const c = sideControls.find(([k]) => k === key);
    if (c) return $(`${side.p}-${c[1]}`);
    const index = /^\w+\.\w+\[(\d+)\]/.exec(path);
    return sideControl(side.p, key.split(".")[0], index ? Number(index[1]) : -1);
  }
  if (head === "system") {
    if (/^(planets|commit|bombard)\b/.test(key)) return planetsOf?.controlOf(path) || null;
    if (key === "commandos") return $("commandos");
    const c = systemSwitches.find(([, k]) => k === key);
    return c ? $(c[0]) : null;
  }
  if (head === "printings" && key) return $(`printing-${key}`);
  const c = runControls.find(([p]) => p === bare);
  return c ? $(c[1]) : runControl(bare);
}

// planetsOf is the form's planets (the last Battle built), for controlOf.
let planetsOf = null;

// Battle builds and reads the battle form from the catalog
// (GET /v1/catalog).
export class Battle {
  constructor(catalog) {
    this.cat = catalog;
    this.rulesets = new Map(catalog.rulesets.map((r) => [r.name, r]));
    this.factions = new Map(catalog.factions.map((f) => [f.slug, f]));
    // Each ruleset's own factions (ti3-sa's races), else ti4's.
    this.factionsBy = new Map(catalog.rulesets.map((r) => [r.name, r.factions ? new Map(r.factions.map((f) => [f.slug, f])) : this.factions]));
    const rs = $("ruleset");
    for (const r of catalog.rulesets) rs.append(h("option", { value: r.name, title: r.title }, shortTitle(r)));
    const box = $("printings");
    for (const [key, values] of Object.entries(catalog.printings)) {
      const sel = h("select", { id: `printing-${key}` }, h("option", { value: "" }, `default (${values[0]})`));
      for (const v of values) sel.append(h("option", { value: v }, v));
      box.append(h("label", { title: `${printingTitle(key)}: ${values.join(", ")}` }, printingTitle(key) + " ", sel));
    }
    for (const s of sides) this.buildSide(s);
    // The less common inputs, in groups after the fleets.
    this.more = new More(catalog, $("more-inputs"));
    this.planets = new Planets(catalog, $("more-inputs"));
    planetsOf = this.planets;
    // The printings and anomalies of one ruleset only.
    for (const key of Object.keys(catalog.printings)) $(`printing-${key}`).closest("label").dataset.only = key.startsWith("ti3-") ? "ti3-sa" : "ti4";
    $("entropic-scar").closest("label").dataset.only = "ti4";
    $("cultural").closest("label").dataset.only = "ti4-invade";
    this.applyRuleset();
  }

  ruleset() {
    return this.rulesets.get($("ruleset").value) || this.cat.rulesets[0];
  }

  // factionsOf returns the factions a side may take under the ruleset.
  factionsOf(rs) {
    return this.factionsBy.get(rs.name) || this.factions;
  }

  // buildSide writes the parts of a side that do not depend on the ruleset
  // or faction: its faction's place at the head of the fleet table (whose
  // rows fleetTable builds), and its fieldset of everything else.
  buildSide(s) {
    const { p, role, title } = s;
    const box = $(`side-${p}`);
    const fac = h("select", { id: `${p}-faction`, "aria-label": `${title} faction` });
    $(`${p}-faction-box`).replaceChildren(h("label", { for: `${p}-faction` }, h("span", { class: "side-name", id: `${p}-title` }, title), h("span", { class: "faction-word" }, " faction")), fac);
    if (p === "a") fleetTable.setupView();
    box.replaceChildren(
      h("legend", { id: `side-${p}-title` }, title),
      h("details", { class: "texts", id: `${p}-texts-box` }, h("summary", {}, "Faction texts"), h("ul", { id: `${p}-texts` })),
      h("details", { class: "techs" }, h("summary", { id: `${p}-tech-summary` }, "Technologies"), h("div", { id: `${p}-tech`, role: "group", "aria-label": `${title}'s technologies` })),
      h("details", { class: "cards" }, h("summary", { id: `${p}-cards-summary` }, "Cards, leaders and board"), h("div", { id: `${p}-cards`, role: "group", "aria-label": `${title}'s cards, leaders and board` })),
      h(
        "details",
        { class: "more" },
        h("summary", {}, "Hit order, retreat, modifiers"),
        h("label", {}, "Hit order (first lost first) ", h("input", { type: "text", id: `${p}-order`, placeholder: "fighter, destroyer, sustain=last", spellcheck: false })),
        h("label", {}, "Retreat ", h("input", { type: "text", id: `${p}-retreat`, placeholder: "never, after=2, when=losing", spellcheck: false })),
        h("label", {}, "Combat roll modifier ", h("input", { type: "number", id: `${p}-modifier`, min: -9, max: 9, value: 0 })),
        h("label", {}, "Trade goods to spend ", h("input", { type: "number", id: `${p}-trade-goods`, min: 0, max: 99, value: 0 })),
        h("label", {}, "Influence to spend ", h("input", { type: "number", id: `${p}-influence`, min: 0, max: 99, value: 0 })),
        h("label", { "data-only": "ti3-sa" }, "Command counters to spend ", h("input", { type: "number", id: `${p}-command-counters`, min: 0, max: 99, value: 0 })),
        h("label", { "data-only": "ti3-sa" }, h("input", { type: "checkbox", id: `${p}-high-alert` }), " High Alert token in the system"),
        h("label", {}, "PDS in adjacent systems ", h("input", { type: "number", id: `${p}-adjacent-pds`, min: 0, max: 99, value: 0 })),
        role === "attacker" ? h("label", {}, "PDS on own planets in the system ", h("input", { type: "number", id: `${p}-pds`, min: 0, max: 99, value: 0 })) : null,
      ),
    );
  }

  // applyRuleset rebuilds what depends on the ruleset: the faction lists,
  // then each side's units, technologies and cards; the form keeps its
  // values where they still apply.
  applyRuleset() {
    const rs = this.ruleset();
    const ti4 = rs.name === "ti4";
    const factions = this.factionsOf(rs);
    for (const s of sides) {
      const keep = this.readSide(s.p, s.role);
      const fac = $(`${s.p}-faction`);
      fac.replaceChildren(h("option", { value: "" }, "none"));
      for (const f of factions.values()) fac.append(h("option", { value: f.slug }, f.name));
      fac.disabled = factions.size === 0;
      fac.value = factions.has(keep.faction || "") ? keep.faction : "";
      this.applyFaction(s, keep);
    }
    this.planets.applyRuleset(rs);
    this.applyVisibility();
  }

  // applyVisibility shows the controls of the ruleset and the action only.
  applyVisibility() {
    const ti3 = this.ruleset().name === "ti3-sa";
    const invade = $("action").value === "invade";
    for (const el of document.querySelectorAll("[data-only=ti3-sa]")) el.hidden = !ti3;
    for (const el of document.querySelectorAll("[data-only=invade]")) el.hidden = !invade;
    for (const el of document.querySelectorAll("[data-only=ti3-invade]")) el.hidden = !(ti3 && invade);
    for (const el of document.querySelectorAll("[data-only=ti4]")) el.hidden = ti3;
    // A cultural planet is marked among the planets when they are listed.
    for (const el of document.querySelectorAll("[data-only=ti4-invade]")) el.hidden = ti3 || !invade || (this.planets?.count ?? 0) > 0;
  }

  // applyFaction rebuilds one side's units, texts, technologies and cards
  // for its faction, then writes keep (a side document) back.
  applyFaction(s, keep) {
    const { p } = s;
    const rs = this.ruleset();
    const f = this.factionsOf(rs).get($(`${p}-faction`).value);
    const list = f ? f.units : rs.units;
    this.units ??= {};
    this.units[p] = fleetTable.setSide(p, rs, f, list);
    // The faction's texts and how each is modelled.
    const texts = $(`${p}-texts`);
    texts.replaceChildren();
    $(`${p}-texts-box`).hidden = !f;
    if (f) {
      for (const t of f.texts) {
        texts.append(h("li", { "data-status": t.status }, h("strong", {}, t.name), ` (${t.kind}, ${t.status}): ${t.text}`, t.why ? h("em", {}, ` — ${t.why}`) : null));
      }
    }
    // Technologies: the ruleset's own (ti3-sa), or the combat technologies
    // among the cards plus the faction's.
    // The faction's own first, then every one of the ruleset (the
    // catalogue's techs: Magen Defense Grid, X-89, the technology cards,
    // the unit upgrades).
    const techs = [];
    if (f) for (const t of f.texts) if (t.kind === "technology" && t.status === "modelled") techs.push({ slug: t.slug, name: t.name, text: t.text, kind: `${f.name}'s` });
    for (const kind of ["technology", "unit upgrade"]) {
      for (const t of rs.techs || []) if (t.kind === kind && !techs.some((x) => x.slug === t.slug)) techs.push({ ...t, kind: kind === "unit upgrade" ? "unit upgrades" : "technologies" });
    }
    const tbox = $(`${p}-tech`);
    tbox.replaceChildren();
    let tgroup = null;
    for (const t of techs) {
      if (!tgroup || tgroup.dataset.kind !== t.kind) {
        tgroup = h("fieldset", { class: "card-group", "data-kind": t.kind }, h("legend", {}, t.kind));
        tbox.append(tgroup);
      }
      tgroup.append(h("label", { title: t.text }, h("input", { type: "checkbox", value: t.slug, id: `${p}-tech-${t.slug}` }), ` ${t.name}`));
    }
    // Cards with copies: action cards, agendas, relics, the faction's
    // leaders, notes and breakthroughs, and its board states.
    const cards = [];
    // The ruleset's own action cards (ti3-sa), one copy each, and its
    // leaders in the fight.
    for (const [slug, text] of Object.entries(rs.cards || {})) cards.push({ slug, name: slug.replaceAll("-", " "), kind: "action card", text, max: 1 });
    if (!rs.technologies) {
      for (const c of this.cat.cards) if (c.kind !== "technology") cards.push({ slug: c.slug, name: c.name, kind: c.kind, text: c.effect, max: 99 });
      if (f) {
        for (const t of f.texts) if (["leader", "note", "breakthrough"].includes(t.kind) && t.status === "modelled") cards.push({ slug: t.slug, name: t.name, kind: t.kind, text: t.text, max: 99 });
        for (const b of f.board_states) cards.push({ slug: b.Slug, name: b.Slug.replaceAll("-", " "), kind: "board state", text: b.Meaning, max: 99 });
      }
    }
    const cbox = $(`${p}-cards`);
    cbox.replaceChildren();
    let group = null;
    for (const c of cards) {
      if (!group || group.dataset.kind !== c.kind) {
        group = h("fieldset", { class: "card-group", "data-kind": c.kind }, h("legend", {}, c.kind));
        cbox.append(group);
      }
      group.append(h("label", { title: c.text }, h("input", { type: "number", id: `${p}-card-${c.slug}`, "data-card": c.slug, min: 0, max: c.max, value: 0, inputMode: "numeric" }), ` ${c.name}`));
    }
    const leaders = Object.entries(rs.leaders || {});
    if (leaders.length) {
      const g = h("fieldset", { class: "card-group", "data-kind": "leader" }, h("legend", {}, "leaders in the fight"));
      for (const [slug, text] of leaders) g.append(h("label", { title: text }, h("input", { type: "checkbox", id: `${p}-leader-${slug}`, "data-leader": slug }), ` ${slug}`));
      cbox.append(g);
    }
    $(`${p}-cards`).closest("details").hidden = cards.length === 0 && leaders.length === 0;
    this.writeSide(p, keep);
  }

  // refreshNames shows each unit's name for its upgrade box.
  refreshNames() {
    for (const { p } of sides) {
      if (!this.units?.[p]) continue; // not built yet
      for (const [kind, u] of this.units[p]) {
        const k = kind.replaceAll("_", "-");
        const up = $(`${p}-up-${k}`);
        const name = up && up.checked && u.up ? u.up.name : u.base.name;
        const label = $(`${p}-name-${k}`);
        if (label.textContent !== name) label.textContent = name;
        const dmg = $(`${p}-dmg-${k}`);
        if (dmg) dmg.closest("td").classList.toggle("idle", intValue($(`${p}-count-${k}`)) === 0);
      }
      const techs = [...$(`${p}-tech`).querySelectorAll("input:checked")].length;
      $(`${p}-tech-summary`).textContent = techs ? `Technologies (${techs})` : "Technologies";
      const cards = [...$(`${p}-cards`).querySelectorAll("input[data-card]")].filter((i) => intValue(i) !== 0).length + [...$(`${p}-cards`).querySelectorAll("input[data-leader]:checked")].length;
      $(`${p}-cards-summary`).textContent = cards ? `Cards, leaders and board (${cards})` : "Cards, leaders and board";
    }
    this.applyVisibility();
  }

  // step handles a +/− button; it returns true when it changed a count.
  step(button) {
    const m = /^([ad])-(inc|dec)-(.+)$/.exec(button.id);
    if (!m) return false;
    const input = $(`${m[1]}-count-${m[3]}`);
    const v = Math.min(99, Math.max(0, intValue(input) + (m[2] === "inc" ? 1 : -1)));
    if (String(v) === input.value) return false;
    input.value = v;
    return true;
  }

  // readSide returns a side's part of the document.
  readSide(p, role) {
    const out = {};
    const f = $(`${p}-faction`);
    if (f && f.value) out.faction = f.value;
    const fleet = [];
    const galvanized = [];
    for (const [kind] of this.units?.[p] || []) {
      const k = kind.replaceAll("_", "-");
      const count = intValue($(`${p}-count-${k}`));
      if (count === 0) continue;
      const e = { unit: kind.replaceAll("_", " "), count };
      const up = $(`${p}-up-${k}`);
      if (up && up.checked) e.upgraded = true;
      const dmg = $(`${p}-dmg-${k}`);
      if (dmg && intValue(dmg) !== 0) e.damaged = intValue(dmg);
      fleet.push(e);
      const galv = $(`${p}-galv-${k}`);
      if (galv && intValue(galv) !== 0) galvanized.push({ unit: e.unit, count: intValue(galv) });
    }
    out.fleet = fleet;
    const techs = [...($(`${p}-tech`)?.querySelectorAll("input:checked") || [])].map((i) => i.value);
    if (techs.length) out.technologies = techs;
    const cards = [];
    for (const i of $(`${p}-cards`)?.querySelectorAll("input[data-card]") || []) {
      const n = intValue(i);
      if (n === 0) continue;
      cards.push(n === 1 ? { name: i.dataset.card } : { name: i.dataset.card, copies: n });
    }
    if (cards.length) out.cards = cards;
    const leaders = [...($(`${p}-cards`)?.querySelectorAll("input[data-leader]:checked") || [])].map((i) => i.dataset.leader);
    if (leaders.length) out.leaders = leaders;
    const alert = $(`${p}-high-alert`);
    if (alert && alert.checked && !alert.closest("label").hidden) out.high_alert = true;
    const text = (id) => ($(id)?.value || "").trim();
    if (text(`${p}-order`)) out.order = text(`${p}-order`);
    if (text(`${p}-retreat`)) out.retreat = text(`${p}-retreat`);
    for (const [id, key] of sideNumbers) {
      const el = $(`${p}-${id}`);
      if (el && intValue(el) !== 0 && !el.closest("label").hidden) out[key] = intValue(el);
    }
    if (galvanized.length) out.galvanized = galvanized;
    this.more?.readSide(p, out);
    return out;
  }

  // writeSide sets a side's inputs from its part of a document; it
  // returns what it could not show (unknown units, technologies, cards).
  writeSide(p, side = {}) {
    const missed = [];
    for (const [kind] of this.units[p]) {
      const k = kind.replaceAll("_", "-");
      $(`${p}-count-${k}`).value = 0;
      const up = $(`${p}-up-${k}`);
      if (up) up.checked = false;
      const dmg = $(`${p}-dmg-${k}`);
      if (dmg) dmg.value = 0;
      const galv = $(`${p}-galv-${k}`);
      if (galv) galv.value = 0;
    }
    for (const e of side.fleet || []) {
      const unit = this.kindOf(p, e.unit);
      if (!unit) {
        missed.push(`unit ${e.unit}`);
        continue;
      }
      const k = unit.kind.replaceAll("_", "-");
      const c = $(`${p}-count-${k}`);
      c.value = intValue(c) + e.count;
      if (e.upgraded || unit.upgraded) {
        const up = $(`${p}-up-${k}`);
        if (up) up.checked = true;
        else missed.push(`upgraded ${e.unit}`);
      }
      if (e.damaged) {
        const dmg = $(`${p}-dmg-${k}`);
        if (dmg) dmg.value = intValue(dmg) + e.damaged;
        else missed.push(`damaged ${e.unit}`);
      }
    }
    for (const e of side.galvanized || []) {
      const unit = this.kindOf(p, e.unit);
      const galv = unit && $(`${p}-galv-${unit.kind.replaceAll("_", "-")}`);
      if (galv) galv.value = intValue(galv) + e.count;
      else missed.push(`galvanized ${e.unit}`);
    }
    for (const i of $(`${p}-tech`).querySelectorAll("input")) i.checked = (side.technologies || []).includes(i.value);
    for (const t of side.technologies || []) if (!$(`${p}-tech-${t}`)) missed.push(`technology ${t}`);
    for (const i of $(`${p}-cards`).querySelectorAll("input[data-card]")) i.value = 0;
    for (const c of side.cards || []) {
      const i = $(`${p}-card-${c.name}`);
      if (i) i.value = c.copies ?? 1;
      else missed.push(`card ${c.name}`);
    }
    const more = this.more.writeSide(p, side);
    missed.push(...more.missed);
    for (const i of $(`${p}-cards`).querySelectorAll("input[data-leader]")) i.checked = more.leaders.includes(i.dataset.leader);
    for (const l of more.leaders) if (!$(`${p}-leader-${l}`)) missed.push(`leader ${l}`);
    $(`${p}-high-alert`).checked = Boolean(side.high_alert);
    $(`${p}-order`).value = side.order || "";
    $(`${p}-retreat`).value = side.retreat || "";
    for (const [id, key] of sideNumbers) {
      const el = $(`${p}-${id}`);
      if (el) el.value = side[key] || 0;
      else if (side[key]) missed.push(key);
    }
    this.refreshNames();
    return missed;
  }

  // kindOf finds the unit kind a document's unit name means on side p, by
  // the ruleset's grammar (the catalog's unit_names), or null; upgraded is
  // true for a name ending in " II".
  kindOf(p, name) {
    const words = String(name).trim().toLowerCase().split(/\s+/);
    const upgraded = words.length > 1 && words.at(-1) === "ii";
    if (upgraded) words.pop();
    const kind = this.ruleset().unit_names[words.join(" ")];
    return kind && this.units[p].has(kind) ? { kind, upgraded } : null;
  }


  // document returns the combat document the form stands for.
  document() {
    const doc = { version: 1, action: $("action").value, ruleset: this.ruleset().name };
    const printings = {};
    for (const key of Object.keys(this.cat.printings)) {
      const v = $(`printing-${key}`).value;
      if (v) printings[key] = v;
    }
    if (Object.keys(printings).length) doc.printings = printings;
    const system = {};
    for (const [id, key] of systemSwitches) {
      const el = $(id);
      if (el.checked && !el.closest("label").hidden) system[key] = true;
    }
    const commandos = $("commandos");
    if (intValue(commandos) > 0 && !commandos.closest("label").hidden) system.commandos = intValue(commandos);
    if (doc.action === "invade") Object.assign(system, this.planets.read());
    if (Object.keys(system).length) doc.system = system;
    doc.attacker = this.readSide("a", "attacker");
    doc.defender = this.readSide("d", "defender");
    doc.run = this.run(doc);
    return attach(doc); // the homebrew units its factions need
  }

  // run is the document's run as the form asks it: exact when the sides
  // ask what only exact mode answers (an optimal policy, the best retreat).
  run(doc = {}) {
    const mode = $("run-mode").value;
    if (More.exactOnly(doc) || mode === "exact-only") return this.more.readRun({ exact: true });
    if (mode === "exact") return this.more.readRun({ prefer_exact: true, ...this.trialsRun() });
    return this.more.readRun(this.trialsRun());
  }

  // trialsRun is the Monte Carlo run of the form: its trials and seed.
  trialsRun() {
    return { trials: intValue($("trials"), 100000), seed: intValue($("seed"), 1) };
  }

  // load writes a combat document into the form; it returns what could
  // not be shown.
  load(doc) {
    const missed = [];
    $("action").value = ["space", "ground", "invade"].includes(doc.action) ? doc.action : "space";
    $("ruleset").value = this.rulesets.has(doc.ruleset) ? doc.ruleset : "ti4";
    // Factions first: they decide the units the fleets name.
    for (const s of sides) $(`${s.p}-faction`).value = "";
    this.applyRuleset();
    for (const s of sides) {
      const side = doc[s.role] || {};
      const fac = $(`${s.p}-faction`);
      if (side.faction && this.factionsOf(this.ruleset()).has(side.faction) && !fac.disabled) fac.value = side.faction;
      else if (side.faction) missed.push(`faction ${side.faction}`);
      this.applyFaction(s, {});
      missed.push(...this.writeSide(s.p, side).map((m) => `${s.role} ${m}`));
    }
    for (const key of Object.keys(this.cat.printings)) $(`printing-${key}`).value = doc.printings?.[key] || "";
    for (const [id, key] of systemSwitches) {
      $(id).checked = Boolean(doc.system?.[key]);
    }
    $("commandos").value = doc.system?.commandos || 0;
    missed.push(...this.planets.write(doc.action === "invade" ? doc.system : {}));
    const run = doc.run || {};
    $("run-mode").value = run.exact && !More.exactOnly(doc) ? "exact-only" : run.exact || run.prefer_exact ? "exact" : "trials";
    this.more.writeRun(run);
    if (run.trials) $("trials").value = run.trials;
    if (run.seed !== undefined) $("seed").value = run.seed;
    this.refreshNames();
    return missed;
  }

  // sideOf returns the side (a or d) an element belongs to, or null.
  static sideOf(el) {
    const m = /^([ad])-/.exec(el.id || "");
    return m ? sides.find((s) => s.p === m[1]) : null;
  }
}

// shortTitle names a ruleset in few enough words for a phone's select; its
// title (the option's tooltip) says it in full.
function shortTitle(r) {
  const names = { ti4: "TI4: PoK, Codices, Thunder's Edge", "ti3-sa": "TI3: Shattered Ascension 4.0" };
  return names[r.name] || r.title;
}

function printingTitle(key) {
  const names = { magen: "Magen Defense Grid", x89: "X-89 Bacterial Weapon", "direct-hit": "Direct Hit", harrow: "Harrow (L1Z1X)", matriarch: "Matriarch (Naalu flagship)", iconoclast: "Iconoclast (Naalu mech)", milor: "Brother Milor (Yin agent)", "ti3-flagships": "TI3 flagships" };
  return names[key] || key;
}
