// The battle's answer on the page: the outcome bar and percentages with
// their intervals (or "exact"), the other outcomes, expected survivors and
// resources lost per side, the charts of units left by outcome and of
// rounds, and the warnings.

import { controlOf } from "./battle.js";
import { $, h, showError } from "./dom.js";
import * as fmt from "./format.js";
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

// Colours of the two sides in the charts.
const colour = { attacker: "#c0392b", defender: "#2471a3", draw: "#7f8c8d" };

// Results draws answers into #result.
export class Results {
  constructor() {
    this.charts = null;
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
          h("th", { scope: "row" }, fmt.unitLabel(unit)),
          h("td", { class: "start" }, start.get(unit) ?? ""),
          h("td", { class: "expected" }, fmt.num(v)),
        ),
      );
      $(`${p}-survivors`).tBodies[0].replaceChildren(...rows);
      $(`${p}-lost`).textContent = fmt.num(side.resources_lost);
    }
    const w = $("warnings");
    w.replaceChildren(...(res.warnings || []).map((t) => h("li", {}, t)));
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
  }

  // draw updates the two charts.
  draw(res) {
    if (typeof Chart === "undefined") return void loadChartJS().then(() => this.draw(res), () => {});
    if (!this.charts) this.charts = makeCharts();
    const { survivors, rounds } = this.charts;
    // Units left, by outcome: P(outcome and k units left) for the side the
    // outcome is about.
    const sets = [];
    let width = 1;
    const parts = [
      ["attacker", "attacker_win", "Attacker wins: its units left", colour.attacker],
      ["defender", "defender_win", "Defender wins: its units left", colour.defender],
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
    // Rounds past the last 0.01% of the probability are left out.
    let hist = res.rounds?.histogram || [];
    let tail = 0;
    let end = hist.length;
    while (end > 1 && tail + hist[end - 1] < 1e-4) tail += hist[--end];
    hist = hist.slice(0, end);
    rounds.data.labels = hist.map((_, i) => (i === 31 ? "31+" : String(i)));
    rounds.data.datasets = [{ label: "Probability of this many rounds (%)", data: hist.map((x) => 100 * x), backgroundColor: colour.draw }];
    rounds.update("none");
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

function makeCharts() {
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
