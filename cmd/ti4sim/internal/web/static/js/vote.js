// The vote tab: a table of voters (name, votes, the chance of each
// outcome, optional fields) → the odds of each outcome passing outright in
// the preliminary vote, winning the final vote, and overall
// (POST /v1/vote). Each row is written as the command line's voter,
// NAME:VOTES:OUTCOME=P,...[:KEY=VALUE]... (ti4sim vote --help).

import { $, h, intValue } from "./dom.js";
import * as fmt from "./format.js";
import { showError, words } from "./messages.js";

const defaultVoters = ["alice:6:for=0.7,against=0.2", "bob:5:for=0.5,against=0.5", "carol:4:against=1"];

// setup builds the table with the default voters.
export function setup() {
  $("vote-add").addEventListener("click", () => {
    addRow({ name: `player${$("vote-table").tBodies[0].rows.length + 1}`, votes: "3", probs: {}, more: "" });
    $("vote-table").tBodies[0].lastElementChild.querySelector("input").focus();
  });
  $("vote-outcomes").addEventListener("change", () => setRows(readRows()));
  $("vote-exact").addEventListener("change", exactOrTrials);
  setRows(defaultVoters.map(parseVoter));
}

// exactOrTrials offers the trials and seed only when the vote is
// simulated (an exact vote takes neither, as --exact takes no -n).
function exactOrTrials() {
  for (const id of ["vote-trials", "vote-seed"]) $(id).disabled = $("vote-exact").checked;
}

// outcomes are the table's outcome columns.
function outcomes() {
  const list = $("vote-outcomes")
    .value.split(",")
    .map((v) => v.trim())
    .filter((v) => v !== "");
  return list.length ? list : ["for", "against"];
}

// parseVoter splits a voter's text into its fields.
function parseVoter(text) {
  const parts = text.split(":");
  const probs = {};
  for (const item of (parts[2] || "").split(",")) {
    const i = item.indexOf("=");
    if (i > 0) probs[item.slice(0, i).trim()] = item.slice(i + 1).trim();
  }
  return { name: parts[0] || "", votes: parts[1] || "", probs, more: parts.slice(3).join(":") };
}

// voterText writes a row as a voter's text.
function voterText(v) {
  const probs = Object.entries(v.probs)
    .filter(([, p]) => p !== "")
    .map(([o, p]) => `${o}=${p}`);
  let t = `${v.name}:${v.votes}:${probs.length ? probs.join(",") : "abstain=1"}`;
  if (v.more) t += `:${v.more}`;
  return t;
}

function setRows(rows) {
  const outs = outcomes();
  $("vote-table").tHead.replaceChildren(
    h("tr", {}, h("th", { scope: "col" }, "Name"), h("th", { scope: "col" }, "Votes"), ...outs.map((o) => h("th", { scope: "col" }, `P(${o})`)), h("th", { scope: "col" }, "More"), h("th", { scope: "col" }, h("span", { class: "sr-only" }, "Remove"))),
  );
  $("vote-table").tBodies[0].replaceChildren();
  rowsMade = 0;
  for (const r of rows) addRow(r);
}

// rowsMade counts the rows made: each row's fields have ids of their own
// (an error marks its field, and unmarks it by its id).
let rowsMade = 0;

function addRow(v) {
  const outs = outcomes();
  const n = $("vote-table").tBodies[0].rows.length + 1;
  const id = `voter-${++rowsMade}`;
  const row = h(
    "tr",
    {},
    h("td", {}, h("input", { type: "text", id: `${id}-name`, class: "v-name", value: v.name, "aria-label": `Voter ${n} · name`, size: 8 })),
    h("td", {}, h("input", { type: "text", id: `${id}-votes`, class: "v-votes", value: v.votes, "aria-label": `Voter ${n} · votes`, size: 4, inputMode: "numeric" })),
    ...outs.map((o) => h("td", {}, h("input", { type: "text", id: `${id}-p-${o.replace(/[^\w-]/g, "_")}`, class: "v-p", "data-outcome": o, value: v.probs[o] ?? "", "aria-label": `Voter ${n} · chance of ${o}`, size: 4, placeholder: "0" }))),
    h("td", {}, h("input", { type: "text", id: `${id}-more`, class: "v-more", value: v.more, "aria-label": `Voter ${n} · more fields`, size: 10, spellcheck: false })),
    h("td", {}, h("button", { type: "button", class: "v-remove", "aria-label": `remove voter ${n}` }, "×")),
  );
  row.querySelector(".v-remove").addEventListener("click", () => row.remove());
  $("vote-table").tBodies[0].append(row);
}

function readRows() {
  return [...$("vote-table").tBodies[0].rows].map((r) => {
    const probs = {};
    for (const i of r.querySelectorAll(".v-p")) probs[i.dataset.outcome] = i.value.trim();
    return { name: r.querySelector(".v-name").value.trim(), votes: r.querySelector(".v-votes").value.trim(), probs, more: r.querySelector(".v-more").value.trim() };
  });
}

// document builds the vote document from the form.
export function document() {
  const doc = { version: 1, mode: $("vote-mode").value, outcomes: outcomes() };
  doc.voters = readRows().map(voterText);
  const speaker = $("vote-speaker").value.trim();
  if (speaker) doc.speaker = speaker;
  doc.run = $("vote-exact").checked ? { exact: true } : { trials: intValue($("vote-trials"), 100000), seed: intValue($("vote-seed"), 1) };
  return doc;
}

// load writes a vote document into the form; the outcome columns are the
// document's outcomes, or those its voters name.
export function load(doc) {
  const voters = (doc.voters || []).map(parseVoter);
  let outs = doc.outcomes || [];
  if (outs.length === 0) {
    for (const v of voters) for (const o of Object.keys(v.probs)) if (o !== "abstain" && !outs.includes(o)) outs.push(o);
  }
  $("vote-outcomes").value = outs.join(", ");
  $("vote-mode").value = doc.mode === "base" ? "base" : "preliminary";
  $("vote-speaker").value = doc.speaker || "";
  $("vote-exact").checked = Boolean(doc.run?.exact);
  exactOrTrials();
  if (doc.run?.trials) $("vote-trials").value = doc.run.trials;
  if (doc.run?.seed !== undefined) $("vote-seed").value = doc.run.seed;
  setRows(voters);
}

// show draws a vote's answer.
export function show(res) {
  const outs = res.outcomes || Object.keys(res.overall || {});
  const cell = (o, k) => h("td", { class: k }, res[k] && res[k][o] !== undefined ? fmt.pct(res[k][o]) : "–");
  $("vote-result").tBodies[0].replaceChildren(
    ...outs.map((o) => h("tr", { "data-outcome": o }, h("th", { scope: "row" }, o), cell(o, "preliminary"), cell(o, "final"), cell(o, "overall"))),
  );
  const parts = [fmt.kind(res)];
  if (res.no_majority !== undefined) parts.push(`no outcome passes outright: ${fmt.pct(res.no_majority)}`);
  if (res.final_vote_order) parts.push(`final vote order: ${res.final_vote_order.join(", ")}`);
  $("vote-summary").textContent = parts.join(" · ");
  $("vote-warnings").replaceChildren(...(res.warnings || []).map((w) => h("li", {}, words(w))));
}

// voteControls are the vote tab's controls: document path, element id.
const voteControls = {
  mode: "vote-mode", outcomes: "vote-outcomes", speaker: "vote-speaker", speaker_prefers: "vote-speaker",
  voters: "vote-table", bribery: "vote-table", players: "vote-table", duel: "vote-mode",
  "run.exact": "vote-exact", "run.trials": "vote-trials", "run.seed": "vote-seed", "run.precision": "vote-trials",
};

// voterControl finds the field of voter i's row a message is about: its
// votes, an outcome's chance, its more fields, else its name.
function voterControl(i, msg) {
  const row = $("vote-table").tBodies[0].rows[i];
  if (!row) return $("vote-table");
  const rest = msg.replace(/^"[^"]*":\s*/, "");
  const outcome = [...row.querySelectorAll(".v-p")].find((p) => new RegExp(`(^|[\\s,:])${p.dataset.outcome.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}=`).test(rest));
  if (/unknown field|final=|then=|extra=|prelim=|zeal/.test(rest)) return row.querySelector(".v-more");
  if (outcome) return outcome;
  if (/vote/i.test(rest) && !/name/.test(rest)) return row.querySelector(".v-votes");
  return row.querySelector(".v-name");
}

// error shows a vote's error, named by the control at fault (a voter's by
// its row's field; the voter's text the message quotes is left out: the
// row is named).
export function error(msg, path = "") {
  const voter = /^voters\[(\d+)\]/.exec(path);
  let control = null;
  if (voter && msg) {
    control = voterControl(Number(voter[1]), msg);
    msg = msg.replace(/^"[^"]*":\s*/, "");
  } else {
    const id = voteControls[path.replace(/\[\d+\]/g, "")];
    control = id ? $(id) : null;
  }
  showError($("vote-error"), msg, path, control);
}
