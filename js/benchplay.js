// The measuring loop shared by js/bench.mjs (Node) and the web game's
// bench page (Chromium), so both measure a user action the same way.

/** The median of a list of numbers. */
export const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/**
 * Plays 40 games of up to 100 random actions and returns the microseconds a
 * user action takes: with oneCall the legal actions come in apply's answer,
 * otherwise legal() is a call of its own.
 */
export function play(spider, oneCall) {
  let calls = 0;
  const t = performance.now();
  for (let game = 0; game < 40; game++) {
    const g = spider.newGame({ number: game, suits: 2, preset: "unlimited" });
    let seed = game + 1;
    let legal = g.state().legal;
    for (let i = 0; i < 100; i++) {
      if (!oneCall) legal = g.legal();
      legal = legal.filter((a) => a !== "x");
      if (legal.length === 0) break;
      seed = (seed * 1103515245 + 12345) % 2147483648;
      legal = g.apply(legal[seed % legal.length]).legal;
      calls++;
    }
    g.free();
  }
  return ((performance.now() - t) * 1000) / calls;
}
