// The answer to a battle where a side chooses its casualties optimally:
// the odds under the optimal choice shown as the battle's outcomes, and a
// table beside them of the odds under the hit order, under the optimal
// choice, and the gain — the figures of `ti4sim space --attacker-policy
// optimal` for the same document.

import { $, h } from "./dom.js";
import * as fmt from "./format.js";

// adapt returns an optimal-policy answer in the shape of a battle's
// answer (its optimal odds and resources lost), and any other answer as
// it is.
export function adapt(res) {
  if (!res.optimal || !res.default) return res;
  const o = res.optimal;
  return {
    ...res,
    attacker_win: o.attacker_win,
    draw: o.draw,
    defender_win: o.defender_win,
    attacker: { resources_lost: o.attacker_resources_lost, survivors: {} },
    defender: { resources_lost: o.defender_resources_lost, survivors: {} },
  };
}

// show draws the comparison of the policies into its section (made after
// #extra-outcomes on first use); it hides the section and returns false
// for an answer without one.
export function show(res) {
  let box = $("policy-result");
  if (!res.optimal || !res.default) {
    if (box) box.hidden = true;
    return false;
  }
  if (!box) {
    box = h("section", { id: "policy-result", class: "system-result", "aria-label": "Casualties chosen optimally" });
    $("extra-outcomes").after(box);
  }
  const who = Object.entries(res.policy || {})
    .filter(([, p]) => p === "optimal")
    .map(([s]) => s)
    .join(" and ");
  const row = (name, x, f) => h("tr", {}, h("th", { scope: "row" }, name), ...["attacker_win", "draw", "defender_win"].map((k) => h("td", { class: k }, f(x[k] ?? 0))));
  const signed = (p) => `${p >= 0 ? "+" : "−"}${Math.abs(100 * p).toFixed(2)} points`;
  box.hidden = false;
  box.replaceChildren(
    h("h3", {}, `Casualties chosen optimally by the ${who || "sides"}`),
    h(
      "table",
      { id: "policy-table" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Casualties"), h("th", { scope: "col" }, "Attacker wins"), h("th", { scope: "col" }, "Draw"), h("th", { scope: "col" }, "Defender wins"))),
      h("tbody", {}, row("by the hit order", res.default, fmt.pct), row("optimal", res.optimal, fmt.pct), row("gain", res.gain || {}, signed)),
    ),
  );
  return true;
}
