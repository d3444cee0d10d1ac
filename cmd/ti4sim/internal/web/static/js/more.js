// More inputs: the battle's less common inputs, in groups after the fleets
// — how each side chooses its casualties, a modifier to every roll, the
// players' choices where a text leaves one, the TI3 leaders' options, and
// when to stop (rounds, precision) — each side's side by side, with a line
// of help; read into a combat document and written back from one. The
// system's planets are planets.js's.

import { $, h, intValue } from "./dom.js";

const sides = [
  { p: "a", role: "attacker", title: "Attacker" },
  { p: "d", role: "defender", title: "Defender" },
];

// sideKeys are the side inputs this module holds: document key, element
// id suffix (a choice's and a leader option's id add the text's slug).
export const sideKeys = [
  ["policy", "policy"],
  ["fleet.damaged_twice", "damaged-twice"],
  ["all_rolls_modifier", "all-rolls-modifier"],
  ["choices", "choices"],
];

// runKeys are the run's inputs this module holds: document path, element id.
export const runKeys = [
  ["run.rounds", "rounds"],
  ["run.precision", "precision"],
];

// group is a "More" group: a details element with a summary, a table of
// rows (one control a side, or one for the battle) and its help.
function group(id, title, help, rows, attrs = {}) {
  return h(
    "details",
    { class: "setting more-group", id, ...attrs },
    h("summary", {}, title),
    h("p", { class: "help" }, help),
    h("table", { class: "more-table" }, h("tbody", {}, ...rows)),
  );
}

// sideRow is a row with one control a side: make(side) builds it, with
// the side's title in its accessible name.
function sideRow(label, help, make, attrs = {}) {
  return h(
    "tr",
    attrs,
    h("th", { scope: "row" }, label, help ? h("small", { class: "help" }, help) : null),
    ...sides.map((s) => h("td", {}, h("label", {}, h("span", { class: "side-tag" }, s.title), make(s)))),
  );
}

// battleRow is a row with one control for the battle.
function battleRow(label, help, control) {
  control.setAttribute("aria-label", label);
  return h("tr", {}, h("th", { scope: "row" }, h("label", { for: control.id }, label), help ? h("small", { class: "help" }, help) : null), h("td", { colspan: 2 }, control));
}

function select(id, aria, options) {
  return h("select", { id, "aria-label": aria }, ...options.map(([v, text]) => h("option", { value: v }, text)));
}

// More builds the groups into box from the catalog.
export class More {
  constructor(catalog, box) {
    this.cat = catalog;
    this.choices = catalog.choice_texts || [];
    box.append(
      group("more-casualties", "Casualties and modifiers", "How each side picks the units it loses, and a modifier to every die its units roll.", [
        sideRow("Choosing casualties", "Optimal: the side picks its losses each round to win most often (solved exactly; the hit order above is then ignored in combat rounds).", (s) =>
          select(`${s.p}-policy`, `${s.title} · Choosing casualties`, [
            ["", "follow the hit order"],
            ["optimal", "optimal (exact)"],
          ]),
        ),
        sideRow("Modifier to every roll", "Combat rounds (on top of the combat roll modifier), anti-fighter barrage, space cannon, bombardment.", (s) =>
          h("input", { type: "number", id: `${s.p}-all-rolls-modifier`, min: -9, max: 9, value: 0, inputMode: "numeric", "aria-label": `${s.title} · Modifier to every roll` }),
        ),
      ]),
      group(
        "more-choices",
        "Players' choices",
        "Where a text leaves the timing or the use to its player; the default is how the engine plays it.",
        this.choices.map((c) => sideRow(`${c.name} (${c.of})`, null, (s) => this.choiceSelect(s, c), { "data-choice": c.slug })),
      ),
      group("more-leaders", "TI3: leaders' options and war suns", "Where the leaders ticked among each side's cards stand or play, and the war suns that come into the battle having sustained damage twice.", [
        ...this.leaderRows(),
        sideRow("War suns damaged twice", "Of the side's war suns: the ones that have used Sustain Damage twice already (count the others damaged once in the fleet).", (s) =>
          h("input", { type: "number", id: `${s.p}-damaged-twice`, min: 0, max: 99, value: 0, inputMode: "numeric", "aria-label": `${s.title} · War suns damaged twice` }),
        ),
      ], { "data-only": "ti3-sa" }),
      group("more-answer", "Rounds and precision", "Stop a battle early to see where it stands, or simulate until the figures are as precise as you need.", [
        battleRow("Stop after this many combat rounds", "Empty: fight to the end. Counts space and ground rounds each.", h("input", { type: "number", id: "rounds", min: 1, max: catalog.limits?.max_rounds || 1000, placeholder: "to the end", inputMode: "numeric" })),
        battleRow("Precision (Monte Carlo)", "Run until every outcome's 95% interval is within ± this many percentage points; Trials is then the most it runs. Empty: exactly Trials.", h("input", { type: "number", id: "precision", min: 0.01, max: 49, step: "any", placeholder: "—", inputMode: "decimal" })),
      ]),
    );
    const mode = $("run-mode");
    if (mode && !mode.querySelector("option[value=exact-only]")) mode.append(h("option", { value: "exact-only" }, "Exact only (no Monte Carlo)"));
  }

  choiceSelect(s, c) {
    return select(`${s.p}-choice-${c.slug}`, `${s.title} · ${c.name}`, [["", `default (${c.choices[0]})`], ...c.choices.map((v) => [v, v.replaceAll("-", " ")])]);
  }

  // leaderRows are the TI3 leaders' options, one row a leader that takes one.
  leaderRows() {
    const ti3 = this.cat.rulesets.find((r) => r.leader_options);
    const opts = ti3?.leader_options || {};
    const words = { "no-rerolls": "without the rerolls", adjacent: "on a planet in an adjacent system" };
    const first = { general: "with the rerolls", admiral: "on the best ship", scientist: "on the planet" };
    return Object.keys(opts)
      .sort()
      .map((l) =>
        sideRow(`${l[0].toUpperCase()}${l.slice(1)}`, null, (s) =>
          select(`${s.p}-leader-option-${l}`, `${s.title} · ${l} option`, [["", first[l] || "—"], ...opts[l].map((o) => [o, words[o] || `on a ${o}`])]),
        ),
      );
  }

  // readSide adds side p's inputs of this module to out (a side document);
  // leaders (from the cards box) get their options.
  readSide(p, out) {
    if ($(`${p}-policy`).value) out.policy = $(`${p}-policy`).value;
    const m = intValue($(`${p}-all-rolls-modifier`));
    if (m !== 0) out.all_rolls_modifier = m;
    const choices = this.choices.map((c) => [c.slug, $(`${p}-choice-${c.slug}`).value]).filter(([, v]) => v).map(([k, v]) => `${k}=${v}`);
    if (choices.length) out.choices = choices;
    const twice = intValue($(`${p}-damaged-twice`));
    const sun = (out.fleet || []).find((e) => e.unit === "war sun");
    if (twice !== 0 && sun && !$(`${p}-damaged-twice`).closest("[hidden]")) sun.damaged_twice = twice;
    if (out.leaders) {
      out.leaders = out.leaders.map((l) => {
        const o = $(`${p}-leader-option-${l}`);
        return o && o.value ? `${l}:${o.value}` : l;
      });
    }
  }

  // writeSide sets side p's inputs from a side document; it returns what
  // it could not show and the leaders without their options (for the
  // cards box).
  writeSide(p, side = {}) {
    const missed = [];
    $(`${p}-policy`).value = side.policy === "optimal" ? "optimal" : "";
    if (side.policy && !["order", "optimal"].includes(side.policy)) missed.push(`policy ${side.policy}`);
    $(`${p}-all-rolls-modifier`).value = side.all_rolls_modifier || 0;
    for (const c of this.choices) $(`${p}-choice-${c.slug}`).value = "";
    for (const item of side.choices || []) {
      const [k, v] = item.split("=").map((x) => x.trim().toLowerCase());
      const sel = $(`${p}-choice-${k}`);
      if (sel && [...sel.options].some((o) => o.value === v && v)) sel.value = v;
      else missed.push(`choice ${item}`);
    }
    $(`${p}-damaged-twice`).value = (side.fleet || []).reduce((n, e) => n + (e.damaged_twice || 0), 0);
    for (const e of side.fleet || []) if (e.damaged_twice && !/^war[ _-]?suns?$/i.test(String(e.unit).trim())) missed.push(`${e.unit} damaged twice`);
    for (const sel of document.querySelectorAll(`[id^='${p}-leader-option-']`)) sel.value = "";
    const leaders = (side.leaders || []).map((l) => {
      const [slug, opt] = l.split(":").map((x) => x.trim().toLowerCase());
      const sel = $(`${p}-leader-option-${slug}`);
      if (opt && sel && [...sel.options].some((o) => o.value === opt)) sel.value = opt;
      else if (opt) missed.push(`leader ${l}`);
      return slug;
    });
    return { missed, leaders };
  }

  // readRun adds the rounds and the precision to a run (the precision only
  // to a Monte Carlo one).
  readRun(run) {
    const rounds = intValue($("rounds"));
    if (rounds !== 0) run.rounds = rounds;
    const pct = Number($("precision").value);
    if (!run.exact && !run.prefer_exact && $("precision").value.trim() !== "" && Number.isFinite(pct)) run.precision = Number((pct / 100).toPrecision(12));
    return run;
  }

  // writeRun sets the rounds and the precision from a run.
  writeRun(run = {}) {
    $("rounds").value = run.rounds || "";
    $("precision").value = run.precision ? Number((run.precision * 100).toPrecision(12)) : "";
  }

  // exactOnly reports whether a document's sides ask what only exact mode
  // answers (an optimal policy, the best retreat): its run is then exact.
  static exactOnly(doc) {
    return ["attacker", "defender"].some((r) => doc[r]?.policy === "optimal" || /^\s*best\b/i.test(doc[r]?.retreat || ""));
  }
}

// sideControl finds side p's control of a side key of this module
// ("choices" with the index of a listed choice: the select that wrote it),
// or null.
export function sideControl(p, key, index = -1) {
  if (key === "choices") {
    const all = [...document.querySelectorAll(`select[id^='${p}-choice-']`)];
    return all.filter((s) => s.value)[index] || all[0] || null;
  }
  const c = sideKeys.find(([k]) => k === key);
  return c ? $(`${p}-${c[1]}`) : null;
}

// runControl finds the control of a run path of this module, or null.
export function runControl(path) {
  const c = runKeys.find(([k]) => k === path);
  return c ? $(c[1]) : null;
}
