// Homebrew units: unit files in the AsyncTI4 bot's format (its
// data/units/*.json; ds.json is Discordant Stars), chosen with the
// "Homebrew units" picker. The engine reads them (kind "units": the
// files' factions described as the catalogue describes a faction), and
// their factions join both sides' faction lists with their units. A
// combat document carries the files in its "units" list, cut to the
// units of the homebrew factions in play (the bot's format still: the
// same numbers, so the same answer), so that the battle, its share link
// and the Compare and Advise tabs' documents answer the same; a link
// whose files would be too long carries none, and the page says so.

import { $, h } from "./dom.js";
import { showError } from "./messages.js";

// linkLimit is the most characters of unit files a share link carries.
export const linkLimit = 24000;

// memoryLimit is the most characters of unit files the page remembers on
// this device between visits.
const memoryLimit = 400000;

const memoryKey = "ti4sim.units";

// files are the files loaded: [{name, data}]; slugs the homebrew
// factions' slugs they gave; engine and battle the page's.
let files = [];
let slugs = new Set();
let engine = null;
let battle = null;
// changed is called after the faction lists changed (the form's battle
// changed too when a side's homebrew faction went away).
let changed = () => {};

// setup wires the picker. onChanged(): the form changed.
export function setup(eng, bat, onChanged) {
  engine = eng;
  battle = bat;
  changed = onChanged;
  const input = $("units-file");
  // The picker is no input of the battle: the form's own listeners skip it.
  for (const type of ["input", "change"]) input.addEventListener(type, (e) => e.stopPropagation());
  input.addEventListener("change", () => pick(input));
  $("units-loaded").addEventListener("click", (e) => {
    const b = e.target.closest("button[data-file]");
    if (b) remove(Number(b.dataset.file));
  });
  $("battle").addEventListener("change", (e) => {
    if (/^[ad]-faction$/.test(e.target.id)) status();
  });
}

// pick reads the files chosen and loads them beside those loaded (one of
// the same name replaces it).
async function pick(input) {
  const chosen = [...input.files];
  input.value = "";
  if (chosen.length === 0) return;
  let read;
  try {
    read = await Promise.all(chosen.map(async (f) => ({ name: f.name, data: await f.text() })));
  } catch (e) {
    error(`the file could not be read (${e.message})`);
    return;
  }
  const names = new Set(read.map((f) => f.name));
  const next = [...files.filter((f) => !names.has(f.name)), ...read];
  if (await load(next)) {
    $("homebrew-box").open = true;
    remember();
  }
}

// remove unloads the i-th file.
async function remove(i) {
  const next = files.filter((_, j) => j !== i);
  if (await load(next)) remember();
  $("units-file").focus();
}

// load asks the engine for the factions of files and, when it reads them,
// makes them the page's homebrew units: it returns false (the error shown
// at the picker, the files loaded before kept) when it does not.
export async function load(next) {
  let factions = [];
  if (next.length) {
    let ans;
    try {
      ans = await engine.run("units", JSON.stringify({ units: next }));
    } catch (e) {
      error(`the engine could not read the files (${e.message})`);
      return false;
    }
    const body = JSON.parse(ans.body);
    if (ans.status !== 200) {
      error(ans.status === 413 ? "the files are too large for the engine (at most 1 MiB together)" : body.error, body.path);
      return false;
    }
    factions = body.factions;
    if (factions.length === 0) {
      error(`${next.map((f) => f.name).join(", ")} gives no faction's units ti4sim does not have built in${body.notes.length ? ` (${body.notes[0]})` : ""}`);
      return false;
    }
  }
  error("");
  install(next, factions);
  return true;
}

// install makes factions (the engine's description of files) the page's
// homebrew factions: the faction lists are rebuilt, a side keeping its
// faction where it still exists.
function install(next, factions) {
  const before = battle.document();
  for (const slug of slugs) battle.factions.delete(slug);
  files = next;
  slugs = new Set(factions.map((f) => f.slug));
  for (const f of factions) battle.factions.set(f.slug, f);
  battle.applyRuleset();
  const lost = ["attacker", "defender"].filter((r) => before[r].faction && !battle.factions.has(before[r].faction));
  showFiles(factions);
  status(lost.length ? `The ${lost.join(" and the ")}'s faction came from a file no longer loaded: none now.` : "");
  changed();
}

// showFiles lists the files loaded, each with its factions and a Remove
// button.
function showFiles(factions) {
  const list = $("units-loaded");
  list.replaceChildren();
  files.forEach((f, i) => {
    const own = factions.filter((x) => unitsOf(f).some((u) => slugOf(u) === x.slug)).map((x) => x.name.replace(/ \(homebrew\)$/, ""));
    list.append(
      h(
        "li",
        {},
        h("span", {}, `${f.name}: ${own.length} faction${own.length === 1 ? "" : "s"}${own.length ? ` (${own.join(", ")})` : ""}`),
        " ",
        h("button", { type: "button", "data-file": i, "aria-label": `Remove ${f.name}` }, "Remove"),
      ),
    );
  });
}

// status says what the share link carries of the files (and first, why,
// a note).
function status(note = "") {
  const parts = note ? [note] : [];
  if (files.length) {
    const doc = battle.document();
    const size = (doc.units || []).reduce((n, f) => n + f.data.length, 0);
    if (!doc.units) parts.push("Pick a homebrew faction for a side; its units are in the fleet table.");
    else if (size > linkLimit) parts.push("The share link does not carry the homebrew units (too long for a link): whoever opens it needs the file too.");
    else parts.push("The share link carries the units of the homebrew factions in play.");
  }
  $("units-status").textContent = parts.join(" ");
}

// error shows an error at the picker, in a player's words ("" hides it).
function error(msg, path = "") {
  showError($("units-error"), msg, path, msg ? $("units-file") : null);
}

// unitsOf are a file's units (none when it is no JSON array).
function unitsOf(f) {
  try {
    const v = JSON.parse(f.data);
    return Array.isArray(v) ? v.filter((u) => u && typeof u === "object") : [];
  } catch {
    return [];
  }
}

// slugOf is the faction slug of a unit of a file, as the engine reads it.
function slugOf(u) {
  return typeof u.faction === "string" ? u.faction.trim().toLowerCase() : "";
}

// attach adds to a combat document the files it needs: each file cut to
// the units of the homebrew factions its sides play (none: no "units").
export function attach(doc) {
  const used = new Set([doc.attacker?.faction, doc.defender?.faction].filter((s) => slugs.has(s)));
  if (used.size === 0) return doc;
  const units = [];
  for (const f of files) {
    const mine = unitsOf(f).filter((u) => used.has(slugOf(u)));
    if (mine.length) units.push({ name: f.name, data: JSON.stringify(mine) });
  }
  if (units.length) doc.units = units;
  return doc;
}

// forLink returns the document a share link carries: without its unit
// files when they are longer than linkLimit (the battle's own document,
// or a compare's or an advise's scenario).
export function forLink(doc) {
  const cut = (d) => {
    if (!d?.units) return d;
    const size = d.units.reduce((n, f) => n + f.data.length, 0);
    if (size <= linkLimit) return d;
    const { units: _, ...rest } = d;
    return rest;
  };
  return doc.scenario ? { ...doc, scenario: cut(doc.scenario) } : cut(doc);
}

// unitsOfDocument are the unit files a document opened carries.
export function unitsOfDocument(doc) {
  return doc?.units || doc?.scenario?.units || [];
}

// open loads the files of a document opened (a share link) before the
// form shows it, in place of those loaded; it returns what could not be
// loaded, in words ("" for nothing).
export async function open(doc) {
  const next = unitsOfDocument(doc);
  if (!Array.isArray(next) || next.length === 0) return "";
  const ok = await load(next.map((f) => ({ name: String(f?.name || "unit file"), data: String(f?.data ?? "") })));
  return ok ? "" : "its homebrew units could not be read (see Homebrew units)";
}

// remember keeps the files on this device, when they are small enough
// (nothing when they are not, or storage is refused).
function remember() {
  try {
    const size = files.reduce((n, f) => n + f.data.length, 0);
    if (files.length && size <= memoryLimit) localStorage.setItem(memoryKey, JSON.stringify(files));
    else localStorage.removeItem(memoryKey);
    if (size > memoryLimit) status("These files are too large to be remembered on this device: choose them again on your next visit.");
  } catch {
    // Storage refused: nothing remembered.
  }
}

// restore loads the files remembered on this device, if any; it returns
// true when it loaded some.
export async function restore() {
  let saved;
  try {
    saved = JSON.parse(localStorage.getItem(memoryKey) || "[]");
  } catch {
    return false;
  }
  if (!Array.isArray(saved) || saved.length === 0) return false;
  return load(saved.filter((f) => f && typeof f.data === "string").map((f) => ({ name: String(f.name || "unit file"), data: f.data })));
}
