// @spiderkit/spider: the rules of Spider Solitaire, from the Go SDK compiled
// to WebAssembly. One call per user action; plain JSON-shaped values.
//
//   import { load } from "@spiderkit/spider";
//   const spider = await load();
//   const game = spider.newGame({ code: "SP1-S4C-AAAAAAD", preset: "app" });
//   game.apply("d>f");            // the state after it, or throws SpiderError
//   game.record("text");          // a record the Go verifier accepts as is
import "./dist/wasm_exec.js";

/** An error from the SDK: a stable code, the reason, and for a refused action the sentence for the player. */
export class SpiderError extends Error {
  constructor({ code, message, explain }) {
    super(explain || message);
    this.name = "SpiderError";
    this.code = code;
    this.reason = message;
    this.explain = explain || message;
  }
}

function call(api, name, ...args) {
  const reply = JSON.parse(api[name](...args));
  if (reply.error) throw new SpiderError(reply.error);
  return reply.ok;
}

const isNode = typeof process !== "undefined" && !!(process.versions && process.versions.node);

async function wasmBytes(source) {
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return source;
  const url = source ?? new URL("./dist/spider.wasm", import.meta.url);
  if (isNode && (typeof url === "string" ? url.startsWith("file:") || !url.includes("://") : url.protocol === "file:")) {
    const { readFile } = await import("node:fs/promises");
    return readFile(url);
  }
  const res = await fetch(url);
  if (!res.ok) throw new Error(`spider.wasm: ${res.status} ${res.statusText}`);
  return res.arrayBuffer();
}

/**
 * Loads the SDK: from `source` (a URL, a path, or the .wasm's bytes), by default
 * dist/spider.wasm beside this module. Resolves to a Spider.
 */
export async function load(source) {
  if (globalThis.spiderkit) return new Spider(globalThis.spiderkit);
  const go = new globalThis.Go();
  const { instance } = await WebAssembly.instantiate(await wasmBytes(source), go.importObject);
  go.run(instance); // serves calls until the page goes
  if (!globalThis.spiderkit) throw new Error("spider.wasm did not start");
  return new Spider(globalThis.spiderkit);
}

/** The SDK once loaded: games, records, verification. */
export class Spider {
  constructor(api) {
    this.api = api;
  }
  /** Starts a game: {code} or {number, suits, group} or {daily, suits, group} or {deal}, with a preset (app by default). */
  newGame(options = {}) {
    return new Game(this.api, call(this.api, "newGame", JSON.stringify(options)));
  }
  /** The presets' names. */
  presets() {
    return call(this.api, "presets");
  }
  /** The daily deal's code for a date ("2026-12-01", or today), suit count and group rule. */
  dailyCode(date = "", suits = 4, group = "classic") {
    return call(this.api, "dailyCode", date, suits, group);
  }
  /** Verifies a record (text or JSON) under an optional host policy (an object, as replay.ParsePolicy reads it). */
  verify(record, policy) {
    return call(this.api, "verify", record, policy ? JSON.stringify(policy) : "");
  }
}

/** One game. Every method is one call into the SDK. */
export class Game {
  constructor(api, handle) {
    this.api = api;
    this.handle = handle;
  }
  /** The table as a player sees it, with score, moves, outcome and what is possible. */
  state() {
    return call(this.api, "state", this.handle);
  }
  /** Every legal action in the notation ("d>f", "3a>c", "d", "u", ...). */
  legal() {
    return call(this.api, "legal", this.handle);
  }
  /** Plays an action in the notation, ms milliseconds after the last; returns the new state or throws SpiderError (nothing changes then). */
  apply(action, ms = 0) {
    return call(this.api, "apply", this.handle, action, Math.max(0, Math.round(ms)));
  }
  /** Undoes, as the rules allow. */
  undo(ms = 0) {
    return this.apply("u", ms);
  }
  /** Where the group from card `index` (from the bottom, 0) of column `column` goes when tapped: a move, or throws. */
  tap(column, index, order = "complete") {
    return call(this.api, "tap", this.handle, column, index, order);
  }
  /** Every movable group of a column with its destinations: drag targets and the segment selector. */
  segments(column) {
    return call(this.api, "segments", this.handle, column);
  }
  /** The assistance's suggestion ("reveal" or "complete" order), or the next step when nothing is progress. */
  suggest(strategy = "reveal") {
    return call(this.api, "suggest", this.handle, strategy);
  }
  /** The solver's hint from what the player has seen, within about ms milliseconds. */
  solverHint(ms = 500) {
    return call(this.api, "solverHint", this.handle, ms);
  }
  /** The game's record, "text" or "json": every action, every claim. */
  record(form = "text") {
    return call(this.api, "record", this.handle, form);
  }
  /** Forgets the game. */
  free() {
    call(this.api, "free", this.handle);
  }
}
