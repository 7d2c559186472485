// How a game ends, from the SDK's state after an action: the page's only
// decision about the end that is not the SDK's.

/**
 * What the page does after an action: "won" and "resigned" end the game;
 * "stuck" means nothing is legal any more but resigning (the stock is
 * empty, no card moves, undo is spent or not allowed), so the page resigns
 * for the player and the record is posted as the game really ended;
 * "undo-or-resign" means no card moves and the stock is empty but undo is
 * still possible; "" means play on.
 */
export function ending(state) {
  if (state.outcome === "won") return "won";
  if (state.outcome === "resigned") return "resigned";
  if (state.status !== "over") return "";
  return state.canUndo ? "undo-or-resign" : "stuck";
}

/** The result panel's title for an ending. */
export function endingTitle(end) {
  return { won: "Won!", resigned: "Resigned", stuck: "No more moves" }[end] ?? "";
}
