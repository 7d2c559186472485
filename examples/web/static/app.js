// The reference web game: every rule, refusal, tap destination, segment and
// hint comes from the SDK (WebAssembly, /spider/index.js); this page only
// draws the state and turns clicks, drags and keys into actions.
import { load, SpiderError } from "/spider/index.js";
import { cardText, clockText, letter, moveAction, runsText, suits } from "./cards.js";
import { drawColumns, makeColumns, Marks } from "./board.js";
import { Selector, drawSelector } from "./selector.js";
import { listen } from "./pointer.js";
import { ranking, submit } from "./leaderboard.js";
import { Clock } from "./clock.js";
import { ending, endingTitle, ends, playable } from "./ending.js";

const $ = (id) => document.getElementById(id);
let spider;
try {
  spider = await load();
} catch (e) {
  say(`The game could not start: ${e.message}. Build the package with go run ./cmd/wasmbuild.`, true);
  throw e;
}
const cols = makeColumns($("board"));
const marks = new Marks();
const maxNumber = 34359738367; // spider.MaxNumber: the largest deal number

let game = null; // the SDK's Game
let state = null; // its State after the last action
let settings = { suits: 1, group: "classic", variant: "app", player: "" };
let sel = null; // the open Selector, or null
let clock = new Clock();
let lastAt = 0; // the clock's reading at the last action
let newArmed = 0; // when N was pressed once in a game under way
let resignArmed = 0; // when Resign was pressed once

// ---- games

/** Starts a game from NewGameOptions; says why when they name no game. */
function start(options) {
  let g;
  try {
    g = spider.newGame({ variant: settings.variant, player: settings.player || undefined, ...options });
  } catch (e) {
    if (!(e instanceof SpiderError)) throw e;
    say(e.explain, true);
    return false;
  }
  game?.free();
  game = g;
  state = game.state();
  settings.suits = state.suits || settings.suits;
  settings.group = state.group;
  closeSelector();
  marks.focus = 0;
  clock = new Clock();
  clock.run();
  lastAt = 0;
  resignArmed = 0;
  $("result").open && $("result").close();
  const u = new URL(location.href);
  u.searchParams.set("code", state.code ?? "");
  history.replaceState(null, "", u);
  say("");
  draw();
  return true;
}

function randomDeal() {
  const number = Math.floor(Math.random() * (maxNumber + 1));
  start({ number, suits: settings.suits, group: settings.group });
}

/**
 * Plays one action (in the notation) with the time since the last one.
 * A refused action changes nothing and its reason is shown; returns
 * whether it was played.
 */
function act(action) {
  if (!playable(state.outcome, action)) {
    say("The game is over: play it again or start a new deal.", true);
    return false;
  }
  const now = clock.now();
  const before = state;
  try {
    state = game.apply(action, Math.max(1, Math.round(now - lastAt))); // whole milliseconds, as a record keeps them
  } catch (e) {
    if (!(e instanceof SpiderError)) throw e;
    say(e.explain, true);
    return false;
  }
  const end = ending(state);
  lastAt = now;
  closeSelector();
  const stuck = {
    "undo-or-resign": "No card can move and the stock is empty: undo, or resign.",
    lost: "Lost: the stock is empty and no card can move. Undo to try another way, or resign.",
  }[end];
  say(stuck ?? news(before, state));
  draw();
  if (ends(end)) finish(endingTitle(end));
  return true;
}

// news is the line after an action: runs that left, an empty stock.
function news(before, after) {
  if (after.runs.length > before.runs.length) {
    const s = suits[after.runs[after.runs.length - 1]];
    return `A run of ${s.name} leaves the table (${after.runs.length}/8).`;
  }
  return "";
}

function undo() {
  act("u");
}

// hint asks for a hint as the rules allow (the app's have none: the
// refusal says so), and shows it as the game its rules come from words it:
// for the solver site's rules its hint (the solver, seeing every card,
// else its ranking; the text says which answered), or the unlimited app's
// order (turn cards over first), with the real next step when nothing is
// progress.
function hint() {
  if (!act("h")) return;
  say(game.suggest(state.variant === "winnable" ? "solver" : "reveal").text);
}

function deal() {
  act("d");
}

// resign ends the game under way on a second press within 4 seconds (the
// button's or X's): the record, resigned, goes to the leaderboard.
function resign() {
  if (state.outcome !== "playing") return say("The game is over: play it again or start a new deal.", true);
  if (Date.now() - resignArmed > 4000) {
    resignArmed = Date.now();
    return say("Press Resign (or X) again within 4 seconds to end this game and post its record.");
  }
  resignArmed = 0;
  act("x");
}

/** Sends the group from card i of column c to its tap destination. */
function tap(c, i) {
  let action;
  try {
    action = game.tap(c, i, $("tap-order").value); // "": the variant's own order
  } catch (e) {
    if (!(e instanceof SpiderError)) throw e;
    say(e.explain, true); // over the whole table, with the cards: "9♠ has nowhere to go: ..."
    return;
  }
  act(action);
}

/**
 * Focuses column c and returns its movable groups (game.segments), or
 * null after saying that it has none.
 */
function groupsOf(c) {
  marks.focus = c;
  const segs = game.segments(c);
  if (segs.length) return segs;
  say(`Column ${letter(c)} has no card to move.`, true);
  draw();
  return null;
}

/** Keys a–j: the longest group of column c that moves goes to its tap destination. */
function tapColumn(c) {
  const segs = groupsOf(c);
  if (!segs) return;
  const col = state.columns[c];
  tap(c, col.faceDown + col.cards.length - segs[segs.length - 1].count);
}

// ---- the segment selector

function openSelector(c) {
  const segs = groupsOf(c);
  if (!segs) return;
  sel = new Selector(c, segs);
  say("");
  draw();
}

function closeSelector() {
  sel = null;
  marks.held = null;
  marks.targets = [];
  $("selector").hidden = true;
}

// selectorMove plays the selector's group to column `to`; the selector
// closes either way, and a refusal says why.
function selectorMove(to) {
  const action = moveAction(sel.column, to, sel.count);
  closeSelector();
  if (!act(action)) draw();
}

function selectorKey(e) {
  const k = e.key;
  if (k === "Escape") closeSelector();
  else if (k === "ArrowUp") sel.more();
  else if (k === "ArrowDown") sel.fewer();
  else if (k === "ArrowLeft") sel.left();
  else if (k === "ArrowRight") sel.right();
  else if (k === "PageDown") sel.nextPage();
  else if (k === "PageUp") sel.previousPage();
  else if (k === "Enter" || k === " ") {
    if (sel.target) return selectorMove(sel.target.column);
    say(sel.nowhere(), true);
  } else if (/^[a-j]$/i.test(k)) return selectorMove(k.toLowerCase().charCodeAt(0) - 97);
  else return false;
  draw();
  return true;
}

// ---- drawing

function draw() {
  if (sel) {
    marks.held = { column: sel.column, count: sel.count };
    marks.targets = sel.targets;
  }
  drawColumns(cols, state, marks);
  if (sel) {
    drawSelector($("selector"), sel, state.columns[sel.column], cols[sel.column], {
      onMove: selectorMove,
      onMore: () => (sel.more(), draw()),
      onFewer: () => (sel.fewer(), draw()),
      onPage: (d) => (d > 0 ? sel.nextPage() : sel.previousPage(), draw()),
      onClose: () => (closeSelector(), draw()),
    });
  }
  $("code").textContent = state.code ?? "(explicit deal)";
  $("score").textContent = state.score;
  $("moves").textContent = state.counters.moves;
  $("runs").textContent = runsText(state.runs, state.suits);
  $("stock-rows").textContent = `(${state.stockRows})`;
  $("variant").textContent = `${state.suits} suit${state.suits === 1 ? "" : "s"}, ${state.group}, ${state.variant} rules`;
  drawButtons();
  tick();
  const active = document.activeElement;
  if (active === document.body || active?.classList.contains("column")) cols[marks.focus].focus({ preventScroll: true });
}

// The buttons that act on the game: each is disabled when its action is
// not among the legal ones, its title then saying why in the SDK's words.
const commands = [
  { id: "undo", action: "u", title: "Undo (U)" },
  { id: "hint", action: "h", title: "Hint (H)" },
  { id: "deal", action: "d", title: "Deal a row (D)" },
];

function drawButtons() {
  for (const { id, action, title } of commands) {
    const can = state.legal.includes(action);
    $(id).disabled = !can;
    $(id).title = can ? title : `${title}: ${whyNot(action)}`;
  }
  // Under manual flipping (the duel's), the player turns cards over: the
  // button flips the focused column's card, as F and a tap on it do.
  $("flip").hidden = !state.manualFlip;
  const flip = flipAction(marks.focus);
  $("flip").disabled = !state.legal.includes(flip);
  $("flip").title = `Turn column ${letter(marks.focus)}'s face-down card over (F)` + ($("flip").disabled ? `: ${whyNot(flip)}` : "");
}

/** The action that turns column c's face-down top card over: "fa" for a. */
function flipAction(c) {
  return "f" + letter(c);
}

/** Turns column c's face-down top card over, or says why not. */
function flipColumn(c) {
  marks.focus = c;
  act(flipAction(c));
}

// whyNot is the SDK's reason why action, not a legal one now, is refused
// ("nothing to undo", "no deal while a column is empty"): a refused apply
// changes nothing and throws the refusal.
function whyNot(action) {
  try {
    game.apply(action, 1);
  } catch (e) {
    if (!(e instanceof SpiderError)) throw e;
    return e.explain.replace(/^\S+ refused: /, "");
  }
  return ""; // not reached: legal and apply agree
}

function tick() {
  $("time").textContent = clockText(clock.now());
}

/** The message line: a short sentence, marked when it is a refusal. */
function say(text, refused = false) {
  const m = $("message");
  m.textContent = text;
  m.classList.toggle("refused", refused);
}

// ---- the end of a game

/** Shows the result panel titled title and posts the record. */
async function finish(title) {
  clock.stop();
  $("result-title").textContent = title;
  $("result-time").textContent = clockText(clock.now());
  $("result-moves").textContent = state.counters.moves;
  $("result-score").textContent = state.score;
  $("result-runs").textContent = runsText(state.runs, state.suits);
  $("result-code").textContent = state.code ?? "(explicit deal)";
  $("ranking").hidden = true;
  $("post-status").textContent = "Sending the record to the leaderboard…";
  $("result").showModal();
  const record = game.record("text");
  const res = await submit(record);
  if (!res.entry) {
    $("post-status").textContent = `The leaderboard did not take the record (${res.status || "no answer"}): ${res.error}`;
    return;
  }
  const e = res.entry;
  $("post-status").textContent = res.duplicate
    ? `This game is on board ${e.board} already (${res.status}): the same actions were posted before.`
    : `Record accepted (${res.status}) by board ${e.board}: verified, score ${e.score} in ${e.moves} moves.`;
  try {
    showRanking(e, await ranking(e));
  } catch (err) {
    $("post-status").textContent += ` The ranking could not be read: ${err.message}.`;
  }
}

function showRanking(mine, entries) {
  $("ranking-caption").textContent = `Ranking on board ${mine.board}: ${mine.key}`;
  const rows = entries.map((e) => {
    const tr = document.createElement("tr");
    if (e.id === mine.id) tr.className = "mine";
    for (const v of [e.rank, e.player, e.score, e.moves, clockText(e.timeMs)]) {
      const td = document.createElement("td");
      td.textContent = v;
      tr.append(td);
    }
    return tr;
  });
  $("ranking").tBodies[0].replaceChildren(...rows);
  $("ranking").hidden = false;
}

async function copy(text, button) {
  try {
    await navigator.clipboard.writeText(text);
    button.textContent = "Copied";
  } catch {
    button.textContent = "Select and copy";
    getSelection().selectAllChildren(button.previousElementSibling);
  }
  setTimeout(() => (button.textContent = "Copy"), 1500);
}

// ---- the new-game dialog

// At one suit both group rules play the same: the dialog hides the choice.
function showGroupChoice() {
  $("group-choice").hidden = $("new-form").suits.value === "1";
}
for (const r of $("new-form").suits) r.addEventListener("change", showGroupChoice);

function openNewDialog() {
  const f = $("new-form");
  f.suits.value = String(settings.suits);
  showGroupChoice();
  f.group.value = settings.group;
  f.variant.value = settings.variant;
  f.player.value = settings.player;
  $("new-dialog").showModal();
  $("start").focus();
}

$("new-dialog").addEventListener("close", () => {
  if ($("new-dialog").returnValue !== "start") return;
  const f = $("new-form");
  settings = { suits: Number(f.suits.value), group: f.group.value, variant: f.variant.value, player: f.player.value.trim() };
  localStorage.setItem("spider.settings", JSON.stringify(settings));
  if (f.deal.value === "daily") start({ daily: true, suits: settings.suits, group: settings.group });
  else randomDeal();
});

// ---- input

listen($("board"), {
  press(c) {
    if (!sel) return false;
    if (sel.targets.some((t) => t.column === c)) selectorMove(c);
    else (closeSelector(), draw());
    return true;
  },
  tap,
  flip: flipColumn, // a tap on a column that shows no face-up card
  hold: openSelector,
  dragStart(c, i) {
    const col = state.columns[c];
    const count = col.faceDown + col.cards.length - i;
    const seg = game.segments(c)[count - 1];
    marks.held = { column: c, count };
    marks.targets = seg ? seg.targets : [];
    drawColumns(cols, state, marks);
    return true;
  },
  drop(c, i, to) {
    const col = state.columns[c];
    if (to < 0) return;
    act(moveAction(c, to, col.faceDown + col.cards.length - i));
  },
  dragEnd() {
    marks.held = null;
    marks.targets = [];
    draw();
  },
  doubleClick: () => $("double-click").checked,
});

document.addEventListener("pointerdown", (e) => {
  if (sel && !e.target.closest("#selector, #board")) (closeSelector(), draw());
});

document.addEventListener("keydown", (e) => {
  if (document.querySelector("dialog[open]") || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target.closest("input:not([type=checkbox]), select, textarea")) return;
  const onButton = e.target.closest("button");
  if (sel) {
    if (selectorKey(e) !== false) e.preventDefault();
    return;
  }
  const k = e.key;
  if ((k === "ArrowLeft" || k === "ArrowRight") && !onButton) {
    marks.focus = (marks.focus + (k === "ArrowLeft" ? 9 : 1)) % 10;
    draw();
    cols[marks.focus].focus();
  } else if ((k === "Enter" || k === " ") && !onButton) openSelector(marks.focus);
  else if (/^[a-j]$/.test(k)) tapColumn(k.charCodeAt(0) - 97);
  // Commands are capitals, as in the terminal game: a–j are always columns
  // (u, n and x, not column letters, work in either case).
  else if (k === "u" || k === "U") undo();
  else if (k === "H") hint();
  else if (k === "D") deal();
  else if (k === "F") flipColumn(marks.focus);
  else if (k === "n" || k === "N") newDealKey();
  else if (k === "x" || k === "X") resign();
  else if (k === "Escape") say("");
  else return;
  e.preventDefault();
});

// N starts a new deal at once when the game has not begun or is over, and
// asks for a second N when it would throw away a game under way.
function newDealKey() {
  if (state.counters.actions === 0 || state.outcome !== "playing" || Date.now() - newArmed < 4000) {
    newArmed = 0;
    randomDeal();
    return;
  }
  newArmed = Date.now();
  say("Press N again within 4 seconds for a new deal: this game would be abandoned.");
}

cols.forEach((el, c) => el.addEventListener("focus", () => {
  if (marks.focus !== c) (marks.focus = c, draw());
}));
$("undo").addEventListener("click", undo);
$("hint").addEventListener("click", hint);
$("deal").addEventListener("click", deal);
$("flip").addEventListener("click", () => flipColumn(marks.focus));
$("new-deal").addEventListener("click", randomDeal);
$("resign").addEventListener("click", resign);
$("new-game").addEventListener("click", openNewDialog);
$("copy-code").addEventListener("click", (e) => copy(state.code ?? "", e.currentTarget));
$("copy-result-code").addEventListener("click", (e) => copy(state.code ?? "", e.currentTarget));
$("play-again").addEventListener("click", () => start({ code: state.code }));
$("result-new").addEventListener("click", randomDeal);
$("code-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const code = $("code-input").value.trim().toUpperCase();
  if (!code) return say("Type a game code such as SP1-S4C-AAAAAAD.", true);
  if (start({ code })) $("code-input").value = "";
});
document.addEventListener("visibilitychange", () => (document.hidden ? clock.pause() : clock.run()));
setInterval(tick, 1000);
addEventListener("resize", () => state && draw());

// ---- the first game: ?code= or ?daily, else a random deal with the last settings

for (const v of spider.variants()) $("variant-choice").append(new Option(v, v));
try {
  const saved = JSON.parse(localStorage.getItem("spider.settings") ?? "{}");
  settings = { ...settings, ...saved, variant: saved.variant ?? saved.preset ?? settings.variant }; // preset: an older page's word
  delete settings.preset;
} catch {
  // settings from an older page: keep the defaults
}
const params = new URLSearchParams(location.search);
const asked = params.get("variant") ?? params.get("preset"); // ?preset=: the former name
if (asked) settings.variant = asked;
if (params.get("player")) settings.player = params.get("player");
if (params.get("code")) start({ code: params.get("code") }) || randomDeal();
else if (params.has("daily")) start({ daily: true, suits: settings.suits, group: settings.group });
else randomDeal();
if (!game) {
  // Rules the SDK does not know (?variant=, or settings from another
  // version): the app's rules, and say so.
  const why = $("message").textContent;
  settings.variant = "app";
  randomDeal();
  say(`${why} Playing the app's rules instead.`, true);
}
document.body.dataset.ready = "true";
