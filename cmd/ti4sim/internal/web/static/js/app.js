// The page: loads the engine and the catalog, builds the forms, keeps the
// URL fragment equal to the scenario shown (a share link), and answers as
// the user edits — debounced, exact when the solver allows it, Monte Carlo
// otherwise with progress and a cancel button. An answer to an older
// scenario is never shown as current: it is dropped, and the figures of an
// edited scenario are marked outdated until the new answer arrives.

import { $ } from "./dom.js";
import * as engines from "./engine.js";
import { Battle } from "./battle.js";
import { Results } from "./results.js";
import * as compare from "./compare.js";
import * as advise from "./advise.js";
import * as vote from "./vote.js";
import * as luck from "./luck.js";
import * as share from "./share.js";
import * as sides from "./sides.js";
import * as memory from "./memory.js";
import * as help from "./help.js";
import { Busy } from "./busy.js";
import { noteCombat, words } from "./messages.js";
import * as systemResult from "./systemresult.js";
import * as policyResult from "./policyresult.js";
import * as homebrew from "./homebrew.js";
import * as asyncti4 from "./asyncti4.js";

// The standard battle (ti4sim space with no -a/-d): the page's first answer.
const standard = {
  version: 1,
  action: "space",
  ruleset: "ti4",
  attacker: { fleet: [{ unit: "carrier", count: 3 }, { unit: "fighter", count: 6 }] },
  defender: { fleet: [{ unit: "dreadnought", count: 1 }, { unit: "destroyer", count: 2 }, { unit: "fighter", count: 3 }, { unit: "space dock", count: 1 }] },
  run: { prefer_exact: true, trials: 100000, seed: 1 },
};

const debounceMs = 350;

// onBattle are the tabs whose documents start from the Battle tab's
// scenario: each module builds its document from it, loads and shows.
const onBattle = { compare, advise };

let engine;
let battle;
const results = new Results();
let timer = 0;
// running is the AbortController of the run in progress; generation
// counts the battle scenarios asked, so an older answer is dropped.
let running = null;
let generation = 0;
let seq = 0;
// lastHash is the fragment the page wrote itself (not a pasted link).
let lastHash = "";

main().catch((e) => fatal(e));

// main starts the page: the engine starts loading (a WebAssembly engine's
// download begins at once), the form is built from the catalogue, fetched
// apart from the engine, and shown complete (body[data-ready]) while the
// engine may still load, a status line saying so; the first answer runs
// as soon as the engine is ready. Chart.js loads once the first answer is
// shown (results.js), its charts drawn then: it never delays the figures.
async function main() {
  engine = await engines.load();
  const catalog = await engine.catalog();
  battle = new Battle(catalog);
  compare.setup(catalog);
  vote.setup();
  luck.setup(catalog);
  if (engine.name === "wasm") $("api-link").closest("footer").hidden = true;
  wire();
  sides.setup(battle, standard);
  memory.watch();
  help.setup($("battle"));
  homebrew.setup(engine, battle, () => battleEdited(0));
  asyncti4.setup(engine, openImported);
  if (!openFragment(location.hash)) {
    battle.load(memory.recall(standard));
    battleEdited(0);
    restoreHomebrew();
  }
  document.body.dataset.ready = "true";
  showEngineLoading();
}

// restoreHomebrew loads the unit files remembered on this device; the
// sample battle, still untouched, opens again with the factions
// remembered, which may be homebrew ones.
async function restoreHomebrew() {
  const sample = lastHash;
  if (!(await homebrew.restore())) return;
  if (lastHash === sample) {
    battle.load(memory.recall(standard));
    battleEdited(0);
  }
}

// showEngineLoading says, under the form, that the engine is loading
// until it is ready, or why it could not load.
function showEngineLoading() {
  const l = $("loading");
  l.textContent = "Loading the engine… the form is ready; the answer follows.";
  engine.ready.then(
    () => {
      l.hidden = true;
    },
    (e) => {
      l.classList.add("error");
      l.textContent = `The engine could not load: ${e.message}`;
    },
  );
}

// fatal shows an error that stops the page.
function fatal(e) {
  const l = $("loading");
  l.hidden = false;
  l.classList.add("error");
  l.textContent = `The page could not start: ${e.message}`;
}

function wire() {
  const form = $("battle");
  form.addEventListener("submit", (e) => e.preventDefault());
  form.addEventListener("click", (e) => {
    const b = e.target.closest("button");
    if (b && battle.step(b)) battleEdited();
  });
  form.addEventListener("input", (e) => {
    if (e.target.id === "import-link") return;
    battleEdited();
  });
  form.addEventListener("change", (e) => {
    const id = e.target.id;
    if (id === "ruleset") battle.applyRuleset();
    else if (/^[ad]-faction$/.test(id)) {
      const s = { p: id[0], role: id[0] === "a" ? "attacker" : "defender" };
      battle.applyFaction(s, battle.readSide(s.p, s.role));
    } else if (id === "import-link") return;
    battleEdited();
  });
  // Enter in the import box imports (a number input steps with the arrow
  // keys by itself).
  form.addEventListener("keydown", (e) => {
    if (e.key === "Enter" && e.target.id === "import-link") {
      e.preventDefault();
      importLink();
    }
  });
  $("run").addEventListener("click", () => runBattle());
  $("cancel").addEventListener("click", () => cancel());
  $("share").addEventListener("click", () => copyLink());
  $("summary").addEventListener("click", () => $("result").scrollIntoView({ behavior: "smooth", block: "start" }));
  $("import-go").addEventListener("click", () => importLink());
  for (const kind of Object.keys(onBattle)) $(`${kind}-run`).addEventListener("click", () => runOnBattle(kind));
  $("vote-run").addEventListener("click", () => runVote());
  $("luck-run").addEventListener("click", () => runLuck());
  window.addEventListener("hashchange", () => {
    if (location.hash !== lastHash) openFragment(location.hash);
  });
  // Tabs: click, and the arrow keys between them.
  const tabs = ["battle", "compare", "advise", "vote", "luck"];
  for (const t of tabs) $(`tab-${t}`).addEventListener("click", () => selectTab(t));
  $("tab-battle")
    .closest("[role=tablist]")
    .addEventListener("keydown", (e) => {
      const i = tabs.findIndex((t) => $(`tab-${t}`) === document.activeElement);
      if (i < 0) return;
      let j = -1;
      if (e.key === "ArrowRight") j = (i + 1) % tabs.length;
      if (e.key === "ArrowLeft") j = (i + tabs.length - 1) % tabs.length;
      if (e.key === "Home") j = 0;
      if (e.key === "End") j = tabs.length - 1;
      if (j < 0) return;
      e.preventDefault();
      selectTab(tabs[j]);
      $(`tab-${tabs[j]}`).focus();
    });
}

function selectTab(name) {
  for (const t of ["battle", "compare", "advise", "vote", "luck"]) {
    const on = t === name;
    const tab = $(`tab-${t}`);
    tab.setAttribute("aria-selected", on ? "true" : "false");
    tab.tabIndex = on ? 0 : -1;
    $(`panel-${t}`).hidden = !on;
  }
  $("summary").classList.toggle("off", name !== "battle");
  if (name === "luck") luck.followBattle(battle.document());
}

// battleEdited records an edit: the link follows the form, the answer
// shown is marked outdated, and a run starts after a pause in the typing.
function battleEdited(delay = debounceMs) {
  battle.refreshNames();
  setHash(share.encode("combat", battle.document()));
  tabsOnBattleEdited();
  generation++;
  if (running) {
    running.abort();
    running = null;
  }
  if ($("result").dataset.state === "done") results.setState("stale", "— outdated, updating…");
  clearTimeout(timer);
  timer = setTimeout(() => runBattle(), delay);
}

function setHash(h) {
  lastHash = h;
  if (location.hash !== h) history.replaceState(null, "", h);
}

// runBattle answers the form's scenario now.
async function runBattle() {
  clearTimeout(timer);
  if (running) running.abort();
  const gen = ++generation;
  const ac = new AbortController();
  running = ac;
  const doc = battle.document();
  results.error("");
  $("fallback").hidden = true;
  for (const side of ["attacker", "defender"]) {
    // A system's planets hold the defender's ground forces: its fleet may
    // then have no ship.
    if (doc[side].fleet.length === 0 && !(side === "defender" && doc.system?.planets?.length)) {
      running = null;
      results.clear();
      systemResult.show({});
      policyResult.show({});
      results.setState("idle", "");
      results.error(`give the ${side} at least one unit`, `${side}.fleet`);
      return;
    }
  }
  noteCombat(doc);
  results.progress(0, 1);
  results.setState("running", doc.run.prefer_exact ? "— computing…" : "— simulating…");
  const opts = { signal: ac.signal, onProgress: (d, t) => gen === generation && results.progress(d, t) };
  try {
    const ans = await engine.run("combat", JSON.stringify(doc), opts);
    const err = ans.status === 200 ? null : JSON.parse(ans.body);
    if (gen !== generation) return; // an answer to an older scenario
    running = null;
    if (err) {
      results.clear();
      systemResult.show({});
      policyResult.show({});
      results.error(err.error, err.path);
      results.setState("error", "");
      return;
    }
    const res = systemResult.adapt(policyResult.adapt(JSON.parse(ans.body)));
    if (doc.run.prefer_exact && !res.exact) {
      // Exact mode could not answer this battle: the engine simulated it
      // and its warning says why.
      const why = (res.warnings || []).find((w) => w.startsWith("not exact: "));
      $("fallback").hidden = false;
      $("fallback").textContent = why ? words(why).replace(/^not exact: /, "Not exact: ").replace(/; simulated instead.*$/, ". Monte Carlo instead.") : "Not exact: Monte Carlo instead.";
    }
    results.show(res, doc);
    systemResult.show(res);
    policyResult.show(res);
    $("result").dataset.seq = String(++seq);
    results.setState("done", "");
  } catch (e) {
    if (gen !== generation) return;
    running = null;
    if (e instanceof engines.Cancelled) {
      if (!ac.signal.aborted) return runBattle(); // the worker stopped for another tab's Cancel
      results.setState("stale", "— cancelled; press Run now for an answer");
      return;
    }
    results.error(e.message);
    results.setState("error", "");
  }
}

function cancel() {
  generation++;
  clearTimeout(timer);
  if (running) running.abort();
  running = null;
  results.setState("stale", "— cancelled; press Run now for an answer");
}

// openFragment loads a share link's document; it returns false when the
// fragment holds none. A damaged link says so (#link-status) and opens
// nothing: the page shows the sample battle when it is the link the page
// was opened with, else keeps what it shows.
function openFragment(hash) {
  let link;
  try {
    link = share.decode(hash);
  } catch (e) {
    const first = lastHash === "";
    linkStatus(`This link is damaged: ${e.message}; ${first ? "showing the sample battle instead" : "the page keeps what it showed"}.`);
    return !first;
  }
  if (!link) return false;
  linkStatus("");
  lastHash = hash;
  const { kind, doc } = link;
  if (homebrew.unitsOfDocument(doc).length) {
    // Its homebrew units first: their factions are the sides'.
    homebrew.open(doc).then((why) => {
      openDocument(kind, doc);
      if (why) linkStatus(`This link's ${why}; its battle is shown without them.`);
    });
    return true;
  }
  openDocument(kind, doc);
  return true;
}

// openDocument shows a link's document in its tab and answers it.
function openDocument(kind, doc) {
  if (kind === "combat") {
    showMissed(battle.load(doc));
    selectTab("battle");
    battleEdited(0);
  } else if (kind in onBattle) {
    showMissed(battle.load(doc.scenario || {}));
    onBattle[kind].load(doc);
    selectTab(kind);
    battle.refreshNames();
    runOnBattle(kind);
  } else if (kind === "vote") {
    vote.load(doc);
    selectTab("vote");
    runVote();
  } else if (kind === "luck") {
    // A battle's end is the Battle tab's battle and the units left.
    if (doc.result) showMissed(battle.load(doc.result.scenario || {}));
    battle.refreshNames();
    selectTab("luck");
    luck.load(doc, battle.document());
    runLuck();
  }
}

// linkStatus says what is wrong with the link opened ("" hides it).
function linkStatus(text) {
  const el = $("link-status");
  el.hidden = !text;
  $("link-status-words").textContent = text;
  if (!el.dataset.wired) {
    el.dataset.wired = "true";
    $("link-status-dismiss").addEventListener("click", () => (el.hidden = true));
  }
}

function showMissed(missed) {
  $("share-status").textContent = missed.length ? `Not shown in the form: ${missed.join(", ")}` : "";
}

async function copyLink() {
  const url = location.href;
  const status = $("share-status");
  try {
    await navigator.clipboard.writeText(url);
    status.textContent = "Link copied.";
  } catch {
    // No clipboard (permissions, an insecure origin): show the link.
    status.textContent = url;
  }
}

async function importLink() {
  const link = $("import-link").value.trim();
  const status = $("share-status");
  if (!link) {
    status.textContent = "Paste a ti4battle.com link first.";
    return;
  }
  try {
    const ans = await engine.run("import", JSON.stringify({ link }));
    const body = JSON.parse(ans.body);
    if (ans.status !== 200) {
      status.textContent = `Not imported: ${words(body.error)}`;
      return;
    }
    // A ti4battle.com link carries no run (ti4battle always simulates):
    // the importer writes "run": {}, which the form would read as Monte
    // Carlo. The form's Method, trials and seed stay unless the document
    // asks for a run.
    const missed = openImported(body);
    const notes = [...body.warnings.map(words), ...missed.map((m) => `not shown: ${m}`)];
    status.textContent = `Imported.${notes.length ? " " + notes.join("; ") : ""}`;
    $("import-link").value = "";
  } catch (e) {
    status.textContent = `Not imported: ${words(e.message)}`;
  }
}

// openImported opens an import's answer ({scenario, warnings}) in the
// Battle tab and answers it; it returns what the form could not show.
function openImported(body) {
  // A ti4battle.com link carries no run (ti4battle always simulates), nor
  // does an AsyncTI4 game: the importer writes "run": {}, which the form
  // would read as Monte Carlo. The form's Method, trials and seed stay
  // unless the document asks for a run.
  const scenario = body.scenario;
  if (!scenario.run || Object.keys(scenario.run).length === 0) scenario.run = battle.run();
  const missed = battle.load(scenario);
  selectTab("battle");
  battleEdited(0);
  return missed;
}

// busy holds each tab's Busy (busy.js), made at its first run.
const busy = {};

// runWords are the words of each tab's run button.
const runWords = { compare: "Compare", advise: "Advise", vote: "Odds", luck: "How lucky?" };

// busyOf returns a tab's Busy; at its first run the tab's form starts to
// mark the answer outdated when it changes.
function busyOf(kind) {
  if (!busy[kind]) {
    busy[kind] = new Busy(kind, runWords[kind]);
    if (kind === "advise") advise.wire(() => runOnBattle("advise"));
    for (const type of ["input", "change"]) $(kind).addEventListener(type, () => busy[kind].outdated("the question above changed"));
    $(kind).addEventListener("click", (e) => {
      if (e.target.closest(".v-remove, #vote-add")) busy[kind].outdated("the question above changed");
    });
  }
  return busy[kind];
}

// tabsOnBattleEdited follows an edit of the Battle tab: the answers of
// the tabs that answer its battle are outdated, and Advise names the
// defender it will advise against.
function tabsOnBattleEdited() {
  for (const kind of Object.keys(onBattle)) busy[kind]?.outdated("the Battle tab changed");
  if ($("luck-mode").value === "result") busy.luck?.outdated("the Battle tab changed");
  advise.showAgainst(battle.document(), battle.cat);
}

// runOnBattle answers such a tab's document for the Battle tab's scenario.
async function runOnBattle(kind) {
  const view = onBattle[kind];
  const combat = battle.document();
  if (kind === "advise") advise.showAgainst(combat, battle.cat);
  await runTab(kind, view.document(combat, battle.trialsRun()), view);
}

async function runVote() {
  await runTab("vote", vote.document(), vote);
}

// runLuck answers the Luck tab's question: a battle's end (the Battle
// tab's battle), a roll or the bot's totals.
async function runLuck() {
  await runTab("luck", luck.document(battle.document()), luck);
}

// runTab answers a compare, advise, vote or luck document in its tab (view: its
// module, with show and error): the link follows the document; the tab is
// busy (progress where the engine reports it, Cancel) until the answer or
// the engine's error is shown; an answer to a run since replaced or
// cancelled is dropped.
async function runTab(kind, doc, view) {
  setHash(share.encode(kind, doc));
  const b = busyOf(kind);
  const run = b.start();
  const combat = doc.scenario || doc.result?.scenario;
  if (combat) noteCombat(combat);
  view.error("");
  try {
    const ans = await engine.run(kind, JSON.stringify(doc), { signal: run.signal, onProgress: run.onProgress });
    if (!run.current()) return;
    const body = JSON.parse(ans.body);
    if (ans.status !== 200) {
      b.failed();
      view.error(body.error, body.path);
      return;
    }
    view.show(body, doc, battle.cat);
    b.done();
  } catch (e) {
    if (!run.current()) return;
    if (e instanceof engines.Cancelled) {
      // Not this run's Cancel: the WebAssembly worker was stopped to cancel
      // another tab's run, and took this one with it. It runs again.
      if (!run.signal.aborted) return runTab(kind, doc, view);
      b.cancelled();
      return;
    }
    b.failed();
    view.error(e.message);
  }
}
