// The call path into the module (a buffer in Go's linear memory and one
// WebAssembly export): what a page may pass it, strange or hostile, comes
// back as an answer or a SpiderError with a code, never a crash, and the
// module keeps answering.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { load, start, levels, SpiderError } from "../index.js";

const spider = await load();

test("load() without a source loads the module once", async () => {
  assert.equal(await load(), spider);
});

test("strange arguments are refused with a code, and the game goes on", () => {
  const g = spider.newGame({ code: "SP1-S4C-AAAAAAD", variant: "app" });
  const cases = [
    [() => g.apply(undefined), "notation"],
    [() => g.apply({}), "notation"],
    [() => g.apply(""), "notation"],
    [() => g.apply("é♠\u0000".repeat(5000)), "notation"],
    [() => g.apply("d>f\u0000"), "notation"],
    [() => g.segments(1e12), "bad-request"], // past 32 bits: refused before it reaches Go
    [() => g.segments(-1), "no-column"],
    [() => g.segments(10), "no-column"],
    [() => g.tap(NaN, Infinity), "bad-request"],
    [() => spider.newGame({ number: -1 }), "bad-options"],
    [() => spider.newGame({ deal: 5 }), "bad-options"],
    [() => spider.newGame({ code: "SP1-♠" }), "bad-code"],
    [() => spider.newGame({ number: 1, group: "loose" }), "bad-group"],
    [() => spider.dailyCode("yesterday"), "bad-date"],
    [() => g.record("xml"), "bad-form"],
  ];
  for (const [call, code] of cases) {
    assert.throws(call, (e) => e instanceof SpiderError && e.code === code && e.explain !== "", `${call}`);
  }
  assert.equal(g.state().counters.actions, 0);
  for (const bad of [() => g.apply("d>f", NaN), () => g.tap(1.5, 0), () => g.segments("a"), () => new g.constructor(g.api, 2 ** 40).state()]) {
    assert.throws(bad, (e) => e instanceof SpiderError && e.code === "bad-request", `${bad}: numbers that are not whole or do not fit 32 bits`);
  }
  assert.equal(g.state().counters.actions, 0);
  assert.throws(() => g.apply("d>f", 2 ** 32), (e) => e.code === "bad-request", "a time past 32 bits of milliseconds is refused");
  assert.equal(g.apply("d>f", 2 ** 32 - 1).counters.moves, 1, "the largest time a record holds");
  assert.match(g.record("text"), /4294967295/);
  const freed = spider.newGame({ number: 7 });
  freed.free();
  assert.throws(() => freed.state(), (e) => e.code === "no-game");
});

test("text outside ASCII goes in and out unchanged", () => {
  const g = spider.newGame({ code: "SP1-S1C-AAAAAAD", variant: "app", player: "zoë ♠ 名前" });
  assert.match(g.record("text"), /\[Player "zoë ♠ 名前"\]/);
  assert.ok(g.record("json").includes("zoë ♠ 名前"), g.record("json"));
});

test("large requests go through: memory grows under the views", () => {
  const g = spider.newGame({ code: "SP1-S4C-AAAAAAD", variant: "unlimited" });
  for (let i = 0; i < 3000; i++) g.apply(i % 2 ? "u" : "d>f", 100);
  const record = g.record("text");
  assert.equal(spider.verify(record, { claims: "all" }).verdict, "verified");
  const junk = spider.verify("é".repeat(10_000_000)); // 20 MB of UTF-8: Go's memory grows
  assert.notEqual(junk.verdict, "verified");
  assert.equal(spider.verify(record).verdict, "verified");
  assert.equal(g.state().counters.actions, 3000);
  assert.throws(() => spider.verify("x".repeat(70 << 20)), (e) => e.code === "bad-request", "over 64 MB");
  assert.equal(g.apply("d>f", 100).counters.actions, 3001, "still answering");
});

test("start() takes a module the page instantiated itself", async () => {
  const bytes = await readFile(new URL("../dist/spider.wasm", import.meta.url));
  const go = new globalThis.Go();
  const { instance } = await WebAssembly.instantiate(bytes, go.importObject);
  const other = await start(go, instance);
  assert.notEqual(other, spider);
  assert.deepEqual(other.newGame({ code: "SP1-S4C-AAAAAAD" }).legal(), ["d>f", "e>a", "e>g", "h>d", "d", "x"]);
});

test("the compact states of apply and state are the JSON states, key for key", () => {
  // Seeded walks of legal and refused actions over variants, suits and
  // groups, a game without a code, resigning: every state() and apply()
  // answer (read from the compact State) is the JSON State Go writes.
  let seed = 99;
  const rand = (n) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
  const json = (g) => spider.api.call("state", g.handle); // the JSON State, for reference
  const games = [];
  for (const variant of spider.variants()) {
    for (const suits of [1, 2, 4]) games.push(spider.newGame({ number: games.length, suits, group: games.length % 2 ? "relaxed" : "classic", variant }));
  }
  // A game without a code: an explicit 1-suit deal, 6 6 6 6 5 5 5 5 5 5 cards.
  const ranks = "KQJT98765432A";
  const cards = [];
  for (let k = 0; k < 104; k++) cards.push(ranks[k % 13] + "s");
  const tableau = [6, 6, 6, 6, 5, 5, 5, 5, 5, 5].map((n) => cards.splice(0, n));
  const codeless = spider.newGame({ deal: { tableau, faceDown: tableau.map((c) => c.length - 1), stock: cards }, variant: "unlimited" });
  assert.equal(codeless.state().code, undefined);
  games.push(codeless);
  let checked = 0, remembered = 0; // remembered: states with a face-down card known
  for (const g of games) {
    assert.equal(JSON.stringify(g.state()), JSON.stringify(json(g)));
    for (let i = 0; i < 120; i++) {
      const legal = g.legal().filter((a) => a !== "x" || rand(50) === 0);
      const action = rand(10) === 0 ? "a>a" : legal[rand(legal.length)] ?? "d";
      let s;
      try {
        s = g.apply(action, rand(3000));
      } catch (e) {
        assert.ok(e instanceof SpiderError && e.code && e.explain, String(e));
        continue;
      }
      assert.equal(JSON.stringify(s), JSON.stringify(json(g)), `${g.handle} ${action}`);
      assert.deepStrictEqual(s, json(g));
      checked++;
      if (s.known.some((col) => col.some((card) => card !== null))) remembered++;
      if (s.outcome !== "playing") break;
    }
  }
  assert.ok(checked > 1000, `${checked} states checked`);
  assert.ok(remembered > 0, "no state checked had a known face-down card");
});

test("advise({ms}) stops at its time limit inside the export call", () => {
  // Go's timers do not fire while JavaScript waits for an export to
  // return; the advisor reads the clock itself. Unbounded, the expert's
  // first advice on this deal plays its rollouts in eight worlds; bounded
  // to 50 ms it must take a fraction of that.
  const timed = (ms) => {
    const g = spider.newGame({ number: 12, suits: 4, variant: "app" });
    const t = performance.now();
    const s = g.advise({ level: "expert", ms });
    g.free();
    assert.ok(s.action, "the advice names an action");
    return performance.now() - t;
  };
  const unbounded = timed(0), bounded = timed(50);
  assert.ok(bounded < unbounded * 0.6, `advise(50) took ${bounded.toFixed(0)} ms, unbounded ${unbounded.toFixed(0)} ms`);
});

test("advise() at each level names it; a level that is none is refused", () => {
  for (const level of levels) {
    const g = spider.newGame({ number: 12, suits: 2, variant: "app" });
    const s = g.advise({ level });
    assert.equal(s.kind, "advice");
    assert.equal(s.level, level);
    assert.ok(s.basis && g.legal().includes(s.action), `${level}: ${JSON.stringify(s)}`);
    g.free();
  }
  const g = spider.newGame({ number: 12, suits: 2, variant: "app" });
  assert.equal(g.advise().level, "standard");
  assert.equal(g.advise(100).level, "standard", "a number alone is ms");
  assert.throws(() => g.advise({ level: "grandmaster" }), (e) => e.code === "bad-level");
  assert.throws(() => g.advise({ depth: 3 }), (e) => e.code === "bad-request");
  assert.throws(() => spider.newBot({ level: "grandmaster" }), (e) => e.code === "bad-level");
  // An option newBot does not know names its own beside newGame's.
  assert.throws(() => spider.newBot({ lvl: "expert" }), (e) => e.code === "bad-request" && /no option "lvl".*code, number.*newBot's own, level and pace/.test(e.message), "newBot names level and pace");
  g.free();
});

test("a bot plays its own game to the end at its level", () => {
  const bot = spider.newBot({ number: 1010, suits: 2, group: "classic", variant: "app", level: "casual" });
  const first = bot.step();
  assert.ok(first.action && first.state.counters.actions === 1);
  const end = bot.play();
  assert.equal(end.outcome, "won", "the casual level wins this 2-suit deal (advisor.ExamplePlayOut)");
  assert.equal(bot.step(), null, "nothing to play once the game is over");
  assert.match(bot.game.record("text"), /\[Result "won"\]/);
  bot.game.free();
});

test("a bot times its actions with its thinking (at least 100 ms), so that the duel's clock judges its game as a player's", () => {
  const bot = spider.newBot({ code: "SP1-S4C-AAAAAAD", variant: "duel", level: "casual" });
  bot.step();
  bot.step();
  assert.match(bot.game.record("text"), /@[0-9]+/, "its actions have times");
  const me = spider.newGame({ code: "SP1-S4C-AAAAAAD", variant: "duel" });
  me.apply("d>f", 900);
  const d = spider.duel(me.record(), bot.game.record());
  assert.doesNotMatch(d.why, /does not verify/);
  assert.equal(d.sameDeal && d.sameRules, true);
  bot.game.free();
  me.free();
});

test("a bot whose game is lost resigns and says why", () => {
  const bot = spider.newBot({ code: "SP1-S4C-AAAAAAD", variant: "duel", level: "casual", pace: 1000 });
  let last = null;
  for (let step = bot.step(); step !== null; step = bot.step()) {
    assert.equal(step.ms, 1000, "each action at the pace");
    last = step;
  }
  assert.equal(last.action, "x");
  assert.ok(["lost", "stalled"].includes(last.reason), `it resigns, ${JSON.stringify(last.reason)}`);
  assert.equal(last.state.outcome, "resigned", "the casual bot cannot win this 4-suit deal");
  assert.ok(last.state.counters.actions < 1000, `${last.state.counters.actions} actions: it stops long before its cap`);
  assert.match(bot.game.record("text"), /@1000/, "the pace is each action's time in the record");
  assert.throws(() => spider.newBot({ pace: -1 }), (e) => e.code === "bad-request");
  bot.game.free();
});

test("a failed load is not kept: the next load() tries again", async () => {
  const { load: loadFresh } = await import(`../index.js?fresh=${Date.now()}`);
  const dist = new URL("../dist/spider.wasm", import.meta.url);
  const { rename } = await import("node:fs/promises");
  const away = new URL("../dist/spider.wasm.away", import.meta.url);
  await rename(dist, away);
  try {
    await assert.rejects(loadFresh(), /ENOENT|no such file/);
  } finally {
    await rename(away, dist);
  }
  const again = await loadFresh();
  assert.ok(again.variants().includes("app"));
});

test("live: a client checks each action as the host will, under the host's policy", () => {
  const policy = { variants: ["duel"], times: true, minMs: 50 };
  const g = spider.live('[Code "SP1-S4C-AAAAAAD"]\n[Variant "duel"]\n', policy);
  const step = g.liveApply("d>f", 900);
  assert.deepEqual(step, { index: 0, score: -1, outcome: "playing", timeLeft: 15 * 60000 - 900 });
  assert.throws(() => g.liveApply("3a>b", 900), (e) => e.code === "face-down");
  assert.throws(() => g.liveApply("fd", 10), (e) => e.code === "too-fast");
  assert.equal(g.state().counters.actions, 1, "a refused action changes nothing");
  assert.throws(() => spider.live('[Code "SP1-S4C-AAAAAAD"]\n[Variant "app"]\n', policy), (e) => e.code === "variant");
  const plain = spider.newGame("SP1-S4C-AAAAAAD");
  assert.throws(() => plain.liveApply("d>f", 900), (e) => e.code === "not-live");
  g.free();
  plain.free();
});
