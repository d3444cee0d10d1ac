// The advise tab: what to build against the Battle tab's defender
// (POST /v1/advise): every fleet within the limits evaluated, the
// recommendation and the Pareto table. The Battle tab's attacker units
// count as already in the system only when the box says so. The tab
// names the defender it advises against, and says what to do when the
// question is too large (fewer trials, narrower limits).

import { $, h, intValue } from "./dom.js";
import * as fmt from "./format.js";
import { controlOfPath, showError, words } from "./messages.js";

// factionNames are the catalog's faction names by slug (ti3-sa's races
// too), read at the first use.
let factionNames = null;

function factionName(catalog, slug) {
  if (!factionNames) {
    factionNames = new Map();
    for (const f of catalog.factions) factionNames.set(f.slug, f.name);
    for (const r of catalog.rulesets) for (const f of r.factions || []) factionNames.set(f.slug, f.name);
  }
  return factionNames.get(slug);
}

// exactOrTrials offers the trials and seed only when fleets may be
// simulated (Method exact takes neither).
function exactOrTrials() {
  for (const id of ["advise-trials", "advise-seed"]) $(id).disabled = $("advise-method").value === "exact";
}

// The page's modules run once the page is parsed: the Method select is
// there to follow.
$("advise-method").addEventListener("change", exactOrTrials);

// wire makes the offer to fix a question too large (fewer trials) run the
// tab again (run).
export function wire(run) {
  $("advise-fix-go").addEventListener("click", () => {
    $("advise-trials").value = $("advise-fix-go").dataset.trials;
    run();
  });
}

// defenderWords describes a combat document's defender for a player: its
// faction, units, technologies and cards, the combat and the system.
export function defenderWords(combat, catalog) {
  const d = combat.defender || {};
  const fleet = (d.fleet || []).map((e) => `${e.count} ${e.unit}${e.damaged ? ` (${e.damaged} damaged)` : ""}`).join(", ") || "no units";
  const parts = [`${(d.faction && factionName(catalog, d.faction)) || "no faction"}: ${fleet}`];
  if (d.technologies?.length) parts.push(`technologies ${d.technologies.join(", ")}`);
  if (d.cards?.length) parts.push(`cards ${d.cards.map((c) => c.name).join(", ")}`);
  const action = { space: "space combat", invade: "invasion", ground: "ground combat (Advise answers space combat or an invasion: change the Battle tab's Action)" }[combat.action] || combat.action;
  const system = Object.entries(combat.system || {})
    .filter(([, v]) => v && typeof v !== "object")
    .map(([k, v]) => (v === true ? k.replaceAll("_", " ") : `${k.replaceAll("_", " ")} ${v}`));
  const planets = (combat.system?.planets || []).length;
  if (planets) system.push(`${planets} planet${planets === 1 ? "" : "s"}`);
  return `${parts.join("; ")} — ${action}${system.length ? `, system: ${system.join(", ")}` : ""}.`;
}

// showAgainst names the defender the next advice is against.
export function showAgainst(combat, catalog) {
  $("advise-against").replaceChildren(h("strong", {}, "Against the Battle tab's defender: "), defenderWords(combat, catalog));
}

// list splits a comma-separated input into its trimmed, non-empty items.
function list(id) {
  return $(id)
    .value.split(",")
    .map((v) => v.trim())
    .filter((v) => v !== "");
}

// document builds the advise document from the Battle tab's combat
// document: its defender, factions, technologies and system; its
// attacker's units as those already there when asked; the tab's method,
// trials and seed (every fleet exact mode cannot answer runs the same
// trials: common random numbers).
export function document(combat) {
  const run = { seed: intValue($("advise-seed"), 1) };
  if ($("advise-trials").value.trim() !== "") run.trials = intValue($("advise-trials"), 0);
  const scenario = { ...combat, run };
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
  if ($("advise-method").value !== "auto") doc.method = $("advise-method").value;
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
  $("advise-method").value = ["exact", "trials"].includes(doc.method) ? doc.method : "auto";
  exactOrTrials();
  const run = doc.scenario?.run || {};
  $("advise-trials").value = run.trials ?? 20000;
  $("advise-seed").value = run.seed ?? 1;
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

// show draws an advice for the document asked.
export function show(res, asked, catalog) {
  $("advise-asked").textContent = `Advice against ${defenderWords(asked.scenario, catalog)}`;
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
  $("advise-summary").textContent = words(`${res.evaluated} of ${res.buildable} buildable fleets evaluated ${how} in ${Math.round(res.elapsed_ms)} ms.` + (res.not_exact ? ` Not exact: ${res.not_exact.replace(/^exact mode /, "")}` : "") +
    (res.assumed && res.assumed.length ? ` Limits not given, held to the rules' defaults: ${res.assumed.map((a) => `${a.limit} ${a.value} (${a.why})`).join("; ")}.` : ""));
}

// limitControls are the advise tab's controls: document path, element id.
// The fight's own paths ("scenario.…") are the battle form's, but for its
// run (this tab's trials and seed).
const limitControls = {
  "limits.resources": "advise-resources", "limits.production": "advise-production", "limits.space_dock": "advise-dock",
  "limits.fleet_pool": "advise-fleet-pool", "limits.supply": "advise-supply", "limits.build": "advise-build",
  "limits.war_sun": "advise-war-sun", target: "advise-target", keep: "advise-keep", method: "advise-method",
  "scenario.attacker.fleet": "advise-there", "scenario.run.trials": "advise-trials", "scenario.run.seed": "advise-seed",
};

// control finds the control of an advise document's JSON path, or null; a
// question with too many fleets is the limits' (what to build).
function control(path, msg) {
  const bare = path.replace(/\[\d+\]/g, "").replace(/^limits\.supply\..*/, "limits.supply");
  if (limitControls[bare]) return $(limitControls[bare]);
  if (!path && /fleets are buildable/.test(msg)) return $("advise-build");
  return path ? controlOfPath(path) : null;
}

// tooMany reads the advisor's "N fleets × T trials; at most M trials a
// question" error.
const tooMany = /(\d+) fleets × (\d+) trials; at most (\d+) trials/;

// error shows an advice's error, named by the control at fault; a
// question too large for the trials allowed says so in a player's words
// and offers the trials that fit.
export function error(msg, path = "") {
  const m = tooMany.exec(msg || "");
  $("advise-fix").hidden = true;
  if (m) {
    const [fleets, trials, most] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const fit = Math.floor(most / fleets);
    const n = (x) => x.toLocaleString("en-US");
    msg = `too much to simulate: ${n(fleets)} fleets × ${n(trials)} trials each is more than the ${n(most)} trials one question may use here. Lower it to ${n(fit)} or fewer, or narrow the limits (fewer resources, or Build only some kinds).`;
    if (fit >= 100) {
      const round = fit >= 1000 ? Math.floor(fit / 1000) * 1000 : fit;
      $("advise-fix-words").textContent = `Each fleet can have ${n(fit)} trials.`;
      $("advise-fix-go").textContent = `Advise with ${n(round)} trials per fleet`;
      $("advise-fix-go").dataset.trials = String(round);
      $("advise-fix").hidden = false;
    }
  }
  showError($("advise-error"), msg, path, msg ? control(path, msg) : null);
}
