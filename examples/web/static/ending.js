// How a game ends, from the SDK's state after an action: the page's only
// decision about the end that is not the SDK's.

/** The actions that leave the table as it is: undo, hint and resign. */
const offTable = new Set(["u", "h", "x"]);

/**
 * What the page does after an action: "won", "resigned" and "blocked" (the
 * rules leave no move, deal or undo: the SDK's outcome) end the game;
 * "undo-or-resign" means no card moves and no deal is possible but undo
 * still is; "" means play on.
 */
export function ending(state) {
  if (state.outcome !== "playing") return state.outcome;
  return state.legal.some((a) => !offTable.has(a)) ? "" : "undo-or-resign";
}

/** The result panel's title for an ending. */
export function endingTitle(end) {
  return { won: "Won!", resigned: "Resigned", blocked: "No more moves" }[end] ?? "";
}
