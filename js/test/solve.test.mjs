// The solver's calls: finishable's answer (with cards unknown only on a
// proof that none can be turned over), winnable deals and the winnable
// daily deal.
import { test } from "node:test";
import assert from "node:assert/strict";
import { load, SpiderError } from "../index.js";

const spider = await load();

const ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];

/** A 1-suit deal with every card face up and no stock: the player knows every card. */
function openGame(tableau) {
  assert.equal(tableau.flat().length, 104);
  return spider.newGame({ deal: { tableau, faceDown: tableau.map(() => 0), stock: [] }, variant: "unlimited" });
}

/** Eight runs King to 2 in columns a-h, the eight aces in column i: each ace completes a run. */
function winnable() {
  const tableau = [];
  for (let c = 0; c < 8; c++) tableau.push(ranks.slice(1).reverse().map((r) => r + "s"));
  tableau.push(new Array(8).fill("As"), []);
  return openGame(tableau);
}

/**
 * No line wins (solve's stuckDeal): columns a-f end in a King under an Ace, g and h in a 2, i and j in a
 * King, over the other cards in rising order; the aces only go back and forth between the twos.
 */
function stuck() {
  const count = Object.fromEntries(ranks.map((r) => [r, 8]));
  const tops = [];
  for (let c = 0; c < 6; c++) tops.push(["K", "A"]);
  tops.push(["2"], ["2"], ["K"], ["K"]);
  for (const r of tops.flat()) count[r]--;
  const tableau = tops.map(() => []);
  let i = 0;
  for (const r of ranks) for (; count[r] > 0; count[r]--) tableau[i++ % 10].push(r + "s");
  return openGame(tableau.map((col, c) => [...col, ...tops[c]].map((r) => (r.length === 1 ? r + "s" : r))));
}

/**
 * Every card on the table, the stock empty (Go's testdeals.NoTurn): kings on a-f, aces on g and h, a
 * king under 5♠ on i and under 6♠ on j, face up over the rest face down; no move reaches a face-down card.
 */
function noTurn() {
  const tops = [["Ks"], ["Kh"], ["Ks"], ["Kh"], ["Kd"], ["Kc"], ["As"], ["Ah"], ["Kd", "5s"], ["Kc", "6s"]];
  const left = {};
  for (const s of "shdc") for (const r of ranks) left[r + s] = 2;
  for (const c of tops.flat()) left[c]--;
  const tableau = tops.map(() => []);
  let i = 0;
  for (const s of "shdc") for (const r of ranks) for (; left[r + s] > 0; left[r + s]--) tableau[i++ % 10].push(r + s);
  return spider.newGame({ deal: { tableau: tableau.map((col, c) => [...col, ...tops[c]]), faceDown: tableau.map((col) => col.length), stock: [] }, variant: "duel" });
}

test("finishable: unwinnable only on a proof, never a false answer", () => {
  assert.deepEqual(spider.newGame({ code: "SP1-S4C-AAAAAAD" }).finishable(), { winnability: "unknown", proof: "", positions: 0 });
  const blind = noTurn();
  assert.deepEqual(blind.finishable(), { winnability: "unwinnable", proof: "no-turn", positions: 1 }, "no card can be turned over from here");
  const won = winnable().finishable();
  assert.equal(won.winnability, "winnable");
  assert.ok(won.positions > 0 && won.positions <= 300000, `${won.positions} positions`);
  const lost = stuck();
  assert.ok(lost.legal({ kinds: ["move"] }).length > 0, "the stuck deal still has moves");
  const proved = lost.finishable({ positions: 100000 });
  assert.equal(proved.winnability, "unwinnable");
  assert.equal(proved.proof, "search");
  assert.ok(proved.positions > 0 && proved.positions <= 100000, `${proved.positions} positions`);
  const short = lost.finishable({ positions: 1 });
  assert.equal(short.winnability, "unknown", "a budget too small for a proof");
});

test("finishable: a budget out of range or of another type is refused with a code", () => {
  const g = winnable();
  for (const options of [{ positions: -1 }, { positions: 1.5 }, { positions: "many" }, { positions: 5000001 }, { depth: 3 }, 7, null]) {
    assert.throws(() => g.finishable(options), (e) => e instanceof SpiderError && e.code === "bad-request" && e.message !== "", JSON.stringify(options));
  }
  assert.equal(g.finishable({ positions: 5000000 }).winnability, "winnable", "the cap itself is allowed");
});

// The winnable daily deal of 2026-12-08 (4 suits, classic), as Go's solve.DailyWinnable
// gives it and calls/verdict_test.go (TestWinnableDeals) checks: the deal after the day's own.
const day = "2026-12-08", dayCode = "SP1-S4C-EGS5YQ6", dayWinnable = "SP1-S4C-EGS5YQ7";

test("dailyCode({winnable}) is Go's winnable daily deal; the positional form and winnable: false are the plain one", () => {
  assert.equal(spider.dailyCode(day, 4, "classic"), dayCode);
  assert.equal(spider.dailyCode({ date: day }), dayCode);
  assert.equal(spider.dailyCode({ date: day, suits: 4, group: "classic", winnable: false }), dayCode);
  assert.equal(spider.dailyCode({ date: day, suits: 4, group: "classic", winnable: true }), dayWinnable);
  assert.match(spider.dailyCode({ suits: 1, winnable: true }), /^SP1-S1C-/, "today's, 1 suit");
});

test("winnableCode from the day's number finds the same deal", () => {
  const number = 4516143646; // SP1-S4C-EGS5YQ6's
  assert.equal(spider.newGame({ number, suits: 4 }).code(), dayCode);
  assert.equal(spider.winnableCode({ suits: 4, group: "classic", start: number }), dayWinnable);
  assert.match(spider.winnableCode({ suits: 2 }), /^SP1-S2C-/, "2 suits from 0");
});

test("winnableCode and dailyCode({winnable}) refuse bad options with a code", () => {
  const cases = [
    [() => spider.winnableCode({ suits: 3 }), "bad-request"],
    [() => spider.winnableCode({ start: -1 }), "bad-request"],
    [() => spider.winnableCode({ start: 1.5 }), "bad-request"],
    [() => spider.winnableCode({ start: 2 ** 40 }), "bad-request"], // past the last deal number
    [() => spider.winnableCode({ group: "loose" }), "bad-group"],
    [() => spider.winnableCode({ seed: 1 }), "bad-request"],
    [() => spider.winnableCode("SP1"), "bad-request"],
    [() => spider.dailyCode({ winnable: "yes" }), "bad-request"],
    [() => spider.dailyCode({ date: "yesterday", winnable: true }), "bad-date"],
    [() => spider.dailyCode({ when: day }), "bad-request"],
  ];
  for (const [call, code] of cases) {
    assert.throws(call, (e) => e instanceof SpiderError && e.code === code && e.message !== "", `${call}`);
  }
});
