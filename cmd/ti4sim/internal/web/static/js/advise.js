// The advise tab: what to build against the Battle tab's defender
// (POST /v1/advise): every fleet within the limits evaluated, the
// recommendation and the Pareto table. The Battle tab's attacker units
// count as already in the system only when the box says so.

import { controlOf } from "./battle.js";
import { $, h, intValue, showError } from "./dom.js";
import * as fmt from "./format.js";

// list splits a comma-separated input into its trimmed, non-empty items.
function list(id) {
  return $(id)
    .value.split(",")
    .map((v) => v.trim())
    .filter((v) => v !== "");
}

// document builds the advise document from the Battle tab's combat
// document: its defender, factions, technologies and system; its
// attacker's units as those already there when asked; the Battle tab's
// seed (every fleet runs the same trials when exact mode cannot answer).
export function document(combat, trialsRun) {
  const scenario = { ...combat, run: { seed: trialsRun.seed } };
  scenario.attacker = { ...combat.attacker, fleet: $("advise-there").checked ? combat.attacker.fleet : [] };
  const limits = { resources: intValue($("advise-resources"), 0) };
  const optional = { production: "advise-production", fleet_pool: "advise-fleet-pool" };
  for (const [k, id] of Object.entries(optional)) {
    if ($(id).value.trim() !== "") limits[k] = intValue($(id), 0);
  }
  if ($("advise-dock").value.trim() !== "") limits.space_dock = intValue($("advise-dock"), 0);
  const supply = {};
  for (const item of list("advise-supply")) {
    const i = item.indexOf("=");
    supply[i > 0 ? item.slice(0, i).trim() : item] = i > 0 ? Number(item.slice(i + 1).trim()) : NaN;
  }
  if (Object.keys(supply).length) limits.supply = supply;
  const build = list("advise-build");
  if (build.length) limits.build = build;
  if ($("advise-war-sun").checked) limits.war_sun = true;
  const doc = { version: 1, scenario, limits };
  const target = $("advise-target").value.trim();
  if (target !== "") doc.target = Number(target) / 100;
  if ($("advise-keep").value.trim() !== "" && intValue($("advise-keep"), 1) !== 1) doc.keep = intValue($("advise-keep"), 1);
  return doc;
}

// load writes an advise document's question into the form.
export function load(doc) {
  const l = doc.limits || {};
  const set = (id, v) => ($(id).value = v === undefined || v === null ? "" : String(v));
  set("advise-resources", l.resources);
  set("advise-production", l.production);
  set("advise-dock", l.space_dock);
  set("advise-fleet-pool", l.fleet_pool);
  set("advise-supply", Object.entries(l.supply || {}).map(([k, v]) => `${k}=${v}`).join(", "));
  set("advise-build", (l.build || []).join(", "));
  $("advise-war-sun").checked = !!l.war_sun;
  set("advise-target", doc.target ? +(100 * doc.target).toFixed(4) : "");
  set("advise-keep", doc.keep || 1);
  $("advise-there").checked = (doc.scenario?.attacker?.fleet || []).length > 0;
}

// plural is "1 thing" or "N things".
function plural(n, thing) {
  return `${n} ${thing}${n === 1 ? "" : "s"}`;
}

// row is one fleet of the answer as a table row.
function row(c) {
  return h(
    "tr",
    { "data-build": c.build || "nothing" },
    h("td", { class: "cost" }, String(c.cost)),
    h("th", { scope: "row", class: "build" }, c.build || "nothing"),
    h("td", { class: "win" }, fmt.pct(c.win)),
    h("td", { class: "lost" }, fmt.num(c.resources_lost)),
    h("td", { class: "keep" }, fmt.pct(c.keep)),
  );
}

// show draws an advice.
export function show(res) {
  $("advise-out").dataset.state = "done";
  const b = res.best;
  const head = res.target > 0 && !res.reached ? `No fleet reaches ${fmt.pct(res.target)}; the likeliest to win:` : "Build:";
  $("advise-best").replaceChildren(
    h("span", { class: "head" }, head + " "),
    h("strong", { id: "advise-build-best" }, b.build || "nothing"),
    ` — ${plural(b.cost, "resource")}, ${plural(b.produced, "unit")}. P(win) `,
    h("strong", { id: "advise-win-best" }, fmt.pct(b.win)),
    `, resources lost ${fmt.num(b.resources_lost)}, P(keeps at least ${plural(res.keep, "unit")}) ${fmt.pct(b.keep)}.`,
  );
  $("advise-keep-col").textContent = `P(keeps ≥ ${res.keep})`;
  $("advise-result").tBodies[0].replaceChildren(...res.pareto.map(row));
  const how = res.exact ? "exactly" : `by ${res.trials.toLocaleString("en-US")} trials each (seed ${res.seed}, common random numbers)`;
  $("advise-summary").textContent = `${res.evaluated} of ${res.buildable} buildable fleets evaluated ${how} in ${Math.round(res.elapsed_ms)} ms.` + (res.not_exact ? ` Not exact: ${res.not_exact.replace(/^exact mode /, "")}` : "") +
    (res.assumed && res.assumed.length ? ` Limits not given, held to the rules' defaults: ${res.assumed.map((a) => `${a.limit} ${a.value} (${a.why})`).join("; ")}.` : "");
}

// limitControls are the advise tab's controls: document path, element id.
// The fight's own paths ("scenario.…") are the battle form's (controlOf).
const limitControls = {
  "limits.resources": "advise-resources", "limits.production": "advise-production", "limits.space_dock": "advise-dock",
  "limits.fleet_pool": "advise-fleet-pool", "limits.supply": "advise-supply", "limits.build": "advise-build",
  "limits.war_sun": "advise-war-sun", target: "advise-target", keep: "advise-keep", "scenario.attacker.fleet": "advise-there",
};

// control finds the control of an advise document's JSON path, or null.
function control(path) {
  const bare = path.replace(/\[\d+\]/g, "").replace(/^limits\.supply\..*/, "limits.supply");
  if (limitControls[bare]) return $(limitControls[bare]);
  return bare.startsWith("scenario.") ? controlOf(bare.slice("scenario.".length)) : null;
}

// error shows an advice's error, named by the control at fault.
export function error(msg, path = "") {
  showError($("advise-error"), msg, path, path ? control(path) : null);
  if (msg) $("advise-out").dataset.state = "error";
}
