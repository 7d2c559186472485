// @spiderkit/spider: the rules of Spider Solitaire, from the Go SDK compiled
// to WebAssembly. One call per user action; plain JSON-shaped values.
//
//   import { load } from "@spiderkit/spider";
//   const spider = await load();
//   const game = spider.newGame({ code: "SP1-S4C-AAAAAAD", variant: "app" });
//   game.apply("d>f", 400);       // the state after it (400 ms after the last action), or throws SpiderError
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

/** Refuses a value that is not true or false. */
function flag(method, name, v) {
  if (typeof v !== "boolean") throw new SpiderError({ code: "bad-request", message: `${method}: ${name} is true or false, not ${describe(v)}` });
  return v ? 1 : 0;
}

/**
 * An object as JSON for the Go side, which checks it (options, a policy): `what` says what it is where
 * the value is not a plain object; none (null, when `none` allows it): "".
 */
function object(method, what, v, code, none) {
  if (none && (v === undefined || v === null)) return "";
  if (v === null || typeof v !== "object" || Array.isArray(v)) throw new SpiderError({ code, message: `${method}: ${what}, not ${describe(v)}` });
  return optionsJSON(method, v, code);
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

// The compact State's leaves, which decodeState reads (internal/calls/state.go
// has the layout).
const cardNames = [];
for (let suit = 1; suit <= 4; suit++) {
  for (let rank = 1; rank <= 13; rank++) cardNames[rank | (suit << 4)] = "?A23456789TJQK"[rank] + "?shdc"[suit];
}
const moveNames = new Map(); // count<<8 | from<<4 | to: "3a>c", made once each
const columnLetters = "abcdefghij";

/** The string at bytes[i]: a byte of its length, then its bytes. */
function short(bytes, i) {
  let s = "";
  for (let k = i + 1, end = i + 1 + bytes[i]; k < end; k++) s += String.fromCharCode(bytes[k]);
  return s;
}

/** The action at bytes[i]: 1, count, from, to (a move), 2, column (a flip), or 3 and its notation. */
function actionName(bytes, i) {
  const kind = bytes[i];
  if (kind === 1) {
    const key = (bytes[i + 1] << 8) | (bytes[i + 2] << 4) | bytes[i + 3];
    let name = moveNames.get(key);
    if (name === undefined) {
      name = (bytes[i + 1] > 1 ? String(bytes[i + 1]) : "") + columnLetters[bytes[i + 2]] + ">" + columnLetters[bytes[i + 3]];
      moveNames.set(key, name);
    }
    return name;
  }
  if (kind === 2) return "f" + columnLetters[bytes[i + 1]];
  return short(bytes, i + 1);
}

/** The bytes of the action at bytes[i]. */
function actionSize(bytes, i) {
  const kind = bytes[i];
  return kind === 1 ? 4 : kind === 2 ? 2 : 2 + bytes[i + 1];
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

/**
 * The module's call path: the arguments go into a buffer of Go's linear
 * memory (an int32 each number, a length and UTF-8 bytes each string),
 * one export runs the call, and the answer is read from the memory: JSON,
 * or for a call that answers a State and asks for it so (callState) the
 * compact State (an answer is JSON when its first byte is "{"). An export
 * call costs about 0.1 µs, where a syscall/js callback costs 25.
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
    const [at, n] = this.send(name, args, 0);
    return this.json(at, n);
  }
  /** Runs a call that answers a State, asking for the compact State (or a JSON error), and returns the State. */
  callState(name, ...args) {
    const [at, n] = this.send(name, args, 1);
    if (this.bytes[at] === 0x7b) return this.json(at, n); // '{': an error
    return decodeState(this.bytes, this.view, at);
  }
  /**
   * Writes the request, runs the call; the answer's address and length. A
   * module that fails (Go exits, or the WebAssembly traps) answers no more
   * calls: this one and every later one throw SpiderError "module-failed".
   */
  send(name, args, form) {
    if (this.failure === null && this.go && this.go.exited) this.failure = "the Go program has exited";
    const said = name;
    if (this.failure !== null) {
      throw new SpiderError({ code: "module-failed", message: `${said}: the module has failed and answers no more calls (${this.failure}); load a new one` });
    }
    try {
      return this.sendOnce(name, args, form);
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
  sendOnce(name, args, form) {
    let size = 0;
    for (let i = 0; i < args.length; i++) {
      const a = args[i];
      if (typeof a !== "string") {
        if (!Number.isInteger(a) || a < -0x80000000 || a > 0xffffffff) {
          throw new SpiderError({ code: "bad-request", message: `${name}: ${describe(a)} is not a whole number that fits 32 bits` });
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
    const n = ex.spiderCall(ops[name], p - start, form) >>> 0;
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

// BEGIN calls: written by go generate ./internal/calls from the table of the calls; do not edit.

/** The calls by name, numbered as the table numbers them. */
const ops = Object.freeze({
  newGame: 1,
  free: 2,
  state: 3,
  legal: 4,
  apply: 5,
  tap: 6,
  segments: 7,
  suggest: 8,
  advise: 9,
  record: 10,
  verify: 11,
  variants: 12,
  dailyCode: 13,
  resume: 14,
  history: 15,
  takeBack: 16,
  duel: 17,
  timeLeft: 18,
  finishable: 19,
  winnableCode: 20,
  elapsed: 21,
  botStep: 22,
  turnOver: 23,
  live: 24,
  liveApply: 25,
});

/** How a game stands (spider.Outcome): the same word in Go, records, reports and here. */
const outcomeWords = Object.freeze(["playing", "won", "resigned", "blocked", "lost", "time-up"]);

/** The group rule (spider.GroupRule): which runs move as one. */
const groupWords = Object.freeze(["classic", "relaxed"]);

/** A suit (spider.Suit) by its letter: spades, hearts, diamonds, clubs. */
const suitWords = Object.freeze(["s", "h", "d", "c"]);

/** What a suggested action achieves (spider.SuggestionKind); "advice" for the advisor's action (advise). */
const suggestionKindWords = Object.freeze(["none", "reveal", "empty-column", "complete-run", "join-suit", "advice"]);

/** What to do when nothing on the table is progress (spider.NextStep). */
const nextStepWords = Object.freeze(["none", "deal", "fill-then-deal", "undo", "game-won"]);

/** The order of suggest() (spider.SuggestOrder): a card turned over first, or a run completed first. */
const suggestOrderWords = Object.freeze(["reveal", "complete"]);

/** The order of tap() (spider.TapOrder): a completed run first, or the group's own suit first. */
const tapOrderWords = Object.freeze(["complete", "suit"]);

/** A record's form. */
const recordFormWords = Object.freeze(["text", "json"]);

/** The kinds of action (spider.Kind), as legal({kinds}) selects them and a Step names them. */
const actionKindWords = Object.freeze(["move", "deal", "flip", "undo", "hint", "resign"]);

/** The variants' names (variants() lists them): rules and scoring together. */
const variantNameWords = Object.freeze(["app", "gratuit", "winnable", "unlimited", "duel", "microsoft", "bicycle", "lklynet"]);

/** The advisor's levels, weakest first (advisor.Levels). */
const levelWords = Object.freeze(["beginner", "casual", "standard", "expert"]);

/** What the advisor's action rests on (advisor.Basis). */
const basisWords = Object.freeze(["search", "sampled", "deal", "hint", "solver", "votes", "last-resort", "turn", "gain", "lost", "stalled", "score"]);

/**
 * Why a bot resigns (advisor.Reason): "lost" (the game is proven lost and nothing raises its score),
 * "stalled" (no progress in 150 decisions), "cap" (its 1000th action), "stuck" (nothing legal), "score" (in a
 * duel, what it would play next would take its score below what resigning at once scores); "" for an action
 * that is no resignation.
 */
const botReasonWords = Object.freeze(["", "lost", "stalled", "cap", "stuck", "score"]);

/** Whether a game can still be won (solve.Winnability), as finishable() says it. */
const winnabilityWords = Object.freeze(["unknown", "winnable", "unwinnable"]);

/**
 * What an "unwinnable" verdict rests on (solve.Proof): "search" (every card known, every line searched),
 * "no-turn" (the stock empty and no move among the seen cards turns a face-down card over), "stranded" (the
 * stock can never be dealt); "" for the other verdicts.
 */
const proofWords = Object.freeze(["", "search", "no-turn", "stranded"]);

/**
 * Whether a face-down card can be turned over by moves among the seen cards (solve.Reach): "turn" (a line
 * does), "none" (no line does: with an empty stock, the game is lost), "unknown" (the budget ran out first).
 */
const reachWords = Object.freeze(["unknown", "turn", "none"]);

/** What answered the solver site's hint (solve.HintSource). */
const hintSourceWords = Object.freeze(["ranking", "solver"]);

/** The verifier's verdict on a record (replay.Verdict). */
const reportVerdictWords = Object.freeze(["verified", "disputed", "illegal", "malformed", "rejected"]);

/** Why a policy refused a record before replaying it (replay.RejectionKind). */
const rejectionKindWords = Object.freeze(["variant", "deal", "position", "claims", "times", "too-fast", "too-many-actions", "too-large", "outcome"]);

/** A check of the verifier that has something to say (replay.FindingKind). */
const findingKindWords = Object.freeze(["actions-after-end", "time-too-short", "undo-used", "hint-used"]);

/** A claim a record makes, which a policy may require (replay.ClaimSet's names). */
const claimWords = Object.freeze(["score", "moves", "runs", "result", "time"]);

/** Reads a compact State at bytes[i:] (its tag there): the same object as the JSON State. */
function decodeState(bytes, view, i) {
  i++;
  const s1 = short(bytes, i);
  i += 1 + bytes[i];
  const s2 = short(bytes, i);
  i += 1 + bytes[i];
  const v4 = bytes[i++];
  const v5 = groupWords[bytes[i++]];
  const l6 = new Array(10);
  for (let k7 = 0; k7 < 10; k7++) {
    const v9 = bytes[i++];
    const n10 = bytes[i++];
    const l11 = new Array(n10);
    for (let k12 = 0; k12 < n10; k12++) {
      l11[k12] = cardNames[bytes[i++]];
    }
    l6[k7] = { faceDown: v9, cards: l11 };
  }
  const l13 = new Array(10);
  for (let k14 = 0; k14 < 10; k14++) {
    const n15 = bytes[i++];
    const l16 = new Array(n15);
    for (let k17 = 0; k17 < n15; k17++) {
      l16[k17] = (cardNames[bytes[i++]] ?? null);
    }
    l13[k14] = l16;
  }
  const v19 = bytes[i++];
  const n20 = bytes[i++];
  const l21 = new Array(n20);
  for (let k22 = 0; k22 < n20; k22++) {
    l21[k22] = suitWords[bytes[i++] - 1];
  }
  const n23 = view.getInt32(i, true);
  i += 4;
  const v24 = outcomeWords[bytes[i++]];
  const n25 = view.getInt32(i, true);
  i += 4;
  const n26 = view.getInt32(i, true);
  i += 4;
  const n27 = view.getInt32(i, true);
  i += 4;
  const n28 = view.getInt32(i, true);
  i += 4;
  const n29 = view.getInt32(i, true);
  i += 4;
  const n30 = view.getInt32(i, true);
  i += 4;
  const f31 = bytes[i++];
  const n32 = view.getUint16(i, true);
  i += 2;
  const l33 = new Array(n32);
  for (let k34 = 0; k34 < n32; k34++) {
    const a35 = actionName(bytes, i);
    i += actionSize(bytes, i);
    l33[k34] = a35;
  }
  const o36 = {};
  if (s1 !== "") o36.code = s1;
  o36.variant = s2;
  o36.suits = v4;
  o36.group = v5;
  o36.columns = l6;
  o36.known = l13;
  o36.stockRows = v19;
  o36.runs = l21;
  o36.score = n23;
  o36.outcome = v24;
  o36.counters = { moves: n25, actions: n26, deals: n27, flips: n28, undos: n29, hints: n30 };
  o36.canUndo = (f31 & 1) !== 0;
  o36.canDeal = (f31 & 2) !== 0;
  o36.canHint = (f31 & 4) !== 0;
  o36.manualFlip = (f31 & 8) !== 0;
  o36.legal = l33;
  return o36;
}

/** The calls on no game, Spider's methods. */
class SpiderCalls {
  constructor(api) {
    this.api = api;
  }
  /**
   * Starts a game: `{code}` (or the code alone), `{number, suits, group}`, `{daily, suits, group}`, `{deal}`,
   * or none of these for a random deal (a random number from `crypto/rand`; 4 suits and classic unless told),
   * under a variant (`app` by default), with `player` and `ticket` for the record's `Player` and `Ticket`
   * tags. An unknown option name or value is refused (`bad-request`, `bad-options`, or the option's own
   * code).
   */
  newGame(options = {}) {
    if (typeof options === "string") options = { code: options };
    return new Game(this.api, this.api.call("newGame", object("newGame", "the options are an object ({code}, {number, suits, group}, {daily}, {deal}, with {variant, player, ticket}) or a game code", options, "bad-options", false)));
  }
  /**
   * Verifies a record under an optional host policy (a Policy, as `replay.ParsePolicy` reads it) and answers
   * the verifier's Report.
   */
  verify(record, policy) {
    return this.api.call("verify", text("verify", "a record is a string, its text or JSON form", record), object("verify", "a policy is an object ({variants, deals, claims, times, ...})", policy, "bad-policy", true));
  }
  /** The variants' names: rules and scoring together, as newGame's option `variant` names them. */
  variants() {
    return this.api.call("variants");
  }
  /**
   * The daily deal's code for a date (`2026-12-01`; today when left out), suit count and group rule; with
   * `winnable: true` (options given as an object), the day's winnable deal (Go's `solve.DailyWinnable`, what
   * `spider deal --daily --winnable` prints): the first deal from the day's on that the solver wins, the same
   * code for everyone on that date. Winnable is slow (a second or more): in a page, ask solve-worker.js.
   */
  dailyCode(date = "", suits = 4, group = "classic") {
    let winnable = false;
    if (date !== null && typeof date === "object" && !Array.isArray(date)) {
      checkOptions("dailyCode", date, ["date", "suits", "group", "winnable"]);
      ({ date = "", suits = 4, group = "classic", winnable = false } = date);
    }
    return this.api.call("dailyCode", text("dailyCode", "the date is a string, YYYY-MM-DD", date, "bad-date"), whole("dailyCode", "the suit count", suits), text("dailyCode", 'the group is "classic" or "relaxed"', group, "bad-group"), flag("dailyCode", "winnable", winnable));
  }
  /**
   * Resumes the game a record records, at its last action, with its score, counters, undo history, times and
   * tags; a record that does not verify is refused (`not-verified`, or the decoder's code).
   */
  resume(record) {
    return new Game(this.api, this.api.call("resume", text("resume", "a record is a string, its text or JSON form", record)));
  }
  /**
   * The result of a duel (Go's `replay.Verifier.Duel`): two records of one deal under the same rules, judged
   * under one host policy that both must meet (none: each under its own rules), and under a clock (the duel's
   * 15 minutes) both timed; each scored on the duel's scheme.
   */
  duel(a, b, options = {}) {
    checkOptions("duel", options, ["policy"]);
    const { policy } = options;
    const a0 = text("duel", "a record is a string, its text or JSON form", a);
    const a1 = text("duel", "a record is a string, its text or JSON form", b);
    if (policy === undefined) return this.api.call("duel", a0, a1);
    return this.api.call("duel", a0, a1, object("duel", "a policy is an object ({variants, deals, claims, times, ...})", policy, "bad-policy", true));
  }
  /**
   * The code of the first deal from number `start` on (0, 4 suits and classic by default) that the solver
   * wins (Go's `solve.WinnableCode`, with the daily deals' budget of positions): the same code on every
   * machine. Slow, a tenth of a second to a few seconds: in a page, ask solve-worker.js.
   */
  winnableCode(options = {}) {
    checkOptions("winnableCode", options, ["suits", "group", "start"]);
    const { suits = 4, group = "classic", start = 0 } = options;
    return this.api.call("winnableCode", whole("winnableCode", "the suit count", suits), text("winnableCode", 'the group is "classic" or "relaxed"', group, "bad-group"), String(whole("winnableCode", "start, a deal number,", start, 0, Number.MAX_SAFE_INTEGER)));
  }
  /**
   * Opens a game verified as it is played, under a host's policy (Go's `replay.Verifier.Live`): the record's
   * deal, rules, scoring and tags, and its actions so far; `liveApply` then verifies each action as the host
   * will. A game the policy refuses is refused (its rejection's kind as the code), as is the first action of
   * the record that is refused.
   */
  live(record, policy) {
    return new Game(this.api, this.api.call("live", text("live", "a record is a string, its text or JSON form", record), object("live", "a policy is an object ({variants, deals, claims, times, ...})", policy, "bad-policy", true)));
  }
}

/** The calls on a game, Game's methods. */
class GameCalls {
  constructor(api, handle) {
    this.api = api;
    this.handle = handle;
  }
  /** Forgets the game. */
  free() {
    this.api.call("free", this.handle);
  }
  /**
   * The game as a player sees it (State): the columns, what the player remembers of the face-down cards, the
   * stock, the runs removed, the score, the counters, the outcome, what is possible and every legal action.
   */
  state() {
    return this.api.callState("state", this.handle);
  }
  /**
   * Every legal action in the record notation (`d>f`, `3a>c`, `d`, `fa`, `u`, `h`, `x`); in JavaScript, with
   * `{kinds}`, only those kinds of action (`{kinds: ["move", "deal"]}` for a bot).
   */
  legal() {
    return this.api.call("legal", this.handle);
  }
  /**
   * Plays an action in the record notation, `ms` milliseconds after the last (0 to 4294967295), and answers
   * the State after it; a refused action changes nothing and says why (its code, the rule's reason, and the
   * sentence for the player). A game keeps a time for every action or for none, as its record does: its first
   * action decides, and an action the other way is refused (`untimed-action`, `timed-action`).
   */
  apply(action, ms) {
    const a0 = text("apply", 'an action is a string in the record notation ("d>f", "3a>c", "d", "fa", "u", "h", "x")', action, "notation");
    if (ms === undefined) return this.api.callState("apply", this.handle, a0);
    return this.api.callState("apply", this.handle, a0, whole("apply", "the time in milliseconds since the last action", ms, 0, 0xffffffff));
  }
  /**
   * Where the group from card `index` (from the bottom, 0) of column `column` goes when tapped: a move, or
   * refused. `order` is `complete` (a completed run first) or `suit` (the group's own suit first); left out
   * (or ""), the variant's own (own suit first under app and winnable, a completed run first elsewhere).
   */
  tap(column, index, order = "") {
    return this.api.call("tap", this.handle, whole("tap", "the column (0 for a)", column), whole("tap", "the card's index (0 for the bottom card)", index), text("tap", "the order is \"complete\" or \"suit\" (or \"\": the variant's)", order));
  }
  /**
   * Every movable group of a column with its destinations: a drag's drop targets, or the segment selector.
   */
  segments(column) {
    return this.api.call("segments", this.handle, whole("segments", "the column (0 for a)", column));
  }
  /**
   * The assistance's suggestion (a Suggestion): a useful action, or the next step when nothing on the table
   * is progress; `order` is `reveal` (the default) or `complete`, or `solver`: the solver site's hint, which
   * sees every card, else the complete ranking, with `by` (`solver` or `ranking`) and `positions`.
   */
  suggest(order = "reveal") {
    return this.api.call("suggest", this.handle, text("suggest", 'the order is "reveal", "complete" or "solver"', order));
  }
  /**
   * The advisor's action from what the player has seen (Go's package advisor): a Suggestion of kind `advice`,
   * with its `level` and `basis`; when nothing is legal, the assistance's suggestion. The game keeps the
   * advisor, with its plan and memory, from one call to the next. Options: `level` (`standard` by default)
   * and `ms`, the most it may take (0, the default: the level's own work, the same answer on every machine);
   * a number alone is `ms`.
   */
  advise(options = {}) {
    if (typeof options === "number") options = { ms: options };
    checkOptions("advise", options, ["ms", "level"]);
    const { ms = 0, level = "" } = options;
    return this.api.call("advise", this.handle, whole("advise", "ms, the most milliseconds it may take,", ms, 0, 0x7fffffff), text("advise", "the level is one of beginner, casual, standard, expert", level, "bad-level"));
  }
  /** The game's record, `text` or `json`: every action with its time, every claim; it verifies as it is. */
  record(form = "text") {
    return this.api.call("record", this.handle, text("record", 'the form is "text" or "json"', form, "bad-form"));
  }
  /**
   * The game's actions, oldest first, as its record has them (scored undos included, take-backs not), in the
   * notation; with `verbose`, a Step each: the cards moved or dealt, those turned over, the run removed, the
   * score after.
   */
  history(options = {}) {
    checkOptions("history", options, ["verbose"]);
    const { verbose = false } = options;
    return this.api.call("history", this.handle, flag("history", "verbose", verbose));
  }
  /**
   * Takes the last `count` actions back (1 by default), free, as if never played: the record and the history
   * keep no trace of them (Go's `Board.Pop`), unlike the rules' undo, which is scored and recorded. Answers
   * the State after it; a game with fewer actions is refused (`nothing-to-take-back`) and left as it is.
   */
  takeBack(count = 1) {
    return this.api.callState("takeBack", this.handle, whole("takeBack", "the count of actions", count, 1, 0x7fffffff));
  }
  /**
   * The milliseconds the game has left under its rules' time limit (the duel's clock) after its last action,
   * or -1 without a limit: a countdown shows this less the time since that action. When it runs out,
   * `apply("x", timeLeft())` ends the game at the limit (outcome `time-up`).
   */
  timeLeft() {
    return this.api.call("timeLeft", this.handle);
  }
  /**
   * Whether the game can still be won from where it stands, for its player (Go's `solve.Finishable`):
   * `winnable` only when every card is known and a line is found; `unwinnable` on a proof: `search` (every
   * card known), `no-turn` (cards unseen, the stock empty, and no move among the seen cards turns a card
   * over), `stranded`; else `unknown`, and `unknown` too when the budget runs out first: never a false
   * answer. `positions` is the search's budget (300000 by default, about a second in a browser; at most
   * 5000000), so the answer is the same on every machine. Slow: in a page, call it in solve-worker.js.
   */
  finishable(options = {}) {
    checkOptions("finishable", options, ["positions"]);
    const { positions = 0 } = options;
    return this.api.call("finishable", this.handle, whole("finishable", "positions, the solver's budget,", positions, 0, 0x7fffffff));
  }
  /**
   * The milliseconds the game has taken: the sum of its actions' times (0 in a game that keeps none). A page
   * playing on from a record starts its clock there.
   */
  elapsed() {
    return this.api.call("elapsed", this.handle);
  }
  /**
   * Whether a face-down card can still be turned over by moves among the cards the player sees (Go's
   * `solve.TurnOver`), reading no hidden card: `reach` `turn`, with the shortest such `line` (its last action
   * the one that turns the card); `none`: no line does (with the stock empty, the game is lost whatever the
   * unseen cards); `unknown`: the budget of `positions` (300000 by default; at most 5000000) ran out first.
   */
  turnOver(options = {}) {
    checkOptions("turnOver", options, ["positions"]);
    const { positions = 0 } = options;
    return this.api.call("turnOver", this.handle, whole("turnOver", "positions, the search's budget,", positions, 0, 0x7fffffff));
  }
  /**
   * Verifies an action of a game opened with `live`, `ms` milliseconds after the last, as the host's live
   * verifier will (Go's `replay.Live`): accepted, it is played and answered with its Step (`index`, `score`,
   * `outcome`, `timeLeft`: -1 without a limit); refused, nothing changes and the answer is the reason the
   * whole-record verifier would give (the rule's code and sentence, or the policy's rejection).
   */
  liveApply(action, ms) {
    const a0 = text("liveApply", 'an action is a string in the record notation ("d>f", "3a>c", "d", "fa", "u", "h", "x")', action, "notation");
    if (ms === undefined) return this.api.call("liveApply", this.handle, a0);
    return this.api.call("liveApply", this.handle, a0, whole("liveApply", "the time in milliseconds since the last action", ms, 0, 0xffffffff));
  }
}
// END calls

/** The advisor's levels, weakest first (Go's advisor.Levels): a duel's opponent is one of them. */
export const levels = levelWords;

/** The SDK once loaded: games, records, verification. The calls' methods are SpiderCalls's. */
export class Spider extends SpiderCalls {
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
    return move.action ? move : null;
  }
  /** Plays on until the game is over; returns the state then. */
  play() {
    while (this.step() !== null);
    return this.game.state();
  }
}

/** One game. Every method is one call into the SDK; the calls' methods are GameCalls's. */
export class Game extends GameCalls {
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
    const all = super.legal();
    if (options === undefined) return all;
    checkOptions("legal", options, ["kinds"]);
    const kinds = options.kinds ?? actionKindWords;
    if (!Array.isArray(kinds)) throw new SpiderError({ code: "bad-request", message: `legal: kinds is a list of ${actionKindWords.join(", ")}` });
    const tests = kinds.map((k) => {
      if (!Object.hasOwn(kindTests, k)) throw new SpiderError({ code: "bad-request", message: `legal: no kind ${JSON.stringify(k)}: the kinds are ${actionKindWords.join(", ")}` });
      return kindTests[k];
    });
    return all.filter((a) => tests.some((t) => t(a)));
  }
  /** The rules' undo, ms milliseconds after the last action (left out in a game that keeps no times). */
  undo(ms) {
    return this.apply("u", ms);
  }
}
