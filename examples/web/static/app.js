// The reference web game: every rule, refusal, tap destination, segment and
// hint comes from the SDK (WebAssembly, /spider/index.js); this page only
// draws the state and turns clicks, drags and keys into actions.
import { levels, load, SpiderError } from "/spider/index.js";
import { cardText, clockText, letter, moveAction, runsText, suits } from "./cards.js";
import { drawColumns, hintMarks, makeColumns, Marks } from "./board.js";
import { Selector, drawSelector } from "./selector.js";
import { listen } from "./pointer.js";
import { ranking, refusalText, submit } from "./leaderboard.js";
import { Clock } from "./clock.js";
import { ending, endingTitle, endingWhy, ends, playable, stuck } from "./ending.js";
import { Opponent, duelText } from "./duel.js";
import { Watch } from "./watch.js";
import { Solver } from "./solver.js";
import { botName, gameName } from "./games.js";
import { Lobby } from "./lobby.js";
import { Tables, heldText, hostElapsed, loadAccount, loadSeat, resultText, saveSeat, seatText } from "./tables.js";
import { Sender, troubleAfter } from "./sender.js";
import { follow, whenReady } from "./sse.js";

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
// With no variant in the URL or saved, the unlimited-undo app's rules:
// they have hints (the app's have none). winnable: every new deal is one
// the solver wins, until the player chooses otherwise.
let settings = { suits: 1, group: "classic", variant: "unlimited", player: "", opponent: "", winnable: false };
let sel = null; // the open Selector, or null
let clock = new Clock();
let lastAt = 0; // the clock's reading at the last action
let newArmed = 0; // when N was pressed once in a game under way
let resignArmed = 0; // when Resign was pressed once
let opponent = null; // the duel's bot (an Opponent), or null
let watch = null; // the record watched (a Watch), or null
let limitTimer = 0; // ends the game when its time limit is reached
let untimed = false; // the game, played on from a record without times, keeps none: no clock runs
let hintShown = null; // the hint on the table: {action, deal, undo} of the suggestion, until the next action
const solver = new Solver(); // the worker for hints, verdicts and winnable deals
let table = null; // the duel table played or watched here (a TableSeat), or null

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
  adopt(g);
  if (settings.opponent && state.variant === "duel" && state.code) {
    opponent = new Opponent({ code: state.code, variant: state.variant, level: settings.opponent }, drawOpponent);
    drawOpponent();
  }
  return true;
}

/**
 * Makes g the game on the table: a new one, or one resumed from a record
 * to play on from its end. The duel's bot of the former game stops.
 */
function adopt(g) {
  if (table && g !== table.game) leaveTable(); // another game: leaving counts as resigning
  closeWatch();
  opponent?.stop();
  opponent = null;
  drawOpponent();
  if (g !== game) game?.free();
  game = g;
  state = game.state();
  // A game played on from a record without times keeps none (the SDK
  // refuses a time after untimed actions): no clock runs for it.
  untimed = state.counters.actions > 0 && !JSON.parse(game.record("json")).times;
  hintShown = null;
  if (settings.doubleClick === undefined) $("double-click").checked = state.variant === "app"; // the floor app's default
  settings.suits = state.suits || settings.suits;
  settings.group = state.group;
  closeSelector();
  marks.focus = 0;
  clock = new Clock(game === table?.game ? table.hostElapsed : game.elapsed()); // a game played on from a record goes on from its time
  if (untimed) clock.stop(); // for good: the rules' clock judges timed games only
  else clock.run();
  lastAt = game.elapsed();
  resignArmed = 0;
  $("result").open && $("result").close();
  const u = new URL(location.href);
  u.searchParams.set("code", state.code ?? "");
  history.replaceState(null, "", u);
  say("");
  draw();
  // A record played on may end where it stops: stuck, the panel says so.
  const end = ending(state);
  if (end === "undo-or-resign" || end === "lost") finish(end);
  else if (ends(end)) say("This game is over: replay the same cards or start a new deal.");
}

function randomDeal() {
  const number = Math.floor(Math.random() * (maxNumber + 1));
  start({ number, suits: settings.suits, group: settings.group });
}

/** New deal (the button, N, the end panel's): a winnable one while the player asks for those, else a random one. */
function newDeal() {
  if (!mayLeaveTable()) return;
  if (settings.winnable) winnableDeal(false);
  else randomDeal();
}

/** Replays the same cards under the game's rules (not the dialog's). */
function replay() {
  if (mayLeaveTable()) start({ code: state.code, variant: state.variant });
}

/**
 * Plays one action (in the notation) with the time since the last one
 * (or ms, the time limit's end; sentMs, the time sent to a table's host
 * when it differs). A refused action changes nothing and its
 * reason is shown; returns whether it was played.
 */
function act(action, ms, sentMs = ms) {
  if (watching()) return false;
  if (!playable(state.outcome, action)) {
    say("The game is over: play it again or start a new deal.", true);
    return false;
  }
  const now = clock.now();
  const before = state;
  try {
    // Whole milliseconds, as a record keeps them; none in a game played on
    // from a record without times (a bot's): a game keeps a time for every
    // action or for none.
    try {
      const t = ms ?? Math.max(1, Math.round(now - lastAt));
      if (game === table?.game) {
        // At a table: checked as the host will check it (replay.Live), then sent.
        game.liveApply(action, t);
        state = game.state();
        table.sender.push(action, Math.max(1, sentMs ?? t));
      } else state = untimed ? game.apply(action) : game.apply(action, t);
    } catch (e) {
      if (e?.code !== "timed-action") throw e;
      untimed = true; // the SDK's word: this game keeps no times (a refusal changes nothing)
      clock.stop();
      state = game.apply(action);
    }
  } catch (e) {
    if (!(e instanceof SpiderError)) throw e;
    say(e.explain, true);
    return false;
  }
  const end = ending(state);
  lastAt = ms === undefined ? Math.max(1, Math.round(now - lastAt)) + lastAt : lastAt + ms;
  if (action !== "h") hintShown = null; // the table moved on: the hint no longer holds
  closeSelector();
  say(news(before, state));
  draw();
  if (ends(end) || stuck(end)) finish(end);
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
  if (act("u") && $("result").open) $("result").close();
}

// hint asks for a hint as the rules allow (the app's have none: the
// refusal says so), and shows it as the game its rules come from words it:
// for the solver site's rules its hint (the solver, seeing every card,
// else its ranking; the text says which answered), or the unlimited app's
// order (turn cards over first), with the real next step when nothing is
// progress. The worker also asks whether the deal can still be finished
// (solve.Finishable): "cannot be finished" only on a proof (every card
// known, or with the stock empty no card that can be turned over); when
// there is none, the ordinary hint. The worker answers
// off the main thread; the player may move meanwhile, and an answer about
// a position left behind is dropped.
async function hint() {
  if (!act("h")) return;
  const g = game;
  const at = state.counters.actions;
  const known = allKnown(state);
  say(known ? "Hint: working out whether this deal can still be finished…" : "Hint: thinking…", false, true);
  const r = await solver.ask({ op: "finishable", record: game.record("text"), order: state.variant === "winnable" ? "solver" : "reveal" });
  if (g !== game || state.counters.actions !== at) return; // the player moved on
  if (r.error) say(`No hint: ${r.error.message}.`, true);
  else if (r.winnability === "unwinnable" && r.proof === "no-turn") sayVerdict("No card can be turned over from here: this deal cannot be finished. Undo, replay the same cards or start a new deal.");
  else if (r.winnability === "unwinnable") sayVerdict("This deal cannot be finished from here: undo, replay the same cards or start a new deal.");
  else showHint(r.suggestion);
}

// showHint shows a suggestion on the table as well as in words (the
// message line, for screen readers too): the cards it moves and their
// destination, the stock for a deal (after the fill a deal needs first),
// Undo for an undo.
function showHint(sg) {
  const next = sg.action ? "" : sg.next;
  hintShown = { action: sg.action ?? sg.fill ?? "", deal: next === "deal" || next === "fill-then-deal", undo: next === "undo" };
  say(sg.text);
  draw();
}

/** Whether the player knows every card: none face down unseen, none in the stock. */
function allKnown(s) {
  return s.stockRows === 0 && s.columns.every((col, c) => col.faceDown === 0 || (s.known?.[c] ?? []).every((k) => k));
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
  if (watching()) return;
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
  if (watching()) return;
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
  const shown = watch ? watch.state : state; // a record watched, or the game
  marks.hint = watch || !hintShown ? null : hintMarks(hintShown.action);
  drawColumns(cols, shown, marks);
  if (sel) {
    drawSelector($("selector"), sel, state.columns[sel.column], cols[sel.column], {
      onMove: selectorMove,
      onMore: () => (sel.more(), draw()),
      onFewer: () => (sel.fewer(), draw()),
      onPage: (d) => (d > 0 ? sel.nextPage() : sel.previousPage(), draw()),
      onClose: () => (closeSelector(), draw()),
    });
  }
  $("code").textContent = shown.code ?? "(explicit deal)";
  $("score").textContent = shown.score;
  $("moves").textContent = shown.counters.moves;
  $("face-down").textContent = shown.columns.reduce((n, col) => n + col.faceDown, 0);
  drawFoundations(shown);
  $("stock-rows").textContent = `(${shown.stockRows})`;
  $("variant").textContent = variantText(shown) + (settings.winnable ? "; new deals: winnable" : "");
  drawButtons();
  drawStock(shown);
  drawWatch();
  drawTable();
  scheduleLimit();
  tick();
  const active = document.activeElement;
  if (active === document.body || active?.classList.contains("column")) cols[marks.focus].focus({ preventScroll: true });
}

/** "4 suits, classic, unlimited rules"; a deal given card by card has no suit count: "explicit deal, …". */
function variantText(s) {
  const suits = s.suits ? `${s.suits} suit${s.suits === 1 ? "" : "s"}` : "explicit deal";
  return `${suits}, ${s.group}, ${s.variant} rules`;
}

// drawStock draws the stock as piles, one for each deal left (a click on
// them deals, as the Deal button does, whose title says why not when it
// cannot), lit when a hint says to deal.
function drawStock(s) {
  const el = $("stock");
  const piles = [];
  for (let i = 0; i < s.stockRows; i++) {
    const pile = document.createElement("span");
    pile.className = "pile";
    piles.push(pile);
  }
  el.replaceChildren(...piles);
  el.classList.toggle("empty", s.stockRows === 0);
  el.classList.toggle("hinted", !watch && !!hintShown?.deal);
  el.title = `The stock: ${s.stockRows} deal${s.stockRows === 1 ? "" : "s"} left. ${$("deal").title}`;
  el.setAttribute("aria-label", `the stock, ${s.stockRows} deal${s.stockRows === 1 ? "" : "s"} left${hintShown?.deal && !watch ? ", the hint says deal" : ""}`);
  el.setAttribute("aria-disabled", String(!!watch || !state.legal.includes("d")));
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
    const can = !watch && state.legal.includes(action);
    $(id).disabled = !can;
    $(id).title = can ? title : `${title}: ${whyNot(action)}`;
  }
  $("undo").classList.toggle("hinted", !watch && !!hintShown?.undo);
  $("exit-undo").disabled = $("undo").disabled;
  $("exit-undo").title = $("undo").disabled ? $("undo").title : "Undo the last action (U)";
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
  if (watch) return "watching a record";
  if (state.legal.includes(action)) return ""; // legal: nothing to say, and nothing to try
  try {
    game.apply(action, 1);
  } catch (e) {
    if (!(e instanceof SpiderError)) throw e;
    return e.explain.replace(/^\S+ refused: /, "");
  }
  return ""; // not reached: the legal actions and apply agree
}

/** The removed runs, one slot each of eight, with their suit symbols. */
function drawFoundations(s) {
  $("runs").textContent = runsText(s.runs, s.suits);
  const slots = [];
  for (let i = 0; i < 8; i++) {
    const li = document.createElement("li");
    const suit = suits[s.runs[i]];
    li.className = "slot" + (suit ? " full" + (suit.red ? " red" : "") : "");
    li.textContent = suit ? `K${suit.symbol}…A${suit.symbol}` : "";
    li.setAttribute("aria-label", suit ? `a run of ${suit.name}` : "empty");
    slots.push(li);
  }
  $("run-slots").replaceChildren(...slots);
}

// The time shown: under a time limit (the duel's) what is left, counting
// down, else the time played.
function tick() {
  if (table) drawTable();
  const left = timeLeft();
  $("time-label").textContent = left === null ? "Time" : "Time left";
  $("time").textContent = untimed && !watch ? "untimed" : clockText(left === null ? clock.now() : Math.max(0, left));
  $("time").parentElement.classList.toggle("short", left !== null && left < 60_000);
}

/** The milliseconds left under the rules' time limit now, or null without one (or once over). */
function timeLeft() {
  if (watch || untimed || state.outcome !== "playing") return null;
  const left = game.timeLeft(); // after the last action
  return left < 0 ? null : left - (clock.now() - lastAt) - charged();
}

/** The ms the table's host charged the game on the table beyond its own times. */
function charged() {
  return game === table?.game ? table.sender?.charged ?? 0 : 0;
}

// scheduleLimit sets a timer for the moment the time limit is reached,
// which then ends the game there (outcome "time-up"): the rules count the
// time up to the limit exactly, whatever the timer's delay.
function scheduleLimit() {
  clearTimeout(limitTimer);
  const left = timeLeft();
  if (left === null) return;
  limitTimer = setTimeout(() => {
    if (timeLeft() > 0) return scheduleLimit(); // the clock paused meanwhile (a hidden tab)
    act("x", game.timeLeft(), game.timeLeft() - charged()); // the host's game is charged-ahead: it reaches the limit with less
  }, Math.max(0, left) + 5);
}

/** The message line: a short sentence, marked when it is a refusal. */
function say(text, refused = false, computing = false) {
  const m = $("message");
  m.textContent = text;
  m.classList.toggle("refused", refused);
  m.classList.toggle("computing", computing); // a worker is at it: the line says what, with a spinner
  $("exits").hidden = true;
  m.parentElement.classList.remove("verdict");
}

/** A proof that the deal cannot be finished from here: a bar with its ways out (undo, the same cards, a new deal). */
function sayVerdict(text) {
  say(text);
  $("exits").hidden = false;
  $("message").parentElement.classList.add("verdict");
}

// ---- the end of a game

/**
 * Shows the end panel for an ending: what happened and the ways out (undo
 * the last action when the player is stuck, replay the same cards, a new
 * deal). A game over for good is posted to the leaderboard and, in a duel,
 * compared with the bot's.
 */
async function finish(end) {
  const over = ends(end);
  if (over) clock.stop();
  if (over && table && game === table.game) {
    // At a table the host keeps the game: no post. The opponent's game
    // shows on the table until the result.
    say(`Your game has ended (${endingTitle(end).toLowerCase().replace(/[!.]$/, "")}, score ${state.score}): the table shows your opponent's game until theirs ends.`);
    return onTableView(table.view);
  }
  $("result-title").textContent = endingTitle(end);
  $("result-why").textContent = endingWhy(end);
  $("result-undo").hidden = !stuck(end);
  $("result-undo").disabled = !state.legal.includes("u");
  $("result-undo").title = $("result-undo").disabled ? `Undo (U): ${whyNot("u")}` : "Undo the last action (U)";
  $("play-again").disabled = !state.code;
  $("watch-bot").hidden = true;
  $("result").querySelector(".result-figures").hidden = false;
  fillFigures(state);
  $("ranking").hidden = true;
  $("duel-result").hidden = true;
  $("post-status").textContent = over ? "Sending the record to the leaderboard…" : "";
  $("post-details").hidden = true;
  if (!$("result").open) $("result").showModal();
  if (!over) return;
  const record = game.record("text");
  if (opponent) showDuel(record, opponent);
  const res = await submit(record, state.variant);
  if (!res.entry) {
    // A sentence for the player; the service's own words behind Details.
    $("post-status").textContent = refusalText(res);
    $("post-detail").textContent = `${res.status || "no answer"}${res.kind ? " " + res.kind : ""}: ${res.error}`;
    $("post-details").open = false;
    $("post-details").hidden = false;
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

/** The result panel's figures of a game's state: time, moves, score, runs, code. */
function fillFigures(s) {
  $("result-time").textContent = untimed ? "untimed" : clockText(clock.now());
  $("result-moves").textContent = s.counters.moves;
  $("result-score").textContent = s.score;
  $("result-runs").textContent = runsText(s.runs, s.suits);
  $("result-code").textContent = s.code ?? "(explicit deal)";
}

// showDuel waits for the bot to finish its game (at once: it no longer
// pauses) and says who won on the duel's scoring.
async function showDuel(mine, bot) {
  $("duel-result").hidden = false;
  $("duel-result").textContent = `The ${bot.level} bot is finishing its game…`;
  $("watch-bot").hidden = false; // its room kept: the buttons do not move when it is enabled
  $("watch-bot").disabled = true;
  await bot.finish();
  if (bot !== opponent) return; // a new game meanwhile
  if (!bot.record) {
    $("duel-result").textContent = `The bot stopped: ${bot.error?.message ?? "no record"}.`;
    return;
  }
  $("duel-result").textContent = duelText(spider.duel(mine, bot.record), bot.level);
  $("watch-bot").disabled = false;
}

/** The duel's bot on the status line: its level, its score as it stands, and whether it has finished. */
function drawOpponent() {
  $("opponent").hidden = !opponent;
  if (!opponent) return;
  $("bot-level").textContent = opponent.level;
  $("bot-score").textContent = opponent.score;
  const out = opponent.state?.outcome;
  $("bot-state").textContent = opponent.error && opponent.error.code !== "stopped" ? `(stopped: ${opponent.error.message})`
    : opponent.finished ? `(finished${out && out !== "playing" ? ", " + out : ""})` : `(${opponent.actions} action${opponent.actions === 1 ? "" : "s"})`;
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

// ---- watching a record, and playing on from it

/**
 * Opens record (text or JSON) to watch from its first action; title names
 * whose game it is. Returns the SDK's refusal (a SpiderError) when the
 * record does not verify, else null.
 */
function openWatch(record, title) {
  if (timeLeft() !== null) {
    return { explain: "Your game's clock is running (a time limit): finish or resign it before watching a record, or play on from the record's end." };
  }
  let w;
  try {
    w = new Watch(spider, record);
  } catch (e) {
    if (!(e instanceof SpiderError)) throw e;
    return e;
  }
  closeWatch();
  closeSelector();
  watch = w;
  watch.title = title;
  clock.pause();
  say(`Watching ${title}: ${watch.length} actions. Space plays or pauses, ← → step.`);
  draw();
  $("watch-play").focus();
  return null;
}

/**
 * Whether a record is watched: the table shows it, not the game, and
 * gestures on it say how to take over instead of acting.
 */
function watching() {
  if (watch) say("Watching a record: Play on from here takes it over, Close goes back to your game.", true);
  return !!watch;
}

/** Stops watching: the table shows the game again. */
function closeWatch() {
  if (!watch) return;
  watch.free();
  watch = null;
  $("watch").hidden = true;
  if (state?.outcome === "playing") clock.run();
  if (state) (say(""), draw());
}

function drawWatch() {
  $("watch").hidden = !watch;
  if (!watch) return;
  $("watch-title").textContent = `Watching ${watch.title}`;
  $("watch-at").textContent = `action ${watch.at} of ${watch.length}` + (watch.at ? `: ${watch.actions[watch.at - 1]}` : "");
  $("watch-play").textContent = watch.playing ? "‖ Pause" : "▶ Play";
  $("watch-back").disabled = watch.at === 0;
  $("watch-step").disabled = watch.at === watch.length;
  $("watch-continue").hidden = !!watch.follow;
}

function watchPlay() {
  if (watch.playing) watch.pause();
  else {
    if (watch.at === watch.length) while (watch.back()); // from the start again
    watch.play(draw);
  }
  draw();
}

function watchStep(forward) {
  watch.pause();
  if (forward) watch.step();
  else watch.back();
  draw();
}

/** Plays on from the point watched: the record's game up to there becomes the player's. */
function watchContinue() {
  if (!mayLeaveTable()) return;
  const g = watch.continueHere();
  const title = watch.title;
  adopt(g);
  say(`Playing on from action ${state.counters.actions} of ${title}.`);
}

function openRecordDialog() {
  $("record-error").textContent = "";
  $("record-dialog").showModal();
}

$("record-file").addEventListener("change", async (e) => {
  const file = e.target.files[0];
  if (file) $("record-text").value = await file.text();
});

$("record-dialog").addEventListener("close", () => {
  const how = $("record-dialog").returnValue;
  const record = $("record-text").value;
  if ((how !== "watch" && how !== "continue") || (how === "continue" && !mayLeaveTable(inDialog("record")))) return;
  let err = null;
  if (!record.trim()) err = { explain: "No record: choose a file or paste one." };
  else if (how === "watch") err = openWatch(record, "a record");
  else {
    try {
      adopt(spider.resume(record));
      say(`Playing on from the record's end: action ${state.counters.actions}, score ${state.score}.`);
    } catch (e) {
      if (!(e instanceof SpiderError)) throw e;
      err = e;
    }
  }
  if (err) {
    // The dialog stays open with the SDK's reason, the record still there to mend.
    $("record-error").textContent = err.explain;
    $("record-dialog").showModal();
  }
});


// ---- a duel against a person, at a table of the leaderboard's

/**
 * A table played (or watched) here: its view as the host last sent it,
 * the player's seat (-1: a watcher), the seat's game once started and
 * the Sender of its actions, the table's stream, and the stream of the
 * game watched (the opponent's once the player's own has ended).
 */
class TableSeat {
  constructor(view, seat) {
    this.id = view.id;
    this.view = view;
    this.viewAt = Date.now(); // when the view arrived: the service's clock is view.atMs then
    this.seat = seat;
    this.tables = new Tables(loadAccount());
    this.game = null;
    this.sender = null;
    this.hostElapsed = 0; // the time since the seat's start on the host's clock, when the game was read
    this.starting = false;
    this.watched = null; // the seat stream followed
    this.shown = false; // the result panel was shown
  }
  get opponent() {
    return this.seat < 0 ? 0 : 1 - this.seat;
  }
  get mine() {
    return this.seat < 0 ? null : this.view.seats[this.seat];
  }
}

/** The player sits at table view in seat: the page follows the table, and plays as soon as both seats are taken. */
function sit(view, seat) {
  if (table?.id === view.id && table.seat === seat) return onTableView(view);
  if (table) leaveTable();
  table = new TableSeat(view, seat);
  saveSeat({ table: view.id, seat });
  followTable(table);
  onTableView(view);
}

/** Watches a table from the lobby: both seats' progress, the first seat's game live, the result. */
function watchTable(view) {
  if (table) leaveTable();
  table = new TableSeat(view, -1);
  followTable(table);
  onTableView(view);
}

// followTable reads the table's stream: its view at each change.
function followTable(t) {
  const { url, init } = t.tables.watch(t.id);
  t.stream = follow(url, init, (name, data) => {
    if (t !== table) return;
    if (name === "table") onTableView(data);
    else if (name === "result") onTableView({ ...t.view, result: data, status: "ended" });
  }, (status, e, again) => t === table && say(`The table's stream ${again ? "is interrupted" : "was refused"}: ${e.message}`, true));
}

/** A new view of the table: the status line, the start of the player's game, the opponent's, the result. */
function onTableView(v) {
  const t = table;
  t.view = v;
  t.viewAt = Date.now();
  drawTable();
  const me = t.mine;
  if (me && !t.game && !t.starting && v.status !== "open" && !v.result && me.status !== "ended") startSeat(t);
  if (me && t.game && me.status === "ended" && state.outcome === "playing" && t.game === game) readSeat(t); // ended by the host: its clock, or a leave
  if ((t.seat < 0 || (t.game && state.outcome !== "playing") || me?.status === "ended") && !t.watched && v.seats[t.opponent]?.status !== "seated" && v.seats.length > 1) watchSeat(t);
  if (v.result && !t.shown) showTableResult(t);
}

/** Starts (or, started already, resumes) the player's game at the table, from what the host stored. */
async function startSeat(t) {
  t.starting = true;
  let ans;
  try {
    ans = await t.tables.start(t.id, t.seat);
  } catch (e) {
    t.starting = false;
    if (t === table) say(`Your game at table ${t.id} could not start: ${e.message}`, true);
    return;
  }
  if (t !== table) return;
  lobby.close();
  t.sender = new Sender((b) => t.tables.actions(t.id, t.seat, b), {
    stored: ans.stored,
    onAck: (a, sent) => onAck(t, a, sent),
    onRefused: (status, e) => onRefused(t, status, e),
    onTrouble: (e) => onTrouble(t, e),
  });
  playHost(t, ans);
  t.starting = false;
  const opp = t.view.seats[t.opponent]?.player ?? "your opponent";
  say(ans.stored ? `Back at table ${t.id}: your game goes on from its ${ans.stored} stored actions.` : `Table ${t.id}: your duel against ${opp} has started.`);
}

// playHost makes the game the host holds (a start's answer) the one on the table.
function playHost(t, ans) {
  const g = spider.live(JSON.stringify(ans.record));
  // The host's clock: the time since the seat's start, as the time left
  // it answered says (the rules' limit less it).
  t.hostElapsed = hostElapsed(g.elapsed(), g.timeLeft(), ans.seat.timeLeft);
  t.game = g;
  adopt(g);
}

/**
 * Reads the player's game again as the host holds it (after a refusal, or
 * an end the host decided); what it did not store is dropped, and the
 * sentence that says so answered ("" when nothing was).
 */
async function readSeat(t) {
  if (t.reading) return "";
  t.reading = true;
  try {
    const ans = await t.tables.start(t.id, t.seat);
    if (t !== table) return "";
    if (ans.stored < t.sender.stored) return ""; // older than an acknowledgment that came meanwhile
    t.sender.resume(ans.stored, []);
    const dropped = state.counters.actions - ans.stored;
    playHost(t, ans);
    const held = heldText(t.id, ans.stored, dropped);
    if (held) say(held, true);
    return held;
  } catch (e) {
    if (t === table) say(`Your game at table ${t.id} could not be read: ${e.message}`, true);
    return "";
  } finally {
    t.reading = false;
  }
}

// onAck: the host stored a batch. A time it raised (its clock's charge,
// which the Sender counts) only moves the time left shown on: the game,
// the actions still to send and the stored count stay as they are.
function onAck(t, a, sent) {
  if (t !== table) return;
  if (t.game === game) scheduleLimit();
  if (t.game === game && state.outcome !== "playing") onTableView(t.view); // the end is stored: the opponent's game can be watched
}

/** The host refused a batch: its words, and the game as the host holds it. */
function onRefused(t, status, e) {
  if (t !== table) return;
  say(`Table ${t.id} refused your action${e.index !== undefined ? " " + (e.action || e.index) : ""}: ${e.message}`, true);
  const kept = $("message").textContent;
  readSeat(t).then((held) => t === table && say(held ? `${kept} ${held}` : kept, true));
}

/** Whether the player sits at a table whose duel leaving resigns (or, still open, closes). */
function seatedInDuel() {
  return !!table && table.seat >= 0 && table.mine?.status !== "ended" && !table.view.result;
}

/**
 * Whether another game may take the table's place: at once unless the
 * player sits in a duel, which a second press within 4 seconds leaves
 * (resigning it), as Leave asks.
 */
function mayLeaveTable(tell = (text) => say(text, true)) {
  if (!seatedInDuel() || Date.now() - newArmed < 4000) return (newArmed = 0), true;
  newArmed = Date.now();
  tell(`Press again within 4 seconds for another game: it leaves table ${table.id}, which resigns your duel.`);
  return false;
}

// inDialog tells in the dialog named, opened again for the second press.
const inDialog = (name) => (text) => {
  $(`${name}-error`).textContent = text;
  $(`${name}-dialog`).showModal();
};

/** The batch failed twice in a row and goes again: the service's words, until it gets through. */
function onTrouble(t, e) {
  if (t !== table) return;
  const trouble = `Table ${t.id} has not stored your last actions yet (sending them again): `;
  if (e) say(trouble + e.message, true);
  else if ($("message").textContent.startsWith(trouble)) say("");
}

/** Leaves the table: a game under way is resigned, a table still waiting closes. */
async function leaveTable() {
  const t = table;
  table = null;
  saveSeat(null);
  t.stream?.stop();
  t.watched?.stop();
  t.sender?.stop();
  drawTable();
  if (t.seat < 0 || t.mine?.status === "ended" || t.view.result) return;
  try {
    await t.tables.leave(t.id, t.seat);
  } catch (e) {
    if (e.kind !== "ended") say(`Leaving table ${t.id} was refused: ${e.message}`, true);
  }
}

/** The Leave button: the game is resigned, and the table shows the opponent's game until the result. */
async function leaveButton() {
  const t = table;
  if (!t) return;
  if (t.seat < 0 || t.mine?.status === "ended") return (leaveTable(), say(`You left table ${t.id}.`));
  if (Date.now() - resignArmed > 4000) {
    resignArmed = Date.now();
    return say("Press Leave again within 4 seconds: leaving resigns your game.");
  }
  resignArmed = 0;
  try {
    await t.sender?.idle(troubleAfter); // actions that cannot get through do not hold the leave up
    onTableView(await t.tables.leave(t.id, t.seat));
    if (t.game) await readSeat(t);
  } catch (e) {
    say(`Leaving table ${t.id} was refused: ${e.message}`, true);
  }
}

// watchSeat follows the other seat's game live (or, for a watcher, the
// first seat's) on the table: its deal, then each action as it is stored.
// The player's own game must have ended on the host first: its last
// batch is sent, and a "still playing" refusal is asked again.
async function watchSeat(t) {
  t.watched = { stop() {} };
  const ready = await whenReady(() => t.sender?.idle(), () => t === table);
  if (!ready) return; // the page left the table meanwhile: no stream to leak
  const seat = t.opponent;
  const name = t.view.seats[seat]?.player ?? `seat ${seat}`;
  const { url, init } = t.tables.watch(t.id, seat, "0");
  let follower = null;
  const stream = follow(url, init, (ev, data) => {
    if (t !== table) return;
    if (follower?.closed) return; // its watch was closed: the game on the table is the page's again
    if (ev === "start") {
      // A reconnection sends the game so far again: the follower takes the
      // actions it lacks, stays where it is and goes on following.
      if (follower && watch === follower && follower.sync(JSON.stringify(data.record))) return draw();
      const err = openWatch(JSON.stringify(data.record), `${name}'s game, live`);
      if (err) return say(`${name}'s game cannot be shown: ${err.explain}`, true);
      follower = watch;
      watch.follow = true; // each action shows as it comes; no playing on from another's game at the table
      say(`Watching ${name}'s game live: each action shows as it is played, and the table's result when it ends.`);
      draw();
    } else if (ev === "action" && follower) {
      follower.push(data.action);
      if (watch === follower) draw();
    } else if (ev === "end" && watch === follower) say(`${name}'s game has ended.`);
  }, (status, e, again) => {
    if (t !== table || again) return;
    if (e.kind === "playing") {
      // The host has not stored the end of the player's game yet.
      t.watched = null;
      setTimeout(() => t === table && onTableView(t.view), 1000);
      return;
    }
    say(`${name}'s game cannot be watched: ${e.message}`, true);
  });
  t.watched = stream;
}

/** The status line's table part: the table, and the opponent's progress (both seats' for a watcher). */
function drawTable() {
  $("table-state").hidden = !table;
  if (!table) return;
  const v = table.view;
  const now = v.atMs + (Date.now() - table.viewAt);
  const shown = table.seat < 0 ? v.seats : v.seats.filter((_, i) => i !== table.seat);
  $("table-name").textContent = `Table ${v.id}:`;
  $("opp-state").textContent = v.status === "open" && table.seat === 0 ? "waiting for a second player"
    : shown.map((s) => seatText(s, v, now)).join(" · ") || "no opponent yet";
  $("leave-table").textContent = table.seat >= 0 && table.mine?.status !== "ended" && !v.result ? "Leave (resign)" : "Leave";
}

/** The table's result, to its players and its watchers, in the result panel. */
function showTableResult(t) {
  t.shown = true;
  saveSeat(null);
  const v = t.view;
  $("result-title").textContent = v.result.duel ? "The duel's result" : "No duel";
  $("result-why").textContent = v.seats.map((s) => seatText(s, v)).join("; ");
  $("duel-result").textContent = resultText(v, t.seat);
  $("duel-result").hidden = false;
  const figures = t.seat >= 0 && !!t.game;
  $("result").querySelector(".result-figures").hidden = !figures;
  if (figures) fillFigures(t.game === game ? state : t.game.state());
  $("post-status").textContent = `The table's judgement (${v.result.fair || !v.result.duel ? "" : "not a fair duel; "}the duel's scoring, replay.Duel on the two stored records).`;
  $("post-details").hidden = true;
  $("ranking").hidden = true;
  $("result-undo").hidden = true;
  $("watch-bot").hidden = true;
  $("play-again").disabled = true;
  if (!$("result").open) $("result").showModal();
}

// ---- the new-game dialog

// At one suit both group rules play the same: the dialog hides the
// choice. The opponent is chosen only under the duel's rules.
function showGroupChoice() {
  $("group-choice").hidden = $("new-form").suits.value === "1";
  $("opponent-choice").hidden = $("new-form").variant.value !== "duel";
}
for (const r of $("new-form").suits) r.addEventListener("change", showGroupChoice);
$("new-form").variant.addEventListener("change", showGroupChoice);

function openNewDialog() {
  const f = $("new-form");
  f.suits.value = String(settings.suits);
  showGroupChoice();
  f.group.value = settings.group;
  f.variant.value = settings.variant;
  f.opponent.value = settings.opponent ?? "";
  showGroupChoice();
  f.player.value = settings.player;
  f.deal.value = settings.winnable ? "winnable" : "random";
  $("new-error").textContent = "";
  $("new-dialog").showModal();
  $("start").focus();
}

$("new-dialog").addEventListener("close", () => {
  if ($("new-dialog").returnValue !== "start" || !mayLeaveTable(inDialog("new"))) return;
  const f = $("new-form");
  const winnable = f.deal.value === "winnable" || f.deal.value === "daily-winnable"; // kept for every new deal
  settings = { ...settings, suits: Number(f.suits.value), group: f.group.value, variant: f.variant.value, player: f.player.value.trim(), opponent: f.opponent.value, winnable };
  saveSettings();
  if (f.deal.value === "daily") start({ daily: true, suits: settings.suits, group: settings.group });
  else if (f.deal.value === "winnable" || f.deal.value === "daily-winnable") winnableDeal(f.deal.value === "daily-winnable");
  else randomDeal();
});

function saveSettings() {
  localStorage.setItem("spider.settings", JSON.stringify(settings));
}

// winnableDeal starts a deal the solver wins (seed 002's "Gagnable"): the
// first from a random number on, or today's; the worker looks for it
// while the current game stays playable, and a game started meanwhile
// keeps the table.
async function winnableDeal(daily) {
  const { suits: n, group } = settings;
  const g = game;
  say(daily ? "Looking for today's winnable deal…" : "Looking for a winnable deal…", false, true);
  const r = await solver.ask(daily ? { op: "dailyCode", suits: n, group, winnable: true }
    : { op: "winnableCode", suits: n, group, start: Math.floor(Math.random() * (maxNumber - 1000)) });
  if (g !== game) return; // another game was started meanwhile: it stays
  if (r.error) return say(`No winnable deal: ${r.error.message}.`, true);
  if (start({ code: r.code })) say(`A deal the solver wins${daily ? ", today's" : ""}: ${r.code}.`);
}

// ---- input

listen($("board"), {
  press(c) {
    if (!sel) return false;
    if (sel.targets.some((t) => t.column === c)) selectorMove(c);
    else (closeSelector(), draw());
    return true;
  },
  tap,
  flip: (c) => state.manualFlip && flipColumn(c), // a tap on a column's face-down top card, under manual flipping
  hold: (c) => $("board").querySelector(".peek") || openSelector(c), // a held known card shows its face, not the selector
  dragStart(c, i) {
    if (watching()) return false;
    const col = state.columns[c];
    const count = col.faceDown + col.cards.length - i;
    const seg = game.segments(c)[count - 1];
    marks.held = { column: c, count };
    marks.targets = seg ? seg.targets : [];
    drawColumns(cols, state, marks);
    return true;
  },
  // A drop on a destination moves there; with "placement auto" a drop
  // anywhere else sends the cards to their best place, as a tap does.
  drop(c, i, to) {
    const col = state.columns[c];
    const count = col.faceDown + col.cards.length - i;
    const fits = to >= 0 && to !== c && (game.segments(c)[count - 1]?.targets ?? []).some((t) => t.column === to);
    if (!fits && $("auto-place").checked) return tap(c, i);
    if (to < 0 || to === c) return;
    act(moveAction(c, to, count));
  },
  dragEnd() {
    marks.held = null;
    marks.targets = [];
    draw();
  },
  doubleClick: () => $("double-click").checked,
});

// A face-down card the player has seen before shows its face while held.
$("board").addEventListener("pointerdown", (e) => e.target.closest(".card.down.known")?.classList.add("peek"));
for (const ev of ["pointerup", "pointercancel"]) {
  $("board").addEventListener(ev, () => $("board").querySelectorAll(".peek").forEach((el) => el.classList.remove("peek")));
}

document.addEventListener("pointerdown", (e) => {
  if (sel && !e.target.closest("#selector, #board")) (closeSelector(), draw());
});

document.addEventListener("keydown", (e) => {
  if (document.querySelector("dialog[open]") || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.target.closest("input:not([type=checkbox]), select, textarea")) return;
  const onButton = e.target.closest("button");
  if (watch) {
    // Watching: Space plays or pauses, ← → step, Esc stops watching.
    if (e.key === " " && !onButton) watchPlay();
    else if (e.key === "ArrowRight") watchStep(true);
    else if (e.key === "ArrowLeft") watchStep(false);
    else if (e.key === "Escape") closeWatch();
    else return;
    e.preventDefault();
    return;
  }
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
  if (seatedInDuel()) return newDeal(); // which asks for a second press itself
  if (state.counters.actions === 0 || state.outcome !== "playing" || Date.now() - newArmed < 4000) {
    newArmed = 0;
    newDeal();
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
$("new-deal").addEventListener("click", newDeal);
$("stock").addEventListener("click", deal);
$("exit-undo").addEventListener("click", undo);
$("exit-replay").addEventListener("click", replay);
$("exit-new").addEventListener("click", newDeal);
$("menu-button").addEventListener("click", () => {
  const open = document.body.classList.toggle("menu-open");
  $("menu-button").setAttribute("aria-expanded", String(open));
});
$("resign").addEventListener("click", resign);
$("new-game").addEventListener("click", openNewDialog);
$("copy-code").addEventListener("click", (e) => copy(state.code ?? "", e.currentTarget));
$("copy-result-code").addEventListener("click", (e) => copy(state.code ?? "", e.currentTarget));
$("play-again").addEventListener("click", replay); // the game's rules, not the dialog's
$("result-undo").addEventListener("click", undo);
// The end panel's keys, as its buttons' titles say: U, R, N.
$("result").addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const b = { u: "result-undo", r: "play-again", n: "result-new" }[e.key.toLowerCase()];
  if (!b || $(b).hidden || $(b).disabled) return;
  e.preventDefault();
  e.stopPropagation(); // the panel closes: the page's keys must not take it again
  $(b).click();
});
$("watch-bot").addEventListener("click", () => {
  const rec = opponent?.record;
  $("result").close();
  if (rec) openWatch(rec, `the ${opponent.level} bot's game`);
});
$("open-record").addEventListener("click", openRecordDialog);
const lobby = new Lobby({ onSit: sit, onWatch: watchTable });
$("open-lobby").addEventListener("click", () => lobby.open());
$("leave-table").addEventListener("click", leaveButton);
$("watch-play").addEventListener("click", watchPlay);
$("watch-step").addEventListener("click", () => watchStep(true));
$("watch-back").addEventListener("click", () => watchStep(false));
$("watch-speed").addEventListener("change", (e) => {
  watch.speed = Number(e.target.value);
  if (watch.playing) watch.play(draw);
});
$("watch-continue").addEventListener("click", watchContinue);
$("watch-close").addEventListener("click", closeWatch);
$("double-click").addEventListener("change", (e) => ((settings.doubleClick = e.target.checked), saveSettings()));
$("auto-place").addEventListener("change", (e) => ((settings.autoPlace = e.target.checked), saveSettings()));
$("result-new").addEventListener("click", newDeal);
$("code-form").addEventListener("submit", (e) => {
  e.preventDefault();
  const code = $("code-input").value.trim().toUpperCase();
  if (!code) return say("Type a game code such as SP1-S4C-AAAAAAD.", true);
  if (mayLeaveTable() && start({ code })) $("code-input").value = "";
});
// At a table the host's clock runs while the tab is hidden: so does the page's.
document.addEventListener("visibilitychange", () => (document.hidden ? game === table?.game || clock.pause() : watch || clock.run()));
setInterval(tick, 1000);
addEventListener("resize", () => state && draw());

// ---- the first game: ?code= or ?daily, else a random deal with the last settings

for (const v of spider.variants()) $("variant-choice").append(new Option(gameName(v), v));
for (const l of levels) $("new-form").opponent.append(new Option(botName(l), l));
try {
  const saved = JSON.parse(localStorage.getItem("spider.settings") ?? "{}");
  settings = { ...settings, ...saved, variant: saved.variant ?? saved.preset ?? settings.variant }; // preset: an older page's word
  delete settings.preset;
  $("auto-place").checked = !!settings.autoPlace;
  if (settings.doubleClick !== undefined) $("double-click").checked = settings.doubleClick;
} catch {
  // settings from an older page: keep the defaults
}
const params = new URLSearchParams(location.search);
const asked = params.get("variant");
if (asked) settings.variant = asked;
if (params.get("player")) settings.player = params.get("player");
if (params.has("opponent")) settings.opponent = params.get("opponent");
if (params.get("code")) start({ code: params.get("code") }) || randomDeal();
else if (params.has("daily")) start({ daily: true, suits: settings.suits, group: settings.group });
else {
  randomDeal();
  if (settings.winnable) winnableDeal(false); // the one dealt meanwhile stays until it is found
}
if (!game) {
  // Rules the SDK does not know (?variant=, or settings from another
  // version): the default rules, and say so.
  const why = $("message").textContent;
  settings.variant = "unlimited";
  randomDeal();
  say(`${why} Playing the unlimited app's rules instead.`, true);
}
// Coming back to a table (a reload): the seat's game goes on from what the host stored.
const back = loadSeat();
if (back && loadAccount()) {
  try {
    const v = await new Tables(loadAccount()).table(back.table);
    if (v.result) saveSeat(null);
    else sit(v, back.seat);
  } catch (e) {
    saveSeat(null);
    say(`Table ${back.table} could not be read again: ${e.message}`, true);
  }
}
document.body.dataset.ready = "true";
