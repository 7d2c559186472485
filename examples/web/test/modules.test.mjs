// The page's own modules that hold no DOM: card words, runs per suit, the
// notation, the selector's choices, the clock and how a game ends. The browser test plays
// them in Chromium; these pin their edges.
//   node --test examples/web/test/
import { test } from "node:test";
import assert from "node:assert/strict";
import { cardLabel, cardText, clockText, moveAction, runsText } from "../static/cards.js";
import { Selector } from "../static/selector.js";
import { Clock } from "../static/clock.js";
import { ending, endingTitle, ends, playable } from "../static/ending.js";

test("cards read as a screen reader says them and as the table shows them", () => {
  assert.equal(cardLabel("6s"), "6 of spades");
  assert.equal(cardLabel("Th"), "10 of hearts");
  assert.equal(cardLabel("Ad"), "ace of diamonds");
  assert.equal(cardLabel("Kc"), "king of clubs");
  assert.equal(cardText("Ts"), "10♠");
  assert.equal(cardText("Qh"), "Q♥");
});

test("runs per suit name only the game's suits", () => {
  assert.equal(runsText(["s", "h", "d", "c", "s", "h", "d", "c"], 4), "♠ 2 · ♥ 2 · ♦ 2 · ♣ 2 (8/8)");
  assert.equal(runsText(["s", "h", "s"], 2), "♠ 2 · ♥ 1 (3/8)");
  assert.equal(runsText([], 1), "♠ 0 (0/8)");
});

test("moves and times are written as the record and the panel write them", () => {
  assert.equal(moveAction(0, 2, 1), "a>c");
  assert.equal(moveAction(3, 9, 12), "12d>j");
  assert.equal(clockText(0), "0:00");
  assert.equal(clockText(61_999), "1:01");
  assert.equal(clockText(3_600_000), "60:00");
});

test("the selector opens at the largest group that can go somewhere and stays in bounds", () => {
  const t = (column) => ({ column, completesRun: false, sameSuit: false, empty: false });
  const segs = [
    { count: 1, targets: [t(1), t(4)] },
    { count: 2, targets: [t(4)] },
    { count: 3, targets: [] },
  ];
  const s = new Selector(0, segs);
  assert.equal(s.count, 2);
  assert.equal(s.target.column, 4);
  s.more();
  assert.equal(s.count, 3);
  assert.equal(s.target, undefined, "three cards have nowhere to go");
  s.more();
  assert.equal(s.count, 3, "no more than the column's movable cards");
  s.fewer();
  s.fewer();
  s.right();
  assert.deepEqual([s.count, s.target.column], [1, 4]);
  s.right();
  assert.equal(s.target.column, 4, "no destination past the last");
  s.fewer();
  s.left();
  s.left();
  assert.deepEqual([s.count, s.target.column], [1, 1]);
  assert.equal(new Selector(0, [{ count: 1, targets: [] }]).count, 1);
});

test("a group with nowhere to go is worded for one card and for many", () => {
  const none = [{ count: 1, targets: [] }, { count: 2, targets: [] }, { count: 3, targets: [] }];
  const s = new Selector(2, none);
  assert.equal(s.nowhere(), "1 card from column c has nowhere to go.", "one card: no ▼, it cannot take fewer");
  s.more();
  s.more();
  assert.equal(s.nowhere(), "3 cards from column c have nowhere to go: ▼ takes fewer.");
});

test("the clock counts only visible time and stops for good", async () => {
  globalThis.document = { hidden: false };
  const wait = (ms) => new Promise((r) => setTimeout(r, ms));
  const c = new Clock();
  c.run();
  await wait(60);
  document.hidden = true;
  c.pause();
  const paused = c.now();
  assert.ok(paused >= 50, `ran ${paused} ms`);
  await wait(80);
  assert.equal(c.now(), paused, "no time passes while hidden");
  c.run();
  assert.equal(c.now(), paused, "run does not start while the tab is hidden");
  document.hidden = false;
  c.run();
  await wait(30);
  c.stop();
  const stopped = c.now();
  assert.ok(stopped >= paused + 20);
  c.run();
  await wait(30);
  assert.equal(c.now(), stopped, "a stopped clock never runs again");
});

test("a game ends when won, resigned, or when nothing but resigning is left", () => {
  const playing = { outcome: "playing", legal: ["d>f", "d", "u", "x"] };
  assert.equal(ending(playing), "");
  assert.equal(ending({ ...playing, outcome: "won", legal: [] }), "won");
  assert.equal(ending({ ...playing, outcome: "resigned", legal: [] }), "resigned");
  assert.equal(ending({ ...playing, outcome: "blocked", legal: ["h", "x"] }), "blocked");
  assert.equal(ending({ ...playing, legal: ["u", "h", "x"] }), "undo-or-resign");
  assert.equal(ending({ ...playing, legal: ["fa", "x"] }), "");
  assert.equal(endingTitle("won"), "Won!");
  assert.equal(endingTitle("resigned"), "Resigned");
  assert.equal(endingTitle("blocked"), "No more moves");
  assert.equal(ending({ ...playing, outcome: "lost", legal: ["u", "h", "x"] }), "lost");
  assert.ok(!ends("lost") && ends("time-up") && ends("won"));
  assert.ok(playable("lost", "u") && playable("lost", "x") && !playable("lost", "d>f") && !playable("time-up", "u"));
  assert.equal(endingTitle("time-up"), "Out of time");
  assert.equal(endingTitle(""), "");
});
