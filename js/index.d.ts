// Types of @spiderkit/spider: the Go SDK compiled to WebAssembly.

/** An action in the record notation: "3a>c" (three cards from column a to c), "b>e", "d" (deal), "fa" (flip), "u", "h", "x". */
export type Action = string;

/** A card: rank (A, 2-9, T, J, Q, K) and suit (s, h, d, c): "Ks", "Th", "3d", "Ac". */
export type Card = string;

/** One column as the player sees it: face-down count, then the face-up cards, bottom first. */
export interface Column {
  faceDown: number;
  cards: Card[];
}

export interface Counters {
  moves: number;
  actions: number;
  deals: number;
  flips: number;
  undos: number;
  hints: number;
}

/** A game as a page draws it. */
/** How a game stands, the same word in Go (spider.Outcome), records, reports and here. */
export type Outcome = "playing" | "won" | "resigned" | "blocked";

export interface State {
  code?: string;
  variant: string;
  suits: number;
  group: "classic" | "relaxed";
  columns: Column[];
  stockRows: number;
  /** The suits of the runs removed, in order: "s", "h", "d", "c". */
  runs: string[];
  score: number;
  moves: number;
  /** blocked: no move, deal or undo is legal, the game cannot go on. Whether anything on the table is progress is suggest()'s to say. */
  outcome: Outcome;
  counters: Counters;
  canUndo: boolean;
  canDeal: boolean;
  canHint: boolean;
  actions: number;
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
  /** What the action achieves; "advice" for the advisor's action (advise). */
  kind: "none" | "reveal" | "empty-column" | "complete-run" | "join-suit" | "advice";
  next: "none" | "deal" | "fill-then-deal" | "undo" | "game-won";
  /** With next "fill-then-deal": the move that fills the empty column before the deal ("3c>b"). */
  fill?: Action;
  /** The card at the bottom of the group the action (or the fill) moves ("Ks"): the one to highlight. */
  card?: Card;
  /** The hint in words: "d>f turns a card over", "no progress on the table: fill column b with K♠ (c>b), then deal". */
  text: string;
}

/** A deal given explicitly: ten columns bottom card first, face-down counts, the stock in dealing order. */
export interface Deal {
  tableau: Card[][];
  faceDown: number[];
  stock: Card[];
}

export interface NewGameOptions {
  code?: string;
  number?: number;
  suits?: 1 | 2 | 4;
  group?: "classic" | "relaxed";
  daily?: boolean;
  deal?: Deal;
  /** app (default), gratuit, winnable, unlimited, duel, microsoft, lklynet. */
  preset?: string;
  player?: string;
}

/** The verifier's report, as replay.Report writes it. */
export interface Report {
  name?: string;
  verdict: "verified" | "disputed" | "illegal" | "malformed" | "rejected";
  reason?: string;
  actions: number;
  /** What the replay recomputed; absent when the record was not replayed (malformed, rejected). */
  result?: { score: number; moves: number; runs: number; outcome: Outcome; timeMs: number; counters: Counters; applied: number };
  rejection?: { kind: string; index: number; message: string };
  mismatches?: { field: string; claimed: string; actual: string }[];
  findings?: { kind: string; failure: boolean; index: number; message: string }[];
  illegal?: { index: number; action: Action; reason: string };
  error?: string;
}

/** An error from the SDK: `code` is stable ("rank", "face-down", "deal-empty", ...), `explain` the sentence for the player. */
export class SpiderError extends Error {
  code: string;
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

export class Spider {
  newGame(options?: NewGameOptions): Game;
  /** The game a record (text or JSON) records, at its last action, with its score, undo history and times; throws a SpiderError when the record does not verify. */
  resume(record: string): Game;
  presets(): string[];
  dailyCode(date?: string, suits?: number, group?: string): string;
  verify(record: string, policy?: object): Report;
}

export class Game {
  readonly handle: number;
  state(): State;
  legal(): Action[];
  /** Throws SpiderError when the action is refused; nothing changes then. */
  apply(action: Action, ms?: number): State;
  undo(ms?: number): State;
  tap(column: number, index: number, order?: "complete" | "suit"): Action;
  segments(column: number): Segment[];
  suggest(strategy?: "reveal" | "complete"): Suggestion;
  /** The advisor's action from what the player has seen, within about ms milliseconds (default 500; 0: its own budget). */
  advise(ms?: number): Suggestion;
  record(form?: "text" | "json"): string;
  free(): void;
}
