// The system's planets (an invasion only): up to three planets, most
// valuable first, each with its name, its cultural trait and the
// defender's ground forces and structures on it; how the attacker splits
// its ground forces between them (the commit policy) and which planet its
// bombardment targets. Read into a combat document's system and written
// back from one; with no planet listed, the invaded planet's units are in
// the defender's fleet, as before.

import { $, h, intValue } from "./dom.js";

const maxPlanets = 3;

// commitModes are the commit policy's choices: value, words.
const commitModes = [
  ["", "secure each planet in turn at 90% (the default)"],
  ["secure", "secure each planet in turn, at a chance I give"],
  ["best", "the split with the best chance to take every planet"],
  ["best:count", "the split that takes the most planets on average"],
  ["split", "my own split"],
];

// Planets builds the group into box (before its #more-leaders group, when
// there is one) from the catalog.
export class Planets {
  constructor(catalog, box) {
    this.cat = catalog;
    this.count = 0;
    this.list = h("div", { id: "planet-list" });
    const group = h(
      "details",
      { class: "setting more-group", id: "more-planets", "data-only": "invade" },
      h("summary", { id: "planets-summary" }, "The system's planets"),
      h("p", { class: "help" }, "An invasion of a system with several planets: list them most valuable first, each with the defender's ground forces and structures on it. The defender's fleet above then holds only its ships. With none listed, the defender's fleet holds the one invaded planet's units."),
      this.list,
      h("button", { type: "button", id: "planet-add" }, "Add a planet"),
      h(
        "p",
        { class: "planet-policy" },
        h("label", {}, "Split of the attacker's ground forces ", h("select", { id: "commit-mode" }, ...commitModes.map(([v, t]) => h("option", { value: v }, t)))),
        h("label", { id: "commit-chance-box" }, "Chance to take each planet (%) ", h("input", { type: "number", id: "commit-chance", min: 1, max: 100, step: "any", placeholder: "90", inputMode: "decimal" })),
        h("label", { id: "commit-split-box", class: "grow" }, "Ground forces per planet ", h("input", { type: "text", id: "commit-split", placeholder: "Arinam: 4 infantry; Meer: 3 infantry, 1 mech", spellcheck: false })),
        h("small", { class: "help" }, "Secure: planet by planet, the cheapest force that takes it at that chance, the rest where it helps most. The attacker decides after bombardment, seeing every planet's defenders."),
      ),
      h(
        "p",
        {},
        h("label", {}, "Bombard ", h("select", { id: "bombard" }, h("option", { value: "" }, "the first planet it can bombard"))),
        h("small", { class: "help" }, "Every unit with Bombardment fires at this planet."),
      ),
    );
    const before = box.querySelector("#more-leaders");
    box.insertBefore(group, before);
    group.addEventListener("click", (e) => {
      const b = e.target.closest("button");
      if (!b) return;
      if (b.id === "planet-add") this.add();
      else if (b.dataset.remove !== undefined) this.remove(Number(b.dataset.remove));
      else return;
      group.dispatchEvent(new Event("input", { bubbles: true })); // an edit of the battle
    });
    group.addEventListener("input", (e) => {
      if (/^planet-\d-name$/.test(e.target.id)) this.refreshBombard();
    });
    group.addEventListener("change", () => this.refresh());
  }

  // applyRuleset rebuilds the planets' unit rows for ruleset rs, keeping
  // what they hold.
  applyRuleset(rs) {
    const keep = this.readPlanets();
    this.rs = rs;
    this.writePlanets(keep);
  }

  // kinds are the unit kinds a planet holds under the ruleset, with their
  // names and whether they upgrade or sustain damage.
  kinds() {
    const rs = this.rs || this.cat.rulesets[0];
    return (rs.planet_units || []).map((kind) => {
      const versions = rs.units.filter((u) => u.kind === kind);
      const base = versions.find((u) => !u.upgraded) || versions[0];
      return { kind, name: base ? base.name : kind, up: versions.some((u) => u.upgraded), sustain: versions.some((u) => u.sustain_damage) };
    });
  }

  // planetBox builds planet i's controls.
  planetBox(i) {
    const rows = this.kinds().map(({ kind, name, up, sustain }) => {
      const k = kind.replaceAll("_", "-");
      const id = `planet-${i}-count-${k}`;
      return h(
        "tr",
        { "data-kind": kind },
        h("th", { scope: "row" }, h("label", { for: id }, name)),
        h("td", {}, h("input", { type: "number", id, min: 0, max: 99, value: 0, inputMode: "numeric" })),
        h("td", {}, up ? h("label", { class: "up" }, h("input", { type: "checkbox", id: `planet-${i}-up-${k}` }), h("span", { class: "sr-only" }, ` ${name} upgraded`), " II") : null),
        h("td", {}, sustain ? h("label", { class: "dmg" }, h("span", { class: "sr-only" }, `${name} damaged `), h("input", { type: "number", id: `planet-${i}-dmg-${k}`, min: 0, max: 99, value: 0, inputMode: "numeric" })) : null),
      );
    });
    return h(
      "fieldset",
      { class: "planet", id: `planet-${i}` },
      h("legend", {}, `Planet ${i + 1}${i === 0 ? " (most valuable)" : ""}`),
      h("label", {}, "Name ", h("input", { type: "text", id: `planet-${i}-name`, maxLength: 40, placeholder: ["Arinam", "Meer", "Lodor"][i], spellcheck: false })),
      h("label", {}, h("input", { type: "checkbox", id: `planet-${i}-cultural` }), " Cultural"),
      h(
        "table",
        { class: "units", id: `planet-${i}-units`, "aria-label": `Planet ${i + 1}: the defender's units` },
        h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Defender's unit"), h("th", { scope: "col" }, "Count"), h("th", { scope: "col" }, "II"), h("th", { scope: "col" }, "Dmg."))),
        h("tbody", {}, ...rows),
      ),
      h("button", { type: "button", id: `planet-${i}-remove`, "data-remove": i }, `Remove planet ${i + 1}`),
    );
  }

  add(planet = null) {
    if (this.count >= maxPlanets) return;
    const i = this.count++;
    this.list.append(this.planetBox(i));
    const name = $(`planet-${i}-name`);
    name.value = planet ? planet.name : ["Arinam", "Meer", "Lodor"][i];
    if (planet) this.writeUnits(i, planet);
    this.refresh();
  }

  remove(i) {
    const keep = this.readPlanets();
    keep.splice(i, 1);
    this.writePlanets(keep);
  }

  // refresh shows what the planets' count and the commit mode call for.
  refresh() {
    $("planet-add").disabled = this.count >= maxPlanets;
    $("planet-add").hidden = false;
    const mode = $("commit-mode").value;
    $("commit-chance-box").hidden = mode !== "secure";
    $("commit-split-box").hidden = mode !== "split";
    for (const el of document.querySelectorAll("#more-planets .planet-policy, #bombard")) (el.closest("p") || el).hidden = this.count === 0;
    $("planets-summary").textContent = this.count ? `The system's planets (${this.count})` : "The system's planets";
    this.refreshBombard();
  }

  refreshBombard() {
    const sel = $("bombard");
    const v = sel.value;
    const names = this.names();
    sel.replaceChildren(sel.options[0], ...names.map((n) => h("option", { value: n }, n)));
    sel.value = names.includes(v) ? v : "";
  }

  names() {
    return [...Array(this.count).keys()].map((i) => $(`planet-${i}-name`).value.trim()).filter((n) => n !== "");
  }

  // readPlanets returns the planets the form lists, as a document's.
  readPlanets() {
    const out = [];
    for (let i = 0; i < this.count; i++) {
      const p = { name: $(`planet-${i}-name`).value.trim() };
      if ($(`planet-${i}-cultural`).checked) p.cultural = true;
      p.units = [];
      for (const { kind } of this.kinds()) {
        const k = kind.replaceAll("_", "-");
        const n = intValue($(`planet-${i}-count-${k}`));
        if (n === 0) continue;
        const e = { unit: kind.replaceAll("_", " "), count: n };
        if ($(`planet-${i}-up-${k}`)?.checked) e.upgraded = true;
        const d = $(`planet-${i}-dmg-${k}`);
        if (d && intValue(d) !== 0) e.damaged = intValue(d);
        p.units.push(e);
      }
      out.push(p);
    }
    return out;
  }

  // writePlanets lists planets (a document's); it returns what it could
  // not show.
  writePlanets(planets = []) {
    this.count = 0;
    this.list.replaceChildren();
    this.missed = [];
    for (const p of planets.slice(0, maxPlanets)) this.add(p);
    if (planets.length > maxPlanets) this.missed.push(`planets after the ${maxPlanets}rd`);
    this.refresh();
    return this.missed;
  }

  writeUnits(i, planet) {
    $(`planet-${i}-cultural`).checked = Boolean(planet.cultural);
    for (const e of planet.units || []) {
      const words = String(e.unit).trim().toLowerCase().split(/\s+/);
      let upgraded = Boolean(e.upgraded);
      if (words.length > 1 && words.at(-1) === "ii") {
        words.pop();
        upgraded = true;
      }
      const kind = (this.rs || this.cat.rulesets[0]).unit_names[words.join(" ")];
      const k = (kind || "").replaceAll("_", "-");
      const c = $(`planet-${i}-count-${k}`);
      if (!kind || !c) {
        this.missed.push(`planet ${planet.name}: ${e.unit}`);
        continue;
      }
      c.value = intValue(c) + e.count;
      if (upgraded) {
        const up = $(`planet-${i}-up-${k}`);
        if (up) up.checked = true;
        else this.missed.push(`planet ${planet.name}: upgraded ${e.unit}`);
      }
      if (e.damaged) {
        const d = $(`planet-${i}-dmg-${k}`);
        if (d) d.value = intValue(d) + e.damaged;
        else this.missed.push(`planet ${planet.name}: damaged ${e.unit}`);
      }
    }
  }

  // read returns the system's planets, commit policy and bombard target
  // as a document's system keys (none without a planet).
  read() {
    if (this.count === 0 || $("more-planets").hidden) return {};
    const out = { planets: this.readPlanets() };
    const mode = $("commit-mode").value;
    const chance = $("commit-chance").value.trim();
    if (mode === "secure") out.commit = chance === "" ? "secure" : `secure:${Number((Number(chance) / 100).toPrecision(12))}`;
    else if (mode === "split") out.commit = $("commit-split").value.trim();
    else if (mode) out.commit = mode;
    if (out.commit === "") delete out.commit;
    if ($("bombard").value) out.bombard = $("bombard").value;
    return out;
  }

  // write sets the planets, the commit policy and the bombard target from
  // a document's system; it returns what it could not show.
  write(system = {}) {
    const missed = this.writePlanets(system.planets || []);
    const commit = (system.commit || "").trim();
    const m = /^secure(?::\s*([\d.]+))?$/i.exec(commit);
    $("commit-chance").value = m && m[1] ? Number((Number(m[1]) * 100).toPrecision(12)) : "";
    $("commit-split").value = "";
    if (commit === "") $("commit-mode").value = "";
    else if (m) $("commit-mode").value = "secure";
    else if (/^best(:all)?$/i.test(commit)) $("commit-mode").value = "best";
    else if (/^best:count$/i.test(commit)) $("commit-mode").value = "best:count";
    else {
      $("commit-mode").value = "split";
      $("commit-split").value = commit;
    }
    this.refresh();
    const b = (system.bombard || "").trim();
    $("bombard").value = this.names().includes(b) ? b : "";
    if (b && $("bombard").value !== b) missed.push(`bombard ${b}`);
    return missed;
  }

  // controlOf finds the control of a system path of the planets, the
  // commit policy or the bombard target, or null.
  controlOf(path) {
    if (path.startsWith("system.commit")) return $("commit-mode").value === "split" ? $("commit-split") : $("commit-mode");
    if (path.startsWith("system.bombard")) return $("bombard");
    const m = /^system\.planets(?:\[(\d+)\](?:\.(\w+))?)?/.exec(path);
    if (!m) return null;
    if (m[1] === undefined) return $("planet-0-name") || $("planet-add");
    const i = Number(m[1]);
    if (m[2] === "name") return $(`planet-${i}-name`);
    if (m[2] === "cultural") return $(`planet-${i}-cultural`);
    return $(`planet-${i}-units`) || $("planet-add");
  }
}
