// Messages in a player's words. The engine's errors come typed
// ({"error", "path"}: the JSON path of the field at fault) and some of the
// library's errors and warnings name a command-line flag
// (--negate-mine-hits); the page shows neither: a message starts with the
// name of the control at fault as the page shows it ("Attacker · Trade
// goods to spend: …"), the control is marked invalid, and a flag or a JSON
// path inside the text becomes the label of the control that sets it.

import { controlOf } from "./battle.js";
import { $ } from "./dom.js";

// sideFlags are the flags of each side's inputs, after "attacker-" or
// "defender-" (scenario.Inputs: --attacker-trade-goods), and the side's
// JSON key.
const sideFlags = {
  "": "fleet", faction: "faction", tech: "technologies", card: "cards", choice: "choices", retreat: "retreat",
  order: "order", policy: "policy", modifier: "modifier", "all-rolls-modifier": "all_rolls_modifier",
  "trade-goods": "trade_goods", "command-counters": "command_counters", influence: "influence",
  galvanized: "galvanized", "adjacent-pds": "adjacent_pds", pds: "pds", leader: "leaders",
};

// flags are the other flags: the controls that set them, a combat
// document's path (found by controlOf) or "#id", the first one on the
// tab shown first (--trials is the Battle tab's, Advise's and Vote's).
const flags = {
  // the combat document (scenario.Inputs)
  rounds: ["run.rounds"], ruleset: ["ruleset"], rules: ["printings"], "high-alert": ["attacker.high_alert"],
  nebula: ["system.nebula"], "entropic-scar": ["system.entropic_scar"], "space-mine": ["system.space_mine"],
  "negate-mine-hits": ["system.negate_mine_hits"], cultural: ["system.cultural"], "ion-storm": ["system.ion_storm"],
  commandos: ["system.commandos"], wormhole: ["system.wormhole"], "home-system": ["system.home_system"],
  planet: ["system.planets"], commit: ["system.commit"], bombard: ["system.bombard"],
  exact: ["#vote-exact", "#advise-method", "run.exact"], "prefer-exact": ["run.prefer_exact"], precision: ["run.precision"],
  trials: ["#advise-trials", "#vote-trials", "run.trials"], n: ["#advise-trials", "#vote-trials", "run.trials"],
  seed: ["#advise-seed", "#vote-seed", "run.seed"],
  // advise
  resources: ["#advise-resources"], production: ["#advise-production"], "space-dock": ["#advise-dock"],
  "fleet-pool": ["#advise-fleet-pool"], supply: ["#advise-supply"], build: ["#advise-build"],
  "war-sun": ["#advise-war-sun"], target: ["#advise-target"], keep: ["#advise-keep"], method: ["#advise-method"],
  // vote
  mode: ["#vote-mode"], outcomes: ["#vote-outcomes"], voter: ["#vote-table"], speaker: ["#vote-speaker"],
  "speaker-prefers": ["#vote-speaker"], bribery: ["#vote-table"], players: ["#vote-table"], duel: ["#vote-mode"],
  // compare
  vary: ["#compare-key"],
  // luck (ti4sim luck)
  "attacker-left": ["#luck-a-left"], "defender-left": ["#luck-d-left"], dice: ["#luck-dice"], hits: ["#luck-hits"],
  "expected-x10": ["#luck-expected"], actual: ["#luck-actual"],
  "attacker-on": ["#luck-planets-left"], "defender-on": ["#luck-planets-left"],
};

// shown is true for an element on the tab shown (or outside every tab).
function shown(el) {
  const panel = el.closest("[role=tabpanel]");
  return !panel || !panel.hidden;
}

// controlOfFlag finds the control a flag (without its dashes) sets, or null.
export function controlOfFlag(flag) {
  const side = /^(attacker|defender)(?:-(.*))?$/.exec(flag);
  const targets = flags[flag] || (side ? ((side[2] ?? "") in sideFlags ? [`${side[1]}.${sideFlags[side[2] ?? ""]}`] : []) : []);
  const found = targets.map((t) => (t.startsWith("#") ? $(t.slice(1)) : controlOf(t))).filter(Boolean);
  return found.find(shown) || found[0] || null;
}

// controlOfPath finds the control of a JSON path of any of the page's
// documents: a combat document's own (controlOf), or one under a
// compare's or an advise's "scenario"; a path no control sets finds the
// control of the nearest enclosing path that has one.
export function controlOfPath(path) {
  const unit = fleetControl(path);
  if (unit) return unit;
  let p = path.replace(/^scenario\./, "");
  for (;;) {
    const c = controlOf(p);
    if (c) return c;
    const cut = Math.max(p.lastIndexOf("."), p.lastIndexOf("["));
    if (cut <= 0) return null;
    p = p.slice(0, cut);
  }
}

// lastCombat is the combat document last asked (the Battle tab's, or the
// battle of a comparison or an advice): a fleet entry's path
// (attacker.fleet[2].count) names the unit by its place in it.
let lastCombat = null;

// noteCombat records the combat document a run asks.
export function noteCombat(doc) {
  lastCombat = doc;
}

// fleetControl finds the count (or damaged) field of the unit a fleet
// entry's path names, or null.
function fleetControl(path) {
  const m = /^(?:scenario\.)?(attacker|defender)\.fleet\[(\d+)\]/.exec(path);
  const e = m && lastCombat?.[m[1]]?.fleet?.[Number(m[2])];
  if (!e) return null;
  const kind = String(e.unit).trim().toLowerCase().replace(/\s+ii$/, "").replace(/\s+/g, "-");
  const p = m[1][0];
  return (/\.damaged$/.test(path) && $(`${p}-dmg-${kind}`)) || $(`${p}-count-${kind}`);
}

// pathWords writes a JSON path a control could not be found for as words:
// attacker.fleet[0].count → "attacker fleet 1 count".
function pathWords(path) {
  return path
    .replace(/^scenario\./, "")
    .replace(/\[(\d+)\]/g, (_, i) => ` ${Number(i) + 1}`)
    .replace(/[._]/g, " ")
    .trim();
}

// labelOf names a control as the page shows it: its label's words (not
// its options'), after its side's title ("Attacker · Trade goods to
// spend"), after its tab's name when that tab is not the one shown
// ("Battle tab · Trials").
export function labelOf(control) {
  let words = "";
  if (control.getAttribute("aria-label")) words = control.getAttribute("aria-label");
  else if (control.getAttribute("aria-labelledby")) {
    words = control
      .getAttribute("aria-labelledby")
      .split(/\s+/)
      .map((id) => ($(id)?.textContent || "").trim())
      .filter((w) => w !== "")
      .join(" · "); // "a-title a-name-cruiser": Attacker · Cruiser I
  } else {
    const label = (control.id && document.querySelector(`label[for="${control.id}"]`)) || control.closest("label");
    if (label) {
      const copy = label.cloneNode(true);
      for (const c of copy.querySelectorAll("input, select, textarea, button, .sr-only")) c.remove();
      words = copy.textContent;
    }
  }
  words = words.replace(/\s+/g, " ").trim() || pathWords(control.id || "");
  const legend = control.closest("fieldset")?.querySelector("legend");
  const side = legend && /^(Attacker|Defender)/.exec(legend.textContent.trim());
  if (side && !words.startsWith(side[1])) words = `${side[1]} · ${words}`;
  if (!shown(control)) {
    const panel = control.closest("[role=tabpanel]");
    const tab = panel && $(panel.getAttribute("aria-labelledby"));
    if (tab) words = `${tab.textContent.trim()} tab · ${words}`;
  }
  return words;
}

// flagWords is what a flag means on the page: its control's label, or
// its own words (home-system → "home system").
function flagWords(flag) {
  const c = controlOfFlag(flag);
  return c ? labelOf(c) : flag.replaceAll("-", " ");
}

// documentPath matches a JSON path written inside a message.
const documentPath = /\b(?:scenario\.)?(?:attacker|defender|system|run|limits|vary|voters|printings)(?:\.[a-z_]+|\[\d+\])+/g;

// words rewrites a message's text for a player: the command line's
// "run ti4sim space …" becomes the Battle tab, each --flag its control's
// label, a large range its figures (1..1000000000 → 1 to 1,000,000,000),
// each JSON path its control's label or words.
export function words(text) {
  return String(text)
    .replace(/\brun ti4sim (?:space|ground|invade)\b/g, "run it on the Battle tab with")
    .replace(/\bti4sim (\w+) --help\b/g, "the $1 tab's notes")
    .replace(/(^|[^\w-])--([a-z][a-z0-9-]*)/g, (_, pre, flag) => pre + flagWords(flag))
    .replace(/(^|[^\w-])-([nad])\b(?=\s)/g, (_, pre, f) => pre + flagWords({ n: "trials", a: "attacker", d: "defender" }[f]))
    .replace(/\b(-?\d+)\.\.(\d{5,})\b/g, (_, lo, hi) => `${Number(lo).toLocaleString("en-US")} to ${Number(hi).toLocaleString("en-US")}`)
    .replace(documentPath, (p) => {
      const c = controlOfPath(p);
      return c ? labelOf(c) : pathWords(p);
    });
}

// message is the text of an engine's error msg at path: the control's
// name (control, else the control of path), then the message in words.
export function message(msg, path = "", control = null) {
  let text = String(msg);
  if (path && text.startsWith(`${path}: `)) text = text.slice(path.length + 2);
  const c = control || (path ? controlOfPath(path) : null);
  const name = c ? labelOf(c) : path ? pathWords(path) : "";
  text = words(text);
  return name && !text.startsWith(name) ? `${name}: ${text}` : text;
}

// showError shows an engine's error in el ("" hides it), in a player's
// words (message), and marks the control at fault invalid (aria-invalid,
// aria-errormessage), opening the section that holds it. el's data-path
// holds the path, data-control the control's id; the control el marked
// before is unmarked.
export function showError(el, msg, path = "", control = null) {
  const before = el.dataset.control && $(el.dataset.control);
  if (before) {
    before.removeAttribute("aria-invalid");
    if (before.getAttribute("aria-errormessage") === el.id) before.removeAttribute("aria-errormessage");
  }
  const c = msg ? fleetControl(path) || control || (path ? controlOfPath(path) : null) : null;
  el.hidden = !msg;
  el.textContent = msg ? message(msg, path, c) : "";
  el.dataset.path = path;
  el.dataset.control = c ? c.id : "";
  if (c) {
    c.setAttribute("aria-invalid", "true");
    if (el.id) c.setAttribute("aria-errormessage", el.id);
    const box = c.closest("details");
    if (box) box.open = true;
  }
}
