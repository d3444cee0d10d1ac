// The WebAssembly engine's Web Worker: it runs ti4sim.wasm (ti4sim's own
// code compiled with GOOS=js GOARCH=wasm, written by `ti4sim site` next to
// wasm_exec.js, the Go toolchain's loader) and answers the page as the
// service would, byte for byte.
//
// The download of ti4sim.wasm starts as the worker starts, before the
// loader is read, and it is compiled while it streams in
// (WebAssembly.instantiateStreaming) when the host serves it as
// application/wasm.
//
// Page → worker: {id, kind, body}: kind combat, compare, advise, vote,
// import, units or catalog; body the JSON text the service's endpoint takes (""
// for the catalog).
// Worker → page: {ready: true} once the engine answers, or {ready: false,
// error} when it cannot load; {id, progress: {done, total}} zero or more
// times during a Monte Carlo run, then {id, status, body}: the HTTP status
// and the body (a string) the service would answer.
//
// Requests are answered one at a time in the order received; those that
// arrive before the engine is ready wait for it. When the engine cannot be
// loaded (or stops), every request waiting and every later one is answered
// 500 with {"error": "...", "path": ""} naming the failure. To cancel a
// run the page terminates the worker and starts another (the browser keeps
// ti4sim.wasm in its cache).
"use strict";

// wasm is the engine's download, begun at once (its failure is reported
// when load awaits it).
const wasm = fetch("ti4sim.wasm");
wasm.catch(() => {});

const queue = []; // requests not yet answered, in the order received
let handle = null; // globalThis.ti4simHandle once the engine is ready
let failure = ""; // why the engine is unusable, once it is
let exited = null; // settles with {stopped: true} when the Go program ends
let pumping = false;

self.onmessage = (e) => {
  queue.push(e.data);
  pump();
};

// errorBody is the service's error answer: {"error": msg, "path": ""}.
function errorBody(msg) {
  return JSON.stringify({ error: msg, path: "" });
}

// fail makes the engine unusable for the reason msg and answers what waits.
function fail(msg) {
  if (!failure) {
    failure = msg;
    handle = null;
    postMessage({ ready: false, error: msg });
  }
  pump();
}

// pump answers the queued requests in order while the engine is ready (or
// has failed); one runs at a time.
async function pump() {
  if (pumping) {
    return;
  }
  pumping = true;
  while (queue.length > 0 && (handle || failure)) {
    const { id, kind, body } = queue.shift();
    if (failure) {
      postMessage({ id, status: 500, body: errorBody(failure) });
      continue;
    }
    try {
      const onProgress = (done, total) => postMessage({ id, progress: { done, total } });
      const answer = await Promise.race([handle(String(kind), String(body ?? ""), onProgress), exited]);
      if (answer.stopped) {
        fail("the WebAssembly engine stopped during a run (see the console); reload the page");
        postMessage({ id, status: 500, body: errorBody(failure) });
        continue;
      }
      postMessage({ id, status: answer.status, body: answer.body });
    } catch (err) {
      postMessage({ id, status: 500, body: errorBody("the WebAssembly engine failed: " + message(err)) });
    }
  }
  pumping = false;
}

function message(err) {
  return err && err.message ? err.message : String(err);
}

// instantiate compiles ti4sim.wasm as it downloads: streaming when the host
// serves it as application/wasm, from its bytes otherwise (a host that
// serves .wasm under another type would make streaming compilation fail).
async function instantiate(go) {
  const resp = await wasm;
  if (!resp.ok) {
    throw new Error(`fetching ti4sim.wasm: HTTP ${resp.status} ${resp.statusText}`.trim());
  }
  const type = (resp.headers.get("Content-Type") || "").split(";")[0].trim().toLowerCase();
  if (type === "application/wasm" && typeof WebAssembly.instantiateStreaming === "function") {
    return (await WebAssembly.instantiateStreaming(resp, go.importObject)).instance;
  }
  return (await WebAssembly.instantiate(await resp.arrayBuffer(), go.importObject)).instance;
}

async function load() {
  try {
    importScripts("wasm_exec.js");
  } catch (err) {
    throw new Error("loading wasm_exec.js: " + message(err));
  }
  const go = new Go();
  const instance = await instantiate(go);
  // run returns once Go's main waits for calls, having registered
  // ti4simHandle; its promise settles when the program ends.
  exited = go.run(instance).then(
    () => ({ stopped: true }),
    () => ({ stopped: true }),
  );
  exited.then(() => fail("the WebAssembly engine stopped (see the console); reload the page"));
  if (typeof globalThis.ti4simHandle !== "function") {
    throw new Error("ti4sim.wasm registered no ti4simHandle");
  }
  handle = globalThis.ti4simHandle;
  postMessage({ ready: true });
  pump();
}

load().catch((err) => fail("the WebAssembly engine did not load: " + message(err)));
