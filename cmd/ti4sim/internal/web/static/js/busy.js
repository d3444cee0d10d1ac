// A tab's work in progress: while a run computes, the tab says so — a
// progress bar of the trials done where the engine reports them (Monte
// Carlo), an indeterminate bar and the seconds elapsed where it cannot
// (exact solving, advice) — with a Cancel button that stops the run; the
// answer shown is greyed and marked outdated when a new run starts or the
// question changes, and stays marked after a cancel or an error.
//
// The markup of a tab KIND (compare, advise, vote): #KIND-out (its
// data-state: idle, running, done, stale or error; aria-busy), #KIND-state
// (what the state means, in words), #KIND-running (shown while running)
// holding #KIND-progress, #KIND-elapsed and #KIND-cancel, and #KIND-answer
// (the answer: hidden until the first, then marked data-outdated when it
// no longer answers the question).

import { $ } from "./dom.js";

export class Busy {
  // kind names the tab; again is the words of its run button ("Compare").
  constructor(kind, again) {
    this.kind = kind;
    this.again = again;
    this.out = $(`${kind}-out`);
    this.answer = $(`${kind}-answer`);
    this.ac = null; // the AbortController of the run in progress
    this.gen = 0; // counts the runs started, so an older one's end is dropped
    this.tick = 0; // the elapsed-time interval
    this.hasAnswer = false;
    this.dirty = ""; // why the run in progress answers an outdated question
    $(`${kind}-cancel`).addEventListener("click", () => this.cancel());
    // Escape cancels the run of the tab shown, as its Cancel button does.
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape" && this.ac && !this.out.closest("[role=tabpanel]").hidden) this.cancel();
    });
  }

  // start begins a run: an earlier run of the tab is stopped, the answer
  // shown is marked outdated. It returns the run: signal (cancels it),
  // onProgress(done, total) and current() (false once a newer run
  // started, or it was cancelled).
  start() {
    if (this.ac) this.ac.abort();
    const gen = ++this.gen;
    const ac = new AbortController();
    this.ac = ac;
    this.dirty = "";
    this.setState("running", "Computing…");
    this.markAnswer(true);
    const bar = $(`${this.kind}-progress`);
    bar.removeAttribute("value"); // indeterminate until a progress report
    bar.removeAttribute("aria-valuetext");
    const t0 = performance.now();
    const elapsed = $(`${this.kind}-elapsed`);
    elapsed.textContent = "0 s";
    clearInterval(this.tick);
    this.tick = setInterval(() => (elapsed.textContent = `${Math.floor((performance.now() - t0) / 1000)} s`), 250);
    return {
      signal: ac.signal,
      current: () => gen === this.gen,
      onProgress: (done, total) => {
        if (gen !== this.gen || !total) return;
        bar.max = total;
        bar.value = done;
        const words = `${done.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} trials`;
        bar.setAttribute("aria-valuetext", words);
        $(`${this.kind}-state`).textContent = `Computing… ${words}`;
      },
    };
  }

  // done shows that the run answered: the answer is current unless the
  // question changed while it ran.
  done() {
    this.stop();
    this.hasAnswer = true;
    this.answer.hidden = false;
    if (this.dirty) {
      this.setState("stale", this.outdatedWords(this.dirty));
      return;
    }
    this.setState("done", "");
    this.markAnswer(false);
  }

  // failed shows that the run ended in an error (shown by the tab): the
  // last answer stays, greyed and marked outdated.
  failed() {
    this.stop();
    this.setState("error", this.hasAnswer ? "The answer below is outdated: it does not answer the question with the error." : "");
  }

  // cancel stops the run in progress (the service stops computing when its
  // request is aborted; the WebAssembly worker is terminated).
  cancel() {
    if (!this.ac) return;
    // Cancel is hidden now: the keyboard's focus goes to the run button.
    if (document.activeElement === $(`${this.kind}-cancel`)) $(`${this.kind}-run`)?.focus();
    this.ac.abort();
    this.gen++;
    this.stop();
    this.setState(this.hasAnswer ? "stale" : "idle", this.hasAnswer ? `Cancelled. The answer below is outdated; press ${this.again} for a new one.` : "Cancelled.");
  }

  // cancelled shows a run the engine reports cancelled (by cancel, or by
  // the WebAssembly worker stopped for another tab's cancel).
  cancelled() {
    this.stop();
    this.setState(this.hasAnswer ? "stale" : "idle", this.hasAnswer ? `Cancelled. The answer below is outdated; press ${this.again} for a new one.` : "Cancelled.");
  }

  // outdated marks the answer as no longer answering the question (why:
  // what changed, in words); a run in progress is marked when it ends.
  outdated(why) {
    const state = this.out.dataset.state;
    if (state === "running") this.dirty = why;
    else if (state === "done" || state === "stale") this.setState("stale", this.outdatedWords(why));
  }

  outdatedWords(why) {
    return `Outdated: ${why}. Press ${this.again} for a new answer.`;
  }

  stop() {
    this.ac = null;
    clearInterval(this.tick);
  }

  setState(state, words) {
    this.out.dataset.state = state;
    this.out.setAttribute("aria-busy", state === "running" ? "true" : "false");
    $(`${this.kind}-running`).hidden = state !== "running";
    // The tab's button shows the run too, seen from another tab.
    const tab = $(`tab-${this.kind}`);
    if (tab) tab.toggleAttribute("data-busy", state === "running");
    $(`${this.kind}-state`).textContent = words;
    if (state === "stale" || state === "error") this.markAnswer(true);
  }

  // markAnswer greys the answer shown (or shows it current).
  markAnswer(outdated) {
    if (outdated && this.hasAnswer) this.answer.dataset.outdated = "true";
    else delete this.answer.dataset.outdated;
  }
}
