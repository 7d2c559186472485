// The table: ten columns of cards drawn from the SDK's state, with the
// focused column, the cards the selector or a drag holds, and the columns
// they may go to marked.
import { cardLabel, cardText, letter, suits } from "./cards.js";

/**
 * Makes the ten column elements once (so that the keyboard focus survives
 * every redraw) and returns them.
 */
export function makeColumns(board) {
  const cols = [];
  for (let c = 0; c < 10; c++) {
    const el = document.createElement("div");
    el.className = "column";
    el.dataset.col = c;
    el.setAttribute("role", "group");
    board.append(el);
    cols.push(el);
  }
  return cols;
}

/** What is marked on the table besides the cards. */
export class Marks {
  constructor() {
    this.focus = 0;
    this.held = null; // {column, count}: the cards the selector or a drag holds
    this.targets = []; // [{column, completesRun, sameSuit, empty}]
    this.hint = null; // {from, count, to} or {flip: column}: the cards a hint moves (or turns) and where
  }
}

/**
 * What a hint's action (in the notation) marks on the table: a move's
 * cards and destination ({from, count, to}), a flip's card ({flip}), or
 * null for the other actions (a deal marks the stock).
 */
export function hintMarks(action) {
  const move = /^(\d*)([a-j])>([a-j])$/.exec(action ?? "");
  if (move) return { from: move[2].charCodeAt(0) - 97, count: Number(move[1] || 1), to: move[3].charCodeAt(0) - 97 };
  const flip = /^f([a-j])$/.exec(action ?? "");
  return flip ? { flip: flip[1].charCodeAt(0) - 97 } : null;
}

/** The words for a destination: "completes a run", "own suit", "empty". */
export function targetWords(t) {
  return t.completesRun ? "completes a run" : t.empty ? "empty column" : t.sameSuit ? "own suit" : "";
}

/**
 * Draws state's columns into cols with the marks. A column whose face-up
 * cards would not fit the window even closed up to their corners is dense:
 * it is marked so (class, data-dense and its label), closes up further so
 * that its last card shows whole, and the selector reads the rest in large
 * type.
 */
export function drawColumns(cols, state, marks) {
  const room = Math.max(320, innerHeight - (cols[0].parentElement.getBoundingClientRect().top + scrollY) - 40);
  const size = sizes();
  state.columns.forEach((col, c) => {
    const el = cols[c];
    const n = col.faceDown + col.cards.length;
    const target = marks.targets.find((t) => t.column === c);
    const hint = marks.hint;
    const hintTo = hint?.to === c;
    // A long column closes up its face-up cards to fit the window, down to
    // a strip that still shows the corner. One that needs less is dense:
    // it closes up further (to a strip a finger can still take) so that its
    // last card shows whole in the window, and the selector reads the rest.
    const up = Math.max(0, col.cards.length - 1);
    const fit = up > 0 ? (room - size.cardH - size.downStep * col.faceDown) / up : size.upStep;
    const dense = fit < size.upMin;
    const step = Math.max(dense ? size.denseMin : size.upMin, Math.min(size.upStep, fit));
    el.className = "column" + (c === marks.focus ? " focused" : "") + (target ? " target" : "") + (target?.completesRun ? " completes" : "") + (dense ? " dense" : "") + (hintTo ? " hint-target" : "");
    el.dataset.dense = String(dense);
    el.tabIndex = c === marks.focus ? 0 : -1;
    el.setAttribute(
      "aria-label",
      columnLabel(c, col) + (dense ? "; dense: Enter or a hold reads every card" : "") + (target ? `; a destination${targetWords(target) ? ", " + targetWords(target) : ""}` : "") +
        (hintTo ? "; the hint's destination" : ""),
    );
    const parts = [label(c)];
    for (let i = 0; i < n; i++) {
      const card = i < col.faceDown ? null : col.cards[i - col.faceDown];
      const held = marks.held && marks.held.column === c && i >= n - marks.held.count;
      const el = cardEl(card, c, i, col.faceDown, held, i < col.faceDown ? (state.known?.[c]?.[i] ?? null) : null);
      if ((hint?.from === c && i >= n - hint.count) || (hint?.flip === c && i === n - 1)) el.classList.add("hinted");
      parts.push(el);
    }
    if (target && targetWords(target)) {
      const mark = document.createElement("span");
      mark.className = "mark";
      mark.textContent = targetWords(target);
      parts.push(mark);
    }
    el.replaceChildren(...parts);
    el.style.setProperty("--col-up", `${step}px`);
    el.style.height = `calc(${offset(col.faceDown, up)} + var(--card-h))`;
  });
  cols[0].parentElement.dataset.drawnFor = `${innerWidth}x${innerHeight}`; // the window the table was last drawn for
}

// sizes are the table's lengths in pixels as the style sheet sets them for
// this window (--card-h, --down-step, --up-step, --up-min, --dense-min),
// read from a hidden probe.
let probe = null;
function sizes() {
  if (!probe) {
    probe = document.createElement("div");
    probe.setAttribute("aria-hidden", "true");
    probe.style.cssText = "position: absolute; visibility: hidden; pointer-events: none; top: 0; left: 0; width: 0";
    for (const v of ["--card-h", "--down-step", "--up-step", "--up-min", "--dense-min"]) {
      const d = document.createElement("div");
      d.style.height = `var(${v})`;
      probe.append(d);
    }
    document.body.append(probe);
  }
  const [cardH, downStep, upStep, upMin, denseMin] = [...probe.children].map((d) => d.getBoundingClientRect().height);
  return { cardH, downStep, upStep, upMin, denseMin };
}

/** "column a: 5 face down, 1 face up, 6 of spades on top", or "column e: empty". */
export function columnLabel(c, col) {
  if (col.faceDown + col.cards.length === 0) return `column ${letter(c)}: empty`;
  const top = col.cards.length ? `, ${cardLabel(col.cards[col.cards.length - 1])} on top` : "";
  return `column ${letter(c)}: ${col.faceDown} face down, ${col.cards.length} face up${top}`;
}

function label(c) {
  const el = document.createElement("span");
  el.className = "label";
  el.textContent = letter(c);
  el.setAttribute("aria-hidden", "true");
  return el;
}

// offset is the top of the card after `down` face-down and `up` face-up cards.
function offset(down, up) {
  return `calc(var(--down-step) * ${down} + var(--col-up, var(--up-step)) * ${up})`;
}

// cardEl is card i of column c: a face-down card when card is null, with
// the card the player saw there before (known, or null), which a hold on
// it shows (class peek).
function cardEl(card, c, i, faceDown, held, known) {
  const el = document.createElement("div");
  el.dataset.col = c;
  el.dataset.index = i;
  el.style.top = offset(Math.min(i, faceDown), Math.max(0, i - faceDown));
  if (card === null) {
    el.className = "card down" + (known ? " known" + (suits[known[1]].red ? " red" : "") : "");
    if (known) {
      el.dataset.known = cardText(known);
      el.setAttribute("aria-label", `face down: you saw the ${cardLabel(known)} here`);
    } else el.setAttribute("aria-hidden", "true");
    return el;
  }
  const suit = suits[card[1]];
  el.className = "card" + (suit.red ? " red" : "") + (held ? " picked" : "");
  el.dataset.card = card;
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", cardLabel(card));
  const corner = document.createElement("span");
  corner.className = "corner" + (card[0] === "T" ? " ten" : ""); // "10♥", the widest, set closer
  corner.textContent = cardText(card);
  const pip = document.createElement("span");
  pip.className = "pip";
  pip.textContent = suit.symbol;
  corner.setAttribute("aria-hidden", "true");
  pip.setAttribute("aria-hidden", "true");
  el.append(corner, pip);
  return el;
}
