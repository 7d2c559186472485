// Types of @spiderkit/spider: the Go SDK compiled to WebAssembly.

/** An action in the record notation: "3a>c" (three cards from column a to c), "b>e", "d" (deal), "fa" (flip), "u", "h", "x". */
export type Action = string;

/** A card: rank (A, 2-9, T, J, Q, K) and suit (s, h, d, c): "Ks", "Th", "3d", "Ac". */
export type Card = string;

// BEGIN calls: written by go generate ./internal/calls from the table of the calls; do not edit.

/** How a game stands (spider.Outcome): the same word in Go, records, reports and here. */
export type Outcome = "playing" | "won" | "resigned" | "blocked" | "lost" | "time-up";

/** The group rule (spider.GroupRule): which runs move as one. */
export type Group = "classic" | "relaxed";

/** A suit (spider.Suit) by its letter: spades, hearts, diamonds, clubs. */
export type Suit = "s" | "h" | "d" | "c";

/** What a suggested action achieves (spider.SuggestionKind); "advice" for the advisor's action (advise). */
export type SuggestionKind = "none" | "reveal" | "empty-column" | "complete-run" | "join-suit" | "advice";

/** What to do when nothing on the table is progress (spider.NextStep). */
export type NextStep = "none" | "deal" | "fill-then-deal" | "undo" | "game-won";

/** The order of suggest() (spider.SuggestOrder): a card turned over first, or a run completed first. */
export type SuggestOrder = "reveal" | "complete";

/** The order of tap() (spider.TapOrder): a completed run first, or the group's own suit first. */
export type TapOrder = "complete" | "suit";

/** A record's form. */
export type RecordForm = "text" | "json";

/** The kinds of action (spider.Kind), as legal({kinds}) selects them and a Step names them. */
export type ActionKind = "move" | "deal" | "flip" | "undo" | "hint" | "resign";

/** The variants' names (variants() lists them): rules and scoring together. */
export type VariantName = "app" | "gratuit" | "winnable" | "unlimited" | "duel" | "microsoft" | "bicycle" | "lklynet";

/** The advisor's levels, weakest first (advisor.Levels). */
export type Level = "beginner" | "casual" | "standard" | "expert";

/** What the advisor's action rests on (advisor.Basis). */
export type Basis = "search" | "sampled" | "deal" | "hint" | "solver" | "votes" | "last-resort" | "turn" | "gain" | "lost" | "stalled" | "score";

/**
 * Why a bot resigns (advisor.Reason): "lost" (the game is proven lost and nothing raises its score),
 * "stalled" (no progress in 150 decisions), "cap" (its 1000th action), "stuck" (nothing legal), "score" (in a
 * duel, what it would play next would take its score below what resigning at once scores); "" for an action
 * that is no resignation.
 */
export type BotReason = "" | "lost" | "stalled" | "cap" | "stuck" | "score";

/** Whether a game can still be won (solve.Winnability), as finishable() says it. */
export type Winnability = "unknown" | "winnable" | "unwinnable";

/**
 * What an "unwinnable" verdict rests on (solve.Proof): "search" (every card known, every line searched),
 * "no-turn" (the stock empty and no move among the seen cards turns a face-down card over), "stranded" (the
 * stock can never be dealt); "" for the other verdicts.
 */
export type Proof = "" | "search" | "no-turn" | "stranded";

/**
 * Whether a face-down card can be turned over by moves among the seen cards (solve.Reach): "turn" (a line
 * does), "none" (no line does: with an empty stock, the game is lost), "unknown" (the budget ran out first).
 */
export type Reach = "unknown" | "turn" | "none";

/** What answered the solver site's hint (solve.HintSource). */
export type HintSource = "ranking" | "solver";

/** The verifier's verdict on a record (replay.Verdict). */
export type ReportVerdict = "verified" | "disputed" | "illegal" | "malformed" | "rejected";

/** Why a policy refused a record before replaying it (replay.RejectionKind). */
export type RejectionKind = "variant" | "deal" | "position" | "claims" | "times" | "too-fast" | "too-many-actions" | "too-large" | "outcome";

/** A check of the verifier that has something to say (replay.FindingKind). */
export type FindingKind = "actions-after-end" | "time-too-short" | "undo-used" | "hint-used";

/** A claim a record makes, which a policy may require (replay.ClaimSet's names). */
export type Claim = "score" | "moves" | "runs" | "result" | "time";

/**
 * Every code a SpiderError carries: the SDK's (spider.NewError in the Go sources), "error" for an error
 * without one, and the package's own "module-failed" (the module stopped answering).
 */
export type ErrorCode =
  | "auto-flip" | "bad-card" | "bad-code" | "bad-count" | "bad-date" | "bad-deal" | "bad-form"
  | "bad-game" | "bad-group" | "bad-level" | "bad-options" | "bad-outcome" | "bad-policy"
  | "bad-request" | "bad-setting" | "card-index" | "deal-empty" | "duplicate-key" | "empty-column"
  | "face-down" | "game-over" | "gap" | "hint-off" | "internal" | "invalid" | "lklynet-throws"
  | "malformed" | "many-records" | "mixed-suits" | "no-binary" | "no-column" | "no-deal" | "no-game"
  | "no-target" | "not-face-down" | "not-live" | "not-replayable" | "not-verified" | "not-won"
  | "notation" | "nothing-to-take-back" | "nothing-to-undo" | "on-ace" | "over-budget" | "rank"
  | "record-full" | "same-column" | "stock-empty" | "strands" | "syntax" | "time-up"
  | "timed-action" | "too-few" | "too-large" | "trailing-data" | "truncated" | "undo-deal"
  | "undo-flip" | "undo-limit" | "undo-off" | "unknown-action" | "unknown-key" | "unknown-variant"
  | "untimed-action" | "whole-column" | "wrong-layer" | "error" | "module-failed";

/** A game as a page draws it. */
export interface State {
  /** The game's code ("SP1-S4C-AAAAAAD"); absent for a game of an explicit deal. */
  code?: string;
  variant: VariantName | (string & {});
  /** The code's suit count (0 for a game of an explicit deal). */
  suits: number;
  group: Group;
  columns: Column[];
  /**
   * What the player remembers of the face-down cards: for each column, a card or null for each of its
   * face-down cards, bottom first, so that known[c][i] is card i of column c. A card is there when the player
   * has seen it before and it is face down again (turned over, then covered back by an undo); null: never
   * seen.
   */
  known: (Card | null)[][];
  stockRows: number;
  /** The suits of the runs removed, in order. */
  runs: Suit[];
  score: number;
  /**
   * How the game stands: playing, won, resigned, blocked (no move, deal or undo is legal), lost (under rules
   * that lose a game stuck with an empty stock; an undo, where allowed, takes it back to playing) or time-up
   * (under a time limit). Whether anything on the table is progress is suggest's to say.
   */
  outcome: Outcome;
  /**
   * The game's counters: the move counter players see (moves) and the actions in the record (actions) among
   * them.
   */
  counters: Counters;
  canUndo: boolean;
  canDeal: boolean;
  canHint: boolean;
  manualFlip: boolean;
  /**
   * Every legal action now: the answer of apply carries them, so that one call per user action is enough.
   */
  legal: Action[];
}

/** One column as the player sees it: how many cards are face down, then the face-up cards, bottom first. */
export interface Column {
  faceDown: number;
  cards: Card[];
}

/** A game's tallies. */
export interface Counters {
  /**
   * The move counter players see: moves and deals (unless Rules.DealNotMove), as the undo rule restores or
   * extends it.
   */
  moves: number;
  /** Actions counts every action applied, undo, hint and resign included. */
  actions: number;
  /** Deals, Flips, Undos and Hints count actions of that kind applied; undo never takes them back. */
  deals: number;
  flips: number;
  undos: number;
  hints: number;
}

/** One movable group size of a column with its destinations. */
export interface Segment {
  count: number;
  targets: Target[];
}

/** One destination of a group. */
export interface Target {
  column: number;
  completesRun: boolean;
  sameSuit: boolean;
  empty: boolean;
}

/**
 * One action of a game's history with what it did, for a page that shows the game so far: the cards it moved
 * (or dealt), the card it turned over, the suit of the run it removed, and the score after it.
 */
export interface Step {
  action: Action;
  /** The action's kind: move, deal, flip, undo, hint or resign. */
  kind: ActionKind;
  /** The cards a move moved (bottom first) or a deal dealt (column a first); empty for the other kinds. */
  cards: Card[];
  /**
   * The cards turned face up by the action (by a move's or a deal's automatic flip, or by a flip), column a
   * first.
   */
  turned: Card[];
  /** The suit ("s", "h", "d", "c") of the run the action removed; absent when none. */
  run?: Suit;
  /** The score after the action. */
  score: number;
}

/**
 * The answer of finishable: whether the game can still be won from where it stands, and the positions the
 * solver searched to say so.
 */
export interface Finishable {
  /**
   * Whether the game can still be won (solve.Winnability's word): winnable (the solver found a line, every
   * card known), unwinnable (proved) or unknown (cards unknown and no proof, or the budget ran out).
   */
  winnability: Winnability;
  /**
   * What an unwinnable answer rests on (solve.Proof's word): "search" (every card known, every line
   * searched), "no-turn" (the stock empty and no move among the seen cards turns a face-down card over),
   * "stranded" (the stock can never be dealt); "" otherwise.
   */
  proof: Proof;
  /** Positions counts the positions the search generated. */
  positions: number;
}

/**
 * The answer of botStep: the bot's action, its time, what it rests on, why it resigns, and the game's state
 * after it.
 */
export interface BotMove {
  /** The action played ("x" when the bot resigns), "" when the game was over already. */
  action: Action;
  /** The action's time in a timed game (0 in an untimed one). */
  ms: number;
  /** The advice behind it (advisor.Basis's word). */
  basis: Basis;
  /** Reason says why the bot resigns: advisor.Reason's word, "" for another action. */
  reason: BotReason;
  /** The game's state after the action. */
  state: State;
}

/**
 * The answer of turnOver: whether a face-down card can still be turned over by moves among the cards the
 * player sees, the line that does, and the positions searched to say so.
 */
export interface TurnOver {
  /** Whether a card can be turned over (solve.Reach's word): turn, none or unknown. */
  reach: Reach;
  /**
   * The shortest line of moves that turns a card over (reach turn), its last action the one that turns it;
   * empty otherwise.
   */
  line: Action[];
  /** Positions counts the positions the search generated. */
  positions: number;
}

/**
 * LiveApply's answer: replay.Step, an action accepted: its index, the score, the outcome and the time left
 * after it.
 */
export interface LiveStep {
  index: number;
  score: number;
  outcome: Outcome;
  timeLeft: number;
}

/** The calls on no game: the SDK once loaded. */
export interface Spider {
  /**
   * Starts a game: `{code}` (or the code alone), `{number, suits, group}`, `{daily, suits, group}`, `{deal}`,
   * or none of these for a random deal (a random number from `crypto/rand`; 4 suits and classic unless told),
   * under a variant (`app` by default), with `player` and `ticket` for the record's `Player` and `Ticket`
   * tags. An unknown option name or value is refused (`bad-request`, `bad-options`, or the option's own
   * code).
   */
  newGame(options?: NewGameOptions | string): Game;
  /**
   * Verifies a record under an optional host policy (a Policy, as `replay.ParsePolicy` reads it) and answers
   * the verifier's Report.
   */
  verify(record: string, policy?: Policy): Report;
  /** The variants' names: rules and scoring together, as newGame's option `variant` names them. */
  variants(): VariantName[];
  /**
   * The daily deal's code for a date (`2026-12-01`; today when left out), suit count and group rule; with
   * `winnable: true` (options given as an object), the day's winnable deal (Go's `solve.DailyWinnable`, what
   * `spider deal --daily --winnable` prints): the first deal from the day's on that the solver wins, the same
   * code for everyone on that date. Winnable is slow (a second or more): in a page, ask solve-worker.js.
   */
  dailyCode(date?: string, suits?: 1 | 2 | 4, group?: Group): string;
  dailyCode(options: { date?: string; suits?: 1 | 2 | 4; group?: Group; winnable?: boolean }): string;
  /**
   * Resumes the game a record records, at its last action, with its score, counters, undo history, times and
   * tags; a record that does not verify is refused (`not-verified`, or the decoder's code).
   */
  resume(record: string): Game;
  /**
   * The result of a duel (Go's `replay.Verifier.Duel`): two records of one deal under the same rules, judged
   * under one host policy that both must meet (none: each under its own rules), and under a clock (the duel's
   * 15 minutes) both timed; each scored on the duel's scheme.
   */
  duel(a: string, b: string, options?: { policy?: Policy }): Duel;
  /**
   * The code of the first deal from number `start` on (0, 4 suits and classic by default) that the solver
   * wins (Go's `solve.WinnableCode`, with the daily deals' budget of positions): the same code on every
   * machine. Slow, a tenth of a second to a few seconds: in a page, ask solve-worker.js.
   */
  winnableCode(options?: { suits?: 1 | 2 | 4; group?: Group; start?: number }): string;
  /**
   * Opens a game verified as it is played, under a host's policy (Go's `replay.Verifier.Live`): the record's
   * deal, rules, scoring and tags, and its actions so far; `liveApply` then verifies each action as the host
   * will. A game the policy refuses is refused (its rejection's kind as the code), as is the first action of
   * the record that is refused.
   */
  live(record: string, policy?: Policy): Game;
}

/** The calls on one game: every method is one call into the SDK. */
export interface Game {
  /** Forgets the game. */
  free(): void;
  /**
   * The game as a player sees it (State): the columns, what the player remembers of the face-down cards, the
   * stock, the runs removed, the score, the counters, the outcome, what is possible and every legal action.
   */
  state(): State;
  /**
   * Every legal action in the record notation (`d>f`, `3a>c`, `d`, `fa`, `u`, `h`, `x`); in JavaScript, with
   * `{kinds}`, only those kinds of action (`{kinds: ["move", "deal"]}` for a bot).
   */
  legal(options?: { kinds?: ActionKind[] }): Action[];
  /**
   * Plays an action in the record notation, `ms` milliseconds after the last (0 to 4294967295), and answers
   * the State after it; a refused action changes nothing and says why (its code, the rule's reason, and the
   * sentence for the player). A game keeps a time for every action or for none, as its record does: its first
   * action decides, and an action the other way is refused (`untimed-action`, `timed-action`).
   */
  apply(action: Action, ms?: number): State;
  /**
   * Where the group from card `index` (from the bottom, 0) of column `column` goes when tapped: a move, or
   * refused. `order` is `complete` (a completed run first) or `suit` (the group's own suit first); left out
   * (or ""), the variant's own (own suit first under app and winnable, a completed run first elsewhere).
   */
  tap(column: number, index: number, order?: TapOrder | ""): Action;
  /**
   * Every movable group of a column with its destinations: a drag's drop targets, or the segment selector.
   */
  segments(column: number): Segment[];
  /**
   * The assistance's suggestion (a Suggestion): a useful action, or the next step when nothing on the table
   * is progress; `order` is `reveal` (the default) or `complete`, or `solver`: the solver site's hint, which
   * sees every card, else the complete ranking, with `by` (`solver` or `ranking`) and `positions`.
   */
  suggest(order?: SuggestOrder | "solver"): Suggestion;
  /**
   * The advisor's action from what the player has seen (Go's package advisor): a Suggestion of kind `advice`,
   * with its `level` and `basis`; when nothing is legal, the assistance's suggestion. The game keeps the
   * advisor, with its plan and memory, from one call to the next. Options: `level` (`standard` by default)
   * and `ms`, the most it may take (0, the default: the level's own work, the same answer on every machine);
   * a number alone is `ms`.
   */
  advise(options?: number | { ms?: number; level?: Level }): Suggestion;
  /** The game's record, `text` or `json`: every action with its time, every claim; it verifies as it is. */
  record(form?: RecordForm): string;
  /**
   * The game's actions, oldest first, as its record has them (scored undos included, take-backs not), in the
   * notation; with `verbose`, a Step each: the cards moved or dealt, those turned over, the run removed, the
   * score after.
   */
  history(options?: { verbose?: false }): Action[];
  history(options: { verbose: true }): Step[];
  history(options?: { verbose?: boolean }): Action[] | Step[];
  /**
   * Takes the last `count` actions back (1 by default), free, as if never played: the record and the history
   * keep no trace of them (Go's `Board.Pop`), unlike the rules' undo, which is scored and recorded. Answers
   * the State after it; a game with fewer actions is refused (`nothing-to-take-back`) and left as it is.
   */
  takeBack(count?: number): State;
  /**
   * The milliseconds the game has left under its rules' time limit (the duel's clock) after its last action,
   * or -1 without a limit: a countdown shows this less the time since that action. When it runs out,
   * `apply("x", timeLeft())` ends the game at the limit (outcome `time-up`).
   */
  timeLeft(): number;
  /**
   * Whether the game can still be won from where it stands, for its player (Go's `solve.Finishable`):
   * `winnable` only when every card is known and a line is found; `unwinnable` on a proof: `search` (every
   * card known), `no-turn` (cards unseen, the stock empty, and no move among the seen cards turns a card
   * over), `stranded`; else `unknown`, and `unknown` too when the budget runs out first: never a false
   * answer. `positions` is the search's budget (300000 by default, about a second in a browser; at most
   * 5000000), so the answer is the same on every machine. Slow: in a page, call it in solve-worker.js.
   */
  finishable(options?: { positions?: number }): Finishable;
  /**
   * The milliseconds the game has taken: the sum of its actions' times (0 in a game that keeps none). A page
   * playing on from a record starts its clock there.
   */
  elapsed(): number;
  /**
   * Whether a face-down card can still be turned over by moves among the cards the player sees (Go's
   * `solve.TurnOver`), reading no hidden card: `reach` `turn`, with the shortest such `line` (its last action
   * the one that turns the card); `none`: no line does (with the stock empty, the game is lost whatever the
   * unseen cards); `unknown`: the budget of `positions` (300000 by default; at most 5000000) ran out first.
   */
  turnOver(options?: { positions?: number }): TurnOver;
  /**
   * Verifies an action of a game opened with `live`, `ms` milliseconds after the last, as the host's live
   * verifier will (Go's `replay.Live`): accepted, it is played and answered with its Step (`index`, `score`,
   * `outcome`, `timeLeft`: -1 without a limit); refused, nothing changes and the answer is the reason the
   * whole-record verifier would give (the rule's code and sentence, or the policy's rejection).
   */
  liveApply(action: Action, ms?: number): LiveStep;
}
// END calls

export interface Suggestion {
  /** Absent when nothing on the table is progress: then next says what to do. */
  action?: Action;
  kind: SuggestionKind;
  next: NextStep;
  /** With next "fill-then-deal": the move that fills the empty column before the deal ("3c>b"). */
  fill?: Action;
  /** The card at the bottom of the group the action (or the fill) moves ("Ks"): the one to highlight. */
  card?: Card;
  /** The suggestion in words: "d>f turns a card over", "no progress on the table: fill column b with K♠ (c>b), then deal". */
  text: string;
  /** With order "solver": what answered, the solver or the ranking. */
  by?: HintSource;
  /** With order "solver": the positions the solver searched. */
  positions?: number;
  /** For the advisor's suggestion (kind "advice"): its level. */
  level?: Level;
  /** For the advisor's suggestion: what it rests on (Go's advisor.Basis). */
  basis?: Basis;
}

/** The levels, weakest first. */
export const levels: readonly Level[];

/** A bot playing its own game at a level, one action at a time (Spider.newBot): Go's advisor.Bot. */
export class Bot {
  readonly game: Game;
  readonly level: Level;
  /** Each action's milliseconds in a timed game; 0: the time the bot thinks, at least 100 ms. */
  readonly pace: number;
  /**
   * Plays the bot's next action and returns it; null once the game is over. It resigns ("x") when the
   * game is proven lost and nothing raises its score, after 150 decisions without progress, with nothing
   * legal, and at its 1000th action; a timed game whose clock runs out ends at it (time-up).
   */
  step(): BotMove | null;
  /** Plays on until the game is over; returns the state then. */
  play(): State;
}

/** A deal given explicitly: ten columns bottom card first, face-down counts, the stock in dealing order. */
export interface Deal {
  tableau: Card[][];
  faceDown: number[];
  stock: Card[];
}

/**
 * Which game newGame starts: a code, or a number with suits and group, or the daily deal, or an
 * explicit deal; with none of these a random deal (4 suits and classic unless told). Any other
 * name, or a value out of these, throws SpiderError "bad-request" (or the option's own code).
 */
export interface NewGameOptions {
  code?: string;
  number?: number;
  suits?: 1 | 2 | 4;
  group?: Group;
  daily?: boolean;
  deal?: Deal;
  /** The rules and scoring: app by default. */
  variant?: VariantName;
  /** The record's Player tag. */
  player?: string;
  /** The record's Ticket tag: a server's signed ticket for the game. */
  ticket?: string;
}

/** The options' names of newGame. */
export type NewGameOption = keyof NewGameOptions;

/**
 * A variant a Policy allows: a variant's name, or a name with rules and scoring as settings texts
 * (from a variant's, when variant names one).
 */
export type PolicyVariant =
  | VariantName
  | {
      name: string;
      variant?: VariantName;
      rules?: string;
      scoring?: string;
    };

/**
 * A host's policy for verify, as replay.ParsePolicy reads it. An unknown key, or a key given twice,
 * is refused (codes "unknown-key", "duplicate-key", under "bad-policy").
 */
export interface Policy {
  variants?: PolicyVariant[];
  deals?: {
    /** "none", "all", "daily" or one game code. */
    codes?: "none" | "all" | "daily" | (string & {});
    suits?: (1 | 2 | 4)[];
    programs?: { program: string; suits?: 1 | 2 | 4 }[];
    positions?: "none" | "starts" | "any";
  };
  claims?: Claim[] | "all";
  times?: boolean;
  minMs?: number;
  maxActions?: number;
  maxBytes?: number;
  /** How a game may stand at its last action: a list, or "ended" (every outcome but "playing"). */
  outcomes?: Outcome[] | "ended";
}

/** The verifier's report, as replay.Report writes it. */
export interface Report {
  name?: string;
  verdict: ReportVerdict;
  /**
   * The stable code of the reason (absent for a verified record): the rules engine's for an illegal action,
   * the decoder's or the deal's for a malformed record, the policy's for a rejection, "disputed" for a
   * false claim or a failed check.
   */
  code?: ErrorCode | RejectionKind | "disputed";
  reason?: string;
  actions: number;
  /** What the replay recomputed; absent when the record was not replayed (malformed, rejected but for its outcome). */
  result?: { score: number; moves: number; runs: number; outcome: Outcome; timeMs: number; counters: Counters; applied: number };
  rejection?: { kind: RejectionKind; index: number; message: string };
  mismatches?: { field: string; claimed: string; actual: string }[];
  findings?: { kind: FindingKind; failure: boolean; index: number; message: string }[];
  illegal?: { index: number; action: Action; reason: string };
  error?: string;
}

/**
 * An error from the SDK: `code` is stable, `reason` the SDK's message, `explain` the sentence for
 * the player (the reason when there is none). The package makes them from the module's answers; a
 * page may make one too (from the same shape), e.g. to refuse in its own words.
 */
export class SpiderError extends Error {
  constructor(error: { code: ErrorCode; message: string; explain?: string });
  readonly name: "SpiderError";
  code: ErrorCode;
  reason: string;
  explain: string;
}

/**
 * Loads the SDK from a URL, a path or the .wasm's bytes (default: dist/spider.wasm beside the module,
 * loaded once a page). In a browser a URL is fetched and compiled at once (instantiateStreaming).
 */
export function load(source?: string | URL | ArrayBuffer | ArrayBufferView): Promise<Spider>;

/**
 * Starts spider.wasm from an instance the page made itself with `go` (a `new Go()` of wasm_exec.js)
 * and `go.importObject`: for pages that compile the module their own way.
 */
export function start(go: object, instance: WebAssembly.Instance): Promise<Spider>;

/**
 * The SDK once loaded: made by load() or start(), not by a constructor. The calls' methods are the
 * interface Spider's (written from the table of the calls).
 */
export class Spider {
  private constructor();
  /** A bot that plays a game of its own at a level ("standard" by default): a duel's opponent on the same deal. */
  newBot(options?: NewGameOptions & { level?: Level; pace?: number }): Bot;
}

/** The result of a duel (Go's replay.Duel). */
export interface Duel {
  sameDeal: boolean;
  sameRules: boolean;
  /** Each record's score on the duel's scheme, whatever its own. */
  scores: [number, number];
  /** 0: a wins, 1: b wins, -1: a tie, or no fair duel. */
  winner: 0 | 1 | -1;
  /** The verdict in words: who scored what, or why there is no winner. */
  why: string;
}

/**
 * One game: made by newGame() or resume(), not by a constructor. The calls' methods are the interface
 * Game's (written from the table of the calls).
 */
export class Game {
  private constructor();
  readonly handle: number;
  /** The game's code, undefined for a game of an explicit deal. */
  code(): string | undefined;
  /** Whether the outcome is won, resigned, blocked, lost or time-up. */
  isGameOver(): boolean;
  isWon(): boolean;
  /** The rules' undo, ms milliseconds after the last action (left out in a game that keeps no times). */
  undo(ms?: number): State;
}
