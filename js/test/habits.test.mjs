// chess.js habits: a random deal from newGame(), isGameOver and isWon,
// history with what each action did, legal actions by kind, a free
// take-back apart from the scored undo; unknown options refused with
// bad-request; a bounded game (record-full) and a failed module
// (module-failed).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { spawnSync } from "node:child_process";
import { load, start, SpiderError } from "../index.js";

const spider = await load();
const code = "SP1-S2C-AAAAAAD";

function refused(fn, code, words) {
  assert.throws(fn, (e) => {
    assert.ok(e instanceof SpiderError, `a SpiderError, not ${e}`);
    assert.equal(e.code, code, e.message);
    for (const w of words ?? []) assert.ok(e.message.includes(w), `"${e.message}" names ${w}`);
    return true;
  });
}

test("newGame() deals a random game of 4 suits under the app variant, and knows its code", () => {
  const codes = new Set();
  for (let i = 0; i < 4; i++) {
    const g = spider.newGame();
    const s = g.state();
    assert.equal(s.variant, "app");
    assert.equal(s.suits, 4);
    assert.match(g.code(), /^SP1-S4C-/);
    assert.equal(g.code(), s.code);
    codes.add(g.code());
    g.free();
  }
  assert.equal(codes.size, 4, "four random games, four codes");
  assert.equal(spider.newGame({ suits: 2 }).state().suits, 2);
  assert.equal(spider.newGame({ variant: "unlimited" }).state().variant, "unlimited");
});

test("isGameOver and isWon follow the outcome", () => {
  const g = spider.newGame({ code });
  assert.equal(g.isGameOver(), false);
  assert.equal(g.isWon(), false);
  g.apply("x"); // resign
  assert.equal(g.state().outcome, "resigned");
  assert.equal(g.isGameOver(), true);
  assert.equal(g.isWon(), false);
});

test("history() gives the actions, history({verbose}) what each did", () => {
  const g = spider.newGame({ code });
  const s0 = g.state();
  const s1 = g.apply("d>f");
  const s2 = g.apply("d");
  assert.deepEqual(g.history(), ["d>f", "d"]);
  const [move, deal] = g.history({ verbose: true });
  assert.deepEqual(move, {
    action: "d>f", kind: "move", cards: s0.columns[3].cards.slice(-1), turned: s1.columns[3].cards, score: s1.score,
  });
  assert.equal(deal.kind, "deal");
  assert.deepEqual(deal.cards, s2.columns.map((c) => c.cards.at(-1)));
  assert.equal(deal.score, s2.score);
  refused(() => g.history({ verbos: true }), "bad-request", ['"verbos"', "verbose"]);
});

test("legal({kinds}) gives only the kinds asked for", () => {
  const g = spider.newGame({ code });
  g.apply("d>f");
  const all = g.legal();
  assert.ok(all.includes("u") && all.includes("x"), "undo and resign are legal");
  const bot = g.legal({ kinds: ["move", "deal"] });
  assert.ok(bot.length > 0);
  assert.ok(bot.every((a) => a.includes(">") || a === "d"), bot.join(" "));
  assert.deepEqual(bot, all.filter((a) => a.includes(">") || a === "d"));
  assert.deepEqual(g.legal({ kinds: ["undo"] }), ["u"]);
  refused(() => g.legal({ kinds: ["castle"] }), "bad-request", ['"castle"', "move"]);
  refused(() => g.legal({ kind: ["move"] }), "bad-request", ['"kind"', "kinds"]);
});

test("takeBack() leaves the record as if the action never happened; undo() stays in it", () => {
  const g = spider.newGame({ code, variant: "app" });
  const start = g.record();
  refused(() => g.takeBack(), "nothing-to-take-back");
  g.apply("d>f");
  const s = g.takeBack();
  assert.equal(s.counters.actions, 0);
  assert.equal(g.record(), start);
  assert.deepEqual(g.history(), []);
  g.apply("d>f");
  const undone = g.undo();
  assert.equal(undone.counters.undos, 1);
  assert.deepEqual(g.history(), ["d>f", "u"]);
  assert.notEqual(g.record(), start);
});

test("takeBack(count) takes several actions back in one call, or none when the game has fewer", () => {
  const g = spider.newGame({ code, variant: "app" });
  g.apply("d>f");
  const one = g.record();
  g.apply("d");
  g.apply("u");
  refused(() => g.takeBack(4), "nothing-to-take-back");
  assert.deepEqual(g.history(), ["d>f", "d", "u"], "a refused take-back changes nothing");
  for (const bad of [0, -1, 1.5, "2"]) refused(() => g.takeBack(bad), "bad-request");
  assert.equal(g.takeBack(2).counters.actions, 1);
  assert.equal(g.record(), one);
});

test("unknown option names and values throw bad-request naming them", () => {
  const g = spider.newGame({ code });
  refused(() => spider.newGame({ suits: 3 }), "bad-request", ["suits", "1, 2 or 4"]);
  refused(() => spider.newGame({ code: "SP1-S4C-AAAAAAD", suits: 3 }), "bad-request", ["suits", "4 suits"]);
  refused(() => spider.newGame({ presets: "app" }), "bad-request", ['"presets"', "variant"]);
  refused(() => g.tap(3, 4, "own"), "bad-request", ['"own"', "complete or suit"]);
  refused(() => g.suggest("best"), "bad-request", ['"best"', "reveal, complete or solver"]);
  refused(() => spider.verify(g.record(), { claim: "all" }), "bad-policy");
});

// fill plays a move and its undo, over and over, until the game refuses
// (or one past the limit): the number of actions played.
function fill(g) {
  let n = 0;
  for (; n <= 100000; n++) {
    try {
      g.apply(n % 2 === 0 ? "d>f" : "u");
    } catch (e) {
      assert.equal(e.code, "record-full", e.message);
      break;
    }
  }
  return n;
}

test("a game refuses actions past the record's limit (record-full); memory stays bounded", async () => {
  const g = spider.newGame({ code, variant: "unlimited" });
  assert.equal(fill(g), 100000);
  assert.equal(g.state().counters.actions, 100000);
  // The full record verifies, here in a module of its own.
  const record = g.record();
  const bytes = await readFile(new URL("../dist/spider.wasm", import.meta.url));
  const verifier = await load(bytes);
  assert.equal(verifier.verify(record).verdict, "verified");
  g.free();
  const second = spider.newGame({ code });
  assert.equal(second.apply("d>f").counters.actions, 1);
  assert.equal(spider.verify(second.record()).verdict, "verified");
  // Full games one after the other, each freed, in a module whose
  // collector runs whole where an allocation crosses the heap's goal
  // (GODEBUG=gcstoptheworld=1): no collection waits on the event loop's
  // timers, which a busy machine delays, so the memory is the same
  // function of the games played on every machine. It grows while the
  // heap finds its size (three games), then stays: a game that kept
  // anything once freed would grow it with every game.
  const go = new globalThis.Go();
  go.env = { GODEBUG: "gcstoptheworld=1" };
  const { instance } = await WebAssembly.instantiate(bytes, go.importObject);
  const counted = await start(go, instance);
  const sizes = [];
  for (let i = 0; i < 5; i++) {
    const game = counted.newGame({ code, variant: "unlimited" });
    assert.equal(fill(game), 100000);
    game.free();
    sizes.push(counted.api.memory.buffer.byteLength);
  }
  const mb = sizes.map((n) => n >> 20).join(", ");
  assert.equal(sizes[4], sizes[2], `the memory after each of five full games, each freed: ${mb} MB; want no growth after the third`);
});

test("a module that fails answers module-failed on every later call", async () => {
  const bytes = await readFile(new URL("../dist/spider.wasm", import.meta.url));
  const go = new globalThis.Go();
  const { instance } = await WebAssembly.instantiate(bytes, go.importObject);
  const failing = await start(go, instance);
  // The module's exports, but for a call that traps, as a Go program that
  // exits in the middle of a call does (wasm_exec's exit, then unreachable).
  let trap = false;
  failing.api.exports = { ...instance.exports, spiderCall: (op, n, form) => {
    if (trap) throw new WebAssembly.RuntimeError("unreachable");
    return instance.exports.spiderCall(op, n, form);
  } };
  const g = failing.newGame({ code });
  g.apply("d>f");
  trap = true;
  refused(() => g.apply("u"), "module-failed");
  trap = false;
  refused(() => g.state(), "module-failed"); // the module stays dead
  refused(() => failing.newGame(), "module-failed");
  refused(() => failing.variants(), "module-failed");
  // A Go program that has exited (wasm_exec's go.exited) is failed too.
  const go2 = new globalThis.Go();
  const second = await start(go2, (await WebAssembly.instantiate(bytes, go2.importObject)).instance);
  second.newGame({ code });
  go2.exited = true;
  refused(() => second.newGame({ code }), "module-failed", ["exited"]);
  // The page's own module is untouched.
  assert.equal(spider.newGame({ code }).apply("d>f").counters.actions, 1);
});

// In Node 20 a module that had been sent a string over 65,536 characters
// (a long record, or junk) crashed the process (SIGSEGV) some thousand
// calls later: V8's optimised code for the call path that copied such a
// string in as a Uint8Array. Run in a child process so that a crash is
// reported, not fatal to the suite.
test("verifying a long record and a megabyte of junk, then playing on in the same module", () => {
  const script = `
    import { load } from ${JSON.stringify(new URL("../index.js", import.meta.url).href)};
    const spider = await load();
    const play = (g, n) => { for (let i = 0; i < n; i++) g.apply(i % 2 === 0 ? "d>f" : "u"); };
    const g = spider.newGame({ code: "${code}", variant: "unlimited" });
    play(g, 20000);
    if (spider.verify(g.record()).verdict !== "verified") throw new Error("the long record does not verify");
    const junk = spider.verify("x".repeat(1 << 20));
    if (junk.verdict === "verified") throw new Error("junk verified");
    play(spider.newGame({ code: "${code}", variant: "unlimited" }), 20000);`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  assert.equal(r.signal, null, `the child died of ${r.signal}`);
  assert.equal(r.status, 0, r.stderr);
});

// A long string reaches Go whole, whatever its characters: a comment of
// two- and four-byte characters and a lone surrogate (written as U+FFFD)
// over 65,536 characters in a record leaves it verified.
test("a record with a long comment of any characters verifies whole", () => {
  const g = spider.newGame({ code });
  for (const a of ["d>f", "u", "d>f"]) g.apply(a);
  const record = g.record();
  const head = record.indexOf("\n\n") + 2;
  for (const comment of ["é".repeat(70000), "😀".repeat(40000) + "\ud800" + "ß".repeat(30000)]) {
    const long = `${record.slice(0, head)}{${comment}}\n${record.slice(head)}`;
    assert.ok(long.length > 65536);
    const report = spider.verify(long);
    assert.equal(report.verdict, "verified", JSON.stringify(report).slice(0, 300));
    assert.equal(report.actions, 3);
  }
});
