// The engine the page asks: the service that served it (engine.json
// {"engine": "service"}) or ti4sim.wasm in a Web Worker ({"engine":
// "wasm"}, as `ti4sim site` writes it). Both answer {status, body} with
// the service's status and bytes, and report Monte Carlo progress. The
// catalogue, from which the page builds its form, is fetched apart from
// the engine (catalog): the service's v1/catalog, or the site's
// catalog.json, the catalogue its engine answers; so the form is complete
// while ti4sim.wasm still downloads. ready settles when the engine
// answers (at once for the service).

// Cancelled is thrown by a run that was cancelled.
export class Cancelled extends Error {
  constructor() {
    super("cancelled");
    this.name = "Cancelled";
  }
}

// load reads engine.json and returns the engine it names; a WebAssembly
// engine starts loading at once.
export async function load() {
  const r = await fetch("engine.json", { cache: "no-cache" });
  if (!r.ok) throw new Error(`engine.json: HTTP ${r.status}`);
  const cfg = await r.json();
  if (cfg.engine === "wasm") return new WorkerEngine();
  if (cfg.engine === "service") return new ServiceEngine();
  throw new Error(`engine.json: unknown engine ${JSON.stringify(cfg.engine)}`);
}

const paths = { combat: "v1/combat", compare: "v1/compare", advise: "v1/advise", vote: "v1/vote", luck: "v1/luck", import: "v1/import", units: "v1/units" };

// fetchCatalog fetches the catalogue at url.
async function fetchCatalog(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return r.json();
}

// ServiceEngine posts documents to the service; runs stream their progress
// (Accept: application/x-ndjson).
class ServiceEngine {
  constructor() {
    this.name = "service";
    this.ready = Promise.resolve();
  }

  // catalog fetches the catalogue (GET v1/catalog).
  catalog() {
    return fetchCatalog("v1/catalog");
  }

  // run answers one request: kind, the JSON text body; onProgress(done,
  // total); signal an AbortSignal. It resolves to {status, body}.
  async run(kind, body, { onProgress, signal } = {}) {
    try {
      if (kind === "catalog") {
        const r = await fetch("v1/catalog", { signal });
        return { status: r.status, body: await r.text() };
      }
      const stream = kind !== "import" && kind !== "units";
      const r = await fetch(paths[kind], {
        method: "POST",
        body,
        signal,
        headers: { "Content-Type": "application/json", Accept: stream ? "application/x-ndjson" : "application/json" },
      });
      const type = r.headers.get("Content-Type") || "";
      if (!type.startsWith("application/x-ndjson")) {
        return { status: r.status, body: await r.text() };
      }
      return await readStream(r, onProgress);
    } catch (e) {
      if (e.name === "AbortError") throw new Cancelled();
      throw e;
    }
  }
}

// readStream reads a streamed answer: progress lines, then one result or
// error line.
async function readStream(r, onProgress) {
  const reader = r.body.getReader();
  const dec = new TextDecoder();
  let buf = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buf += dec.decode(value, { stream: true });
    let nl;
    while ((nl = buf.indexOf("\n")) >= 0) {
      const line = buf.slice(0, nl);
      buf = buf.slice(nl + 1);
      if (!line.trim()) continue;
      const msg = JSON.parse(line);
      if (msg.progress) {
        if (onProgress) onProgress(msg.progress.done, msg.progress.total);
      } else if ("result" in msg) {
        return { status: 200, body: JSON.stringify(msg.result) };
      } else if ("error" in msg) {
        return { status: msg.status || 500, body: JSON.stringify({ error: msg.error, path: msg.path || "" }) };
      }
    }
    if (done) throw new Error("the service's answer ended without a result");
  }
}

// WorkerEngine runs ti4sim.wasm in a Web Worker (worker.js), started at
// once so that the download begins while the page builds its form. A
// cancelled run terminates the worker and starts another (the browser
// keeps ti4sim.wasm in its cache).
class WorkerEngine {
  constructor() {
    this.name = "wasm";
    this.worker = null;
    this.next = 1;
    this.pending = new Map();
    this.ready = new Promise((resolve, reject) => {
      this.loaded = { resolve, reject };
    });
    this.ready.catch(() => {}); // a run waiting for the engine reports it too
    this.start();
  }

  // catalog fetches the site's catalogue (catalog.json, written by ti4sim
  // site: the catalogue the engine answers).
  catalog() {
    return fetchCatalog("catalog.json");
  }

  start() {
    this.worker = new Worker("worker.js");
    this.worker.onmessage = (e) => {
      const m = e.data;
      if ("ready" in m) {
        if (m.ready) this.loaded.resolve();
        else this.loaded.reject(new Error(m.error));
        return;
      }
      const p = this.pending.get(m.id);
      if (!p) return;
      if (m.progress) {
        if (p.onProgress) p.onProgress(m.progress.done, m.progress.total);
        return;
      }
      this.pending.delete(m.id);
      p.resolve({ status: m.status, body: m.body });
    };
    this.worker.onerror = (e) => {
      e.preventDefault();
      const err = new Error("the WebAssembly engine stopped: " + (e.message || "unknown error"));
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
      this.loaded.reject(err);
      this.worker.terminate();
      this.worker = null;
    };
  }

  run(kind, body, { onProgress, signal } = {}) {
    if (!this.worker) this.start();
    const id = this.next++;
    return new Promise((resolve, reject) => {
      if (signal) {
        if (signal.aborted) return reject(new Cancelled());
        signal.addEventListener("abort", () => {
          if (!this.pending.has(id)) return;
          // The worker computes without yielding: stop it, and every run
          // it was answering.
          for (const [pid, p] of this.pending) {
            p.reject(new Cancelled());
            this.pending.delete(pid);
          }
          this.worker.terminate();
          this.start(); // ready for the next run at once
        });
      }
      this.pending.set(id, { resolve, reject, onProgress });
      this.worker.postMessage({ id, kind, body });
    });
  }
}
