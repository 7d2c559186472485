// The rules the five games describe, as the package shows them: the free
// site's lost game, the solver site's hint, the duel's clock and result,
// and an lklynet log read through the one front door.
import { test } from "node:test";
import assert from "node:assert/strict";
import { load } from "../index.js";

const spider = await load();

test("the free site's game is lost when the stock is empty and no move is left; an undo takes it back", () => {
  const g = spider.newGame({ code: "SP1-S4C-AAAAAHN", variant: "gratuit" });
  for (let i = 0; i < 5; i++) g.apply("d");
  assert.equal(g.state().outcome, "lost");
  assert.ok(g.isGameOver());
  assert.equal(g.undo().outcome, "playing");
  assert.equal(spider.newGame({ code: "SP1-S4C-AAAAAHN", variant: "microsoft" }).state().outcome, "playing");
});

test("suggest('solver') is the solver site's hint and says what answered", () => {
  const g = spider.newGame({ code: "SP1-S1C-AAAAAAD", variant: "winnable" });
  const h = g.suggest("solver");
  assert.equal(h.by, "solver");
  assert.ok(h.positions > 0);
  assert.ok(g.legal().includes(h.action), `${h.action} is legal`);
  assert.equal(g.suggest("reveal").by, undefined, "the rule-ordered hint has no by");
});

test("the duel's clock counts down a timed game, and its result compares two records", () => {
  const g = spider.newGame({ code: "SP1-S4C-AAAAAAD", variant: "duel" });
  assert.equal(g.timeLeft(), 15 * 60000);
  g.apply("d>f", 1000);
  assert.equal(g.timeLeft(), 15 * 60000 - 1000);
  assert.equal(g.elapsed(), 1000, "the time taken, from which a page resumes its clock");
  assert.equal(spider.resume(g.record()).elapsed(), 1000, "a record resumed keeps its time");
  assert.throws(() => g.apply("e>a", 15 * 60000), (e) => e.code === "time-up");
  assert.equal(g.apply("x", g.timeLeft()).outcome, "time-up");
  assert.equal(spider.newGame({ code: "SP1-S4C-AAAAAAD", variant: "app" }).timeLeft(), -1);
  const untimed = spider.newGame({ code: "SP1-S4C-AAAAAAD", variant: "app" });
  untimed.apply("d>f");
  assert.equal(untimed.elapsed(), 0, "a game without times has taken none");
  const a = spider.newGame({ code: "SP1-S4C-AAAAAAD", variant: "duel" });
  a.apply("d>f", 900);
  const b = spider.newGame({ code: "SP1-S4C-AAAAAAD", variant: "duel" });
  const d = spider.duel(a.record(), b.record());
  assert.equal(d.sameDeal, true);
  assert.ok([0, 1, -1].includes(d.winner));
  assert.match(d.why, /duel's scoring/);
  assert.equal(spider.duel(a.record(), spider.newGame({ code: "SP1-S4C-AAAAAAG", variant: "duel" }).record()).winner, -1);
});

test("a duel is judged under one policy, which both records meet, and under the clock both are timed", () => {
  const game = (ms) => {
    const g = spider.newGame({ code: "SP1-S4C-AAAAAAD", variant: "duel" });
    g.apply("d>f", ms);
    return g.record();
  };
  const timed = game(900);
  const untimed = game(undefined);
  assert.match(spider.duel(timed, timed, { policy: { variants: ["duel"], times: true } }).why, /a tie/);
  const refused = spider.duel(timed, timed, { policy: { variants: ["app"] } });
  assert.equal(refused.winner, -1);
  assert.match(refused.why, /the first record does not verify/);
  const clock = spider.duel(timed, untimed);
  assert.equal(clock.winner, -1);
  assert.match(clock.why, /the second record does not verify: .*time/);
  assert.throws(() => spider.duel(timed, timed, { policy: "app" }), (e) => e.code === "bad-policy");
  assert.throws(() => spider.duel(timed, timed, { rules: {} }), (e) => e.code === "bad-request");
});

test("an lklynet log verifies and resumes as the command line and the leaderboard read it", () => {
  const log = JSON.stringify({ seed: "7", events: [{ type: "move", fromPileIndex: 0, toPileIndex: 3, cardIndex: 5 }] });
  assert.equal(spider.verify(log).verdict, "verified");
  assert.equal(spider.resume(log).state().variant, "lklynet");
});

test("the Bicycle layout: ten columns of five, four face down, and six deals, the last of four cards", () => {
  const g = spider.newGame({ code: "SP1-S4C-AAAAAAD", variant: "bicycle" });
  let s = g.state();
  assert.ok(s.columns.every((c) => c.faceDown === 4 && c.cards.length === 1), JSON.stringify(s.columns.map((c) => [c.faceDown, c.cards.length])));
  assert.equal(s.stockRows, 6);
  assert.ok(spider.variants().includes("bicycle"));
  const r = spider.verify(g.record("text"));
  assert.equal(r.verdict, "verified");
});

test("the submissions every caller judges alike get the same verdicts here (internal/frontdoor; the binary form aside: this build reads none; and bytes that are not UTF-8, which no JS string holds)", async () => {
  const { readFileSync } = await import("node:fs");
  const { fileURLToPath } = await import("node:url");
  const dir = fileURLToPath(new URL("../../internal/frontdoor/testdata/", import.meta.url));
  const verdicts = JSON.parse(readFileSync(dir + "verdicts.json", "utf8"));
  const utf8 = new TextDecoder("utf-8", { fatal: true });
  for (const [name, want] of Object.entries(verdicts)) {
    if (name.endsWith(".spdz")) continue;
    let text;
    try {
      text = utf8.decode(readFileSync(dir + name));
    } catch {
      continue;
    }
    assert.equal(spider.verify(text).verdict, want, name);
  }
});
