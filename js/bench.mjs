// Times the JavaScript API: instantiating the .wasm with the first deal,
// and apply + legal, one call each, from JavaScript. Medians of 5 runs.
//   node js/bench.mjs        (after go run ./cmd/wasmbuild)
import { readFile } from "node:fs/promises";
import { load } from "./index.js";

const bytes = await readFile(new URL("./dist/spider.wasm", import.meta.url));
const t0 = performance.now();
const spider = await load(bytes);
const first = spider.newGame({ code: "SP1-S4C-AAAAAAD", preset: "app" });
first.state();
const startMs = performance.now() - t0;

const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
// play 40 games of 100 random actions; oneCall reads the legal actions from
// apply's answer, otherwise legal() is a call of its own.
function play(oneCall) {
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
const one = [], two = [];
for (let run = 0; run < 5; run++) {
  one.push(play(true));
  two.push(play(false));
}
console.log(`instantiate + first deal: ${startMs.toFixed(1)} ms (Node ${process.versions.node})`);
console.log(`apply, its answer carrying the legal actions: ${median(one).toFixed(1)} µs a user action`);
console.log(`apply, then legal() as a second call: ${median(two).toFixed(1)} µs a user action (medians of 5 runs of 4000)`);
