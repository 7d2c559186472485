// The segment selector: on one column, ▲ ▼ choose how many cards to take
// (only groups that really move, Position.Segments), and every destination
// of that group is listed and marked on the table.
import { cardText, letter } from "./cards.js";
import { targetWords } from "./board.js";

export class Selector {
  /** Opens on column `column` with its segments (game.segments), at the largest group that has somewhere to go. */
  constructor(column, segments) {
    this.column = column;
    this.segments = segments;
    this.count = 1;
    for (const s of segments) if (s.targets.length) this.count = s.count;
    this.dest = 0;
  }
  get targets() {
    return this.segments[this.count - 1].targets;
  }
  /** The chosen destination, or undefined when the group has none. */
  get target() {
    return this.targets[this.dest];
  }
  more() {
    if (this.count < this.segments.length) (this.count++, (this.dest = 0));
  }
  fewer() {
    if (this.count > 1) (this.count--, (this.dest = 0));
  }
  left() {
    if (this.dest > 0) this.dest--;
  }
  right() {
    if (this.dest < this.targets.length - 1) this.dest++;
  }
  /**
   * The sentence when the group has nowhere to go: "1 card from column a
   * has nowhere to go.", or with more cards "3 cards from column a have
   * nowhere to go: ▼ takes fewer." (one card cannot be fewer).
   */
  nowhere() {
    const from = `column ${letter(this.column)}`;
    if (this.count === 1) return `1 card from ${from} has nowhere to go.`;
    return `${this.count} cards from ${from} have nowhere to go: ▼ takes fewer.`;
  }
}

/** Draws the selector's panel; `onMove(to)` is called when a destination button is pressed. */
export function drawSelector(panel, sel, column, { onMove, onMore, onFewer, onClose }) {
  const cards = column.cards.slice(column.cards.length - sel.count).map(cardText).join(" ");
  const head = document.createElement("h2");
  const several = sel.segments.length > 1;
  head.textContent = `Column ${letter(sel.column)}: ${sel.count} of ${sel.segments.length} card${several ? "s" : ""}${several ? " (▲ ▼)" : ""}`;
  const count = document.createElement("div");
  count.className = "count";
  // ▲ ▼ only when the column has more than one group to choose from.
  if (several) count.append(button("▲ more", onMore, sel.count >= sel.segments.length), button("▼ fewer", onFewer, sel.count <= 1));
  count.append(Object.assign(document.createElement("span"), { textContent: cards, className: "held" }));
  const list = document.createElement("ul");
  list.setAttribute("aria-label", "destinations");
  sel.targets.forEach((t, i) => {
    const words = targetWords(t);
    const b = button(`${letter(t.column)}${words ? " · " + words : ""}`, () => onMove(t.column));
    b.dataset.col = t.column;
    if (i === sel.dest) b.classList.add("chosen");
    b.setAttribute("aria-pressed", String(i === sel.dest));
    const li = document.createElement("li");
    li.append(b);
    list.append(li);
  });
  const help = document.createElement("p");
  help.className = "hint";
  help.textContent = sel.targets.length
    ? "← → choose · Enter moves · a–j to a column · Esc closes"
    : sel.count > 1
      ? "nowhere to go with these cards: ▼ takes fewer · Esc closes"
      : "nowhere to go with this card · Esc closes";
  panel.replaceChildren(head, count, list, help, button("Close (Esc)", onClose));
  panel.hidden = false;
}

function button(text, onClick, disabled = false) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.disabled = disabled;
  b.tabIndex = -1; // the keys drive the selector; the focus stays on the column
  b.addEventListener("click", onClick);
  return b;
}
