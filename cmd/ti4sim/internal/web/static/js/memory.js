// What the page remembers between visits, on this device only
// (localStorage; nothing is sent anywhere): the last factions, rules and
// method of the Battle tab. A new visit without a share link opens the
// sample battle with them; a share link opens its own battle and changes
// nothing remembered.

import { $ } from "./dom.js";

const key = "ti4sim.battle";

// remembered returns what is stored: {ruleset, attacker, defender,
// method}, or {} when nothing is (or storage is refused).
export function remembered() {
  try {
    const v = JSON.parse(localStorage.getItem(key) || "{}");
    return v && typeof v === "object" && !Array.isArray(v) ? v : {};
  } catch {
    return {};
  }
}

// recall returns doc (a combat document, the sample battle) with the
// remembered factions, rules and method.
export function recall(doc) {
  const m = remembered();
  const out = structuredClone(doc);
  if (typeof m.ruleset === "string") out.ruleset = m.ruleset;
  for (const role of ["attacker", "defender"]) {
    if (typeof m[role] === "string" && m[role] !== "") out[role] = { ...out[role], faction: m[role] };
  }
  if (m.method === "trials") {
    const { trials, seed } = out.run || {};
    out.run = { trials, seed };
  } else if (m.method === "exact") {
    out.run = { ...out.run, prefer_exact: true };
  }
  return out;
}

// remember stores the form's factions, rules and method.
export function remember() {
  const v = { ruleset: $("ruleset").value, attacker: $("a-faction").value, defender: $("d-faction").value, method: $("run-mode").value };
  try {
    localStorage.setItem(key, JSON.stringify(v));
  } catch {
    // Storage refused (private mode, a full quota): nothing remembered.
  }
}

// watch remembers the form's choices each time the player changes one.
export function watch() {
  $("battle").addEventListener("change", (e) => {
    if (["ruleset", "a-faction", "d-faction", "run-mode"].includes(e.target.id)) remember();
  });
}
