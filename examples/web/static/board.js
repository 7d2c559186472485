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
  }
}

/** The words for a destination: "completes a run", "own suit", "empty". */
export function targetWords(t) {
  return t.completesRun ? "completes a run" : t.empty ? "empty column" : t.sameSuit ? "own suit" : "";
}

/** Draws state's columns into cols with the marks. */
export function drawColumns(cols, state, marks) {
  const room = Math.max(320, innerHeight - (cols[0].parentElement.getBoundingClientRect().top + scrollY) - 40);
  state.columns.forEach((col, c) => {
    const el = cols[c];
    const n = col.faceDown + col.cards.length;
    const target = marks.targets.find((t) => t.column === c);
    el.className = "column" + (c === marks.focus ? " focused" : "") + (target ? " target" : "") + (target?.completesRun ? " completes" : "");
    el.tabIndex = c === marks.focus ? 0 : -1;
    el.setAttribute("aria-label", columnLabel(c, col) + (target ? `; a destination${targetWords(target) ? ", " + targetWords(target) : ""}` : ""));
    const parts = [label(c)];
    for (let i = 0; i < n; i++) {
      const card = i < col.faceDown ? null : col.cards[i - col.faceDown];
      const held = marks.held && marks.held.column === c && i >= n - marks.held.count;
      parts.push(cardEl(card, c, i, col.faceDown, held));
    }
    if (target && targetWords(target)) {
      const mark = document.createElement("span");
      mark.className = "mark";
      mark.textContent = targetWords(target);
      parts.push(mark);
    }
    el.replaceChildren(...parts);
    // A long column closes up its face-up cards to fit the window, never
    // below a strip that still shows the corner.
    const up = Math.max(0, col.cards.length - 1);
    el.style.setProperty("--col-up", up > 0 ? `max(var(--up-min), min(var(--up-step), calc((${room}px - var(--card-h) - var(--down-step) * ${col.faceDown}) / ${up})))` : "var(--up-step)");
    el.style.height = `calc(${offset(col.faceDown, Math.max(0, col.cards.length - 1))} + var(--card-h))`;
  });
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

function cardEl(card, c, i, faceDown, held) {
  const el = document.createElement("div");
  el.dataset.col = c;
  el.dataset.index = i;
  el.style.top = offset(Math.min(i, faceDown), Math.max(0, i - faceDown));
  if (card === null) {
    el.className = "card down";
    el.setAttribute("aria-hidden", "true");
    return el;
  }
  const suit = suits[card[1]];
  el.className = "card" + (suit.red ? " red" : "") + (held ? " picked" : "");
  el.dataset.card = card;
  el.setAttribute("role", "button");
  el.setAttribute("aria-label", cardLabel(card));
  const corner = document.createElement("span");
  corner.className = "corner";
  corner.textContent = cardText(card);
  const pip = document.createElement("span");
  pip.className = "pip";
  pip.textContent = suit.symbol;
  corner.setAttribute("aria-hidden", "true");
  pip.setAttribute("aria-hidden", "true");
  el.append(corner, pip);
  return el;
}
