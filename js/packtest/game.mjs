// A short game through the installed package: the suggested actions until
// there is none on the table, then the record, verified. The Node script and
// the bundled page both run it; the test copies it into the fresh project.
import { load } from "@spiderkit/spider";

/** Plays the deal, records it and verifies the record; resolves to what the test compares. */
export async function play() {
  const spider = await load(); // dist/spider.wasm beside the module: no setting
  const game = spider.newGame({ code: "SP1-S4C-AAAAAAD", preset: "app" });
  for (let i = 0; i < 20; i++) {
    const hint = game.suggest();
    if (!hint.action) break;
    game.apply(hint.action, 400);
  }
  const state = game.state();
  const report = spider.verify(game.record("text"), { variants: ["app"], deals: { codes: "all" }, claims: "all", times: true });
  return { actions: state.counters.actions, score: state.score, verdict: report.verdict, verifiedScore: report.result.score };
}
