// The compare tab: the battle of the Battle tab run once per value of one
// choice (POST /v1/compare: common random numbers), side by side, with
// the verdict on each difference; errors at the control at fault.

import { $, h } from "./dom.js";
import * as fmt from "./format.js";
import { controlOfPath, showError, words } from "./messages.js";

// varyKeys are the catalog's vary keys (compare --vary) in a player's
// words, each with the values prefilled when it is chosen (from the
// catalogue where it lists them) and whether its values, which hold
// commas, are separated by ";". "none" stands for no value (no technology,
// card or faction).
const varyKeys = {
  magen: ["Magen Defense Grid printing", (c) => [...c.printings.magen].reverse()],
  x89: ["X-89 Bacterial Weapon printing", (c) => [...c.printings.x89].reverse()],
  "direct-hit": ["Direct Hit printing", (c) => c.printings["direct-hit"]],
  harrow: ["Harrow (L1Z1X) printing", (c) => c.printings.harrow],
  matriarch: ["Matriarch (Naalu flagship) printing", (c) => c.printings.matriarch],
  iconoclast: ["Iconoclast (Naalu mech) printing", (c) => c.printings.iconoclast],
  milor: ["Brother Milor (Yin agent) printing", (c) => c.printings.milor],
  "ti3-flagships": ["TI3 flagships printing", (c) => c.printings["ti3-flagships"]],
  ruleset: ["Rules edition", (c) => c.rulesets.map((r) => r.name)],
  attacker: ["Attacker's fleet", () => ["2 dreadnought, 1 carrier, 3 fighter", "3 cruiser, 2 destroyer"], ";"],
  defender: ["Defender's fleet", () => ["3 cruiser, 2 destroyer", "1 dreadnought, 2 destroyer"], ";"],
  "attacker-tech": ["Attacker's technologies", (c) => ["none", c.rulesets[0].techs.find((t) => t.printing === "x89")?.slug || "x89-bacterial-weapon"], ";"],
  "defender-tech": ["Defender's technologies", (c) => ["none", c.rulesets[0].techs.find((t) => t.printing === "magen")?.slug || "magen-defense-grid"], ";"],
  "attacker-faction": ["Attacker's faction", (c) => ["none", ...c.factions.slice(0, 2).map((f) => f.slug)]],
  "defender-faction": ["Defender's faction", (c) => ["none", ...c.factions.slice(0, 2).map((f) => f.slug)]],
  "attacker-card": ["Attacker's cards", () => ["none", "morale-boost"], ";"],
  "defender-card": ["Defender's cards", () => ["none", "shields-holding"], ";"],
  "attacker-order": ["Attacker's hit order", () => ["fighter, destroyer, sustain=last", "destroyer, fighter"], ";"],
  "defender-order": ["Defender's hit order", () => ["fighter, destroyer, sustain=last", "destroyer, fighter"], ";"],
  "attacker-modifier": ["Attacker's combat roll modifier", () => ["0", "1"]],
  "defender-modifier": ["Defender's combat roll modifier", () => ["0", "1"]],
  "defender-adjacent-pds": ["Defender's PDS in adjacent systems", () => ["0", "1", "2"]],
  "attacker-adjacent-pds": ["Attacker's PDS in adjacent systems", () => ["0", "1", "2"]],
  "attacker-pds": ["Attacker's PDS on its own planets here", () => ["0", "1", "2"]],
  nebula: ["Nebula", () => ["false", "true"]],
};

// noneKey matches the keys whose value "none" means no value.
const noneKey = /-(tech|faction|card)$/;

// sepOf is the separator of a key's values in the values box.
const sepOf = (key) => varyKeys[key]?.[2] || ",";

// setup fills the list of choices that can vary (the catalog's vary keys)
// and prefills a key's values when it is chosen.
export function setup(catalog) {
  const sel = $("compare-key");
  for (const k of catalog.vary_keys) sel.append(h("option", { value: k }, varyKeys[k]?.[0] || k));
  const prefill = () => {
    const values = varyKeys[sel.value]?.[1](catalog);
    if (values) $("compare-values").value = values.join(`${sepOf(sel.value)} `);
  };
  sel.addEventListener("change", prefill);
  sel.value = "magen";
  prefill();
}

// document builds the compare document from a combat document; a
// comparison is simulated, so an exact run becomes trials and seed.
export function document(combat, trialsRun) {
  const scenario = { ...combat, run: combat.run?.exact || combat.run?.prefer_exact ? trialsRun : combat.run };
  const key = $("compare-key").value;
  const values = $("compare-values")
    .value.split(sepOf(key))
    .map((v) => v.trim())
    .filter((v) => v !== "")
    .map((v) => (v.toLowerCase() === "none" && noneKey.test(key) ? "" : v));
  return { version: 1, scenario, vary: [{ key, values }] };
}

// load writes a compare document's choice into the form.
export function load(doc) {
  const v = doc.vary?.[0];
  if (!v) return;
  $("compare-key").value = v.key;
  $("compare-values").value = (v.values || []).map((x) => (x === "" && noneKey.test(v.key) ? "none" : x)).join(`${sepOf(v.key)} `);
}

// show draws a comparison's answer.
export function show(res) {
  const rows = res.variants.map((v) =>
    h(
      "tr",
      { "data-variant": v.name },
      h("th", { scope: "row" }, v.name),
      h("td", { class: "attacker_win" }, fmt.pct(v.attacker_win)),
      h("td", { class: "draw" }, fmt.pct(v.draw)),
      h("td", { class: "defender_win" }, fmt.pct(v.defender_win)),
      h("td", { class: "attacker_lost" }, fmt.num(v.attacker.resources_lost)),
      h("td", { class: "defender_lost" }, fmt.num(v.defender.resources_lost)),
    ),
  );
  $("compare-result").tBodies[0].replaceChildren(...rows);
  if (res.trials) $("compare-summary").textContent = `${res.trials.toLocaleString("en-US")} trials each, seed ${res.seed}: the Battle tab's Trials and Seed, the same dice for every variant.`;
  // The variants' warnings, each once, naming the variants it is about.
  const warned = new Map();
  for (const v of res.variants) for (const w of v.warnings || []) warned.set(w, [...(warned.get(w) || []), v.name]);
  $("compare-warnings").replaceChildren(
    ...[...warned].map(([w, names]) => h("li", {}, names.length === res.variants.length ? words(w) : `${names.join(", ")}: ${words(w)}`)),
  );
  $("compare-verdict").replaceChildren(
    ...(res.differences || []).map((d) =>
      h("li", {}, `${d.variant} against ${d.versus}: attacker wins ${d.attacker_win.diff >= 0 ? "+" : ""}${(100 * d.attacker_win.diff).toFixed(2)} points — ${d.verdict}`),
    ),
  );
}

// control finds the control of a compare document's JSON path and
// message: the tab's own (what varies, its values: a variant's fault is
// its value's), else the Battle tab's (the battle compared).
function control(path, msg) {
  if (/^variant /.test(msg) || /^vary\[\d+\]\.values/.test(path)) return $("compare-values");
  if (/^vary\b/.test(path)) return $("compare-key");
  return path ? controlOfPath(path) : null;
}

// error shows a comparison's error, named by the control at fault.
export function error(msg, path = "") {
  showError($("compare-error"), msg, path, msg ? control(path, msg) : null);
}
