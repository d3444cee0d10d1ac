// The fleet table: both sides' fleets in one mirrored table, each unit's
// name in the middle, the attacker's count, upgrade and damage on its left
// and the defender's on its right, so both fleets fit one phone screen.
// A side's cells are rebuilt when its faction or the ruleset changes; the
// other side's cells (and the values typed in them) stay. Tapping a unit's
// name shows what it does, in a row under it. On a narrow screen only one
// of each side's columns shows at a time (count, upgraded, damaged,
// galvanized), picked with the buttons above the table.

import { $, h } from "./dom.js";

const titles = { a: "Attacker", d: "Defender" };

// The side's columns, from the unit's name outwards.
const columns = [
  ["count", "Count"],
  ["up", "II"],
  ["dmg", "Damaged"],
  ["galv", "Galvanized"],
];

// present holds each side's units (kind → {base, up, sustain}) and whether
// it has galvanized units (the Last Bastion).
const present = { a: null, d: null };
const galvanized = { a: false, d: false };
// order is the ruleset's unit kinds, in its order.
let order = [];

// dash turns a unit kind into the form of the element ids (war-sun).
const dash = (kind) => kind.replaceAll("_", "-");

// setSide builds side p's cells for the unit list of its faction (list)
// under the ruleset rs; f is the faction or undefined. It returns the
// side's units, kind → {base, up, sustain}.
export function setSide(p, rs, f, list) {
  const kinds = [];
  for (const u of [...rs.units, ...list]) if (!kinds.includes(u.kind)) kinds.push(u.kind);
  const units = new Map();
  for (const kind of kinds) {
    const versions = list.filter((u) => u.kind === kind);
    if (versions.length === 0) continue; // e.g. a flagship without a faction
    const base = versions.find((u) => !u.upgraded) || versions[0];
    units.set(kind, { base, up: versions.find((u) => u.upgraded), sustain: versions.some((u) => u.sustain_damage) });
  }
  order = rs.units.map((u) => u.kind).filter((k, i, all) => all.indexOf(k) === i);
  present[p] = units;
  galvanized[p] = Boolean(f && f.slug === "last-bastion");
  const table = $("fleet");
  closeHelp();
  const rows = arrangeRows(table.tBodies[0], rs);
  for (const [kind, tr] of rows) {
    for (const td of tr.querySelectorAll(`td[data-side="${p}"]`)) td.remove();
    const cells = sideCells(p, kind, units.get(kind));
    const name = tr.querySelector("th");
    if (p === "a") name.before(...cells.reverse());
    else name.after(...cells);
    const span = $(`${p}-name-${dash(kind)}`);
    const u = units.get(kind);
    span.textContent = u ? u.base.name : "";
    span.classList.toggle("own", Boolean(u) && plain(u.base.name) !== genericName(rs, kind));
  }
  table.tHead.replaceChildren(headRow());
  table.dataset.galv = galvanized.a || galvanized.d ? "true" : "false";
  // The narrow screen's column buttons: only those with something to show.
  const hasUp = [present.a, present.d].some((m) => [...(m?.values() || [])].some((u) => u.up));
  const shown = { up: hasUp, galv: table.dataset.galv === "true" };
  for (const [view, on] of Object.entries(shown)) {
    document.querySelector(`#fleet-view [data-view="${view}"]`).hidden = !on;
    if (!on && table.dataset.view === view) showView("count");
  }
  return units;
}

// arrangeRows keeps one row per unit kind either side has, in the
// ruleset's order then the factions' own (flagship), and returns them.
function arrangeRows(body, rs) {
  const kinds = [...order];
  for (const p of ["a", "d"]) for (const kind of present[p]?.keys() || []) if (!kinds.includes(kind)) kinds.push(kind);
  const wanted = kinds.filter((k) => present.a?.has(k) || present.d?.has(k));
  const rows = new Map();
  for (const tr of [...body.rows]) {
    if (wanted.includes(tr.dataset.kind)) rows.set(tr.dataset.kind, tr);
    else tr.remove();
  }
  for (const [i, kind] of wanted.entries()) {
    let tr = rows.get(kind);
    if (!tr) {
      tr = h("tr", { "data-kind": kind }, nameCell(rs, kind));
      for (const p of ["a", "d"]) {
        const cells = sideCells(p, kind, undefined);
        if (p === "a") tr.prepend(...cells.reverse());
        else tr.append(...cells);
      }
      rows.set(kind, tr);
    } else {
      tr.querySelector(".generic").textContent = genericName(rs, kind);
    }
    tr.classList.toggle("alt", i % 2 === 1); // striped on a phone
    body.append(tr); // in order
  }
  return rows;
}

// nameCell is a row's header: the unit's name (a button showing what it
// does), and each side's own name for it where a faction renames it.
function nameCell(rs, kind) {
  const k = dash(kind);
  const button = h(
    "button",
    { type: "button", class: "unit-name", id: `name-${k}`, "aria-expanded": "false", "aria-controls": `help-${k}` },
    h("span", { class: "generic" }, genericName(rs, kind)),
    h("span", { class: "side-unit a", id: `a-name-${k}`, "aria-hidden": "true" }),
    h("span", { class: "side-unit d", id: `d-name-${k}`, "aria-hidden": "true" }),
  );
  button.addEventListener("click", () => toggleHelp(kind));
  return h("th", { scope: "row" }, button);
}

// sideCells are side p's cells of a unit row (count, upgraded, damaged,
// galvanized), empty where the side has no such unit.
function sideCells(p, kind, u) {
  const k = dash(kind);
  const cell = (col, ...content) => h("td", { "data-side": p, "data-col": col, class: col === "count" ? "stepper" : "" }, ...content);
  if (!u) return columns.map(([col]) => cell(col));
  const label = `${p}-title ${p}-name-${k}`;
  const count = h("input", { type: "number", id: `${p}-count-${k}`, min: 0, max: 99, value: 0, inputMode: "numeric", "aria-labelledby": label });
  const hidden = (text) => h("span", { class: "sr-only" }, `${titles[p]}'s ${text}`);
  return [
    cell(
      "count",
      h("button", { type: "button", id: `${p}-dec-${k}`, class: "dec", "aria-label": `one ${u.base.name} fewer for the ${titles[p].toLowerCase()}`, tabIndex: -1 }, "−"),
      count,
      h("button", { type: "button", id: `${p}-inc-${k}`, class: "inc", "aria-label": `one ${u.base.name} more for the ${titles[p].toLowerCase()}`, tabIndex: -1 }, "+"),
    ),
    cell("up", u.up ? h("label", { class: "up" }, h("input", { type: "checkbox", id: `${p}-up-${k}` }), hidden(u.up.name), h("span", { "aria-hidden": "true" }, "II")) : null),
    cell("dmg", u.sustain ? h("label", { class: "dmg" }, hidden(`${u.base.name} damaged`), h("input", { type: "number", id: `${p}-dmg-${k}`, min: 0, max: 99, value: 0, inputMode: "numeric" })) : null),
    cell("galv", galvanized[p] ? h("label", { class: "galv" }, hidden(`${u.base.name} galvanized`), h("input", { type: "number", id: `${p}-galv-${k}`, min: 0, max: 99, value: 0, inputMode: "numeric" })) : null),
  ];
}

// headRow is the table's column headers, mirrored like its rows.
function headRow() {
  const side = (p) => columns.map(([col, text]) => h("th", { scope: "col", "data-side": p, "data-col": col }, h("span", { class: "sr-only" }, `${titles[p]}: `), text));
  return h("tr", { class: "cols" }, ...side("a").reverse(), h("th", { scope: "col", class: "unit-col" }, "Unit"), ...side("d"));
}

// genericName is the ruleset's name of a unit kind without its level
// (Carrier for Carrier I), or the kind in words (Flagship).
function genericName(rs, kind) {
  const u = rs.units.find((x) => x.kind === kind && !x.upgraded) || rs.units.find((x) => x.kind === kind);
  if (u) return plain(u.name);
  const words = kind.replaceAll("_", " ");
  return words[0].toUpperCase() + words.slice(1);
}

// plain is a unit's name without its level: Carrier I → Carrier.
function plain(name) {
  return name.replace(/ (I|II)$/, "");
}

// toggleHelp shows or hides what a unit does, for each side that has it,
// in the row under the unit's.
function toggleHelp(kind) {
  const k = dash(kind);
  const open = $(`help-${k}`);
  closeHelp();
  if (open) return;
  const lines = [];
  for (const p of ["a", "d"]) {
    const u = present[p]?.get(kind);
    if (!u) continue;
    const up = $(`${p}-up-${k}`);
    lines.push(h("p", {}, h("strong", {}, `${titles[p]}: `), unitText(up && up.checked && u.up ? u.up : u.base)));
  }
  const row = $("fleet").querySelector(`tr[data-kind="${kind}"]`);
  // As wide as the columns shown (a phone shows fewer).
  const span = [...row.cells].filter((c) => c.checkVisibility()).length;
  row.after(h("tr", { class: "unit-help", id: `help-${k}` }, h("td", { colSpan: span }, ...lines)));
  $(`name-${k}`).setAttribute("aria-expanded", "true");
}

// closeHelp hides the unit help shown, if any.
function closeHelp() {
  for (const tr of document.querySelectorAll("#fleet tr.unit-help")) tr.remove();
  for (const b of document.querySelectorAll("#fleet .unit-name[aria-expanded=true]")) b.setAttribute("aria-expanded", "false");
}

// unitText says what a unit is: its name, combat, cost, sustain damage and
// its own text.
export function unitText(u) {
  const parts = [u.combat ? `combat ${u.combat.value}${u.combat.dice > 1 ? ` ×${u.combat.dice}` : ""}` : "no combat", `cost ${u.cost}`];
  if (u.sustain_damage) parts.push("sustain damage");
  if (u.text) parts.push(u.text);
  return `${u.name}: ${parts.join("; ")}`;
}

// showView picks the column each side shows on a narrow screen.
export function showView(view) {
  closeHelp(); // its width was the columns shown
  $("fleet").dataset.view = view;
  for (const b of document.querySelectorAll("#fleet-view button")) b.setAttribute("aria-pressed", b.dataset.view === view ? "true" : "false");
}

// setupView wires the buttons that pick the column shown.
export function setupView() {
  for (const b of document.querySelectorAll("#fleet-view button")) b.addEventListener("click", () => showView(b.dataset.view));
}
