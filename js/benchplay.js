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
    const g = spider.newGame({ number: game, suits: 2, variant: "unlimited" });
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

/**
 * Where the time of one call goes, in microseconds, on one mid-game
 * position of a 2-suit game: the export alone (a call that does nothing);
 * Go writing the compact State (what state() and apply() read) and state()
 * as a whole; Go writing the JSON State, TextDecoder reading it from the
 * memory and JSON.parse, which that replaced. Reaches into the module's
 * call path (spider.api), which only this measuring does.
 */
export function parts(spider, n = 4000) {
  const g = spider.newGame({ number: 3, suits: 2, variant: "unlimited" });
  let state = g.state();
  for (let i = 0; i < 20; i++) {
    const legal = state.legal.filter((a) => a !== "x" && a !== "u");
    state = g.apply(legal[i % legal.length]);
  }
  const calls = spider.api, ex = calls.exports;
  const time = (f) => {
    const t = performance.now();
    for (let i = 0; i < n; i++) f();
    return ((performance.now() - t) * 1000) / n;
  };
  const request = (handle) => {
    const p = ex.spiderIn(4);
    new DataView(calls.memory.buffer).setInt32(p, handle, true);
  };
  request(0);
  const exportUs = time(() => ex.spiderCall(2, 4, 0)); // free(0): no such game, nothing to do
  request(g.handle);
  const compactUs = time(() => ex.spiderCall(3, 4, 1)); // state, the compact State: Go's rules and its bytes
  const goUs = time(() => ex.spiderCall(3, 4, 0)); // state, the JSON State
  const len = ex.spiderCall(3, 4, 0), at = ex.spiderOut();
  const decoder = new TextDecoder();
  const decodeUs = time(() => decoder.decode(new Uint8Array(calls.memory.buffer, at, len)));
  const text = decoder.decode(new Uint8Array(calls.memory.buffer, at, len));
  const parseUs = time(() => JSON.parse(text));
  const stateUs = time(() => g.state());
  const compactBytes = ex.spiderCall(3, 4, 1);
  g.free();
  return { exportUs, compactUs, stateUs, compactBytes, goUs, decodeUs, parseUs, bytes: len };
}
