// Written by go generate ./internal/calls from the table of calls.Calls and the
// words of calls.Words (internal/calls/ops.go, internal/calls/words.go); do not edit.

/** The calls by name, numbered as calls.Op numbers them; beside each, its arguments and answer. */
export const ops = Object.freeze({
  newGame: 1, // options (JSON: an object, or a game code as a string) -> handle
  free: 2, // handle -> true
  state: 3, // handle -> State
  legal: 4, // handle -> actions
  apply: 5, // handle, action (the record notation)[, ms (milliseconds since the last action; none in a game that keeps no times)] -> State
  tap: 6, // handle, column, index, order (complete or suit) -> action
  segments: 7, // handle, column -> segments
  suggest: 8, // handle, order (reveal, complete or solver) -> Suggestion
  advise: 9, // handle, ms (0: no bound)[, level] -> Suggestion
  record: 10, // handle, form (text or json) -> record
  verify: 11, // record, policy (JSON, "" for none) -> report
  variants: 12, // -> names
  dailyCode: 13, // date (YYYY-MM-DD), suits, group[, winnable (0 or 1: the day's winnable deal)] -> code
  stateCompact: 14, // handle -> State, compact
  applyCompact: 15, // handle, action (the record notation)[, ms (milliseconds since the last action; none in a game that keeps no times)] -> State, compact
  resume: 16, // record (text or JSON) -> handle
  history: 17, // handle, verbose (0 or 1) -> actions, or Steps
  takeBack: 18, // handle[, count (how many actions, 1 by default)] -> State, compact
  duel: 19, // a (a record), b (a record)[, policy (JSON, "" for none; both records must meet it)] -> Duel
  timeLeft: 20, // handle -> milliseconds, or -1 without a limit
  finishable: 21, // handle[, positions (0: the default, 300000; at most 5000000)] -> Finishable
  winnableCode: 22, // suits, group, start (a deal number in decimal) -> code
  elapsed: 23, // handle -> milliseconds
  botStep: 24, // handle, level ("" for standard)[, pace (each action's milliseconds; 0: the time the bot thinks)] -> BotMove
});

/** How a game stands (spider.Outcome): the same word in Go, records, reports and here. */
export const outcomeWords = Object.freeze(["playing", "won", "resigned", "blocked", "lost", "time-up"]);

/** The group rule (spider.GroupRule): which runs move as one. */
export const groupWords = Object.freeze(["classic", "relaxed"]);

/** What a suggested action achieves (spider.SuggestionKind); "advice" for the advisor's action (advise). */
export const suggestionKindWords = Object.freeze(["none", "reveal", "empty-column", "complete-run", "join-suit", "advice"]);

/** What to do when nothing on the table is progress (spider.NextStep). */
export const nextStepWords = Object.freeze(["none", "deal", "fill-then-deal", "undo", "game-won"]);

/** The order of suggest() (spider.SuggestOrder): a card turned over first, or a run completed first. */
export const suggestOrderWords = Object.freeze(["reveal", "complete"]);

/** The order of tap() (spider.TapOrder): a completed run first, or the group's own suit first. */
export const tapOrderWords = Object.freeze(["complete", "suit"]);

/** A record's form. */
export const recordFormWords = Object.freeze(["text", "json"]);

/** The kinds of action (spider.Kind), as legal({kinds}) selects them and a Step names them. */
export const actionKindWords = Object.freeze(["move", "deal", "flip", "undo", "hint", "resign"]);

/** The variants' names (variants() lists them): rules and scoring together. */
export const variantNameWords = Object.freeze(["app", "gratuit", "winnable", "unlimited", "duel", "microsoft", "bicycle", "lklynet"]);

/** The advisor's levels, weakest first (advisor.Levels). */
export const levelWords = Object.freeze(["beginner", "casual", "standard", "expert"]);

/** What the advisor's action rests on (advisor.Basis). */
export const basisWords = Object.freeze(["search", "sampled", "deal", "hint", "solver", "votes", "last-resort", "turn", "gain", "lost", "stalled"]);

/** Whether a game can still be won (solve.Winnability), as finishable() says it. */
export const verdictWords = Object.freeze(["unknown", "winnable", "unwinnable"]);
