// The Luck tab: how unlucky was that? (POST /v1/luck, docs/unlucky.md).
// Three questions a player asks after the dice: where the Battle tab's
// battle ended for each side (the units each side had left), where one
// roll's hits fall (its dice and hits), and what the AsyncTI4 bot's totals
// of a player allow (expected hits ×10 and actual hits: bounds only). Each
// figure says which tail it is: the unlucky one (this or worse) or the
// lucky one (this or better).

import { $, h, intValue } from "./dom.js";
import * as fmt from "./format.js";
import { controlOfPath, showError, words } from "./messages.js";
import { loadChartJS } from "./chartjs.js";

const titles = { a: "Attacker", d: "Defender" };
const roles = { a: "attacker", d: "defender" };

// rows are the units-left table's rows of each side: the fleet entries of
// the Battle tab's battle (unit, upgraded), each with its field's id; for
// an invasion, the units in the space area (the attacker's ships and
// ground forces, the defender's ships).
const rows = { a: [], d: [] };
// planetRows are an invasion's planets, one per planet of the Battle
// tab's battle: its name in the document ("" for the one planet whose
// units are in the defender's fleet), its label, and the rows of each
// side's ground forces left on it.
let planetRows = [];
// sent are the rows of the last document sent, by side, in the order of
// its attacker_left and defender_left (an error's path names an entry);
// sentPlanets the planets sent, in the order of its planets.
let sent = { a: [], d: [] };
let sentPlanets = [];
let chart = null;
let lastRoll = null;
// catalog is the engine's catalogue: which units are ground forces.
let catalog = null;

// setup wires the tab: the question's parts, the dice table (the example
// of docs/unlucky.md to start with) and the steppers of the units left.
// An edit made by a button (a step, a dice row removed) is announced as
// the form's input, so the answer shown is marked outdated.
export function setup(cat) {
  catalog = cat;
  $("luck-mode").addEventListener("change", showMode);
  $("luck-dice-add").addEventListener("click", () => {
    addDice({ n: 1, hits_on: 6 });
    $("luck-dice").tBodies[0].lastElementChild.querySelector("input").focus();
    edited();
  });
  $("luck").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-step]");
    if (!b) return;
    const input = $(b.dataset.for);
    const v = Math.min(Number(input.max), Math.max(0, intValue(input) + Number(b.dataset.step)));
    if (String(v) === input.value) return;
    input.value = v;
    edited();
  });
  setDice([
    { n: 3, hits_on: 6 },
    { n: 2, hits_on: 9 },
  ]);
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
    if (!chart) return;
    chart.destroy();
    chart = null;
    if (lastRoll) drawChart(lastRoll);
  });
  showMode();
}

function edited() {
  $("luck").dispatchEvent(new Event("input", { bubbles: true }));
}

// showMode shows the part of the form the question chosen asks.
function showMode() {
  const mode = $("luck-mode").value;
  for (const m of ["result", "roll", "totals"]) $(`luck-${m}-box`).hidden = m !== mode;
}

// followBattle writes the Battle tab's battle (doc, its combat document)
// into the units-left table: a row per unit kind each side has, its count
// the most it may have left; for an invasion, the units in space and, for
// each planet, each side's ground forces on it. Counts typed before stay
// where the unit does.
export function followBattle(doc) {
  $("luck-battle").textContent = battleNote(doc);
  const invade = doc.action === "invade";
  const next = { a: rowsOf("a", spaceFleet(doc, "a"), "luck-a-left"), d: rowsOf("d", spaceFleet(doc, "d"), "luck-d-left") };
  const planets = invade ? planetsOf(doc).map((pl, k) => ({ k, name: pl.name, label: pl.label, a: rowsOf("a", pl.a, `luck-p${k}-a-left`), d: rowsOf("d", pl.d, `luck-p${k}-d-left`) })) : [];
  // The rows are rebuilt when a row, a planet or the kind of battle (the
  // planets' part shown or not) changes.
  const sig = (x, ps) => [x.a, x.d, ...ps.flatMap((pl) => [[{ id: pl.label }], pl.a, pl.d])].map((l) => l.map((r) => `${r.id}=${r.name}`).join(",")).join("|");
  const same = sig(next, planets) === sig(rows, planetRows) && $("luck-planets-left").hidden === !invade;
  rows.a = next.a;
  rows.d = next.d;
  planetRows = planets;
  if (same) {
    for (const r of [...rows.a, ...rows.d, ...planets.flatMap((pl) => [...pl.a, ...pl.d])]) $(r.id).max = r.max;
    return;
  }
  const kept = new Map([...$("luck-result-box").querySelectorAll("input")].map((i) => [i.id, i.value]));
  for (const p of ["a", "d"]) $(`luck-${p}-left`).replaceChildren(h("h3", { class: "luck-side-title" }, invade ? `${titles[p]} · in space` : titles[p]), ...sideRows(p, rows[p], kept, invade ? " in space" : ""));
  $("luck-planets-left").hidden = !invade;
  $("luck-planets-left").replaceChildren(...planets.map((pl) => planetBox(pl, kept)));
}

// planetBox is one planet's part of the form: each side's ground forces
// left on it.
function planetBox(pl, kept) {
  const side = (p) =>
    h("div", { id: `luck-p${pl.k}-${p}-left`, class: `luck-side ${p}`, role: "group", "aria-label": `${titles[p]}'s ground forces left on ${pl.label}` }, h("h4", { class: "luck-side-title" }, titles[p]), ...sideRows(p, pl[p], kept, ` on ${pl.label}`));
  return h("div", { class: "luck-planet", id: `luck-p${pl.k}`, role: "group", "aria-label": `Ground forces left on ${pl.label}` }, h("h3", { class: "luck-planet-title" }, `On ${pl.label}`), h("div", { class: "luck-left" }, side("a"), side("d")));
}

function sideRows(p, list, kept, where) {
  return list.length ? list.map((r) => leftRow(p, r, kept.get(r.id), where)) : [h("p", { class: "note" }, where.startsWith(" on") ? "No ground forces." : "No units.")];
}

// rowsOf are side p's rows of fleet entries, their ids under prefix.
function rowsOf(p, fleet, prefix) {
  return fleet.map((e) => ({ unit: e.unit, upgraded: Boolean(e.upgraded), max: e.count, name: unitName(p, e), id: `${prefix}-${dash(e.unit)}${e.upgraded ? "-ii" : ""}` }));
}

// spaceFleet are side p's entries asked in the space area: a combat's
// units, structures aside; an invasion's attacker's ships and ground
// forces (those not landed stay in space), the defender's ships.
function spaceFleet(doc, p) {
  const fleet = (doc[roles[p]]?.fleet || []).filter((e) => !structure(e.unit));
  return doc.action === "invade" && p === "d" ? fleet.filter((e) => !groundForce(doc, e.unit)) : fleet;
}

// planetsOf are an invasion's planets as the Battle tab lists them (its
// system's planets, each with the defender's units on it), else its one
// planet, whose units are the defender's ground forces: each planet's
// name, label, and the ground forces of each side that may be left on it.
function planetsOf(doc) {
  const ground = (list) => (list || []).filter((e) => groundForce(doc, e.unit));
  const a = ground(doc.attacker?.fleet);
  const listed = doc.system?.planets || [];
  if (!listed.length) return [{ name: "", label: "the planet", a, d: ground(doc.defender?.fleet) }];
  return listed.map((pl, k) => ({ name: pl.name, label: String(pl.name || "").trim() || `planet ${k + 1}`, a, d: ground(pl.units) }));
}

// battleNote describes the Battle tab's battle in words.
function battleNote(doc) {
  const text = (p, list) => (list || []).map((e) => `${e.count} ${unitName(p, e)}`).join(", ") || "no units";
  const listed = doc.system?.planets || [];
  const all = [...(doc.attacker?.fleet || []), ...(doc.defender?.fleet || []), ...listed.flatMap((pl) => pl.units || [])];
  const structures = all.some((e) => structure(e.unit)) ? " PDS and space docks are not asked: luck does not rank them." : "";
  const vs = `the attacker's ${text("a", doc.attacker?.fleet)} against the defender's ${text("d", doc.defender?.fleet)}`;
  if (doc.action !== "invade") {
    const action = { space: "Space combat", ground: "Ground combat" }[doc.action] || doc.action;
    return `${action}: ${vs}, as set on the Battle tab.${structures}`;
  }
  const on = listed.length ? `, on its planets ${listed.map((pl) => `${pl.name} (${text("d", pl.units)})`).join(", ")}` : "";
  return `Invasion: ${vs}${on}, as set on the Battle tab. Give the units left in space, then each side's ground forces left on each planet: the attacker holds a planet where its ground forces are left.${structures}`;
}

// structure is true for the units luck does not rank (PDS and space
// docks: units.Kind.Structure; they are kept at no value and not compared).
function structure(unit) {
  return ["pds", "space dock"].includes(String(unit).trim().toLowerCase().replace(/_/g, " "));
}

// groundForce is true for a unit the catalogue's ruleset of doc puts on
// a planet that is not a structure (infantry, mechs; ti3-sa's ground
// forces and shock troops).
function groundForce(doc, unit) {
  const rs = catalog?.rulesets.find((r) => r.name === doc.ruleset) || catalog?.rulesets[0];
  const name = String(unit).trim().toLowerCase().replace(/\s+/g, " ");
  const kind = rs?.unit_names[name] || rs?.unit_names[name.replace(/ ii$/, "")] || name.replace(/ ii$/, "").replace(/ /g, "_");
  return (rs?.planet_units || ["infantry", "mech"]).includes(kind) && !structure(kind);
}

// unitName is side p's fleet entry's unit as the Battle tab names it for
// the side (Sol's Advanced Carrier I), else in the document's words.
function unitName(p, e) {
  const name = $(`${p}-name-${dash(e.unit)}`)?.textContent.trim();
  return name || e.unit + (e.upgraded ? " II" : "");
}

function dash(s) {
  return String(s).trim().toLowerCase().replace(/\s+/g, "-");
}

// leftRow is a unit's row: its name and how many of its start, − count +;
// where says where the units are left (an invasion's " in space", " on
// Arinam").
function leftRow(p, r, value = "0", where = "") {
  const who = titles[p].toLowerCase();
  return h(
    "div",
    { class: "luck-unit" },
    h("span", { class: "luck-unit-name", id: `${r.id}-name` }, r.name, h("small", {}, ` of ${r.max}`)),
    h(
      "span",
      { class: "stepper" },
      h("button", { type: "button", class: "dec", "data-step": "-1", "data-for": r.id, "aria-label": `one ${r.name} fewer left for the ${who}${where}` }, "−"),
      h("input", { type: "number", id: r.id, min: 0, max: r.max, value, inputMode: "numeric", "aria-label": `${titles[p]} · ${r.name} left${where}` }),
      h("button", { type: "button", class: "inc", "data-step": "1", "data-for": r.id, "aria-label": `one ${r.name} more left for the ${who}${where}` }, "+"),
    ),
  );
}

// diceMade counts the dice rows made: each row's fields have ids of their
// own (an error marks its field, and unmarks it by its id).
let diceMade = 0;

function setDice(list) {
  $("luck-dice").tBodies[0].replaceChildren();
  for (const d of list) addDice(d);
}

function addDice(d) {
  const body = $("luck-dice").tBodies[0];
  const n = body.rows.length + 1;
  const id = `luck-dice-${++diceMade}`;
  const row = h(
    "tr",
    {},
    h("td", {}, h("input", { type: "number", id: `${id}-n`, class: "d-n", min: 1, max: 1000, value: d.n, inputMode: "numeric", "aria-label": `Dice group ${n} · dice` })),
    h("td", {}, h("input", { type: "number", id: `${id}-on`, class: "d-on", min: 1, max: 11, value: d.hits_on, inputMode: "numeric", "aria-label": `Dice group ${n} · hit on` })),
    h("td", {}, h("label", { class: "d-reroll-box" }, h("input", { type: "checkbox", id: `${id}-reroll`, class: "d-reroll", checked: Boolean(d.reroll) }), h("span", { class: "sr-only" }, `Dice group ${n} · reroll misses`))),
    h("td", {}, h("button", { type: "button", class: "d-remove", "aria-label": `remove dice group ${n}` }, "×")),
  );
  row.querySelector(".d-remove").addEventListener("click", () => {
    row.remove();
    edited();
  });
  body.append(row);
}

// document builds the luck document of the question chosen; combat is the
// Battle tab's document (the battle whose end is ranked).
export function document(combat) {
  const mode = $("luck-mode").value;
  if (mode === "roll") {
    const dice = [...$("luck-dice").tBodies[0].rows].map((r) => {
      const d = { n: intValue(r.querySelector(".d-n")), hits_on: intValue(r.querySelector(".d-on")) };
      if (r.querySelector(".d-reroll").checked) d.reroll = true;
      return d;
    });
    return { version: 1, roll: { dice, hits: intValue($("luck-hits")) } };
  }
  if (mode === "totals") return { version: 1, totals: { expected_hits_x10: intValue($("luck-expected")), actual_hits: intValue($("luck-actual")) } };
  followBattle(combat);
  const nonzero = (list) => list.filter((r) => intValue($(r.id)) !== 0);
  const entries = (list) => list.map((r) => (r.upgraded ? { unit: r.unit, count: intValue($(r.id)), upgraded: true } : { unit: r.unit, count: intValue($(r.id)) }));
  sent = { a: nonzero(rows.a), d: nonzero(rows.d) };
  const result = { scenario: combat, attacker_left: entries(sent.a), defender_left: entries(sent.d) };
  sentPlanets = planetRows.map((pl) => ({ pl, a: nonzero(pl.a), d: nonzero(pl.d) })).filter((x) => x.a.length || x.d.length);
  if (sentPlanets.length) {
    result.planets = sentPlanets.map((x) => {
      const out = x.pl.name ? { name: x.pl.name } : {};
      if (x.a.length) out.attacker_left = entries(x.a);
      if (x.d.length) out.defender_left = entries(x.d);
      return out;
    });
  }
  return { version: 1, result };
}

// load writes a luck document into the tab; a result's battle is loaded
// on the Battle tab first, combat its document as the Battle tab reads it
// back (the units-left rows are that document's, as a run's are).
export function load(doc, combat) {
  const mode = doc.roll ? "roll" : doc.totals ? "totals" : "result";
  $("luck-mode").value = mode;
  showMode();
  if (doc.roll) {
    setDice(doc.roll.dice || []);
    $("luck-hits").value = doc.roll.hits ?? 0;
  } else if (doc.totals) {
    $("luck-expected").value = doc.totals.expected_hits_x10 ?? 0;
    $("luck-actual").value = doc.totals.actual_hits ?? 0;
  } else if (doc.result) {
    followBattle(combat);
    for (const p of ["a", "d"]) setLeft(rows[p], doc.result[`${roles[p]}_left`]);
    for (const pl of planetRows) for (const p of ["a", "d"]) setLeft(pl[p], []);
    for (const lp of doc.result.planets || []) {
      const name = String(lp.name || "").trim().toLowerCase();
      const pl = planetRows.find((x) => x.name.trim().toLowerCase() === name);
      if (pl) for (const p of ["a", "d"]) setLeft(pl[p], lp[`${roles[p]}_left`]);
    }
  }
}

// setLeft writes a document's units left (list) into their rows, the
// others at 0.
function setLeft(rowList, list) {
  const base = (unit) => dash(unit).replace(/-ii$/, "");
  for (const r of rowList) $(r.id).value = 0;
  for (const e of list || []) {
    const r = rowList.find((x) => base(x.unit) === base(e.unit) && x.upgraded === Boolean(e.upgraded || /\sii$/i.test(e.unit))) || rowList.find((x) => base(x.unit) === base(e.unit));
    if (r) $(r.id).value = e.count;
  }
}

// oneIn writes 1/p's N as the command line does: "1 in 12.8", "never".
function oneIn(n) {
  if (!n || !Number.isFinite(n)) return "never";
  return `1 in ${n < 100 ? n.toFixed(1) : n.toFixed(0)}`;
}

// show draws a luck answer.
export function show(res) {
  lastRoll = null;
  for (const m of ["result", "roll", "totals"]) $(`luck-${m}-answer`).hidden = !res[m];
  if (res.result) showResult(res.result);
  else if (res.roll) showRoll(res.roll);
  else if (res.totals) showTotals(res.totals);
  $("luck-warnings").replaceChildren(...(res.warnings || []).map((w) => h("li", {}, words(w))));
}

// resultFigures are a side's rows of a battle's answer: words, then the
// figure as shown; an invasion's add the planets each side holds, its
// units left being those in space.
const resultFigures = [
  ["outcome", "Outcome", (s) => s.outcome],
  ["planets_held", "Planets held at the end", (s) => String(s.planets_held ?? 0)],
  ["left", "Left", (s) => s.left || "none"],
  ["this_or_worse", "This or worse (the unlucky tail)", (s, r) => fmt.pct(s.this_or_worse) + (r.exact ? "" : ` ± ${fmt.pct(s.se)}`)],
  ["one_in", "1 in N (this or worse)", (s) => oneIn(s.one_in)],
  ["percentile", "Percentile: P(worse) + ½P(as good)", (s) => fmt.pct(s.percentile)],
  ["this_or_better", "This or better (the lucky tail)", (s) => fmt.pct(s.this_or_better)],
  ["resources_lost", "Resources lost (expected)", (s) => `${s.resources_lost} (${fmt.num(s.expected_resources_lost)})`],
  ["resources_lost_this_or_more", "Lost this much or more (the unlucky tail)", (s) => fmt.pct(s.resources_lost_this_or_more)],
];

// planetName is an answer's planet as the form names it.
function planetName(name) {
  return name === "the planet" ? "The planet" : name;
}

function showResult(r) {
  const invade = Boolean(r.planets);
  const states = `${r.end_states} ${r.end_states === 1 ? "end state" : "end states"}`;
  const how = r.exact ? `exact, ${states}` : `${r.trials.toLocaleString("en-US")} trials, seed ${r.seed}, ${states} seen (± standard error)`;
  $("luck-headline").textContent = `Luck of ${invade ? "an invasion's end" : `a ${r.action} combat's end`}: ${how}. This exact end (${invade ? "units by type, in space and on each planet" : "units by type"}): ${fmt.pct(r.observed_p)}.`;
  const figures = invade ? resultFigures.map(([key, label, f]) => [key, key === "left" ? "Left in space" : label, f]) : resultFigures.filter(([key]) => key !== "planets_held");
  $("luck-result").tBodies[0].replaceChildren(
    ...figures.map(([key, label, f]) =>
      h("tr", { "data-figure": key }, h("th", { scope: "row" }, label), h("td", { "data-side": "attacker" }, f(r.attacker, r)), h("td", { "data-side": "defender" }, f(r.defender, r))),
    ),
  );
  $("luck-planets").hidden = !invade;
  $("luck-planets").tBodies[0].replaceChildren(
    ...(r.planets || []).map((pl) =>
      h(
        "tr",
        { "data-planet": pl.name },
        h("th", { scope: "row" }, planetName(pl.name)),
        h("td", { "data-col": "attacker_left" }, pl.attacker_left || "none"),
        h("td", { "data-col": "defender_left" }, pl.defender_left || "none"),
        h("td", { "data-col": "held_by" }, pl.taken ? "attacker" : "defender"),
      ),
    ),
  );
  const place = (name, s) =>
    s.this_or_worse <= s.this_or_better
      ? `The ${name}'s end is among its worst ${fmt.pct(s.this_or_worse)}: this or worse happens ${oneIn(s.one_in).replace("1 in", "1 time in")}.`
      : `The ${name}'s end is among its best ${fmt.pct(s.this_or_better)}: this or better.`;
  $("luck-result-sides").textContent = `${place("attacker", r.attacker)} ${place("defender", r.defender)}`;
  $("luck-result-ranking").textContent = `Ranking: ${r.worse}.`;
}

function showRoll(r) {
  lastRoll = r;
  $("luck-headline").textContent = `Luck of a roll: ${r.hits} hits of ${r.dice} dice, ${fmt.num(r.expected_hits)} expected (exact).`;
  const row = (key, label, p, n) => h("tr", { "data-figure": key }, h("th", { scope: "row" }, label), h("td", {}, fmt.pct(p)), h("td", {}, n));
  $("luck-roll").tBodies[0].replaceChildren(
    row("at_most", `This few or fewer: P(hits ≤ ${r.hits}), the unlucky tail`, r.at_most, oneIn(1 / r.at_most)),
    row("at_least", `This many or more: P(hits ≥ ${r.hits}), the lucky tail`, r.at_least, oneIn(1 / r.at_least)),
    row("percentile", "Percentile: P(fewer) + ½P(as many)", r.percentile, ""),
  );
  let below = 0;
  const cells = r.pmf.map((p, k) => {
    const atMost = below + p;
    const atLeast = 1 - below;
    below = atMost;
    return h("tr", { "data-hits": k, class: k === r.hits ? "observed" : "" }, h("th", { scope: "row" }, k === r.hits ? `${k} (this roll)` : String(k)), h("td", {}, fmt.pct(p)), h("td", {}, fmt.pct(Math.min(1, atMost))), h("td", {}, fmt.pct(Math.max(0, atLeast))));
  });
  $("luck-pmf").tBodies[0].replaceChildren(...cells);
  let mode = 0;
  r.pmf.forEach((p, k) => p > r.pmf[mode] && (mode = k));
  $("luck-chart-text").textContent = `Most likely: ${mode} hits (${fmt.pct(r.pmf[mode])}); this roll's ${r.hits} hits: ${fmt.pct(r.pmf[r.hits])}. The table below gives every number of hits.`;
  drawChart(r);
}

// colour reads a colour of the page's scheme (style.css).
function colour(name) {
  return getComputedStyle(window.document.documentElement).getPropertyValue(`--${name}`).trim();
}

// drawChart draws the roll's distribution once Chart.js has come (the
// table holds the same figures meanwhile, or if it never comes).
function drawChart(r) {
  if (typeof Chart === "undefined") return void loadChartJS().then(() => lastRoll === r && drawChart(r), () => {});
  const data = {
    labels: r.pmf.map((_, k) => String(k)),
    datasets: [{ label: "chance", data: r.pmf.map((p) => 100 * p), backgroundColor: r.pmf.map((_, k) => (k === r.hits ? colour("accent") : colour("defender"))) }],
  };
  if (chart) {
    chart.data = data;
    chart.update();
    return;
  }
  chart = new Chart($("luck-chart"), {
    type: "bar",
    data,
    options: {
      animation: false,
      responsive: true,
      maintainAspectRatio: false,
      plugins: { legend: { display: false }, tooltip: { callbacks: { label: (c) => `${c.parsed.y.toFixed(2)}%` } } },
      scales: { y: { beginAtZero: true, title: { display: true, text: "%" } }, x: { title: { display: true, text: "hits" } } },
    },
  });
}

function showTotals(r) {
  const tail = r.tail === "at least" ? `P(hits ≥ ${r.actual_hits})` : `P(hits ≤ ${r.actual_hits})`;
  $("luck-headline").textContent = `Luck from the bot's totals: ${r.actual_hits} hits, ${r.expected_hits.toFixed(1)} expected; ${tail} is bounded, not known.`;
  const row = (key, label, p, n) => h("tr", { "data-figure": key }, h("th", { scope: "row" }, label), h("td", {}, p), h("td", {}, n));
  const worst = r.worst_attained ? `Largest possible (${r.worst_dice})` : "Largest possible (within one hit of the expectation: the Chernoff bound)";
  $("luck-totals").tBodies[0].replaceChildren(
    row("largest", worst, fmt.pct(r.at_most_this_common), oneIn(r.one_in_at_least)),
    row("chernoff", "Chernoff (any dice)", fmt.pct(r.chernoff_bound), oneIn(1 / r.chernoff_bound)),
    r.zero_possible ? row("smallest", "Smallest possible (dice that always hit)", fmt.pct(0), "never") : row("smallest", "Smallest possible", "not bounded here", ""),
  );
  const what = r.tail === "at least" ? "this good or better" : "this bad or worse";
  $("luck-totals-verdict").textContent = `Whatever the dice were, ${tail} ≤ ${fmt.pct(r.at_most_this_common)}: ${what} happens at most ${oneIn(r.one_in_at_least).replace("1 in", "1 time in")} (it may be rarer; the totals cannot say how rare).`;
  $("luck-totals-why").textContent = `Why bounds: ${r.why}.`;
}

// control finds the control of a luck document's JSON path and message:
// the tab's own (a dice group's field, the hits, the totals, a unit left),
// else the Battle tab's (the battle ranked).
function control(path, msg) {
  const dice = /^roll\.dice\[(\d+)\]\.(n|hits_on)/.exec(path) || (path === "roll" && /^dice (\d+): (\d+ dice|hits on)/.exec(msg));
  if (dice) {
    const row = $("luck-dice").tBodies[0].rows[Number(dice[1]) - (path === "roll" ? 1 : 0)];
    if (row) return row.querySelector(/hits[_ ]on/.test(dice[2]) ? ".d-on" : ".d-n");
  }
  if (/^roll\.hits/.test(path) || (path === "roll" && /hits out of range/.test(msg))) return $("luck-hits");
  if (/^roll/.test(path)) return $("luck-dice-add");
  if (/^totals\.expected/.test(path)) return $("luck-expected");
  if (/^totals/.test(path)) return $("luck-actual");
  const planet = /^result\.planets\[(\d+)\](?:\.(attacker|defender)_left(?:\[(\d+)\])?)?/.exec(path);
  if (planet) {
    const x = sentPlanets[Number(planet[1])];
    if (!x) return $("luck-planets-left");
    if (!planet[2]) return $(`luck-p${x.pl.k}`); // the planet as a whole (its name)
    const p = planet[2][0];
    return rowOf(x[p], x.pl[p], planet[3], msg) || $(`luck-p${x.pl.k}-${p}-left`);
  }
  if (/^result\.planets/.test(path)) return $("luck-planets-left");
  const left = /^result\.(attacker|defender)_left(?:\[(\d+)\])?/.exec(path);
  if (left) {
    const p = left[1][0];
    return rowOf(sent[p], rows[p], left[2], msg) || $(`luck-${p}-left`);
  }
  if (/^result\.scenario/.test(path)) return controlOfPath(path.replace(/^result\./, ""));
  return null;
}

// rowOf is the field of a units-left entry: the one sent at index i,
// else the unit the message names (among those sent, then every row of
// the place), else the first sent.
function rowOf(sentRows, allRows, i, msg) {
  const named = (list) => list.find((r) => new RegExp(`\\b${r.unit}\\b`).test(msg));
  const r = i !== undefined ? sentRows[Number(i)] : named(sentRows) || named(allRows) || sentRows[0];
  return r ? $(r.id) : null;
}

// error shows a luck error, named by the control at fault.
export function error(msg, path = "") {
  // The battle's own paths are the Battle tab's (scenario.…); the battle
  // as a whole is named by the message alone.
  const shown = /^result(\.scenario)?$/.test(path) ? "" : path.replace(/^result\.scenario\./, "scenario.");
  showError($("luck-error"), msg, shown, msg ? control(path, msg) : null);
}
