// Mouse and touch on the table: a tap (or, as an option, a double-click)
// on a card, a hold or a right-click on a column, and drag and drop. The
// page says what each gesture does through the callbacks.

const holdMs = 550; // a press this long without moving opens the selector
const dragPx = 6; // a press that moves this far is a drag

/**
 * Listens on the board. cb: tap(c, i), hold(c), dragStart(c, i) → true to
 * drag, drop(c, i, to) (to is -1 off the table), dragEnd(), doubleClick() →
 * whether taps need a double-click, press(c) → true when the press is
 * used up by the page (the selector's own clicks).
 */
export function listen(board, cb) {
  let press = null; // {c, i, x, y, timer, drag, ghost}
  const cancel = () => {
    if (!press) return;
    clearTimeout(press.timer);
    press.ghost?.remove();
    if (press.drag) cb.dragEnd();
    press = null;
  };
  board.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    const col = e.target.closest(".column");
    if (!col) return;
    const c = Number(col.dataset.col);
    if (cb.press(c)) return;
    const card = e.target.closest(".card:not(.down)");
    const i = card ? Number(card.dataset.index) : -1;
    press = { c, i, x: e.clientX, y: e.clientY, drag: false, held: false, ghost: null };
    press.timer = setTimeout(() => {
      if (press && !press.drag) {
        press.held = true;
        cb.hold(c);
      }
    }, holdMs);
    board.setPointerCapture(e.pointerId);
  });
  board.addEventListener("pointermove", (e) => {
    if (!press || press.held || press.i < 0) return;
    if (!press.drag) {
      if (Math.hypot(e.clientX - press.x, e.clientY - press.y) < dragPx) return;
      clearTimeout(press.timer);
      if (!cb.dragStart(press.c, press.i)) return cancel();
      press.drag = true;
      press.ghost = ghost(board, press.c, press.i);
    }
    press.ghost.style.transform = `translate(${e.clientX - press.x}px, ${e.clientY - press.y}px)`;
  });
  board.addEventListener("pointerup", (e) => {
    if (!press) return;
    const { c, i, drag, held, ghost: g } = press;
    clearTimeout(press.timer);
    press = null;
    if (drag) {
      g.remove();
      const under = document.elementFromPoint(e.clientX, e.clientY)?.closest(".column");
      const to = under ? Number(under.dataset.col) : -1;
      cb.dragEnd();
      cb.drop(c, i, to); // to === c too: "placement auto" sends cards dropped back on their column
      return;
    }
    if (!held && i >= 0 && !cb.doubleClick()) cb.tap(c, i);
    else if (!held && i < 0 && board.querySelector(`.column[data-col="${c}"] .card.down`)) cb.flip(c); // its face-down top card
  });
  board.addEventListener("pointercancel", cancel);
  board.addEventListener("dblclick", (e) => {
    // The pointer capture makes the board the event's target: find the card under the pointer.
    const card = document.elementFromPoint(e.clientX, e.clientY)?.closest(".card:not(.down)");
    if (card && cb.doubleClick()) cb.tap(Number(card.dataset.col), Number(card.dataset.index));
  });
  board.addEventListener("contextmenu", (e) => {
    const col = e.target.closest(".column");
    if (!col) return;
    e.preventDefault();
    cancel();
    cb.hold(Number(col.dataset.col));
  });
}

// ghost copies the cards from index i of column c to follow the pointer.
function ghost(board, c, i) {
  const col = board.querySelector(`.column[data-col="${c}"]`);
  const cards = [...col.querySelectorAll(".card")].filter((el) => Number(el.dataset.index) >= i);
  const first = cards[0].getBoundingClientRect();
  const g = document.createElement("div");
  g.className = "drag-ghost";
  g.style.setProperty("--col-up", col.style.getPropertyValue("--col-up")); // the corners as large as on the table
  g.style.left = `${first.left}px`;
  g.style.top = `${first.top}px`;
  for (const el of cards) {
    const r = el.getBoundingClientRect();
    const copy = el.cloneNode(true);
    copy.style.top = `${r.top - first.top}px`;
    copy.removeAttribute("role");
    g.append(copy);
    el.classList.add("dragging");
  }
  g.setAttribute("aria-hidden", "true");
  document.body.append(g);
  return g;
}
