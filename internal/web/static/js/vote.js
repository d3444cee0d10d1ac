// The vote tab: the voters table → the odds of each outcome passing
// outright in the preliminary vote, winning the final vote, and overall
// (POST /v1/vote).

import { $, h, intValue } from "./dom.js";
import * as fmt from "./format.js";

// document builds the vote document from the form.
export function document() {
  const doc = { version: 1, mode: $("vote-mode").value };
  const outcomes = $("vote-outcomes")
    .value.split(",")
    .map((v) => v.trim())
    .filter((v) => v !== "");
  if (outcomes.length) doc.outcomes = outcomes;
  doc.voters = $("vote-voters")
    .value.split("\n")
    .map((v) => v.trim())
    .filter((v) => v !== "");
  const speaker = $("vote-speaker").value.trim();
  if (speaker) doc.speaker = speaker;
  doc.run = $("vote-exact").checked ? { exact: true } : { trials: intValue($("vote-trials"), 100000), seed: intValue($("vote-seed"), 1) };
  return doc;
}

// load writes a vote document into the form.
export function load(doc) {
  $("vote-mode").value = doc.mode === "base" ? "base" : "preliminary";
  $("vote-outcomes").value = (doc.outcomes || []).join(", ");
  $("vote-voters").value = (doc.voters || []).join("\n");
  $("vote-speaker").value = doc.speaker || "";
  $("vote-exact").checked = Boolean(doc.run?.exact);
  if (doc.run?.trials) $("vote-trials").value = doc.run.trials;
  if (doc.run?.seed !== undefined) $("vote-seed").value = doc.run.seed;
}

// show draws a vote's answer.
export function show(res) {
  $("vote-out").dataset.state = "done";
  const outcomes = res.outcomes || Object.keys(res.overall || {});
  const cell = (o, k) => h("td", { class: k }, res[k] && res[k][o] !== undefined ? fmt.pct(res[k][o]) : "–");
  $("vote-result").tBodies[0].replaceChildren(
    ...outcomes.map((o) => h("tr", { "data-outcome": o }, h("th", { scope: "row" }, o), cell(o, "preliminary"), cell(o, "final"), cell(o, "overall"))),
  );
  const parts = [fmt.kind(res)];
  if (res.no_majority !== undefined) parts.push(`no outcome passes outright: ${fmt.pct(res.no_majority)}`);
  if (res.final_vote_order) parts.push(`final vote order: ${res.final_vote_order.join(", ")}`);
  $("vote-summary").textContent = parts.join(" · ");
}

// error shows a vote's error.
export function error(msg, path = "") {
  const e = $("vote-error");
  e.hidden = !msg;
  e.textContent = msg ? (path ? `${path}: ${msg}` : msg) : "";
  if (msg) $("vote-out").dataset.state = "error";
}
