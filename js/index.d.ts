// Types of @spiderkit/spider: the Go SDK compiled to WebAssembly.

/** An action in the record notation: "3a>c" (three cards from column a to c), "b>e", "d" (deal), "fa" (flip), "u", "h", "x". */
export type Action = string;

/** A card: rank (A, 2-9, T, J, Q, K) and suit (s, h, d, c): "Ks", "Th", "3d", "Ac". */
export type Card = string;

// BEGIN words: written by go generate ./calls from calls.Words; do not edit.

/** How a game stands (spider.Outcome): the same word in Go, records, reports and here. */
export type Outcome = "playing" | "won" | "resigned" | "blocked" | "lost" | "time-up";

/** The group rule (spider.GroupRule): which runs move as one. */
export type Group = "classic" | "relaxed";

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
export type Basis = "search" | "sampled" | "deal" | "hint" | "solver" | "votes" | "last-resort" | "turn" | "gain" | "lost" | "stalled";

/** Whether a game can still be won (solve.Winnability), as finishable() says it. */
export type Verdict = "unknown" | "winnable" | "unwinnable";
// END words

/**
 * The order of suggest().
 * @deprecated the word is order: SuggestOrder.
 */
export type SuggestStrategy = SuggestOrder;

/**
 * A variant's name.
 * @deprecated a preset is a variant: VariantName.
 */
export type PresetName = VariantName;

/** One column as the player sees it: face-down count, then the face-up cards, bottom first. */
export interface Column {
  faceDown: number;
  cards: Card[];
}

/** A game's counters (spider.Counters). */
export interface Counters {
  /** The move counter players see: moves and deals, as the undo rule restores or extends it. */
  moves: number;
  /** Every action in the record, undo, hint and resign included. */
  actions: number;
  deals: number;
  flips: number;
  undos: number;
  hints: number;
}

/** A game as a page draws it. */
export interface State {
  code?: string;
  variant: VariantName | (string & {});
  suits: number;
  group: Group;
  columns: Column[];
  /**
   * What the player remembers of the face-down cards ("what you have seen"): one list a column, a
   * card or null for each of its face-down cards, bottom first, so `known[c][i]` is card `i` of column
   * `c` (`known[c].length === columns[c].faceDown`). A card is there when the player has seen it before
   * and it is face down again: turned over, then covered back by an undo. null: never seen.
   */
  known: (Card | null)[][];
  stockRows: number;
  /** The suits of the runs removed, in order: "s", "h", "d", "c". */
  runs: string[];
  score: number;
  /**
   * blocked: no move, deal or undo is legal, the game cannot go on; lost: under rules that lose a game
   * stuck with an empty stock (the gratuit variant), no move is left, and an undo, where allowed, takes
   * it back to playing. Whether anything on the table is progress is suggest()'s to say.
   */
  outcome: Outcome;
  counters: Counters;
  canUndo: boolean;
  canDeal: boolean;
  canHint: boolean;
  manualFlip: boolean;
  /** Every legal action now: apply's answer carries them, so one call per user action is enough. */
  legal: Action[];
}

export interface Target {
  column: number;
  completesRun: boolean;
  sameSuit: boolean;
  empty: boolean;
}

export interface Segment {
  count: number;
  targets: Target[];
}

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
  by?: "solver" | "ranking";
  /** With order "solver": the positions the solver searched. */
  positions?: number;
  /** For the advisor's suggestion (kind "advice"): its level. */
  level?: Level;
  /** For the advisor's suggestion: what it rests on (Go's advisor.Basis). */
  basis?: Basis;
}

/**
 * What an "unwinnable" verdict rests on (Go's solve.Proof): "search" (every card known, every line
 * searched), "no-turn" (the stock empty and no move among the seen cards turns a face-down card over),
 * "stranded" (the stock can never be dealt); "" for the other verdicts.
 */
export type Proof = "" | "search" | "no-turn" | "stranded";

/** What finishable() answers. */
export interface Finishable {
  verdict: Verdict;
  /** What an "unwinnable" verdict rests on. */
  proof: Proof;
  /** The positions the search generated. */
  positions: number;
}

/** The levels, weakest first. */
export const levels: readonly Level[];

/** What a bot resigns for: "lost", "stalled", "cap", "stuck"; "" for an action that is not a resignation. */
export type BotReason = "" | "lost" | "stalled" | "cap" | "stuck";

/** A bot's action (Bot.step). */
export interface BotMove {
  /** The action; "x" when the bot resigns. */
  action: Action;
  /** Its time in a timed game, in milliseconds (0 in an untimed game). */
  ms: number;
  /** The advice it rests on. */
  basis: Basis;
  /** Why it resigns ("" for another action). */
  reason: BotReason;
  /** The state after it. */
  state: State;
}

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
  /** @deprecated a preset is a variant: use variant. */
  preset?: VariantName;
  /** The record's Player tag. */
  player?: string;
  /** The record's Ticket tag: a server's signed ticket for the game. */
  ticket?: string;
}

/** The options' names of newGame. */
export type NewGameOption = keyof NewGameOptions;

/** One action of history({verbose: true}) with what it did. */
export interface Step {
  action: Action;
  kind: ActionKind;
  /** The cards a move moved (bottom first) or a deal dealt (column a first); empty for the other kinds. */
  cards: Card[];
  /** The cards the action turned face up, column a first. */
  turned: Card[];
  /** The suit ("s", "h", "d", "c") of the run the action removed; absent when none. */
  run?: "s" | "h" | "d" | "c";
  /** The score after the action. */
  score: number;
}

/**
 * A variant a Policy allows: a variant's name, or a name with rules and scoring as settings texts
 * (from a variant's, when variant names one).
 */
export type PolicyVariant =
  | VariantName
  | {
      name: string;
      variant?: VariantName;
      /** @deprecated a preset is a variant: use variant. */
      preset?: VariantName;
      rules?: string;
      scoring?: string;
    };

/** A claim a record must make. */
export type Claim = "score" | "moves" | "runs" | "result" | "time";

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

/** Why a policy refused a record: before replaying it, or for its outcome after (replay.RejectionKind). */
export type RejectionKind = "variant" | "deal" | "position" | "claims" | "times" | "too-fast" | "too-many-actions" | "too-large" | "outcome";

/** The verifier's report, as replay.Report writes it. */
export interface Report {
  name?: string;
  verdict: "verified" | "disputed" | "illegal" | "malformed" | "rejected";
  reason?: string;
  actions: number;
  /** What the replay recomputed; absent when the record was not replayed (malformed, rejected but for its outcome). */
  result?: { score: number; moves: number; runs: number; outcome: Outcome; timeMs: number; counters: Counters; applied: number };
  rejection?: { kind: RejectionKind; index: number; message: string };
  mismatches?: { field: string; claimed: string; actual: string }[];
  findings?: { kind: string; failure: boolean; index: number; message: string }[];
  illegal?: { index: number; action: Action; reason: string };
  error?: string;
}

/**
 * Every code a SpiderError carries: the SDK's (spider.NewError in the Go sources), "error" for an
 * error without one, and the package's own "module-failed" (the module stopped answering).
 */
export type ErrorCode =
  | "auto-flip" | "bad-card" | "bad-code" | "bad-count" | "bad-date" | "bad-deal" | "bad-form"
  | "bad-game" | "bad-group" | "bad-level" | "bad-options" | "bad-outcome" | "bad-policy" | "bad-request"
  | "bad-setting" | "many-records"
  | "card-index" | "deal-empty" | "duplicate-key" | "empty-column" | "face-down" | "game-over" | "gap"
  | "hint-off" | "internal" | "interrupted" | "invalid" | "malformed" | "mixed-suits" | "no-binary"
  | "no-column" | "no-deal" | "no-game" | "no-target" | "not-face-down" | "not-replayable"
  | "not-verified" | "not-won" | "notation" | "nothing-to-take-back" | "nothing-to-undo" | "on-ace"
  | "over-budget" | "rank" | "record-full" | "same-column" | "stock-empty" | "strands" | "syntax"
  | "timed-action" | "too-few" | "too-large" | "truncated" | "undo-deal" | "undo-flip" | "undo-limit"
  | "undo-off" | "unknown-action" | "unknown-key" | "unknown-variant" | "untimed-action" | "wrong-layer"
  | "whole-column" | "time-up"
  | "error" | "module-failed";

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

/** The SDK once loaded: made by load() or start(), not by a constructor. */
export class Spider {
  private constructor();
  /**
   * A random deal without options, the deal of a code given alone ("SP1-S4C-AAAAAAD"); throws SpiderError
   * "bad-request" or "bad-options" for an unknown option name or value.
   */
  newGame(options?: NewGameOptions | string): Game;
  /** A bot that plays a game of its own at a level ("standard" by default): a duel's opponent on the same deal. */
  newBot(options?: NewGameOptions & { level?: Level; pace?: number }): Bot;
  /** The game a record (text or JSON) records, at its last action, with its score, undo history and times; throws a SpiderError when the record does not verify. */
  resume(record: string): Game;
  /** The variants' names: rules and scoring together. */
  variants(): VariantName[];
  /** @deprecated a preset is a variant: variants(). */
  presets(): VariantName[];
  /** The daily deal's code for a date ("2026-12-01"; today when left out), suit count and group rule. */
  dailyCode(date?: string, suits?: 1 | 2 | 4, group?: Group): string;
  /**
   * The same with options; winnable: true gives the day's winnable deal (Go's solve.DailyWinnable, what
   * `spider deal --daily --winnable` prints): the first deal from the day's on that the solver wins, the
   * same for everyone. Winnable is slow (a second or more): in a page, ask solve-worker.js.
   */
  dailyCode(options: { date?: string; suits?: 1 | 2 | 4; group?: Group; winnable?: boolean }): string;
  /**
   * The code of the first deal from number start on (0 by default) with a suit count (4) and group rule
   * (classic) that the solver wins within the daily deals' budget of positions: the same code on every
   * machine. Slow (a second or more): in a page, ask solve-worker.js.
   */
  winnableCode(options?: { suits?: 1 | 2 | 4; group?: Group; start?: number }): string;
  verify(record: string, policy?: Policy): Report;
  /**
   * The result of a duel: two records of one deal, judged under one policy that both must meet (none:
   * each under its own rules; under a clock both must be timed), each scored on the duel's scheme.
   */
  duel(a: string, b: string, options?: { policy?: Policy }): Duel;
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

/** One game: made by newGame() or resume(), not by a constructor. */
export class Game {
  private constructor();
  readonly handle: number;
  state(): State;
  /** The game's code, undefined for a game of an explicit deal. */
  code(): string | undefined;
  /** Whether the outcome is won, resigned, blocked, lost or time-up. */
  isGameOver(): boolean;
  isWon(): boolean;
  /** Every legal action; with {kinds}, only those kinds ({kinds: ["move", "deal"]} for a bot). */
  legal(options?: { kinds?: ActionKind[] }): Action[];
  /** The record's actions (scored undos included, take-backs not); with {verbose: true}, a Step each. */
  history(options?: { verbose?: false }): Action[];
  history(options: { verbose: true }): Step[];
  history(options?: { verbose?: boolean }): Action[] | Step[];
  /**
   * Takes the last action back, free, as if it had never been played: the record and the history
   * keep no trace of it (Go's Board.Pop). undo() is the rules' undo, scored and kept in the record.
   */
  takeBack(count?: number): State;
  /**
   * Plays an action, ms milliseconds after the last (a whole number, 0 to 4294967295). A game keeps a
   * time for every action or for none, as its record does: its first action decides, and an action the
   * other way throws "untimed-action" or "timed-action". Throws SpiderError when the action is refused;
   * nothing changes then.
   */
  apply(action: Action, ms?: number): State;
  /** The rules' undo, ms milliseconds after the last action (left out in a game that keeps no times). */
  undo(ms?: number): State;
  /** Where a tapped group goes; order left out (or ""): the variant's own (own suit first under app and winnable). */
  tap(column: number, index: number, order?: TapOrder | ""): Action;
  segments(column: number): Segment[];
  suggest(order?: SuggestOrder | "solver"): Suggestion;
  /** Milliseconds left under the rules' time limit after the last action, -1 without one. */
  timeLeft(): number;
  /** The milliseconds the game has taken: the sum of its actions' times (0 in a game that keeps none). */
  elapsed(): number;
  /**
   * Whether the game can still be won from where it stands (Go's solve.Finishable): "winnable" only
   * when every card is known and a line is found; "unwinnable" on a proof (proof says which): with
   * cards unknown too, when the stock is empty and no move among the seen cards turns a card over ("no
   * card can be turned over from here"); else "unknown", and "unknown" when the budget of positions
   * (300000 by default, about a second; 1 to 5000000, else "bad-request") runs out. The same answer on
   * every machine. Slow: in a page, call it in solve-worker.js.
   */
  finishable(options?: { positions?: number }): Finishable;
  /**
   * The advisor's action from what the player has seen: kind "advice", with its level and basis.
   * {level}: "standard" by default; {ms}: the most it may take (0, the default: the level's own work).
   * A number alone is ms.
   */
  advise(options?: number | { level?: Level; ms?: number }): Suggestion;
  record(form?: RecordForm): string;
  free(): void;
}
