// The compare tab: the battle of the Battle tab run once per value of one
// choice (POST /v1/compare: common random numbers), side by side, with
// the verdict on each difference; errors at the control at fault.

import { $, h } from "./dom.js";
import * as fmt from "./format.js";
import { controlOfPath, showError, words } from "./messages.js";

// setup fills the list of choices that can vary (the catalog's vary keys).
export function setup(catalog) {
  const sel = $("compare-key");
  for (const k of catalog.vary_keys) sel.append(h("option", { value: k }, k));
  sel.value = "magen";
  $("compare-values").value = "original, omega, omega2";
}

// document builds the compare document from a combat document; a
// comparison is simulated, so an exact run becomes trials and seed.
export function document(combat, trialsRun) {
  const scenario = { ...combat, run: combat.run?.exact || combat.run?.prefer_exact ? trialsRun : combat.run };
  const values = $("compare-values")
    .value.split(",")
    .map((v) => v.trim())
    .filter((v) => v !== "");
  return { version: 1, scenario, vary: [{ key: $("compare-key").value, values }] };
}

// load writes a compare document's choice into the form.
export function load(doc) {
  const v = doc.vary?.[0];
  if (!v) return;
  $("compare-key").value = v.key;
  $("compare-values").value = (v.values || []).join(", ");
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
