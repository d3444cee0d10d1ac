// Import an AsyncTI4 game: the battle at one tile of a game of the
// AsyncTI4 Discord bot becomes the Battle tab's battle, through the
// engine's import (kind "import", {"asyncti4": {...}}; docs/asyncti4.md).
// The game comes either as the bot's text save (a file chosen, or its text
// pasted: {"save": TEXT}), or by its game id: the page then fetches the
// game's public web data from the bot itself, from the browser
// (https://bot.asyncti4.com/api/public/game/ID/web-data, the bot's
// GameWebDataController), and sends it as {"webdata": <that JSON>}. When
// the bot cannot be reached from the page (offline, or the bot refuses
// other sites' pages), or the engine does not read web data, the page says
// so and points to the save.
//
// Test only: a page opened with ?asyncti4-api=http://127.0.0.1:PORT (a
// loopback address, nothing else) fetches the web data from there instead,
// so that the browser tests serve it themselves.

import { $, h } from "./dom.js";
import { showError, words } from "./messages.js";

// botAPI is the bot's address.
const botAPI = "https://bot.asyncti4.com";

// maxData is the most characters of web data or save the page sends (the
// engine's body limit is 1 MiB).
const maxData = 1000000;

// fetchTimeout is how long the page waits for the bot (ms).
const fetchTimeout = 30000;

let engine = null;
// opened is called with an import's answer ({scenario, warnings}) and
// opens it in the Battle tab; it returns what the form could not show.
let opened = null;

// apiBase is where the game's web data is fetched: the bot, or in a test a
// loopback server named by ?asyncti4-api=.
export function apiBase() {
  const test = new URLSearchParams(location.search).get("asyncti4-api");
  if (test && /^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(test)) return test;
  return botAPI;
}

// setup wires the controls; onImported(answer) opens an import's answer.
export function setup(eng, onImported) {
  engine = eng;
  opened = onImported;
  const box = $("asyncti4-box");
  // Its inputs are no inputs of the battle: the form's listeners skip them.
  for (const type of ["input", "change"]) box.addEventListener(type, (e) => e.stopPropagation());
  box.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" || e.target.tagName !== "INPUT" || e.target.type === "file") return;
    e.preventDefault();
    if (e.target.id === "async-game" || ($("async-game").value.trim() && !saveText())) fromGame();
    else fromSave();
  });
  $("async-fetch").addEventListener("click", () => fromGame());
  $("async-go").addEventListener("click", () => fromSave());
  $("async-file").addEventListener("change", async () => {
    const f = $("async-file").files[0];
    if (!f) return;
    try {
      $("async-save").value = await f.text();
      say(`Read ${f.name}. Give the tile and press Import the save.`);
      error("");
      if ($("async-tile").value.trim()) fromSave();
    } catch (e) {
      error(`${f.name} could not be read (${e.message})`, $("async-file"));
    }
  });
}

// saveText is the save pasted or read from the file chosen.
function saveText() {
  return $("async-save").value;
}

// where is the request's tile, planet and attacker, or null (the error
// shown) without a tile unless live (the game id's path, where no tile
// asks for the combat in progress).
function where(live = false) {
  const tile = $("async-tile").value.trim();
  if (!tile && !live) {
    error("give the tile's position on the bot's map, e.g. 310", $("async-tile"));
    return null;
  }
  const out = tile ? { tile } : {};
  const planet = $("async-planet").value.trim();
  const attacker = $("async-attacker").value.trim();
  if (planet) out.planet = planet;
  if (attacker) out.attacker = attacker;
  return out;
}

// fromSave imports the battle at the tile of the save given.
async function fromSave() {
  error("");
  const save = saveText();
  if (!save.trim()) {
    error("choose the game's save file or paste its text first", $("async-file"));
    return;
  }
  const at = where();
  if (!at) return;
  if (save.length > maxData) {
    error("the save is larger than the engine takes (1 MB)", $("async-save"));
    return;
  }
  await importGame({ save, ...at }, "the save");
}

// gameId reads the game id field: an id (pbd10972), or a link of the
// bot's web map that holds one.
function gameId() {
  const text = $("async-game").value.trim();
  const m = /\/game\/([A-Za-z0-9_-]+)/.exec(text) || /^([A-Za-z0-9_-]{1,64})$/.exec(text);
  return m ? m[1] : "";
}

// fromGame fetches the game's web data from the bot and imports the
// battle at the tile; with no tile, it fetches the game's state too and
// imports the combat in progress (the bot's activeCombat).
async function fromGame() {
  error("");
  const id = gameId();
  if (!id) {
    error($("async-game").value.trim() ? "a game id is letters, digits, - and _ (e.g. pbd10972)" : "give the game's id first, e.g. pbd10972", $("async-game"));
    return;
  }
  const at = where(true);
  say(`Fetching game ${id} from the bot…`);
  const req = { ...at };
  try {
    req.webdata = await fetchGame(id, "web-data");
    if (!at.tile) req.gamestate = await fetchGame(id, "game-state");
  } catch (e) {
    say("");
    error(`${e.message}. Instead, download the game's save from the bot and choose it below, or paste it.`, $("async-game"));
    return;
  }
  await importGame(req, `game ${id}`);
}

// fetchGame fetches one of a game's public documents from the bot
// (web-data: its map and players; game-state: the combat in progress):
// its JSON, or an Error saying in words why there is none.
async function fetchGame(id, doc) {
  const url = `${apiBase()}/api/public/game/${encodeURIComponent(id)}/${doc}`;
  let r;
  try {
    r = await fetch(url, { signal: AbortSignal.timeout(fetchTimeout), credentials: "omit" });
  } catch (e) {
    if (e.name === "TimeoutError") throw new Error(`The bot did not answer within ${fetchTimeout / 1000} seconds`);
    throw new Error("The page could not reach the bot: you may be offline, or the bot does not answer other sites' pages");
  }
  if (r.status === 404) throw new Error(`The bot has no public game ${id} (a Fog of War game's map is not public)`);
  if (!r.ok) throw new Error(`The bot answered ${r.status} for game ${id}`);
  const text = await r.text();
  if (text.length > maxData) throw new Error(`Game ${id}'s data is larger than the engine takes (1 MB)`);
  try {
    return JSON.parse(text);
  } catch {
    throw new Error(`The bot's answer for game ${id} is not its game data`);
  }
}

// importGame asks the engine for the battle (req: save or webdata, tile,
// planet, attacker) and opens it; what names the game in messages.
async function importGame(req, what) {
  const battle = req.tile ? `the battle at tile ${req.tile}` : "the combat in progress";
  say(`Importing ${battle} of ${what}…`);
  $("async-warnings").replaceChildren();
  let ans;
  try {
    ans = await engine.run("import", JSON.stringify({ asyncti4: req }));
  } catch (e) {
    say("");
    error(`not imported: ${e.message}`);
    return;
  }
  const body = JSON.parse(ans.body);
  if (ans.status !== 200) {
    say("");
    showImportError(body, ans.status, Boolean(req.webdata));
    return;
  }
  error("");
  const missed = opened(body);
  say(`Imported ${battle} of ${what}.${missed.length ? ` Not shown in the form: ${missed.join(", ")}.` : ""}`);
  $("async-warnings").replaceChildren(...body.warnings.map((w) => h("li", {}, words(w))));
}

// showImportError shows the engine's refusal at the control it concerns.
function showImportError(body, status, webdata) {
  const path = body.path || "";
  if (status === 413) {
    error("the game is larger than the engine takes (1 MB)", webdata ? $("async-game") : $("async-save"));
    return;
  }
  let control = { "asyncti4.tile": "async-tile", "asyncti4.planet": "async-planet", "asyncti4.attacker": "async-attacker", "asyncti4.save": "async-save", "asyncti4.gamestate": "async-tile" }[path];
  // The importer's words for the command line's --attacker and --planet
  // are this box's fields.
  if (/--attacker\b/.test(body.error)) control = "async-attacker";
  else if (/--planet\b/.test(body.error)) control = "async-planet";
  const msg = body.error.replace(/ \(want \{.*$/, "").replace(/\(--attacker\)/g, "in the Attacker field").replace(/\(--planet\)/g, "in the Planet field");
  error(msg, $(control || (webdata ? "async-game" : "async-save")));
}

// error shows msg at control ("" hides it), after the control's label or
// name (the save's controls are named "The save").
function error(msg, control = null) {
  showError($("async-error"), msg, "", msg ? control : null);
  if (msg && control && ["async-file", "async-save"].includes(control.id)) $("async-error").textContent = `The save: ${words(msg)}`;
}

// say shows how the import goes.
function say(text) {
  $("async-status").textContent = text;
}
