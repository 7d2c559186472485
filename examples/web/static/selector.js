// The segment selector: on one column, ▲ ▼ choose how many cards to take
// (only groups that move and have somewhere to go, Position.Segments), and
// every destination of that group is listed, page by page, and marked on
// the table. The panel opens next to its column and shows every face-up
// card of it in large type, the held group marked: on a dense column it is
// where the cards closed up on the table are read.
import { cardLabel, cardText, letter, suits } from "./cards.js";
import { targetWords } from "./board.js";

/** The most destination buttons a page shows; ◀ ▶ (PgUp PgDn) turn the pages. */
export const pageSize = 4;

export class Selector {
  /**
   * Opens on column `column` with its segments (game.segments), at the
   * largest group that has somewhere to go; when none has, at the longest
   * group that moves, to read the column and be told so.
   */
  constructor(column, segments, size = pageSize) {
    this.column = column;
    this.segments = segments;
    this.size = size;
    // The counts ▲ ▼ stop on: a group with no destination is skipped.
    this.stops = segments.filter((s) => s.targets.length).map((s) => s.count);
    this.count = this.stops.length ? this.stops[this.stops.length - 1] : segments.length;
    this.dest = 0;
  }
  get targets() {
    return this.segments[this.count - 1]?.targets ?? [];
  }
  /** The chosen destination, or undefined when the group has none. */
  get target() {
    return this.targets[this.dest];
  }
  /** The next larger group with somewhere to go, or undefined. */
  get larger() {
    return this.stops.find((n) => n > this.count);
  }
  /** The next smaller group with somewhere to go, or undefined. */
  get smaller() {
    return this.stops.findLast((n) => n < this.count);
  }
  more() {
    if (this.larger) (this.count = this.larger), (this.dest = 0);
  }
  fewer() {
    if (this.smaller) (this.count = this.smaller), (this.dest = 0);
  }
  left() {
    if (this.dest > 0) this.dest--;
  }
  right() {
    if (this.dest < this.targets.length - 1) this.dest++;
  }
  /** The page of destinations the chosen one is on, from 0, and how many there are. */
  get page() {
    return Math.floor(this.dest / this.size);
  }
  get pages() {
    return Math.max(1, Math.ceil(this.targets.length / this.size));
  }
  /** The destinations of the page shown, with their index in targets. */
  get shown() {
    const from = this.page * this.size;
    return this.targets.slice(from, from + this.size).map((t, k) => ({ target: t, index: from + k }));
  }
  /** Turns to the next page (or the previous one), choosing its first destination. */
  nextPage() {
    if (this.page < this.pages - 1) this.dest = (this.page + 1) * this.size;
  }
  previousPage() {
    if (this.page > 0) this.dest = (this.page - 1) * this.size;
  }
  /**
   * The sentence when the group has nowhere to go, which happens only when
   * no group of the column has: "1 card from column a has nowhere to go.",
   * or "No group from column a (1 to 3 cards) has anywhere to go." (fewer
   * cards would not help: ▲ ▼ stop only on groups that go somewhere).
   */
  nowhere() {
    const from = `column ${letter(this.column)}`;
    if (this.segments.length <= 1) return `1 card from ${from} has nowhere to go.`;
    return `No group from ${from} (1 to ${this.segments.length} cards) has anywhere to go.`;
  }
}

/**
 * Draws the selector's panel next to the column's element colEl: the
 * column's face-up cards in large type with the held group marked, ▲ ▼ when
 * there is a choice of groups, the destinations of the page and ◀ ▶ for
 * the pages. `onMove(to)` is called when a destination button is pressed.
 */
export function drawSelector(panel, sel, column, colEl, { onMove, onMore, onFewer, onPage, onClose }) {
  const n = sel.segments.length;
  const several = sel.stops.length > 1;
  const head = document.createElement("h2");
  head.textContent = `Column ${letter(sel.column)}: ${sel.count} of ${n} card${n > 1 ? "s" : ""}${several ? " (▲ ▼)" : ""}`;

  // The whole column, large: the face-down count, then each face-up card
  // from the one nearest the face-down cards to the top of the column.
  const cards = document.createElement("ol");
  cards.className = "cards";
  cards.setAttribute("aria-label", `column ${letter(sel.column)}'s face-up cards, the held ones marked`);
  if (column.faceDown) {
    const li = document.createElement("li");
    li.className = "down";
    li.textContent = `${column.faceDown} face down`;
    cards.append(li);
  }
  const held = column.cards.length - sel.count;
  column.cards.forEach((card, k) => {
    const li = document.createElement("li");
    li.className = "big" + (suits[card[1]].red ? " red" : "") + (k >= held ? " held" : "");
    li.dataset.card = card;
    li.textContent = cardText(card);
    li.setAttribute("aria-label", cardLabel(card) + (k >= held ? ", held" : ""));
    cards.append(li);
  });

  const parts = [head, cards];
  // ▲ ▼ only when the column has more than one group that goes somewhere.
  if (several) {
    const count = document.createElement("div");
    count.className = "count";
    count.append(button("▲ more", onMore, !sel.larger), button("▼ fewer", onFewer, !sel.smaller));
    parts.push(count);
  }
  const list = document.createElement("ul");
  list.setAttribute("aria-label", `destinations${sel.pages > 1 ? `, page ${sel.page + 1} of ${sel.pages}` : ""}`);
  for (const { target: t, index } of sel.shown) {
    const words = targetWords(t);
    const b = button(`${letter(t.column)}${words ? " · " + words : ""}`, () => onMove(t.column));
    b.dataset.col = t.column;
    if (index === sel.dest) b.classList.add("chosen");
    b.setAttribute("aria-pressed", String(index === sel.dest));
    const li = document.createElement("li");
    li.append(b);
    list.append(li);
  }
  parts.push(list);
  // The pages: nothing is hidden, every destination is a page away.
  if (sel.pages > 1) {
    const pages = document.createElement("div");
    pages.className = "pages";
    const where = Object.assign(document.createElement("span"), {
      textContent: `page ${sel.page + 1} of ${sel.pages} (${sel.targets.length} destinations)`,
    });
    pages.append(button("◀", () => onPage(-1), sel.page === 0, "previous page (PgUp)"), where, button("▶", () => onPage(1), sel.page === sel.pages - 1, "next page (PgDn)"));
    parts.push(pages);
  }
  const help = document.createElement("p");
  help.className = "hint";
  help.textContent = sel.targets.length
    ? `← → choose${sel.pages > 1 ? " · PgUp PgDn pages" : ""} · Enter moves · a–j to a column · Esc closes`
    : `${sel.nowhere()} · Esc closes`;
  parts.push(help, button("Close (Esc)", onClose));
  panel.replaceChildren(...parts);
  panel.dataset.col = sel.column;
  panel.hidden = false;
  place(panel, colEl);
}

// place puts the panel next to the column: on its right where the window
// has room, else on its left, else (a phone) over the table from the
// column's top, kept inside the window as far as it can be.
function place(panel, colEl) {
  const c = colEl.getBoundingClientRect();
  const gap = 12;
  panel.style.left = panel.style.top = "0px";
  const { width: w, height: h } = panel.getBoundingClientRect();
  const vw = document.documentElement.clientWidth;
  let left;
  let side;
  if (c.right + gap + w <= vw - gap) (left = c.right + gap), (side = "right");
  else if (c.left - gap - w >= gap) (left = c.left - gap - w), (side = "left");
  else (left = Math.min(Math.max(gap / 2, c.left + c.width / 2 - w / 2), vw - w - gap / 2)), (side = "over");
  const top = Math.max(gap, Math.min(c.top, innerHeight - h - gap));
  panel.style.left = `${left + scrollX}px`;
  panel.style.top = `${top + scrollY}px`;
  panel.dataset.side = side;
}

function button(text, onClick, disabled = false, title = "") {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.disabled = disabled;
  if (title) b.title = title;
  b.tabIndex = -1; // the keys drive the selector; the focus stays on the column
  b.addEventListener("click", onClick);
  return b;
}
