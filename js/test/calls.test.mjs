// The call path into the module (a buffer in Go's linear memory and one
// WebAssembly export): what a page may pass it, strange or hostile, comes
// back as an answer or a SpiderError with a code, never a crash, and the
// module keeps answering.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { load, start, SpiderError } from "../index.js";

const spider = await load();

test("load() without a source loads the module once", async () => {
  assert.equal(await load(), spider);
});

test("strange arguments are refused with a code, and the game goes on", () => {
  const g = spider.newGame({ code: "SP1-S4C-AAAAAAD", preset: "app" });
  const cases = [
    [() => g.apply(undefined), "notation"],
    [() => g.apply({}), "notation"],
    [() => g.apply(""), "notation"],
    [() => g.apply("é♠\u0000".repeat(5000)), "notation"],
    [() => g.apply("d>f\u0000"), "notation"],
    [() => g.segments(1e12), "no-column"],
    [() => g.segments(-1), "no-column"],
    [() => g.tap(NaN, Infinity), "face-down"],
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
  assert.equal(g.state().actions, 0);
  assert.equal(g.apply("d>f", 1e20).moves, 1, "a time past 32 bits is taken modulo 2^32, as before");
  const freed = spider.newGame({ number: 7 });
  freed.free();
  assert.throws(() => freed.state(), (e) => e.code === "no-game");
});

test("text outside ASCII goes in and out unchanged", () => {
  const g = spider.newGame({ code: "SP1-S1C-AAAAAAD", preset: "app", player: "zoë ♠ 名前" });
  assert.match(g.record("text"), /\[Player "zoë ♠ 名前"\]/);
  assert.ok(g.record("json").includes("zoë ♠ 名前"), g.record("json"));
});

test("large requests go through: memory grows under the views", () => {
  const g = spider.newGame({ code: "SP1-S4C-AAAAAAD", preset: "unlimited" });
  for (let i = 0; i < 3000; i++) g.apply(i % 2 ? "u" : "d>f", 100);
  const record = g.record("text");
  assert.equal(spider.verify(record, { claims: "all" }).status, "verified");
  const junk = spider.verify("é".repeat(10_000_000)); // 20 MB of UTF-8: Go's memory grows
  assert.notEqual(junk.status, "verified");
  assert.equal(spider.verify(record).status, "verified");
  assert.equal(g.state().actions, 3000);
  assert.throws(() => spider.verify("x".repeat(70 << 20)), (e) => e.code === "bad-request", "over 64 MB");
  assert.equal(g.apply("d>f").actions, 3001, "still answering");
});

test("start() takes a module the page instantiated itself", async () => {
  const bytes = await readFile(new URL("../dist/spider.wasm", import.meta.url));
  const go = new globalThis.Go();
  const { instance } = await WebAssembly.instantiate(bytes, go.importObject);
  const other = await start(go, instance);
  assert.notEqual(other, spider);
  assert.deepEqual(other.newGame({ code: "SP1-S4C-AAAAAAD" }).legal(), ["d>f", "e>a", "e>g", "h>d", "d", "x"]);
});
