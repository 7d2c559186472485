// Times the JavaScript API: instantiating the .wasm with the first deal,
// and apply + legal, one call each, from JavaScript. Medians of 5 runs.
//   node js/bench.mjs        (after go run ./cmd/wasmbuild)
import { readFile } from "node:fs/promises";
import { load } from "./index.js";
import { median, play } from "./benchplay.js";

const bytes = await readFile(new URL("./dist/spider.wasm", import.meta.url));
const t0 = performance.now();
const spider = await load(bytes);
const first = spider.newGame({ code: "SP1-S4C-AAAAAAD", preset: "app" });
first.state();
const startMs = performance.now() - t0;

const one = [], two = [];
for (let run = 0; run < 5; run++) {
  one.push(play(spider, true));
  two.push(play(spider, false));
}
console.log(`instantiate + first deal: ${startMs.toFixed(1)} ms (Node ${process.versions.node})`);
console.log(`apply, its answer carrying the legal actions: ${median(one).toFixed(1)} µs a user action`);
console.log(`apply, then legal() as a second call: ${median(two).toFixed(1)} µs a user action (medians of 5 runs of 4000)`);
