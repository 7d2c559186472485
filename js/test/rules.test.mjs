// The rules as the JavaScript API sees them: a sample of the Go tests'
// table (refusal reasons, undo, runs leaving after a deal, the app's floor),
// and a game played here whose record the Go verifier accepts.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { load, SpiderError } from "../index.js";

const spider = await load();
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

test("the legal actions at the start are Go's", () => {
  const g = spider.newGame({ code: "SP1-S4C-AAAAAAD", variant: "app" });
  assert.deepEqual(g.legal(), ["d>f", "e>a", "e>g", "h>d", "d", "x"]);
  const s = g.state();
  assert.equal(s.score, 500);
  assert.deepEqual(s.columns[0], { faceDown: 5, cards: ["6s"] });
  assert.equal(s.stockRows, 5);
  assert.equal(s.outcome, "playing");
});

test("cards seen once stay known: a card turned over and covered back by undo is in known", () => {
  const g = spider.newGame({ code: "SP1-S4C-AAAAAAD", variant: "app" });
  const unseen = (s) => s.columns.map((col) => new Array(col.faceDown).fill(null));
  const start = g.state();
  assert.deepEqual(start.known, unseen(start), "a fresh deal knows no face-down card");
  const turned = g.apply("d>f").columns[3].cards[0];
  const back = g.undo();
  const want = unseen(back);
  want[3][4] = turned;
  assert.deepEqual(back.known, want);
  assert.deepEqual(spider.resume(g.record("text")).state().known, want, "a resumed game remembers what its record showed");
});

test("refusals carry the rules engine's reason and the sentence", () => {
  const g = spider.newGame({ code: "SP1-S4C-AAAAAAD", variant: "app" });
  const cases = [
    ["3a>b", "face-down", "card is face down", "3a>b refused: only 1 card is face up in column a; the card under it is face down"],
    ["a>b", "rank", "a card goes only on a card one rank higher", "a>b refused: 6♠ needs a 7 to go on; column b shows 2♦"],
    ["a>a", "same-column", "a group cannot move onto its own column", "a>a refused: a group cannot move onto its own column"],
    ["u", "nothing-to-undo", "nothing to undo", "u refused: nothing to undo"],
    ["h", "hint-off", "these rules have no hints", "h refused: these rules have no hints"],
    ["3a>k", "notation", null, null],
  ];
  for (const [action, code, reason, explain] of cases) {
    assert.throws(() => g.apply(action), (e) => {
      assert.ok(e instanceof SpiderError);
      assert.equal(e.code, code, action);
      if (reason) assert.equal(e.reason, reason, action);
      if (explain) assert.equal(e.explain, explain, action);
      return true;
    });
  }
  assert.equal(g.state().counters.actions, 0, "a refused action changes nothing");
});

test("undo takes a move back and restores the app's score", () => {
  const g = spider.newGame({ code: "SP1-S4C-AAAAAAD", variant: "app" });
  const start = g.state();
  assert.equal(g.apply("d>f").score, 499);
  const back = g.undo();
  assert.deepEqual(back.columns, start.columns);
  assert.equal(back.score, 500);
  assert.equal(back.counters.moves, 0);
  assert.equal(back.counters.undos, 1);
});

// spades makes n runs' worth of 1-suit cards: King down to Ace, n times.
function spades(n) {
  const ranks = ["K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2", "A"];
  const out = [];
  for (let i = 0; i < n; i++) for (const r of ranks) out.push(r + "s");
  return out;
}

test("a run completed by a deal leaves the table", () => {
  // Column a: K♠ down to 2♠ face up; the stock's first card, an Ace, lands on it.
  const cards = spades(8);
  const runA = cards.splice(0, 13); // K..A
  const ace = runA.pop();
  const tableau = [runA];
  for (let c = 1; c < 10; c++) tableau.push(cards.splice(0, c <= 6 ? 5 : 4));
  const stock = [ace, ...cards.splice(0, 49)];
  assert.equal(cards.length, 0);
  const faceDown = tableau.map((col, c) => (c === 0 ? 0 : col.length - 1));
  const g = spider.newGame({ deal: { tableau, faceDown, stock }, variant: "microsoft" });
  const s = g.apply("d");
  assert.deepEqual(s.runs, ["s"]);
  assert.equal(s.columns[0].cards.length, 0);
  assert.equal(s.score, 600);
});

test("the app's score never goes below 0, at every step", () => {
  // 5♠ goes back and forth between two 6♠: 510 moves from 500 points.
  const cards = spades(8);
  const take = (r) => cards.splice(cards.indexOf(r), 1)[0];
  const tableau = [[take("5s")], [take("6s")], [take("6s")]];
  for (let c = 3; c < 10; c++) tableau.push([]);
  let c = 3;
  while (cards.length > 50) {
    tableau[c].push(cards.shift());
    c = c === 9 ? 3 : c + 1;
  }
  const faceDown = tableau.map((col) => Math.max(0, col.length - 1));
  const g = spider.newGame({ deal: { tableau, faceDown, stock: cards }, variant: "app" });
  const shuttle = ["a>b", "b>c", "c>b", "b>a"]; // 5♠: a to b, b to c, c to b, b to a
  let s;
  for (let i = 0; i < 510; i++) s = g.apply(shuttle[i % 4]);
  assert.equal(s.counters.moves, 510);
  assert.equal(s.score, 0);
  s = g.apply(shuttle[510 % 4]);
  assert.equal(s.score, 0, "still 0, not negative");
});

test("a game played in JavaScript verifies in Go with every claim true", () => {
  // A seeded walk of legal actions, with undos and times, on a relaxed code.
  let seed = 12345;
  const rand = (n) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
  const g = spider.newGame({ code: "SP1-S2R-AAAAAAE", variant: "gratuit", player: "node" });
  for (let i = 0; i < 150; i++) {
    const legal = g.legal().filter((a) => a !== "x");
    if (legal.length === 0) break;
    g.apply(legal[rand(legal.length)], 300 + rand(2000));
  }
  const text = g.record("text");
  assert.match(text, /\[Player "node"\]/);
  const inWasm = spider.verify(text);
  assert.equal(inWasm.verdict, "verified", inWasm.reason);
  const dir = mkdtempSync(join(tmpdir(), "spider-js-"));
  const file = join(dir, "game.spider");
  writeFileSync(file, text);
  writeFileSync(join(dir, "game.json"), g.record("json"));
  const policy = join(dir, "policy.json");
  writeFileSync(policy, JSON.stringify({ variants: ["gratuit"], deals: { codes: "all" }, claims: "all", times: true }));
  const out = execFileSync("go", ["run", "./cmd/spider", "verify", "--json", "--policy", policy, file, join(dir, "game.json")], { cwd: root, encoding: "utf8" });
  const reports = out.trim().split("\n").map((l) => JSON.parse(l));
  for (const r of reports.slice(0, 2)) {
    assert.equal(r.verdict, "verified", r.reason);
    assert.equal(r.mismatches, undefined);
  }
  assert.equal(reports[2].summary.verified, 2);
});

test("taps, segments and suggestions", () => {
  const g = spider.newGame({ code: "SP1-S4C-AAAAAAD", variant: "unlimited" });
  assert.equal(g.tap(3, 5), "d>f");
  assert.throws(() => g.tap(0, 5), (e) => e.code === "no-target" && e.explain === "6♠ has nowhere to go: no column shows a 7 and none is empty");
  assert.deepEqual(g.segments(3), [{ count: 1, targets: [{ column: 5, completesRun: false, sameSuit: false, empty: false }] }]);
  assert.deepEqual(g.suggest(), { action: "d>f", kind: "reveal", next: "none", card: "Jd", text: "d>f turns a card over" });
  assert.equal(spider.dailyCode("2026-12-01", 4, "classic").slice(0, 8), "SP1-S4C-");
  assert.ok(spider.variants().includes("duel"));
});

test("fill-then-deal names the fill and its card", () => {
  // Follow the suggestion on 1-suit deals until it says to fill an empty column.
  let seen = 0;
  for (let n = 1; n <= 20 && !seen; n++) {
    const g = spider.newGame({ number: n, suits: 1, variant: "unlimited" });
    for (let step = 0; step < 400; step++) {
      const s = g.suggest();
      if (s.next === "fill-then-deal") {
        assert.match(s.fill, /^\d*[a-j]>[a-j]$/);
        assert.match(s.card, /^[A2-9TJQK]s$/);
        assert.match(s.text, /^no progress on the table: fill column [a-j] with .+ \(\d*[a-j]>[a-j]\), then deal$/);
        g.apply(s.fill);
        seen++;
        break;
      }
      if (s.action) g.apply(s.action);
      else if (s.next === "deal") g.apply("d");
      else break;
    }
    g.free();
  }
  assert.ok(seen, "no deal of 1-20 reached fill-then-deal");
});

test("a game resumes from its record at the same state", () => {
  const g = spider.newGame({ code: "SP1-S4R-AAAAAAD", variant: "unlimited", player: "ann" });
  for (const a of ["d>f", "u", "h", "d>f", "d"]) g.apply(a, 400);
  for (const form of ["text", "json"]) {
    const r = spider.resume(g.record(form));
    assert.deepEqual(r.state(), g.state());
    assert.equal(r.record(form), g.record(form));
    r.free();
  }
  assert.throws(() => spider.resume('[Code "SP1-S4C-AAAAAAD"]\n\na>a\n'), (e) => e instanceof SpiderError && e.code === "not-verified");
});
