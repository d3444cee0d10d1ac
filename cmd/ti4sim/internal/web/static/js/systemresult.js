// The answer to an invasion of a system of planets (its planets listed):
// the three outcomes become "takes every planet", "takes some" and "takes
// none", and a table gives each planet's chance to be taken, the ground
// forces committed to it and what is left there — the figures of
// `ti4sim invade --planet` for the same document and seed.

import { $, h } from "./dom.js";
import * as fmt from "./format.js";

// adapt returns a system's answer with each side's ships left as its
// survivors (the tables of what each side keeps), and any other answer as
// it is.
export function adapt(res) {
  if (!Array.isArray(res.planets)) return res;
  const side = (s) => ({ ...s, survivors: { ...(s?.ships_left || {}) } });
  return { ...res, attacker: side(res.attacker), defender: side(res.defender) };
}

// show draws res's system part into #system-result and the three
// outcomes; it hides the section and returns false for an answer with no
// planets.
export function show(res) {
  const box = $("system-result");
  if (!box) return false;
  if (!Array.isArray(res.planets)) {
    box.hidden = true;
    box.replaceChildren();
    return false;
  }
  const taken = res.taken || [];
  const none = taken[0] ?? 0;
  const all = res.take_all ?? 0;
  const outcomes = [
    ["attacker", "Attacker takes every planet", all, res.ci95?.take_all],
    ["draw", "Takes some, not all", Math.max(0, 1 - all - none), null],
    ["defender", "Defender keeps every planet", none, res.ci95?.taken?.[0]],
  ];
  for (const [id, label, p, ci] of outcomes) {
    $(`label-${id}`).textContent = label;
    $(`p-${id}`).textContent = fmt.pct(p);
    $(`s-${id}`).textContent = fmt.pct(p);
    $(`bar-${id}`).style.width = `${100 * p}%`;
    $(`ci-${id}`).textContent = res.exact || !ci ? "" : ` (${fmt.interval(ci)})`;
  }
  const units = (m) =>
    Object.entries(m || {})
      .filter(([, v]) => v > 0)
      .map(([u, v]) => `${fmt.num(v)} ${fmt.unitLabel(u)}`)
      .join(", ") || "—";
  box.hidden = false;
  box.replaceChildren(
    h("h3", {}, `The system's planets — expected taken ${fmt.num(res.taken_mean ?? 0)} of ${res.planets.length}`),
    h("p", { class: "note" }, `Split of the ground forces: ${res.commit || "secure:0.9"}. ${taken.map((p, n) => `${n} taken: ${fmt.pct(p)}`).join(" · ")}`),
    h(
      "table",
      { id: "system-planets" },
      h("thead", {}, h("tr", {}, ...["Planet", "Taken", "Invaded", "Wiped out", "Committed", "Attacker left", "Defender left"].map((t) => h("th", { scope: "col" }, t)))),
      h(
        "tbody",
        {},
        ...res.planets.map((p) =>
          h(
            "tr",
            { "data-planet": p.name },
            h("th", { scope: "row" }, p.name),
            h("td", { class: "taken" }, fmt.pct(p.taken)),
            h("td", { class: "invaded" }, fmt.pct(p.invaded)),
            h("td", { class: "wiped" }, fmt.pct(p.wiped_out)),
            h("td", {}, units(p.committed)),
            h("td", {}, units(p.attacker_left)),
            h("td", {}, units(p.defender_left)),
          ),
        ),
      ),
    ),
  );
  return true;
}
