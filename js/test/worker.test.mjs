// solve-worker.js as a page runs it, in a worker thread (Node's, with the
// little a module worker's global gives it: self, postMessage, onmessage):
// each message answered with its id, in order, the verdict with a
// suggestion, winnable deals, and every refusal as {id, error: {code,
// message}} with the worker still answering. The test waits on the
// worker's answers, never on a clock.
import { test, after } from "node:test";
import assert from "node:assert/strict";
import { Worker } from "node:worker_threads";
import { load } from "../index.js";

const spider = await load();

// A worker thread with a module worker's self: messages go to self.onmessage
// once the module has loaded, and self.postMessage answers the test.
const shim = `
const { parentPort, workerData } = require("node:worker_threads");
globalThis.self = globalThis;
self.postMessage = (m) => parentPort.postMessage(m);
const ready = import(workerData.url);
parentPort.on("message", async (data) => { await ready; self.onmessage({ data }); });
`;
const worker = new Worker(shim, { eval: true, workerData: { url: new URL("../solve-worker.js", import.meta.url).href } });
after(() => worker.terminate());

// The answers as they come, and the tests' waits on them by id.
const answers = new Map();
const waiting = new Map();
worker.on("message", (m) => {
  const w = waiting.get(m.id);
  if (w) {
    waiting.delete(m.id);
    w(m);
  } else answers.set(m.id, m);
});
const order = [];
worker.on("message", (m) => order.push(m.id));

/** Sends a message and resolves to the worker's answer to it. */
function ask(message) {
  const got = new Promise((resolve) => {
    if (answers.has(message.id)) resolve(answers.get(message.id));
    else waiting.set(message.id, resolve);
  });
  worker.postMessage(message);
  return got;
}

test("finishable: the verdict of a record's game, with a suggestion when it is not unwinnable", async () => {
  const g = spider.newGame({ code: "SP1-S4C-AAAAAAD", variant: "app" });
  g.apply("d>f");
  const record = g.record("text");
  const got = await ask({ id: 1, op: "finishable", record });
  assert.deepEqual(got, { id: 1, winnability: "unknown", proof: "", positions: 0, suggestion: g.suggest() });
  const site = await ask({ id: 3, op: "finishable", record, order: "solver" });
  assert.deepEqual(site.suggestion, g.suggest("solver"), "the hint in the order asked: the solver site's");
  assert.ok(site.suggestion.by, "the solver site's hint says who answered");
  // Every card known, and stuck (no line wins): no suggestion with the proof.
  const ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
  const count = Object.fromEntries(ranks.map((r) => [r, 8]));
  const tops = [["K", "A"], ["K", "A"], ["K", "A"], ["K", "A"], ["K", "A"], ["K", "A"], ["2"], ["2"], ["K"], ["K"]];
  for (const r of tops.flat()) count[r]--;
  const tableau = tops.map(() => []);
  let i = 0;
  for (const r of ranks) for (; count[r] > 0; count[r]--) tableau[i++ % 10].push(r);
  const stuck = spider.newGame({
    deal: { tableau: tableau.map((col, c) => [...col, ...tops[c]].map((r) => r + "s")), faceDown: new Array(10).fill(0), stock: [] },
    variant: "unlimited",
  });
  const proved = await ask({ id: 2, op: "finishable", record: stuck.record("json"), positions: 100000 });
  assert.deepEqual(proved, { id: 2, ...stuck.finishable({ positions: 100000 }) });
  assert.equal(proved.winnability, "unwinnable");
});

test("winnableCode and dailyCode answer what the main thread's calls answer", async () => {
  const [w, d, plain] = await Promise.all([
    ask({ id: "w", op: "winnableCode", suits: 2, group: "relaxed", start: 40 }),
    ask({ id: "d", op: "dailyCode", date: "2026-12-01", suits: 1, winnable: true }),
    ask({ id: "p", op: "dailyCode", date: "2026-12-01" }),
  ]);
  assert.deepEqual(w, { id: "w", code: spider.winnableCode({ suits: 2, group: "relaxed", start: 40 }) });
  assert.deepEqual(d, { id: "d", code: spider.dailyCode({ date: "2026-12-01", suits: 1, winnable: true }) });
  assert.deepEqual(plain, { id: "p", code: spider.dailyCode("2026-12-01") });
  assert.deepEqual(order.slice(-3), ["w", "d", "p"], "answered in the order asked");
});

test("refusals come back as {id, error: {code, message}}, and the worker goes on", async () => {
  const cases = [
    [{ id: 10, op: "solve" }, "bad-request"],
    [{ id: 11 }, "bad-request"],
    [{ id: 12, op: "finishable", record: "not a record" }, undefined],
    [{ id: 13, op: "finishable", record: 7 }, "bad-request"],
    [{ id: 14, op: "finishable", record: spider.newGame({ code: "SP1-S4C-AAAAAAD" }).record(), positions: -1 }, "bad-request"],
    [{ id: 15, op: "winnableCode", suits: 3 }, "bad-request"],
    [{ id: 16, op: "dailyCode", date: "yesterday", winnable: true }, "bad-date"],
    [{ id: 17, op: "dailyCode", winnable: "yes" }, "bad-request"],
  ];
  for (const [message, code] of cases) {
    const got = await ask(message);
    assert.equal(got.id, message.id);
    assert.ok(got.error && typeof got.error.code === "string" && got.error.message !== "", JSON.stringify(got));
    if (code) assert.equal(got.error.code, code, JSON.stringify(got));
  }
  const text = await ask({ id: 18, op: "finishable", record: "[Code \"SP1-S4C-AAAAAAD\"]\n", positions: 1000 });
  assert.equal(text.winnability, "unknown", "still answering after the refusals");
});

test("a message without an id is refused with no id", async () => {
  const got = new Promise((resolve) => waiting.set(undefined, resolve));
  worker.postMessage("finishable");
  assert.deepEqual(await got, { id: undefined, error: { code: "bad-request", message: "solve-worker: a message is an object with an id and an op" } });
});
