// The browser targets of the WebAssembly package, measured in this page
// with performance.now: instantiate + the first deal, phase by phase (the
// .wasm's bytes fetched first, then compiled and instantiated, as load()
// in js/index.js does), and a user action from JavaScript: apply with the
// legal actions in its answer, and apply then legal() as two calls,
// as js/bench.mjs measures them under Node. The figures go to
// window.figures and the page; examples/web/browsertest/figures takes
// medians over fresh browsers.
import "/spider/dist/wasm_exec.js";
import { start } from "/spider/index.js";
import { median, play } from "/spider/benchplay.js";

const go = new globalThis.Go();
const t0 = performance.now();
const bytes = await (await fetch("/spider/dist/spider.wasm")).arrayBuffer();
const fetched = performance.now();
const module = await WebAssembly.compile(bytes);
const compiled = performance.now();
const instance = await WebAssembly.instantiate(module, go.importObject);
const instantiated = performance.now();
const spider = await start(go, instance); // the Go runtime and the SDK's package init
const ran = performance.now();
const first = spider.newGame({ code: "SP1-S4C-AAAAAAD", variant: "app" });
first.state();
const dealt = performance.now();

const perCall = [], oneCall = [];
for (let run = 0; run < 5; run++) {
  perCall.push(play(spider, false));
  oneCall.push(play(spider, true));
}
// legal alone, on one position, to tell the two calls' shares apart.
const one = spider.newGame({ number: 1, suits: 2, variant: "unlimited" });
const legalOnly = [];
for (let run = 0; run < 5; run++) {
  const t = performance.now();
  for (let i = 0; i < 4000; i++) one.legal();
  legalOnly.push(((performance.now() - t) * 1000) / 4000);
}
window.figures = {
  startMs: dealt - fetched, // from the bytes to the first deal's state
  withFetchMs: dealt - t0,
  compileMs: compiled - fetched,
  instantiateMs: instantiated - compiled,
  runMs: ran - instantiated,
  dealMs: dealt - ran,
  applyLegalUs: median(perCall),
  legalUs: median(legalOnly),
  applyOneUs: median(oneCall),
};
document.getElementById("out").textContent = JSON.stringify(window.figures, null, 1) + "\n" + navigator.userAgent;
