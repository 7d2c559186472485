// @spiderkit/spider: the rules of Spider Solitaire, from the Go SDK compiled
// to WebAssembly. One call per user action; plain JSON-shaped values.
//
//   import { load } from "@spiderkit/spider";
//   const spider = await load();
//   const game = spider.newGame({ code: "SP1-S4C-AAAAAAD", variant: "app" });
//   game.apply("d>f", 400);       // the state after it (400 ms after the last action), or throws SpiderError
//   game.record("text");          // a record the Go verifier accepts as is
import "./dist/wasm_exec.js";
import { ops, outcomeWords, groupWords, actionKindWords, levelWords } from "./ops.js";

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

/** Says what a value is, for a sentence: "a list", "NaN", "\"x\"". */
function describe(v) {
  if (v === null) return "null";
  if (Array.isArray(v)) return "a list";
  switch (typeof v) {
    case "undefined": return "nothing";
    case "string": return JSON.stringify(v.length > 60 ? v.slice(0, 60) + "…" : v);
    case "number": return String(v);
    case "bigint": return `the BigInt ${v}`;
    case "boolean": return String(v);
    case "function": return "a function";
    case "symbol": return "a symbol";
  }
  return "an object";
}

/** Refuses a value that is not a string: `what` says what it is instead, in words. */
function text(method, what, v, code = "bad-request") {
  if (typeof v !== "string") throw new SpiderError({ code, message: `${method}: ${what}, not ${describe(v)}` });
  return v;
}

/** Refuses a number that is not whole or out of [min, max]: `what` names it. */
function whole(method, what, v, min = -0x80000000, max = 0x7fffffff) {
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max) {
    const range = min === -0x80000000 ? "" : ` from ${min} to ${max}`;
    throw new SpiderError({ code: "bad-request", message: `${method}: ${what} is a whole number${range}, not ${describe(v)}` });
  }
  return v;
}

/** The most milliseconds an action's time takes: a record's times are 32 bits. */
const maxMs = 0xffffffff;

/** Refuses an options object with a name not in `allowed`, as the Go side refuses its own (bad-request). */
function checkOptions(call, options, allowed) {
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new SpiderError({ code: "bad-request", message: `${call}: the options are an object (${allowed.join(", ")}), not ${describe(options)}` });
  }
  for (const name of Object.keys(options)) {
    if (!allowed.includes(name)) {
      throw new SpiderError({ code: "bad-request", message: `${call}: no option ${JSON.stringify(name)}: the options are ${allowed.join(", ")}` });
    }
  }
}

/** A host policy (an object, as replay.ParsePolicy reads it) as JSON for the Go side; none: "". */
function policyJSON(method, policy) {
  if (policy === undefined || policy === null) return "";
  if (typeof policy !== "object" || Array.isArray(policy)) {
    throw new SpiderError({ code: "bad-policy", message: `${method}: a policy is an object ({variants, deals, claims, times, ...}), not ${describe(policy)}` });
  }
  return optionsJSON(method, policy, "bad-policy");
}

/**
 * Options as JSON for the Go side, which checks them: a value JSON cannot carry (NaN, Infinity, a
 * BigInt, a function, a symbol), which JSON.stringify would write as null or leave out, is refused here.
 */
function optionsJSON(method, options, code = "bad-options") {
  let bad = null;
  let json;
  try {
    json = JSON.stringify(options, function (key, v) {
      const carried = typeof v === "number" ? Number.isFinite(v) : !["bigint", "function", "symbol"].includes(typeof v);
      if (!carried && bad === null) bad = `option ${key === "" ? "" : key + " "}is ${describe(v)}, which is no value of an option`;
      return carried ? v : undefined;
    });
  } catch (e) {
    bad = `the options cannot be written as JSON (${e && e.message})`;
  }
  if (bad !== null) throw new SpiderError({ code, message: `${method}: ${bad}` });
  return json;
}

// The kinds of action legal({kinds}) selects (actionKindWords), each with the test of its notation.
const kindTests = {
  move: (a) => a.includes(">"),
  deal: (a) => a === "d",
  flip: (a) => a.length === 2 && a[0] === "f",
  undo: (a) => a === "u",
  hint: (a) => a === "h",
  resign: (a) => a === "x",
};
const kindNames = actionKindWords;

// The compact State's cards (calls/compact.go has its layout; its words are
// ops.js's, by value).
const suitLetters = "?shdc";
const cardNames = [];
for (let suit = 1; suit <= 4; suit++) {
  for (let rank = 1; rank <= 13; rank++) cardNames[rank | (suit << 4)] = "?A23456789TJQK"[rank] + suitLetters[suit];
}
const moveNames = new Map(); // count<<8 | from<<4 | to: "3a>c", made once each
const columnLetters = "abcdefghij";

function short(bytes, i) {
  let s = "";
  for (let k = i + 1, end = i + 1 + bytes[i]; k < end; k++) s += String.fromCharCode(bytes[k]);
  return s;
}

/** Reads a compact State at bytes[i:]: the same object as the JSON State. */
function decodeState(bytes, view, i) {
  const code = short(bytes, ++i);
  i += 1 + bytes[i];
  const variant = short(bytes, i);
  i += 1 + bytes[i];
  const suits = bytes[i++], group = groupWords[bytes[i++]];
  const columns = new Array(10), known = new Array(10);
  for (let c = 0; c < 10; c++) {
    const faceDown = bytes[i++], seen = new Array(faceDown);
    for (let k = 0; k < faceDown; k++) seen[k] = cardNames[bytes[i++]] ?? null; // 0: never seen
    const n = bytes[i++], cards = new Array(n);
    for (let k = 0; k < n; k++) cards[k] = cardNames[bytes[i++]];
    columns[c] = { faceDown, cards };
    known[c] = seen;
  }
  const stockRows = bytes[i++], nRuns = bytes[i++], runs = new Array(nRuns);
  for (let k = 0; k < nRuns; k++) runs[k] = suitLetters[bytes[i++]];
  const score = view.getInt32(i, true);
  i += 4;
  const outcome = outcomeWords[bytes[i++]];
  const counters = {
    moves: view.getUint32(i, true), actions: view.getUint32(i + 4, true), deals: view.getUint32(i + 8, true),
    flips: view.getUint32(i + 12, true), undos: view.getUint32(i + 16, true), hints: view.getUint32(i + 20, true),
  };
  i += 24;
  const flags = bytes[i++], nLegal = view.getUint16(i, true);
  i += 2;
  const legal = new Array(nLegal);
  for (let k = 0; k < nLegal; k++) {
    const kind = bytes[i++];
    if (kind === 1) {
      const key = (bytes[i] << 8) | (bytes[i + 1] << 4) | bytes[i + 2];
      let name = moveNames.get(key);
      if (name === undefined) {
        name = (bytes[i] > 1 ? String(bytes[i]) : "") + columnLetters[bytes[i + 1]] + ">" + columnLetters[bytes[i + 2]];
        moveNames.set(key, name);
      }
      legal[k] = name;
      i += 3;
    } else if (kind === 2) {
      legal[k] = "f" + columnLetters[bytes[i++]];
    } else {
      legal[k] = short(bytes, i);
      i += 1 + bytes[i];
    }
  }
  const rest = {
    variant, suits, group, columns, known, stockRows, runs, score, outcome, counters,
    canUndo: (flags & 1) !== 0, canDeal: (flags & 2) !== 0, canHint: (flags & 4) !== 0,
    manualFlip: (flags & 8) !== 0, legal,
  };
  return code === "" ? rest : { code, ...rest };
}

const encoder = new TextEncoder();
// longString is the length past which a string's UTF-8 size is counted
// exactly rather than taken as 3 bytes a character.
const longString = 1 << 16;

/** The UTF-8 size of string s, counted without encoding it. */
function utf8Length(s) {
  let n = s.length;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 2; // a surrogate pair: 4 bytes for its 2 units
      i++;
    } else n += 2; // 3 bytes; a lone surrogate is written as U+FFFD, 3 bytes too
  }
  return n;
}
const decoder = new TextDecoder();

// The calls' names in messages: the method a page called.
const saidAs = { stateCompact: "state", applyCompact: "apply" };

/**
 * The module's call path: the arguments go into a buffer of Go's linear
 * memory (an int32 each number, a length and UTF-8 bytes each string),
 * one export runs the call, and the answer is read from the memory: JSON,
 * or for stateCompact and applyCompact a compact State (an answer is JSON
 * when its first byte is "{"). An export call costs about 0.1 µs, where a
 * syscall/js callback costs 25.
 */
class Calls {
  constructor(exports, go) {
    this.exports = exports;
    this.go = go; // wasm_exec's Go: exited once the Go program has stopped
    this.failure = null; // why the module stopped answering, once it has
    this.memory = exports.mem;
    this.bytes = null; // views of the memory, made again when it grows
    this.view = null;
  }
  views() {
    if (this.bytes === null || this.bytes.buffer !== this.memory.buffer) {
      this.bytes = new Uint8Array(this.memory.buffer);
      this.view = new DataView(this.memory.buffer);
    }
  }
  /** Runs call `name` with numbers and strings; returns the answer's value or throws SpiderError. */
  call(name, ...args) {
    const [at, n] = this.send(name, args);
    return this.json(at, n);
  }
  /** Runs a call whose answer is a compact State (or a JSON error), and returns the State. */
  callState(name, ...args) {
    const [at, n] = this.send(name, args);
    if (this.bytes[at] === 0x7b) return this.json(at, n); // '{': an error
    return decodeState(this.bytes, this.view, at);
  }
  /**
   * Writes the request, runs the call; the answer's address and length. A
   * module that fails (Go exits, or the WebAssembly traps) answers no more
   * calls: this one and every later one throw SpiderError "module-failed".
   */
  send(name, args) {
    if (this.failure === null && this.go && this.go.exited) this.failure = "the Go program has exited";
    const said = saidAs[name] ?? name;
    if (this.failure !== null) {
      throw new SpiderError({ code: "module-failed", message: `${said}: the module has failed and answers no more calls (${this.failure}); load a new one` });
    }
    try {
      return this.sendOnce(name, args);
    } catch (e) {
      if (e instanceof SpiderError) throw e;
      this.failure = String(e && e.message ? e.message : e);
      throw new SpiderError({ code: "module-failed", message: `${said}: the module has failed (${this.failure}); load a new one` });
    } finally {
      if (this.failure === null && this.go && this.go.exited) this.failure = "the Go program has exited";
    }
  }
  // Every string goes the same way whatever its size: encoded by
  // encodeInto straight into the module's memory. (Handing V8 a
  // Uint8Array of a long string to copy in made Node 20's optimised code
  // for this function crash the process some calls later.)
  sendOnce(name, args) {
    let size = 0;
    for (let i = 0; i < args.length; i++) {
      const a = args[i];
      if (typeof a !== "string") {
        if (!Number.isInteger(a) || a < -0x80000000 || a > 0xffffffff) {
          throw new SpiderError({ code: "bad-request", message: `${saidAs[name] ?? name}: ${describe(a)} is not a whole number that fits 32 bits` });
        }
        size += 4;
      } else size += 4 + (a.length > longString ? utf8Length(a) : 3 * a.length);
    }
    const ex = this.exports;
    let p = ex.spiderIn(size) >>> 0;
    if (p === 0) throw new SpiderError({ code: "bad-request", message: `a request of ${size} bytes is too large` });
    const start = p;
    this.views();
    const bytes = this.bytes, view = this.view;
    for (const a of args) {
      if (typeof a === "string") {
        let n = 0;
        const len = a.length;
        for (; n < len; n++) { // ASCII by hand: most strings are short actions
          const c = a.charCodeAt(n);
          if (c >= 0x80) break;
          bytes[p + 4 + n] = c;
        }
        if (n < len) n += encoder.encodeInto(a.slice(n), bytes.subarray(p + 4 + n, start + size)).written;
        view.setUint32(p, n, true);
        p += 4 + n;
      } else {
        view.setUint32(p, a >>> 0, true); // the bits of an int32 too
        p += 4;
      }
    }
    const n = ex.spiderCall(ops[name], p - start) >>> 0;
    if (this.go && this.go.exited) throw new Error("the Go program exited during the call");
    const at = ex.spiderOut() >>> 0;
    this.views();
    return [at, n];
  }
  json(at, n) {
    const reply = JSON.parse(decoder.decode(this.bytes.subarray(at, at + n)));
    if (reply.error) throw new SpiderError(reply.error);
    return reply.ok;
  }
}

const isNode = typeof process !== "undefined" && !!(process.versions && process.versions.node);

// instantiateModule fetches (or reads, under Node) and instantiates the
// module: in a browser streaming, compiling while the bytes arrive, when
// the server says application/wasm.
async function instantiateModule(source, imports) {
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return WebAssembly.instantiate(source, imports);
  const url = source ?? new URL("./dist/spider.wasm", import.meta.url);
  if (isNode && (typeof url === "string" ? url.startsWith("file:") || !url.includes("://") : url.protocol === "file:")) {
    const { readFile } = await import("node:fs/promises");
    return WebAssembly.instantiate(await readFile(url), imports);
  }
  const res = await fetch(url);
  if (!res.ok) throw new Error(`spider.wasm: ${res.status} ${res.statusText}`);
  if (typeof WebAssembly.instantiateStreaming === "function" && (res.headers.get("content-type") ?? "").startsWith("application/wasm")) {
    return WebAssembly.instantiateStreaming(res, imports);
  }
  return WebAssembly.instantiate(await res.arrayBuffer(), imports);
}

/**
 * Loads the SDK: from `source` (a URL, a path, or the .wasm's bytes), by default
 * dist/spider.wasm beside this module (loaded once, whatever the number of
 * calls). Resolves to a Spider.
 */
export function load(source) {
  if (source === undefined) {
    // A failed load is not kept: the next call tries again.
    return (loaded ??= instantiate().catch((e) => {
      loaded = undefined;
      throw e;
    }));
  }
  return instantiate(source);
}

let loaded; // the default module's Spider, one a page

async function instantiate(source) {
  const go = new globalThis.Go();
  const { instance } = await instantiateModule(source, go.importObject);
  return start(go, instance);
}

/**
 * Starts an instance of spider.wasm made with `go` (a Go of wasm_exec.js)
 * and its importObject, for a page that compiles and instantiates the
 * module itself. Resolves to a Spider.
 */
export async function start(go, instance) {
  go.run(instance); // starts Go: package init, then main waits for calls
  if (typeof instance.exports.spiderCall !== "function") throw new Error("spider.wasm: not the SDK's module (no spiderCall export)");
  return new Spider(new Calls(instance.exports, go));
}

/** The advisor's levels, weakest first (Go's advisor.Levels): a duel's opponent is one of them. */
export const levels = levelWords;

/** The SDK once loaded: games, records, verification. */
export class Spider {
  constructor(api) {
    this.api = api;
  }
  /**
   * Starts a game: {code} (or the code alone, a string) or {number, suits, group} or {daily, suits, group}
   * or {deal}, or with none of these a random deal ({suits, group}: 4 suits, classic by default); with a
   * variant (app by default), and a player and a ticket for the record's Player and Ticket tags. An
   * unknown option name or value throws SpiderError "bad-request" or "bad-options".
   */
  newGame(options = {}) {
    if (typeof options === "string") options = { code: options };
    if (options === null || typeof options !== "object" || Array.isArray(options)) {
      throw new SpiderError({
        code: "bad-options",
        message: `newGame: the options are an object ({code}, {number, suits, group}, {daily}, {deal}, with {variant, player, ticket}) or a game code, not ${describe(options)}`,
      });
    }
    return new Game(this.api, this.api.call("newGame", optionsJSON("newGame", options)));
  }
  /**
   * A bot that plays a game of its own at a level (options: newGame's, {level} and {pace}, each action's
   * milliseconds in a timed game; 0 or none: the time the bot thinks, at least 100 ms): a duel's
   * opponent on the same deal. It is Go's advisor.Bot, the one bot of every client: its cap, its
   * resignation and its times are Go's. In a browser, run it off the main thread (bot-worker.js).
   */
  newBot(options = {}) {
    if (options === null || typeof options !== "object" || Array.isArray(options)) {
      throw new SpiderError({ code: "bad-request", message: "newBot: the options are an object (newGame's, level and pace)" });
    }
    const { level = "standard", pace = 0, ...game } = options;
    if (!levels.includes(level)) {
      throw new SpiderError({ code: "bad-level", message: `newBot: no level ${JSON.stringify(String(level))}: the levels are ${levels.join(", ")}` });
    }
    const ms = whole("newBot", "pace, each action's milliseconds,", pace, 0, 0x7fffffff);
    let g;
    try {
      g = this.newGame(game);
    } catch (e) {
      // newGame names its own options; newBot takes two more.
      if (e instanceof SpiderError && e.code === "bad-request") throw new SpiderError({ code: e.code, message: `newBot: ${e.message}, and newBot's own, level and pace` });
      throw e;
    }
    return new Bot(g, level, ms);
  }
  /** Resumes the game a record (text or JSON) records, at its last action with its score, undo history and times; throws a SpiderError ("not-verified", or the decoder's code) when the record does not verify. */
  resume(record) {
    return new Game(this.api, this.api.call("resume", text("resume", "a record is a string, its text or JSON form", record)));
  }
  /** The variants' names: rules and scoring together, as newGame's option variant names them. */
  variants() {
    return this.api.call("variants");
  }
  /** @deprecated a preset is a variant: variants(). */
  presets() {
    return this.variants();
  }
  /**
   * The daily deal's code for a date ("2026-12-01", or today), suit count and group rule:
   * dailyCode(date, suits, group), or dailyCode({date, suits, group, winnable}), where winnable: true
   * gives the day's winnable deal (Go's solve.DailyWinnable, what `spider deal --daily --winnable`
   * prints): the first deal from the day's on that the solver wins, the same for everyone. Winnable is
   * slow (a second or more): in a page, ask solve-worker.js.
   */
  dailyCode(date = "", suits = 4, group = "classic") {
    let winnable = false;
    if (date !== null && typeof date === "object" && !Array.isArray(date)) {
      checkOptions("dailyCode", date, ["date", "suits", "group", "winnable"]);
      ({ date = "", suits = 4, group = "classic", winnable = false } = date);
      if (typeof winnable !== "boolean") throw new SpiderError({ code: "bad-request", message: `dailyCode: winnable is true or false, not ${describe(winnable)}` });
    }
    const args = [text("dailyCode", "the date is a string, YYYY-MM-DD", date, "bad-date"),
      whole("dailyCode", "the suit count", suits), text("dailyCode", "the group is \"classic\" or \"relaxed\"", group, "bad-group")];
    return winnable ? this.api.call("dailyCode", ...args, 1) : this.api.call("dailyCode", ...args);
  }
  /**
   * The code of the first deal from number start on (0 by default) with a suit count (4) and a group rule
   * (classic) that the solver wins (Go's solve.WinnableCode, with the daily deals' budget of positions):
   * the same code on every machine. Slow (a second or more): in a page, ask solve-worker.js.
   */
  winnableCode(options = {}) {
    checkOptions("winnableCode", options, ["suits", "group", "start"]);
    const { suits = 4, group = "classic", start = 0 } = options;
    return this.api.call("winnableCode", whole("winnableCode", "the suit count", suits),
      text("winnableCode", "the group is \"classic\" or \"relaxed\"", group, "bad-group"),
      String(whole("winnableCode", "start, a deal number,", start, 0, Number.MAX_SAFE_INTEGER)));
  }
  /** Verifies a record (text or JSON) under an optional host policy (an object, as replay.ParsePolicy reads it). */
  verify(record, policy) {
    return this.api.call("verify", text("verify", "a record is a string, its text or JSON form", record), policyJSON("verify", policy));
  }
  /**
   * The result of a duel (Go's replay.Verifier.Duel): two records (text or JSON) of one deal under the
   * same rules, judged under one host policy (options.policy, an object as replay.ParsePolicy reads it;
   * none: each record under its own rules) that both must meet, and under a clock (the duel's 15
   * minutes) both timed; each scored on the duel's scheme. {sameDeal, sameRules, scores, winner (0, 1,
   * or -1), why}.
   */
  duel(a, b, options = {}) {
    checkOptions("duel", options, ["policy"]);
    const record = "a record is a string, its text or JSON form";
    return this.api.call("duel", text("duel", record, a), text("duel", record, b), policyJSON("duel", options.policy));
  }
}

/** A bot playing its own game at a level, one action at a time (Spider.newBot): Go's advisor.Bot. */
export class Bot {
  constructor(game, level, pace = 0) {
    this.game = game;
    this.level = level;
    this.pace = pace;
  }
  /**
   * Plays the bot's next action and returns {action, ms, basis, reason, state}: the action ("x" when it
   * resigns), its time in a timed game (the pace, or the time the bot thought, at least 100 ms; a game
   * whose clock runs out ends at it, time-up), the advice it rests on, why it resigns ("lost": the game
   * is proven lost and nothing raises its score; "stalled": no progress in 150 decisions; "cap": its
   * 1000th action; "stuck": nothing legal; "" otherwise), and the state after it; null once the game
   * is over.
   */
  step() {
    const move = this.game.api.call("botStep", this.game.handle, this.level, this.pace);
    if (!move.action) return null;
    return { action: move.action, ms: move.ms, basis: move.basis, reason: move.reason, state: this.game.state() };
  }
  /** Plays on until the game is over; returns the state then. */
  play() {
    while (this.step() !== null);
    return this.game.state();
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
    return this.api.callState("stateCompact", this.handle);
  }
  /** The game's code ("SP1-S4C-…"), or undefined for a game of an explicit deal. */
  code() {
    return this.state().code;
  }
  /** Whether the game has ended: won, resigned, blocked or lost. */
  isGameOver() {
    return this.state().outcome !== "playing";
  }
  /** Whether the game is won. */
  isWon() {
    return this.state().outcome === "won";
  }
  /**
   * Every legal action in the notation ("d>f", "3a>c", "d", "u", ...); with {kinds}, only those kinds
   * ("move", "deal", "flip", "undo", "hint", "resign"): {kinds: ["move", "deal"]} for a bot.
   */
  legal(options) {
    const all = this.api.call("legal", this.handle);
    if (options === undefined) return all;
    checkOptions("legal", options, ["kinds"]);
    const kinds = options.kinds ?? kindNames;
    if (!Array.isArray(kinds)) throw new SpiderError({ code: "bad-request", message: `legal: kinds is a list of ${kindNames.join(", ")}` });
    const tests = kinds.map((k) => {
      if (!Object.hasOwn(kindTests, k)) throw new SpiderError({ code: "bad-request", message: `legal: no kind ${JSON.stringify(k)}: the kinds are ${kindNames.join(", ")}` });
      return kindTests[k];
    });
    return all.filter((a) => tests.some((t) => t(a)));
  }
  /**
   * The game's actions, oldest first, as the record has them (scored undos included, take-backs not):
   * strings in the notation, or with {verbose: true} a Step each (the cards moved or dealt, those
   * turned over, the run removed, the score after).
   */
  history(options = {}) {
    checkOptions("history", options, ["verbose"]);
    const { verbose = false } = options;
    if (typeof verbose !== "boolean") throw new SpiderError({ code: "bad-request", message: `history: verbose is true or false, not ${describe(verbose)}` });
    return this.api.call("history", this.handle, verbose ? 1 : 0);
  }
  /**
   * Takes the last action back (or the last count actions, in one call), free, as if never played: the
   * record and the history have no trace of it (Go's Board.Pop), unlike undo(), which the rules score and
   * the record keeps. Returns the state after it; throws SpiderError "nothing-to-take-back" when the game
   * has fewer actions (nothing changes then).
   */
  takeBack(count = 1) {
    return this.api.callState("takeBack", this.handle, whole("takeBack", "the count of actions", count, 1, 0x7fffffff));
  }
  /**
   * Plays an action in the notation, ms milliseconds after the last (a whole number from 0 to
   * 4294967295); returns the new state or throws SpiderError (nothing changes then). A game keeps a time
   * for every action or for none, as its record does: its first action decides, and an action the other
   * way is refused ("untimed-action", "timed-action").
   */
  apply(action, ms) {
    const notation = text("apply", 'an action is a string in the record notation ("d>f", "3a>c", "d", "fa", "u", "h", "x")', action, "notation");
    if (ms === undefined) return this.api.callState("applyCompact", this.handle, notation);
    return this.api.callState("applyCompact", this.handle, notation, whole("apply", "the time in milliseconds since the last action", ms, 0, maxMs));
  }
  /** Undoes, as the rules allow, ms milliseconds after the last action (left out in a game that keeps no times). */
  undo(ms) {
    return this.apply("u", ms);
  }
  /**
   * Where the group from card `index` (from the bottom, 0) of column `column` goes when tapped: a move, or
   * throws. order "suit" or "complete"; left out (or ""), the variant's own (own suit first under app and
   * winnable, a completed run first elsewhere).
   */
  tap(column, index, order = "") {
    return this.api.call("tap", this.handle, whole("tap", "the column (0 for a)", column), whole("tap", "the card's index (0 for the bottom card)", index),
      text("tap", 'the order is "complete" or "suit" (or "": the variant\'s)', order));
  }
  /** Every movable group of a column with its destinations: drag targets and the segment selector. */
  segments(column) {
    return this.api.call("segments", this.handle, whole("segments", "the column (0 for a)", column));
  }
  /**
   * The assistance's suggestion (order "reveal" or "complete"), or the next step when nothing is progress;
   * order "solver" is the solver site's hint: the solver, seeing every card, else the complete ranking,
   * with "by" ("solver" or "ranking") and "positions".
   */
  suggest(order = "reveal") {
    return this.api.call("suggest", this.handle, text("suggest", 'the order is "reveal", "complete" or "solver"', order));
  }
  /**
   * The milliseconds the game has left under its rules' time limit after its last action (the duel's
   * clock), or -1 without a limit: a countdown shows this less the time since that action. When it runs
   * out, apply("x", timeLeft()) ends the game at the limit (outcome "time-up").
   */
  timeLeft() {
    return this.api.call("timeLeft", this.handle);
  }
  /**
   * The milliseconds the game has taken: the sum of its actions' times (0 in a game that keeps none). A
   * page playing on from a record starts its clock there.
   */
  elapsed() {
    return this.api.call("elapsed", this.handle);
  }
  /**
   * Whether the game can still be won from where it stands, for its player (Go's solve.Finishable):
   * {verdict, proof, positions}. verdict "winnable" only when every card is known and a line is found;
   * "unwinnable" on a proof: "search" (every card known: "this deal cannot be finished from here"),
   * "no-turn" (cards unknown, the stock empty, and no move among the seen cards turns a card over: "no
   * card can be turned over from here"), "stranded"; else "unknown", and "unknown" too when the budget
   * runs out first: never a false verdict. Options: {positions}, the search's budget (300000 by default,
   * about a second; at most 5000000), the same answer on every machine. Slow: in a page, call it in
   * solve-worker.js.
   */
  finishable(options = {}) {
    checkOptions("finishable", options, ["positions"]);
    const { positions = 0 } = options;
    return this.api.call("finishable", this.handle, whole("finishable", "positions, the solver's budget,", positions, 0, 0x7fffffff));
  }
  /**
   * The advisor's action from what the player has seen (Go package advisor): kind "advice", with its level
   * and basis. Options: {level} (one of levels, "standard" by default) and {ms}, the most it may take
   * (0, the default: the level's own work); a number alone is ms.
   */
  advise(options = {}) {
    if (typeof options === "number") options = { ms: options };
    checkOptions("advise", options, ["level", "ms"]);
    const { level = "", ms = 0 } = options;
    return this.api.call("advise", this.handle, whole("advise", "ms, the most milliseconds it may take,", ms, 0, 0x7fffffff),
      text("advise", `the level is one of ${levels.join(", ")}`, level, "bad-level"));
  }
  /** The game's record, "text" or "json": every action, every claim. */
  record(form = "text") {
    return this.api.call("record", this.handle, text("record", 'the form is "text" or "json"', form, "bad-form"));
  }
  /** Forgets the game. */
  free() {
    this.api.call("free", this.handle);
  }
}
