// Times the JavaScript API: instantiating the .wasm with the first deal,
// and apply + legal, one call each, from JavaScript (medians of 5 runs),
// then where the time of a call goes.
//   node js/bench.mjs        (after go run ./cmd/wasmbuild)
import { readFile } from "node:fs/promises";
import { load } from "./index.js";
import { median, parts, play } from "./benchplay.js";

const bytes = await readFile(new URL("./dist/spider.wasm", import.meta.url));
const t0 = performance.now();
const spider = await load(bytes);
const first = spider.newGame({ code: "SP1-S4C-AAAAAAD", variant: "app" });
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
const p = parts(spider);
console.log(`state() on a mid-game position: ${p.stateUs.toFixed(1)} µs, of which Go ${p.compactUs.toFixed(1)} (the compact State, ${p.compactBytes} bytes; an export that does nothing ${p.exportUs.toFixed(2)})`);
console.log(`the same state as JSON: Go ${p.goUs.toFixed(1)} µs, TextDecoder ${p.decodeUs.toFixed(1)}, JSON.parse ${p.parseUs.toFixed(1)} (${p.bytes} bytes)`);
