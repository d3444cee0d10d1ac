// The engine the page asks: the service that served it (engine.json
// {"engine": "service"}) or ti4sim.wasm in a Web Worker ({"engine":
// "wasm"}, as `ti4sim site` writes it). Both answer {status, body} with
// the service's status and bytes, and report Monte Carlo progress.

// Cancelled is thrown by a run that was cancelled.
export class Cancelled extends Error {
  constructor() {
    super("cancelled");
    this.name = "Cancelled";
  }
}

// load reads engine.json and returns the engine it names.
export async function load() {
  const r = await fetch("engine.json", { cache: "no-cache" });
  if (!r.ok) throw new Error(`engine.json: HTTP ${r.status}`);
  const cfg = await r.json();
  if (cfg.engine === "wasm") return new WorkerEngine();
  if (cfg.engine === "service") return new ServiceEngine();
  throw new Error(`engine.json: unknown engine ${JSON.stringify(cfg.engine)}`);
}

const paths = { combat: "v1/combat", compare: "v1/compare", advise: "v1/advise", vote: "v1/vote", import: "v1/import" };

// ServiceEngine posts documents to the service; runs stream their progress
// (Accept: application/x-ndjson).
class ServiceEngine {
  constructor() {
    this.name = "service";
  }

  // run answers one request: kind, the JSON text body; onProgress(done,
  // total); signal an AbortSignal. It resolves to {status, body}.
  async run(kind, body, { onProgress, signal } = {}) {
    try {
      if (kind === "catalog") {
        const r = await fetch("v1/catalog", { signal });
        return { status: r.status, body: await r.text() };
      }
      const stream = kind !== "import";
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

// WorkerEngine runs ti4sim.wasm in a Web Worker (worker.js). A cancelled
// run terminates the worker; the next run starts a new one (the browser
// keeps ti4sim.wasm in its cache).
class WorkerEngine {
  constructor() {
    this.name = "wasm";
    this.worker = null;
    this.next = 1;
    this.pending = new Map();
  }

  start() {
    this.worker = new Worker("worker.js");
    this.worker.onmessage = (e) => {
      const m = e.data;
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
          this.worker = null;
        });
      }
      this.pending.set(id, { resolve, reject, onProgress });
      this.worker.postMessage({ id, kind, body });
    });
  }
}
