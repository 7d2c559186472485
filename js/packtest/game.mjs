// A short game through the installed package: the suggested actions until
// there is none on the table, then the record, verified; then long strings
// (a record of 20,000 actions, a megabyte of junk) and 20,000 more actions
// in the same module, which once crashed Node 20. The Node script and the
// bundled page both run it; the test copies it into the fresh project.
import { load } from "@spiderkit/spider";

/** Plays the deal, records it and verifies the record; resolves to what the test compares. */
export async function play() {
  const spider = await load(); // dist/spider.wasm beside the module: no setting
  const game = spider.newGame({ code: "SP1-S4C-AAAAAAD", variant: "app" });
  for (let i = 0; i < 20; i++) {
    const next = game.suggest();
    if (!next.action) break;
    game.apply(next.action, 400);
  }
  const state = game.state();
  const report = spider.verify(game.record("text"), { variants: ["app"], deals: { codes: "all" }, claims: "all", times: true });
  const play = (g, n) => {
    for (let i = 0; i < n; i++) g.apply(i % 2 === 0 ? "d>f" : "u");
    return g.state().counters.actions;
  };
  const long = spider.newGame({ code: "SP1-S4C-AAAAAAD", variant: "unlimited" });
  play(long, 20000);
  const longVerdict = spider.verify(long.record()).verdict;
  const junkVerdict = spider.verify("x".repeat(1 << 20)).verdict;
  const more = play(spider.newGame({ code: "SP1-S4C-AAAAAAD", variant: "unlimited" }), 20000);
  return { actions: state.counters.actions, score: state.score, verdict: report.verdict, verifiedScore: report.result.score, longVerdict, junkVerdict, more };
}
