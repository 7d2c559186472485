// The page's slow questions (is this deal still finishable, which hint,
// which deal is winnable) go to the SDK's solve-worker.js, off the main
// thread: the table stays responsive and the player can move meanwhile.

export class Solver {
  constructor() {
    this.worker = null;
    this.next = 1;
    this.waiting = new Map(); // id → resolve
  }
  /** Sends a message ({op, ...}) to the worker; resolves to its answer ({error} on failure, never a rejection). */
  ask(message) {
    this.worker ??= this.start();
    const id = this.next++;
    return new Promise((resolve) => {
      this.waiting.set(id, resolve);
      this.worker.postMessage({ ...message, id });
    });
  }
  start() {
    const w = new Worker(new URL("/spider/solve-worker.js", import.meta.url), { type: "module" });
    w.onmessage = (e) => {
      const resolve = this.waiting.get(e.data.id);
      this.waiting.delete(e.data.id);
      resolve?.(e.data);
    };
    w.onerror = (e) => {
      // A worker that failed answers nothing more: every question waiting gets the error, and the next starts a new one.
      for (const resolve of this.waiting.values()) resolve({ error: { code: "worker", message: e.message || "the worker failed" } });
      this.waiting.clear();
      this.worker = null;
      w.terminate();
    };
    return w;
  }
}
