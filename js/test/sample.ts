// A TypeScript page using the whole API, type-checked with
// tsc --noEmit --strict (types.test.mjs): it is compiled, never run.
import { load, start, levels, SpiderError, Spider, Game, Bot } from "../index.js";
import type {
  Action, ActionKind, Card, ErrorCode, NewGameOptions, NewGameOption, NextStep, Outcome, Policy,
  Level, Report, Segment, State, Step, Suggestion, SuggestionKind, VariantName, Group, Basis,
  SuggestOrder, Finishable, Winnability, Duel,
} from "../index.js";

const spider: Spider = await load();
const other: Spider = await load(new URL("../dist/spider.wasm", import.meta.url));
declare const go: object;
declare const instance: WebAssembly.Instance;
const third: Spider = await start(go, instance);

const presets: VariantName[] = spider.variants();
const daily: string = spider.dailyCode("2026-12-01", 4, "classic");
const winnableDaily: string = spider.dailyCode({ date: "2026-12-01", suits: 2, winnable: true });
const winnableDeal: string = spider.winnableCode({ suits: 2, group: "relaxed", start: 100 });
// @ts-expect-error: winnable is a boolean
spider.dailyCode({ winnable: 1 });
const options: NewGameOptions = { code: daily, variant: "app", player: "ada", ticket: "t1.signed" };
const names: NewGameOption[] = ["code", "number", "suits", "group", "daily", "deal", "variant", "player", "ticket"];

const random: Game = spider.newGame();
const twoSuits: Game = other.newGame({ suits: 2, group: "relaxed", variant: presets[0] });
const byCode: Game = spider.newGame("SP1-S4C-AAAAAAD");
const numbered: Game = third.newGame({ number: 7, suits: 1 });
const game: Game = spider.newGame(options);
const dealt: Game = spider.newGame({ deal: { tableau: [["Ks"]], faceDown: [0], stock: [] } });
const today: Game = spider.newGame({ daily: true });

const code: string | undefined = random.code();
const state: State = game.state();
const outcome: Outcome = state.outcome;
const group: Group = state.group;
const over: boolean = game.isGameOver() || game.isWon();
const legal: Action[] = game.legal();
const forBots: Action[] = game.legal({ kinds: ["move", "deal"] });
const kinds: ActionKind[] = ["move", "deal", "flip", "undo", "hint", "resign"];
const after: State = game.apply(forBots[0], 120);
const undone: State = game.undo(80);
const untimed: State = numbered.apply("d");
const movesSoFar: number = after.counters.moves;
const takenBack: State = game.takeBack();
const plain: Action[] = game.history();
const steps: Step[] = game.history({ verbose: true });
const moved: Card[] = steps[0].cards;
const turned: Card[] = steps[0].turned;
const scoreAfter: number = steps[0].score;
const tapped: Action = game.tap(3, 4, "suit");
const segments: Segment[] = game.segments(3);
const order: SuggestOrder = "complete";
const suggestion: Suggestion = game.suggest(order);
const kind: SuggestionKind = suggestion.kind;
const next: NextStep = suggestion.next;
const advice: Suggestion = game.advise({ level: "expert", ms: 200 });
const byMs: Suggestion = game.advise(200);
const adviceLevel: Level | undefined = advice.level;
const remembered: (Card | null)[] = game.state().known[3];
const finish: Finishable = game.finishable({ positions: 100000 });
const finishVerdict: Winnability = game.finishable().winnability;
// @ts-expect-error: the budget is a number of positions
game.finishable({ positions: "many" });
const basis: Basis | undefined = advice.basis;
const allLevels: readonly Level[] = levels;
const bot: Bot = spider.newBot({ code: "SP1-S4C-AAAAAAD", variant: "duel", level: "casual" });
const botStep: { action: Action; state: State } | null = bot.step();
const text: string = game.record();
const json: string = game.record("json");

const policy: Policy = {
  variants: ["app", { name: "house", variant: "app", scoring: "base=500" }],
  deals: { codes: "daily", suits: [4], programs: [{ program: "kpat", suits: 2 }], positions: "starts" },
  claims: "all", times: true, minMs: 80, maxActions: 5000, maxBytes: 65536,
};
const report: Report = spider.verify(text, policy);
const duel: Duel = spider.duel(text, json, { policy });
const verdict: "verified" | "disputed" | "illegal" | "malformed" | "rejected" = report.verdict;
const resumed: Game = spider.resume(json);

try {
  game.apply("a>b");
} catch (e) {
  if (e instanceof SpiderError) {
    const c: ErrorCode = e.code;
    const sentence: string = e.explain;
    const reason: string = e.reason;
    if (c === "record-full" || c === "module-failed" || c === "bad-request") console.log(sentence, reason);
  }
}
const mine = new SpiderError({ code: "bad-request", message: "no such option" });

for (const g of [random, twoSuits, numbered, dealt, today, resumed, byCode]) g.free();
console.log(group, basis, adviceLevel, untimed, movesSoFar, code, outcome, over, legal, kinds, after, undone, takenBack, plain, moved, turned, scoreAfter,
  tapped, segments, kind, next, advice, verdict, names, mine, duel);

// What the types refuse: each line below is an error tsc must report.
// @ts-expect-error an unknown option name
spider.newGame({ presets: "app" });
// @ts-expect-error an unknown suit count
spider.newGame({ suits: 3 });
// @ts-expect-error an unknown tap order
game.tap(3, 4, "own");
// @ts-expect-error an unknown order
game.suggest("best");
// @ts-expect-error moves is in counters
console.log(after.moves);
// @ts-expect-error a time is a number
game.apply("d>f", "400");
// @ts-expect-error an unknown kind
game.legal({ kinds: ["castle"] });
// @ts-expect-error an unknown policy key
spider.verify(text, { claim: "all" });
// @ts-expect-error a duel's policy is an option
spider.duel(text, json, policy);
// @ts-expect-error a code no error carries
const none: ErrorCode = "no-such-code";
// @ts-expect-error games are made by newGame, not constructed
new Game();
console.log(none);
