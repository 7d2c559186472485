// The page's own modules that hold no DOM: card words, runs per suit, the
// notation, the selector's choices, the clock, how a game ends, the games'
// names, a refusal's sentence and a hint's marks. The browser test plays
// them in Chromium; these pin their edges.
//   node --test examples/web/test/
import { test } from "node:test";
import assert from "node:assert/strict";
import { cardLabel, cardText, clockText, moveAction, runsText } from "../static/cards.js";
import { Selector } from "../static/selector.js";
import { Clock } from "../static/clock.js";
import { ending, endingTitle, ends, playable } from "../static/ending.js";
import { botName, gameName } from "../static/games.js";
import { refusalText } from "../static/leaderboard.js";
import { hintMarks } from "../static/board.js";

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
  assert.equal(s.count, 2, "three cards have nowhere to go: ▲ does not stop there");
  s.fewer();
  s.right();
  assert.deepEqual([s.count, s.target.column], [1, 4]);
  s.right();
  assert.equal(s.target.column, 4, "no destination past the last");
  s.fewer();
  assert.equal(s.count, 1, "no fewer than one card");
  s.left();
  s.left();
  assert.deepEqual([s.count, s.target.column], [1, 1]);
  assert.equal(new Selector(0, [{ count: 1, targets: [] }]).count, 1);
});

test("▲ ▼ stop only on groups that have somewhere to go", () => {
  const t = (column) => ({ column, completesRun: false, sameSuit: false, empty: false });
  const segs = [
    { count: 1, targets: [] },
    { count: 2, targets: [t(3)] },
    { count: 3, targets: [] },
    { count: 4, targets: [] },
    { count: 5, targets: [t(7), t(8)] },
    { count: 6, targets: [] },
  ];
  const s = new Selector(1, segs);
  assert.deepEqual(s.stops, [2, 5]);
  assert.equal(s.count, 5, "the largest group that goes somewhere");
  s.more();
  assert.equal(s.count, 5, "six cards go nowhere");
  s.right();
  s.fewer();
  assert.deepEqual([s.count, s.dest, s.target.column], [2, 0, 3], "▼ skips four and three cards, and chooses the first destination");
  s.fewer();
  assert.equal(s.count, 2, "one card goes nowhere");
  s.more();
  assert.equal(s.count, 5);
  assert.equal(s.larger, undefined);
  assert.equal(s.smaller, 2);
});

test("long destination lists go on pages, every destination on one", () => {
  const targets = [0, 2, 3, 4, 5, 6, 7, 8, 9].map((column) => ({ column, completesRun: false, sameSuit: false, empty: true }));
  const s = new Selector(1, [{ count: 1, targets }], 4);
  assert.equal(s.pages, 3);
  const seen = [];
  for (let p = 0; p < s.pages; p++) {
    assert.equal(s.page, p);
    assert.equal(s.shown[0].index, s.dest, "a page opens on its first destination");
    seen.push(...s.shown.map((x) => x.target.column));
    s.nextPage();
  }
  assert.deepEqual(seen, [0, 2, 3, 4, 5, 6, 7, 8, 9], "nothing hidden, nothing twice");
  assert.equal(s.page, 2, "no page past the last");
  s.previousPage();
  assert.deepEqual([s.page, s.target.column], [1, 5]);
  s.left();
  assert.deepEqual([s.page, s.target.column], [0, 4], "← past a page's first destination turns the page back");
  for (let k = 0; k < 9; k++) s.right();
  assert.deepEqual([s.page, s.target.column], [2, 9]);
  s.previousPage();
  s.previousPage();
  s.previousPage();
  assert.deepEqual([s.page, s.dest], [0, 0]);
  assert.equal(new Selector(0, [{ count: 1, targets: targets.slice(0, 4) }], 4).pages, 1, "four destinations fit one page");
  assert.equal(new Selector(0, [{ count: 1, targets: [] }], 4).pages, 1);
});

test("a column whose groups have nowhere to go is worded for one card and for many", () => {
  const s = new Selector(2, [{ count: 1, targets: [] }]);
  assert.equal(s.nowhere(), "1 card from column c has nowhere to go.", "one card: no ▼, it cannot take fewer");
  const none = new Selector(2, [{ count: 1, targets: [] }, { count: 2, targets: [] }, { count: 3, targets: [] }]);
  assert.equal(none.count, 3, "the longest group that moves is held, to read the column");
  none.fewer();
  assert.equal(none.count, 3, "fewer would go nowhere either");
  assert.equal(none.nowhere(), "No group from column c (1 to 3 cards) has anywhere to go.");
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

test("the Rules menu names the games, the opponent menu its bots", () => {
  assert.equal(gameName("lklynet"), "The free site's engine (lklynet)");
  assert.equal(gameName("app"), "The floor app (app)");
  assert.equal(gameName("house"), "house", "a variant the page does not know is its id");
  assert.equal(botName("expert"), "an expert bot");
  assert.equal(botName("casual"), "a casual bot");
});

test("a refusal reads as a sentence whatever the service says", () => {
  assert.equal(refusalText({ status: 422, kind: "times" }), "Not ranked: this leaderboard ranks only games that keep the time of every action, and this one does not.");
  assert.equal(refusalText({ status: 422, kind: "variant" }), "Not ranked: this leaderboard does not rank games under these rules.");
  assert.equal(refusalText({ status: 0, kind: "" }), "Not ranked: the leaderboard does not answer now.");
  assert.equal(refusalText({ status: 418, kind: "teapot" }), "Not ranked: the leaderboard did not take the game.");
});

test("a hint marks a move's cards and destination, or a flip's card", () => {
  assert.deepEqual(hintMarks("d>f"), { from: 3, count: 1, to: 5 });
  assert.deepEqual(hintMarks("12a>j"), { from: 0, count: 12, to: 9 });
  assert.deepEqual(hintMarks("fc"), { flip: 2 });
  assert.equal(hintMarks("d"), null);
  assert.equal(hintMarks(""), null);
  assert.equal(hintMarks(undefined), null);
});
