// How a game ends, from the SDK's state after an action: the page's only
// decision about the end that is not the SDK's.

/** The actions that leave the table as it is: undo, hint and resign. */
const offTable = new Set(["u", "h", "x"]);

/**
 * What the page does after an action: "won", "resigned", "blocked" (the
 * rules leave no move, deal or undo: the SDK's outcome) and "time-up" (the
 * duel's clock ran out) end the game; "lost" (the free site's: the stock
 * empty and no move left) waits for an undo or a resignation, as does
 * "undo-or-resign" (no card moves and no deal is possible but undo still
 * is); "" means play on.
 */
export function ending(state) {
  if (state.outcome !== "playing") return state.outcome;
  return state.legal.some((a) => !offTable.has(a)) ? "" : "undo-or-resign";
}

/** The result panel's title for an ending. */
export function endingTitle(end) {
  return { won: "Won!", resigned: "Resigned", blocked: "No more moves", "time-up": "Out of time", lost: "Lost", "undo-or-resign": "No more moves" }[end] ?? "";
}

/**
 * The end panel's explanation of an ending: what happened and the ways
 * out the panel offers.
 */
export function endingWhy(end) {
  return {
    won: "Every run is off the table.",
    resigned: "You resigned: the game is recorded as it stands.",
    blocked: "No card can move, the stock is empty and the rules allow no undo: the game cannot go on. Replay the same cards, or start a new deal.",
    "time-up": "The time limit is reached: the game ends as it stands.",
    lost: "The stock is empty and no card can move: the game is lost. Undo the last action to try another way, replay the same cards, or start a new deal (Resign posts this game's record).",
    "undo-or-resign": "No card can move and the stock is empty. Undo the last action to try another way, replay the same cards, or start a new deal (Resign posts this game's record).",
  }[end] ?? "";
}

/** Whether an ending leaves the player stuck (the panel offers undo): nothing moves and the stock is empty. */
export function stuck(end) {
  return end === "undo-or-resign" || end === "lost" || end === "blocked";
}

/** Whether the game ends for good: everything but "lost" that is an outcome. */
export function ends(end) {
  return end === "won" || end === "resigned" || end === "blocked" || end === "time-up";
}

/** Whether action may still be played at an outcome: undo and resigning a lost game. */
export function playable(outcome, action) {
  return outcome === "playing" || (outcome === "lost" && (action === "u" || action === "x"));
}
