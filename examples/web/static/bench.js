// The browser targets of the WebAssembly package, measured in this page:
// instantiating the .wasm with the first deal (its bytes fetched first, and
// with the fetch), and apply + legal, one call each, from JavaScript, as
// js/bench.mjs measures them under Node. The figures go to window.figures
// and the page; examples/web/browsertest/figures takes medians over fresh
// page loads.
import { load } from "/spider/index.js";

const t0 = performance.now();
const res = await fetch("/spider/dist/spider.wasm");
const bytes = await res.arrayBuffer();
const t1 = performance.now();
const spider = await load(bytes);
const first = spider.newGame({ code: "SP1-S4C-AAAAAAD", preset: "app" });
first.state();
const t2 = performance.now();

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const perCall = [];
for (let run = 0; run < 5; run++) {
  let calls = 0;
  const t = performance.now();
  for (let game = 0; game < 40; game++) {
    const g = spider.newGame({ number: game, suits: 2, preset: "unlimited" });
    let seed = game + 1;
    for (let i = 0; i < 100; i++) {
      const legal = g.legal().filter((a) => a !== "x");
      if (legal.length === 0) break;
      seed = (seed * 1103515245 + 12345) % 2147483648;
      g.apply(legal[seed % legal.length]);
      calls++;
    }
    g.free();
  }
  perCall.push(((performance.now() - t) * 1000) / calls);
}
// legal alone, on one position, to tell the two calls' shares apart.
const one = spider.newGame({ number: 1, suits: 2, preset: "unlimited" });
const legalOnly = [];
for (let run = 0; run < 5; run++) {
  const t = performance.now();
  for (let i = 0; i < 4000; i++) one.legal();
  legalOnly.push(((performance.now() - t) * 1000) / 4000);
}
window.figures = { legalUs: median(legalOnly), startMs: t2 - t1, withFetchMs: t2 - t0, applyLegalUs: median(perCall), calls: perCall.length };
document.getElementById("out").textContent =
  `instantiate + first deal: ${(t2 - t1).toFixed(1)} ms (${(t2 - t0).toFixed(1)} ms with the fetch)\n` +
  `apply + legal: ${median(perCall).toFixed(1)} µs a call (median of 5 runs of 4000)\n` +
  `legal alone: ${median(legalOnly).toFixed(1)} µs a call\n` + navigator.userAgent;
