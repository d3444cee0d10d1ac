// The battle's answer on the page: the outcome bar and percentages with
// their intervals (or "exact"), the other outcomes, expected survivors and
// resources lost per side, the charts of units left by outcome and of
// rounds, and the warnings.

import { controlOf } from "./battle.js";
import { $, h, showError } from "./dom.js";
import * as fmt from "./format.js";
import { words } from "./messages.js";
import { loadChartJS } from "./chartjs.js";

const labels = {
  space: ["Attacker wins", "Draw (no ships left)", "Defender wins"],
  ground: ["Attacker wins", "Draw (no ground forces left)", "Defender wins"],
  invade: ["Attacker takes the planet", "Draw (ground combat wiped out both)", "Defender keeps the planet"],
};

// Other outcomes and facts, shown when the answer has them.
const extras = [
  ["attacker_retreats", "Attacker retreats"],
  ["defender_retreats", "Defender retreats"],
  ["unfinished", "Unfinished (round limit or no hits possible)"],
  ["invaded", "Ground forces committed"],
];

// colour reads a colour of the page's scheme (style.css: light, or dark
// when the system asks): the sides, the draw, text and rules.
function colour(name) {
  return getComputedStyle(document.documentElement).getPropertyValue(`--${name}`).trim();
}

// Results draws answers into #result.
export class Results {
  constructor() {
    this.charts = null;
    this.last = null;
    // The charts follow the system's light or dark scheme.
    matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => {
      if (!this.charts) return;
      for (const c of Object.values(this.charts)) c.destroy();
      this.charts = null;
      if (this.last) this.draw(this.last);
    });
    watchSummary();
  }

  // setState marks the answer shown: idle, running, done, stale or error.
  setState(state, text = "") {
    const r = $("result");
    r.dataset.state = state;
    r.setAttribute("aria-busy", state === "running" ? "true" : "false");
    $("result-state").textContent = text;
    $("running").hidden = state !== "running";
    $("summary").dataset.state = state;
    $("s-state").textContent = { running: "…", stale: "outdated", error: "error" }[state] || "";
  }

  // progress shows a Monte Carlo run's trials done.
  progress(done, total) {
    const p = $("progress");
    p.max = total;
    p.value = done;
    p.textContent = fmt.pct(total ? done / total : 0);
  }

  // error shows an engine's error, named by the form control at fault
  // (controlOf its JSON path), or by the path where no control sets it.
  error(msg, path = "") {
    showError($("error"), msg, path, path ? controlOf(path) : null);
  }


  // show draws an answer (the parsed JSON of POST /v1/combat) for doc,
  // the document it answers.
  show(res, doc) {
    const r = $("result");
    r.dataset.document = JSON.stringify(doc);
    const action = doc.action;
    $("result-kind").textContent = fmt.kind(res);
    const [la, ld, lf] = labels[action] || labels.space;
    $("label-attacker").textContent = la;
    $("label-draw").textContent = ld;
    $("label-defender").textContent = lf;
    const keys = [
      ["attacker", "attacker_win"],
      ["draw", "draw"],
      ["defender", "defender_win"],
    ];
    for (const [id, key] of keys) {
      const p = res[key] ?? 0;
      $(`p-${id}`).textContent = fmt.pct(p);
      $(`s-${id}`).textContent = fmt.pct(p);
      $(`bar-${id}`).style.width = `${100 * p}%`;
      $(`ci-${id}`).textContent = res.exact || !res.ci95?.[key] ? "" : ` (${fmt.interval(res.ci95[key])})`;
    }
    const ex = $("extra-outcomes");
    ex.replaceChildren();
    for (const [key, label] of extras) {
      if (res[key] === undefined || (res[key] === 0 && key !== "invaded")) continue;
      ex.append(h("div", {}, h("dt", {}, label), h("dd", {}, h("span", { id: `p-${key}` }, fmt.pct(res[key])), res.exact || !res.ci95?.[key] ? "" : h("small", {}, ` (${fmt.interval(res.ci95[key])})`))));
    }
    if (res.space) {
      ex.append(h("div", {}, h("dt", {}, "Attacker holds space"), h("dd", {}, h("span", { id: "p-space-attacker" }, fmt.pct(res.space.attacker_win)))));
    }
    if (res.rounds) {
      ex.append(h("div", {}, h("dt", {}, "Rounds on average"), h("dd", {}, h("span", { id: "rounds-mean" }, fmt.num(res.rounds.mean)))));
    }
    for (const [p, role] of [
      ["a", "attacker"],
      ["d", "defender"],
    ]) {
      const side = res[role];
      const start = startCounts(doc[role]?.fleet || []);
      const rows = Object.entries(side.survivors || {}).map(([unit, v]) =>
        h(
          "tr",
          { "data-unit": unit },
          h("th", { scope: "row" }, formName(p, unit)),
          h("td", { class: "start" }, start.get(unit) ?? ""),
          h("td", { class: "expected" }, fmt.num(v)),
        ),
      );
      $(`${p}-survivors`).tBodies[0].replaceChildren(...rows);
      $(`${p}-lost`).textContent = fmt.num(side.resources_lost);
    }
    const w = $("warnings");
    w.replaceChildren(...(res.warnings || []).map((t) => h("li", {}, words(t))));
    this.draw(res);
  }

  // clear empties the figures (no answer).
  clear() {
    for (const id of ["attacker", "draw", "defender"]) {
      $(`p-${id}`).textContent = "–";
      $(`s-${id}`).textContent = "–";
      $(`ci-${id}`).textContent = "";
      $(`bar-${id}`).style.width = "0";
    }
    $("result-kind").textContent = "";
    $("extra-outcomes").replaceChildren();
    for (const p of ["a", "d"]) {
      $(`${p}-survivors`).tBodies[0].replaceChildren();
      $(`${p}-lost`).textContent = "–";
    }
    $("warnings").replaceChildren();
    // No answer: no charts, and no text of them.
    this.last = null;
    for (const [id, c] of Object.entries(this.charts || {})) {
      c.data.labels = [];
      c.data.datasets = [];
      c.update("none");
      chartText(`chart-${id}`, "", [], []);
    }
  }

  // draw updates the two charts and their text: a sentence each and a
  // table of the figures drawn.
  draw(res) {
    this.last = res;
    if (typeof Chart === "undefined") return void loadChartJS().then(() => this.draw(res), () => {});
    if (!this.charts) this.charts = makeCharts();
    const { survivors, rounds } = this.charts;
    // Units left, by outcome: P(outcome and k units left) for the side the
    // outcome is about.
    const sets = [];
    let width = 1;
    const parts = [
      ["attacker", "attacker_win", "Attacker wins: its units left", colour("attacker")],
      ["defender", "defender_win", "Defender wins: its units left", colour("defender")],
      ["attacker", "attacker_retreats", "Attacker retreats: its units left", "#e59866"],
      ["defender", "defender_retreats", "Defender retreats: its units left", "#7fb3d5"],
      ["attacker", "unfinished", "Unfinished: attacker's units left", "#a569bd"],
    ];
    for (const [role, key, label, c] of parts) {
      const dist = res[role]?.left?.[key];
      if (!dist || !dist.some((x) => x > 0)) continue;
      width = Math.max(width, dist.length);
      sets.push({ label, data: dist.map((x) => 100 * x), backgroundColor: c });
    }
    survivors.data.labels = Array.from({ length: width }, (_, i) => String(i));
    survivors.data.datasets = sets;
    survivors.update("none");
    chartText("chart-survivors", "Units left", survivors.data.labels, sets);
    // Rounds past the last 0.01% of the probability are left out.
    let hist = res.rounds?.histogram || [];
    let tail = 0;
    let end = hist.length;
    while (end > 1 && tail + hist[end - 1] < 1e-4) tail += hist[--end];
    hist = hist.slice(0, end);
    rounds.data.labels = hist.map((_, i) => (i === 31 ? "31+" : String(i)));
    rounds.data.datasets = [{ label: "Probability of this many rounds (%)", data: hist.map((x) => 100 * x), backgroundColor: colour("draw") }];
    rounds.update("none");
    chartText("chart-rounds", "Rounds", rounds.data.labels, rounds.data.datasets, res.rounds ? ` On average ${fmt.num(res.rounds.mean)} rounds.` : "");
  }
}

// startCounts sums a fleet's counts by JSON survivor key (war_sun).
function startCounts(fleet) {
  const m = new Map();
  for (const e of fleet) {
    const key = String(e.unit).trim().toLowerCase().replaceAll(/\s+/g, "_");
    m.set(key, (m.get(key) || 0) + e.count);
  }
  return m;
}

// formName is a survivors key (war_sun) as the form names side p's unit:
// its name in the fleet table (Advanced Carrier II), else the key in words.
function formName(p, unit) {
  const el = $(`${p}-name-${unit.replaceAll("_", "-")}`);
  return el && el.textContent ? el.textContent : fmt.unitLabel(unit);
}

// chartText writes a chart's text alternative: a sentence saying each
// series' likeliest value, and the table of every figure drawn.
function chartText(id, what, labels, sets, extra = "") {
  // A series with no figures (an answer that draws none, as a system of
  // planets' for its survivors) says nothing.
  const sentences = sets.filter((d) => d.data.length).map((d) => {
    let best = 0;
    d.data.forEach((v, i) => {
      if (v > d.data[best]) best = i;
    });
    return `${d.label}: most likely ${labels[best]} (${d.data[best].toFixed(2)}%).`;
  });
  $(`${id}-text`).textContent = sentences.join(" ") + extra;
  const table = $(`${id}-table`);
  table.tHead.replaceChildren(...(labels.length ? [h("tr", {}, h("th", { scope: "col" }, what), ...sets.map((d) => h("th", { scope: "col" }, d.label.endsWith("(%)") ? d.label : `${d.label} (%)`)))] : []));
  table.tBodies[0].replaceChildren(...labels.map((l, i) => h("tr", {}, h("th", { scope: "row" }, l), ...sets.map((d) => h("td", {}, (d.data[i] ?? 0).toFixed(2))))));
}

// watchSummary hides the bottom summary bar while the odds themselves are
// on the screen.
function watchSummary() {
  const bar = $("summary");
  const seen = new IntersectionObserver((entries) => {
    for (const e of entries) bar.classList.toggle("near", e.isIntersecting);
  });
  seen.observe(document.querySelector("#result .outcomes"));
}

function makeCharts() {
  Chart.defaults.color = colour("muted");
  Chart.defaults.borderColor = colour("rule");
  const common = {
    animation: false,
    responsive: true,
    maintainAspectRatio: false,
    plugins: {
      legend: { position: "bottom", labels: { boxWidth: 12 } },
      tooltip: { callbacks: { label: (c) => `${c.dataset.label}: ${c.parsed.y.toFixed(2)}%` } },
    },
    scales: { y: { beginAtZero: true, title: { display: true, text: "%" } } },
  };
  const survivors = new Chart($("chart-survivors"), {
    type: "bar",
    data: { labels: [], datasets: [] },
    options: { ...common, scales: { ...common.scales, x: { title: { display: true, text: "units left" } } } },
  });
  const rounds = new Chart($("chart-rounds"), {
    type: "bar",
    data: { labels: [], datasets: [] },
    options: { ...common, plugins: { ...common.plugins, legend: { display: false } }, scales: { ...common.scales, x: { title: { display: true, text: "rounds" } } } },
  });
  return { survivors, rounds };
}
